"""The bubblewrap sandbox: how a step's argv is composed, and that it really confines."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from pytest_revylbench.builder.deps import cached_node_modules, lockfile_packages
from pytest_revylbench.builder.intake import SubmissionRefused
from pytest_revylbench.builder.pipeline import build_submission
from pytest_revylbench.builder.process import StepFailed, run_step
from pytest_revylbench.builder.sandbox import (
    ALWAYS_HIDDEN,
    Limits,
    MiB,
    Sandbox,
    SandboxPolicy,
    processes_of,
    sandbox_problem,
)
from pytest_revylbench.builder.submission import copy_source
from pytest_revylbench.records.vocabulary import Fault

REPO = Path(__file__).resolve().parents[3]
HOME = Path.home()
UID = 2_000_000_001

needs_bwrap = pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")


def test_the_argv_hides_then_binds_back_and_confines(tmp_path: Path) -> None:
    cache = HOME / ".cache" / "revylbench"
    work = tmp_path / "work"
    entry = cache / "deps" / "0123456789abcdef" / "node_modules"
    limits = Limits(memory_bytes=1024 * MiB, max_file_bytes=64 * MiB, max_processes=99)
    # A grader folder outside /tmp (wherever this checkout lives, the argv must not depend on it).
    grader = Path("/opt")
    sandbox = Sandbox(work=work, hidden=(grader, HOME, cache), read_only=(entry,), uid=UID,
                      limits=limits)
    assert sandbox.command(["node", "x.js"]) == [
        "prlimit", "--core=0", f"--fsize={64 * MiB}", f"--data={1024 * MiB}", "--nproc=99", "--",
        "bwrap", "--ro-bind", "/", "/",
        "--dev", "/dev", "--remount-ro", "/dev", "--size", str(16 * MiB), "--tmpfs", "/dev/shm",
        "--proc", "/proc",
        "--size", str(16 * MiB), "--tmpfs", "/tmp",
        # the cache is inside $HOME: hidden with it, not mounted twice
        *[arg for p in sorted([HOME, grader]) for arg in ("--size", str(MiB), "--tmpfs", str(p))],
        # open mount points the unprivileged uid must walk through, then bind back
        *_dirs(work.parents, Path("/tmp")),
        *_dirs(entry.parents, HOME),
        "--bind", str(work), str(work),
        "--ro-bind", str(entry), str(entry),
        "--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--die-with-parent",
        "--new-session", "--cap-drop", "ALL",
        "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_SETPCAP",
        "--chdir", str(work), "--",
        "setpriv", f"--reuid={UID}", f"--regid={UID}", "--clear-groups", "--inh-caps=-all",
        "--bounding-set=-all", "--no-new-privs", "--",
        "node", "x.js",
    ]


def _dirs(parents: Sequence[Path], root: Path) -> list[str]:
    inside = sorted((p for p in parents if root in p.parents), key=lambda p: len(p.parts))
    return [arg for p in inside for arg in ("--perms", "0755", "--dir", str(p))]


def test_a_dependency_fill_has_network_and_npm_cache_but_no_uid(tmp_path: Path) -> None:
    policy = SandboxPolicy(hidden=(REPO,), uid=UID)
    npm_cache = tmp_path / "npm"
    fill = policy.for_dependency_fill(tmp_path / "scratch", npm_cache=npm_cache, npmrc=None)
    argv = fill.command(["npm", "ci"])
    assert "--unshare-net" not in argv
    assert "setpriv" not in argv and "CAP_SETUID" not in argv
    assert argv[argv.index("--bind", argv.index(str(tmp_path / "scratch")) - 1):][:6] == [
        "--bind", str(tmp_path / "scratch"), str(tmp_path / "scratch"),
        "--bind", str(npm_cache), str(npm_cache),
    ]
    assert fill.environment()["npm_config_cache"] == str(npm_cache)
    build = policy.for_build(tmp_path / "work")
    assert "--unshare-net" in build.command(["x"])
    assert set(ALWAYS_HIDDEN) <= set(build.hidden)


def test_the_environment_is_clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REVYLBENCH_SECRET", "s3cret")
    sandbox = Sandbox(work=tmp_path, limits=Limits(memory_bytes=2048 * MiB))
    assert sandbox.environment() == {
        "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(tmp_path),
        "TMPDIR": str(tmp_path / ".revylbench-tmp"), "LANG": "C.UTF-8", "CI": "1",
        "EXPO_OFFLINE": "1", "EXPO_NO_TELEMETRY": "1", "NODE_OPTIONS": "--max-old-space-size=1536",
    }


def test_hidden_folders_that_do_not_exist_or_nest_are_skipped(tmp_path: Path) -> None:
    sandbox = Sandbox(work=tmp_path / "w", hidden=(REPO / "suites", REPO, Path("/no/such/folder")))
    argv = sandbox.command(["true"])
    tmpfs = [argv[i + 1] for i, a in enumerate(argv) if a == "--tmpfs"]
    # A checkout under /tmp is hidden by /tmp's own tmpfs already: no second mount.
    under_tmp = Path("/tmp") in REPO.parents
    assert tmpfs == ["/dev/shm", "/tmp", *([] if under_tmp else [str(REPO)])]


def run(sandbox: Sandbox, *argv: str, deadline_s: float = 30) -> str:
    log = sandbox.work.parent / "step.log"
    log.write_text("")
    sandbox.prepare()
    try:
        run_step("probe", list(argv), cwd=sandbox.work, log=log,
                 deadline=time.monotonic() + deadline_s, sandbox=sandbox)
    finally:
        output = log.read_text()
    return output


@needs_bwrap
def test_a_suite_file_is_invisible_and_the_work_folder_readable(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / "mine.txt").write_text("my own file\n")
    suite = REPO / "suites" / "budget" / "test_budget.py"
    assert suite.is_file()
    sandbox = Sandbox(work=work, hidden=(REPO, HOME), uid=os.getpid() + UID)
    out = run(sandbox, "sh", "-c",
              f"cat mine.txt; cat {suite} || echo HIDDEN; id -u; ls {REPO} 2>/dev/null | wc -l")
    assert "my own file" in out
    assert "No such file or directory" in out and "HIDDEN" in out
    assert "def test_" not in out
    assert f"{os.getpid() + UID}\n0\n" in out


@needs_bwrap
def test_writes_outside_the_work_folder_fail_and_the_network_is_gone(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    script = (
        "touch /etc/rvb-x 2>/dev/null || echo ETC-REFUSED; "
        f"touch {tmp_path}/outside 2>/dev/null || echo PARENT-REFUSED; "
        "touch inside && echo INSIDE-OK; "
        "cat /etc/shadow >/dev/null 2>&1 || echo SHADOW-REFUSED; "
        "node -e \"require('net').connect(53, '10.255.255.53').on('error', e => console.log('NET', e.code))\""
    )
    out = run(Sandbox(work=work, uid=os.getpid() + UID), "sh", "-c", script)
    assert "ETC-REFUSED" in out and "PARENT-REFUSED" in out and "INSIDE-OK" in out
    assert "SHADOW-REFUSED" in out
    assert "NET ENETUNREACH" in out
    assert (work / "inside").is_file() and not (tmp_path / "outside").exists()


@needs_bwrap
def test_a_file_over_the_size_limit_fails_the_step_and_is_emptied(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    sandbox = Sandbox(work=work, uid=os.getpid() + UID, limits=Limits(max_file_bytes=4 * MiB))
    with pytest.raises(StepFailed, match=r"wrote big\.bin up to the output-size limit \(4 MiB per file\)"):
        run(sandbox, "sh", "-c", "head -c 50000000 /dev/zero > big.bin")
    assert (work / "big.bin").stat().st_size == 0


@needs_bwrap
def test_the_build_log_is_capped(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    sandbox = Sandbox(work=work, uid=os.getpid() + UID, limits=Limits(max_log_bytes=MiB))
    out = run(sandbox, "sh", "-c", "head -c 20000000 /dev/zero | tr '\\0' x")
    assert MiB <= len(out) < MiB + 1000
    assert "output over 1 MiB dropped (18951424 bytes)" in out


@needs_bwrap
@pytest.mark.parametrize("grow", ["heap", "buffers"])
def test_memory_is_capped_per_process(tmp_path: Path, grow: str) -> None:
    work = tmp_path / "work"
    work.mkdir()
    sandbox = Sandbox(work=work, uid=os.getpid() + UID, limits=Limits(memory_bytes=256 * MiB))
    script = {
        "heap": "const a = []; for (;;) a.push(new Array(1e5).fill(a.length));",
        "buffers": "const a = []; for (;;) a.push(Buffer.alloc(1 << 24, 1));",
    }[grow]
    with pytest.raises(StepFailed, match=r"\(a process ran out of memory: the limit is 256 MiB per proc"):
        run(sandbox, "node", "-e", script)


HOLDERS = """
for i in $(seq 12); do
  python3 -c "import time; held = b'x' * (48 << 20); time.sleep(3)" &
  sleep 0.2
