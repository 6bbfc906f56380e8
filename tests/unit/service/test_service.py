"""The grading service without a grade: submissions accepted, queued, persisted, refused."""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

import psutil
import pytest
from rq.registry import StartedJobRegistry

from pytest_revylbench.cli import main
from pytest_revylbench.outputs.ledger import read_ledger
from pytest_revylbench.service.broker import RedisBroker
from pytest_revylbench.service.client import ServiceError, client_for_workspace
from pytest_revylbench.service.endpoint import EndpointError, read_service_file, write_service_file
from pytest_revylbench.service.jobs import job_path, load_job, load_outcome, pending_jobs, tarball_path
from pytest_revylbench.service.queue import GradeQueue
from pytest_revylbench.service.runner import redacted, rollouts_under
from pytest_revylbench.service.workers import WorkerSet
from pytest_revylbench.service.workspace import WORKSPACE

from .conftest import RunningService, charge, needs_redis, settings, start_rollout

pytestmark = needs_redis


def test_a_submission_is_stored_and_queued_and_a_second_one_refused(
        serving: tuple[Path, RunningService]) -> None:
    rollout, _ = serving
    client = client_for_workspace(rollout / WORKSPACE)
    queued = client.submit()
    assert queued["state"] == "queued" and queued["position"] == 0
    job = queued["job"]
    assert job_path(rollout, job).is_file() and tarball_path(rollout, job).is_file()
    with pytest.raises(ServiceError, match=f"submission {job} of this rollout is still queued; one "
                                           "is graded at a time.*costs nothing"):
        client.submit()
    status = client.status()
    assert (status["budget"], status["counted"], status["left"]) == (5, 0, 5)
    assert [j["job"] for j in status["in_flight"]] == [job]
    assert client.job(job) == {"job": job, "state": "queued", "done": False, "position": 0}
    with pytest.raises(ServiceError, match="no feedback yet"):
        client.feedback()


def test_submit_cli_runs_anywhere_inside_the_workspace(
        serving: tuple[Path, RunningService], capsys: pytest.CaptureFixture[str]) -> None:
    rollout, _ = serving
    inner = rollout / WORKSPACE / "steps"
    assert main(["submit", "--workspace", str(inner)]) == 0
    assert "queued" in capsys.readouterr().err
    assert main(["submit", "--workspace", str(inner), "--status"]) == 0
    assert json.loads(capsys.readouterr().out)["in_flight"][0]["state"] == "queued"
    assert main(["submit", "--workspace", str(inner)]) == 2
    assert "one is graded at a time" in capsys.readouterr().err


def test_ended_and_over_budget_rollouts_are_refused_with_the_ledgers_reasons(
        serving: tuple[Path, RunningService]) -> None:
    rollout, _ = serving
    charge(rollout, 5)
    client = client_for_workspace(rollout / WORKSPACE)
    with pytest.raises(ServiceError, match="has used all 5 submissions of its budget"):
        client.submit()
    assert main(["rollout", "end", str(rollout), "--reason", "budget"]) == 0
    with pytest.raises(ServiceError, match=r"already ended \(budget\)"):
        client.submit()
    assert pending_jobs(rollout) == []


def test_a_workspace_reaches_its_own_rollout_only(
        serving: tuple[Path, RunningService], tmp_path: Path) -> None:
    rollout, _ = serving
    ws = rollout / WORKSPACE
    service = read_service_file(ws)
    write_service_file(ws, service.model_copy(update={"token": "0" * 32}))
    with pytest.raises(ServiceError, match="wrong submit token"):
        client_for_workspace(ws).status()
    write_service_file(ws, service.model_copy(update={"rollout": str(tmp_path)}))
    with pytest.raises(ServiceError, match="not one this service grades"):
        client_for_workspace(ws).status()


