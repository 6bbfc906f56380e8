"""A submission's source tree: what counts as source, its digest, and a clean copy of it."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path

# Folders a build produces or a tool caches; never part of what the agent wrote.
EXCLUDED_DIRS = frozenset({"node_modules", "dist", ".expo", ".git", "web-build", "ios", "android"})


def source_files(root: Path) -> Iterator[Path]:
    """Relative paths of the submission's files, sorted, skipping build and tool folders."""
    found: list[Path] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in EXCLUDED_DIRS)
        base = Path(folder)
        found.extend((base / f).relative_to(root) for f in files)
    yield from sorted(found, key=lambda p: p.as_posix())


def files_digest(root: Path, files: Iterable[Path]) -> str:
    """sha256 over each file's path (relative to `root`, in the order given) and bytes."""
    h = hashlib.sha256()
    for rel in files:
        data = (root / rel).read_bytes()
        h.update(rel.as_posix().encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return "sha256:" + h.hexdigest()


def tree_digest(root: Path, skip: tuple[str, ...] = ()) -> str:
    """sha256 over every file under `root` (build and tool folders included), but `__pycache__`
    and the relative paths in `skip` (a folder skips everything under it): the digest of a task,
    a suite, the grader's own code."""
    def kept(rel: str) -> bool:
        return "__pycache__" not in rel and not any(rel == s or rel.startswith(s + "/") for s in skip)

    files = sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file())
    return files_digest(root, (f for f in files if kept(f.as_posix())))


def digest(root: Path) -> str:
    """sha256 over every source file's relative path and bytes: same tree, same digest."""
    return files_digest(root, source_files(root))


def copy_source(root: Path, dest: Path) -> None:
    """Copy the submission's source files into an empty `dest`."""
    dest.mkdir(parents=True, exist_ok=False)
    for rel in source_files(root):
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, target)
