"""One intake for a submission, however it arrives: the rules a submitted tarball is held to,
checked on a folder before any of its files is opened.

A folder given to `--submission` is hostile input, like a tarball: the grader copies and
digests it outside the sandbox, with its own rights. So its entries are listed with
`os.scandir` and `lstat` only, never followed and never opened, and refused by name: a link
(the copy would read whatever it names, a hidden suite included), a FIFO (opening it waits
for a writer forever), a socket or a device, a name that is not valid UTF-8, more than
MAX_MEMBERS entries, more than MAX_UNPACKED bytes of files. Folders a build or a tool makes
(EXCLUDED_DIRS, links by those names too) are not source: they are neither walked nor
counted, as before. A hard link is a regular file here: making one needs the file itself,
which the agent then had.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from pytest_revylbench.builder.process import StepFailed
from pytest_revylbench.records.build import StepDiagnosis

MAX_MEMBERS = 20_000
"""Entries (files and folders) a submission may hold, as a tarball's members or a folder's."""
MAX_UNPACKED = 200 * 1024 * 1024
"""Bytes of files a submission may hold, unpacked."""
EXCLUDED_DIRS = frozenset({"node_modules", "dist", ".expo", ".git", "web-build", "ios", "android"})
"""Folders a build produces or a tool caches; never part of what the agent wrote."""
STEP = "receive the submission"

_KINDS = {
    stat.S_IFLNK: "a symbolic link", stat.S_IFIFO: "a FIFO", stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
}


class SubmissionRefused(StepFailed):
    """The submission breaks one of the intake's rules: the agent's fault, never retried."""

    def __init__(self, reason: str) -> None:
        super().__init__(STEP, reason, diagnosis=StepDiagnosis(
            step=STEP, party="agent", rule="a submission holds only files and folders, within "
            f"{MAX_MEMBERS} entries and {MAX_UNPACKED} bytes, with UTF-8 names", evidence=reason))


@dataclass(frozen=True)
class Intake:
    """What a walk of a submission folder found, without opening a file."""

    files: tuple[PurePosixPath, ...]
    """The regular files, relative, sorted."""
    refusal: str = ""
    """The first rule broken, naming the path; "" when the folder is accepted."""
    listing: tuple[str, ...] = ()
    """Every entry seen, as `kind size path` (sizes of files only): what a refused folder's
    digest is made of, since its files are never read."""


def printable(rel: str) -> str:
    """A relative name as it can be shown: bytes that are not UTF-8 as `\\xNN`."""
    return os.fsencode(rel).decode("utf-8", "backslashreplace")


def take_in(root: Path) -> Intake:
    """Walk `root` by the intake's rules. Stops at a cap; never opens, follows or reads."""
    files: list[PurePosixPath] = []
    listing: list[str] = []
    refusals: list[str] = []
    members = size = 0
    pending = [""]
    while pending:
        folder = pending.pop()
        with os.scandir(root / folder if folder else root) as entries:
            found = sorted(entries, key=lambda e: e.name)
        for entry in found:
            rel = f"{folder}/{entry.name}" if folder else entry.name
            mode = entry.stat(follow_symlinks=False).st_mode
            if entry.name in EXCLUDED_DIRS and (stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
                continue
            members += 1
            if members > MAX_MEMBERS:
                refusals.insert(0, f"the submission has over {MAX_MEMBERS} files and folders "
                                   f"(node_modules, dist and .expo are not counted)")
                return Intake(tuple(sorted(files)), refusals[0], tuple(listing))
            try:
                entry.name.encode("utf-8")
            except UnicodeEncodeError:
                refusals.append(f"{printable(rel)}: its name is not valid UTF-8")
                listing.append(f"badname 0 {printable(rel)}")
                continue
            if stat.S_ISDIR(mode):
                listing.append(f"dir 0 {rel}")
                pending.append(rel)
            elif stat.S_ISREG(mode):
                length = entry.stat(follow_symlinks=False).st_size
                size += length
                listing.append(f"file {length} {rel}")
                files.append(PurePosixPath(rel))
                if size > MAX_UNPACKED:
                    refusals.insert(0, f"the submission's files add up to over {MAX_UNPACKED} "
                                       f"bytes (at {rel})")
                    return Intake(tuple(sorted(files)), refusals[0], tuple(listing))
            else:
                kind = _KINDS.get(stat.S_IFMT(mode), "a file of an unknown kind")
                refusals.append(f"{rel} is {kind}: a submission holds only files and folders")
                listing.append(f"{kind.split()[-1]} 0 {rel}")
    refusal = ""
    if refusals:
        refusal = refusals[0] + (f" (and {len(refusals) - 1} more entries refused)"
                                 if len(refusals) > 1 else "")
    return Intake(tuple(sorted(files)), refusal, tuple(sorted(listing)))


def accepted_files(root: Path) -> tuple[PurePosixPath, ...]:
    """The submission's files, or SubmissionRefused naming the first rule it breaks."""
    intake = take_in(root)
    if intake.refusal:
        raise SubmissionRefused(intake.refusal)
    return intake.files


def read_regular(path: Path) -> bytes:
    """The bytes of `path` if it is a regular file when opened: never follows a link, never
    waits on a FIFO (what was walked may have been swapped since)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise SubmissionRefused(f"{path.name} is a symbolic link") from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise SubmissionRefused(f"{path.name} is not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read()
    finally:
        os.close(fd)
