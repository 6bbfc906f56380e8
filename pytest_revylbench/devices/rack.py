"""The devices one worker has started, by pool slot: made on first lease, kept for reuse,
stopped at the end of the session."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_revylbench.builder.clock import ClockUnpinned, pinned_browser
from pytest_revylbench.devices.android import AndroidEmulator, android_app
from pytest_revylbench.devices.appium import AppiumServer, RemoteAppium
from pytest_revylbench.devices.errors import DeviceError
from pytest_revylbench.devices.hosttools import HostTools
from pytest_revylbench.devices.ios import IosSimulator, ios_app
from pytest_revylbench.devices.pool import PoolSpec
from pytest_revylbench.devices.protocol import Device
from pytest_revylbench.devices.reaper import Reaper
from pytest_revylbench.devices.remote import RemoteDevice
from pytest_revylbench.devices.rendering import pinned_browser_env
from pytest_revylbench.devices.web import (
    DEFAULT_ISOLATION,
    DEFAULT_PRESS,
    Isolation,
    PressMode,
    WebDevice,
)
from pytest_revylbench.devices.web_browser import CHROMIUM
from pytest_revylbench.devices.web_session import COMMAND_TIMEOUT_S

DRIVERS: dict[str, tuple[str, ...]] = {"web": ("chromium",)}
"""The Appium drivers a provider's own server loads (the others installed, such as the fake
driver of our plumbing tests, only slow its start); a provider not named loads them all."""


@dataclass
class DeviceRack:
    pool: PoolSpec
    artifact: Path
    appium_dir: Path
    logs: Path
    owner: str
    appium_url: str | None = None
    fonts_dir: Path | None = None
    """The project's install of the pinned fonts; the web device draws with these only."""
    isolation: Isolation = DEFAULT_ISOLATION
    """How web devices keep tests apart (see `devices.web.ISOLATIONS`)."""
    presses: PressMode = DEFAULT_PRESS
    """How web devices press a control (see `devices.web.PRESS_MODES`)."""
    command_timeout_s: float = COMMAND_TIMEOUT_S
    """How long web devices let the app's page hold one command of a test (see
    `devices.web.WebDevice.command_timeout_s`)."""
    on_server_start: Callable[[str, int], None] | None = None
    """Told (slot, process group) of every Appium server started for a device."""
    devices: dict[str, Device] = field(default_factory=dict)
    last_slot: str | None = None
    _cleanup: list[Any] = field(default_factory=list)
    _servers: dict[str, AppiumServer] = field(default_factory=dict)
    reaper: Reaper = field(init=False)
    """Collects the processes a dead server or driver orphaned (see `devices.reaper`)."""

    def __post_init__(self) -> None:
        self.reaper = Reaper(self.owner)

    def get(self, slot: str) -> Device:
        """The started device for `slot`, starting it on first use."""
        self.last_slot = slot
        if slot not in self.devices:
            self.reaper.arm()  # before any server starts: its orphans come back to us
            device = self._make(slot)
            try:
                device.start()
            except BaseException:
                device.stop()
                raise
            self.devices[slot] = device
            self.snapshot()
        return self.devices[slot]

    def server_pids(self) -> list[int]:
        """The pids of the Appium servers this rack started (running or just died)."""
        return [pid for server in self._servers.values() if (pid := server.pgid) is not None]

    def snapshot(self) -> None:
        """Note the servers' process trees (after a start or a launch): where no subreaper
        exists, how the orphans of a server that dies are found."""
        self.reaper.snapshot(self.server_pids())

    def reap(self) -> list[int]:
        """At a device's release: kill and reap the processes a dead server or driver of
        this grade orphaned. Returns their pids."""
        return self.reaper.release(self.server_pids())

    def _make(self, slot: str) -> Device:
        pool, overrides, tell = self.pool, dict(self.pool.capabilities), self.on_server_start
        if pool.provider == "remote":
            assert pool.hub_url is not None  # the pool validated this
            if self.artifact.suffix in (".app", ".apk"):
                app = ios_app(self.artifact) if self.artifact.suffix == ".app" else android_app(self.artifact)
                return RemoteDevice(pool.hub_url, app, overrides)
            return WebDevice(bundle=self.artifact, appium=RemoteAppium(pool.hub_url),
                             overrides=overrides, isolation=self.isolation, presses=self.presses,
                             command_timeout_s=self.command_timeout_s)
        endpoint: AppiumServer | RemoteAppium
        scratch: Path | None = None
        if self.appium_url:
            endpoint = RemoteAppium(self.appium_url)
        else:
            # Short on purpose: Chromium puts a unix socket in TMPDIR (paths cap at 108 bytes).
            scratch = Path(tempfile.mkdtemp(prefix="rvb-"))
            env = None
            if pool.provider == "web" and self.fonts_dir is not None:
                env = pinned_browser_env(self.fonts_dir, scratch)
            endpoint = AppiumServer(
                self.appium_dir, log=self.logs / f"appium-{slot}.log", scratch=scratch,
                owner=self.owner, ready_s=pool.ready_timeout_s, browser_env=env,
                drivers=DRIVERS.get(pool.provider, ()),
                on_spawn=(lambda pgid: tell(slot, pgid)) if tell is not None else None,
            )
            self._cleanup.append((endpoint, scratch))
            self._servers[slot] = endpoint
        # Ports by slot: distinct for devices side by side, whichever worker leases them.
        index = pool.slots.index(slot)
        tools = HostTools(log=self.logs / f"device-{slot}.log")
        spec = pool.device(slot)
        if pool.provider == "ios-simulator":
            return IosSimulator(
                spec=spec, app_path=self.artifact, appium=endpoint, tools=tools,
                wda_port=8100 + index, derived_data=self.appium_dir / "wda" / str(index),
                boot_timeout_s=pool.boot_timeout_s, overrides=overrides,
            )
        if pool.provider == "android-emulator":
            return AndroidEmulator(
                spec=spec, apk=self.artifact, appium=endpoint, tools=tools,
                port=spec.port or 5554 + 2 * index, system_port=8200 + index,
                output=self.logs / f"emulator-{slot}.log", boot_timeout_s=pool.boot_timeout_s,
                overrides=overrides,
                on_spawn=(lambda pgid: tell(slot, pgid)) if tell is not None else None,
            )
        # A browser on this host starts its clock at the grader's instant (builder/clock.py).
        try:
            chromium = str(pinned_browser(CHROMIUM, scratch)) if scratch is not None else CHROMIUM
        except ClockUnpinned as exc:
            raise DeviceError(str(exc)) from exc
        return WebDevice(bundle=self.artifact, appium=endpoint, overrides=overrides,
                         isolation=self.isolation, presses=self.presses,
                         command_timeout_s=self.command_timeout_s, chromium=chromium)

    def stop_all(self) -> list[str]:
        """Stop every device and server; returns the slots whose servers were stopped."""
        stopped = list(self._servers)
        for device in self.devices.values():
            device.stop()
        for server, scratch in self._cleanup:
            server.stop()
            shutil.rmtree(scratch, ignore_errors=True)
        self.devices.clear()
        self.reaper.finish()  # whatever of this grade survived its server's process group
        return stopped
