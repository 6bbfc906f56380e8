"""`revylbench serve` as the operator runs it: its own Redis, the default socket, a SIGTERM that
leaves nothing running, and a restart that finds the queued submission again."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil

from pytest_revylbench.builder.proctree import running
from pytest_revylbench.service.client import client_for_workspace
from pytest_revylbench.service.endpoint import read_service_file
from pytest_revylbench.service.workspace import WORKSPACE

from .conftest import REPO, needs_redis, start_rollout

pytestmark = needs_redis


def _serve(rollouts: Path, log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        return subprocess.Popen([sys.executable, "-m", "pytest_revylbench.cli", "serve", "--rollouts",
                                 str(rollouts), "--workers", "0"], cwd=REPO, stdout=out, stderr=out)


def _ready(workspace: Path, proc: subprocess.Popen[bytes], log: Path, runs: int) -> str:
    """The endpoint, once the `runs`-th serve of this log is up and the workspace told."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        endpoint = read_service_file(workspace).endpoint
        if endpoint is not None and log.read_text().count("[serve] grading") == runs:
            return endpoint
        time.sleep(0.1)
    raise AssertionError(f"serve never announced itself:\n{log.read_text()}")


def _gone(procs: list[psutil.Process]) -> bool:
    deadline = time.monotonic() + 20
    while any(running(p.pid) for p in procs):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def _stop(proc: subprocess.Popen[bytes]) -> list[psutil.Process]:
    children = psutil.Process(proc.pid).children(recursive=True)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == 0
    return children


def test_serve_stops_cleanly_and_its_queue_outlives_it(tmp_path: Path) -> None:
    rollouts = tmp_path / "rollouts"
    rollout = start_rollout(rollouts, "budget-1")
    ws = rollout / WORKSPACE
    log = tmp_path / "serve.log"
    proc = _serve(rollouts, log)
    children: list[psutil.Process] = []
    try:
        endpoint = _ready(ws, proc, log, runs=1)
        assert endpoint == f"unix:{rollouts.resolve() / 'service.sock'}"
        job = client_for_workspace(ws).submit()["job"]
    finally:
        if proc.poll() is None:
            children = _stop(proc)
    assert children and _gone(children)
    assert not (rollouts / "service.sock").exists()
    text = log.read_text()
    assert "[serve] stopped" in text and "redis://***@127.0.0.1:" in text
    assert (rollouts / ".service/redis/password").read_text().strip() not in text
    # Started again, then killed outright: the queue is still there, and its Redis dies with it.
    proc = _serve(rollouts, log)
    try:
        _ready(ws, proc, log, runs=2)
        status = client_for_workspace(ws).status()
        assert [(j["job"], j["state"], j["position"]) for j in status["in_flight"]] == [(job, "queued", 0)]
    finally:
        children = psutil.Process(proc.pid).children(recursive=True)
        proc.kill()
        proc.wait()
    assert children and _gone(children)
