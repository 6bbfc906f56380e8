"""Leases on a pool's devices, shared by every pytest-xdist worker of a run.

A lease is an OS file lock held for as long as a test uses the device: two workers can never
hold one device, and a worker that dies releases its leases with its file descriptors, so a
stale lease cannot outlive its holder. A device found unhealthy is quarantined for the rest
of the run by a marker file every worker respects.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout

from .errors import DeviceError


@dataclass
class Lease:
    slot: str
    holder: str
    waited_s: float
    _lock: FileLock
    _board: LeaseBoard

    def release(self) -> None:
        self._board._holder_file(self.slot).unlink(missing_ok=True)
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
                self._holder_file(slot).write_text(json.dumps(
                    {"holder": holder, "pid": os.getpid(), "since": time.time()}
                ))
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
