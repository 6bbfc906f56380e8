"""The reaper collects real orphans by the grade's marker, and nothing else."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
import uuid
from collections.abc import Iterator

import psutil
import pytest

from pytest_revylbench.builder.proctree import command_line, running
from pytest_revylbench.devices.reaper import (
    OWNER_VAR,
    Reaper,
    grader_gone,
    marked_processes,
    orphaned_processes,
    settled_owner_of,
)

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="subreaper is Linux's")

SERVER = textwrap.dedent("""
    import subprocess, sys, time
    child = subprocess.Popen(["sleep", "600"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print(child.pid, flush=True)
    time.sleep(600)
""")
"""A stand-in for Appium: starts a long-lived child, then waits to be killed."""

GRADER = textwrap.dedent("""
    import json, os, signal, subprocess, sys, time
    import psutil
    from pytest_revylbench.builder.proctree import is_subreaper
    from pytest_revylbench.devices.reaper import Reaper

    owner, arm = sys.argv[1], sys.argv[2] == "arm"
    reaper = Reaper(owner)
    if arm:
        reaper.arm()
    server = subprocess.Popen([sys.executable, "-c", sys.argv[3]], stdout=subprocess.PIPE,
                              env={**os.environ, "REVYLBENCH_OWNER": owner})
    orphan = int(server.stdout.readline())
    os.kill(server.pid, signal.SIGKILL)  # the server dies; its child is orphaned
    server.wait()
    deadline = time.monotonic() + 5
    while psutil.Process(orphan).ppid() == server.pid and time.monotonic() < deadline:
        time.sleep(0.01)
    parent = psutil.Process(orphan).ppid()
    killed = reaper.release([server.pid])
    print(json.dumps({"subreaper": is_subreaper(), "orphan": orphan, "parent": parent,
                      "me": os.getpid(), "killed": killed,
                      "exists_after": psutil.pid_exists(orphan)}))
""")


def owner() -> str:
    return f"reaper-test-{uuid.uuid4().hex[:12]}/main"


def run_grader(mark: str, arm: bool) -> dict:
    out = subprocess.run([sys.executable, "-c", GRADER, mark, "arm" if arm else "no", SERVER],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[-1])


@pytest.fixture
def mark() -> Iterator[str]:
    value = owner()
    yield value
    for proc in marked_processes(value):  # whatever a failing test left
        proc.kill()


@linux_only
def test_an_orphan_of_a_dead_server_is_adopted_killed_and_reaped(mark: str) -> None:
    seen = run_grader(mark, arm=True)
    assert seen["subreaper"] is True
    assert seen["parent"] == seen["me"], "the orphan should have been re-parented to the grader"
    assert seen["killed"] == [seen["orphan"]]
    assert seen["exists_after"] is False, "killed and reaped: not even a zombie is left"
    assert marked_processes(mark) == []


@linux_only
def test_without_the_subreaper_the_orphan_would_survive(mark: str) -> None:
    seen = run_grader(mark, arm=False)
    assert seen["parent"] != seen["me"]
    assert seen["killed"] == []
    assert seen["exists_after"] is True
    assert [p.pid for p in marked_processes(mark)] == [seen["orphan"]], "the leak the reaper stops"


def test_without_a_subreaper_snapshots_find_the_orphans(mark: str) -> None:
    """The macOS path (psutil tree snapshots), run on whatever platform the suite runs on."""
    reaper = Reaper(mark, armed=True, subreaper=False)
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE,
                              env={**os.environ, OWNER_VAR: mark})
    assert server.stdout is not None
    orphan = int(server.stdout.readline())
    reaper.snapshot([server.pid])
    assert reaper.release([server.pid]) == [], "a live server's tree is not orphaned"
    reaper.snapshot([server.pid])
    os.kill(server.pid, signal.SIGKILL)
    server.wait()
    assert reaper.release([server.pid]) == [orphan]
    deadline = time.monotonic() + 5
    while running(orphan):
        assert time.monotonic() < deadline, "the orphan is still running"
        time.sleep(0.02)
    assert marked_processes(mark) == []


def test_the_session_end_kills_only_this_grades_marker() -> None:
    base = owner().removesuffix("/main")
    mine, neighbour, longer = f"{base}/gw1", f"{base}/gw0", f"{base}/gw10"
    procs = {
        who: subprocess.Popen(["sleep", "600"], env={**os.environ, OWNER_VAR: who})
        for who in (mine, neighbour, longer)
    }
    unmarked = subprocess.Popen(["sleep", "600"])
    try:
        deadline = time.monotonic() + 5
        while len(marked_processes(base, prefix=True)) < 3:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        killed = Reaper(mine).finish()
        assert killed == [procs[mine].pid]
        assert procs[mine].wait(timeout=5) == -signal.SIGKILL
        for other in (procs[neighbour], procs[longer], unmarked):
            assert other.poll() is None, "another worker's (or nobody's) process was killed"
    finally:
        for proc in (*procs.values(), unmarked):
            proc.kill()
            proc.wait()


def test_the_grader_itself_is_never_a_target(mark: str) -> None:
    """A grader that carries the marker itself (as bench scripts do) never kills itself."""
    script = ("from pytest_revylbench.devices.reaper import Reaper, marked_processes; "
              "import sys; print(len(marked_processes(sys.argv[1])), Reaper(sys.argv[1]).finish())")
    out = subprocess.run([sys.executable, "-c", script, mark], env={**os.environ, OWNER_VAR: mark},
                         capture_output=True, text=True, timeout=60)
    assert (out.returncode, out.stdout.strip()) == (0, "0 []"), out.stderr
    with pytest.raises(ValueError, match="empty owner prefix"):
        marked_processes("", prefix=True)


def test_a_child_still_in_its_exec_is_recognised_once_its_environment_is_laid_out() -> None:
    """Right after a parent's `Popen` returns, /proc may still read the child's environment
    empty (the kernel lays it out after the exec closed the descriptors `Popen` waits on): an
    orphan read then went unrecognised, and unkilled, under load."""

    class Starting:
        reads = 0

        def environ(self) -> dict[str, str]:
            self.reads += 1
            return {} if self.reads < 3 else {OWNER_VAR: "run/gw0"}

    starting = Starting()
    assert settled_owner_of(starting) == "run/gw0" and starting.reads == 3  # type: ignore[arg-type]


def test_a_process_whose_environment_stays_empty_has_no_owner_after_the_wait() -> None:
    class Empty:
        def environ(self) -> dict[str, str]:
            return {}

    started = time.monotonic()
    assert settled_owner_of(Empty(), wait_s=0.1) is None  # type: ignore[arg-type]
    assert 0.1 <= time.monotonic() - started < 1.0


@linux_only
def test_a_zombie_s_command_line_reads_empty() -> None:
    """A process that ended and is not yet reaped (a browser's helper, often) has no command
    line to read: psutil raises ZombieProcess, `command_line` gives ""."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    proc = psutil.Process(child.pid)
    deadline = time.monotonic() + 10
    while running(child.pid):
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert command_line(proc) == ""  # a zombie until the wait below
    child.wait()
    assert command_line(proc) == ""  # gone


KILLED_GRADER = textwrap.dedent("""
    import os, subprocess, sys, time
    # A grader's Appium server: marked `<run>/<worker>/<grader pid>`, started in its own
    # session as the real one is; the grader then dies by SIGKILL, running no cleanup.
    server = subprocess.Popen(["sleep", "600"], start_new_session=True,
                              env={**os.environ, "REVYLBENCH_OWNER": f"{sys.argv[1]}/main/{os.getpid()}"})
    print(server.pid, flush=True)
    time.sleep(600)
""")


@pytest.fixture
def killed_grade() -> Iterator[tuple[int, str]]:
    """(pid of its server, its marker): a grade killed by SIGKILL, its server left running."""
    run = owner().removesuffix("/main")
    grader = subprocess.Popen([sys.executable, "-c", KILLED_GRADER, run], stdout=subprocess.PIPE,
                              text=True)
    assert grader.stdout is not None
    server = int(grader.stdout.readline())
    marker = f"{run}/main/{grader.pid}"
    deadline = time.monotonic() + 5
    while settled_owner_of(psutil.Process(server)) != marker:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    grader.kill()
    grader.wait()
    yield server, marker
    for proc in marked_processes(marker):
        proc.kill()


@linux_only
def test_a_server_whose_grader_was_killed_is_listed_and_reaped_by_the_next_grader(
    killed_grade: tuple[int, str],
) -> None:
    from pytest_revylbench.cli.doctor import _orphans

    server, marker = killed_grade
    assert running(server), "the killed grade's server outlives it (what the reaper stops)"
    assert psutil.Process(server).ppid() != os.getpid()
    listed = {orphan.pid: orphan.owner for orphan in orphaned_processes()}
    assert listed.get(server) == marker
    finding = _orphans()
    assert not finding.ok and f"{server} ({marker}, " in finding.detail
    assert finding.fix == "the next grade kills them, or now: revylbench doctor --reap"
    # What the next grade (or xdist worker) does before its first device starts.
    arm = ("import sys; from pytest_revylbench.devices.reaper import Reaper; "
           "reaper = Reaper(sys.argv[1]); reaper.arm(); print(reaper.collected)")
    next_grade = subprocess.run([sys.executable, "-c", arm, owner()], capture_output=True,
                                text=True, timeout=60)
    assert next_grade.returncode == 0, next_grade.stderr
    assert int(next_grade.stdout) >= 1
    deadline = time.monotonic() + 5
    while running(server):
        assert time.monotonic() < deadline, "the orphaned server is still running"
        time.sleep(0.02)
    assert server not in {orphan.pid for orphan in orphaned_processes()}


def test_a_live_grader_s_processes_and_other_markers_are_never_orphans(mark: str) -> None:
    me = f"{mark.removesuffix('/main')}/gw0/{os.getpid()}"
    mine = subprocess.Popen(["sleep", "600"], env={**os.environ, OWNER_VAR: me})
    service = subprocess.Popen(["sleep", "600"], env={**os.environ, OWNER_VAR: f"{mark}/workers"})
    try:
        deadline = time.monotonic() + 5
        while len(marked_processes(me)) + len(marked_processes(f"{mark}/workers")) < 2:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert not grader_gone(me, psutil.Process(mine.pid))
        assert not grader_gone(f"{mark}/workers", psutil.Process(service.pid))
        assert {mine.pid, service.pid}.isdisjoint(o.pid for o in orphaned_processes())
        # A pid now held by a process started after the server names another program: gone.
        later = subprocess.Popen(["sleep", "600"])
        try:
            assert grader_gone(f"run/main/{later.pid}", psutil.Process(mine.pid))
        finally:
            later.kill()
            later.wait()
    finally:
        for proc in (mine, service):
            proc.kill()
            proc.wait()


def test_doctor_names_every_orphan_of_a_long_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """A killed grade leaves a dozen processes (Appium, chromedriver, Chromium's helpers): a
    reader, or a test, must find each pid, not "and 2 more"."""
    from pytest_revylbench.cli import doctor
    from pytest_revylbench.devices import reaper

    found = [reaper.Orphan(1000 + i, "run/main/7", f"chromium --type={i}", 3.0) for i in range(14)]
    monkeypatch.setattr(reaper, "orphaned_processes", lambda: found)
    finding = doctor._orphans()
    assert not finding.ok
    assert all(f"{1000 + i} (run/main/7, 3 s old)" in finding.detail for i in range(14))
    assert "chromium --type=9" in finding.detail and "chromium --type=10" not in finding.detail
