"""A node_modules cache keyed by the lockfile's digest, shared by every build and worker."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from filelock import FileLock

from .process import StepFailed, run_step


def lockfile_digest(project: Path) -> str:
    lock = project / "package-lock.json"
    if not lock.is_file():
        raise StepFailed("dependencies", "the submission has no package-lock.json")
    return hashlib.sha256(lock.read_bytes()).hexdigest()


def cached_node_modules(
    project: Path, cache_dir: Path, *, log: Path, deadline: float
) -> tuple[Path, bool]:
    """Return (node_modules folder for `project`'s lockfile, whether it was already cached).

    A missing entry is installed once with `npm ci` into a scratch folder and renamed into
    place, so a half-finished install is never mistaken for a cached one.
    """
    digest = lockfile_digest(project)
    entry = cache_dir / "node_modules" / digest[:16]
    ready = entry / "node_modules"
    entry.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(entry) + ".lock"):
        if ready.is_dir():
            return ready, True
        scratch = entry.with_name(entry.name + ".partial")
        shutil.rmtree(scratch, ignore_errors=True)
        scratch.mkdir()
        for name in ("package.json", "package-lock.json"):
            shutil.copy2(project / name, scratch / name)
        run_step(
            "install dependencies",
            ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=scratch, log=log, deadline=deadline,
        )
        entry.mkdir(exist_ok=True)
        (scratch / "node_modules").rename(ready)
        shutil.rmtree(scratch, ignore_errors=True)
        return ready, False
