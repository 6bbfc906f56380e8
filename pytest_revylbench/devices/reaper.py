"""No process outlives its grade: the grader collects what its devices' processes orphan.

Every process a device starts (Appium's node, chromedriver, Chromium and its helpers)
inherits the grade's owner marker `REVYLBENCH_OWNER=<run id>/<worker>/<grader pid>` from the Appium
server's environment. When Appium or chromedriver dies, its children are orphaned:

- Linux: the grader is a child subreaper (`prctl(PR_SET_CHILD_SUBREAPER)`), so the orphans
  are re-parented to it instead of to init. At each device release the grader kills the
  marked processes it adopted (and their descendants) and reaps them; at the session's end it
  kills every process carrying its marker.
- Elsewhere (macOS): no subreaper; orphans go to launchd. The grader snapshots the process
  tree of its device servers (psutil `children(recursive=True)`) when a device starts and
  after each launch, and at release kills the snapshotted processes that are no longer in a
  live server's tree; at the session's end it kills every process carrying its marker.

Only processes whose marker equals this grade's owner exactly are touched: under xdist each
worker is its own grader with its own owner, and the grader itself (which carries no marker)
and its ancestors are never killed.

A grader killed by SIGKILL runs none of this: its Appium server, re-parented to init, kept
running through later grades (56 minutes, under `serve`). So the marker names the grader's
pid, and a marked process whose grader is gone (no process has that pid, or one started after
it did: the pid was reused) is an orphan of a dead grade: the next grader reaps it when it
arms (`reap_orphaned`), and `revylbench doctor` lists it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import psutil

from pytest_revylbench.builder.proctree import (
    GONE,
    become_subreaper,
    command_line,
    kill_and_reap,
    protected_pids,
)

OWNER_VAR = "REVYLBENCH_OWNER"


def owner_of(proc: psutil.Process) -> str | None:
    """The process's owner marker; None when it has none or it cannot be read (the process
    ended, is a zombie, or belongs to another user)."""
    try:
        return proc.environ().get(OWNER_VAR)
    except (*GONE, OSError):
        return None


EXEC_SETTLE_S = 1.0
"""How long `settled_owner_of` waits for a process whose environment reads empty."""


def settled_owner_of(proc: psutil.Process, wait_s: float = EXEC_SETTLE_S) -> str | None:
    """`owner_of`, for a process that may have just been started: a parent's `Popen` returns
    when the child's exec closes its descriptors, before the kernel has laid out the new
    program's arguments and environment, and until then /proc reads both empty (seen under
    load: an orphan of a server killed right after it started a child went unrecognised).
    An empty environment is read again until `wait_s` has passed."""
    deadline = time.monotonic() + wait_s
    while True:
        try:
            env = proc.environ()
        except (*GONE, OSError):
            return None
        if env or time.monotonic() >= deadline:
            return env.get(OWNER_VAR)
        time.sleep(0.01)


def marked_processes(
    owner: str, *, prefix: bool = False, where: Callable[[psutil.Process], bool] | None = None,
    every: bool = False,
) -> list[psutil.Process]:
    """Running processes whose owner marker is `owner` (or starts with it, with `prefix`; any
    marker at all, with `every`), this process and its ancestors excepted."""
    if prefix and not owner:
        raise ValueError("an empty owner prefix would match every marked process")
    protected = protected_pids()
    found = []
    for proc in psutil.process_iter():
        if proc.pid in protected:
            continue
        marker = owner_of(proc)
        if marker is None or not (every or (marker.startswith(owner) if prefix else marker == owner)):
            continue
        if where is None or where(proc):
            found.append(proc)
    return found


@dataclass(frozen=True)
class Orphan:
    """A process of a grade whose grader is gone."""

    pid: int
    owner: str
    command: str
    age_s: float

    def named(self) -> str:
        return f"{self.pid} ({self.owner}, {self.age_s:.0f} s old)"

    def shown(self) -> str:
        return f"{self.named()}: {self.command[:120]}"


def grader_gone(marker: str, proc: psutil.Process) -> bool:
    """Whether the grader a grade's marker (`<run id>/<worker>/<grader pid>`) names has ended
    since it started `proc`. A marker not of that form (the service's, its workers') names no
    grader: False."""
    parts = marker.rsplit("/", 2)
    if len(parts) != 3 or not all(parts) or not parts[2].isdigit():
        return False
    try:
        grader = psutil.Process(int(parts[2]))
        if grader.status() == psutil.STATUS_ZOMBIE:
            return True
        # A grader starts before its servers; one that started later reuses a dead one's pid.
        return grader.create_time() > proc.create_time()
    except psutil.NoSuchProcess:
        return True
    except (psutil.AccessDenied, psutil.ZombieProcess):
        return False


def orphaned_processes() -> list[Orphan]:
    """Every marked process on this host whose grader is gone, oldest first."""
    found = []
    now = time.time()
    for proc in marked_processes("", every=True):
        marker = owner_of(proc)
        if marker is None or not grader_gone(marker, proc):
            continue
        try:
            age = now - proc.create_time()
        except GONE:
            continue
        found.append(Orphan(proc.pid, marker, command_line(proc), age))
    return sorted(found, key=lambda orphan: -orphan.age_s)


def reap_orphaned() -> list[Orphan]:
    """Kill every process of a grade whose grader is gone, and whatever they started."""
    orphans = orphaned_processes()
    procs = []
    for orphan in orphans:
        try:
            procs.append(psutil.Process(orphan.pid))
        except GONE:
            continue
    kill_and_reap(procs)
    return orphans


@dataclass
class Reaper:
    """The process hygiene of one grader (one pytest process, or one xdist worker)."""

    owner: str
    """This grade's marker value, e.g. `run-1/gw0`."""
    subreaper: bool = False
    """Whether orphans come back to this process (Linux, once armed)."""
    armed: bool = False
    collected: int = 0
    """How many orphaned processes the releases killed so far."""
    _snapshot: dict[int, psutil.Process] = field(default_factory=dict)

    def arm(self) -> None:
        """Become a child subreaper (once, before the first device server starts), and reap
        what dead graders left running (`reap_orphaned`)."""
        if not self.armed:
            self.collected += len(reap_orphaned())
            self.subreaper = become_subreaper()
            self.armed = True

    def snapshot(self, server_pids: Iterable[int]) -> None:
        """Remember the processes under the device servers (how orphans are found where no
        subreaper exists)."""
        if self.subreaper:
            return
        for pid in server_pids:
            try:
                server = psutil.Process(pid)
                tree = [server, *server.children(recursive=True)]
            except GONE:
                continue
            for proc in tree:
                self._snapshot.setdefault(proc.pid, proc)

    def orphans(self, server_pids: Iterable[int]) -> list[psutil.Process]:
        """This grade's processes that no live device server accounts for any more."""
        servers = set(server_pids)
        if self.subreaper and self.owner:
            me = os.getpid()
            try:  # adopted orphans are this process's children: no need to scan them all
                children = psutil.Process(me).children()
            except GONE:
                return []
            return [p for p in children if p.pid not in servers and settled_owner_of(p) == self.owner]
        live: set[int] = set()
        for pid in servers:
            try:
                server = psutil.Process(pid)
                if server.status() != psutil.STATUS_ZOMBIE:
                    live.add(pid)
                    live.update(child.pid for child in server.children(recursive=True))
            except GONE:
                continue
        left = []
        for pid, proc in list(self._snapshot.items()):
            if pid in live:
                continue
            del self._snapshot[pid]
            try:
                if proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE:
                    left.append(proc)
            except GONE:
                continue
        return left

    def release(self, server_pids: Iterable[int]) -> list[int]:
        """At a device's release: kill and reap the grade's orphaned processes."""
        orphans = self.orphans(list(server_pids))
        killed = kill_and_reap(orphans, adopted=[p.pid for p in orphans] if self.subreaper else ())
        self.collected += len(killed)
        return killed

    def finish(self) -> list[int]:
        """At the session's end (after the devices stopped): kill whatever carries the mark."""
        self._snapshot.clear()
        if not self.owner:
            return []
        return kill_and_reap(marked_processes(self.owner))