def test_a_hostile_tarball_is_refused_before_it_is_queued(serving: tuple[Path, RunningService]) -> None:
    rollout, _ = serving
    ws = rollout / WORKSPACE
    (ws / "escape").symlink_to("/etc/passwd")
    with pytest.raises(ServiceError, match="escape: links are not accepted"):
        client_for_workspace(ws).submit()
    assert pending_jobs(rollout) == []


def test_the_queue_survives_a_restart_and_an_abandoned_grade_is_queued_again(tmp_path: Path) -> None:
    """Stop the service and its Redis with a submission queued: after the restart it is still
    queued. Then a real worker starts grading it and is killed mid-grade: the next start puts
    it back at the front of the queue, and nothing was charged to the rollout."""
    rollouts = tmp_path / "rollouts"
    rollout = start_rollout(rollouts, "budget-1")
    ws = rollout / WORKSPACE
    data = tmp_path / "redis-data"
    broker = RedisBroker(data, owner="test-service").start()
    try:
        running = RunningService(rollouts, broker.url, socket_path=tmp_path / "s.sock").start(ws)
        job = client_for_workspace(ws).submit()["job"]
        running.stop()
    finally:
        broker.stop()
    broker = RedisBroker(data, owner="test-service").start()   # a new port, the same data
    try:
        queue = GradeQueue(broker.url)
        assert queue.state(job) == "queued" and queue.position(job) == 0
        workers = WorkerSet(broker.url, 1, logs=tmp_path / "logs", owner="test-service").start()
        try:
            deadline = time.monotonic() + 60
            while load_job(rollout, job).attempts == 0 and time.monotonic() < deadline:
                time.sleep(0.1)
            assert queue.state(job) == "started", (tmp_path / "logs").glob("*.log")
        finally:
            workers.stop()   # killed mid-grade, with the grade's pytest
        assert queue.recover([rollout]) == [job]
        assert queue.state(job) == "queued" and queue.position(job) == 0
        assert StartedJobRegistry(queue=queue.queue).get_job_ids(cleanup=False) == []
        assert read_ledger(rollout).records == []   # nothing charged
        # Redis lost everything: the acknowledged submission on disk is queued again.
        queue.connection.flushall()
        assert queue.recover([rollout]) == [job] and queue.state(job) == "queued"
        queue.close()
    finally:
        broker.stop()


def test_serve_refuses_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--rollouts", str(tmp_path / "nowhere")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_submit_without_a_workspace_or_a_service(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["submit", "--workspace", str(tmp_path)]) == 2
    assert "no .revylbench/service.json" in capsys.readouterr().err
    rollout = start_rollout(tmp_path, "r")
    assert main(["submit", "--workspace", str(rollout / WORKSPACE)]) == 2
    assert "no grading service is known to this workspace yet" in capsys.readouterr().err
    assert shutil.which("redis-server")


def test_the_broker_wants_its_password_and_keeps_it_off_command_lines(broker: RedisBroker) -> None:
    from redis import Redis
    from redis.exceptions import AuthenticationError, ResponseError

    with Redis(host="127.0.0.1", port=broker.port) as anonymous, \
            pytest.raises((AuthenticationError, ResponseError), match=r"(?i)auth"):
        anonymous.ping()
    with Redis.from_url(broker.url) as member:
        assert member.ping()
    assert broker.proc is not None
    assert broker.password not in " ".join(psutil.Process(broker.proc.pid).cmdline())
    assert (broker.data_dir / "password").stat().st_mode & 0o777 == 0o600


