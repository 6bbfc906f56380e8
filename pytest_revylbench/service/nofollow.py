"""Reading and writing inside a folder an agent can change, without following its links.

Every step is taken from a directory descriptor with `O_NOFOLLOW`: a link anywhere on the way
(the folder, a sub-folder, the file) is refused, never followed to where it points. A file is
read only if it is a regular file (opened `O_NONBLOCK`, so a FIFO cannot hold the reader) and
written by a fresh file renamed into place, so a hard link planted under its name is replaced,
not written through.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


class UnsafePath(OSError):
    """A link, a special file or a bad name where a plain folder or file was expected."""


def _name(part: str) -> str:
    if part in ("", ".", "..") or "/" in part or "\0" in part:
        raise UnsafePath(f"{part!r} is not a plain file name")
    return part


@contextmanager
def folder(base: Path, *parts: str, create: bool = False) -> Iterator[int]:
    """A descriptor of `base/parts…`, each part a real folder (made when `create`)."""
    try:
        fd = os.open(base, _DIR)
    except OSError as exc:
        raise UnsafePath(f"{base}: not a folder (or a link to one): {exc.strerror}") from exc
    try:
        for part in parts:
            try:
                step = os.open(_name(part), _DIR, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise
                os.mkdir(part, 0o755, dir_fd=fd)
                step = os.open(part, _DIR, dir_fd=fd)
            except OSError as exc:   # ELOOP / ENOTDIR: a link or a file where a folder should be
                raise UnsafePath(f"{part}: not a folder (a link, or a file): {exc.strerror}") from exc
            os.close(fd)
            fd = step
        yield fd
    finally:
        os.close(fd)


def read_file(folder_fd: int, name: str, limit: int) -> bytes:
    """The bytes of the regular file `name` (at most `limit`; more is refused)."""
    try:
        fd = os.open(_name(name), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC,
                     dir_fd=folder_fd)
    except OSError as exc:
        if isinstance(exc, FileNotFoundError):
            raise
        raise UnsafePath(f"{name}: not a regular file (a link?): {exc.strerror}") from exc
    with os.fdopen(fd, "rb") as source:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnsafePath(f"{name}: not a regular file")
        data = source.read(limit + 1)
    if len(data) > limit:
        raise UnsafePath(f"{name}: over {limit} bytes")
    return data


def replace_file(folder_fd: int, name: str, data: bytes) -> None:
    """Write `name` in the folder as a new file (renamed over whatever held the name)."""
    tmp = f".{_name(name)}.{secrets.token_hex(4)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644,
                 dir_fd=folder_fd)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, name, src_dir_fd=folder_fd, dst_dir_fd=folder_fd)
    except BaseException:
        os.unlink(tmp, dir_fd=folder_fd)
        raise
