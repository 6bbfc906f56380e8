"""The controller-side reporter: gathers each test's result and writes `grade.json` once."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import shutil
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_revylbench.app.hangs import launch_hangs
from pytest_revylbench.devices.lease import LeaseBoard
from pytest_revylbench.outputs.feedback import write_feedback
from pytest_revylbench.outputs.scorecard import write_grade_scorecard
from pytest_revylbench.plugin.config import GradeConfig, oracle_dir
from pytest_revylbench.plugin.fixtures import build_work_dir
from pytest_revylbench.plugin.item_ids import builtin_id
from pytest_revylbench.plugin.keys import planned_key, stop_key
from pytest_revylbench.records.build import BuildResult
from pytest_revylbench.records.grade import FeedbackResult, GradeRecord, Interruption, TestResult
from pytest_revylbench.records.reward import Reward
from pytest_revylbench.records.vocabulary import BENCH_FAULTS, Fault, GradeStatus, Verdict
from pytest_revylbench.scoring.tiers import RewardRefused
from pytest_revylbench.scoring.vector import grade_vector
from pytest_revylbench.tasks.oracle import OracleIncomplete, write_oracle

from pytest_revylbench.outputs.ledger import append_submission
from pytest_revylbench.outputs.provenance import grade_digests
from pytest_revylbench.records.ledger import SubmissionRecord

RESULT_PROPERTY = "revylbench_result"
_LIMIT_PASSED = "not run: the grade's time limit"
"""How the reason of an item the grade's limit kept from running begins (NotRunInTime)."""


def sweep_leftover_devices(grade: GradeConfig) -> None:
    """Stop what crashed workers left running: the processes their devices recorded."""
    folder = grade.run_dir / ".leases" / grade.pool.name
    if folder.is_dir():
        LeaseBoard(folder, grade.pool.slots, timeout_s=0).sweep()


def build_subtest(build: BuildResult, task_id: str) -> TestResult:
    """The build tier's subtest: the submission exported for the platform."""
    return TestResult(
        nodeid=f"{builtin_id(task_id)}::build::export", name="build: export", role="other", tier="build",
        verdict=Verdict.PASS if build.ok else Verdict.FAIL,
        fault=None if build.ok else (build.fault or Fault.BUILD_FAILED), reason=build.reason,
        duration_s=build.seconds,
    )


def _write_json(path: Path, record: GradeRecord) -> None:
    """Write whole or not at all: a reader never sees half a grade.json."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".json.partial")
    partial.write_text(json.dumps(record.model_dump(mode="json"), indent=2) + "\n", encoding="utf-8")
    partial.replace(path)


@contextlib.contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold SIGINT and SIGTERM off while the record is written (the grade is ending anyway)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    for sig in previous:
        signal.signal(sig, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def grade_status(
    build: BuildResult | None, results: list[TestResult]
) -> tuple[GradeStatus, Fault | None]:
    """The grade's status and failure kind: the build first, then bench faults, then crashes."""
    if build is not None and not build.ok:
        kind = build.fault or Fault.BUILD_FAILED
        status = {Fault.TIMEOUT: GradeStatus.TIMEOUT, Fault.BUILD_FAILED: GradeStatus.CANDIDATE_FAILURE}
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


