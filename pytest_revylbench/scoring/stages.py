"""The stage scheme: 0.2 per stage passed consecutively from the first, 0.4 for the journey."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pytest_revylbench.records.grade import TestResult
from pytest_revylbench.records.reward import Reward
from pytest_revylbench.records.task import TaskSpec
from pytest_revylbench.records.vocabulary import Scheme, Verdict

SCHEME = Scheme.STAGES.value
STAGE_WEIGHT = 0.2
JOURNEY_WEIGHT = 0.4


def consecutive_stages(task: TaskSpec, results: Sequence[TestResult]) -> int:
    """How many stages passed in a row from stage 1; a stage with no passing test stops it."""
    passed = {r.stage for r in results if r.role == "stage" and r.verdict is Verdict.PASS}
    count = 0
    for stage in task.stages:
        if stage.id not in passed:
            break
        count += 1
    return count


def journey_passed(task: TaskSpec, results: Sequence[TestResult]) -> bool:
    return any(
        r.role == "journey" and r.stage == task.journey.id and r.verdict is Verdict.PASS
        for r in results
    )


def stage_outcome(task: TaskSpec, results: Sequence[TestResult]) -> Reward:
    stages = consecutive_stages(task, results)
    journey = journey_passed(task, results)
    score = round(STAGE_WEIGHT * stages + JOURNEY_WEIGHT * journey, 10)
    vector = {s.id: float(any(
        r.stage == s.id and r.verdict is Verdict.PASS for r in results
    )) for s in task.stages}
    vector[task.journey.id] = float(journey)
    arithmetic = (
        f"outcome = {STAGE_WEIGHT} × {stages} stages passed in a row + {JOURNEY_WEIGHT} × "
        f"{int(journey)} journey = {score:.2f}",
    )
    return Reward(scheme=SCHEME, score=score, stages_passed=stages, journey_passed=journey,
                  vector=vector, arithmetic=arithmetic)


class StageScheme:
    """Registered by the plugin; replaceable like any other hook implementation."""

    @pytest.hookimpl
    def pytest_revylbench_reward(self, task: TaskSpec, results: Sequence[TestResult]) -> Reward | None:
        if task.scoring.scheme != SCHEME:
            return None
        return stage_outcome(task, results)
