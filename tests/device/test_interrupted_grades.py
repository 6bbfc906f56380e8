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

from pytest_revylbench.builder.proctree import command_line
from tests.unit.outputs.test_schemas import violations

from .conftest import FLOW_ONLY, REPO, survivors


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
         "-p", "no:cacheprovider", *options],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    deadline = time.monotonic() + 400
    while not reached(run):
        assert proc.poll() is None, f"the grade ended before {moment}"
        assert time.monotonic() < deadline, f"{moment} not reached in 400 s"
        time.sleep(0.02)
    proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=120)
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
