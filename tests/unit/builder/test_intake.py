"""A folder given to `--submission` is held to a tarball's rules before any file is read:
links and special files refused by name, size and entry caps, UTF-8 names; build and tool
folders skipped as before."""

from __future__ import annotations

import json
import os
import socket
import time
from pathlib import Path

import pytest

from pytest_revylbench.builder import intake
from pytest_revylbench.builder.intake import SubmissionRefused, take_in
from pytest_revylbench.builder.pipeline import build_submission
from pytest_revylbench.builder.submission import copy_source, digest, source_files
from pytest_revylbench.records.vocabulary import Fault

REPO = Path(__file__).resolve().parents[3]


def app(root: Path) -> Path:
    (root / "src").mkdir(parents=True)
    (root / "package.json").write_text("{}\n")
    (root / "package-lock.json").write_text('{"lockfileVersion": 3, "packages": {"": {}}}\n')
    (root / "App.tsx").write_text("export default 1;\n")
    (root / "src/a.ts").write_text("a\n")
    return root


def refusal(root: Path) -> str:
    with pytest.raises(SubmissionRefused) as caught:
        copy_source(root, root.parent / "copy")
    assert not (root.parent / "copy").exists()  # refused before anything was written
    assert caught.value.diagnosis is not None and caught.value.diagnosis.party == "agent"
    return caught.value.reason


def test_a_plain_folder_is_taken_in_whole(tmp_path: Path) -> None:
    root = app(tmp_path / "app")
    assert take_in(root).refusal == ""
    copy_source(root, tmp_path / "copy")
    assert digest(tmp_path / "copy") == digest(root)


def test_a_fifo_is_refused_by_name_and_nothing_waits_on_it(tmp_path: Path) -> None:
    root = app(tmp_path / "app")
    (root / "assets").mkdir()
    os.mkfifo(root / "assets/pipe")
    started = time.monotonic()
    assert refusal(root) == "assets/pipe is a FIFO: a submission holds only files and folders"
    assert digest(root).startswith("sha256:")  # opened the FIFO and waited forever, before
    assert [p.as_posix() for p in source_files(root)] == ["App.tsx", "package-lock.json",
                                                           "package.json", "src/a.ts"]
    assert time.monotonic() - started < 2


def test_a_fifo_submission_fails_its_build_quickly_as_the_agents(tmp_path: Path) -> None:
    """The digest and the copy both ran before the build's time limit, and neither came back."""
    root = app(tmp_path / "app")
    os.mkfifo(root / "pipe")
    started = time.monotonic()
    built = build_submission(root, "web", work=tmp_path / "work", cache_dir=tmp_path / "cache",
                             log=tmp_path / "run/build.log", log_name="build.log", timeout_s=30,
                             sandbox=False)
    assert time.monotonic() - started < 5
    assert built.result.fault is Fault.BUILD_FAILED
    assert built.result.diagnosis is not None
    assert built.result.diagnosis.step == "receive the submission"
    assert "pipe is a FIFO" in built.result.reason
    assert "pipe is a FIFO" in built.result.log_tail


def test_links_are_refused_by_name_whatever_they_name(tmp_path: Path) -> None:
    root = app(tmp_path / "app")
    (root / "suite.py").symlink_to(REPO / "suites/budget/test_budget.py")
    assert refusal(root) == "suite.py is a symbolic link: a submission holds only files and folders"
    (root / "suite.py").unlink()
    (root / "src/shared").symlink_to(REPO / "suites", target_is_directory=True)
    assert refusal(root).startswith("src/shared is a symbolic link")  # was skipped silently
    (root / "src/shared").unlink()
    (root / "gone.ts").symlink_to(tmp_path / "nowhere")
    assert refusal(root).startswith("gone.ts is a symbolic link")


def test_sockets_and_devices_are_refused(tmp_path: Path) -> None:
    root = app(tmp_path / "app")
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(root / "src/sock"))
        assert refusal(root).startswith("src/sock is a socket")
    (root / "src/sock").unlink()
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    os.mknod(root / "null", 0o600 | 0o020000, os.makedev(1, 3))
    assert refusal(root).startswith("null is a character device")


