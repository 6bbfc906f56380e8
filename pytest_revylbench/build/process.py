"""Run one build step with a time limit, its output appended to the build log."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from pathlib import Path


class StepFailed(Exception):
    """A build step exited non-zero or ran out of time."""

    def __init__(self, step: str, reason: str, *, timed_out: bool = False) -> None:
        super().__init__(f"{step}: {reason}")
        self.step = step
        self.reason = reason
        self.timed_out = timed_out


def run_step(
    step: str,
    argv: Sequence[str],
    *,
    cwd: Path,
    log: Path,
    deadline: float,
    env: Mapping[str, str] | None = None,
) -> None:
    """Run `argv` in `cwd`, logging to `log`; kill its whole process group at `deadline`.

    `deadline` is a `time.monotonic()` value shared by all steps of one build, so the
    build's limit holds however the time splits between steps.
    """
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise StepFailed(step, "the build's time limit was reached before this step", timed_out=True)
    merged = {**os.environ, **(env or {})}
    with log.open("a", encoding="utf-8") as out:
        out.write(f"\n$ {' '.join(argv)}    # {step}, in {cwd}\n")
        out.flush()
        proc = subprocess.Popen(
            list(argv), cwd=cwd, env=merged, stdout=out, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )
        try:
            code = proc.wait(timeout=remaining)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            out.write(f"\n[revylbench] {step} killed after the build's time limit\n")
            raise StepFailed(step, "exceeded the build's time limit", timed_out=True) from None
        except BaseException:
            _kill_group(proc)
            raise
    if code != 0:
        raise StepFailed(step, f"exited with status {code}")


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def log_tail(log: Path, lines: int = 40) -> str:
    """The last `lines` lines of a log, for a grade record or feedback."""
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return ""
    return "\n".join(text.rstrip().splitlines()[-lines:])
