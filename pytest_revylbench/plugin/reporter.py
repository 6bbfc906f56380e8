"""The controller-side reporter: collects each test's result, has the grade decided
(`grading.finish`) and written (`outputs.grade`) once, and prints its summary."""

from __future__ import annotations

import contextlib
import datetime as dt
import signal
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from pytest_revylbench.app.hangs import launch_hangs
from pytest_revylbench.devices.lease import LeaseBoard
from pytest_revylbench.grading import (
    Collected,
    GradeInputs,
    OracleRun,
    Refused,
    SchemeMissing,
    crashed,
    finish,
    settle,
    with_feedback,
)
from pytest_revylbench.outputs.grade import (
    GRADE_JSON,
    read_build,
    write_crash_record,
    write_feedback_bundle,
    write_grade,
)
from pytest_revylbench.outputs.leakguard import task_index
from pytest_revylbench.outputs.oracle import OracleIncomplete, write_oracle
from pytest_revylbench.outputs.provenance import environment, grade_digests
from pytest_revylbench.outputs.scorecard import compile_templates
from pytest_revylbench.outputs.sealing import evidence_digests
from pytest_revylbench.outputs.videos import apply_budget
from pytest_revylbench.plugin.config import GradeConfig, oracle_dir
from pytest_revylbench.plugin.fixtures import build_work_dir
from pytest_revylbench.plugin.item_ids import builtin_id
from pytest_revylbench.plugin.keys import planned_key, stop_key
from pytest_revylbench.records.audit import PixelAudit
from pytest_revylbench.records.grade import GradeRecord, TestResult
from pytest_revylbench.records.ledger import SubmissionRecord
from pytest_revylbench.records.reward import GradeVector, Reward
from pytest_revylbench.records.vocabulary import Fault, Scheme, Verdict
from pytest_revylbench.scoring import pixel_audit
from pytest_revylbench.scoring.pixel_audit import new_seed
from pytest_revylbench.scoring.tiers import compare_ahead
from pytest_revylbench.scoring.vector import grade_vector
from pytest_revylbench.tasks.design import DESIGN_PLATFORM, design_folder

RESULT_PROPERTY = "revylbench_result"


def sweep_leftover_devices(grade: GradeConfig) -> None:
    """Stop what crashed workers left running: the processes their devices recorded."""
    folder = grade.run_dir / ".leases" / grade.pool.name
    if folder.is_dir():
        LeaseBoard(folder, grade.pool.slots, timeout_s=0).sweep()


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


