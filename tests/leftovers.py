"""The suite leaves no process of a grade behind: checked at the end of every test session.

Every process a test's grade starts inherits `REVYLBENCH_TEST_RUN`, a token unique to this
test run (and, under xdist, to the worker: `<run>/<gwN>`), next to the grade's owner marker
`REVYLBENCH_OWNER`. At the session's end each worker, and then the controller, look for live
processes that carry both with this run's token: any found is named, killed, and fails the
run. Processes of another pytest run at the same time carry another token and are left alone.

Loaded by `tests/conftest.py` (its hooks are imported there) and, for its own tests, with
`-p tests.leftovers`.
"""

from __future__ import annotations

import os
import sys
import time
import uuid

import psutil
import pytest

from pytest_revylbench.builder.proctree import GONE, kill_and_reap, protected_pids
from pytest_revylbench.devices.reaper import OWNER_VAR

RUN_VAR = "REVYLBENCH_TEST_RUN"
SETTLE_S = float(os.environ.get("REVYLBENCH_LEFTOVER_SETTLE_S", "10"))
"""How long the check waits for a grade's processes to end before calling them left over."""
_leftovers_key = pytest.StashKey[list[str]]()


def _belongs(token: str, env: dict[str, str]) -> bool:
    theirs = env.get(RUN_VAR)
    return OWNER_VAR in env and theirs is not None and (theirs == token or theirs.startswith(token + "/"))


def grade_processes(token: str) -> list[psutil.Process]:
    """Live processes of a grade started by this test run (or worker): `token` and below."""
    protected = protected_pids()
    found = []
    for proc in psutil.process_iter():
        if proc.pid in protected:
            continue
        try:
            if _belongs(token, proc.environ()):
                found.append(proc)
        except (*GONE, OSError):
            continue
    return found


def describe(proc: psutil.Process) -> str:
    try:
        env = proc.environ()
        line = " ".join(proc.cmdline())[:160]
        return f"pid {proc.pid} ({env.get(OWNER_VAR) or 'no owner'}): {line}"
    except (*GONE, OSError):
        return f"pid {proc.pid} (ended while being described)"


def collect_leftovers(token: str, settle_s: float = SETTLE_S) -> list[str]:
    """After a bounded wait, the grade processes of `token` still alive: described, then
    killed (so that none outlives the run either way)."""
    deadline = time.monotonic() + settle_s
    while (left := grade_processes(token)) and time.monotonic() < deadline:
        time.sleep(0.2)
    described = [describe(p) for p in left]
    kill_and_reap(left)
    return described


def pytest_configure(config: pytest.Config) -> None:
    workerinput = getattr(config, "workerinput", None)
    inherited = os.environ.get(RUN_VAR)
    if workerinput is not None and inherited:
        os.environ[RUN_VAR] = f"{inherited}/{workerinput['workerid']}"
    else:  # a run of its own (nested in another test run's token, if any)
        fresh = uuid.uuid4().hex[:16]
        os.environ[RUN_VAR] = f"{inherited}/{fresh}" if inherited else fresh
    config.stash[_leftovers_key] = []


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """On the controller: what a worker's own check found."""
    config = getattr(node, "config", None)
    found = getattr(node, "workeroutput", {}).get("revylbench_leftovers", [])
    if config is not None and found:
        config.stash[_leftovers_key].extend(found)


@pytest.hookimpl(wrapper=True)
def pytest_sessionfinish(session: pytest.Session) -> object:
    result = yield  # after every other finish: the session's fixtures are torn down
    config = session.config
    found = collect_leftovers(os.environ[RUN_VAR])
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:  # a worker: the controller reports and fails the run
        workeroutput["revylbench_leftovers"] = found
        return result
    found = config.stash[_leftovers_key] + found
    if found:
        print(f"\nERROR: {len(found)} process(es) of the tests' grades outlived them "
              f"(killed now):\n  " + "\n  ".join(found), file=sys.stderr, flush=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    return result
