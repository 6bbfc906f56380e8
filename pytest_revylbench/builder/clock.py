"""The grader's clock: every device browser and every hidden component test run starts at one
pinned instant, and time then advances normally.

An app that shows the live date (or reads the device clock where its spec pins "today")
would otherwise get a different grade on another day. The instant is project-wide and years
from every task's pinned "today" (tasks/*/instruction.md: 2026), so such an app is caught on
every grade, and shows the same date on every grade.

How: libfaketime (Debian's `libfaketime`, installed by .ci/setup) preloaded into the process
tree, with one offset for the whole tree, computed when its first process starts: the wall
clock and the monotonic clock move together, so every clock a page or a test can read agrees
(`Date`, `performance.timeOrigin + performance.now()`, `Intl`, timers, the network stack) and
nothing in the page or the test realm is patched (a patched `Date` is itself a sign of
grading). Measured on Chromium 156 headless: a page load under the offset takes what it takes
without (0.86 s against 0.97 s); libfaketime's `FAKETIME_DONT_FAKE_MONOTONIC=1` instead made
Chromium spin (62 s, load 34), and re-reading an offset file on every call
(`FAKETIME_NO_CACHE`) never finished.

Web: a browser's clock starts at the instant when the browser starts (`pinned_browser`
wraps the device's Chromium); a kept browser is replaced once its clock is more than
KEPT_CLOCK_S past the instant.
jest: the run starts at the instant (`pinned_argv`); the test environment takes the preload's
variables out of the test realm's sight; a test that sets its own clock (fake timers) keeps it.
The static server sends no `Date` or `Last-Modified` header: the host's clock reaches no page.
iOS simulator / Android emulator: not pinned (docs/PLATFORMS.md says why); the grade records
the host's clock there.
"""

from __future__ import annotations

import datetime as dt
import glob
import os
import shlex
from pathlib import Path

PINNED_INSTANT = dt.datetime(2033, 7, 14, 12, 0, 0, tzinfo=dt.UTC)
"""Midday, so a grade of any length the grader allows ends on the same date."""
PINNED_EPOCH = PINNED_INSTANT.timestamp()
KEPT_CLOCK_S = 900.0
"""A kept browser whose clock has run this far past the instant is replaced at the next launch:
the default grade limit, so a grade's browser starts at the instant and its tests' apps start
within the grade's run of it (the same date: the instant is midday). A tighter bound buys
nothing an app can show the same way twice (a test's own timing moves its seconds) and costs a
browser start each time. (The runner crash once seen with a 30 s bound, EBADF, was the jest
channel closing its pipes twice beside the device tests: `checks/jest_channel.Channel.started`.)"""
LIBRARY_GLOBS = ("/usr/lib/*/faketime/libfaketimeMT.so.1", "/usr/lib/faketime/libfaketimeMT.so.1",
                 "/usr/local/lib/faketime/libfaketimeMT.so.1")


class ClockUnpinned(RuntimeError):
    """libfaketime is not installed: no device or component test may run on the host's clock
    (a device reports it as a DeviceError: the bench's fault, never the app's)."""


def library() -> Path:
    """libfaketime's preload library on this host.

    :raises ClockUnpinned: it is not installed, with how to install it.
    """
    for pattern in LIBRARY_GLOBS:
        found = sorted(glob.glob(pattern))
        if found:
            return Path(found[0])
    raise ClockUnpinned(f"libfaketime is not installed (looked for {', '.join(LIBRARY_GLOBS)}): "
                        "the grader pins every device's clock with it; run .ci/setup")


def start_script(lib: Path) -> str:
    """Shell that starts its arguments (`exec "$@"`) with their clocks at the instant: the
    offset is taken from the host's own clock (read by a `date` without any preload, so an
    outer libfaketime, like the one the clock's tests use to play another host date, cannot
    skew it) when the command starts."""
    return (
        'now=$(env -u LD_PRELOAD -u FAKETIME date +%s.%N)\n'
        f'offset=$(awk -v t={PINNED_EPOCH:.0f} -v n="$now" \'BEGIN {{ printf "%+.3f", t - n }}\')\n'
        f'export LD_PRELOAD={shlex.quote(str(lib))} FAKETIME="$offset"\n'
        'exec "$@"\n'
    )


def pinned_argv(argv: list[str]) -> list[str]:
    """`argv` run with its clocks starting at the instant (the component tests' jest run)."""
    return ["/bin/sh", "-c", start_script(library()), "revylbench-clock", *argv]


def pinned_browser(chromium: str, scratch: Path) -> Path:
    """An executable in `scratch` that runs `chromium` with its clocks starting at the
    instant, the offset taken when the browser starts (chromedriver starts it)."""
    script = scratch / "chromium-pinned-clock"
    script.write_text(
        "#!/bin/sh\n"
        "# The device's Chromium, its clock starting at the grader's instant (builder/clock.py).\n"
        f"set -- {shlex.quote(chromium)} \"$@\"\n" + start_script(library()),
        encoding="utf-8",
    )
    os.chmod(script, 0o755)
    return script


def clock_record() -> dict[str, object]:
    """What decides the clocks a grade's app and tests read, for the environment digest."""
    return {"instant": PINNED_INSTANT.isoformat(), "kept_browser_s": KEPT_CLOCK_S,
            "how": "libfaketime, one offset per process tree (wall and monotonic clocks)",
            "native": "host clock (not pinned)"}
