"""What each collected item is to the grade: its role (stage, journey, other) and reward tier,
read from its markers and checked against the task."""

from __future__ import annotations

import pytest

from pytest_revylbench.plugin.config import GradeConfig
from pytest_revylbench.records.vocabulary import TIER_ORDER, WEIGHTED_TIERS, Scheme, Tier


def tier_of(item: pytest.Item, role: str) -> str | None:
    """The item's `@tier(...)`; stage and journey tests are flow unless marked."""
    marker = item.get_closest_marker("tier")
    if marker is not None:
        name = str(marker.args[0]) if marker.args else ""
        if name not in TIER_ORDER:
            raise pytest.UsageError(
                f"{item.nodeid}: @tier({name!r}) is not a tier; tiers: {', '.join(TIER_ORDER)}"
            )
        return name
    return Tier.FLOW.value if role in ("stage", "journey") else None


def role_of(item: pytest.Item, grade: GradeConfig) -> tuple[str, str | None]:
    """The item's role and the stage (or journey) id it proves."""
    stage = item.get_closest_marker("stage")
    if stage is not None:
        return "stage", str(stage.args[0]) if stage.args else None
    if item.get_closest_marker("journey") is not None:
        return "journey", grade.task.spec.journey.id
    return "other", None


def check_roles(items: list[pytest.Item], grade: GradeConfig, *, require_weighted_tiers: bool) -> None:
    """Refuse a suite whose markers name no stage of the task, or (with the tiers scheme) whose
    weighted tiers have no subtests."""
    spec = grade.task.spec
    stage_ids = [s.id for s in spec.stages]
    present = set() if Tier.BUILD in spec.tiers else {Tier.BUILD.value}  # else the build's own subtest
    for item in items:
        role, stage = role_of(item, grade)
        tier = tier_of(item, role)
        if tier is not None:
            present.add(tier)
        if role == "stage" and stage not in stage_ids:
            raise pytest.UsageError(
                f"{item.nodeid}: @stage({stage!r}) names no stage of "
                f"{grade.task.folder / 'task.toml'}; its stages: {', '.join(stage_ids)}"
            )
    if spec.scoring.scheme == Scheme.TIERS and require_weighted_tiers:
        weights = spec.scoring.tiers.model_dump()
        missing = [t for t in WEIGHTED_TIERS if weights.get(t, 0) > 0 and t not in present]
        if missing:
            raise pytest.UsageError(
                f"{grade.task.folder / 'task.toml'}: field scoring.tiers: "
                + ", ".join(f"{t} (weight {weights[t]})" for t in missing)
                + " has no subtests in the suite: not implemented for this task; give it "
                "weight 0 or add tests marked @tier(...)"
            )
