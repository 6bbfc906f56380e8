"""The App facade's iOS and Android locators, and the native devices' sessions, against
Appium's fake driver through a real Appium server (no simulator or emulator exists here).

What is real: the W3C requests the facade and the devices send (read back from the Appium
server's own log), the session capabilities Appium accepted, finding by `accessibility id`,
clicks, typing into an input, reading its value, page-source parsing, screenshots, and the
first-screen wait. What the fake driver cannot do: it refuses `-ios predicate string` and
`-android uiautomator` (an UnknownCommandError, which Selenium raises as
UnknownMethodException) — for those the tests assert the exact (strategy, value) sent and
the exception, not that a real XCUITest/UiAutomator2 driver would find the element.

The last test grades the budget app for real through the remote provider: the web platform,
with a local Appium server (Chromium driver) as the hub and the pool's capacity as the slots.
"""

from __future__ import annotations

import json
import plistlib
import re
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.common.exceptions import UnknownMethodException

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.app.facade import App, CheckFailed
from pytest_revylbench.app.locators import AndroidLocators, IosLocators
from pytest_revylbench.devices.android import AndroidEmulator, android_app
from pytest_revylbench.devices.appium import AppiumServer, RemoteAppium
from pytest_revylbench.devices.errors import AppLaunchFailed
from pytest_revylbench.devices.hosttools import HostTools
from pytest_revylbench.devices.ios import IosSimulator
from pytest_revylbench.devices.native_signs import (
    ANDROID_HIDDEN_CAPABILITIES,
    IOS_HIDDEN_CAPABILITIES,
    with_hidden,
)
from pytest_revylbench.devices.pinning import (
    android_pinning_capabilities,
    ios_pinning_capabilities,
    ios_pinning_commands,
)
from pytest_revylbench.devices.pool import DeviceSpec
from pytest_revylbench.devices.protocol import AppSession, Device, DeviceSession
from pytest_revylbench.devices.remote import RemoteDevice, open_session
from tests.standins import DriverSession, Farm, StandIns

from .conftest import REPO, grade, verdicts

# The fake driver matches `id` and `accessibility id` on @id. The controls carry both
# platforms' text attributes (iOS label, Android text / content-desc); "Pizza Night" has its
# accessibility label as @id, standing for an Android content-desc.
FAKE_APP = """\
<app width="393" height="852">
  <MockWindow id="root">
    <MockText id="heading" label="Your accounts" text="Your accounts" top="10"/>
    <MockButton id="add-expense" label="Add expense" text="Add expense" top="50"/>
    <MockButton id="Pizza Night" content-desc="Pizza Night" top="70"/>
    <MockInputField id="input-payee" top="90"/>
  </MockWindow>
</app>
"""
BLANK_APP = '<app width="393" height="852"><MockWindow id="root"/></app>\n'


@pytest.fixture(scope="module")
def fake_appium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppiumServer]:
    logs = tmp_path_factory.mktemp("fake-appium")
    scratch = Path(tempfile.mkdtemp(prefix="rvb-fake-"))
    server = AppiumServer(REPO / ".revylbench/appium", log=logs / "appium.log", scratch=scratch)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def fake_app(tmp_path: Path) -> Path:
    path = tmp_path / "app.xml"
    path.write_text(FAKE_APP)
    return path


def fake_caps(app_xml: Path | None) -> dict[str, Any]:
    caps: dict[str, Any] = {"platformName": "Fake", "appium:automationName": "Fake"}
    if app_xml is not None:
        caps["appium:app"] = str(app_xml)
    return caps


class Wire:
    """What reached the Appium server after a point, read from its log."""

    def __init__(self, server: AppiumServer) -> None:
        self.log = server.log
        self.mark = self.log.stat().st_size

    def _lines(self) -> list[str]:
        with self.log.open("rb") as handle:
            handle.seek(self.mark)
            return handle.read().decode("utf-8", errors="replace").splitlines()

    def finds(self) -> list[tuple[str, str]]:
        found = []
        for line in self._lines():
            match = re.search(r"--> POST /session/[^/ ]+/elements? (\{.*\})$", line)
            if match:
                body = json.loads(match[1])
                found.append((body["using"], body["value"]))
        return found

    def new_sessions(self) -> list[dict[str, Any]]:
        return [json.loads(m[1])["capabilities"]["alwaysMatch"] for line in self._lines()
                if (m := re.search(r"--> POST /session (\{.*\})$", line))]

    def deleted_sessions(self) -> int:
        return sum(1 for line in self._lines() if re.search(r"--> DELETE /session/\S+", line))


