"""What a build leaves is hostile: walked with lstat before the grader reads it, copied into
the artifact store without following a link, and a store that cannot keep it fails the
build, leaving no `.partial` behind."""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path

import pytest

from pytest_revylbench.builder import artifacts
from pytest_revylbench.builder.artifacts import ArtifactStore
from pytest_revylbench.builder.build_output import OutputRefused, copy_output, strange_entry
from pytest_revylbench.records.build import BuildResult
from pytest_revylbench.records.vocabulary import Fault

CANARY = "rvb-canary-output-5c1f"


def bundle(tmp_path: Path) -> Path:
    dist = tmp_path / "work" / "dist"
    (dist / "_expo/static/js").mkdir(parents=True)
    (dist / "index.html").write_text("<html>app</html>")
    (dist / "_expo/static/js/app.js").write_text("app code")
    return dist


def hidden(tmp_path: Path) -> Path:
    suites = tmp_path / "suites"
    (suites / "budget").mkdir(parents=True)
    (suites / "budget" / "test_budget.py").write_text(f"# {CANARY}\n")
    return suites


def test_a_clean_bundle_passes_and_is_copied_whole(tmp_path: Path) -> None:
    dist = bundle(tmp_path)
    assert strange_entry(dist, "dist") is None
    copy_output(dist, tmp_path / "kept" / "artifact")
    assert (tmp_path / "kept/artifact/_expo/static/js/app.js").read_text() == "app code"


@pytest.mark.parametrize("make, kind", [
    (lambda dist, suites: (dist / "s").symlink_to(suites, target_is_directory=True), "a symbolic link"),
    (lambda dist, suites: (dist / "_expo/t.py").symlink_to(suites / "budget/test_budget.py"),
     "a symbolic link"),
    (lambda dist, suites: (dist / "_expo/gone.js").symlink_to(suites / "nothing"), "a symbolic link"),
    (lambda dist, suites: os.mkfifo(dist / "_expo/static/pipe.js"), "a FIFO"),
])
def test_the_walk_names_what_is_not_a_file_or_a_folder(tmp_path: Path, make, kind: str) -> None:
    dist = bundle(tmp_path)
    make(dist, hidden(tmp_path))
    found = strange_entry(dist, "dist")
    assert found is not None and f" is {kind}: a build's output holds only" in found
    assert found.split(" is ")[0] in {"dist/s", "dist/_expo/t.py", "dist/_expo/gone.js",
                                      "dist/_expo/static/pipe.js"}


def test_a_socket_and_the_output_itself_being_a_link(tmp_path: Path) -> None:
    dist = bundle(tmp_path)
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(dist / "sock"))
        assert strange_entry(dist, "dist") == (
            "dist/sock is a socket: a build's output holds only regular files and folders")
    (dist / "sock").unlink()
    outside = tmp_path / "dist-elsewhere"
    dist.rename(outside)
    dist.symlink_to(outside, target_is_directory=True)
    assert strange_entry(dist, "dist") == (
        "dist is a symbolic link: a build's output holds only regular files and folders")


def test_a_link_to_a_large_folder_is_refused_without_reading_it(tmp_path: Path) -> None:
    dist = bundle(tmp_path)
    large = tmp_path / "home"
    large.mkdir()
    with (large / "cache.bin").open("wb") as out:
        out.truncate(8 * 1024**3)  # sparse: 8 GiB to read, none on disk
    (dist / "h").symlink_to(large, target_is_directory=True)
    started = time.monotonic()
    assert strange_entry(dist, "dist") is not None
    with pytest.raises(OutputRefused, match=r"dist/h is a symbolic link"):
        copy_output(dist, tmp_path / "kept" / "artifact")
    assert time.monotonic() - started < 1


def built(work: Path, artifact: Path) -> BuildResult:
    return BuildResult(ok=True, seconds=1.0, log_path="build.log",
                       artifact=str(artifact.relative_to(work)))


def store_files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")) if root.exists() else []


def test_a_link_the_walk_did_not_see_fails_the_build_and_leaves_no_partial(tmp_path: Path) -> None:
    """The store's copy holds to the walk's rule itself: copytree(symlinks=False) followed
    the link and kept every hidden file in the store."""
    dist = bundle(tmp_path)
    (dist / "s").symlink_to(hidden(tmp_path), target_is_directory=True)
    log = tmp_path / "build.log"
    log.write_text("built\n")
    store = ArtifactStore(tmp_path / "store")
    result = store.keep("k", built(tmp_path / "work", dist), dist, log)
    assert not result.ok and result.fault is Fault.BUILD_FAILED and result.artifact is None
    assert result.diagnosis is not None and result.diagnosis.party == "agent"
    assert result.reason == ("keep the build: dist/s is a symbolic link: a build's output "
                             "holds only regular files and folders")
    assert "dist/s is a symbolic link" in result.log_tail
    assert store.get("k") is None
    assert all(not name.startswith("k") for name in store_files(tmp_path / "store")
               if not name.endswith(".lock"))
    assert CANARY not in "".join(p.read_text() for p in (tmp_path / "store").rglob("*")
                                 if p.is_file())
    with pytest.raises(OutputRefused):
        copy_output(dist, tmp_path / "kept")
    assert not (tmp_path / "kept/s").exists()


def test_a_store_write_that_fails_is_the_builds_failure_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    dist = bundle(tmp_path)
    log = tmp_path / "build.log"
    log.write_text("built\n")

    def disk_full(source: Path, dest: Path, *, step: str = "") -> None:
        (dest / "half").mkdir(parents=True)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(artifacts, "copy_output", disk_full)
    store = ArtifactStore(tmp_path / "store")
    result = store.keep("k", built(tmp_path / "work", dist), dist, log)
    assert not result.ok and result.fault is Fault.BUILDER_FAULT
    assert result.diagnosis is not None and result.diagnosis.code == "ENOSPC"
    assert result.diagnosis.rule == "the artifact store could not be written"
    assert not (tmp_path / "store/k.partial").exists()  # it was left behind before
    assert store.get("k") is None
