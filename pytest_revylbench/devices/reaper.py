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
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import psutil

from pytest_revylbench.builder.proctree import GONE, become_subreaper, kill_and_reap, protected_pids

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
) -> list[psutil.Process]:
    """Running processes whose owner marker is `owner` (or starts with it, with `prefix`),
    this process and its ancestors excepted."""
    if prefix and not owner:
        raise ValueError("an empty owner prefix would match every marked process")
    protected = protected_pids()
    found = []
    for proc in psutil.process_iter():
        if proc.pid in protected:
            continue
        marker = owner_of(proc)
        if marker is None or not (marker.startswith(owner) if prefix else marker == owner):
            continue
        if where is None or where(proc):
            found.append(proc)
    return found


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
        """Become a child subreaper (once, before the first device server starts)."""
        if not self.armed:
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
