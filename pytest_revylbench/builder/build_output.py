"""What a build step leaves is hostile input, walked with `lstat` before the grader reads it.

The export ran the submission's code with its work folder writable, so its output may hold a
link to anything the grader can read (the sandbox hides the suites' contents, not their
path, which `/proc/self/mountinfo` names), a dangling link, a FIFO that blocks its reader
forever, a socket or a device. Outside the sandbox the grader copies the bundle into the
artifact store and serves it: both would follow a link. So before either, every entry is
looked at without following it, and anything but a regular file or a folder fails the build
as the submission's, naming the path. (A hard link needs the file itself, which the step
then had: it is a regular file here.) A sandboxed step's processes are gone by the time of
the walk (its pid namespace died with bubblewrap); still, the store's copy (`copy_output`)
holds to the same rule as it goes, never following a link or opening a FIFO.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
from pathlib import Path

from pytest_revylbench.builder.process import StepFailed
from pytest_revylbench.records.build import StepDiagnosis

RULE = "a build's output holds only regular files and folders"
KINDS = {
    stat.S_IFLNK: "a symbolic link", stat.S_IFIFO: "a FIFO", stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
}


class OutputRefused(StepFailed):
    """A build step left something other than files and folders: the submission's fault."""

    def __init__(self, step: str, reason: str) -> None:
        super().__init__(step, reason, diagnosis=StepDiagnosis(
            step=step, party="agent", rule=RULE, evidence=reason))


def strange_entry(root: Path, shown_as: str) -> str | None:
    """Why the first entry of `root` (itself included) that is not a regular file or a
    folder is refused, naming it as `shown_as`/…; None when there is none. Never follows."""
    mode = os.lstat(root).st_mode
    if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
        return _why(shown_as, mode)
    pending = [(root, shown_as)] if stat.S_ISDIR(mode) else []
    while pending:
        folder, named = pending.pop()
        with os.scandir(folder) as entries:
            found = sorted(entries, key=lambda e: e.name)
        for entry in found:
            mode = entry.stat(follow_symlinks=False).st_mode
            name = f"{named}/{os.fsencode(entry.name).decode('utf-8', 'backslashreplace')}"
            if stat.S_ISDIR(mode):
                pending.append((Path(entry.path), name))
            elif not stat.S_ISREG(mode):
                return _why(name, mode)
    return None


def _why(name: str, mode: int) -> str:
    return f"{name} is {KINDS.get(stat.S_IFMT(mode), 'a file of an unknown kind')}: {RULE}"


def refuse_strange_output(root: Path, *, step: str, shown_as: str) -> None:
    """OutputRefused if the output `root` holds anything but regular files and folders."""
    why = strange_entry(root, shown_as)
    if why is not None:
        raise OutputRefused(step, why)


def copy_output(source: Path, dest: Path, *, step: str = "keep the build") -> None:
    """Copy a build's output, a folder or one file, to the new path `dest`, following no
    link: anything but regular files and folders raises OutputRefused. (A loop, not
    recursion: a folder may be nested deeper than Python's recursion limit.)"""
    folders: list[tuple[Path, Path]] = []
    pending = [(source, dest)]
    while pending:
        here, there = pending.pop()
        mode = os.lstat(here).st_mode
        shown = os.fsencode(here.relative_to(source.parent)).decode("utf-8", "backslashreplace")
        if stat.S_ISREG(mode):
            _copy_file(here, there, step=step, shown=shown)
        elif stat.S_ISDIR(mode):
            there.mkdir(parents=here == source)
            folders.append((here, there))
            with os.scandir(here) as entries:
                pending += [(Path(e.path), there / e.name) for e in entries]
        else:
            raise OutputRefused(step, _why(shown, mode))
    for here, there in reversed(folders):  # after their files, which change their times
        shutil.copystat(here, there, follow_symlinks=False)


def _copy_file(source: Path, dest: Path, *, step: str, shown: str) -> None:
    try:
        fd = os.open(source, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OutputRefused(step, _why(shown, stat.S_IFLNK)) from None
        raise
    with os.fdopen(fd, "rb") as reader:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise OutputRefused(step, _why(shown, mode))
        with dest.open("xb") as writer:
            shutil.copyfileobj(reader, writer, 1024 * 1024)
    shutil.copystat(source, dest, follow_symlinks=False)
