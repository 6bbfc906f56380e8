"""Android emulators through `emulator` and `adb`, driven by Appium's UiAutomator2 driver.

The emulator is started headless with `-no-snapshot` (neither loaded nor saved: a cold,
clean boot every time, where `-no-snapshot-save` would still quick-boot from an old
snapshot); the app is installed once with its runtime permissions granted (`install -r -g`:
`autoGrantPermissions` does nothing for an app the grader installs itself), and its data
cleared (`pm clear`) before every launch, the first included.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_revylbench.devices.appium import AppiumServer, RemoteAppium
from pytest_revylbench.devices.errors import AppLaunchFailed, DeviceError
from pytest_revylbench.devices.hosttools import HostCall, HostCommandFailed, HostTools, stop_process
from pytest_revylbench.devices.native_signs import ANDROID_HIDDEN_CAPABILITIES, with_hidden
from pytest_revylbench.devices.pinning import (
    PINNED,
    android_emulator_arguments,
    android_pinning_capabilities,
    android_pinning_commands,
    pinned_settings,
)
from pytest_revylbench.devices.pool import DeviceSpec
from pytest_revylbench.devices.protocol import Driver, Screen
from pytest_revylbench.devices.remote import NativeApp, NativeSession, launch_app, wait_for_app

TEXT_ATTRIBUTES = ("text", "content-desc", "resource-id")
ADB_TIMEOUT_S = {"get-state": 15.0, "getprop": 10.0, "install": 300.0, "shell": 60.0, "emu": 30.0}
WAIT_SLICE_S = 5.0
"""`adb wait-for-device` runs in slices this long, so an emulator that died is noticed."""
KILL_GRACE_S = 30.0
# threadtime format: "MM-DD HH:MM:SS.mmm  PID  TID E ReactNativeJS: message"
_JS_ERROR = re.compile(r"\sE ReactNativeJS\s*: (?P<message>.*)$")
# A JS exception nothing caught: React Native rethrows it as a JavascriptException that
# kills the app ("E AndroidRuntime: com.facebook.react.common.JavascriptException: …").
_JS_FATAL = re.compile(r"\sE AndroidRuntime\s*: (?:[\w.]+\.)?JavascriptException: (?P<message>.*)$")


def application_id(apk: Path) -> str:
    """The app's id, from the `output-metadata.json` the Android Gradle plugin writes beside the APK."""
    metadata = apk.parent / "output-metadata.json"
    try:
        data = json.loads(metadata.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DeviceError(f"{metadata}: not readable ({exc}); was {apk.name} built by Gradle?") from exc
    ident = data.get("applicationId") if isinstance(data, dict) else None
    if not isinstance(ident, str) or not ident:
        raise DeviceError(f"{metadata}: no applicationId")
    return ident


def android_app(apk: Path) -> NativeApp:
    return NativeApp(
        platform="android", app_id=application_id(apk), artifact=apk,
        text_attributes=TEXT_ATTRIBUTES,
        capabilities={"platformName": "Android", "appium:automationName": "UiAutomator2"},
    )


def android_capabilities(
    app: NativeApp, *, serial: str, activity: str, system_port: int, overrides: dict[str, Any]
) -> dict[str, Any]:
    """UiAutomator2 on the installed app; `systemPort` is this device's own, so emulators side
    by side never share a UiAutomator2 server. The pinned locale and no window animations
    hold whatever the pool file says, and so does the device's own keyboard
    (`native_signs.ANDROID_HIDDEN_CAPABILITIES`)."""
    caps: dict[str, Any] = {
        **app.capabilities,
        "appium:udid": serial,
        "appium:appPackage": app.app_id,
        "appium:appActivity": activity.partition("/")[2] or activity,
        "appium:noReset": True,  # the device clears the app's data itself
        "appium:systemPort": system_port,
        "appium:autoGrantPermissions": True,
        "appium:clearDeviceLogsOnStart": True,  # no test reads another test's logcat errors
        "appium:uiautomator2ServerLaunchTimeout": 120_000,
        "appium:adbExecTimeout": 60_000,
        "appium:newCommandTimeout": 120,
    }
    caps.update(overrides)
    caps.update(android_pinning_capabilities())  # a pool file cannot unpin them
    return with_hidden(caps, ANDROID_HIDDEN_CAPABILITIES)  # nor show the app more


def logcat_errors(entries: list[dict[str, Any]]) -> list[str]:
    """The JS errors among logcat entries (React Native logs them under the tag ReactNativeJS);
    an uncaught one, which React Native turns into a fatal JavascriptException, is reported
    as "Uncaught …", as a browser words it (the launch check looks for that word)."""
    found = []
    for entry in entries:
        message = str(entry.get("message", ""))
        match = _JS_ERROR.search(message)
        if match:
            found.append(match["message"])
        fatal = _JS_FATAL.search(message)
        if fatal:
            found.append(f"Uncaught {fatal['message']}")
    return found


@dataclass
class AndroidEmulator(NativeSession):
    """One emulator of an `android-emulator` pool, on console port `port` (serial emulator-<port>)."""

    spec: DeviceSpec
    apk: Path
    appium: AppiumServer | RemoteAppium
    tools: HostTools
    port: int
    system_port: int
    output: Path
    """Where the emulator's own output goes."""
    boot_timeout_s: float = 300.0
    launch_timeout_s: float = 60.0
    boot_poll_s: float = 2.0
    overrides: dict[str, Any] = field(default_factory=dict)
    on_spawn: Callable[[int], None] | None = None
    """Told the emulator's process group at once, so a dead worker's emulator can be killed."""
    _proc: subprocess.Popen[bytes] | None = None
    _app: NativeApp | None = None
    _activity: str | None = None
    _launches: int = 0

    platform = "android"

    @property
    def serial(self) -> str:
        return f"emulator-{self.port}"

    @property
    def described(self) -> str:
        return f"emulator {self.spec.name!r} (AVD {self.spec.avd}, {self.serial})"

    @property
    def pinned(self) -> dict[str, Any]:
        """Every setting this emulator pins after boot (docs/PLATFORMS.md)."""
        return pinned_settings(self.platform)

    def _adb(self, *args: str, check: bool = True, timeout_s: float | None = None) -> HostCall:
        kind = args[0] if args[0] != "shell" or args[1] != "getprop" else "getprop"
        limit = ADB_TIMEOUT_S.get(kind, 60.0) if timeout_s is None else timeout_s
        return self.tools.run(["adb", "-s", self.serial, *args], timeout_s=limit, check=check)

    def start(self) -> AndroidEmulator:
        if isinstance(self.appium, AppiumServer) and not self.appium.running:
            self.appium.start()
        self._app = android_app(self.apk)
        if self._adb("get-state", check=False).stdout.strip() == "device":
            raise DeviceError(
                f"{self.serial} is already taken by an emulator this run did not start; stop it "
                f"or give device {self.spec.name!r} another `port`"
            )
        assert self.spec.avd  # the pool validated this
        # Software rendering: runs on hosts without a GPU and draws the same pixels everywhere.
        self._proc = self.tools.spawn(
            ["emulator", "-avd", self.spec.avd, "-no-window", "-no-snapshot",
             "-port", str(self.port), "-no-boot-anim", "-no-audio", "-gpu", "swiftshader_indirect",
             *android_emulator_arguments()],
            output=self.output,
        )
        if self.on_spawn is not None:
            self.on_spawn(self._proc.pid)
        try:
            self._wait_booted(time.monotonic() + self.boot_timeout_s)
            self._pin()
        except DeviceError:
            self._kill()
            raise
        self._adb("install", "-r", "-g", str(self.apk))
        self._activity = self._launcher_activity()
        return self

    def _wait_booted(self, deadline: float) -> None:
        late = DeviceError(
            f"{self.described} did not report sys.boot_completed within "
            f"{self.boot_timeout_s:g}s; it was killed"
        )
        while True:  # until adb sees the emulator
            self._alive_or_raise()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise late
            seen = self._adb("wait-for-device", check=False, timeout_s=min(WAIT_SLICE_S, remaining))
            if seen.returncode == 0:
                break
        while True:  # until Android says it has booted
            self._alive_or_raise()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise late
            booted = self._adb("shell", "getprop", "sys.boot_completed", check=False,
                               timeout_s=min(ADB_TIMEOUT_S["getprop"], remaining))
            if booted.stdout.strip() == "1":
                return
            time.sleep(min(self.boot_poll_s, max(deadline - time.monotonic(), 0)))

    def _pin(self) -> None:
        """Time zone, font scale, night mode, animation scales: once after the cold boot (they
        are system settings, which `pm clear` leaves alone), before the app is installed."""
        self.tools.note(f"pinning {self.described}: {json.dumps(self.pinned, sort_keys=True)}")
        try:
            for args in android_pinning_commands():
                self._adb(*args)
            zone = self._adb("shell", "getprop", "persist.sys.timezone").stdout.strip()
        except HostCommandFailed as exc:
            raise DeviceError(f"{self.described} could not pin its environment: {exc}") from exc
        if zone != PINNED.common.time_zone:
            raise DeviceError(f"{self.described} could not pin its environment: the time zone "
                              f"is {zone or 'unset'!r} after setting {PINNED.common.time_zone!r}")

    def _alive_or_raise(self) -> bool:
        assert self._proc is not None
        code = self._proc.poll()
        if code is None:
            return True
        try:
            said = self.output.read_text(encoding="utf-8", errors="replace").strip()[-800:]
        except OSError:
            said = ""
        raise DeviceError(f"{self.described} exited with status {code} before it booted"
                          + (f": {said}" if said else ""))

    def _launcher_activity(self) -> str:
        assert self._app is not None
        answer = self._adb("shell", "cmd", "package", "resolve-activity", "--brief",
                           "-c", "android.intent.category.LAUNCHER", self._app.app_id).stdout
        components = [line.strip() for line in answer.splitlines() if "/" in line]
        if not components:
            raise AppLaunchFailed(f"the app {self._app.app_id} has no launcher activity")
        return components[-1]

    def _kill(self) -> None:
        """`adb emu kill`, then the process group if the emulator does not go."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is None:
            try:
                self._adb("emu", "kill", check=False)
            except DeviceError:
                pass  # adb vanished: the process group is killed below all the same
        stop_process(proc, grace_s=KILL_GRACE_S)

    def healthy(self) -> bool:
        """The emulator runs, adb sees it online, and Appium answers."""
        if self._proc is None or self._proc.poll() is not None:
            return False
        try:
            self.appium.ensure()
            return self._adb("get-state", check=False).stdout.strip() == "device"
        except DeviceError:
            return False

    def launch(self, viewport: Screen | None = None) -> Any:
        """A new UiAutomator2 session on the app, its data cleared first (the first launch too:
        the installed app may have run already, and `pm clear` is what makes a launch fresh).

        `viewport` is not emulated: the emulator's screen is its own.
        """
        if self._app is None or self._activity is None:
            raise DeviceError(f"{self.described} is not started")
        self._adb("shell", "pm", "clear", self._app.app_id)
        self._launches += 1
        caps = android_capabilities(self._app, serial=self.serial, activity=self._activity,
                                    system_port=self.system_port, overrides=self.overrides)
        return launch_app(self.appium.url, caps, app=self._app,
                          what=f"a UiAutomator2 session on {self.described}",
                          timeout_s=self.launch_timeout_s)

    def press(self, driver: Any, element: Any) -> None:
        """The driver's own click: UiAutomator2 taps the element itself."""
        element.click()

    def relaunch(self, driver: Any) -> None:
        """Stop and start the app again: its memory is gone, what it stored stays."""
        assert self._app is not None and self._activity is not None
        self._adb("shell", "am", "force-stop", self._app.app_id)
        self._adb("shell", "am", "start", "-W", "-n", self._activity)
        wait_for_app(driver, self._app, timeout_s=self.launch_timeout_s)

    def console_errors(self, driver: Driver) -> list[str]:
        """The JS errors React Native logged to logcat since the last call."""
        try:
            entries = driver.get_log("logcat")
        except Exception:  # a driver without logcat: no evidence, not a failure
            return []
        return logcat_errors(list(entries))

    def stop(self) -> None:
        """Kill the emulator this device started; never raises."""
        self._kill()
