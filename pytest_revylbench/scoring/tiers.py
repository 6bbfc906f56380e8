"""The tiered schemes: `tiers` and `visual`, pure arithmetic plus their hook implementations.

`tiers`: reward = 0.20 × build + 0.30 × functional + 0.35 × flow + 0.15 × contract (weights
from the task, summing to 1), each tier the mean of its binary subtests (`pass` is 1,
`fail` and `not_run` are 0).

`visual`: reward = w_visual × normalized_visual + w_functional × functional (0.5 / 0.5 unless
the task says otherwise), normalized_visual from `visual.visual_reward`.

Three rules keep a reward honest:

- A tier with a positive weight and no subtests is *not implemented*: the reward is refused
  (`RewardRefused`) instead of counting it as passed or dropping its weight. A tier weighted 0
  may be empty; it is left out.
- A build failure is a gate: the reward is 0 when any result carries the fault
  `build_failed`, or the build tier has subtests and none passed. A partly passing build tier
  is scored by its weight like any other tier (otherwise its weight could never matter).
- Doing nothing earns nothing (the progress gate): when the grade has flow subtests (the
  stage and journey tests), the reward is 0 unless at least one of them passed. The untouched
  scaffold builds, launches, type-checks and adds no dependency, so without this gate it
  earned 0.20 × 3/3 + 0.15 × 1/8 = 0.219 of budget for no work; an app that throws on launch
  earned 0.152.

Every reward carries its arithmetic as text: the tier means, the gates, and the sum, e.g.
``gates open: build 3/3, flow 2/4 passed`` then
``reward = 0.20×1.00 + 0.30×0.75 + 0.35×0.50 + 0.15×1.00 = 0.75``. A closed gate's line comes
last, after the sum it zeroed (``ungated = … = 0.2188``).

The records it reads and makes (`TierWeights`, `VisualMix`, `TierCount`, `SchemeBreakdown`) live
in `records`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from pytest_revylbench.records.grade import TestResult
from pytest_revylbench.records.reward import Reward, SchemeBreakdown, TierCount
from pytest_revylbench.records.task import TaskSpec, TierWeights, VisualMix
from pytest_revylbench.records.visual import Region, VisualScore, VisualSpec, VisualSummary, shot_name
from pytest_revylbench.records.vocabulary import PROGRESS_TIER, WEIGHTED_TIERS, Fault, Scheme, Tier, Verdict
from pytest_revylbench.scoring import ahead
from pytest_revylbench.scoring.visual import number_text as _num
from pytest_revylbench.scoring.visual import visual_reward


class RewardRefused(ValueError):
    """The results cannot be scored honestly under the task's scheme; the grade must stop."""


def tier_counts(
    verdicts_by_tier: Mapping[str, Sequence[str]], required: Sequence[str],
) -> dict[str, TierCount]:
    """Passed / total per tier; every `required` tier must have subtests.

    :raises RewardRefused: an unknown tier or verdict, or a required tier without subtests.
    """
    tiers = [tier.value for tier in WEIGHTED_TIERS]
    unknown = sorted(set(verdicts_by_tier) - set(tiers))
    if unknown:
        raise RewardRefused(f"unknown tiers {unknown}; the tiers are {tiers}")
    valid = [verdict.value for verdict in Verdict]
    counts: dict[str, TierCount] = {}
    for tier in tiers:
        verdicts = [str(v) for v in verdicts_by_tier.get(tier, ())]
        odd = sorted({v for v in verdicts if v not in valid})
        if odd:
            raise RewardRefused(f"tier {tier!r}: unknown verdicts {odd}; valid: {valid}")
        if verdicts:
            counts[tier] = TierCount(passed=verdicts.count(Verdict.PASS), total=len(verdicts))
    missing = [tier for tier in required if tier not in counts]
    if missing:
        raise RewardRefused(
            f"tiers {missing} have a weight but no subtests: the suite does not implement them, "
            "so the reward is refused rather than counted as passed (mark tests with "
            "tier(...), or give those tiers weight 0 in task.toml [scoring.tiers])"
        )
    return counts


def gate(counts: Mapping[str, TierCount], build_failed: bool) -> str | None:
    """Why a gate is closed (the build gate first, then the progress gate), or None when
    both are open."""
    if build_failed:
        return "build gate: the submission did not build (build_failed) → reward = 0"
    build = counts.get(Tier.BUILD)
    if build is not None and build.passed == 0:
        return f"build gate: no build subtest passed ({build.passed}/{build.total}) → reward = 0"
    progress = counts.get(PROGRESS_TIER)
    if progress is not None and progress.passed == 0:
        return (f"progress gate: no stage or journey test passed ({PROGRESS_TIER.value} "
                f"{progress.passed}/{progress.total}) → reward = 0")
    return None


