"""Fault injection: bench faults are retried and never charged; an app crash is the agent's."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from pytest_revylbench.builder.proctree import command_line, running
from pytest_revylbench.builder.submission import copy_source
from pytest_revylbench.devices.reaper import marked_processes

from .conftest import FLOW_ONLY, REPO, grade, survivors, verdicts

ALL_PASS = {
    "test_stage_1_accounts": "pass", "test_stage_2_transactions": "pass",
    "test_stage_3_budgets": "pass", "test_journey_month_close": "pass",
}


@pytest.mark.parametrize("victim", ["chromedriver", "chromium", "appium"])
def test_a_process_killed_mid_test_is_retried_as_a_bench_fault(victim: str, tmp_path: Path) -> None:
    run_id = f"kill-{victim}-{os.getpid()}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "--task", "budget", "--platform", "web",
         "--submission=suites/budget/reference", f"--reports={tmp_path}", "--run-id", run_id,
         "-p", "no:cacheprovider", *FLOW_ONLY],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    journey = tmp_path / run_id / "tests" / "test_journey_month_close"
    deadline = time.monotonic() + 300
    while len(list(journey.glob("*.png"))) < 3:
        assert proc.poll() is None, "the grade ended before the journey ran"
        assert time.monotonic() < deadline
        time.sleep(0.05)
    owner = f"{run_id}/main/"  # and the grader's pid
    killed, orphaned = [], []
    for target in marked_processes(owner, prefix=True):
        line = command_line(target)
        is_victim = {
            "chromedriver": "/usr/bin/chromedriver" in line,
            "chromium": "chromium" in line and "--type=" not in line and "chromedriver" not in line,
            "appium": "appium" in line and " server " in f" {line} ",
        }[victim]
        if is_victim:
            try:  # what the victim started: orphaned by its death
                orphaned += [c.pid for c in target.children(recursive=True)]
            except psutil.Error:
                pass
            os.kill(target.pid, signal.SIGKILL)
            killed.append(target.pid)
    assert killed, f"no {victim} process of {owner} found"
    assert orphaned, f"the {victim} had started nothing to orphan"
    # The orphans are collected when the failed attempt releases its device, while the
    # grade still runs (not only when its session ends).
    deadline = time.monotonic() + 120
    while any(running(pid) for pid in orphaned) and proc.poll() is None:
        assert time.monotonic() < deadline, "the orphans were not collected within 120 s"
        time.sleep(0.05)
    assert proc.poll() is None, "the orphans outlived the failed attempt's release"
    out, _ = proc.communicate(timeout=600)

    record = json.loads((tmp_path / run_id / "grade.json").read_text())
    assert verdicts(record) == ALL_PASS, out[-3000:]
    assert record["status"] == "completed" and record["failure_kind"] is None
    journey_result = next(t for t in record["tests"] if t["name"] == "test_journey_month_close")
    # Chromium's death fails the attempt: the grader's own reads and presses go to it. The
    # test's reads, presses and typing go over the grader's own DevTools socket to the browser,
    # not through chromedriver or Appium: a journey that needs neither again finishes on its
    # first attempt, its verdicts the browser's own; one that does is retried.
    assert journey_result["attempts"] in ((2,) if victim == "chromium" else (1, 2)), out[-3000:]
    assert record["outcome"] == 1.0
    assert survivors(run_id) == [], "a process of the grade outlived it"


def test_an_app_that_throws_on_launch_is_an_app_crash(tmp_path: Path) -> None:
    app = tmp_path / "crashing"
    copy_source(REPO / "suites/budget/reference", app)
    entry = app / "App.tsx"
    text = entry.read_text()
    marker = "export default function App() {"
    assert marker in text
    entry.write_text(text.replace(marker, marker + "\n  throw new Error('ledger failed to open');", 1))
    record = grade(app, tmp_path / "reports", "crash")
    assert record["status"] == "candidate_failure"
    assert record["failure_kind"] == "app_crash"
    assert {(t["verdict"], t["fault"]) for t in record["tests"]} == {("fail", "app_crash")}
    assert record["outcome"] == 0.0
    assert all(t["attempts"] == 1 for t in record["tests"]), "an app crash is never retried"
    errors = [e for t in record["tests"] for e in t["console_errors"]]
    assert any("ledger failed to open" in e for e in errors)
