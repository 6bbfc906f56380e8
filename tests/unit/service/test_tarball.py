"""A submission's tarball: what the client leaves out, and what the service refuses to unpack."""

from __future__ import annotations

import io
import tarfile
from pathlib import Path

import pytest

from pytest_revylbench.service.tarball import SubmissionRefused, pack, unpack


def _tarball(*members: tuple[tarfile.TarInfo, bytes | None]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for info, data in members:
            if data is not None:
                info.size = len(data)
            tar.addfile(info, io.BytesIO(data) if data is not None else None)
    return buffer.getvalue()


def _file(name: str, data: bytes = b"x") -> tuple[tarfile.TarInfo, bytes]:
    return tarfile.TarInfo(name), data


def _special(name: str, kind: bytes, link: str = "") -> tuple[tarfile.TarInfo, None]:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = link
    return info, None


def test_pack_leaves_out_build_output_dependencies_feedback_and_the_service_file(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    for rel in ("App.tsx", "src/screen.tsx", "node_modules/react/index.js", "dist/index.html",
                ".expo/state.json", ".feedback/1/feedback.md", ".revylbench/service.json",
                "src/node_modules/x.js"):
        (ws / rel).parent.mkdir(parents=True, exist_ok=True)
        (ws / rel).write_text(rel)
    out = tmp_path / "out"
    assert unpack(pack(ws), out) == 2
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()) == [
        "App.tsx", "src/screen.tsx"]
    assert (out / "src/screen.tsx").read_text() == "src/screen.tsx"


@pytest.mark.parametrize(("member", "why"), [
    (_file("/etc/evil"), "absolute path"),
    (_file("../outside"), "outside the destination"),
    (_file("a/../../outside"), "outside the destination"),
    (_special("link", tarfile.SYMTYPE, "/etc/passwd"), "links are not accepted"),
    (_special("inner", tarfile.SYMTYPE, "App.tsx"), "links are not accepted"),
    (_special("hard", tarfile.LNKTYPE, "/etc/passwd"), "links are not accepted"),
    (_special("dev", tarfile.CHRTYPE), "special file"),
    (_special("fifo", tarfile.FIFOTYPE), "special file"),
])
def test_hostile_members_are_refused_and_nothing_lands_outside(
        tmp_path: Path, member: tuple[tarfile.TarInfo, bytes | None], why: str) -> None:
    dest = tmp_path / "deep" / "dest"
    with pytest.raises(SubmissionRefused, match=why):
        unpack(_tarball(_file("App.tsx"), member), dest)
    assert not (tmp_path / "deep" / "outside").exists()
    assert not (tmp_path / "outside").exists()


def test_size_and_member_caps(tmp_path: Path) -> None:
    with pytest.raises(SubmissionRefused, match="unpacks to over 100 bytes"):
        unpack(_tarball(_file("big", b"x" * 101)), tmp_path / "a", max_unpacked=100)
    with pytest.raises(SubmissionRefused, match="over 3 files"):
        unpack(_tarball(*(_file(f"f{n}") for n in range(4))), tmp_path / "b", max_members=3)
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_not_a_tarball(tmp_path: Path) -> None:
    with pytest.raises(SubmissionRefused, match="not a tarball"):
        unpack(b"plain text, not gzip", tmp_path / "x")


def test_set_uid_bits_are_cleared(tmp_path: Path) -> None:
    info, data = _file("run.sh", b"#!/bin/sh\n")
    info.mode = 0o4755
    unpack(_tarball((info, data)), tmp_path / "x")
    assert (tmp_path / "x" / "run.sh").stat().st_mode & 0o7777 == 0o755