def test_the_first_refusal_is_named_and_the_others_counted(tmp_path: Path) -> None:
    root = app(tmp_path / "app")
    os.mkfifo(root / "a-pipe")
    os.mkfifo(root / "b-pipe")
    assert refusal(root) == ("a-pipe is a FIFO: a submission holds only files and folders "
                             "(and 1 more entries refused)")


def test_a_name_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    root = app(tmp_path / "app")
    (Path(os.fsdecode(bytes(root / "src") + b"/caf\xe9.ts"))).write_text("x\n")
    assert refusal(root) == "src/caf\\xe9.ts: its name is not valid UTF-8"
    assert digest(root).startswith("sha256:")  # encoding the name crashed the digest before


def test_the_entry_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = app(tmp_path / "app")
    for n in range(6):
        (root / f"f{n}.ts").write_text("x")
    monkeypatch.setattr(intake, "MAX_MEMBERS", 10)  # the app's 5 entries and 6 files
    assert refusal(root) == ("the submission has over 10 files and folders (node_modules, dist "
                             "and .expo are not counted)")


def test_the_size_cap_refuses_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = app(tmp_path / "app")
    with (root / "huge.bin").open("wb") as out:  # sparse: no disk, but 300 MB to read
        out.truncate(300 * 1024 * 1024)
    assert intake.MAX_UNPACKED < 300 * 1024 * 1024
    started = time.monotonic()
    assert refusal(root) == f"the submission's files add up to over {intake.MAX_UNPACKED} bytes (at huge.bin)"
    assert digest(root).startswith("sha256:")
    assert time.monotonic() - started < 1  # the digest read 300 MB before


def test_build_and_tool_folders_keep_their_treatment(tmp_path: Path) -> None:
    """Skipped, whatever they hold, as before (a dependency folder holds links of its own);
    a link by one of their names is skipped too, never followed."""
    root = app(tmp_path / "app")
    (root / "node_modules/.bin").mkdir(parents=True)
    (root / "node_modules/.bin/expo").symlink_to("../expo/bin/cli")
    os.mkfifo(root / "node_modules/pipe")
    (root / "dist").symlink_to(REPO / "suites", target_is_directory=True)
    (root / "src/ios").mkdir()
    (root / "src/ios/x.swift").write_text("x")
    assert take_in(root).refusal == ""
    assert [p.as_posix() for p in source_files(root)] == ["App.tsx", "package-lock.json",
                                                           "package.json", "src/a.ts"]


def test_refused_folders_never_share_an_accepted_ones_digest(tmp_path: Path) -> None:
    clean = app(tmp_path / "clean")
    piped = app(tmp_path / "piped")
    os.mkfifo(piped / "pipe")
    assert digest(clean) != digest(piped)


def test_grading_a_fifo_submission_ends_promptly_as_the_agents(demo_task: pytest.Pytester) -> None:
    """`pytest --submission DIR` with a FIFO among the files hung forever (the digest waited
    for a writer; SIGTERM did not end it). Now the grade is written: the build failed."""
    demo_task.makepyfile(**{"suites/demo/test_suite": (
        "from pytest_revylbench import stage\n@stage('one')\ndef test_one(app):\n    app.see('Hi')\n")})
    os.mkfifo(demo_task.path / "submission/pipe")
    started = time.monotonic()
    demo_task.runpytest_subprocess(
        "--task", "demo", "--submission", "submission", "--run-id", "r1", "-p", "no:cacheprovider",
        "--cache-dir", str(demo_task.path / "cache"), timeout=120)
    assert time.monotonic() - started < 60
    grade = json.loads((demo_task.path / "reports/r1/grade.json").read_text())
    assert grade["build"]["reason"] == ("receive the submission: pipe is a FIFO: a submission "
                                        "holds only files and folders")
    assert {(t["verdict"], t["fault"]) for t in grade["tests"]} == {("not_run", "build_failed")}
