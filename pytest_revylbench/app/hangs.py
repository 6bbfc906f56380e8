"""The hang gate: once the app has hung on launch twice in a grade, it is not launched again.

Every worker of a grade reads and appends the same small file in the run folder (like the
lease files), so the gate holds across xdist workers. A hang is the agent's fault
(`app_hang`): never retried as the bench's, never refunded.
"""

from __future__ import annotations

from pathlib import Path

from filelock import FileLock

HANGS_FILE = ".launch-hangs"
LAUNCH_HANGS_ALLOWED = 2
"""Launches that hung before the gate closes."""


def launch_hangs(run_dir: Path) -> int:
    """How many launches of this grade have hung so far."""
    path = run_dir / HANGS_FILE
    if not path.is_file():
        return 0
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def record_launch_hang(run_dir: Path, item: str, reason: str) -> int:
    """Note one hung launch (of `item`); returns the grade's count so far."""
    run_dir.mkdir(parents=True, exist_ok=True)
    path = run_dir / HANGS_FILE
    with FileLock(str(path) + ".lock"):
        with path.open("a", encoding="utf-8") as out:
            out.write(f"{item}\t{reason.splitlines()[0] if reason else ''}\n")
        return launch_hangs(run_dir)


def gate_closed(run_dir: Path) -> str | None:
    """Why the app is not launched again, or None while the gate is open."""
    count = launch_hangs(run_dir)
    if count < LAUNCH_HANGS_ALLOWED:
        return None
    return (f"not launched: the app did not render in {count} launches of this grade "
            "(it hung); the remaining device items are not relaunched")
