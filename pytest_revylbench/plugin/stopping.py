"""Stopping a grade cleanly: on SIGTERM or Ctrl-C, and when the grade's own time limit passes."""

from __future__ import annotations

import os
import signal
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

GRADE_LIMIT_GRACE_S = 30.0
"""After the grade's limit, the item running then has this long to end before the grade is
stopped (its record written as interrupted)."""


@dataclass
class StopNote:
    """What stopped the grade early, filled in by the signal handlers and the limit's timer."""

    reason: str = ""
    """`SIGTERM`, `SIGINT`, or the grade's time limit; empty while nothing stopped it."""
    limit: bool = False
    """The grade's own time limit stopped it."""
    timer: Any = None
    raised: bool = False
    """The KeyboardInterrupt of the stop has reached pytest (its `pytest_keyboard_interrupt`)."""
    installed: dict[int, Any] = field(default_factory=dict)
    """The handlers this grade replaced, by signal: put back by `release`."""


def stop_cleanly_on_signals(stop: StopNote) -> None:
    """A CI timeout or a harness ends a grade with SIGTERM: treat it like Ctrl-C, so every
    fixture finalizer runs, no Appium server or browser outlives the grade, and the grade's
    record says what stopped it."""
    if threading.current_thread() is not threading.main_thread():
        return

    def interrupt(signum: int, frame: object) -> None:
        if not stop.reason:
            stop.reason = signal.Signals(signum).name
        raise KeyboardInterrupt(f"signal {signum}")

    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:  # else a harness or xdist handles it
        stop.installed[signal.SIGTERM] = signal.signal(signal.SIGTERM, interrupt)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        stop.installed[signal.SIGINT] = signal.signal(signal.SIGINT, interrupt)


class StopGuard:
    """A stop is never lost. The signal handler raises KeyboardInterrupt wherever the main
    thread is; when that is a finalizer (`__del__`, a weakref callback), Python prints the
    exception and goes on, and the grade would run to its end as if never stopped (a SIGTERM
    under load once ended a grade with exit 1, its tests run). Between tests, and at the
    session's end, a noted stop that never reached pytest is raised again, or recorded as the
    interruption it was."""

    def __init__(self, stop: StopNote) -> None:
        self.stop = stop

    def _raise_if_lost(self) -> None:
        if self.stop.reason and not self.stop.raised:
            raise KeyboardInterrupt(f"stopped: {self.stop.reason}")

    def pytest_keyboard_interrupt(self) -> None:
        self.stop.raised = True

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logstart(self) -> None:
        self._raise_if_lost()

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logfinish(self) -> None:
        self._raise_if_lost()

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self.stop.reason and session.exitstatus != pytest.ExitCode.INTERRUPTED:
            session.exitstatus = pytest.ExitCode.INTERRUPTED


def watch_grade_limit(timeout_s: float, deadline: float, stop: StopNote) -> None:
    """Stop the grade (as a SIGTERM would) once its limit, `deadline` (epoch seconds), and the
    grace after it have passed."""
    if threading.current_thread() is not threading.main_thread():
        return

    def expire() -> None:
        stop.reason = f"the grade's time limit ({timeout_s:.0f} s, --grade-timeout)"
        stop.limit = True
        os.kill(os.getpid(), signal.SIGTERM)

    timer = threading.Timer(max(0.0, deadline - time.time()) + GRADE_LIMIT_GRACE_S, expire)
    timer.name = "revylbench-grade-limit"
    timer.daemon = True
    timer.start()
    stop.timer = timer


def release(stop: StopNote) -> None:
    """Undo what the grade set up for stopping, at `pytest_unconfigure`: the limit's timer and
    the signal handlers. It matters where pytest runs in a process that goes on (a harness, a
    test of the plugin): a grade refused after its timer started (a used run folder, say) never
    reaches the session's end, and its timer would send the process a SIGTERM later."""
    if stop.timer is not None:
        stop.timer.cancel()
        stop.timer.join(timeout=1.0)  # it ends as soon as it wakes
    if threading.current_thread() is threading.main_thread():
        for signum, previous in stop.installed.items():
            signal.signal(signum, previous)
    stop.installed.clear()
