"""A submission's reward recomputed from what its ledger record stores: scheme, weights and
per-item verdicts, so that a rollout's outcome never rests on a number the record merely claims.

- `stages`: 0.2 × stages passed in a row + 0.4 × journey, from the stage verdicts;
- `tiers`: Σ weight × tier mean over the items' tiers, build gate included;
- `visual`: w_visual × the stored normalized visual + w_functional × the functional tier;
- any other (a project's own) scheme cannot be recomputed: its stored reward is used, and said so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pytest_revylbench.records.task import TierWeights, VisualMix
from pytest_revylbench.records.vocabulary import Scheme, Tier, Verdict
from pytest_revylbench.scoring.stages import JOURNEY_WEIGHT, SCHEME, STAGE_WEIGHT
from pytest_revylbench.scoring.tiers import (
    RewardRefused,
    gate,
    tier_counts,
    tiers_reward,
)

RECOMPUTED = (SCHEME, Scheme.TIERS.value, Scheme.VISUAL.value)
"""The schemes whose reward a ledger record carries everything to recompute."""


def stage_reward(stages: Sequence[str], journey: str, verdicts: Mapping[str, str]) -> float:
    """`stages` lists the stage ids in order (the journey may be among them, last)."""
    in_a_row = 0
    for stage in (s for s in stages if s != journey):
        if str(verdicts.get(stage)) != Verdict.PASS:
            break
        in_a_row += 1
    return round(STAGE_WEIGHT * in_a_row + JOURNEY_WEIGHT * (str(verdicts.get(journey)) == Verdict.PASS), 10)


def rederive(scheme: str, *, stages: Sequence[str], journey: str, verdicts: Mapping[str, str],
             tiers: Mapping[str, Sequence[str]], weights: Mapping[str, float],
             build_failed: bool, normalized_visual: float | None) -> float | None:
    """The reward under `scheme`, or None when the scheme is not one the bench can recompute.

    :raises RewardRefused: the stored items cannot be scored under the scheme (a weighted tier
        without items, weights not summing to 1, a visual reward without its visual part).
    """
    if scheme == SCHEME:
        return stage_reward(stages, journey, verdicts)
    if scheme == Scheme.TIERS:
        chosen = TierWeights(**weights) if weights else TierWeights()
        return tiers_reward(tiers, weights=chosen, build_failed=build_failed).score
    if scheme == Scheme.VISUAL:
        mix = VisualMix(**weights) if weights else VisualMix()
        counts = tier_counts(tiers, required=[Tier.FUNCTIONAL.value] if mix.functional > 0 else [])
        if gate(counts, build_failed) is not None:
            return 0.0
        if normalized_visual is None:
            raise RewardRefused("scheme 'visual' needs the grade's normalized visual score")
        functional = counts[Tier.FUNCTIONAL].mean if Tier.FUNCTIONAL in counts else 0.0
        return min(round(mix.visual * normalized_visual + mix.functional * functional, 10), 1.0)
    return None
