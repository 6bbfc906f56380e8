"""Process trees, with psutil: kill a tree for sure and reap what this process adopted.

A child subreaper (Linux, `prctl(PR_SET_CHILD_SUBREAPER)`) adopts the orphans of its
descendants instead of init; each one it kills must then be reaped (`waitpid`) by it, or it
stays a zombie. Reaping goes by pid, never `waitpid(-1)`: a `subprocess.Popen` elsewhere in
this process (a build step, the jest run in its thread) must collect its own child's status.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import time
from collections.abc import Iterable

import psutil

PR_SET_CHILD_SUBREAPER = 36
PR_GET_CHILD_SUBREAPER = 37
REAP_WAIT_S = 5.0
"""How long a kill waits (at most) for the killed processes to be gone."""

GONE = (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess)
"""What psutil raises for a process that ended, became a zombie, or is not ours to read."""


def _prctl(option: int, arg: int | ctypes._CArgObject) -> int:
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    result: int = libc.prctl(option, arg, 0, 0, 0)
    return result


def become_subreaper() -> bool:
    """Make this process a child subreaper (Linux); False where the platform has none."""
    if not sys.platform.startswith("linux"):
        return False
    if _prctl(PR_SET_CHILD_SUBREAPER, 1) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"prctl(PR_SET_CHILD_SUBREAPER, 1) failed: {os.strerror(errno)}")
    return True


def is_subreaper() -> bool:
    """Whether this process is a child subreaper (always False off Linux)."""
    if not sys.platform.startswith("linux"):
        return False
    flag = ctypes.c_int(0)
    return _prctl(PR_GET_CHILD_SUBREAPER, ctypes.byref(flag)) == 0 and flag.value != 0


def protected_pids() -> set[int]:
    """This process and its ancestors: never killed, whatever a scan matched."""
    me = psutil.Process()
    pids = {me.pid}
    try:
        pids.update(p.pid for p in me.parents())
    except GONE:
        pass
    return pids


def with_descendants(procs: Iterable[psutil.Process]) -> list[psutil.Process]:
    """`procs` and everything under them, this process and its ancestors left out."""
    found: dict[int, psutil.Process] = {}
    for proc in procs:
        found.setdefault(proc.pid, proc)
        try:
            for child in proc.children(recursive=True):
                found.setdefault(child.pid, child)
        except GONE:
            continue
    protected = protected_pids()
    return [p for pid, p in found.items() if pid not in protected]


def command_line(proc: psutil.Process) -> str:
    """`proc`'s command line, "" once it ended or became a zombie (a browser's helpers do), or
    when it is not ours to read."""
    try:
        return " ".join(proc.cmdline())
    except GONE:
        return ""


def running(pid: int) -> bool:
    """Whether `pid` exists and is not a zombie."""
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False
    except psutil.AccessDenied:
        return True


def kill_and_reap(
    procs: Iterable[psutil.Process], *, adopted: Iterable[int] = (), wait_s: float = REAP_WAIT_S,
) -> list[int]:
    """SIGKILL `procs` and their descendants, and wait (bounded by `wait_s`) until they are
    gone, reaping the ones this process adopted. Returns the killed pids.

    A process that is already this process's child is reaped here only if `adopted` names
    it: any other child was started by a `Popen` here, which must collect its status itself.
    """
    targets = with_descendants(procs)
    try:
        spawned = {c.pid for c in psutil.Process().children()} - set(adopted)
    except GONE:
        spawned = set()
    killed = []
    for proc in targets:
        try:
            proc.send_signal(signal.SIGKILL)  # psutil checks the pid was not reused meanwhile
            killed.append(proc.pid)
        except GONE:
            continue
    reap(killed, spare=spawned, wait_s=wait_s)
    return killed


def reap(
    pids: Iterable[int], *, spare: Iterable[int] = (), wait_s: float = REAP_WAIT_S,
) -> set[int]:
    """Wait (bounded) for `pids` to end, reaping those this process adopted (never those in
    `spare`: their `Popen` collects them); returns the pids still running at the end."""
    pending, spared = set(pids), set(spare)
    deadline = time.monotonic() + wait_s
    while pending:
        for pid in list(pending):
            if pid not in spared:
                try:
                    done, _ = os.waitpid(pid, os.WNOHANG)
                    if done == pid:
                        pending.discard(pid)
                    # Ours: pending until reaped. A child that dies between this waitpid and a
                    # look at its status would be a zombie no later waitpid collects.
                    continue
                except ChildProcessError:  # not ours (yet): its own parent, or init, collects it
                    pass
            if not running(pid):
                pending.discard(pid)
        if not pending or time.monotonic() >= deadline:
            break
        time.sleep(0.02)
    return pending
