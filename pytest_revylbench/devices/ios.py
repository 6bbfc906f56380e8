"""iOS simulators through `xcrun simctl`, driven by Appium's XCUITest driver (macOS with Xcode).

A simulator is booted and the app installed once when the device starts; every launch after
the first erases the simulator (shut down, erase, boot, install), so no test sees what the
previous one left: the same guarantee as a new browser on the web platform.
"""

from __future__ import annotations

import json
import plistlib
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_revylbench.devices.appium import AppiumServer, RemoteAppium
from pytest_revylbench.devices.errors import DeviceError
from pytest_revylbench.devices.hosttools import HostCommandFailed, HostTools
from pytest_revylbench.devices.native_signs import IOS_HIDDEN_CAPABILITIES, with_hidden
from pytest_revylbench.devices.pinning import (
    ios_launch_arguments,
    ios_launch_environment,
    ios_pinning_capabilities,
    ios_pinning_commands,
    pinned_settings,
)
from pytest_revylbench.devices.pool import DeviceSpec
from pytest_revylbench.devices.protocol import Driver, Screen
from pytest_revylbench.devices.remote import NativeApp, NativeSession, launch_app, wait_for_app

TEXT_ATTRIBUTES = ("label", "value", "name")
# React Native's RCTFatal in the simulator's log, for a JS exception nothing caught:
# "… budget[4242:5151] … Unhandled JS Exception: TypeError: …, stack: …"
_JS_FATAL = re.compile(r"Unhandled JS Exception: (?P<message>.*?)(?:, stack:.*)?$")
SIMCTL_TIMEOUT_S = {
    "create": 60.0, "shutdown": 60.0, "erase": 120.0, "install": 180.0, "launch": 60.0,
    "terminate": 30.0, "list": 30.0, "delete": 60.0, "status_bar": 30.0, "ui": 30.0,
    "spawn": 30.0,
}


def bundle_id(app: Path) -> str:
    """The app's CFBundleIdentifier, from the Info.plist xcodebuild wrote into the `.app`."""
    plist = app / "Info.plist"
    try:
        data = plistlib.loads(plist.read_bytes())
    except (OSError, plistlib.InvalidFileException, ValueError) as exc:
        raise DeviceError(f"{plist}: not a readable Info.plist ({exc})") from exc
    ident = data.get("CFBundleIdentifier") if isinstance(data, dict) else None
    if not isinstance(ident, str) or not ident:
        raise DeviceError(f"{plist}: no CFBundleIdentifier")
    return ident


def syslog_errors(entries: list[dict[str, Any]]) -> list[str]:
    """React Native's fatal JS exceptions among syslog entries, worded "Uncaught …" as a
    browser words them (the launch check looks for that word)."""
    found = []
    for entry in entries:
        fatal = _JS_FATAL.search(str(entry.get("message", "")))
        if fatal:
            found.append(f"Uncaught {fatal['message']}")
    return found


def ios_app(app: Path) -> NativeApp:
    return NativeApp(
        platform="ios", app_id=bundle_id(app), artifact=app, text_attributes=TEXT_ATTRIBUTES,
        capabilities={"platformName": "iOS", "appium:automationName": "XCUITest"},
    )


def ios_capabilities(
    app: NativeApp, *, udid: str, wda_port: int, derived_data: Path, overrides: dict[str, Any]
) -> dict[str, Any]:
    """XCUITest on an installed app; the port and WDA build folder are this device's own, so
    simulators side by side never share a WebDriverAgent. The pinned locale, time zone and
    Reduce Motion go to the app XCUITest launches, whatever the pool file says; the language
    is the simulator's own pinned one, never a launch argument the app could read
    (`native_signs.IOS_HIDDEN_CAPABILITIES`)."""
    caps: dict[str, Any] = {
        **app.capabilities,
        "appium:udid": udid,
        "appium:bundleId": app.app_id,
        "appium:noReset": True,  # the device erases itself between tests
        "appium:wdaLocalPort": wda_port,
        "appium:derivedDataPath": str(derived_data),
        "appium:wdaLaunchTimeout": 120_000,
        "appium:newCommandTimeout": 120,
    }
    caps.update(overrides)
    caps.update(ios_pinning_capabilities())  # a pool file cannot unpin them
    return with_hidden(caps, IOS_HIDDEN_CAPABILITIES)  # nor show the app more


