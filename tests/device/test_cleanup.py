"""Every process a grade starts is gone when it ends, also when it is interrupted."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pytest_revylbench.devices.reaper import marked_processes

from .conftest import FLOW_ONLY, REPO, survivors


def processes_owned_by(marker: str) -> list[int]:
    """Running processes whose owner marker starts with `marker` (psutil, zombies excluded)."""
    return [proc.pid for proc in marked_processes(marker, prefix=True)]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_interrupted_grade_leaves_no_process(tmp_path: Path, sig: signal.Signals) -> None:
    run_id = f"interrupt-{os.getpid()}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "--task", "budget", "--platform", "web",
         "--submission=suites/budget/reference", f"--reports={tmp_path}", "--run-id", run_id,
         "-p", "no:cacheprovider", *FLOW_ONLY],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        # A CI job started in the background has SIGINT ignored, and an ignored signal stays
        # ignored across exec: give the grade the disposition a terminal's Ctrl-C meets.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    tests = tmp_path / run_id / "tests"
    deadline = time.monotonic() + 300
    while not (tests.is_dir() and any(tests.rglob("*.png"))):
        assert proc.poll() is None, "the grade ended before a test ran"
        assert time.monotonic() < deadline, "no test started within 300 s"
        time.sleep(0.2)
    assert processes_owned_by(f"{run_id}/main"), "the Appium server and browser should be running"
    proc.send_signal(sig)
    assert proc.wait(timeout=60) == 2  # pytest's exit code for an interrupted run
    assert survivors(run_id) == [], "a device process of the grade survived"
