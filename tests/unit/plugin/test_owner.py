"""Two graders on one machine with the same run id (two tasks' `reference-1`, two `oracle`
captures) must not share an owner marker: the session-end sweep of one would kill the other's
Appium server and browser."""

from __future__ import annotations

import subprocess
import sys

from pytest_revylbench.devices.reaper import marked_processes
from pytest_revylbench.plugin.fixtures import grade_owner


def test_two_graders_with_one_run_id_have_markers_of_their_own() -> None:
    other = subprocess.run(
        [sys.executable, "-c", "from pytest_revylbench.plugin.fixtures import grade_owner;"
         "print(grade_owner('reference-1', 'main'))"],
        capture_output=True, text=True, check=True).stdout.strip()
    mine = grade_owner("reference-1", "main")
    assert other.startswith("reference-1/main/") and mine.startswith("reference-1/main/")
    assert other != mine


def test_the_sweep_of_one_grader_leaves_the_other_graders_process_alone() -> None:
    import os

    env = {**os.environ, "REVYLBENCH_OWNER": "reference-1/main/1"}  # another grader's marker
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"], env=env)
    try:
        mine = grade_owner("reference-1", "main")
        assert proc.pid not in {p.pid for p in marked_processes(mine)}
        assert proc.pid in {p.pid for p in marked_processes("reference-1/main/1")}
    finally:
        proc.kill()
        proc.wait()