@pytest.fixture
def session(fake_appium: AppiumServer, fake_app: Path) -> Iterator[Any]:
    driver = open_session(fake_appium.url, fake_caps(fake_app), what="a fake session")
    yield driver
    driver.quit()


def facade(
    driver: Any, locators: IosLocators | AndroidLocators, tmp_path: Path, device: Device | None = None
) -> App:
    """The facade on `driver`: as the grade builds it when `device` opened the session."""
    session: AppSession = DriverSession(driver) if device is None else DeviceSession(device, driver)
    recorder = EvidenceRecorder(tmp_path / "run", "test")
    recorder.attach(session.screenshot, session.screen_fingerprint)
    return App(session, locators, recorder, timeout_s=0.3)


def clicks(driver: Any, test_id: str) -> str:
    return str(driver.find_element("id", test_id).get_attribute("clicks"))


# -- iOS locators --------------------------------------------------------------------------

def test_ios_test_ids_find_press_type_and_read_for_real(
    session: Any, fake_appium: AppiumServer, tmp_path: Path
) -> None:
    app = facade(session, IosLocators(), tmp_path)
    wire = Wire(fake_appium)
    app.tap(test_id="add-expense")
    app.type(into="input-payee", text="Gym Pass")
    assert app.read("input-payee") == "Gym Pass"
    app.see("Gym Pass", at="input-payee")
    assert wire.finds() == [("accessibility id", "add-expense")] + [("accessibility id", "input-payee")] * 3
    assert (clicks(session, "add-expense"), clicks(session, "input-payee")) == ("1", "1")
    app.screenshot("end of test")  # lazy evidence takes the judged screen's shot at the latest here
    assert (tmp_path / "run/tests/test").is_dir(), "the check's screenshot was not saved"


def test_ios_texts_and_labels_go_out_as_predicates_which_the_fake_driver_refuses(
    session: Any, fake_appium: AppiumServer, tmp_path: Path
) -> None:
    app = facade(session, IosLocators(), tmp_path)
    wire = Wire(fake_appium)
    with pytest.raises(UnknownMethodException):
        app.see("Your accounts")
    with pytest.raises(UnknownMethodException):
        app.tap("Add expense")
    with pytest.raises(UnknownMethodException):
        app.type(into="Payee", text="x")
    assert wire.finds() == [
        ("-ios predicate string",
         'label == "Your accounts" OR value == "Your accounts" OR name == "Your accounts"'),
        ("-ios predicate string", 'label == "Add expense"'),
        ("accessibility id", "Payee"),  # the test ID comes first and finds nothing
        ("-ios predicate string",
         "(type == 'XCUIElementTypeTextField' OR type == 'XCUIElementTypeSecureTextField') "
         'AND (placeholderValue == "Payee" OR label == "Payee")'),
    ]


def test_a_failed_check_shows_the_screen_read_from_the_page_source(session: Any, tmp_path: Path) -> None:
    app = facade(session, IosLocators(), tmp_path)
    with pytest.raises(CheckFailed) as info:
        app.see("Rent", at="missing")
    assert info.value.observed == (
        "no visible element with test ID 'missing'; the screen shows: Your accounts | Add expense"
    )


# -- Android locators ----------------------------------------------------------------------

def test_android_test_ids_and_texts_go_out_as_uiautomator_which_the_fake_driver_refuses(
    session: Any, fake_appium: AppiumServer, tmp_path: Path
) -> None:
    app = facade(session, AndroidLocators(), tmp_path)
    wire = Wire(fake_appium)
    with pytest.raises(UnknownMethodException):
        app.tap(test_id="add-expense")
    with pytest.raises(UnknownMethodException):
        app.see("Your accounts")
    assert wire.finds() == [
        ("-android uiautomator", 'new UiSelector().resourceId("add-expense")'),
        ("-android uiautomator", 'new UiSelector().text("Your accounts")'),
    ]


def test_android_labels_are_accessibility_ids_and_press_for_real(
    session: Any, fake_appium: AppiumServer, tmp_path: Path
) -> None:
    app = facade(session, AndroidLocators(), tmp_path)
    wire = Wire(fake_appium)
    app.tap("Pizza Night")
    assert wire.finds() == [("accessibility id", "Pizza Night")]
    assert clicks(session, "Pizza Night") == "1"
    assert AndroidLocators().screen_text(session) == "Your accounts | Add expense | Pizza Night"


# -- native devices: stand-in host tools, real sessions --------------------------------------

