"""The whole vector of a grade, whichever scheme the task chose: each tier with its
subtests, every visual metric per checkpoint, and the reward under each built-in scheme.

The task's scheme decides `outcome`; the vector lets anyone re-score the same grade another
way, or check the chosen score by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pytest_revylbench.records.grade import TestResult
from pytest_revylbench.records.reward import GradeVector, Reward, TierSummary
from pytest_revylbench.records.task import TaskSpec
from pytest_revylbench.records.visual import VisualScore, VisualSummary
from pytest_revylbench.records.vocabulary import Scheme, Tier
from pytest_revylbench.scoring.stages import stage_outcome
from pytest_revylbench.scoring.tiers import (
    RewardRefused,
    build_failed,
    tier_counts,
    tier_line,
    tiers_reward,
    verdicts_by_tier,
    visual_scheme_reward,
    visual_summary,
)


def tier_summaries(results: Sequence[TestResult]) -> dict[str, TierSummary]:
    """Passed / total of each pass-fail tier that has subtests (the counts the tiers scheme uses)."""
    counts = tier_counts(verdicts_by_tier(results), required=())
    return {
        tier: TierSummary(score=c.mean, passed=c.passed, total=c.total,
                          subtests=tuple(r.nodeid for r in results if r.tier == tier),
                          arithmetic=tier_line(tier, c))
        for tier, c in counts.items()
    }


def grade_vector(
    task: TaskSpec, results: Sequence[TestResult], *, run_dir: Path, oracle_dir: Path,
) -> GradeVector:
    tiers = tier_summaries(results)
    schemes: dict[str, Reward] = {Scheme.STAGES.value: stage_outcome(task, results)}
    refused: dict[str, str] = {}
    visual = task.scoring.visual
    summary: VisualSummary | None = None
    shots: dict[str, VisualScore | None] = {}
    if visual is not None and Tier.VISUAL in task.tiers:
        try:
            summary, shots = visual_summary(visual, results, run_dir=run_dir, oracle_dir=oracle_dir)
            tiers[Tier.VISUAL.value] = TierSummary(
                score=summary.normalized_visual, total=len(summary.checkpoints),
                passed=sum(c.visual is not None for c in summary.checkpoints),
                subtests=tuple(r.nodeid for r in results if r.tier == Tier.VISUAL),
                arithmetic=summary.arithmetic[-1],
            )
        except RewardRefused as exc:
            refused[Scheme.VISUAL.value] = str(exc)
    by_tier = verdicts_by_tier(results)
    failed = build_failed(results)
    try:
        schemes[Scheme.TIERS.value] = tiers_reward(by_tier, weights=task.scoring.tiers,
                                        build_failed=failed).to_reward()
    except RewardRefused as exc:
        refused[Scheme.TIERS.value] = str(exc)
    if summary is not None:
        try:
            schemes[Scheme.VISUAL.value] = visual_scheme_reward(summary, by_tier, mix=task.scoring.mix,
                                                     build_failed=failed).to_reward()
        except RewardRefused as exc:
            refused[Scheme.VISUAL.value] = str(exc)
    return GradeVector(tiers=tiers, visual=summary, shots=shots, schemes=schemes, refused=refused)
