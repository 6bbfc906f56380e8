"""The agent's time limit runs on the rollout's clock: the time its grades ran is not counted
(`service.grading_clock`, `AgentSandbox.run(paused=...)`)."""

from __future__ import annotations

import datetime as dt
import sys
import time
from pathlib import Path

from pytest_revylbench.records.ledger import parse_time
from pytest_revylbench.service.agent_sandbox import AgentSandbox, install_tools
from pytest_revylbench.service.grading_clock import GradingClock
from pytest_revylbench.service.jobs import GradeJob, GradeSettings, save_job

from ..scoring.test_rollout import START, sub, write_ledger
from .test_run_agent import needs_bwrap

SETTINGS = GradeSettings(python=sys.executable, cwd=".", tasks_dir=".", suites_dir=".")


def pending(rollout: Path, job_id: str, seconds_ago: int) -> None:
    submitted = (dt.datetime.now(dt.UTC) - dt.timedelta(seconds=seconds_ago)).isoformat(timespec="seconds")
    save_job(GradeJob(id=job_id, rollout=str(rollout), task="budget", submitted_at=submitted,
                      settings=SETTINGS))


def test_the_clock_counts_grades_side_by_side_once_and_pending_ones_up_to_now(tmp_path: Path) -> None:
    rollout = tmp_path / "rollout"
    # Graded: +10 min for 5 min and +11:40 for 5 min (side by side from +11:40 to +15): 400 s.
    write_ledger(rollout, START, sub(1, "ffff", at=600, wait=300), sub(2, "pfff", at=700, wait=300))
    clock = GradingClock(rollout, parse_time(START.agent_started_at))
    assert clock() == 400
    # A submission acknowledged 30 s ago and still being graded adds its 30 s so far.
    pending(rollout, "j1", seconds_ago=30)
    assert 430 <= clock() <= 432
    # A ledger caught mid-append is not read as less grading: the last reading stands.
    with (rollout / "ledger.jsonl").open("a") as ledger:
        ledger.write('{"kind": "submission", "k": 3')
    assert clock() == clock.last >= 430


@needs_bwrap
def test_a_limit_reached_only_on_the_wall_clock_does_not_end_the_agent(tmp_path: Path) -> None:
    workspace, tools = tmp_path / "workspace", tmp_path / "tools"
    workspace.mkdir()
    install_tools(tools)
    for sock in ("tools.sock", "proxy.sock"):
        (tools / sock).touch()
    sandbox = AgentSandbox(workspace, tools)
    # A 3 s agent under a 2 s limit: killed at 2 s on the wall clock ...
    run = sandbox.run("sleep 3; echo done", time_limit_s=2, log=tmp_path / "a.log")
    assert run.timed_out and run.exit_code is None
    assert "done" not in (tmp_path / "a.log").read_text()
    # ... but not when grades ran the whole time: it used none of its own.
    started = time.monotonic()
    run = sandbox.run("sleep 3; echo done", time_limit_s=2, log=tmp_path / "b.log",
                      paused=lambda: min(6.0, time.monotonic() - started))
    assert (run.timed_out, run.exit_code) == (False, 0)
    assert (tmp_path / "b.log").read_text().strip().endswith("done")
    # A pause that stops growing still ends it, a limit of its own time later: at 1 + 2 s.
    run = sandbox.run("sleep 30", time_limit_s=1, log=tmp_path / "c.log", paused=lambda: 2.0)
    assert run.timed_out and 3 <= run.seconds < 10
