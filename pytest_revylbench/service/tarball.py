"""A submission on the wire: the workspace as a gzipped tarball, packed by the client and
unpacked by the service.

The tarball is hostile input. Before anything is written, every member is checked: an
absolute path or a `..` is refused by name (the filter below would only strip a leading
slash), every link is refused (a submission has no use for one), and the member count and
unpacked size are held to caps. Then it is unpacked with `tarfile`'s `filter="data"` (PEP 706),
which also refuses anything that would land outside the destination and device and FIFO
files, and clears set-uid and group/other write bits.
"""

from __future__ import annotations

import io
import tarfile
from pathlib import Path, PurePosixPath

from pytest_revylbench.builder.intake import MAX_MEMBERS, MAX_UNPACKED

EXCLUDED = ("node_modules", "dist", ".expo", ".feedback", ".revylbench", ".git", "web-build")
"""Folders never sent: build output, installed dependencies, feedback, the service file."""
MAX_COMPRESSED = 50 * 1024 * 1024


class SubmissionRefused(Exception):
    """The tarball is not an acceptable submission; the message says why."""


def oversized(size: int) -> str | None:
    """The intake's reason for refusing a packed submission of `size` bytes, or None."""
    if size > MAX_COMPRESSED:
        return (f"the submission is {size} bytes packed, over the cap of {MAX_COMPRESSED} "
                "(node_modules, dist and .expo are never sent)")
    return None


def pack(workspace: Path) -> bytes:
    """The workspace as a .tar.gz, without the EXCLUDED folders (at any depth)."""
    def keep(info: tarfile.TarInfo) -> tarfile.TarInfo | None:
        parts = Path(info.name).parts
        return None if any(p in EXCLUDED for p in parts) else info

    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for child in sorted(workspace.iterdir()):
            tar.add(child, arcname=child.name, filter=keep)
    return buffer.getvalue()


def unpack(data: bytes, dest: Path, *, max_unpacked: int = MAX_UNPACKED,
           max_members: int = MAX_MEMBERS) -> int:
    """Unpack a submission into the empty folder `dest`; returns the number of files."""
    if (why := oversized(len(data))) is not None:
        raise SubmissionRefused(why)
    try:
        tar = tarfile.open(fileobj=io.BytesIO(data), mode="r:*")
    except tarfile.TarError as exc:
        raise SubmissionRefused(f"the submission is not a tarball: {exc}") from exc
    with tar:
        members = []
        total = 0
        try:
            for member in tar:
                members.append(member)
                total += max(member.size, 0)
                if len(members) > max_members:
                    raise SubmissionRefused(f"the submission has over {max_members} files")
                if total > max_unpacked:
                    raise SubmissionRefused(f"the submission unpacks to over {max_unpacked} bytes")
                parts = PurePosixPath(member.name).parts
                if member.name.startswith(("/", "\\")) or ".." in parts:
                    raise SubmissionRefused(f"{member.name}: an absolute path or `..` would land "
                                            "outside the destination")
                if member.issym() or member.islnk():
                    raise SubmissionRefused(f"{member.name}: links are not accepted in a submission")
        except tarfile.TarError as exc:
            raise SubmissionRefused(f"the submission's tarball is damaged: {exc}") from exc
        dest.mkdir(parents=True, exist_ok=True)
        try:
            tar.extractall(dest, members=members, filter="data")
        except (tarfile.FilterError, tarfile.TarError, OSError) as exc:
            raise SubmissionRefused(f"the submission was refused: {exc}") from exc
    return sum(1 for m in members if m.isfile())
