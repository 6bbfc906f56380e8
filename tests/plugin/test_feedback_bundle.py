"""The feedback bundle of real grades (no device): every grade writes it, exceptions left out,
hidden text redacted field by field and recorded; a bundle that cannot be written is a bench
fault of the grade, never a silent absence."""

from __future__ import annotations

import json

import pytest

from pytest_revylbench.outputs.feedback import Feedback
from pytest_revylbench.records.grade import GradeRecord, Redaction
from pytest_revylbench.records.vocabulary import Verdict

GRADE = ["--task", "demo", "--submission", "submission", "--run-id", "r1", "-p", "no:cacheprovider"]
CANARY = "rvb-canary-plugin-0b7e41d9"

SUITE = f"""
from pytest_revylbench import journey, stage
from pytest_revylbench.devices.errors import AppLaunchFailed

_CANARY = {CANARY!r}

@stage("one")
def test_one():
    pass

@stage("two")
def test_two():
    assert _CANARY == "x", "the total is " + _CANARY

@stage("three")
def test_three():
    raise AppLaunchFailed("the app crashed, said " + _CANARY)

@journey
def test_trip():
    pass
"""

# A check decided the way `app.see` records one, without a device: its criterion names the
# suite's hidden helper, its observation is what "the app" showed, hidden words included.
CHECKED_SUITE = """
from pytest_revylbench import journey, stage
from pytest_revylbench.app.facade import CheckFailed
from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.plugin.keys import recorder_key

@stage("one")
def test_one():
    pass

@stage("two")
def test_two(request, revylbench_grade):
    recorder = EvidenceRecorder(revylbench_grade.run_dir, request.node.name)
    request.node.stash[recorder_key] = recorder
    shown = "Hello; settle_the_ledger_twice"
    criterion = "the greeting survives settle_the_ledger_twice"
    recorder.check(criterion, "'Hello'", shown, passed=False)
    raise CheckFailed(criterion, "'Hello'", shown)

@stage("three")
def test_three():
    pass

@journey
def test_trip():
    pass
"""


def read_grade(pytester: pytest.Pytester) -> GradeRecord:
    return GradeRecord.model_validate_json((pytester.path / "reports/r1/grade.json").read_text())


def test_a_graded_suite_gives_a_bundle_without_its_exceptions(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE})
    result = demo_task.runpytest(*GRADE)
    result.assert_outcomes(passed=2, failed=2)
    run_dir = demo_task.path / "reports/r1"
    result.stdout.fnmatch_lines([f"feedback for the agent: {run_dir / 'feedback'} (redacted fields: 0)"])
    record = read_grade(demo_task)
    assert CANARY in record.model_dump_json()  # the grade keeps the exception texts …
    assert record.feedback is not None and record.feedback.written and record.feedback.redactions == ()
    feedback = Feedback.model_validate_json((run_dir / "feedback/feedback.json").read_text())
    assert feedback.verdicts == {"Stage 1: One": Verdict.PASS, "Stage 2: Two": Verdict.FAIL,
                                 "Stage 3: Three": Verdict.FAIL, "Journey: Trip": Verdict.PASS}
    assert [(f.name, f.message) for f in feedback.failures] == [
        ("Stage 2: Two", "A check of this stage did not hold."),
        ("Stage 3: Three", "The app did not start, or did not stay up, after launch."),
    ]
    bundle = (run_dir / "feedback/feedback.json").read_text() + (run_dir / "feedback/feedback.md").read_text()
    # … the bundle does not.
    for never in (CANARY, "test_two", "test_suite", "AppLaunchFailed", "AssertionError"):
        assert never not in bundle


def test_a_grade_a_bench_fault_ended_shows_only_that(demo_task: pytest.Pytester) -> None:
    """A lost session (driver_error) in stage three makes the grade the bench's: graded again,
    never charged, so its bundle names no stage and no verdict of the others."""
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE.replace(
        'raise AppLaunchFailed("the app crashed, said " + _CANARY)',
        'raise ConnectionRefusedError("refused by " + _CANARY)')})
    demo_task.runpytest(*GRADE).assert_outcomes(passed=2, failed=2)
    record = read_grade(demo_task)
    assert record.failure_kind is not None and record.failure_kind.value == "driver_error"
    run_dir = demo_task.path / "reports/r1"
    feedback = Feedback.model_validate_json((run_dir / "feedback/feedback.json").read_text())
    assert (feedback.verdicts, feedback.failures) == ({}, ())
    assert feedback.bench_fault is not None and "(driver_error)" in feedback.bench_fault
    shown = "".join((run_dir / name).read_text() for name in (
        "feedback/feedback.json", "feedback/feedback.md", "scorecard-redacted.html"))
    for never in (CANARY, "Stage 2", "Two", "Journey", "ConnectionRefused", "A check of this"):
        assert never not in shown