class GradeReporter:
    """Registered on the controller only (never on an xdist worker), like junitxml."""

    def __init__(self, config: pytest.Config, grade: GradeConfig) -> None:
        self.config = config
        self.grade = grade
        self.results: dict[str, TestResult] = {}
        self.settled: dict[str, TestResult] | None = None
        """The results with what a stopped grade did not run finished (once decided)."""
        self.started_at = _now()
        self.record: GradeRecord | None = None
        self.path: Path | None = None
        self.ledger_entry: SubmissionRecord | None = None
        self.feedback: Path | None = None
        self.refused = ""
        self.oracle_note = ""
        self._ahead: threading.Thread | None = None
        self.audit_seed = new_seed()
        """The pixel audit's sample seed: the grader's own, drawn for this grade."""

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        # The leak guard's index parses the suite with `ast` (≈ 0.1 s): here, on the main thread.
        # On CPython 3.11 (before 3.11.8) an AST built on another thread while pytest parses one
        # (rewriting a test module, formatting a traceback) can corrupt the interpreter's AST
        # recursion counter: `SystemError: AST constructor recursion depth mismatch`, an
        # internal error of the grade (CPython gh-106905).
        try:
            task_index(self.grade.task)
        except Exception:  # the end computes it again and says what went wrong
            pass
        self._ahead = threading.Thread(target=self._prepare, name="revylbench-reports", daemon=True)
        self._ahead.start()

    def _prepare(self) -> None:
        """What the grade's end needs and can know from the start, made while the items run
        (≈ 1 s off every grade's end): the environment's versions and the page templates (the
        leak guard's index is made before, on the main thread). Each is a cached function of
        inputs the grade does not change; a failure here is left for the end to meet and
        report. Nothing here may build an AST (see `pytest_sessionstart`)."""
        try:
            environment(self.grade.appium_dir)
            compile_templates()
        except Exception:  # the end computes it again and says what went wrong
            return

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for name, value in report.user_properties:
            if name == RESULT_PROPERTY:
                result = TestResult.model_validate_json(str(value))
                self.results[result.nodeid] = result
                visual = self.grade.task.spec.scoring.visual
                if visual is not None and result.screenshots:
                    compare_ahead(visual, result, run_dir=self.grade.run_dir,
                                  oracle_dir=oracle_dir(self.grade))
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

    def _collected(self, session: pytest.Session) -> Collected:
        stop = self.config.stash.get(stop_key, None)
        planned: list[TestResult] = self.config.stash.get(planned_key, [])
        return Collected(
            results=dict(self.results), planned=tuple(planned),
            stop_reason=stop.reason if stop is not None else "",
            stopped_by_limit=stop is not None and stop.limit,
            interrupted=session.exitstatus == pytest.ExitCode.INTERRUPTED,
            internal_error=session.exitstatus == pytest.ExitCode.INTERNAL_ERROR,
            launch_hangs=launch_hangs(self.grade.run_dir),
        )

    def _write_crash_record(self, session: pytest.Session, crash: str) -> None:
        grade = self.grade
        planned: list[TestResult] = self.config.stash.get(planned_key, [])
        record = crashed(
            grade.task.spec, run_id=grade.run_id, platform=grade.platform,
            results=self.results if self.settled is None else self.settled,
            planned=planned, crash=crash,
            started_at=self.started_at, finished_at=_now(),
        )
        self.record = record
        self.path = grade.run_dir / GRADE_JSON
        self.ledger_entry = write_crash_record(
            record, run_dir=grade.run_dir, rollout=grade.rollout, spec=grade.task.spec,
            agent_seconds=grade.agent_seconds)

    def _finish(self, session: pytest.Session) -> None:
        if self._ahead is not None:
            self._ahead.join()  # long done: it started with the session
        grade = self.grade
        spec = grade.task.spec
        sweep_leftover_devices(grade)
        self.results = apply_budget(self.results, grade.run_dir, grade.video_budget_mb)
        oracle_out = self.config.getoption("revylbench_oracle_out", None)
        audited = None
        if grade.platform == "web" and grade.pixel_audit > 0 and not oracle_out:
            try:
                audited = pixel_audit.audit(self.results, grade.run_dir, rate=grade.pixel_audit,
                                            seed=self.audit_seed)
            except Exception as exc:  # the audit's own failure is no verdict on the app
                audited = PixelAudit(rate=grade.pixel_audit, seed=self.audit_seed, eligible=0,
                                     outside=0, error=f"not audited: {type(exc).__name__}: {exc}")
            self.results = pixel_audit.apply(self.results, audited)
        collected = self._collected(session)
        settled = settle(collected)
        self.settled = dict(settled.results)
        if not settled.results and settled.interruption is None:
            return
        digests, environment = grade_digests(grade.task, grade.submission, grade.appium_dir)

        def reward(results: Sequence[TestResult]) -> Reward | None:
            answer: Reward | None = self.config.hook.pytest_revylbench_reward(task=spec, results=results)
            return answer

        def vector(results: Sequence[TestResult]) -> GradeVector:
            return grade_vector(spec, results, run_dir=grade.run_dir, oracle_dir=oracle_dir(grade))

        inputs = GradeInputs(
            spec=spec, task_toml=str(grade.task.folder / "task.toml"), builtin_id=builtin_id(spec.id),
            run_id=grade.run_id, platform=grade.platform, collected=collected,
            build=read_build(grade.run_dir), reward=reward, vector=vector,
            started_at=self.started_at, finished_at=_now(), digests=digests,
            environment=environment, oracle=bool(oracle_out),
            evidence_digests=evidence_digests(
                settled.results.values(), grade.run_dir,
                also=[c.crop for c in audited.not_shown if c.crop] if audited is not None else ()),
        )
        try:
            decided = finish(inputs)
        except SchemeMissing as exc:
            raise pytest.UsageError(str(exc)) from exc
        if decided is None:
            return
        if isinstance(decided, OracleRun):
            self._write_oracle(Path(str(oracle_out)), decided, session)
            return
        if isinstance(decided, Refused):
            self.refused = decided.message
            session.exitstatus = pytest.ExitCode.INTERNAL_ERROR
            return
        if audited is not None:
            decided = decided.model_copy(update={"pixel_audit": audited})
        # The bundle first: whether it was written is part of the grade and of its ledger line.
        feedback = write_feedback_bundle(decided, grade.task, grade.run_dir)
        self.feedback = feedback.folder
        self.record = with_feedback(decided, feedback.result)
        self.path = grade.run_dir / GRADE_JSON
        self.ledger_entry = write_grade(
            self.record, run_dir=grade.run_dir, work=build_work_dir(grade), rollout=grade.rollout,
            spec=spec, agent_seconds=grade.agent_seconds,
            design=design_folder(grade.task) if grade.platform == DESIGN_PLATFORM else None,
        )
        self.config.hook.pytest_revylbench_grade_written(record=self.record, path=self.path)

    def _write_oracle(self, dest: Path, run: OracleRun, session: pytest.Session) -> None:
        grade = self.grade
        try:
            shots = write_oracle(grade.task.spec, list(run.tests), run_dir=grade.run_dir, dest=dest,
                                 platform=grade.platform, submission_digest=run.submission_digest)
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
        stages = record.vector.schemes.get(Scheme.STAGES) if record.vector else None
        stages = stages or (record.reward if record.reward.scheme == Scheme.STAGES else None)
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
        audit = record.pixel_audit
        if audit is not None:
            tr.write_line(f"pixel audit: {len(audit.checks)} of {audit.eligible} passing text checks read "
                          f"back from their screenshots ({audit.seconds:.1f} s, "
                          f"{audit.cpu_seconds:.1f} s of CPU), "
                          f"{len(audit.not_shown)} not shown{'; ' + audit.error if audit.error else ''}")
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

