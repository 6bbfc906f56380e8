"""`grading.finish()` decides a grade from plain records: no pytest config, no file, no clock."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from pytest_revylbench.grading import (
    Collected,
    GradeInputs,
    OracleRun,
    Refused,
    SchemeMissing,
    crashed,
    finish,
    grade_status,
    with_feedback,
)
from pytest_revylbench.records.build import BuildResult
from pytest_revylbench.records.grade import FeedbackResult, GradeRecord, TestResult
from pytest_revylbench.records.reward import GradeVector, Reward
from pytest_revylbench.records.task import ScoringSpec, TaskSpec, TierWeights
from pytest_revylbench.records.vocabulary import Fault, GradeStatus, Tier, Verdict
from pytest_revylbench.scoring.stages import stage_outcome
from pytest_revylbench.scoring.tiers import RewardRefused, TierScheme
from pytest_revylbench.scoring.vector import tier_summaries
from pytest_revylbench.tasks.loading import load_task

REPO = Path(__file__).resolve().parents[2]
BUDGET = load_task(REPO / "tasks", REPO / "suites", "budget").spec
STAGES = BUDGET.model_copy(update={"scoring": ScoringSpec(scheme="stages")})
"""Budget scored by stages: no build subtest is added."""
TIERS = BUDGET.model_copy(update={
    "tiers": (Tier.FLOW,),
    "scoring": ScoringSpec(scheme="tiers", tiers=TierWeights(build=0.5, functional=0.0, flow=0.5,
                                                             contract=0.0)),
})
"""Budget scored by tiers, with no build tier item: the grade adds the build's subtest."""
DIGESTS = {"submission": "sha-sub", "task": "sha-task"}
BUILT = BuildResult(ok=True, seconds=12.5, log_path="build.log", sandboxed=True)


def flow(verdicts: str = "pppp", *, fault: Fault | None = None) -> list[TestResult]:
    """Budget's three stages and its journey (`p` pass, `f` fail, `n` not run), listed backwards."""
    ids = ("accounts", "transactions", "budgets", "month-close")
    tests = [
        TestResult(nodeid=f"budget/test_budget.py::test_{i}", name=i, stage=i, tier="flow",
                   role="journey" if i == "month-close" else "stage",
                   verdict={"p": Verdict.PASS, "f": Verdict.FAIL, "n": Verdict.NOT_RUN}[v],
                   fault=None if v == "p" else (fault or Fault.CHECK_FAILED))
        for i, v in zip(ids, verdicts, strict=True)
    ]
    return tests[::-1]


def reward_of(spec: TaskSpec) -> object:
    def reward(results: Sequence[TestResult]) -> Reward | None:
        if spec.scoring.scheme == "stages":
            return stage_outcome(spec, results)
        return TierScheme().pytest_revylbench_reward(spec, results)
    return reward


def vector(results: Sequence[TestResult]) -> GradeVector:
    return GradeVector(tiers=tier_summaries(results))


def inputs(spec: TaskSpec, results: Sequence[TestResult], *, build: BuildResult | None = BUILT,
           **collected: object) -> GradeInputs:
    return GradeInputs(
        spec=spec, task_toml="tasks/budget/task.toml", builtin_id="budget", run_id="r1",
        platform="web", collected=Collected(results={r.nodeid: r for r in results}, **collected),  # type: ignore[arg-type]
        build=build, reward=reward_of(spec), vector=vector,  # type: ignore[arg-type]
        started_at="2026-12-01T10:00:00+00:00", finished_at="2026-12-01T10:01:00+00:00",
        digests=DIGESTS, environment={"node": "20.1.0"},
    )


def graded(decided: object) -> GradeRecord:
    assert isinstance(decided, GradeRecord), decided
    return decided


def test_a_passing_grade_is_completed_with_its_reward_order_and_provenance() -> None:
    record = graded(finish(inputs(STAGES, flow("pppp"))))
    assert (record.status, record.failure_kind) == (GradeStatus.COMPLETED, None)
    assert record.outcome == 1.0 and record.reward.scheme == "stages"
    assert record.reward.stages_passed == 3 and record.reward.journey_passed
    # Stages in the task's order, then the journey; no build subtest under the stages scheme.
    assert [t.name for t in record.tests] == ["accounts", "transactions", "budgets", "month-close"]
    assert record.vector is not None and record.vector.tiers["flow"].passed == 4
    assert (record.run_id, record.task, record.platform) == ("r1", "budget", "web")
    assert record.submission_digest == "sha-sub" and record.digests == DIGESTS
    assert record.environment == {"node": "20.1.0"}
    assert (record.started_at, record.finished_at) == ("2026-12-01T10:00:00+00:00",
                                                       "2026-12-01T10:01:00+00:00")
    assert record.trust == "trusted" and record.build == BUILT and record.interruption is None


