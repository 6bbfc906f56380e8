"""The single-machine broker: a redis-server on 127.0.0.1 that keeps its data on disk.

Append-only file, fsync on every write: a submission that was answered is in the file, so a
restarted service (and its Redis) finds it queued again. A queue's jobs name the function a
worker runs, so whoever can write to the Redis can run code as the grader: it requires a
password, generated here and kept in its data folder (0600), given to redis-server in its
config file and to workers in their environment, never on a command line.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from redis import Redis
from redis.exceptions import RedisError

from pytest_revylbench.builder.proctree import kill_and_reap
from pytest_revylbench.devices.reaper import OWNER_VAR

_PR_SET_PDEATHSIG = 1
_LIBC = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True) \
    if sys.platform.startswith("linux") else None


def die_with_parent() -> None:
    """In a child before exec (Linux): SIGTERM it when the service dies, even by SIGKILL, so
    neither Redis nor a worker outlives the service that started it."""
    if _LIBC is not None:
        _LIBC.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)


class BrokerError(Exception):
    """redis-server is missing or did not come up."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class RedisBroker:
    """A redis-server child process; `url` once started."""

    def __init__(self, data_dir: Path, port: int | None = None, owner: str = "revylbench-service") -> None:
        self.data_dir = data_dir
        self.port = port or free_port()
        self.owner = owner
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://:{self.password}@127.0.0.1:{self.port}/0"

    @property
    def password(self) -> str:
        """The broker's password: made once per data folder, kept across restarts."""
        path = self.data_dir / "password"
        if not path.is_file():
            self.data_dir.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_hex(24))
        return path.read_text().strip()

    def start(self, ready_timeout_s: float = 15.0) -> RedisBroker:
        binary = shutil.which("redis-server")
        if binary is None:
            raise BrokerError("redis-server is not installed (apt-get install redis-server; "
                              ".ci/setup installs it)")
        self.data_dir.mkdir(parents=True, exist_ok=True)
        config = self.data_dir / "redis.conf"
        settings = {"bind": "127.0.0.1", "port": str(self.port), "dir": str(self.data_dir),
                    "appendonly": "yes", "appendfsync": "always", "save": '""',
                    "protected-mode": "yes", "daemonize": "no", "loglevel": "warning",
                    "logfile": str(self.data_dir / "redis.log"), "requirepass": self.password}
        fd = os.open(config, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write("".join(f"{key} {value}\n" for key, value in settings.items()))
        command = [binary, str(config)]
        env = {**os.environ, OWNER_VAR: f"{self.owner}/redis"}
        self.proc = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     preexec_fn=die_with_parent)
        deadline = time.monotonic() + ready_timeout_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise BrokerError(f"redis-server exited ({self.proc.returncode}); see "
                                  f"{self.data_dir / 'redis.log'}")
            try:
                with Redis.from_url(self.url) as client:
                    if client.ping():
                        return self
            except RedisError:
                time.sleep(0.05)
        self.stop()
        raise BrokerError(f"redis-server on port {self.port} not ready in {ready_timeout_s:g} s")

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()   # SIGTERM: redis flushes its append-only file and exits
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            import psutil

            kill_and_reap([psutil.Process(self.proc.pid)])
            self.proc.wait()
        self.proc = None