def _version(runtime: dict[str, Any]) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in str(runtime.get("version", "")).split("."))
    except ValueError:
        return ()


def ios_runtimes(runtimes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The available iOS runtimes of a `simctl list -j runtimes` answer, newest first."""
    ios = [r for r in runtimes if r.get("isAvailable", True) and (
        r.get("platform") == "iOS" or ".SimRuntime.iOS-" in str(r.get("identifier", "")))]
    return sorted(ios, key=_version, reverse=True)


def choose_runtime(wanted: str | None, runtimes: list[dict[str, Any]], *, device: str) -> str:
    """The runtime identifier to create a simulator on: `wanted` if it is installed, else
    (none named) the newest iOS runtime installed; a DeviceError lists what is installed."""
    ios = ios_runtimes(runtimes)
    installed = ", ".join(f"{r.get('identifier')} ({r.get('name')})" for r in ios) or "none"
    if wanted is None:
        if not ios:
            raise DeviceError(
                f"simulator {device!r}: no iOS simulator runtime is installed; install one with "
                "`xcodebuild -downloadPlatform iOS` (or Xcode > Settings > Components)"
            )
        return str(ios[0]["identifier"])
    if not any(r.get("identifier") == wanted for r in ios):
        raise DeviceError(
            f"simulator {device!r}: runtime {wanted} is not installed (installed: {installed}); "
            "name one of those as `runtime` in the pool file, or leave `runtime` out for the "
            "newest"
        )
    return wanted


@dataclass
class IosSimulator(NativeSession):
    """One simulator of an `ios-simulator` pool: the pool's `udid`, or one created for the run."""

    spec: DeviceSpec
    app_path: Path
    appium: AppiumServer | RemoteAppium
    tools: HostTools
    wda_port: int
    derived_data: Path
    boot_timeout_s: float = 180.0
    launch_timeout_s: float = 60.0
    overrides: dict[str, Any] = field(default_factory=dict)
    udid: str | None = None
    _app: NativeApp | None = None
    _created: bool = False
    _booted: bool = False
    _launches: int = 0

    platform = "ios"

    @property
    def described(self) -> str:
        return f"simulator {self.spec.name!r}" + (f" ({self.udid})" if self.udid else "")

    @property
    def pinned(self) -> dict[str, Any]:
        """Every setting this simulator pins after each boot (docs/PLATFORMS.md)."""
        return pinned_settings(self.platform)

    def _runtimes(self) -> list[dict[str, Any]]:
        listing = self._simctl("list", "-j", "runtimes")
        try:
            return list(json.loads(listing).get("runtimes", []))
        except (ValueError, AttributeError) as exc:
            raise DeviceError(f"`xcrun simctl list -j runtimes` answered no JSON: {exc}") from exc

    def _simctl(self, *args: str, check: bool = True, timeout_s: float | None = None) -> str:
        limit = SIMCTL_TIMEOUT_S[args[0]] if timeout_s is None else timeout_s
        return self.tools.run(["xcrun", "simctl", *args], timeout_s=limit, check=check).stdout

    def start(self) -> IosSimulator:
        if isinstance(self.appium, AppiumServer) and not self.appium.running:
            self.appium.start()
        self._app = ios_app(self.app_path)
        if self.spec.udid:
            self.udid = self.spec.udid
            self._simctl("shutdown", self.udid, check=False)  # it may be shut down already
            self._simctl("erase", self.udid)
        else:
            assert self.spec.device_type  # the pool validated this
            runtime = choose_runtime(self.spec.runtime, self._runtimes(), device=self.spec.name)
            self.udid = self._simctl(
                "create", f"revylbench {self.spec.name}", self.spec.device_type, runtime
            ).strip()
            self._created = True
        self._boot_and_install()
        return self

    def _boot_and_install(self) -> None:
        assert self.udid is not None and self._app is not None
        deadline = time.monotonic() + self.boot_timeout_s
        try:
            self._simctl("boot", self.udid, timeout_s=deadline - time.monotonic())
            self._booted = True
            self.tools.run(["xcrun", "simctl", "bootstatus", self.udid, "-b"],
                           timeout_s=deadline - time.monotonic())
        except HostCommandFailed as exc:
            self._discard()
            why = (f"did not finish booting within {self.boot_timeout_s:g}s"
                   if exc.call.timed_out else f"failed to boot ({exc})")
            raise DeviceError(f"{self.described} {why}; it was shut down and erased") from exc
        self._pin()
        self._simctl("install", self.udid, str(self._app.artifact))

    def _pin(self) -> None:
        """Status bar, appearance, text size, language, locale, Reduce Motion: after every boot
        (an erase forgets them), before the app is installed and launched."""
        assert self.udid is not None
        self.tools.note(f"pinning {self.described}: {json.dumps(self.pinned, sort_keys=True)}")
        for argv in ios_pinning_commands(self.udid):
            try:
                self.tools.run(argv, timeout_s=SIMCTL_TIMEOUT_S[argv[2]])
            except HostCommandFailed as exc:
                raise DeviceError(f"{self.described} could not pin its environment: {exc}") from exc

    def _discard(self) -> None:
        """Leave the simulator shut down and empty (cleanup: errors do not matter here)."""
        assert self.udid is not None
        self._simctl("shutdown", self.udid, check=False)
        self._simctl("erase", self.udid, check=False)
        self._booted = False

    def _erase(self) -> None:
        assert self.udid is not None
        self._simctl("shutdown", self.udid)
        self._booted = False
        self._simctl("erase", self.udid)
        self._boot_and_install()

    def healthy(self) -> bool:
        """Appium answers and the simulator is still booted."""
        try:
            self.appium.ensure()
            listing = self._simctl("list", "devices", "booted", "-j")
            groups = json.loads(listing).get("devices", {})
        except (DeviceError, ValueError, AttributeError):
            return False
        return any(
            d.get("udid") == self.udid and d.get("state") == "Booted"
            for devices in groups.values() for d in devices
        )

    def launch(self, viewport: Screen | None = None) -> Any:
        """A new XCUITest session on the app; from the second launch on, on an erased simulator.

        `viewport` is not emulated: the simulator's screen is its own.
        """
        if self.udid is None or self._app is None:
            raise DeviceError(f"{self.described} is not started")
        if self._launches:
            self._erase()
        self._launches += 1
        caps = ios_capabilities(self._app, udid=self.udid, wda_port=self.wda_port,
                                derived_data=self.derived_data, overrides=self.overrides)
        return launch_app(self.appium.url, caps, app=self._app,
                          what=f"an XCUITest session on {self.described}",
                          timeout_s=self.launch_timeout_s)

    def press(self, driver: Any, element: Any) -> None:
        """The driver's own click: XCUITest taps the element itself."""
        element.click()

    def relaunch(self, driver: Any) -> None:
        """Terminate and launch the app again: its memory is gone, what it stored stays."""
        assert self.udid is not None and self._app is not None
        self._simctl("terminate", self.udid, self._app.app_id, check=False)  # it may have died
        # The same arguments and TZ as XCUITest gives the app at the session's launch.
        self.tools.run(["xcrun", "simctl", "launch", self.udid, self._app.app_id,
                        *ios_launch_arguments()],
                       timeout_s=SIMCTL_TIMEOUT_S["launch"], env=ios_launch_environment())
        wait_for_app(driver, self._app, timeout_s=self.launch_timeout_s)

    def console_errors(self, driver: Driver) -> list[str]:
        """The uncaught JS exceptions in the simulator's log since the last call (its log has
        no reliable severity for anything the app merely logged)."""
        try:
            entries = driver.get_log("syslog")
        except Exception:  # a driver without the syslog: no evidence, not a failure
            return []
        return syslog_errors(list(entries))

    def stop(self) -> None:
        """Shut down what this device booted and delete what it created; never raises."""
        if self.udid is None:
            return
        try:
            if self._booted:
                self._simctl("shutdown", self.udid, check=False)
                self._booted = False
            if self._created:
                self._simctl("delete", self.udid, check=False)
                self._created = False
        except DeviceError:
            pass  # xcrun vanished from PATH: nothing more to stop
