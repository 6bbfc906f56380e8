"""The stage scheme: 0.2 per stage passed in a row from the first, plus 0.4 for the journey."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_revylbench.models import TestResult, Verdict
from pytest_revylbench.scoring.stages import stage_outcome
from pytest_revylbench.tasks import load_task

REPO = Path(__file__).resolve().parents[2]
SPEC = load_task(REPO / "tasks", REPO / "suites", "budget").spec


def results(*verdicts: str) -> list[TestResult]:
    ids = ["accounts", "transactions", "budgets", "month-close"]
    return [
        TestResult(nodeid=f"t::{i}", name=i, role="journey" if i == "month-close" else "stage",
                   stage=i, verdict=Verdict(v))
        for i, v in zip(ids, verdicts, strict=True)
    ]


@pytest.mark.parametrize(
    ("verdicts", "score", "stages"),
    [
        (("pass", "pass", "pass", "pass"), 1.0, 3),
        (("pass", "pass", "pass", "fail"), 0.6, 3),
        (("pass", "fail", "pass", "pass"), 0.6, 1),   # stage 3 does not count after a gap
        (("fail", "pass", "pass", "pass"), 0.4, 0),
        (("fail", "fail", "fail", "fail"), 0.0, 0),
        (("pass", "pass", "fail", "fail"), 0.4, 2),
        (("not_run", "not_run", "not_run", "not_run"), 0.0, 0),
    ],
)
def test_stage_outcome(verdicts: tuple[str, ...], score: float, stages: int) -> None:
    reward = stage_outcome(SPEC, results(*verdicts))
    assert reward.score == pytest.approx(score)
    assert reward.stages_passed == stages
    assert reward.journey_passed is (verdicts[3] == "pass")


def test_missing_stage_test_counts_as_not_passed() -> None:
    only_first = results("pass", "pass", "pass", "pass")[:1]
    assert stage_outcome(SPEC, only_first).score == pytest.approx(0.2)
