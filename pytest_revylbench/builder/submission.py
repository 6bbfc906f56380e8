"""A submission's source tree: what counts as source, its digest, and a clean copy of it.

Every listing of a submission goes through the intake (intake.py): nothing here opens a link,
a FIFO or a file past the caps.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from pytest_revylbench.builder.intake import accepted_files, read_regular, take_in


def source_files(root: Path) -> Iterator[Path]:
    """Relative paths of the submission's regular files, sorted, skipping build and tool
    folders. Links and special files are not among them (the intake refuses them)."""
    yield from (Path(rel) for rel in take_in(root).files)


def files_digest(root: Path, files: Iterable[Path],
                 read: Callable[[Path], bytes] = read_regular) -> str:
    """sha256 over each file's path (relative to `root`, in the order given) and bytes."""
    h = hashlib.sha256()
    for rel in files:
        data = read(root / rel)
        h.update(rel.as_posix().encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return "sha256:" + h.hexdigest()


def tree_digest(root: Path, skip: tuple[str, ...] = ()) -> str:
    """sha256 over every file under `root` (build and tool folders included), but `__pycache__`
    and the relative paths in `skip` (a folder skips everything under it): the digest of a task,
    a suite, the grader's own code."""
    def kept(rel: str) -> bool:
        return "__pycache__" not in rel and not any(rel == s or rel.startswith(s + "/") for s in skip)

    files = sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file())
    # The grader's own trees: read as they always were (a link in them is the grader's).
    return files_digest(root, (f for f in files if kept(f.as_posix())), read=Path.read_bytes)


def digest(root: Path) -> str:
    """sha256 over every source file's relative path and bytes: same tree, same digest.

    A folder the intake refuses is never read: its digest is of its refusal and its listing
    (names, kinds, sizes), so it never shares an accepted folder's digest or its cached build.
    """
    intake = take_in(root)
    if intake.refusal:
        listing = "\n".join((intake.refusal, *intake.listing))
        return "sha256:" + hashlib.sha256(b"refused\0" + os.fsencode(listing)).hexdigest()
    return files_digest(root, (Path(rel) for rel in intake.files))


def copy_source(root: Path, dest: Path) -> None:
    """Copy the submission's source files into an empty `dest` (SubmissionRefused when the
    intake refuses the folder). No link is followed, no FIFO opened."""
    files = accepted_files(root)
    dest.mkdir(parents=True, exist_ok=False)
    for rel in files:
        source, target = root / rel, dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(read_regular(source))
        shutil.copystat(source, target, follow_symlinks=False)
