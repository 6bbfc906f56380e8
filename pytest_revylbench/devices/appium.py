"""A local Appium server process: started on a free loopback port, stopped for sure."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from pytest_revylbench.devices.errors import DeviceError
from pytest_revylbench.devices.ports import free_port


def appium_ready(url: str) -> bool:
    try:
        with urllib.request.urlopen(url.rstrip("/") + "/status", timeout=2) as resp:
            return bool(json.load(resp).get("value", {}).get("ready", False))
    except (OSError, ValueError, urllib.error.URLError):
        return False


class AppiumServer:
    """`appium server` from the project-local install, with its own APPIUM_HOME and logs.

    Chromium's side files land in `scratch` (TMPDIR/XDG folders), never in the system's.
    """

    def __init__(
        self, appium_dir: Path, *, log: Path, scratch: Path, ready_s: float = 30.0,
        owner: str = "",
        on_spawn: Callable[[int], None] | None = None,
        browser_env: dict[str, str] | None = None,
        drivers: tuple[str, ...] = (),
    ) -> None:
        self.binary = appium_dir / "node_modules" / ".bin" / "appium"
        self.home = appium_dir / "home"
        self.log = log
        self.scratch = scratch
        self.ready_s = ready_s
        self.owner = owner
        self.on_spawn = on_spawn
        """Told the new server's process group at once, so a crash cannot orphan it unseen."""
        self.browser_env = dict(browser_env or {})
        """The pinned rendering environment (fonts, locale, time zone) the browsers inherit."""
        self.drivers = drivers
        """The installed drivers to load (`--use-drivers`); empty: all of them. Each one loaded
        costs the server's start time: the fake driver alone ≈ 0.5 s and 0.7 CPU-s."""
        self.port = 0
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pgid(self) -> int | None:
        """The server's process group (drivers and browsers belong to it too)."""
        return self._proc.pid if self._proc is not None else None

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> AppiumServer:
        """Start the server and wait until it is ready."""
        self.spawn()
        return self.wait_ready()

    def spawn(self) -> None:
        """Start the server's process without waiting for it (`wait_ready`): the caller does
        its own part of a start meanwhile (≈ 1.7 s of Node on this machine)."""
        if not self.binary.exists():
            raise DeviceError(
                f"Appium is not installed at {self.binary}; run .ci/setup to install it "
                "(or give --appium-url of a running server)"
            )
        self.port = free_port()
        for sub in ("tmp", "config", "cache"):
            (self.scratch / sub).mkdir(parents=True, exist_ok=True)
        env = {
            **os.environ,
            "APPIUM_HOME": str(self.home),
            "TMPDIR": str(self.scratch / "tmp"),
            "XDG_CONFIG_HOME": str(self.scratch / "config"),
            "XDG_CACHE_HOME": str(self.scratch / "cache"),
            # Inherited by the driver and the browsers: marks every process of this grade.
            "REVYLBENCH_OWNER": self.owner,
            **self.browser_env,
        }
        self.log.parent.mkdir(parents=True, exist_ok=True)
        out = self.log.open("ab")
        self._proc = subprocess.Popen(
            [str(self.binary), "server", "--address", "127.0.0.1", "--port", str(self.port),
             "--log-no-colors", "--log-timestamp",
             *(["--use-drivers", ",".join(self.drivers)] if self.drivers else [])],
            env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        out.close()
        if self.on_spawn is not None:
            self.on_spawn(self._proc.pid)

    def wait_ready(self) -> AppiumServer:
        """Wait for the spawned server to answer; stop it if it does not within `ready_s`."""
        if self._proc is None:
            raise DeviceError("the Appium server was not started")
        deadline = time.monotonic() + self.ready_s
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise DeviceError(f"Appium exited with {self._proc.returncode}; see {self.log}")
            if appium_ready(self.url):
                return self
            time.sleep(0.05)
        self.stop()
        raise DeviceError(f"Appium was not ready within {self.ready_s:.0f}s; see {self.log}")

    def ensure(self) -> str:
        """The server's URL, after restarting it if it died: a health check before each lease."""
        if self._proc is None or self._proc.poll() is not None or not appium_ready(self.url):
            self.stop()
            with self.log.open("a", encoding="utf-8") as out:
                out.write("\n[revylbench] Appium was not answering; starting it again\n")
            self.start()
        return self.url

    def stop(self) -> None:
        """Stop the server and everything it started (drivers, browsers): its process group."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is not None:
            # The server died (killed, crashed): its drivers and browsers may live on in its
            # process group; they go with it now, not only at the reaper's sweep.
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            return
        for sig, wait in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 5.0)):
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                return
            try:
                proc.wait(timeout=wait)
                break
            except subprocess.TimeoutExpired:
                continue
        try:  # children that outlived the server still carry its group id
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


class RemoteAppium:
    """A server somebody else runs (`--appium-url`): checked, never started or stopped."""

    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")

    def ensure(self) -> str:
        if not appium_ready(self.url):
            raise DeviceError(f"the Appium server at {self.url} is not ready")
        return self.url
