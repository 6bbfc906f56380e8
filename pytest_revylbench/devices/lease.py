"""Leases on a pool's devices, shared by every pytest-xdist worker of a run.

A lease is an OS file lock held for as long as a test uses the device: two workers can never
hold one device, and a worker that dies releases its leases with its file descriptors, so a
stale lease cannot outlive its holder. A device found unhealthy is quarantined for the rest
of the run by a marker file every worker respects.
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout

from pytest_revylbench.builder.proctree import running
from pytest_revylbench.devices.errors import DeviceError


@dataclass
class Lease:
    slot: str
    holder: str
    waited_s: float
    _lock: FileLock
    _board: LeaseBoard

    def release(self) -> None:
        self._board._holder_file(self.slot).unlink(missing_ok=True)
        self._board.journal("release", self.slot, self.holder)
        self._lock.release()


class LeaseBoard:
    """The leases of one pool in one run, kept in `folder`."""

    def __init__(
        self,
        folder: Path,
        slots: tuple[str, ...],
        *,
        timeout_s: float,
        poll_s: float = 0.25,
        say: Callable[[str], None] | None = None,
    ) -> None:
        self.folder = folder
        self.slots = slots
        self.timeout_s = timeout_s
        self.poll_s = poll_s
        self.say = say or (lambda message: None)
        folder.mkdir(parents=True, exist_ok=True)

    def _holder_file(self, slot: str) -> Path:
        return self.folder / f"{slot}.holder"

    def _quarantine_file(self, slot: str) -> Path:
        return self.folder / f"{slot}.quarantined"

    def quarantined(self) -> list[str]:
        return [s for s in self.slots if self._quarantine_file(s).exists()]

    def holders(self) -> dict[str, str]:
        """Who holds which device, as far as the holder files say (for messages)."""
        found = {}
        for slot in self.slots:
            try:
                found[slot] = json.loads(self._holder_file(slot).read_text())["holder"]
            except (OSError, ValueError, KeyError):
                continue
        return found

    def acquire(self, holder: str, *, prefer: str | None = None) -> Lease:
        """Lease a free, healthy-so-far device, waiting (bounded) while all are taken."""
        started = time.monotonic()
        announced = False
        while True:
            usable = [s for s in self.slots if not self._quarantine_file(s).exists()]
            if not usable:
                raise DeviceError(
                    f"every device of the pool is quarantined ({', '.join(self.slots)}); "
                    f"see {self.folder}"
                )
            if prefer in usable:  # the device this worker used last: already started
                usable.remove(prefer)
                usable.insert(0, prefer)
            for slot in usable:
                lock = FileLock(str(self.folder / f"{slot}.lock"), timeout=0)
                try:
                    lock.acquire()
                except Timeout:
                    continue
                if self._quarantine_file(slot).exists():
                    lock.release()
                    continue
                self._recover_stale(slot)
                self._holder_file(slot).write_text(json.dumps(
                    {"holder": holder, "pid": os.getpid(), "since": time.time()}
                ))
                self.journal("acquire", slot, holder)
                return Lease(slot, holder, time.monotonic() - started, lock, self)
            waited = time.monotonic() - started
            if waited >= self.timeout_s:
                raise DeviceError(
                    f"no device became free within {self.timeout_s:.0f}s; held: "
                    + ", ".join(f"{s} by {h}" for s, h in sorted(self.holders().items()))
                )
            if not announced:
                self.say(f"{holder}: all {len(usable)} devices are leased; waiting up to "
                         f"{self.timeout_s:.0f}s for one")
                announced = True
            time.sleep(self.poll_s)

    def quarantine(self, slot: str, reason: str) -> None:
        self._quarantine_file(slot).write_text(reason + "\n")
        self.journal("quarantine", slot, reason)

    def journal(self, event: str, slot: str, holder: str) -> None:
        """Append one event to `journal.jsonl` (one short O_APPEND write: atomic)."""
        line = json.dumps({"t": time.time(), "event": event, "slot": slot, "holder": holder,
                           "pid": os.getpid()})
        with (self.folder / "journal.jsonl").open("a", encoding="utf-8") as out:
            out.write(line + "\n")

    def forget_processes(self, slot: str) -> None:
        """This worker stopped the device of `slot` properly: forget its process groups."""
        _rewrite_groups(self.folder / f"{slot}.pgids", keep=lambda owner: owner != os.getpid())

    def own_processes(self, slot: str, pgid: int) -> None:
        """Note a process group the device of `slot` runs (its Appium server), so that a
        worker that inherits the slot from a dead holder can stop what it left behind."""
        with (self.folder / f"{slot}.pgids").open("a", encoding="utf-8") as out:
            out.write(f"{pgid} {os.getpid()}\n")

    def _recover_stale(self, slot: str) -> None:
        try:
            previous = json.loads(self._holder_file(slot).read_text())
        except (OSError, ValueError):
            return  # released properly: no holder file left behind
        if _alive(int(previous.get("pid", 0))):
            return
        self.journal("recover-stale", slot, str(previous.get("holder", "?")))
        self.say(f"recovered the lease on {slot} from {previous.get('holder')} (its process died)")
        kill_orphans(self.folder / f"{slot}.pgids")

    def sweep(self) -> None:
        """Stop the process groups that dead workers left running (end of the run)."""
        for slot in self.slots:
            kill_orphans(self.folder / f"{slot}.pgids")


def _alive(pid: int) -> bool:
    """Whether `pid` runs; a zombie (killed, not yet reaped by its parent) does not."""
    return pid > 0 and running(pid)


def _rewrite_groups(path: Path, keep: Callable[[int], bool]) -> list[int]:
    """Keep the `pgid owner` lines whose owner passes `keep`; return the others' groups."""
    try:
        lines = [tuple(map(int, line.split())) for line in path.read_text().splitlines() if line]
    except (OSError, ValueError):
        return []
    kept = [f"{g} {o}" for g, o in lines if keep(o)]
    if kept:
        path.write_text("\n".join(kept) + "\n")
    else:
        path.unlink(missing_ok=True)
    return [g for g, o in lines if not keep(o)]


def kill_orphans(path: Path) -> None:
    """Kill the process groups recorded in `path` whose owning worker is dead."""
    for pgid in _rewrite_groups(path, keep=_alive):
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
