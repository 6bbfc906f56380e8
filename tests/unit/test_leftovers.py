"""The suite's own session-end check: a grade process that outlives the tests fails the run."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import psutil
import pytest

from tests.conftest import REPO

LEAKY = """
import os, subprocess
from pathlib import Path

def spawn(owner, **extra):
    env = {**os.environ, "REVYLBENCH_OWNER": owner, **extra}
    proc = subprocess.Popen(["sleep", "600"], env=env, start_new_session=True)
    with Path(os.environ["PIDS"]).open("a") as out:
        out.write(f"{owner} {proc.pid}\\n")

def test_leaves_a_grade_process():
    spawn("leak-{n}/main")

def test_a_concurrent_run_owns_this_one():
    spawn("foreign-{n}/main", REVYLBENCH_TEST_RUN="another-pytest-run")
"""


@pytest.fixture
def pids(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PYTHONPATH", str(REPO))
    monkeypatch.setenv("REVYLBENCH_LEFTOVER_SETTLE_S", "1")
    path = pytester.path / "pids.txt"
    monkeypatch.setenv("PIDS", str(path))
    return path


def _spawned(path: Path) -> dict[str, int]:
    return {line.split()[0].split("-")[0]: int(line.split()[1])
            for line in path.read_text().splitlines()}


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_a_leftover_grade_process_fails_the_run_and_is_killed(
    pytester: pytest.Pytester, pids: Path, workers: list[str],
) -> None:
    pytester.makepyfile(test_leaky=LEAKY.replace("{n}", str(os.getpid())))
    result = pytester.runpytest_subprocess("-p", "tests.leftovers", "-p", "no:cacheprovider", *workers)
    spawned = _spawned(pids)
    try:
        assert result.ret == pytest.ExitCode.TESTS_FAILED, result.stdout.str()
        result.stderr.fnmatch_lines(["*1 process(es) of the tests' grades outlived them*",
                                     f"*leak-{os.getpid()}/main*sleep 600*"])
        assert "foreign" not in result.stderr.str()
        assert not _alive(spawned["leak"]), "the leftover should have been killed"
        assert _alive(spawned["foreign"]), "another run's process is not this run's to kill"
    finally:
        for pid in spawned.values():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def test_a_run_that_leaves_nothing_passes(pytester: pytest.Pytester, pids: Path) -> None:
    pytester.makepyfile(test_tidy="""
        import os, subprocess
        def test_tidy():
            env = {**os.environ, "REVYLBENCH_OWNER": "tidy/main"}
            proc = subprocess.Popen(["sleep", "600"], env=env)
            proc.kill()
            proc.wait()
    """)
    result = pytester.runpytest_subprocess("-p", "tests.leftovers", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.OK, result.stderr.str()
    assert "outlived" not in result.stderr.str()
