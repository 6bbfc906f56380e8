"""A grade decided: one pure function from what the grade collected to its `GradeRecord`.

`finish()` sets the status and failure kind, adds the build's subtest, finishes the items a
stopped grade did not run, and scores the grade through the scorers it is handed (the reward
hook, the vector). It reads no file, hashes nothing, asks no clock and imports no pytest: the
reporter collects, reads and hashes, and the writers in `outputs/` write what it returns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from pytest_revylbench.records.build import BuildResult
from pytest_revylbench.records.grade import FeedbackResult, GradeRecord, Interruption, TestResult
from pytest_revylbench.records.reward import GradeVector, Reward
from pytest_revylbench.records.task import TaskSpec
from pytest_revylbench.records.vocabulary import (
    BENCH_FAULTS,
    Fault,
    GradeStatus,
    Platform,
    Scheme,
    Tier,
    Verdict,
)
from pytest_revylbench.scoring.tiers import RewardRefused

LIMIT_PASSED = "not run: the grade's time limit"
"""How the reason of an item the grade's limit kept from running begins (NotRunInTime)."""

RewardScorer = Callable[[Sequence[TestResult]], Reward | None]
"""The task's scheme (the `pytest_revylbench_reward` hook): None when no scheme answered."""
VectorScorer = Callable[[Sequence[TestResult]], GradeVector]
"""Every measure of the grade (`scoring.vector.grade_vector` bound to the run's folders)."""


class SchemeMissing(ValueError):
    """No reward scheme answered for the task's `scoring.scheme`."""


@dataclass(frozen=True)
class Collected:
    """What the controller gathered while the grade ran."""

    results: Mapping[str, TestResult]
    """Each reported item's result, by node id."""
    planned: Sequence[TestResult] = ()
    """Every collected item, as a not-run result."""
    stop_reason: str = ""
    """`SIGTERM`, `SIGINT`, or the grade's time limit; empty while nothing stopped it."""
    stopped_by_limit: bool = False
    """The grade's own time limit stopped it."""
    interrupted: bool = False
    """pytest ended the session as interrupted (a signal)."""
    internal_error: bool = False
    """pytest ended the session with an internal error."""
    launch_hangs: int = 0
    """Launches recorded as hung in the run folder (by every worker)."""


@dataclass(frozen=True)
class Settled:
    """The results once a stopped grade's unrun items are finished, and why it stopped."""

    results: Mapping[str, TestResult]
    interruption: Interruption | None = None


@dataclass(frozen=True)
class GradeInputs:
    """Everything `finish()` decides from, read and hashed beforehand by the caller."""

    spec: TaskSpec
    task_toml: str
    """The task file's path, for messages."""
    builtin_id: str
    """What the task's built-in subtests hang from (`plugin.item_ids.builtin_id`): `budget`."""
    run_id: str
    platform: Platform
    collected: Collected
    build: BuildResult | None
    """build.json of the run, when the grade built the submission."""
    reward: RewardScorer
    vector: VectorScorer
    started_at: str
    finished_at: str
    digests: Mapping[str, str] = field(default_factory=dict)
    environment: Mapping[str, str] = field(default_factory=dict)
    oracle: bool = False
    """The run records the reference's screenshots (--oracle-out) instead of grading."""
    evidence_digests: Mapping[str, str] = field(default_factory=dict)
    """`sha256:` of each evidence file the results cite (screenshots, UI trees), by report path."""


@dataclass(frozen=True)
class Refused:
    """The grade could not be scored: nothing is written, the session fails."""

    message: str


@dataclass(frozen=True)
class OracleRun:
    """The run records the oracle: the results it is made from, no grade."""

    tests: tuple[TestResult, ...]
    submission_digest: str


Decision = GradeRecord | Refused | OracleRun | None
"""What `finish()` decided; None when nothing ran and nothing stopped the grade."""