class GradeReporter:
    """Registered on the controller only (never on an xdist worker), like junitxml."""

    def __init__(self, config: pytest.Config, grade: GradeConfig) -> None:
        self.config = config
        self.grade = grade
        self.results: dict[str, TestResult] = {}
        self.started_at = _now()
        self.record: GradeRecord | None = None
        self.path: Path | None = None
        self.ledger_entry: SubmissionRecord | None = None
        self.feedback: Path | None = None
        self.refused = ""
        self.oracle_note = ""

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for name, value in report.user_properties:
            if name == RESULT_PROPERTY:
                result = TestResult.model_validate_json(str(value))
                self.results[result.nodeid] = result
        if str(report.when) == "???" and report.nodeid not in self.results:
            # pytest-xdist's report for a test whose worker died: the test has no result.
            self.results[report.nodeid] = TestResult(
                nodeid=report.nodeid, name=report.nodeid.rpartition("::")[2], role="other",
                verdict=Verdict.NOT_RUN, fault=Fault.NO_REPORT,
                reason="the worker running this test crashed before reporting",
            )

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        stop = self.config.stash.get(stop_key, None)
        if stop is not None and stop.timer is not None:
            stop.timer.cancel()
        # A signal now would leave half a record: it waits until the record is written.
        with signals_deferred():
            try:
                self._finish(session)
            except Exception as exc:  # a crash of the grader still leaves a record
                if self.path is not None and self.path.is_file():
                    raise
                self._write_crash_record(session, f"{type(exc).__name__}: {exc}")
                raise

    def _interruption(self, session: pytest.Session) -> tuple[str, Fault] | None:
        """Why the grade stopped before every item ran, and the fault of what did not run."""
        stop = self.config.stash.get(stop_key, None)
        hung = launch_hangs(self.grade.run_dir) > 0 or any(
            r.fault is Fault.APP_HANG for r in self.results.values())
        timed_out = [r for r in self.results.values() if r.reason.startswith(_LIMIT_PASSED)]
        if (stop is not None and stop.limit) or timed_out:
            reason = stop.reason if stop is not None and stop.reason else timed_out[0].reason[9:]
            return reason, Fault.APP_HANG if hung else Fault.TIMEOUT
        if session.exitstatus == pytest.ExitCode.INTERRUPTED:
            return (stop.reason if stop is not None and stop.reason else "SIGINT"), Fault.NO_REPORT
        if session.exitstatus == pytest.ExitCode.INTERNAL_ERROR and not self.refused:
            return "a crash of the grader (pytest internal error)", Fault.RUNNER_CRASH
        return None

    def _write_crash_record(self, session: pytest.Session, crash: str) -> None:
        grade = self.grade
        planned = {p.nodeid: p for p in self.config.stash.get(planned_key, [])}
        tests = [r for r in self.results.values()]
        not_finished = [p.model_copy(update={"fault": Fault.RUNNER_CRASH,
                                             "reason": f"not run: the grader crashed ({crash})"})
                        for n, p in planned.items() if n not in self.results]
        record = GradeRecord(
            run_id=grade.run_id, task=grade.task.spec.id, task_version=grade.task.spec.version,
            platform=grade.platform, submission_digest="", status=GradeStatus.INTERRUPTED,
            failure_kind=Fault.RUNNER_CRASH, outcome=0.0,
            reward=Reward(scheme=grade.task.spec.scoring.scheme, score=0.0,
                          arithmetic=(f"not scored: the grader crashed ({crash})",)),
            tests=(*tests, *not_finished), started_at=self.started_at, finished_at=_now(),
            interruption=Interruption(reason=f"a crash of the grader: {crash}",
                                      fault=Fault.RUNNER_CRASH, finished=tuple(sorted(self.results)),
                                      not_finished=tuple(t.nodeid for t in not_finished)),
        )
        self.record = record
        self.path = grade.run_dir / "grade.json"
        _write_json(self.path, record)
        if grade.rollout is not None:
            self.ledger_entry = append_submission(
                grade.rollout, record, spec=grade.task.spec, agent_seconds=grade.agent_seconds)

    def _finish(self, session: pytest.Session) -> None:
        grade = self.grade
        sweep_leftover_devices(grade)
        stopped = self._interruption(session)
        interruption = None
        if stopped is not None:
            reason, fault = stopped
            planned = self.config.stash.get(planned_key, [])
            finished = tuple(sorted(n for n, r in self.results.items()
                                    if not r.reason.startswith(_LIMIT_PASSED)))
            for p in planned:
                if p.nodeid not in self.results:
                    self.results[p.nodeid] = p.model_copy(update={
                        "fault": fault, "reason": f"not run: the grade was stopped first ({reason})"})
            interruption = Interruption(
                reason=reason, fault=fault, finished=finished,
                not_finished=tuple(sorted(n for n in self.results if n not in finished)))
        if not self.results and interruption is None:
            return
        build_json = grade.run_dir / "build.json"
        build = (
            BuildResult.model_validate_json(build_json.read_text(encoding="utf-8"))
            if build_json.is_file() else None
        )
        stage_order = {s.id: n for n, s in enumerate(grade.task.spec.stages)}
        results = sorted(self.results.values(), key=lambda r: (
            {"stage": 0, "journey": 1}.get(r.role, 2), stage_order.get(r.stage or "", 0), r.nodeid
        ))
        status, kind = grade_status(build, results)
        if interruption is not None:
            status, kind = GradeStatus.INTERRUPTED, interruption.fault
        spec = grade.task.spec
        if build is not None and spec.scoring.scheme != "stages" and "build" not in spec.tiers:
            results = [build_subtest(build, spec.id), *results]
        digests, environment = grade_digests(grade.task, grade.submission, grade.appium_dir)
        oracle_out = self.config.getoption("revylbench_oracle_out", None)
        if oracle_out:
            self._write_oracle(Path(oracle_out), results, digests["submission"], session)
            return
        try:
            reward = self.config.hook.pytest_revylbench_reward(task=grade.task.spec, results=results)
            vector = grade_vector(spec, results, run_dir=grade.run_dir, oracle_dir=oracle_dir(grade))
        except RewardRefused as exc:
            if interruption is None:
                self.refused = f"{grade.task.folder / 'task.toml'}: the reward was refused: {exc}"
                session.exitstatus = pytest.ExitCode.INTERNAL_ERROR
                return
            # Stopped early, the grade may not be scorable; it is still recorded.
            reward, vector = Reward(scheme=spec.scoring.scheme, score=0.0,
                                    arithmetic=(f"not scored: {exc}",)), None
        if reward is None:
            raise pytest.UsageError(
                f"{grade.task.folder / 'task.toml'}: field scoring.scheme: no reward scheme "
                f"named {grade.task.spec.scoring.scheme!r} is registered"
            )
        record = GradeRecord(
            run_id=grade.run_id, task=grade.task.spec.id, task_version=grade.task.spec.version,
            platform=grade.platform, submission_digest=digests["submission"],
            status=status, failure_kind=kind, outcome=reward.score, reward=reward, vector=vector,
            build=build, tests=tuple(results), started_at=self.started_at, finished_at=_now(),
            digests=digests, environment=environment,
            trust="trusted" if build is not None and build.sandboxed else "dev-untrusted",
            interruption=interruption,
        )
        # The bundle first: whether it was written is part of the grade and of its ledger line.
        self.record = self._with_feedback(record)
        self.path = grade.run_dir / "grade.json"
        grade.run_dir.mkdir(parents=True, exist_ok=True)
        _write_json(self.path, self.record)
        work = build_work_dir(grade)
        shutil.rmtree(work, ignore_errors=True)
        Path(f"{work}.lock").unlink(missing_ok=True)
        if grade.rollout is not None:
            self.ledger_entry = append_submission(
                grade.rollout, self.record, spec=grade.task.spec, agent_seconds=grade.agent_seconds,
            )
        write_grade_scorecard(self.record, grade.run_dir)
        self.config.hook.pytest_revylbench_grade_written(record=self.record, path=self.path)

    def _with_feedback(self, record: GradeRecord) -> GradeRecord:
        """`record` with its feedback bundle written (hidden text redacted field by field).

        A bundle that cannot be written is never silently absent: the grade becomes the
        bench's fault (`feedback_fault`, status infra_failure), and so does its ledger line.
        """
        grade = self.grade
        try:
            bundle = write_feedback(record, grade.task, grade.run_dir)
        except Exception as exc:  # whatever stopped it, the agent got no feedback
            result = FeedbackResult(written=False, error=f"{type(exc).__name__}: {exc}")
            if record.failure_kind in BENCH_FAULTS:  # already the bench's: keep the first cause
                return record.model_copy(update={"feedback": result})
            return record.model_copy(update={
                "feedback": result, "status": GradeStatus.INFRA_FAILURE,
                "failure_kind": Fault.FEEDBACK_FAULT,
            })
        self.feedback = bundle.folder
        return record.model_copy(update={
            "feedback": FeedbackResult(written=True, redactions=bundle.redactions)})

    def _write_oracle(self, dest: Path, results: list[TestResult], digest: str,
                      session: pytest.Session) -> None:
        grade = self.grade
        try:
            shots = write_oracle(grade.task.spec, results, run_dir=grade.run_dir, dest=dest,
                                 platform=grade.platform, submission_digest=digest)
        except OracleIncomplete as exc:
            self.refused = f"the oracle was NOT written: {exc}"
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
            return
        self.oracle_note = f"oracle: {len(shots)} screenshot(s) written to {dest}"

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self.oracle_note:
            terminalreporter.write_sep("=", self.oracle_note)
        record = self.record
        if self.refused:
            terminalreporter.write_sep("=", "revylbench grade REFUSED", red=True)
            terminalreporter.write_line(self.refused, red=True)
        if record is None:
            return
        tr = terminalreporter
        tr.write_sep("=", f"revylbench grade: {record.task} on {record.platform}")
        if record.build is not None and not record.build.ok:
            tr.write_line(f"build FAILED: {record.build.reason}")
            for line in record.build.log_tail.splitlines()[-10:]:
                tr.write_line(f"  | {line}")
        width = max(len(r.name) for r in record.tests)
        for r in record.tests:
            why = f"  ({r.fault.value}: {r.reason})" if r.fault is not None else ""
            tr.write_line(f"{r.tier or r.role:<10} {r.name:<{width}}  {r.verdict.value:<7}{why}".rstrip())
        stages = record.vector.schemes.get("stages") if record.vector else None
        stages = stages or (record.reward if record.reward.scheme == "stages" else None)
        flow = (f"stages passed in a row: {stages.stages_passed}, journey: "
                f"{'passed' if stages.journey_passed else 'not passed'}; ") if stages else ""
        tr.write_line(f"outcome {record.outcome:.2f}  ({flow}scheme {record.reward.scheme})  "
                      f"status {record.status.value}")
        closed = record.reward.arithmetic[-1] if record.reward.arithmetic else ""
        if " gate: " in f" {closed}":
            tr.write_line(f"  {closed}")
        if record.vector is not None:
            for tier, summary in record.vector.tiers.items():
                tr.write_line(f"  tier {tier:<10} {summary.score:.2f}  ({summary.arithmetic})")
            for scheme, why in record.vector.refused.items():
                tr.write_line(f"  scheme {scheme}: not scored: {why}")
        tr.write_line(f"report: {self.path}")
        tr.write_line(f"scorecard: {self.grade.run_dir / 'scorecard.html'}")
        feedback = record.feedback
        if feedback is not None and feedback.written:
            tr.write_line(f"feedback for the agent: {self.feedback} "
                          f"(redacted fields: {len(feedback.redactions)})")
            for cut in feedback.redactions:
                tr.write_line(f"  redacted: {cut.item}: {cut.field} (hidden text of {cut.hidden_file})")
        elif feedback is not None:
            tr.write_line(f"feedback bundle NOT written: {feedback.error}; the grade is the "
                          f"bench's fault ({record.failure_kind})", red=True)
        if self.ledger_entry is not None and self.grade.rollout is not None:
            entry = self.ledger_entry
            tr.write_line(
                f"rollout: submission {entry.k} ({entry.party}) recorded in "
                f"{self.grade.rollout / 'ledger.jsonl'}; score it with "
                f"`revylbench rollout {self.grade.rollout}`"
            )

