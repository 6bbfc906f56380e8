"""The built-in items a task's declarations make: which tiers have them, and each item's public
name, in collection order.

`plugin.collection` makes the pytest items (name and check function); the feedback's leak guard
(`outputs.leakguard`) needs only the names, which come from the public task.toml alone.
"""

from __future__ import annotations

from pytest_revylbench.records.task import TaskSpec
from pytest_revylbench.records.visual import shot_name
from pytest_revylbench.records.vocabulary import Tier

BUILTIN_TIERS: tuple[Tier, ...] = (Tier.BUILD, Tier.CONTRACT, Tier.VISUAL)
"""The tiers whose items the plugin makes itself (functional: the suite's jest tests; flow: its
device tests)."""
BUILD_ITEMS = ("typecheck", "export", "launch")


def tier_item_names(spec: TaskSpec, tier: str) -> list[str]:
    """The names of one tier's built-in items, in collection order (none for an undeclared
    table)."""
    if tier == Tier.BUILD:
        return list(BUILD_ITEMS)
    if tier == Tier.CONTRACT and spec.contract is not None:
        contract = spec.contract
        names = [f"screen[{s.name}]" for s in contract.screens]
        names += ["tabs"] if contract.tabs is not None else []
        return [*names, "dependencies", "network"]
    if tier == Tier.VISUAL and spec.scoring.visual is not None:
        return [shot_name(c.name, v.name) for c, v in spec.scoring.visual.shots()]
    return []


def builtin_names(spec: TaskSpec) -> list[str]:
    """Names of the built-in items a grade of this task collects."""
    return [name for tier in BUILTIN_TIERS if tier in spec.tiers for name in tier_item_names(spec, tier)]