def open_gates_line(counts: Mapping[str, TierCount]) -> str | None:
    """`gates open: build 3/3, flow 2/4 passed`: what let the reward through (None: no gate
    had subtests to look at)."""
    parts = [f"{tier} {counts[tier].passed}/{counts[tier].total}"
             for tier in (Tier.BUILD.value, PROGRESS_TIER.value) if tier in counts]
    return f"gates open: {', '.join(parts)} passed" if parts else None


def _gated(scheme: str, counts: dict[str, TierCount], vector: dict[str, float],
           lines: list[str], closed: str, ungated: str) -> SchemeBreakdown:
    """A breakdown whose gate closed: the sum it would have been, then why it is 0."""
    return SchemeBreakdown(scheme=scheme, score=0.0, gated=True, counts=counts, vector=vector,
                           arithmetic=(*lines, f"ungated = {ungated}", closed))


def tier_line(tier: str, count: TierCount) -> str:
    """`functional = 6/8 = 0.75`."""
    return f"{tier} = {count.passed}/{count.total} = {_num(count.mean)}"


def _tier_lines(counts: Mapping[str, TierCount]) -> list[str]:
    return [tier_line(tier, c) for tier, c in counts.items()]


def tiers_reward(
    verdicts_by_tier: Mapping[str, Sequence[str]], *,
    weights: TierWeights | None = None, build_failed: bool = False,
) -> SchemeBreakdown:
    """reward = Σ weight × tier mean, over the tiers with a positive weight; 0 when the build
    gate or the progress gate is closed."""
    weights = weights or TierWeights()
    weighted = {tier: w for tier, w in weights.as_dict().items() if w > 0}
    counts = tier_counts(verdicts_by_tier, required=list(weighted))
    vector = {tier: c.mean for tier, c in counts.items()}
    lines = _tier_lines(counts)
    score = round(sum(w * counts[tier].mean for tier, w in weighted.items()), 10)
    terms = " + ".join(f"{_num(w)}×{_num(counts[tier].mean)}" for tier, w in weighted.items())
    closed = gate(counts, build_failed)
    if closed is not None:
        return _gated(Scheme.TIERS.value, counts, vector, lines, closed, f"{terms} = {_num(score)}")
    opened = open_gates_line(counts)
    lines.extend([opened] if opened else [])
    lines.append(f"reward = {terms} = {_num(score)}")
    return SchemeBreakdown(scheme=Scheme.TIERS.value, score=min(score, 1.0), gated=False, counts=counts,
                           vector=vector, arithmetic=tuple(lines))


def visual_scheme_reward(
    summary: VisualSummary, verdicts_by_tier: Mapping[str, Sequence[str]], *,
    mix: VisualMix | None = None, build_failed: bool = False,
) -> SchemeBreakdown:
    """reward = w_visual × normalized_visual + w_functional × functional; 0 when the build gate
    or the progress gate is closed (the flow verdicts in `verdicts_by_tier` open the latter)."""
    mix = mix or VisualMix()
    counts = tier_counts(verdicts_by_tier, required=[Tier.FUNCTIONAL] if mix.functional > 0 else [])
    functional = counts[Tier.FUNCTIONAL].mean if Tier.FUNCTIONAL in counts else 0.0
    vector: dict[str, float] = {
        Tier.VISUAL: summary.visual, "normalized_visual": summary.normalized_visual,
        **{f"checkpoint:{c.name}": c.normalized for c in summary.checkpoints},
    }
    if Tier.FUNCTIONAL in counts:
        vector[Tier.FUNCTIONAL] = functional
    lines = [*summary.arithmetic, *_tier_lines({k: v for k, v in counts.items() if k == Tier.FUNCTIONAL})]
    score = round(mix.visual * summary.normalized_visual + mix.functional * functional, 10)
    terms = (f"{_num(mix.visual)}×{_num(summary.normalized_visual)} + "
             f"{_num(mix.functional)}×{_num(functional)}")
    closed = gate(counts, build_failed)
    if closed is not None:
        return _gated(Scheme.VISUAL.value, counts, vector, lines, closed, f"{terms} = {_num(score)}")
    opened = open_gates_line(counts)
    lines.extend([opened] if opened else [])
    lines.append(f"reward = {terms} = {_num(score)}")
    return SchemeBreakdown(scheme=Scheme.VISUAL.value, score=min(score, 1.0), gated=False, counts=counts,
                           vector=vector, arithmetic=tuple(lines))


# -- adapters over TestResult -------------------------------------------------------------


def verdicts_by_tier(results: Sequence[TestResult]) -> dict[str, list[str]]:
    """Each result's verdict under its tier marker; results without a tier are not counted.

    The visual tier's items only take the checkpoint screenshots: the tier is scored by
    comparing them with the oracle (`visual_summary`), not by their verdicts.
    """
    found: dict[str, list[str]] = {}
    for result in results:
        tier = result.tier
        if tier is not None and tier != Tier.VISUAL:
            found.setdefault(str(tier), []).append(str(result.verdict))
    return found


def build_failed(results: Sequence[TestResult]) -> bool:
    return any(result.fault == Fault.BUILD_FAILED for result in results)