def test_rollouts_are_found_without_looking_inside_a_workspace(tmp_path: Path) -> None:
    for rel in ("a/r1/ledger.jsonl", "b/c/r2/ledger.jsonl", ".service/x/ledger.jsonl",
                "a/r1/workspace/node_modules/pkg/ledger.jsonl"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("")
    assert rollouts_under(tmp_path) == [tmp_path / "a/r1", tmp_path / "b/c/r2"]
    assert redacted("redis://:s3cret@127.0.0.1:6379/0") == "redis://***@127.0.0.1:6379/0"


def test_two_workers_on_one_queue_take_one_submission_each(
        broker: RedisBroker, tmp_path: Path) -> None:
    """Two worker processes on one queue, no device: both rollouts end while their submissions
    wait, so each real grade is refused before it builds; each worker took one. Each grade waits
    at a gate in front of its Python until both have started: a worker holding one job cannot
    take the other, however fast its grade or slow the other worker's start."""
    rollouts = tmp_path / "rollouts"
    folders = [start_rollout(rollouts, f"budget-{n}", seed=n) for n in (1, 2)]
    gate = tmp_path / "gate"
    gate.mkdir()
    python = tmp_path / "gated-python"
    python.write_text(f"""#!/bin/sh
touch {gate}/started.$$
for _ in $(seq 1200); do [ -e {gate}/open ] && exec {sys.executable} "$@"; sleep 0.25; done
exit 3
""")
    python.chmod(0o755)
    running = RunningService(rollouts, broker.url, socket_path=tmp_path / "s.sock",
                             grade_settings=settings(python=str(python)))
    try:
        running.start(folders[0] / WORKSPACE).wait_announced(folders[1] / WORKSPACE)
        jobs = [client_for_workspace(f / WORKSPACE).submit()["job"] for f in folders]
    finally:
        running.stop()
    for folder in folders:
        assert main(["rollout", "end", str(folder), "--reason", "time_limit"]) == 0
    queue = GradeQueue(broker.url)
    workers = WorkerSet(broker.url, 2, logs=tmp_path / "logs", owner="test-service").start()
    try:
        deadline = time.monotonic() + 300
        while len(list(gate.glob("started.*"))) < 2:
            assert time.monotonic() < deadline, [p.read_text() for p in (tmp_path / "logs").iterdir()]
            time.sleep(0.2)
        assert {queue.worker_of(j) for j in jobs} == set(workers.names())
        (gate / "open").touch()
        while any(load_outcome(f, j) is None for f, j in zip(folders, jobs, strict=True)):
            assert time.monotonic() < deadline, [p.read_text() for p in (tmp_path / "logs").iterdir()]
            time.sleep(0.5)
    finally:
        (gate / "open").touch()
        workers.stop()
        queue.close()
    for folder, job in zip(folders, jobs, strict=True):
        outcome = load_outcome(folder, job)
        assert outcome is not None and outcome.state == "refused", outcome
        assert "already ended (time_limit)" in outcome.message
        assert read_ledger(folder).records == []


def test_a_host_workspace_client_follows_no_link(serving: tuple[Path, RunningService],
                                                 tmp_path: Path) -> None:
    """`revylbench submit` on a host workspace (no sandbox): feedback is unpacked through
    directory descriptors, service.json read the same way; a link on the way is refused and
    nothing is written where it points, no byte of what it points at is shown."""
    from .test_agent_attacks import CANARY, graded_once

    rollout, _ = serving
    graded_once(rollout)
    ws = rollout / WORKSPACE
    fetched = client_for_workspace(ws).feedback(1)
    assert (Path(fetched["folder"]) / "feedback.md").read_text().startswith("FEEDBACK-OK")
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.rmtree(ws / ".feedback")
    (ws / ".feedback").symlink_to(outside)
    with pytest.raises(ServiceError, match=r"feedback not unpacked: .*\.feedback: not a folder"):
        client_for_workspace(ws).feedback(1)
    assert list(outside.iterdir()) == []
    secret = outside / "secret.json"
    secret.write_text(CANARY)
    service_json = ws / ".revylbench" / "service.json"
    service_json.unlink()
    service_json.symlink_to(secret)
    with pytest.raises(EndpointError) as refused:
        client_for_workspace(ws)
    assert "service.json: refused" in str(refused.value) and CANARY[:8] not in str(refused.value)