def grade_status(
    build: BuildResult | None, results: Sequence[TestResult]
) -> tuple[GradeStatus, Fault | None]:
    """The grade's status and failure kind: the build first, then bench faults, then crashes."""
    if build is not None and not build.ok:
        kind = build.fault or Fault.BUILD_FAILED
        status = {Fault.TIMEOUT: GradeStatus.TIMEOUT, Fault.BUILD_FAILED: GradeStatus.CANDIDATE_FAILURE,
                  Fault.TAMPERED: GradeStatus.CANDIDATE_FAILURE}  # its code reads a sign (builder/signs)
        return status.get(kind, GradeStatus.INFRA_FAILURE), kind
    if any(r.fault is Fault.TAMPERED for r in results):
        # Decided before bench faults: a grade that forged its verdicts is never refunded.
        return GradeStatus.CANDIDATE_FAILURE, Fault.TAMPERED
    bench = sorted({r.fault for r in results if r.fault in BENCH_FAULTS})
    if bench:
        kind = bench[0]
        return (GradeStatus.TIMEOUT if kind is Fault.TIMEOUT else GradeStatus.INFRA_FAILURE), kind
    for agent in (Fault.APP_CRASH, Fault.APP_HANG):
        if any(r.fault is agent for r in results):
            return GradeStatus.CANDIDATE_FAILURE, agent
    return GradeStatus.COMPLETED, None


def build_subtest(build: BuildResult, builtin_id: str) -> TestResult:
    """The build tier's subtest: the submission exported for the platform."""
    return TestResult(
        nodeid=f"{builtin_id}::build::export", name="build: export", role="other", tier=Tier.BUILD,
        verdict=Verdict.PASS if build.ok else Verdict.FAIL,
        fault=None if build.ok else (build.fault or Fault.BUILD_FAILED), reason=build.reason,
        duration_s=build.seconds,
    )


def stopped(collected: Collected) -> tuple[str, Fault] | None:
    """Why the grade stopped before every item ran, and the fault of what did not run."""
    results = collected.results.values()
    hung = collected.launch_hangs > 0 or any(r.fault is Fault.APP_HANG for r in results)
    timed_out = [r for r in results if r.reason.startswith(LIMIT_PASSED)]
    if collected.stopped_by_limit or timed_out:
        reason = collected.stop_reason or timed_out[0].reason[len("not run: "):]
        return reason, Fault.APP_HANG if hung else Fault.TIMEOUT
    if collected.interrupted:
        return collected.stop_reason or "SIGINT", Fault.NO_REPORT
    if collected.internal_error:
        return "a crash of the grader (pytest internal error)", Fault.RUNNER_CRASH
    return None


def settle(collected: Collected) -> Settled:
    """Finish the items a stopped grade did not run (not run, with the stop's fault)."""
    why = stopped(collected)
    if why is None:
        return Settled(results=dict(collected.results))
    reason, fault = why
    results = dict(collected.results)
    finished = tuple(sorted(n for n, r in results.items() if not r.reason.startswith(LIMIT_PASSED)))
    for p in collected.planned:
        if p.nodeid not in results:
            results[p.nodeid] = p.model_copy(update={
                "fault": fault, "reason": f"not run: the grade was stopped first ({reason})"})
    interruption = Interruption(
        reason=reason, fault=fault, finished=finished,
        not_finished=tuple(sorted(n for n in results if n not in finished)))
    return Settled(results=results, interruption=interruption)


def ordered(spec: TaskSpec, results: Mapping[str, TestResult]) -> list[TestResult]:
    """Stages in the task's order, then journeys, then the rest; node ids break ties."""
    stage_order = {s.id: n for n, s in enumerate(spec.stages)}
    return sorted(results.values(), key=lambda r: (
        {"stage": 0, "journey": 1}.get(r.role, 2), stage_order.get(r.stage or "", 0), r.nodeid
    ))


def graded_tests(spec: TaskSpec, build: BuildResult | None, results: Sequence[TestResult],
                 builtin_id: str) -> list[TestResult]:
    """The grade's tests: the build's subtest first when no tier item stands for the build."""
    if build is not None and spec.scoring.scheme != Scheme.STAGES and Tier.BUILD not in spec.tiers:
        return [build_subtest(build, builtin_id), *results]
    return list(results)


