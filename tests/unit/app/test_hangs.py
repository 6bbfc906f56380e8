"""A hung app is the agent's fault (app_hang), found by bounded waits; the hang gate holds
across workers through the run folder."""

from __future__ import annotations

from pathlib import Path

from selenium.common.exceptions import TimeoutException, WebDriverException
from urllib3.exceptions import ReadTimeoutError

from pytest_revylbench.app.hangs import LAUNCH_HANGS_ALLOWED, gate_closed, launch_hangs, record_launch_hang
from pytest_revylbench.devices.errors import AppHung
from pytest_revylbench.grading import grade_status
from pytest_revylbench.plugin.outcomes import NotRunInTime, classify
from pytest_revylbench.plugin.retry import RETRIED
from pytest_revylbench.records.grade import TestResult
from pytest_revylbench.records.vocabulary import AGENT_FAULTS, Fault, Verdict


def test_a_hang_is_the_agents_fault_and_never_retried() -> None:
    assert Fault.APP_HANG in AGENT_FAULTS
    assert Fault.APP_HANG not in RETRIED
    outcome = classify(AppHung("the app rendered nothing within 25s of loading"))
    assert (outcome.verdict, outcome.fault) == (Verdict.FAIL, Fault.APP_HANG)


def test_the_drivers_timeouts_on_a_busy_page_are_hangs_not_driver_errors() -> None:
    for exc in (
        TimeoutException("script timeout"),
        WebDriverException("timeout: Timed out receiving message from renderer: 29.5"),
        ReadTimeoutError(None, "/session/x/element", "Read timed out. (read timeout=30)"),
    ):
        assert classify(exc).fault is Fault.APP_HANG, exc
    # A lost session is still the bench's.
    assert classify(WebDriverException("invalid session id")).fault is Fault.DRIVER_ERROR


def test_items_past_the_grades_limit_are_not_run_with_the_fault_given() -> None:
    bench = classify(NotRunInTime("the grade's time limit (900 s) passed first", Fault.TIMEOUT))
    agent = classify(NotRunInTime("the grade's time limit (900 s) passed first", Fault.APP_HANG))
    assert (bench.verdict, bench.fault) == (Verdict.NOT_RUN, Fault.TIMEOUT)
    assert (agent.verdict, agent.fault) == (Verdict.NOT_RUN, Fault.APP_HANG)
    assert bench.reason.startswith("not run: the grade's time limit")


def test_the_gate_closes_after_two_hung_launches_for_every_worker(tmp_path: Path) -> None:
    assert gate_closed(tmp_path) is None
    assert record_launch_hang(tmp_path, "test_stage_1_accounts", "rendered nothing\nmore") == 1
    assert gate_closed(tmp_path) is None
    record_launch_hang(tmp_path, "test_stage_2_transactions", "page stopped answering")
    assert launch_hangs(tmp_path) == LAUNCH_HANGS_ALLOWED == 2
    why = gate_closed(tmp_path)
    assert why is not None and "the app did not render in 2 launches" in why
    # Another worker reads the same run folder.
    assert gate_closed(Path(str(tmp_path))) == why


def test_a_grade_with_a_hung_app_is_a_candidate_failure() -> None:
    results = [
        TestResult(nodeid="a", name="a", role="stage", verdict=Verdict.FAIL, fault=Fault.APP_HANG),
        TestResult(nodeid="b", name="b", role="other", verdict=Verdict.PASS),
    ]
    status, kind = grade_status(None, results)
    assert (status.value, kind) == ("candidate_failure", Fault.APP_HANG)
