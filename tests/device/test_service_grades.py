"""The grading service grades for real: a redis-server on a free 127.0.0.1 port, the service's
front, and two worker processes on one queue (the set-up several grading machines share).

Two agents submit the untouched scaffold from their workspaces with `revylbench submit --wait`
at once: each grade runs on its own worker, appends its rollout's ledger (one counted, clean
submission scoring 0), and comes back as feedback.md on stdout and the bundle in `.feedback/1/`. Cheap:
the flow tier only, every check giving up after 1 s; both workspaces are identical, so the
second grade reuses the first one's build.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pytest_revylbench.outputs.ledger import read_ledger
from pytest_revylbench.service.broker import RedisBroker
from pytest_revylbench.service.queue import GradeQueue
from pytest_revylbench.service.workers import WorkerSet
from pytest_revylbench.service.workspace import WORKSPACE

from ..unit.service.conftest import RunningService, needs_redis, settings, start_rollout

pytestmark = needs_redis


def test_two_workers_on_one_queue_grade_two_rollouts_and_hand_back_feedback(tmp_path: Path) -> None:
    rollouts = tmp_path / "rollouts"
    folders = [start_rollout(rollouts, f"budget-{seed}", "budget", "--scheme", "stages", seed=seed)
               for seed in (1, 2)]
    grade = settings(extra=["--tiers=flow", "--scheme=stages", "--check-timeout=1"])
    broker = RedisBroker(tmp_path / "redis", owner="test-service").start()
    workers = WorkerSet(broker.url, 2, logs=tmp_path / "worker-logs", owner="test-service").start()
    running = RunningService(rollouts, broker.url, grade_settings=grade, socket_path=tmp_path / "s.sock")
    try:
        running.start(folders[0] / WORKSPACE)
        running.wait_announced(folders[1] / WORKSPACE)
        agents = [subprocess.Popen([sys.executable, "-m", "pytest_revylbench.cli", "submit", "--wait"],
                                   cwd=folder / WORKSPACE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True) for folder in folders]
        outputs = [agent.communicate(timeout=1200) for agent in agents]
        queue = GradeQueue(broker.url)
        jobs = [json.loads(p.read_text())["job"]
                for f in folders for p in (f / "service" / "jobs").glob("*.result.json")]
        assert len(jobs) == 2 and len({queue.worker_of(j) for j in jobs}) == 2, jobs
        queue.close()
    finally:
        running.stop()
        workers.stop()
        broker.stop()
    for agent, (out, err), folder in zip(agents, outputs, folders, strict=True):
        assert agent.returncode == 0, err[-3000:]
        ledger = read_ledger(folder)
        assert len(ledger.records) == 1, err[-2000:]
        entry = ledger.records[0]
        # A clean grade that earned nothing: counted against the budget, reward 0.
        assert (entry.party, entry.failure_kind, entry.reward) == ("clean", None, 0.0), entry
        bundle = folder / WORKSPACE / ".feedback" / "1"
        assert out.strip() == (bundle / "feedback.md").read_text().strip()
        assert (bundle / "feedback.json").is_file() and list(bundle.glob("*.png"))
        assert "submission 1 graded (clean)" in err
