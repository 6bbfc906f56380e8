"""A real Redis for the service's tests: a redis-server on a free 127.0.0.1 port, stopped at
the end of the test; and a running service (no workers) over a rollouts folder."""

from __future__ import annotations

import datetime as dt
import shutil
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_revylbench.cli import main
from pytest_revylbench.outputs.ledger import append_line
from pytest_revylbench.records.ledger import SubmissionRecord
from pytest_revylbench.records.vocabulary import Verdict
from pytest_revylbench.service.broker import RedisBroker
from pytest_revylbench.service.jobs import GradeSettings
from pytest_revylbench.service.runner import GradingService
from pytest_revylbench.service.workspace import WORKSPACE

REPO = Path(__file__).resolve().parents[3]
TASKS, SUITES = REPO / "tasks", REPO / "suites"
needs_redis = pytest.mark.skipif(shutil.which("redis-server") is None,
                                 reason="redis-server is not installed (.ci/setup installs it)")


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[RedisBroker]:
    started = RedisBroker(tmp_path / "redis-data", owner="test-service").start()
    try:
        yield started
    finally:
        started.stop()


def start_rollout(rollouts: Path, name: str, task: str = "budget", *extra: str, seed: int = 1) -> Path:
    folder = rollouts / name
    assert main([f"--tasks-dir={TASKS}", f"--suites-dir={SUITES}", "rollout", "start", "--task", task,
                 "--seed", str(seed), *extra, str(folder)]) == 0
    return folder


def settings(**changes: object) -> GradeSettings:
    base = GradeSettings(python=sys.executable, cwd=str(REPO), tasks_dir=str(TASKS), suites_dir=str(SUITES))
    return base.model_copy(update=changes)


class RunningService:
    """A GradingService on a thread; `stop()` ends it (also at the test's end)."""

    def __init__(self, rollouts: Path, redis_url: str | None, workers: int = 0,
                 grade_settings: GradeSettings | None = None, **kwargs: object) -> None:
        self.service = GradingService(rollouts, grade_settings or settings(), workers,
                                      redis_url=redis_url, log=lambda line: None,
                                      **kwargs)  # type: ignore[arg-type]
        self.thread = threading.Thread(target=self.service.run, daemon=True)

    def start(self, workspace: Path) -> RunningService:
        self.thread.start()
        return self.wait_announced(workspace)

    def wait_announced(self, workspace: Path) -> RunningService:
        service_json = workspace / ".revylbench" / "service.json"
        deadline = dt.datetime.now() + dt.timedelta(seconds=20)
        while '"endpoint": null' in service_json.read_text() and dt.datetime.now() < deadline:
            threading.Event().wait(0.05)
        assert '"endpoint": null' not in service_json.read_text(), "the service never announced itself"
        return self

    def stop(self) -> None:
        self.service.stop()
        self.thread.join(timeout=30)
        assert not self.thread.is_alive()


@pytest.fixture
def serving(tmp_path: Path, broker: RedisBroker) -> Iterator[tuple[Path, RunningService]]:
    rollouts = tmp_path / "rollouts"
    rollout = start_rollout(rollouts, "budget-1")
    running = RunningService(rollouts, broker.url, socket_path=tmp_path / "s.sock").start(
        rollout / WORKSPACE)
    try:
        yield rollout, running
    finally:
        running.stop()


def charge(rollout: Path, n: int) -> None:
    """Append `n` agent-fault submissions (build_failed) to the rollout's ledger."""
    now = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    stages = ("accounts", "transactions", "budgets", "month-close")
    for line in [SubmissionRecord(k=k, run_id=f"r{k}", submission_digest=f"sha256:{k}", stages=stages,
                              journey="month-close", verdicts=dict.fromkeys(stages, Verdict.NOT_RUN),
                              failure_kind="build_failed", submitted_at=now, verdict_at=now,
                              scheme="tiers") for k in range(1, n + 1)]:
        append_line(rollout, line)
