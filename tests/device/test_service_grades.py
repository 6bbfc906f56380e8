"""The grading service grades for real: a redis-server on a free 127.0.0.1 port, the service's
front, and two worker processes on one queue (the set-up several grading machines share).

Two agents submit the untouched scaffold from their workspaces at once, one with `revylbench
submit --wait`, the other with the MCP tool `submit` (through the MCP SDK's stdio client). Each
grade runs on its own worker, appends its rollout's ledger (one counted, clean submission
scoring 0), and comes back as feedback.md (on stdout, or as the tool's answer) and the bundle
in `.feedback/1/`. Cheap: the flow tier only, every check giving up after 1 s; both workspaces
are identical, so the second grade can reuse the first one's build.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
from pathlib import Path

import anyio
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from pytest_revylbench.cli import main
from pytest_revylbench.outputs.ledger import check_open, read_ledger
from pytest_revylbench.scoring.rollout import score_ledger
from pytest_revylbench.service.broker import RedisBroker
from pytest_revylbench.service.jobs import GradeJob, now, run, save_job
from pytest_revylbench.service.queue import GradeQueue
from pytest_revylbench.service.tarball import pack
from pytest_revylbench.service.workers import WorkerSet
from pytest_revylbench.service.workspace import WORKSPACE

from ..unit.service.conftest import RunningService, needs_redis, settings, start_rollout

pytestmark = needs_redis


async def _mcp_submit(workspace: Path) -> str:
    server = StdioServerParameters(command=sys.executable, cwd=str(workspace),
                                   args=["-m", "pytest_revylbench.cli", "mcp"])
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        result = await session.call_tool("submit", {"wait": True})
    return "".join(getattr(block, "text", "") for block in result.content)


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
        by_mcp: dict[str, str] = {}
        mcp_agent = threading.Thread(target=lambda: by_mcp.update(
            text=anyio.run(_mcp_submit, folders[1] / WORKSPACE)))
        mcp_agent.start()
        shell_agent = subprocess.Popen([sys.executable, "-m", "pytest_revylbench.cli", "submit", "--wait"],
                                       cwd=folders[0] / WORKSPACE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True)
        out, err = shell_agent.communicate(timeout=1200)
        mcp_agent.join(timeout=1200)
        queue = GradeQueue(broker.url)
        jobs = [json.loads(p.read_text())["job"]
                for f in folders for p in (f / "service" / "jobs").glob("*.result.json")]
        assert len(jobs) == 2 and len({queue.worker_of(j) for j in jobs}) == 2, jobs
        queue.close()
    finally:
        running.stop()
        workers.stop()
        broker.stop()
    assert shell_agent.returncode == 0, err[-3000:]
    assert "submission 1 graded (clean)" in err
    for folder, shown in ((folders[0], out), (folders[1], by_mcp["text"])):
        ledger = read_ledger(folder)
        assert len(ledger.records) == 1, shown[-2000:]
        entry = ledger.records[0]
        # A clean grade that earned nothing: counted against the budget, reward 0.
        assert (entry.party, entry.failure_kind, entry.reward) == ("clean", None, 0.0), entry
        bundle = folder / WORKSPACE / ".feedback" / "1"
        markdown = (bundle / "feedback.md").read_text().strip()
        assert markdown and shown.strip().startswith(markdown)
        assert (bundle / "feedback.json").is_file() and list(bundle.glob("*.png"))
    assert f"(screenshots in {folders[1] / WORKSPACE / '.feedback' / '1'}: " in by_mcp["text"]


def test_a_grade_ended_by_a_bench_fault_is_graded_again_and_never_charged(tmp_path: Path) -> None:
    """A real bench fault: the pool's hub does not answer (a closed 127.0.0.1 port). The job
    grades, sees the bench's failure in the ledger, grades again once, and answers with the
    bench fault, refunded: the agent's budget is untouched."""
    rollout = start_rollout(tmp_path / "rollouts", "budget-1", "budget", "--scheme", "stages")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        dead_port = probe.getsockname()[1]
    pool = tmp_path / "dead-hub.toml"
    pool.write_text(f'schema = 1\nname = "dead-hub"\nprovider = "remote"\n'
                    f'hub_url = "http://127.0.0.1:{dead_port}/wd/hub"\ncapacity = 1\n'
                    'lease_timeout_s = 30\n', encoding="utf-8")
    job = GradeJob(id="s1", rollout=str(rollout), task="budget", submitted_at=now(),
                   settings=settings(device_pool=str(pool), bench_retries=1,
                                     extra=["--tiers=flow", "--scheme=stages", "--check-timeout=1"]))
    save_job(job, pack(rollout / WORKSPACE))
    outcome = run(str(rollout), "s1")
    ledger = read_ledger(rollout)
    assert [(r.k, r.party) for r in ledger.records] == [(1, "bench"), (2, "bench")], outcome
    assert outcome["state"] == "graded" and outcome["party"] == "bench", outcome
    assert outcome["attempts"] == 2 and outcome["failure_kind"] == ledger.records[-1].failure_kind
    score = score_ledger(ledger)
    assert score.submissions_counted == 0, score
    assert main(["rollout", str(rollout)]) == 0   # still open, with all 5 submissions left
    check_open(rollout, "budget")