def finish(inputs: GradeInputs) -> Decision:
    """Decide the grade from what it collected: its record, a refusal, or the oracle's tests.

    Raises `SchemeMissing` when no reward scheme answers for the task's scheme.
    """
    spec = inputs.spec
    settled = settle(inputs.collected)
    interruption = settled.interruption
    if not settled.results and interruption is None:
        return None
    results = ordered(spec, settled.results)
    status, kind = grade_status(inputs.build, results)
    if interruption is not None:
        status, kind = GradeStatus.INTERRUPTED, interruption.fault
    results = graded_tests(spec, inputs.build, results, inputs.builtin_id)
    submission = inputs.digests.get("submission", "")
    if inputs.oracle:
        return OracleRun(tests=tuple(results), submission_digest=submission)
    vector: GradeVector | None
    try:
        reward = inputs.reward(results)
        vector = inputs.vector(results)
    except RewardRefused as exc:
        if interruption is None:
            return Refused(f"{inputs.task_toml}: the reward was refused: {exc}")
        # Stopped early, the grade may not be scorable; it is still recorded.
        reward, vector = Reward(scheme=spec.scoring.scheme, score=0.0,
                                arithmetic=(f"not scored: {exc}",)), None
    if reward is None:
        raise SchemeMissing(
            f"{inputs.task_toml}: field scoring.scheme: no reward scheme "
            f"named {spec.scoring.scheme!r} is registered"
        )
    build = inputs.build
    return GradeRecord(
        run_id=inputs.run_id, task=spec.id, task_version=spec.version, platform=inputs.platform,
        submission_digest=submission, status=status, failure_kind=kind, outcome=reward.score,
        reward=reward, vector=vector, build=build, tests=tuple(results),
        started_at=inputs.started_at, finished_at=inputs.finished_at,
        digests=dict(inputs.digests), environment=dict(inputs.environment),
        trust="trusted" if build is not None and build.sandboxed else "dev-untrusted",
        interruption=interruption, evidence_digests=dict(inputs.evidence_digests),
    )


def with_feedback(record: GradeRecord, feedback: FeedbackResult) -> GradeRecord:
    """`record` with what became of its feedback bundle.

    A bundle that could not be written is never silently absent: the grade becomes the
    bench's fault (`feedback_fault`, status infra_failure), unless the bench's already.
    """
    if feedback.written or record.failure_kind in BENCH_FAULTS:  # keep the first cause
        return record.model_copy(update={"feedback": feedback})
    return record.model_copy(update={
        "feedback": feedback, "status": GradeStatus.INFRA_FAILURE,
        "failure_kind": Fault.FEEDBACK_FAULT,
    })


def crashed(spec: TaskSpec, *, run_id: str, platform: Platform, results: Mapping[str, TestResult],
            planned: Sequence[TestResult], crash: str, started_at: str,
            finished_at: str) -> GradeRecord:
    """The record of a grade whose grader crashed: what ran, and the rest not run (runner_crash)."""
    unique = {p.nodeid: p for p in planned}
    not_finished = [p.model_copy(update={"fault": Fault.RUNNER_CRASH,
                                         "reason": f"not run: the grader crashed ({crash})"})
                    for n, p in unique.items() if n not in results]
    return GradeRecord(
        run_id=run_id, task=spec.id, task_version=spec.version,
        platform=platform, submission_digest="", status=GradeStatus.INTERRUPTED,
        failure_kind=Fault.RUNNER_CRASH, outcome=0.0,
        reward=Reward(scheme=spec.scoring.scheme, score=0.0,
                      arithmetic=(f"not scored: the grader crashed ({crash})",)),
        tests=(*results.values(), *not_finished), started_at=started_at, finished_at=finished_at,
        interruption=Interruption(reason=f"a crash of the grader: {crash}",
                                  fault=Fault.RUNNER_CRASH, finished=tuple(sorted(results)),
                                  not_finished=tuple(t.nodeid for t in not_finished)),
    )
