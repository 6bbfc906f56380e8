"""The stage scheme: 0.2 per stage passed in a row from the first, plus 0.4 for the journey."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_revylbench.records.grade import TestResult
from pytest_revylbench.records.vocabulary import Tier, Verdict
from pytest_revylbench.scoring.stages import stage_outcome
from pytest_revylbench.tasks.loading import load_task

REPO = Path(__file__).resolve().parents[3]
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


# -- every built-in scheme over one grade's vector -------------------------------------------


def scaffold_results(launch: str = "pass") -> list[TestResult]:
    """The untouched scaffold graded on budget: it builds and launches, adds no dependency,
    shows none of the task (every device test and component test fails)."""
    flow = [TestResult(nodeid=f"budget/test_budget.py::{r.name}", name=r.name, role=r.role,
                       stage=r.stage, tier="flow", verdict=Verdict.FAIL)
            for r in results("fail", "fail", "fail", "fail")]
    def item(tier: Tier, name: str, verdict: str) -> TestResult:
        return TestResult(nodeid=f"budget::{tier}::{name}", name=name, role="other", tier=tier,
                          verdict=Verdict(verdict))
    built = [item("build", "export", "pass"), item("build", "launch", launch),
             item("build", "typecheck", "pass")]
    contract = [item("contract", "dependencies", "pass"),
                *(item("contract", f"screen[{n}]", "fail") for n in range(7))]
    functional = [item("functional", f"component {n}", "fail") for n in range(8)]
    visual = [item("visual", f"{c}@{v}", "fail")
              for c in ("accounts", "transactions", "categories") for v in ("phone", "small")]
    return [*flow, *built, *contract, *functional, *visual]


@pytest.mark.parametrize("launch", ["pass", "fail"])
def test_the_untouched_scaffold_scores_0_under_every_built_in_scheme(launch: str, tmp_path: Path) -> None:
    from pytest_revylbench.scoring.vector import grade_vector

    task = load_task(REPO / "tasks", REPO / "suites", "budget").spec
    vector = grade_vector(task, scaffold_results(launch), run_dir=tmp_path,
                          oracle_dir=REPO / "suites/budget/oracle/web")
    assert vector.refused == {}
    scores = {name: r.score for name, r in vector.schemes.items()}
    assert scores == {"stages": 0.0, "tiers": 0.0, "visual": 0.0}
    # The build and the dependencies check still show in the tiers; the gate says why they earn nothing.
    assert vector.tiers["build"].score == (1.0 if launch == "pass" else pytest.approx(2 / 3))
    assert vector.schemes["tiers"].arithmetic[-1] == (
        "progress gate: no stage or journey test passed (flow 0/4) → reward = 0")
    assert vector.schemes["tiers"].arithmetic[-2].endswith("= 0.2188" if launch == "pass" else "= 0.1521")
    assert vector.schemes["visual"].arithmetic[-1].startswith("progress gate:")