@pytest.fixture
def ios_bundle(tmp_path: Path) -> Path:
    bundle = tmp_path / "budget.app"
    bundle.mkdir()
    (bundle / "Info.plist").write_bytes(plistlib.dumps({"CFBundleIdentifier": "com.anonymous.budget"}))
    return bundle


@pytest.fixture
def apk(tmp_path: Path) -> Path:
    path = tmp_path / "app-release.apk"
    path.write_bytes(b"PK\x05\x06" + bytes(18))
    (tmp_path / "output-metadata.json").write_text(json.dumps({
        "applicationId": "com.anonymous.budget", "elements": [{"outputFile": path.name}]}))
    return path


def test_a_simulator_erases_between_launches_and_opens_xcuitest_sessions(
    fake_appium: AppiumServer, fake_app: Path, ios_bundle: Path, tmp_path: Path
) -> None:
    standins = StandIns.install(tmp_path / "standins")
    spec = DeviceSpec(name="iPhone 16 (a)", device_type="T")  # on the newest runtime
    sim = IosSimulator(
        spec=spec, app_path=ios_bundle, appium=RemoteAppium(fake_appium.url),
        tools=HostTools(env=standins.env()), wda_port=8101, derived_data=tmp_path / "wda",
        launch_timeout_s=5, overrides=fake_caps(fake_app),
    )
    wire = Wire(fake_appium)
    sim.start()
    first = sim.launch()
    facade(first, IosLocators(), tmp_path, sim).tap(test_id="add-expense")
    sim.relaunch(first)
    first.quit()
    second = sim.launch()
    second.quit()
    sim.stop()
    udid = str(uuid.uuid5(uuid.NAMESPACE_URL, "revylbench iPhone 16 (a)")).upper()
    simctl = ["xcrun", "simctl"]
    pin = ios_pinning_commands(udid)  # spelled out in tests/unit/devices/test_platform_ios.py
    assert standins.calls() == [
        simctl + ["list", "-j", "runtimes"],
        simctl + ["create", "revylbench iPhone 16 (a)", "T", "com.apple.CoreSimulator.SimRuntime.iOS-18-2"],
        simctl + ["boot", udid], simctl + ["bootstatus", udid, "-b"], *pin,
        simctl + ["install", udid, str(ios_bundle)],
        simctl + ["terminate", udid, "com.anonymous.budget"],  # relaunch
        simctl + ["launch", udid, "com.anonymous.budget",
                  "-AppleLanguages", "(en)", "-AppleLocale", "en_US"],
        simctl + ["shutdown", udid], simctl + ["erase", udid],  # before the second launch
        simctl + ["boot", udid], simctl + ["bootstatus", udid, "-b"], *pin,
        simctl + ["install", udid, str(ios_bundle)],
        simctl + ["shutdown", udid], simctl + ["delete", udid],  # stop
    ]
    expected = {
        "platformName": "Fake", "appium:automationName": "Fake", "appium:udid": udid,
        "appium:bundleId": "com.anonymous.budget", "appium:noReset": True,
        "appium:wdaLocalPort": 8101, "appium:derivedDataPath": str(tmp_path / "wda"),
        "appium:wdaLaunchTimeout": 120_000, "appium:newCommandTimeout": 120,
        "appium:app": str(fake_app), **ios_pinning_capabilities(),
    }
    expected = with_hidden(expected, IOS_HIDDEN_CAPABILITIES)   # what would show the app more
    assert wire.new_sessions() == [expected, expected]