def test_a_failed_build_bundle_carries_the_build_log(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_suite": (
        "from pytest_revylbench import journey, stage\n"
        "@stage('one')\ndef test_one(app):\n    app.see('Hello')\n"
        "@journey\ndef test_trip(app):\n    app.see('Hello')\n"
    )})
    demo_task.runpytest(*GRADE, "--cache-dir", str(demo_task.path / "cache"))
    run_dir = demo_task.path / "reports/r1"
    assert read_grade(demo_task).feedback is not None
    feedback = Feedback.model_validate_json((run_dir / "feedback/feedback.json").read_text())
    assert feedback.build_log is not None and "no package-lock.json" in feedback.build_log
    assert [(f.name, f.verdict, f.message) for f in feedback.failures] == [
        ("Stage 1: One", Verdict.NOT_RUN, "Not run: the build failed."),
        ("Journey: Trip", Verdict.NOT_RUN, "Not run: the build failed."),
    ]
    assert set(feedback.verdicts.values()) == {Verdict.NOT_RUN}


def test_a_criterion_with_hidden_text_is_redacted_recorded_and_counted(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_suite": CHECKED_SUITE})
    result = demo_task.runpytest(*GRADE)
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines([
        "feedback for the agent: *feedback (redacted fields: 1)",
        "  redacted: Stage 2: Two: criterion (hidden text of suites/demo/test_suite.py)",
    ])
    record = read_grade(demo_task)
    assert record.status.value == "completed" and record.failure_kind is None
    assert record.feedback is not None and record.feedback.written
    assert record.feedback.redactions == (
        Redaction(item="Stage 2: Two", field="criterion", hidden_file="suites/demo/test_suite.py"),)
    run_dir = demo_task.path / "reports/r1"
    feedback = json.loads((run_dir / "feedback/feedback.json").read_text())
    assert feedback["withheld"] == 1
    (entry,) = feedback["failures"]
    assert entry["criterion"] == "criterion withheld: it would reveal a hidden check"
    # What the app showed is the app's: it goes back as it was.
    assert (entry["expected"], entry["observed"]) == ("'Hello'", "Hello; settle_the_ledger_twice")
    scorecard = (run_dir / "scorecard.html").read_text()
    assert 'id="feedback" data-written="true" data-redactions="1"' in scorecard
    assert "Stage 2: Two: criterion withheld (hidden text of suites/demo/test_suite.py)" in scorecard


FULL_DISK = """
import errno

import pytest_revylbench.outputs.grade as writers

_write = writers.write_feedback


def _full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def pytest_configure(config):
    writers.write_feedback = _full


def pytest_unconfigure(config):
    writers.write_feedback = _write
"""


def test_a_bundle_that_cannot_be_written_makes_the_grade_a_bench_fault(demo_task: pytest.Pytester) -> None:
    from pytest_revylbench.cli import main
    from pytest_revylbench.outputs.ledger import read_ledger

    # Only the agent's fault in the grade (a failed stage): the full disk makes it the bench's.
    demo_task.makepyfile(**{"suites/demo/test_suite": CHECKED_SUITE})
    demo_task.makeconftest(FULL_DISK)
    rollout = demo_task.path / "rollout"
    dirs = [f"--tasks-dir={demo_task.path / 'tasks'}", f"--suites-dir={demo_task.path / 'suites'}"]
    assert main([*dirs, "rollout", "start", "--task", "demo", "--seed", "1", str(rollout)]) == 0
    result = demo_task.runpytest(*GRADE, "--rollout", str(rollout))
    result.stdout.fnmatch_lines([
        "feedback bundle NOT written: OSError: [[]Errno 28[]] No space left on device; "
        "the grade is the bench's fault (feedback_fault)",
        "rollout: submission 1 (bench) recorded in*",
    ])
    record = read_grade(demo_task)
    assert (record.status.value, record.failure_kind) == ("infra_failure", "feedback_fault")
    assert record.feedback is not None and not record.feedback.written
    assert "No space left on device" in record.feedback.error
    assert not (demo_task.path / "reports/r1/feedback").exists()
    (entry,) = read_ledger(rollout).records
    assert (entry.failure_kind, entry.party) == ("feedback_fault", "bench")
