"""Every device and session implements the whole protocol of `devices/protocol.py`, and `App`
reads what a device observes through its session only.

Checked twice: statically (mypy accepts each class as the protocol in `_as_protocols`, and
`DeviceRack._make` returns every provider's device as a `Device`), and here at test time:
each protocol member exists on each class, of the same kind, and each method takes the
protocol's parameters (names, kinds, defaults).
"""

from __future__ import annotations

import inspect
import time
from pathlib import Path
from typing import Any

import pytest

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.app.facade import App
from pytest_revylbench.app.locators import WebLocators
from pytest_revylbench.devices.android import AndroidEmulator
from pytest_revylbench.devices.appium import RemoteAppium
from pytest_revylbench.devices.hosttools import HostTools
from pytest_revylbench.devices.ios import IosSimulator
from pytest_revylbench.devices.pool import DeviceSpec
from pytest_revylbench.devices.protocol import AppSession, Device, DeviceSession
from pytest_revylbench.devices.remote import NativeApp, RemoteDevice
from pytest_revylbench.devices.web import WebDevice
from tests.standins import DriverSession

NOWHERE = "http://127.0.0.1:9"


def _as_protocols(
    web: WebDevice, ios: IosSimulator, android: AndroidEmulator, remote: RemoteDevice,
    session: DeviceSession, standin: DriverSession,
) -> tuple[tuple[Device, ...], tuple[AppSession, ...]]:
    """For mypy: each class is accepted as its protocol."""
    return (web, ios, android, remote), (session, standin)


def devices(tmp_path: Path) -> list[Device]:
    """One of each device class, made but not started (nothing here needs a device)."""
    appium = RemoteAppium(NOWHERE)
    return [
        WebDevice(bundle=tmp_path, appium=appium),
        IosSimulator(spec=DeviceSpec(name="iPhone", device_type="T", runtime="R"),
                     app_path=tmp_path / "app.app", appium=appium, tools=HostTools(),
                     wda_port=8100, derived_data=tmp_path / "wda"),
        AndroidEmulator(spec=DeviceSpec(name="pixel", avd="Pixel"), apk=tmp_path / "app.apk",
                        appium=appium, tools=HostTools(), port=5554, system_port=8200,
                        output=tmp_path / "emulator.log"),
        RemoteDevice(NOWHERE, NativeApp("android", "com.anonymous.budget", tmp_path / "app.apk",
                                        {}, ("text",))),
    ]


def members(protocol: type) -> dict[str, str]:
    """The protocol's members by kind: "method", "property" or "attribute"."""
    found = {name: "attribute" for name in protocol.__annotations__}
    for name, value in vars(protocol).items():
        if name.startswith("_"):
            continue
        found[name] = "property" if isinstance(value, property) else "method"
    return found


def parameters(function: Any) -> list[tuple[str, Any, bool]]:
    """(name, kind, has a default) of each parameter but `self`."""
    return [(p.name, p.kind, p.default is not p.empty)
            for p in list(inspect.signature(function).parameters.values())[1:]]


def mismatches(protocol: type, implementation: object) -> list[str]:
    wrong = []
    for name, kind in members(protocol).items():
        try:
            found = inspect.getattr_static(implementation, name)
        except AttributeError:
            wrong.append(f"{name}: missing")
            continue
        if kind == "method":
            if not inspect.isfunction(found):
                wrong.append(f"{name}: not a method")
            elif parameters(found) != parameters(vars(protocol)[name]):
                wrong.append(f"{name}{inspect.signature(found)}: the protocol has "
                             f"{name}{inspect.signature(vars(protocol)[name])}")
        elif callable(found) and not isinstance(found, property):
            wrong.append(f"{name}: a method where the protocol has a {kind}")
    return wrong


def test_the_protocols_name_every_member_the_grader_uses() -> None:
    assert members(Device) == {
        "platform": "property", "launch_timeout_s": "attribute", "start": "method",
        "healthy": "method", "launch": "method", "relaunch": "method", "press": "method",
        "keeps": "method",
        "console_errors": "method", "screen_fingerprint": "method", "requested_urls": "method",
        "own_hosts": "property", "record_video": "method", "ui_tree": "method",
        "ui_tree_suffix": "property", "evidence_screenshot": "method",
        "evidence_prefetch": "method", "stop": "method",
    }
    assert members(AppSession) == {
        "driver": "property", "own_hosts": "property", "screenshot": "method",
        "relaunch": "method", "press": "method", "console_errors": "method",
        "screen_fingerprint": "method", "requested_urls": "method",
    }


def test_every_device_implements_the_whole_device_protocol(tmp_path: Path) -> None:
    made = devices(tmp_path)
    assert [type(d).__name__ for d in made] == [
        "WebDevice", "IosSimulator", "AndroidEmulator", "RemoteDevice"]
    assert {type(d).__name__: mismatches(Device, d) for d in made} == {
        type(d).__name__: [] for d in made}


def test_every_session_implements_the_whole_session_protocol(tmp_path: Path) -> None:
    sessions = [DeviceSession(devices(tmp_path)[0], driver=None), DriverSession(None)]
    assert {type(s).__name__: mismatches(AppSession, s) for s in sessions} == {
        "DeviceSession": [], "DriverSession": []}