def test_an_emulator_clears_the_app_between_launches_and_opens_uiautomator2_sessions(
    fake_appium: AppiumServer, fake_app: Path, apk: Path, tmp_path: Path
) -> None:
    standins = StandIns.install(tmp_path / "standins")
    device = AndroidEmulator(
        spec=DeviceSpec(name="pixel-b", avd="Pixel_8_API_35_b", port=5558), apk=apk,
        appium=RemoteAppium(fake_appium.url), tools=HostTools(env=standins.env()),
        port=5558, system_port=8202, output=tmp_path / "emulator.log", boot_poll_s=0.1,
        launch_timeout_s=5, overrides=fake_caps(fake_app),
    )
    wire = Wire(fake_appium)
    device.start()
    try:
        first = device.launch()
        device.relaunch(first)
        first.quit()
        second = device.launch()
        second.quit()
    finally:
        device.stop()
    adb = ["adb", "-s", "emulator-5558"]
    ours = [list(call.argv) for call in device.tools.calls]
    after_boot = ours[ours.index(adb + ["install", "-r", "-g", str(apk)]):]
    assert after_boot == [
        adb + ["install", "-r", "-g", str(apk)],  # -g: its runtime permissions granted
        adb + ["shell", "cmd", "package", "resolve-activity", "--brief", "-c",
               "android.intent.category.LAUNCHER", "com.anonymous.budget"],
        adb + ["shell", "pm", "clear", "com.anonymous.budget"],  # before the first launch too
        adb + ["shell", "am", "force-stop", "com.anonymous.budget"],  # relaunch
        adb + ["shell", "am", "start", "-W", "-n", "com.anonymous.budget/.MainActivity"],
        adb + ["shell", "pm", "clear", "com.anonymous.budget"],  # before the second launch
        adb + ["emu", "kill"],
    ]
    assert sorted(standins.calls()) == sorted(ours)
    expected = {
        "platformName": "Fake", "appium:automationName": "Fake", "appium:udid": "emulator-5558",
        "appium:appPackage": "com.anonymous.budget", "appium:appActivity": ".MainActivity",
        "appium:noReset": True, "appium:systemPort": 8202, "appium:autoGrantPermissions": True,
        "appium:clearDeviceLogsOnStart": True, "appium:uiautomator2ServerLaunchTimeout": 120_000,
        "appium:adbExecTimeout": 60_000,
        "appium:newCommandTimeout": 120, "appium:app": str(fake_app),
        **android_pinning_capabilities(),
    }
    expected = with_hidden(expected, ANDROID_HIDDEN_CAPABILITIES)   # what would show the app more
    assert wire.new_sessions() == [expected, expected]


# -- the remote provider: the Appium server stands in for the hub -----------------------------

def test_a_hub_session_gets_the_app_the_upload_answered(
    fake_appium: AppiumServer, fake_app: Path, apk: Path, tmp_path: Path
) -> None:
    farm = Farm({"app_url": str(fake_app)})  # the "farm" hands back a reference the hub can open
    try:
        overrides = {**fake_caps(None), "revylbench:uploadUrl": f"http://127.0.0.1:{farm.port}/upload"}
        device = RemoteDevice(fake_appium.url, android_app(apk), overrides, launch_timeout_s=5)
        wire = Wire(fake_appium)
        assert device.start().healthy()
        driver = device.launch()
        facade(driver, AndroidLocators(), tmp_path, device).tap("Pizza Night")
        driver.quit()
    finally:
        farm.close()
    assert len(farm.requests) == 1 and apk.read_bytes() in farm.requests[0]["body"]
    assert wire.new_sessions() == [{
        "platformName": "Fake", "appium:automationName": "Fake", "appium:noReset": False,
        "appium:app": str(fake_app),
    }]  # the revylbench: keys never reach the hub


def test_an_app_that_shows_nothing_fails_as_the_apps_fault_and_its_session_ends(
    fake_appium: AppiumServer, apk: Path, tmp_path: Path
) -> None:
    blank = tmp_path / "blank.xml"
    blank.write_text(BLANK_APP)
    device = RemoteDevice(fake_appium.url, android_app(apk), fake_caps(blank), launch_timeout_s=1)
    wire = Wire(fake_appium)
    device.start()
    with pytest.raises(AppLaunchFailed, match=r"^the app showed nothing within 1s of launching$"):
        device.launch()
    assert len(wire.new_sessions()) == 1 and wire.deleted_sessions() == 1


def test_a_remote_hub_grades_the_web_app_within_its_capacity(tmp_path: Path) -> None:
    hub = AppiumServer(REPO / ".revylbench/appium", log=tmp_path / "hub.log",
                       scratch=Path(tempfile.mkdtemp(prefix="rvb-hub-")))
    hub.start()
    try:
        pool = tmp_path / "hub.toml"
        pool.write_text(f'schema = 1\nname = "hub"\nprovider = "remote"\n'
                        f'hub_url = "{hub.url}"\ncapacity = 2\n')
        # A new browser per test (not the default one per device, wiped between tests), so
        # the hub's log shows one session for each test.
        record = grade(REPO / "suites/budget/reference", tmp_path, "remote",
                       f"--device-pool={pool}", "-n", "2", "--isolation=browser")
    finally:
        hub.stop()
    assert set(verdicts(record).values()) == {"pass"} and record["outcome"] == 1.0
    assert {t["device"] for t in record["tests"]} <= {"remote-1", "remote-2"}
    sessions = [line for line in (tmp_path / "hub.log").read_text().splitlines()
                if "--> POST /session " in line]
    assert len(sessions) == len(record["tests"])  # every test's session went through the hub
