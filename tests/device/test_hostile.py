"""Hostile submissions: each tries to get out of the build sandbox, and each is contained.

Each is the budget reference plus the hostile `babel.config.js` of tests/hostile/ (which
`expo export` runs), told what to do by a `hostile.json` beside it, and built for real
with `build_submission`; what the hostile code saw comes back as a `HOSTILE-REPORT` line
in the build log. One is graded end to end through pytest.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_revylbench.builder.artifacts import artifact_key
from pytest_revylbench.builder.pipeline import BuiltArtifact, build_submission
from pytest_revylbench.builder.process import folder_bytes
from pytest_revylbench.builder.sandbox import Limits, MiB, build_uid, processes_of, sandbox_problem
from pytest_revylbench.builder.submission import copy_source, digest
from pytest_revylbench.devices.console import OVERFLOW as CONSOLE_OVERFLOW
from pytest_revylbench.records.vocabulary import Fault

from .conftest import REPO, grade, verdicts

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")

SUITE_FILE = REPO / "suites" / "budget" / "test_budget.py"
CACHE = Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache" / "revylbench")


class Listener:
    """A TCP port on every interface of this machine, counting who connects."""

    def __init__(self) -> None:
        self.server = socket.create_server(("0.0.0.0", 0))
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.connections: list[Any] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while not self.stop.is_set():
            try:
                conn, address = self.server.accept()
            except OSError:
                continue
            self.connections.append(address)
            conn.close()

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        self.server.close()


@pytest.fixture
def listener() -> Iterator[Listener]:
    server = Listener()
    try:
        yield server
    finally:
        server.close()


def host_ip() -> str:
    """This machine's address on its network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.1", 53))
        return str(probe.getsockname()[0])


def hostile(tmp_path: Path, mode: str, **params: Any) -> Path:
    submission = tmp_path / "submission"
    copy_source(REPO / "suites" / "budget" / "reference", submission)
    shutil.copy(REPO / "tests" / "hostile" / "babel.config.js", submission / "babel.config.js")
    params = {"mode": mode, "suite_file": str(SUITE_FILE), **params}
    (submission / "hostile.json").write_text(json.dumps(params))
    return submission


def build(tmp_path: Path, submission: Path, *, timeout_s: float = 300, limits: Limits | None = None,
          cache_dir: Path = CACHE) -> BuiltArtifact:
    built = build_submission(
        submission, "web", work=tmp_path / "work", cache_dir=cache_dir,
        log=tmp_path / "run" / "build.log", log_name="build.log", timeout_s=timeout_s,
        sandbox=True, limits=limits, hidden=(tmp_path / "reports",),
    )
    assert built.sandboxed
    return built


def report(tmp_path: Path) -> dict[str, Any]:
    log = (tmp_path / "run" / "build.log").read_text(errors="replace")
    lines = [line for line in log.splitlines() if line.startswith("HOSTILE-REPORT ")]
    assert lines, f"the hostile code never ran:\n{log[-3000:]}"
    return dict(json.loads(lines[-1].removeprefix("HOSTILE-REPORT ")))


def left_on_disk(tmp_path: Path) -> int:
    """Bytes a build left on disk. Its work folder (under the test's folder) is its only
    writable disk, so the test's folder holds all of it; the disk's free space would also
    count other workers' writes."""
    return folder_bytes(tmp_path)