def test_the_check_finds_a_missing_member_and_a_wrong_arity(tmp_path: Path) -> None:
    class Partial(WebDevice):
        def launch(self) -> Any:  # type: ignore[override]
            return None

    Partial.requested_urls = None  # type: ignore[assignment,method-assign]
    assert mismatches(Device, Partial(bundle=tmp_path, appium=RemoteAppium(NOWHERE))) == [
        "launch(self) -> 'Any': the protocol has launch(self, viewport: 'Screen | None' = None) "
        "-> 'Driver'",
        "requested_urls: not a method",
    ]


def test_native_devices_say_what_they_do_not_observe(tmp_path: Path) -> None:
    """The neutral values behind today's native behaviour: no fingerprint (a screenshot each
    time), traffic not observed (the network contract is skipped), no host of the grader's."""
    for device in devices(tmp_path)[1:]:
        assert device.screen_fingerprint(object()) is None, type(device).__name__
        assert device.requested_urls(object()) is None, type(device).__name__
        assert device.own_hosts == (), type(device).__name__
        assert device.console_errors(object()) == [], type(device).__name__  # no log to read
        assert device.keeps(object(), hung=False) is False, type(device).__name__  # quit each time
    assert {d.platform for d in devices(tmp_path)} == {"web", "ios", "android"}


class Seen:
    """A session whose observations the test sets, recording what App asked of it."""

    driver = None
    own_hosts = ("127.0.0.1:4242",)

    def __init__(self, urls: list[str] | None, marks: list[str | None]) -> None:
        self.urls, self.marks = urls, marks
        self.asked: list[str] = []

    def screenshot(self) -> bytes:
        return b"png"

    def relaunch(self) -> None:
        self.asked.append("relaunch")

    def press(self, element: object) -> None:
        self.asked.append("press")

    def console_errors(self) -> list[str]:
        return ["Uncaught TypeError: x is undefined"]

    def screen_fingerprint(self) -> str | None:
        self.asked.append("fingerprint")
        return self.marks.pop(0) if len(self.marks) > 1 else self.marks[0]

    def requested_urls(self) -> list[str] | None:
        return self.urls


def facade(session: AppSession, tmp_path: Path) -> tuple[App, EvidenceRecorder]:
    recorder = EvidenceRecorder(tmp_path, "test")
    return App(session, WebLocators(), recorder, timeout_s=0.5), recorder


def test_app_reads_requests_hosts_and_errors_through_its_session(tmp_path: Path) -> None:
    app, recorder = facade(Seen(["https://example.com/a"], ["same"]), tmp_path)
    assert app.requests() == ["https://example.com/a"]
    assert app.own_hosts == ("127.0.0.1:4242",)
    assert app.console_errors() == ["Uncaught TypeError: x is undefined"]
    assert recorder.console_errors == ["Uncaught TypeError: x is undefined"]


def test_app_refuses_requests_a_device_does_not_observe(tmp_path: Path) -> None:
    app, _ = facade(Seen(None, [None]), tmp_path)
    with pytest.raises(RuntimeError, match=r"^this device cannot observe the app's network requests$"):
        app.requests()


def test_relaunch_goes_to_the_session_and_forgets_the_last_fingerprint(tmp_path: Path) -> None:
    session = Seen(None, ["a"])
    app, recorder = facade(session, tmp_path)
    recorder._last_fingerprint = "a"
    app.relaunch()
    assert session.asked == ["relaunch"] and recorder._last_fingerprint is None


def test_wait_still_watches_the_fingerprint_or_waits_quietly_without_one(tmp_path: Path) -> None:
    still = Seen(None, ["a", "b", "c", "c"])
    assert facade(still, tmp_path)[0].wait_still(quiet_s=0.2) is True
    assert still.asked.count("fingerprint") >= 4
    busy = Seen(None, [str(n) for n in range(1000)])
    assert facade(busy, tmp_path)[0].wait_still(quiet_s=0.2, timeout_s=0.4) is False
    blind = Seen(None, [None])
    started = time.monotonic()
    assert facade(blind, tmp_path)[0].wait_still(quiet_s=0.2, timeout_s=5.0) is True
    # Waited its quiet time once (a loaded machine may oversleep it), not the 5 s timeout.
    assert 0.2 <= time.monotonic() - started < 1.5 and blind.asked == ["fingerprint"]


def test_the_tree_is_the_dom_on_the_web_and_the_page_source_on_a_phone(tmp_path: Path) -> None:
    class Driver:
        page_source = "<XCUIElementTypeApplication name='budget'/>"
        scripts: list[str] = []

        def execute_script(self, script: str) -> str:
            self.scripts.append(script)
            return "<html><body>Accounts</body></html>"

        def get_screenshot_as_png(self) -> bytes:
            return b"png"

    class Reads:
        asked = 0

        def tree(self) -> str:
            Reads.asked += 1
            return "<html><body>Accounts</body></html>"

    web, *phones = devices(tmp_path)
    web.reads = lambda driver: Reads()  # type: ignore[attr-defined]
    driver = Driver()
    assert (web.ui_tree(driver), web.ui_tree_suffix) == ("<html><body>Accounts</body></html>", ".html")
    # One read, in the grader's own world on the tab: no script in the page's.
    assert (Reads.asked, driver.scripts) == (1, [])
    for phone in phones:
        assert (phone.ui_tree(driver), phone.ui_tree_suffix) == (Driver.page_source, ".xml")
        # A phone's only capture is the driver's screenshot.
        assert phone.evidence_screenshot(driver) == b"png"