done
wait
echo ALL-HELD
"""
"""Twelve processes, each holding 48 MiB (well under the per-process limit), about 700 MB
together with their interpreters."""


@needs_bwrap
def test_a_step_whose_processes_together_hold_too_much_memory_is_stopped(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    uid = os.getpid() + UID
    limits = Limits(memory_bytes=256 * MiB, max_total_memory_bytes=192 * MiB)
    # Unwatched, every holder gets its memory: each is within the per-process limit.
    assert "ALL-HELD" in run(Sandbox(work=work, uid=uid, limits=limits), "sh", "-c", HOLDERS).splitlines()
    started = time.monotonic()
    with pytest.raises(StepFailed, match=r"over the limit of 192 MiB for all of a build step's") as stopped:
        run(Sandbox(work=work, uid=uid, limits=limits, watch_memory=True), "sh", "-c", HOLDERS)
    held = float(stopped.value.reason.split(" MiB of memory together")[0].split()[-1])
    assert 192 < held < 192 + 2 * 60, stopped.value.reason  # stopped within a holder or two
    assert time.monotonic() - started < 5
    assert processes_of(uid) == []
    assert "ALL-HELD" not in (work.parent / "step.log").read_text().splitlines()


def test_a_build_step_is_watched_and_the_dependency_fill_is_not(tmp_path: Path) -> None:
    policy = SandboxPolicy(hidden=(), uid=UID)
    assert policy.for_build(tmp_path).watch_memory
    fill = policy.for_dependency_fill(tmp_path, npm_cache=tmp_path / "npm", npmrc=None)
    assert not fill.watch_memory  # npm runs no submission code: its memory is not the agent's


SPAWN_100 = """
const cp = require('child_process');
let ok = 0, failed = 0, pending = 100;
const done = () => {
  if (--pending === 0) { console.log('spawned', ok, 'refused', failed); process.exit(0); }
};
for (let i = 0; i < 100; i++) {
  const child = cp.spawn('sleep', ['60']);
  child.on('spawn', () => { ok++; done(); });
  child.on('error', () => { failed++; done(); });
}
"""


@needs_bwrap
def test_processes_are_capped_and_none_outlive_the_step(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    uid = os.getpid() + UID
    sandbox = Sandbox(work=work, uid=uid, limits=Limits(max_processes=40))
    out = run(sandbox, "node", "-e", SPAWN_100)
    spawned, refused = (int(n) for n in out.split("spawned ")[1].split()[::2][:2])
    assert 10 <= spawned < 40 and refused == 100 - spawned  # node's own threads count too
    assert processes_of(uid) == []  # the 60 s sleeps died with the step


def test_lockfile_packages_reads_v3_and_v1() -> None:
    v3 = {"packages": {"": {"name": "app"}, "node_modules/a": {"version": "1.0.0"},
                       "node_modules/@s/b": {"version": "2.0.0"},
                       "node_modules/a/node_modules/c": {"version": "3.0.0"},
                       "node_modules/alias": {"name": "real", "version": "4.0.0"},
                       "node_modules/local": {"link": True}}}
    assert lockfile_packages(v3) == {"a@1.0.0", "@s/b@2.0.0", "c@3.0.0", "real@4.0.0"}
    v1 = {"dependencies": {"a": {"version": "1.0.0", "dependencies": {"c": {"version": "3.0.0"}}}}}
    assert lockfile_packages(v1) == {"a@1.0.0", "c@3.0.0"}


def _lockfile(folder: Path, packages: dict[str, str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "package.json").write_text('{"name": "app", "version": "1.0.0"}')
    entries: dict[str, object] = {"": {"name": "app", "version": "1.0.0"}}
    entries.update({f"node_modules/{n}": {"version": v} for n, v in packages.items()})
    (folder / "package-lock.json").write_text(
        json.dumps({"name": "app", "lockfileVersion": 3, "packages": entries})
    )


def test_offline_refuses_a_lockfile_that_is_not_cached_naming_what_is_missing(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cached = cache / "deps" / "feedfacefeedface"
    (cached / "node_modules").mkdir(parents=True)
    _lockfile(cached, {"expo": "56.0.23", "react": "19.2.3"})
    project = tmp_path / "app"
    _lockfile(project, {"expo": "56.0.23", "react": "19.2.3", "left-pad": "1.3.0", "is-odd": "3.0.1"})
    with pytest.raises(StepFailed) as failed:
        cached_node_modules(project, cache, log=tmp_path / "log", deadline=time.monotonic() + 5,
                            offline=True)
    assert str(failed.value) == (
        "install dependencies: offline, and 2 package(s) of package-lock.json are not in the "
        "dependency cache: is-odd@3.0.1, left-pad@1.3.0"
    )
    assert not (tmp_path / "log").exists()  # nothing was run


def test_offline_build_fails_as_the_candidates_fault(tmp_path: Path) -> None:
    submission = tmp_path / "app"
    _lockfile(submission, {"left-pad": "1.3.0"})
    built = build_submission(
        submission, "web", work=tmp_path / "work", cache_dir=tmp_path / "cache",
        log=tmp_path / "run" / "build.log", log_name="build.log", timeout_s=30, offline=True,
        sandbox=False,
    )
    assert built.result.fault is Fault.BUILD_FAILED
    assert "not in the dependency cache: left-pad@1.3.0" in built.result.reason
    assert not (tmp_path / "work").exists()


def test_a_link_in_the_submission_fails_the_build_whatever_it_names(tmp_path: Path) -> None:
    """As a tarball's: a link to a hidden suite file, and a link inside the submission too
    (the tarball path refuses both; one intake for both)."""
    submission = tmp_path / "app"
    _lockfile(submission, {})
    (submission / "suite.py").symlink_to(REPO / "suites" / "budget" / "test_budget.py")
    with pytest.raises(SubmissionRefused, match=r"suite\.py is a symbolic link"):
        copy_source(submission, tmp_path / "work")
    (submission / "suite.py").unlink()
    (submission / "again.json").symlink_to(submission / "package.json")
    with pytest.raises(SubmissionRefused, match=r"again\.json is a symbolic link"):
        copy_source(submission, tmp_path / "work2")