def checkpoint_screenshots(results: Sequence[TestResult], names: Sequence[str]) -> dict[str, str]:
    """The report-relative path of each checkpoint's screenshot (`app.screenshot(name)`).

    Taken more than once, the last in result order counts (results come sorted).
    """
    wanted = set(names)
    found: dict[str, str] = {}
    for result in results:
        for shot in result.screenshots:
            if shot.step in wanted:
                found[shot.step] = shot.path
    return found


def shot_masks(spec: VisualSpec) -> dict[str, tuple[Region, ...]]:
    """Each shot's name (checkpoint on a viewport, in the task's order) and the regions its
    comparison leaves out: the task's masks and its checkpoint's."""
    return {shot_name(c.name, v.name): (*spec.masks, *c.masks) for c, v in spec.shots()}


def compare_ahead(spec: VisualSpec, result: TestResult, *, run_dir: Path, oracle_dir: Path) -> None:
    """Start comparing each checkpoint shot `result` took with its oracle (`scoring.ahead`):
    `checkpoint_scores` then finds the answers ready."""
    masks = shot_masks(spec)
    for shot in result.screenshots:
        if shot.step in masks:
            ahead.start(run_dir / shot.path, oracle_dir / f"{shot.step}.png",
                        masks=masks[shot.step], weights=spec.weights)


def checkpoint_scores(
    spec: VisualSpec, results: Sequence[TestResult], *, run_dir: Path, oracle_dir: Path,
) -> dict[str, VisualScore | None]:
    """Compare each shot (checkpoint on a viewport) with `<oracle_dir>/<name>@<viewport>.png`.

    A shot the run did not take scores None (0 in the mean).

    :raises RewardRefused: an oracle image, or a recorded screenshot's file, is missing.
    """
    masks = shot_masks(spec)
    shots = checkpoint_screenshots(results, list(masks))
    scores: dict[str, VisualScore | None] = {}
    for name, regions in masks.items():
        oracle = oracle_dir / f"{name}.png"
        if not oracle.is_file():
            raise RewardRefused(
                f"checkpoint {name!r}: no oracle screenshot {oracle} (capture the oracle with "
                "`revylbench oracle --task ID --platform P`)"
            )
        shot = shots.get(name)
        if shot is None:
            scores[name] = None
            continue
        candidate = run_dir / shot
        if not candidate.is_file():
            raise RewardRefused(f"checkpoint {name!r}: recorded screenshot {candidate} is gone")
        scores[name] = ahead.score(candidate, oracle, masks=regions, weights=spec.weights)
    return scores


def visual_summary(
    spec: VisualSpec, results: Sequence[TestResult], *, run_dir: Path, oracle_dir: Path,
) -> tuple[VisualSummary, dict[str, VisualScore | None]]:
    """The visual part of a grade: every shot's metrics and the normalized mean."""
    scores = {} if build_failed(results) else checkpoint_scores(
        spec, results, run_dir=run_dir, oracle_dir=oracle_dir)
    names = [shot_name(c.name, v.name) for c, v in spec.shots()]
    return visual_reward(scores, floor=spec.floor, checkpoints=names), scores


# -- hook implementations ------------------------------------------------------------------


def _scoring_field(task: TaskSpec, name: str) -> Any:
    return getattr(task.scoring, name, None)


class TierScheme:
    """The `tiers` scheme; registered by the plugin, replaceable like any hook implementation."""

    @pytest.hookimpl
    def pytest_revylbench_reward(self, task: TaskSpec, results: Sequence[TestResult]) -> Reward | None:
        if task.scoring.scheme != Scheme.TIERS.value:
            return None
        weights: TierWeights | None = _scoring_field(task, "tiers")
        breakdown = tiers_reward(verdicts_by_tier(results), weights=weights,
                                 build_failed=build_failed(results))
        return breakdown.to_reward()


class VisualScheme:
    """The `visual` scheme: compares checkpoint screenshots of this run with the oracle's."""

    def __init__(self, run_dir: Path, oracle_dir: Path) -> None:
        self.run_dir = run_dir
        self.oracle_dir = oracle_dir

    def breakdown(self, task: TaskSpec, results: Sequence[TestResult]) -> SchemeBreakdown:
        spec: VisualSpec | None = _scoring_field(task, Tier.VISUAL)
        if spec is None:
            raise RewardRefused(f"task {task.id!r}: scheme 'visual' needs a [scoring.visual] table")
        mix: VisualMix | None = _scoring_field(task, "mix")
        summary, _ = visual_summary(spec, results, run_dir=self.run_dir, oracle_dir=self.oracle_dir)
        return visual_scheme_reward(summary, verdicts_by_tier(results), mix=mix,
                                    build_failed=build_failed(results))

    @pytest.hookimpl
    def pytest_revylbench_reward(self, task: TaskSpec, results: Sequence[TestResult]) -> Reward | None:
        if task.scoring.scheme != Scheme.VISUAL.value:
            return None
        return self.breakdown(task, results).to_reward()
