"""A grade killed at any moment leaves a schema-valid record and no process behind: during
the build, during jest, mid-journey, and while it writes its report."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import psutil
import pytest

from pytest_revylbench.builder.proctree import command_line, running
from pytest_revylbench.devices.reaper import marked_processes
from tests.unit.outputs.test_schemas import violations

from .conftest import FLOW_ONLY, REPO, grade, survivors


def processes_naming(text: str) -> list[int]:
    """Processes whose command line names `text` (a build's or a check's work folder)."""
    found = []
    for proc in psutil.process_iter():
        if proc.pid == os.getpid():
            continue
        line = command_line(proc)
        if text in line and "pytest" not in line:
            found.append(proc.pid)
    return found


def _during_build(run: Path) -> bool:
    log = run / "build.log"
    started = log.is_file() and "expo export" in log.read_text(errors="replace")
    return started and not (run / "build.json").exists()


def _during_jest(run: Path) -> bool:
    log = run / "checks.log"
    return log.is_file() and "jest" in log.read_text(errors="replace") and not (run / "checks.json").exists()


def _mid_journey(run: Path) -> bool:
    return len(list((run / "tests" / "test_journey_month_close").glob("*.png"))) >= 3


def _writing_report(run: Path) -> bool:
    return (run / "feedback").is_dir()


STOP_S = 6.0
"""How long a grade may take to end after SIGTERM, wherever it is: its items are marked,
its record and report written, its devices and steps stopped (measured 3.0 s during the
build, the longest). The grades here run without hypothesis's pytest plugin, a development
tool of this project that a grade does not use: it imports hypothesis at every session's
end, and with PYTHONDONTWRITEBYTECODE (as on these machines) pytest rewrites its asserts each
time, which took 5 to 9 s of a SIGTERM's 8 to 12 under load."""

MOMENTS: dict[str, tuple[Callable[[Path], bool], tuple[str, ...]]] = {
    "build": (_during_build, (*FLOW_ONLY, "--rebuild")),
    "jest": (_during_jest, ("--tiers=flow,functional", "--scheme=stages", "--rebuild")),
    "mid-journey": (_mid_journey, FLOW_ONLY),
    "report-writing": (_writing_report, FLOW_ONLY),
}


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_a_grade_killed_at_any_moment_leaves_a_record(moment: str, tmp_path: Path) -> None:
    reached, options = MOMENTS[moment]
    run_id = f"killed-{moment}-{os.getpid()}"
    run = tmp_path / run_id
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "--task", "budget", "--platform", "web",
         "--submission=suites/budget/reference", f"--reports={tmp_path}", "--run-id", run_id,
         "-p", "no:cacheprovider", "-p", "no:hypothesispytest", *options],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    deadline = time.monotonic() + 400
    while not reached(run):
        assert proc.poll() is None, f"the grade ended before {moment}"
        assert time.monotonic() < deadline, f"{moment} not reached in 400 s"
        time.sleep(0.02)
    proc.send_signal(signal.SIGTERM)
    stopped = time.monotonic()
    out, _ = proc.communicate(timeout=120)
    ended_s = time.monotonic() - stopped
    assert ended_s < STOP_S, f"SIGTERM at {moment} took {ended_s:.1f} s to end the grade"
    record = json.loads((run / "grade.json").read_text())
    assert violations(record, "grade") == [], out[-2000:]
    if moment == "report-writing":  # every item had run: the record is whole
        assert record["status"] == "completed", out[-2000:]
    else:
        assert record["status"] == "interrupted" and record["failure_kind"] == "no_report", out[-2000:]
        assert record["interruption"]["reason"] == "SIGTERM"
        assert record["interruption"]["not_finished"], "something was still to run"
        assert all(t["fault"] == "no_report" for t in record["tests"]
                   if t["nodeid"] in record["interruption"]["not_finished"])
    assert survivors(run_id) == [], "a device process of the grade survived"
    assert processes_naming(run_id) == [], "a build or check step of the grade survived"


def test_a_grade_killed_by_sigkill_leaves_processes_the_next_grade_reaps(tmp_path: Path) -> None:
    """SIGKILL runs no cleanup: the grade's Appium server and browser, re-parented to init, had
    kept running through later grades (56 minutes under `serve`)."""
    run_id = f"sigkilled-{os.getpid()}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "--task", "budget", "--platform", "web",
         "--submission=suites/budget/reference", f"--reports={tmp_path}", "--run-id", run_id,
         "-p", "no:cacheprovider", *FLOW_ONLY],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 400
    while not _mid_journey(tmp_path / run_id):
        assert proc.poll() is None, "the grade ended before its journey"
        assert time.monotonic() < deadline, "mid-journey not reached in 400 s"
        time.sleep(0.02)
    proc.kill()
    proc.wait()
    left = {p.pid for p in marked_processes(f"{run_id}/main/{proc.pid}")}
    try:
        assert left, "nothing of the killed grade was left to reap"
        doctor = subprocess.run(
            [sys.executable, "-m", "pytest_revylbench.cli", "doctor", "--platform", "android"],
            cwd=REPO, capture_output=True, text=True, timeout=120)
        assert "whose grader is gone: " in doctor.stdout, doctor.stdout
        assert all(f"{pid} ({run_id}/main/{proc.pid}, " in doctor.stdout
                   for pid in left if running(pid)), doctor.stdout
        started = time.monotonic()
        record = grade(REPO / "suites" / "budget" / "reference", tmp_path, f"next-{run_id}")
        assert record["status"] == "completed", record["_stdout"][-2000:]
        assert survivors(run_id, wait_s=1.0) == [], "the next grade left the killed grade's processes"
        assert time.monotonic() - started < 300
    finally:
        for pid in left:
            try:
                psutil.Process(pid).kill()
            except psutil.Error:
                continue
