"""`revylbench serve`: the single-machine grading service, on the same queue as a fleet.

It starts (unless given a Redis URL) a persistent redis-server, recovers what a previous run
left (`GradeQueue.recover`), starts one worker per device of the pool, answers on a Unix
socket or 127.0.0.1, and keeps every workspace under the rollouts folder told where it is
(`.revylbench/service.json`). On SIGTERM/SIGINT it stops the server, its workers (a grade cut
short is re-run at the next start) and its Redis.
"""

from __future__ import annotations

import os
import re
import signal
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from pytest_revylbench.outputs.ledger import LEDGER
from pytest_revylbench.service.broker import RedisBroker
from pytest_revylbench.service.endpoint import EndpointError, read_service_file, write_service_file
from pytest_revylbench.service.jobs import GradeSettings
from pytest_revylbench.service.queue import GradeQueue
from pytest_revylbench.service.server import endpoint_of_server, make_server, serve_in_thread
from pytest_revylbench.service.submissions import SubmissionDesk
from pytest_revylbench.service.workers import WorkerSet
from pytest_revylbench.service.workspace import WORKSPACE

STATE_DIR = ".service"
"""`<rollouts>/.service/`: the broker's data, worker logs (the grader's, not the agents')."""
ANNOUNCE_EVERY_S = 2.0
SANDBOXED = ".sandboxed"
"""`<rollout>/.sandboxed`: the rollout's agent runs under `run-agent`'s sandbox."""


def rollouts_under(folder: Path) -> list[Path]:
    """Folders holding a ledger, at any depth; never looking inside a rollout (its workspace
    may hold an agent's node_modules) or the service's own state."""
    found: list[Path] = []
    for here, dirs, files in os.walk(folder):
        if LEDGER in files:
            found.append(Path(here))
            dirs.clear()
        else:
            dirs[:] = [d for d in dirs if d != STATE_DIR]
    return sorted(found)


def redacted(url: str) -> str:
    """A Redis URL without its password, for logs."""
    return re.sub(r"//[^@/]*@", "//***@", url)


def announce(folder: Path, endpoint: str) -> int:
    """Write the endpoint into every host workspace under `folder` that lacks it (read and
    written following no link); returns how many. A sandboxed agent's workspace is never
    written: its tools know the endpoint from the run (`SANDBOXED`)."""
    told = 0
    for rollout in rollouts_under(folder):
        if (rollout / SANDBOXED).exists():
            continue
        workspace = rollout / WORKSPACE
        try:
            service = read_service_file(workspace)
            if service.endpoint != endpoint:
                write_service_file(workspace, service.model_copy(update={"endpoint": endpoint}))
                told += 1
        except EndpointError:  # no workspace, or a service file the agent broke: nothing to tell
            continue
    return told


@dataclass
class GradingService:
    rollouts: Path
    settings: GradeSettings
    workers: int
    socket_path: Path | None = None
    port: int | None = None
    redis_url: str | None = None
    log: Callable[[str], None] = print
    _stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        """Serve until `stop()` (or SIGTERM/SIGINT when run on the main thread)."""
        state = self.rollouts / STATE_DIR
        broker = None
        if self.redis_url is None:
            broker = RedisBroker(state / "redis").start()
            self.redis_url = broker.url
        queue = GradeQueue(self.redis_url)
        worker_set: WorkerSet | None = None
        server = None
        try:
            recovered = queue.recover(rollouts_under(self.rollouts))
            if recovered:
                self.log(f"[serve] re-queued {len(recovered)} submission(s) left by the last run: "
                         + ", ".join(recovered))
            worker_set = WorkerSet(self.redis_url, self.workers, logs=state / "workers").start() \
                if self.workers else None
            server = make_server(SubmissionDesk(self.rollouts, queue, self.settings),
                                 socket_path=self.socket_path, port=self.port)
            serve_in_thread(server)
            endpoint = endpoint_of_server(server)
            self.log(f"[serve] grading the rollouts under {self.rollouts} on {endpoint} with "
                     f"{self.workers} worker(s); queue {redacted(self.redis_url)}")
            if threading.current_thread() is threading.main_thread():
                for sig in (signal.SIGTERM, signal.SIGINT):
                    signal.signal(sig, self._on_signal)
            while not self._stop.is_set():
                announce(self.rollouts, endpoint)
                self._stop.wait(ANNOUNCE_EVERY_S)
        finally:
            if server is not None:
                server.shutdown()
                server.server_close()
                if self.socket_path is not None:
                    self.socket_path.unlink(missing_ok=True)
            if worker_set is not None:
                worker_set.stop()
            queue.close()
            if broker is not None:
                broker.stop()
            self.log("[serve] stopped")

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.stop()

    def stop(self) -> None:
        self._stop.set()