def test_the_build_subtest_leads_when_no_tier_item_stands_for_the_build() -> None:
    record = graded(finish(inputs(TIERS, flow("pppf"))))
    build = record.tests[0]
    assert (build.nodeid, build.name, build.tier) == ("budget::build::export", "build: export", "build")
    assert (build.verdict, build.fault, build.duration_s) == (Verdict.PASS, None, 12.5)
    assert [t.name for t in record.tests[1:]] == ["accounts", "transactions", "budgets", "month-close"]
    # 0.5 × build 1/1 + 0.5 × flow 3/4
    assert record.outcome == pytest.approx(0.875)
    assert (record.status, record.failure_kind) == (GradeStatus.COMPLETED, None)


def test_a_failed_build_is_the_candidates_failure_and_closes_the_gate() -> None:
    failed = BuildResult(ok=False, seconds=3.0, log_path="build.log", reason="expo export failed")
    record = graded(finish(inputs(TIERS, flow("nnnn", fault=Fault.BUILD_FAILED), build=failed)))
    assert (record.status, record.failure_kind) == (GradeStatus.CANDIDATE_FAILURE, Fault.BUILD_FAILED)
    build = record.tests[0]
    assert (build.verdict, build.fault, build.reason) == (Verdict.FAIL, Fault.BUILD_FAILED,
                                                          "expo export failed")
    assert record.outcome == 0.0 and record.trust == "dev-untrusted"


@pytest.mark.parametrize(("fault", "status"), [
    (Fault.BUILD_FAILED, GradeStatus.CANDIDATE_FAILURE),
    (Fault.TIMEOUT, GradeStatus.TIMEOUT),
    (Fault.BUILDER_FAULT, GradeStatus.INFRA_FAILURE),
])
def test_a_build_failure_is_charged_by_its_fault(fault: Fault, status: GradeStatus) -> None:
    build = BuildResult(ok=False, seconds=1.0, log_path="build.log", fault=fault)
    assert grade_status(build, flow("pppp")) == (status, fault)


@pytest.mark.parametrize(("faults", "status", "kind"), [
    ((), GradeStatus.COMPLETED, None),
    ((Fault.CHECK_FAILED,), GradeStatus.COMPLETED, None),
    ((Fault.APP_CRASH,), GradeStatus.CANDIDATE_FAILURE, Fault.APP_CRASH),
    ((Fault.APP_HANG,), GradeStatus.CANDIDATE_FAILURE, Fault.APP_HANG),
    ((Fault.DEVICE_FAULT,), GradeStatus.INFRA_FAILURE, Fault.DEVICE_FAULT),
    ((Fault.TIMEOUT,), GradeStatus.TIMEOUT, Fault.TIMEOUT),
    # A bench fault is refunded before an agent's crash is charged ...
    ((Fault.APP_CRASH, Fault.DRIVER_ERROR), GradeStatus.INFRA_FAILURE, Fault.DRIVER_ERROR),
    # ... of two bench faults the first by name is named ...
    ((Fault.TIMEOUT, Fault.DEVICE_FAULT), GradeStatus.INFRA_FAILURE, Fault.DEVICE_FAULT),
    # ... and a forged verdict is never refunded.
    ((Fault.DEVICE_FAULT, Fault.TAMPERED), GradeStatus.CANDIDATE_FAILURE, Fault.TAMPERED),
])
def test_the_status_per_fault(faults: tuple[Fault, ...], status: GradeStatus, kind: Fault | None) -> None:
    results = [TestResult(nodeid=f"t{n}", name=f"t{n}", role="other", verdict=Verdict.FAIL, fault=f)
               for n, f in enumerate(faults)]
    record = graded(finish(inputs(STAGES, [*flow("pppp"), *results])))
    assert (record.status, record.failure_kind) == (status, kind)


def test_a_bench_fault_is_the_benchs_whatever_the_score() -> None:
    record = graded(finish(inputs(STAGES, flow("ppff", fault=Fault.DRIVER_ERROR))))
    assert (record.status, record.failure_kind) == (GradeStatus.INFRA_FAILURE, Fault.DRIVER_ERROR)
    assert record.outcome == pytest.approx(0.4) and record.reward.stages_passed == 2


def test_an_interrupted_grade_finishes_what_did_not_run_as_the_benchs() -> None:
    ran = flow("pppp")[2:]  # budgets ran first, then accounts ... listed backwards: two of four
    planned = [t.model_copy(update={"verdict": Verdict.NOT_RUN, "fault": None}) for t in flow("pppp")]
    record = graded(finish(inputs(STAGES, ran, planned=planned, stop_reason="SIGTERM",
                                  interrupted=True)))
    assert (record.status, record.failure_kind) == (GradeStatus.INTERRUPTED, Fault.NO_REPORT)
    assert record.interruption is not None
    assert record.interruption.reason == "SIGTERM" and record.interruption.fault is Fault.NO_REPORT
    assert record.interruption.finished == ("budget/test_budget.py::test_accounts",
                                            "budget/test_budget.py::test_transactions")
    assert record.interruption.not_finished == ("budget/test_budget.py::test_budgets",
                                                "budget/test_budget.py::test_month-close")
    left = {t.name: (t.verdict, t.fault, t.reason) for t in record.tests}
    assert left["budgets"] == (Verdict.NOT_RUN, Fault.NO_REPORT,
                               "not run: the grade was stopped first (SIGTERM)")
    assert record.outcome == pytest.approx(0.4)