def no_process_left(uid: int | None) -> bool:
    if uid is None:
        return True
    deadline = time.monotonic() + 5
    while processes_of(uid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def test_a_snooping_config_sees_no_suite_writes_nowhere_and_reaches_no_one(
    tmp_path: Path, listener: Listener
) -> None:
    token = f"rvb-pwned-{os.getpid()}"
    reports = tmp_path / "reports"
    reports.mkdir()
    (reports / "sentinel").write_text("an earlier grade")
    targets = {
        "repo": REPO / token, "suites": REPO / "suites" / "budget" / token, "home": Path.home() / token,
        "cache_root": CACHE / token, "work_parent": tmp_path / token, "tmp": Path("/tmp") / token,
        "etc": Path("/etc") / token,
    }
    submission = hostile(
        tmp_path, "snoop", repo=str(REPO), home=str(Path.home()), cache_root=str(CACHE),
        reports=str(reports), reports_sentinel=str(reports / "sentinel"), grader_pid=os.getpid(),
        port=listener.port, host_ip=host_ip(), write_targets={k: str(v) for k, v in targets.items()},
    )
    built = build(tmp_path, submission)
    seen = report(tmp_path)

    assert built.result.ok, built.result.log_tail  # the config still works: the app builds
    assert seen["own_file"].startswith("ok:"), seen  # the hostile code did run, and reads its own files
    assert seen["uid"] != 0
    assert seen["read_suite"] == seen["list_suites_relative"] == "error:ENOENT"
    # An empty folder where the grader's repository is; a checkout under /tmp is gone with the
    # rest of /tmp (an empty tmpfs in the sandbox).
    assert seen["list_repo"] == ("error:ENOENT" if Path("/tmp") in REPO.resolve().parents else "ok:")
    # at most the way down to the read-only dependencies
    assert set(seen["list_home"].removeprefix("ok:").split(",")) <= {"", ".cache"}, seen
    assert seen["read_reports_sentinel"] == "error:ENOENT"
    assert seen["read_shadow"] == "error:EACCES"
    assert seen["grader_process"] == "error:ENOENT"
    assert seen["visible_processes"] < 10
    writes = {k: v for k, v in seen.items() if k.startswith(("write_", "overwrite_", "poison_"))}
    assert len(writes) == len(targets) + 2 and all(v.startswith("error:") for v in writes.values()), writes
    assert not any(path.exists() for path in targets.values())
    assert not list((CACHE / "deps").glob("*/node_modules/expo/pwned.js"))
    assert (reports / "sentinel").read_text() == "an earlier grade"
    assert seen["connect_local"] == "error:ECONNREFUSED"  # the sandbox's own, empty loopback
    assert seen["connect_host"] == "error:ENETUNREACH"
    assert seen["dns"].startswith("error:")
    assert listener.connections == []
    assert no_process_left(build_uid())


def test_a_fork_bomb_is_contained_and_leaves_nothing_behind(tmp_path: Path) -> None:
    limit = 96
    submission = hostile(tmp_path, "bomb", expect_tasks=limit - 12)
    built = build(tmp_path, submission, timeout_s=30, limits=Limits(max_processes=limit))
    seen = report(tmp_path)
    # The bomb filled its quota and stopped there (bwrap's own pid 1 runs as root, outside
    # the quota); at the time limit all of it was killed, and the stall is the submission's.
    assert limit - 12 <= seen["tasks"] <= limit + 1, seen
    assert built.result.fault is Fault.BUILD_FAILED
    assert 30 <= built.result.seconds < 40
    assert no_process_left(build_uid())
    assert subprocess.run(["true"], timeout=10).returncode == 0  # this machine can still fork


MEMORY_HOLDERS = """
const cp = require('child_process');
const holder = 'const held = Buffer.alloc(64 << 20, 1); setInterval(() => held[0]++, 1000);';
for (let i = 0; i < 16; i++) {
  cp.spawn(process.execPath, ['-e', holder], {detached: true, stdio: 'ignore'});
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
}
for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
"""
"""A babel config starting sixteen processes of 64 MiB each (100 MB with node), each within
the per-process limit: about 1.6 GB together, were it let run."""


def test_a_build_whose_processes_together_hold_too_much_memory_is_stopped_and_charged(
    tmp_path: Path,
) -> None:
    submission = tmp_path / "submission"
    copy_source(REPO / "suites" / "budget" / "reference", submission)
    (submission / "babel.config.js").write_text(MEMORY_HOLDERS)
    built = build(tmp_path, submission, timeout_s=120,
                  limits=Limits(max_total_memory_bytes=512 * MiB))
    assert built.result.fault is Fault.BUILD_FAILED, built.result
    assert built.result.reason.startswith("expo export (web): its ")
    assert built.result.reason.endswith(" over the limit of 512 MiB for all of a build step's processes")
    held = float(built.result.reason.split(" MiB of memory together")[0].split()[-1])
    assert 512 < held < 512 + 2 * 100  # stopped within a holder or two of the limit
    assert built.result.seconds < 60  # not at the time limit
    assert no_process_left(build_uid())


def test_a_multi_gigabyte_file_is_cut_at_the_output_limit(tmp_path: Path) -> None:
    built = build(tmp_path, hostile(tmp_path, "fill"))
    assert built.result.fault is Fault.BUILD_FAILED
    assert built.result.reason == (
        "expo export (web): wrote big.bin up to the output-size limit (512 MiB per file); "
        "writing stops there"
    )
    assert report(tmp_path) == {"written": 512 * MiB, "stopped": "EFBIG"}
    assert not (tmp_path / "work").exists()  # a failed build's work folder is removed
    assert left_on_disk(tmp_path) < 256 * MiB
    assert no_process_left(build_uid())


def test_many_files_stop_at_the_work_folder_limit(tmp_path: Path) -> None:
    built = build(tmp_path, hostile(tmp_path, "spray"),
                  limits=Limits(max_file_bytes=64 * MiB, max_work_bytes=256 * MiB))
    assert built.result.fault is Fault.BUILD_FAILED
    assert built.result.reason.startswith("expo export (web): wrote ")
    assert built.result.reason.endswith(" MiB into its work folder, over the limit of 256 MiB")
    assert not (tmp_path / "work").exists()
    assert left_on_disk(tmp_path) < 256 * MiB
    assert built.result.seconds < 60
    assert no_process_left(build_uid())


def test_a_hang_is_killed_at_the_time_limit(tmp_path: Path) -> None:
    built = build(tmp_path, hostile(tmp_path, "hang"), timeout_s=20)
    # Its babel config ran in the export: charged to it, not refunded as the bench's timeout.
    assert built.result.fault is Fault.BUILD_FAILED
    assert built.result.diagnosis is not None and built.result.diagnosis.code == "timeout"
    assert built.result.reason == "expo export (web): exceeded the build's time limit"
    assert 20 <= built.result.seconds < 30
    assert no_process_left(build_uid())


def test_a_postinstall_script_never_runs(tmp_path: Path) -> None:
    """Dependencies install with --ignore-scripts: the submission's own scripts never run there."""
    submission = tmp_path / "submission"
    submission.mkdir()
    snoop = (
        "const fs = require('fs'); let seen; "
        f"try {{ seen = fs.readFileSync({str(SUITE_FILE)!r}, 'utf8'); }} catch (e) {{ seen = e.code; }} "
        "fs.mkdirSync('node_modules', {recursive: true}); "
        "fs.writeFileSync('node_modules/postinstall-ran', seen);"
    )
    (submission / "package.json").write_text(json.dumps({
        "name": "app", "version": "1.0.0", "scripts": {"postinstall": f"node -e {json.dumps(snoop)}"},
    }))
    (submission / "package-lock.json").write_text(json.dumps({
        "name": "app", "version": "1.0.0", "lockfileVersion": 3, "requires": True,
        "packages": {"": {"name": "app", "version": "1.0.0", "hasInstallScript": True}},
    }))
    (submission / "index.ts").write_text("export {};\n")
    cache = tmp_path / "cache"
    built = build(tmp_path, submission, cache_dir=cache)
    log = (tmp_path / "run" / "build.log").read_text()
    assert "# install dependencies, sandboxed in" in log
    installed = list((cache / "deps").glob("*/node_modules"))
    assert len(installed) == 1 and not (installed[0] / "postinstall-ran").exists()
    assert built.result.fault is Fault.BUILD_FAILED
    assert built.result.reason == (
        "expo export (web): the dependencies do not provide the expo command (node_modules/.bin/expo)"
    )


def test_a_leaking_submission_grades_as_a_candidate_failure_with_nothing_leaked(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    (reports / "earlier").mkdir(parents=True)
    (reports / "earlier" / "grade.json").write_text("{}")
    submission = hostile(tmp_path, "leak")
    record = grade(submission, reports, "hostile")
    assert record["status"] == "candidate_failure"
    assert record["failure_kind"] == "build_failed"
    assert record["build"]["reason"] == "expo export (web): exited with status 1"
    tail = record["build"]["log_tail"]
    assert 'HOSTILE-REPORT {"read_suite":"error:ENOENT","list_suites_relative":"error:ENOENT"}' in tail
    assert "HOSTILE found no suite to leak" in tail
    suite_text = SUITE_FILE.read_text()
    assert "def test_" in suite_text and "def test_" not in json.dumps(record)
    assert set(verdicts(record).values()) == {"not_run"}
    assert {t["fault"] for t in record["tests"]} == {"build_failed"}
    assert record["_exit"] == 1
    assert (reports / "earlier" / "grade.json").read_text() == "{}"
    assert sorted(p.name for p in reports.iterdir()) == ["earlier", "hostile"]


FLOOD = """  useEffect(() => {
    const line = 'flood ' + 'x'.repeat(200000);
    const timer = setInterval(() => console.error(line), 10);
    return () => clearInterval(timer);
  }, []);
"""


def test_a_console_flood_keeps_its_record_small_and_its_verdicts(tmp_path: Path) -> None:
    """Budget's reference that also logs a 200 kB error every 10 ms from its first screen. Its
    record once grew by about 30 MB a test (grade.json 127 MB, the scorecard as much, the
    grader 777 MB of memory, a flow-only grade): a flood could fill a grading host's disk.
    Each read takes what the page's console store holds (its latest 10 MB: about 26 of these
    errors) and says the store was full; the record keeps at most 50 errors a test, each cut
    (tests/unit/app/test_evidence.py); the app works, so every test still passes."""
    app = tmp_path / "app"
    copy_source(REPO / "suites" / "budget" / "reference", app)
    source = (app / "App.tsx").read_text()
    edits = [("import { useReducer, useState } from 'react';",
              "import { useEffect, useReducer, useState } from 'react';"),
             ("  const [tab, setTab] = useState<TabKey>('accounts');\n",
              "  const [tab, setTab] = useState<TabKey>('accounts');\n" + FLOOD)]
    for find, replace in edits:
        assert source.count(find) == 1, find
        source = source.replace(find, replace)
    (app / "App.tsx").write_text(source)
    record = grade(app, tmp_path / "reports", "flood")
    assert set(verdicts(record).values()) == {"pass"}, record["_stdout"][-3000:]
    for test in record["tests"]:
        assert test["console_errors"][0].startswith(CONSOLE_OVERFLOW), test["name"]
        assert 10 < len(test["console_errors"]) <= 50, test["name"]
        assert all(len(e) < 2_100 for e in test["console_errors"])
    run = tmp_path / "reports" / "flood"
    assert (run / "grade.json").stat().st_size < 2 * MiB
    assert (run / "scorecard.html").stat().st_size < 4 * MiB


LINKING_METRO_CONFIG = """// Hostile: a working Metro config that, when the export exits (dist/ written),
// links dist/s to the grader's suites folder: hidden inside the sandbox, its path known.
const fs = require('fs');
const path = require('path');
const { getDefaultConfig } = require('expo/metro-config');
process.on('exit', () => {
  try {
    fs.symlinkSync(%s, path.join(__dirname, 'dist', 's'));
    console.error('HOSTILE linked dist/s');
  } catch (e) {
    console.error('HOSTILE could not link: ' + e.code);
  }
});
module.exports = getDefaultConfig(__dirname);
"""


def test_a_bundle_linking_to_the_suites_fails_its_build_and_nothing_hidden_is_kept(tmp_path: Path) -> None:
    """A real `expo export` whose metro.config.js links dist/s to the suites when it exits:
    the grader copied dist/ into the artifact store following the link, served the hidden
    tests on the app's origin, and the app showed them (canaries and all) in the feedback."""
    submission = tmp_path / "submission"
    copy_source(REPO / "suites" / "budget" / "reference", submission)
    (submission / "metro.config.js").write_text(LINKING_METRO_CONFIG % json.dumps(str(REPO / "suites")))
    reports = tmp_path / "reports"
    record = grade(submission, reports, "linking")
    assert record["failure_kind"] == "build_failed" and record["status"] == "candidate_failure"
    assert record["build"]["reason"] == (
        "expo export (web): dist/s is a symbolic link: a build's output holds only regular "
        "files and folders")
    assert "HOSTILE linked dist/s" in record["build"]["log_tail"]
    assert set(verdicts(record).values()) == {"not_run"}
    canaries = sorted(set(re.findall(r"rvb-canary-[0-9a-z-]+", SUITE_FILE.read_text())))
    assert canaries
    shown = "".join(p.read_text(errors="replace") for p in reports.rglob("*") if p.is_file())
    assert [c for c in canaries if c in shown] == []
    key = artifact_key(digest(submission), "web", sandboxed=True)
    assert not (CACHE / "artifacts" / key).exists()  # held the suites' files
    assert not (CACHE / "artifacts" / f"{key}.partial").exists()
