"""A grade always leaves a record: stopped by a signal, by its own limit or by a crash of the
grader, grade.json says `interrupted`, what finished, what did not and why; valid by schema."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator

import pytest

from pytest_revylbench.cli import main
from tests.unit.outputs.test_schemas import violations

SUITE = """
    import os, signal, time
    from pytest_revylbench import journey, stage

    @stage("one")
    def test_one():
        pass

    @stage("two")
    def test_two():
        {two}

    @stage("three")
    def test_three():
        pass

    @journey
    def test_trip():
        pass
"""


def _grade(demo_task: pytest.Pytester, two: str, *args: str) -> tuple[dict, pytest.RunResult]:
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE.format(two=two)})
    dirs = [f"--tasks-dir={demo_task.path / 'tasks'}", f"--suites-dir={demo_task.path / 'suites'}"]
    assert main([*dirs, "rollout", "start", "--task", "demo", "--seed", "1",
                 str(demo_task.path / "rollout")]) == 0
    result = demo_task.runpytest_subprocess(
        "--task", "demo", "--submission", "submission", "--run-id", "r1", "--rollout", "rollout",
        "-p", "no:cacheprovider", *args)
    record = json.loads((demo_task.path / "reports/r1/grade.json").read_text())
    assert violations(record, "grade") == []
    return record, result


def _by_name(record: dict) -> dict[str, tuple[str, str | None]]:
    return {t["name"]: (t["verdict"], t["fault"]) for t in record["tests"]}


@pytest.fixture
def sigint_not_ignored() -> Iterator[None]:
    """A run started in the background (`cmd &` without job control, as CI scripts may) has
    SIGINT ignored, and a grade rightly leaves an ignored SIGINT alone. The grade under test
    gets SIGINT's default: a Python handler here is reset to it across exec."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGINT"])
@pytest.mark.usefixtures("sigint_not_ignored")
def test_a_grade_stopped_by_a_signal_is_recorded_as_the_benchs(demo_task: pytest.Pytester, sig: str) -> None:
    record, result = _grade(demo_task, f"os.kill(os.getpid(), signal.{sig}); time.sleep(5)")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    assert record["status"] == "interrupted" and record["failure_kind"] == "no_report"
    stop = record["interruption"]
    assert stop["reason"] == sig and stop["fault"] == "no_report"
    assert [n.rpartition("::")[2] for n in stop["finished"]] == ["test_one"]
    assert {n.rpartition("::")[2] for n in stop["not_finished"]} == {"test_two", "test_three", "test_trip"}
    assert _by_name(record)["test_three"] == ("not_run", "no_report")
    ledger = (demo_task.path / "rollout/ledger.jsonl").read_text().splitlines()
    last = json.loads(ledger[-1])
    assert last["failure_kind"] == "no_report" and last["party"] == "bench"
    assert (demo_task.path / "reports/r1/feedback").is_dir()


def test_items_past_the_grade_limit_are_not_run_as_a_timeout(demo_task: pytest.Pytester) -> None:
    record, _ = _grade(demo_task, "time.sleep(3)", "--grade-timeout=2")
    tests = _by_name(record)
    assert tests["test_one"] == ("pass", None) and tests["test_two"] == ("pass", None)
    assert tests["test_three"] == ("not_run", "timeout") and tests["test_trip"] == ("not_run", "timeout")
    assert record["status"] == "interrupted" and record["failure_kind"] == "timeout"
    assert "--grade-timeout" in record["interruption"]["reason"]


def test_grade_timeouts_are_checked(demo_task: pytest.Pytester) -> None:
    for flag in ("--grade-timeout=0", "--launch-timeout=soon", "--functional-timeout=-1",
                 "--command-timeout=0"):
        result = demo_task.runpytest("--task", "demo", "--submission", "submission", flag)
        result.stderr.fnmatch_lines([f"*{flag.split('=')[0]}*expected a positive number of seconds*"])


def test_a_crash_of_the_grader_is_recorded_as_a_runner_crash(demo_task: pytest.Pytester) -> None:
    demo_task.makeconftest("""
        def pytest_runtest_logfinish(nodeid, location):
            if nodeid.endswith("test_two"):
                raise RuntimeError("a bug in the grader")
    """)
    record, result = _grade(demo_task, "pass")
    assert result.ret == pytest.ExitCode.INTERNAL_ERROR
    assert record["status"] == "interrupted" and record["failure_kind"] == "runner_crash"
    assert record["interruption"]["fault"] == "runner_crash"
    tests = _by_name(record)
    assert tests["test_one"] == ("pass", None) and tests["test_trip"] == ("not_run", "runner_crash")
    last = json.loads((demo_task.path / "rollout/ledger.jsonl").read_text().splitlines()[-1])
    assert last["failure_kind"] == "runner_crash" and last["party"] == "bench"