def test_a_signal_without_a_reason_is_sigint_and_a_crash_is_the_graders() -> None:
    sigint = graded(finish(inputs(STAGES, flow("pppp"), interrupted=True)))
    assert sigint.interruption is not None and sigint.interruption.reason == "SIGINT"
    crash = graded(finish(inputs(STAGES, flow("pppp"), internal_error=True)))
    assert crash.interruption is not None and crash.failure_kind is Fault.RUNNER_CRASH
    assert crash.interruption.reason == "a crash of the grader (pytest internal error)"


def test_the_grade_limit_is_a_timeout_or_the_apps_hang() -> None:
    late = TestResult(nodeid="budget/test_budget.py::test_budgets", name="budgets", role="stage",
                      stage="budgets", verdict=Verdict.NOT_RUN, fault=Fault.TIMEOUT,
                      reason="not run: the grade's time limit (900 s) passed first")
    ran = [*flow("pppp")[2:], late]
    timeout = graded(finish(inputs(STAGES, ran)))
    assert timeout.interruption is not None
    assert (timeout.status, timeout.failure_kind) == (GradeStatus.INTERRUPTED, Fault.TIMEOUT)
    assert timeout.interruption.reason == "the grade's time limit (900 s) passed first"
    # The item the limit kept from running is not among the finished.
    assert "budget/test_budget.py::test_budgets" in timeout.interruption.not_finished
    hung = graded(finish(inputs(STAGES, ran, launch_hangs=1, stopped_by_limit=True,
                                stop_reason="the grade's time limit (900 s)")))
    assert hung.interruption is not None and hung.interruption.fault is Fault.APP_HANG
    assert hung.interruption.reason == "the grade's time limit (900 s)"


def test_a_refused_reward_refuses_the_grade_unless_it_was_stopped() -> None:
    def refuse(results: Sequence[TestResult]) -> Reward | None:
        raise RewardRefused("tier 'contract' is weighted but has no subtests")

    refused = finish(replace(inputs(STAGES, flow("pppp")), reward=refuse))
    assert refused == Refused("tasks/budget/task.toml: the reward was refused: "
                              "tier 'contract' is weighted but has no subtests")
    stopped = graded(finish(replace(inputs(STAGES, flow("pppp"), interrupted=True), reward=refuse)))
    assert stopped.outcome == 0.0 and stopped.vector is None
    assert stopped.reward.arithmetic == ("not scored: tier 'contract' is weighted but has no subtests",)


def test_a_scheme_nobody_answers_for_is_named() -> None:
    with pytest.raises(SchemeMissing, match=r"task.toml: field scoring.scheme: no reward scheme "
                                            r"named 'stages' is registered"):
        finish(replace(inputs(STAGES, flow("pppp")), reward=lambda results: None))


def test_the_oracle_branch_returns_the_tests_and_scores_nothing() -> None:
    def never(results: Sequence[TestResult]) -> Reward | None:
        raise AssertionError("an oracle run is not scored")

    decided = finish(replace(inputs(TIERS, flow("pppp")), reward=never, oracle=True))
    assert isinstance(decided, OracleRun)
    assert decided.submission_digest == "sha-sub"
    assert [t.name for t in decided.tests] == ["build: export", "accounts", "transactions",
                                              "budgets", "month-close"]


def test_nothing_ran_and_nothing_stopped_decides_nothing() -> None:
    assert finish(inputs(STAGES, [])) is None


def test_an_unwritten_feedback_bundle_makes_the_grade_the_benchs_unless_it_already_was() -> None:
    error = FeedbackResult(written=False, error="OSError: [Errno 28] No space left on device")
    agent = graded(finish(inputs(STAGES, flow("ppff"))))
    agents = with_feedback(agent, error)
    assert (agents.status, agents.failure_kind) == (GradeStatus.INFRA_FAILURE, Fault.FEEDBACK_FAULT)
    assert agents.feedback == error
    bench = graded(finish(inputs(STAGES, flow("ppff", fault=Fault.DEVICE_FAULT))))
    assert with_feedback(bench, error).failure_kind is Fault.DEVICE_FAULT
    written = with_feedback(agent, FeedbackResult(written=True))
    assert (written.status, written.failure_kind) == (GradeStatus.COMPLETED, None)


def test_a_crashed_grader_leaves_the_rest_not_run_as_its_crash() -> None:
    ran = {t.nodeid: t for t in flow("pppp")[3:]}
    record = crashed(STAGES, run_id="r1", platform="web", results=ran, planned=flow("nnnn"),
                     crash="KeyError: 'x'", started_at="t0", finished_at="t1")
    assert (record.status, record.failure_kind) == (GradeStatus.INTERRUPTED, Fault.RUNNER_CRASH)
    assert record.outcome == 0.0
    assert record.reward.arithmetic == ("not scored: the grader crashed (KeyError: 'x')",)
    assert record.interruption is not None
    assert record.interruption.finished == ("budget/test_budget.py::test_accounts",)
    assert len(record.interruption.not_finished) == 3
    assert {t.reason for t in record.tests[1:]} == {"not run: the grader crashed (KeyError: 'x')"}
