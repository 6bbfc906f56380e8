"""The single-machine set-up's workers: N worker processes on one queue, N = the pool's devices."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psutil

from pytest_revylbench.builder.proctree import GONE, kill_and_reap
from pytest_revylbench.devices.reaper import OWNER_VAR
from pytest_revylbench.service.broker import die_with_parent
from pytest_revylbench.service.queue import QUEUE_NAME, REDIS_URL_VAR


class WorkerSet:
    """Worker processes started here; `stop` ends them and whatever grade they run."""

    def __init__(self, redis_url: str, count: int, *, logs: Path, owner: str = "revylbench-service",
                 queue: str = QUEUE_NAME, prefix: str = "grader") -> None:
        self.redis_url, self.count, self.logs, self.owner = redis_url, count, logs, owner
        self.queue, self.prefix = queue, prefix
        self.procs: list[subprocess.Popen[bytes]] = []

    def names(self) -> list[str]:
        return [f"{self.prefix}-{os.getpid()}-{n}" for n in range(1, self.count + 1)]

    def start(self) -> WorkerSet:
        self.logs.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, OWNER_VAR: f"{self.owner}/workers", REDIS_URL_VAR: self.redis_url}
        for name in self.names():
            with (self.logs / f"{name}.log").open("ab") as log:
                self.procs.append(subprocess.Popen(
                    [sys.executable, "-m", "pytest_revylbench.service.worker",
                     "--queue", self.queue, "--name", name],
                    env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                    preexec_fn=die_with_parent))
        return self

    def alive(self) -> int:
        return sum(1 for p in self.procs if p.poll() is None)

    def stop(self) -> None:
        """Kill the workers and their grades (a grade cut short is re-run after a restart)."""
        targets = []
        for proc in self.procs:
            try:
                targets.append(psutil.Process(proc.pid))
            except GONE:
                continue
        kill_and_reap(targets)
        for proc in self.procs:
            proc.wait()
        self.procs = []
