"""The queue interface: submissions to grade, on Redis through RQ.

One queue serves every grading machine: a worker (`workers.py`) on any machine takes the next
job. The service process only enqueues, answers and recovers; it never grades. RQ keeps a job
in Redis (written before the submit is answered) and moves it into its started registry while
a worker grades it. After a restart, `recover` puts back at the front of the queue every
started job whose worker is gone (it is graded again; its rollout is not charged for the
lost grade), and enqueues again any acknowledged submission that Redis lost.
"""

from __future__ import annotations

import socket
from pathlib import Path

import psutil
from redis import Redis
from rq import Queue, Worker
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.registry import StartedJobRegistry
from rq.serializers import JSONSerializer

from pytest_revylbench.service.jobs import pending_jobs

QUEUE_NAME = "revylbench-grades"
REDIS_URL_VAR = "REVYLBENCH_REDIS_URL"
"""The environment variable that gives a worker its queue's Redis URL (password included)."""
JOB_FUNCTION = "pytest_revylbench.service.jobs.run"
DAY_S = 86_400


class GradeQueue:
    """The grade queue on one Redis, by URL (`redis://127.0.0.1:PORT/0`)."""

    def __init__(self, redis_url: str, name: str = QUEUE_NAME) -> None:
        self.redis_url = redis_url
        self.connection = Redis.from_url(redis_url)
        # JSON, not pickle: a job is its rollout folder and id, nothing else.
        self.queue = Queue(name, connection=self.connection, serializer=JSONSerializer)

    def enqueue(self, rollout: Path, job_id: str, *, timeout_s: float, at_front: bool = False) -> None:
        self.queue.enqueue_call(JOB_FUNCTION, kwargs={"rollout": str(rollout), "job_id": job_id},
                                job_id=job_id, timeout=int(timeout_s) + 600, result_ttl=DAY_S,
                                failure_ttl=DAY_S, description=f"grade {job_id}", at_front=at_front)

    def _job(self, job_id: str) -> Job | None:
        try:
            return Job.fetch(job_id, connection=self.connection, serializer=JSONSerializer)
        except NoSuchJobError:
            return None

    def state(self, job_id: str) -> str:
        """queued, started, finished, failed … (RQ's words), or `missing`."""
        job = self._job(job_id)
        if job is None:
            return "missing"
        status = job.get_status(refresh=True)
        return status.value if isinstance(status, JobStatus) else str(status)

    def position(self, job_id: str) -> int | None:
        """0 for the next job to be graded; None when not waiting."""
        return self.queue.get_job_position(job_id)

    def worker_of(self, job_id: str) -> str | None:
        job = self._job(job_id)
        return job.worker_name if job is not None else None

    def _live_workers(self) -> set[str]:
        host = socket.gethostname()
        return {w.name for w in Worker.all(queue=self.queue)
                if w.hostname != host or (w.pid is not None and psutil.pid_exists(w.pid))}

    def recover(self, rollouts: list[Path]) -> list[str]:
        """Requeue (at the front) started jobs whose worker is gone, and pending submissions
        of `rollouts` that Redis no longer holds; returns their ids."""
        recovered: list[str] = []
        registry = StartedJobRegistry(queue=self.queue)
        live = self._live_workers()
        for job_id, execution in registry.get_job_and_execution_ids(cleanup=False):
            job = self._job(job_id)
            if job is not None and job.worker_name in live:
                continue
            self.connection.zrem(registry.key, f"{job_id}:{execution}" if execution else job_id)
            if job is not None:
                self.queue.enqueue_job(job, at_front=True)
                recovered.append(job_id)
        for rollout in rollouts:
            for pending in pending_jobs(rollout):
                if self._job(pending.id) is None:
                    self.enqueue(rollout, pending.id, timeout_s=pending.settings.grade_timeout_s,
                                 at_front=True)
                    recovered.append(pending.id)
        return recovered

    def close(self) -> None:
        self.connection.close()
