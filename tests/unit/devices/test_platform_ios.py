"""The iOS code paths on a host without Xcode: recording stand-ins for `xcrun`, `xcodebuild`,
`pod` and `expo` run in their place, so these tests assert the exact commands, their time
limits and the cleanup after a failure. What a real simulator does with them is only proven
on macOS (docs/PLATFORMS.md)."""

from __future__ import annotations

import json
import plistlib
import time
import uuid
from pathlib import Path
from types import SimpleNamespace

import pytest

from pytest_revylbench.builder.ios import build_ios
from pytest_revylbench.builder.process import StepFailed
from pytest_revylbench.devices.errors import DeviceError
from pytest_revylbench.devices.hosttools import HostTools, host_support
from pytest_revylbench.devices.ios import IosSimulator, bundle_id, ios_app, ios_capabilities
from pytest_revylbench.devices.pinning import pinned_settings
from pytest_revylbench.devices.pool import DeviceSpec, PoolSpec
from pytest_revylbench.devices.rack import DeviceRack
from pytest_revylbench.plugin.outcomes import classify
from pytest_revylbench.records.vocabulary import Fault
from tests.standins import Ready, StandIns, journal, make_project, processes_running

TYPE = "com.apple.CoreSimulator.SimDeviceType.iPhone-16"
RUNTIME = "com.apple.CoreSimulator.SimRuntime.iOS-18-2"
CREATED = DeviceSpec(name="iPhone 16 (a)", device_type=TYPE, runtime=RUNTIME)
UDID = str(uuid.uuid5(uuid.NAMESPACE_URL, "revylbench iPhone 16 (a)")).upper()


def pin(udid: str) -> list[list[str]]:
    """The pinning a booted simulator gets, written out as a person would type it."""
    defaults = ["xcrun", "simctl", "spawn", udid, "defaults", "write"]
    return [
        ["xcrun", "simctl", "status_bar", udid, "override", "--time", "9:41",
         "--dataNetwork", "wifi", "--wifiMode", "active", "--wifiBars", "3",
         "--cellularMode", "active", "--cellularBars", "4", "--operatorName", "",
         "--batteryState", "charged", "--batteryLevel", "100"],
        ["xcrun", "simctl", "ui", udid, "appearance", "light"],
        ["xcrun", "simctl", "ui", udid, "content_size", "large"],
        defaults + [".GlobalPreferences.plist", "AppleLanguages", "<array><string>en</string></array>"],
        defaults + [".GlobalPreferences.plist", "AppleLocale", "<string>en_US</string>"],
        defaults + ["com.apple.Accessibility", "ReduceMotionEnabled", "<integer>1</integer>"],
    ]


PINNED_CAPS = {
    "appium:locale": "en_US", "appium:appTimeZone": "Etc/UTC", "appium:reduceMotion": True,
}
"""No `appium:language`: WebDriverAgent would launch the app with `-NSLanguages (en)`, which
its JavaScript reads (`Settings.get`); the simulator's own AppleLanguages pins it."""


@pytest.fixture
def standins(tmp_path: Path) -> StandIns:
    return StandIns.install(tmp_path / "standins")


@pytest.fixture
def app(tmp_path: Path) -> Path:
    bundle = tmp_path / "Build/Products/Release-iphonesimulator/budget.app"
    bundle.mkdir(parents=True)
    (bundle / "Info.plist").write_bytes(plistlib.dumps(
        {"CFBundleIdentifier": "com.anonymous.budget"}, fmt=plistlib.FMT_BINARY))
    return bundle


def simulator(standins: StandIns, app: Path, spec: DeviceSpec = CREATED, *,
              scenario: dict[str, object] | None = None, boot_timeout_s: float = 30.0) -> IosSimulator:
    return IosSimulator(
        spec=spec, app_path=app, appium=Ready(), tools=HostTools(env=standins.env(scenario)),  # type: ignore[arg-type]
        wda_port=8100, derived_data=Path("/tmp/wda-0"), boot_timeout_s=boot_timeout_s,
    )


def test_a_created_simulator_is_booted_installed_shut_down_and_deleted(
    standins: StandIns, app: Path
) -> None:
    sim = simulator(standins, app, boot_timeout_s=240)
    sim.start()
    assert sim.healthy()
    sim.stop()
    expected = [
        ["xcrun", "simctl", "list", "-j", "runtimes"],  # the runtime must be installed
        ["xcrun", "simctl", "create", "revylbench iPhone 16 (a)", TYPE, RUNTIME],
        ["xcrun", "simctl", "boot", UDID],
        ["xcrun", "simctl", "bootstatus", UDID, "-b"],
        *pin(UDID),
        ["xcrun", "simctl", "install", UDID, str(app)],
        ["xcrun", "simctl", "list", "devices", "booted", "-j"],
        ["xcrun", "simctl", "shutdown", UDID],
        ["xcrun", "simctl", "delete", UDID],
    ]
    assert standins.calls() == expected  # what really ran, through PATH
    calls = journal(sim.tools)
    assert [argv for argv, _ in calls] == expected
    limits = [limit for _, limit in calls]
    assert limits[:2] == [30, 60] and limits[4:10] == [30] * 6 and limits[10] == 180
    assert limits[12:] == [60, 60]
    # boot and bootstatus share the boot time limit
    assert 239 < limits[2] <= 240 and limits[3] <= limits[2]
    assert not (standins.state / "sim" / f"{UDID}.json").exists()


RUNTIMES = [
    {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-18-6", "name": "iOS 18.6",
     "version": "18.6", "platform": "iOS", "isAvailable": True},
    {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-26-1", "name": "iOS 26.1",
     "version": "26.1", "platform": "iOS", "isAvailable": True},
    {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-26-2", "name": "iOS 26.2",
     "version": "26.2", "platform": "iOS", "isAvailable": False},
    {"identifier": "com.apple.CoreSimulator.SimRuntime.watchOS-26-1", "name": "watchOS 26.1",
     "version": "26.1", "platform": "watchOS", "isAvailable": True},
]


def test_a_pool_without_a_runtime_creates_on_the_newest_installed_ios_runtime(
    standins: StandIns, app: Path
) -> None:
    spec = DeviceSpec(name="iPhone 16 (a)", device_type=TYPE)
    sim = simulator(standins, app, spec)
    sim.tools.env = {**sim.tools.env, "STANDIN_RUNTIMES": json.dumps(RUNTIMES)}
    sim.start()
    sim.stop()
    assert standins.calls()[1] == ["xcrun", "simctl", "create", "revylbench iPhone 16 (a)", TYPE,
                                   "com.apple.CoreSimulator.SimRuntime.iOS-26-1"]


def test_a_runtime_that_is_not_installed_fails_at_start_listing_what_is(
    standins: StandIns, app: Path
) -> None:
    sim = simulator(standins, app)  # wants iOS 18.2, which this Mac lacks
    sim.tools.env = {**sim.tools.env, "STANDIN_RUNTIMES": json.dumps(RUNTIMES)}
    with pytest.raises(DeviceError) as info:
        sim.start()
    assert str(info.value) == (
        f"simulator 'iPhone 16 (a)': runtime {RUNTIME} is not installed (installed: "
        "com.apple.CoreSimulator.SimRuntime.iOS-26-1 (iOS 26.1), "
        "com.apple.CoreSimulator.SimRuntime.iOS-18-6 (iOS 18.6)); name one of those as "
        "`runtime` in the pool file, or leave `runtime` out for the newest")
    assert [argv[2] for argv in standins.calls()] == ["list"]  # nothing was created
    bare = simulator(standins, app, DeviceSpec(name="iPhone 16 (a)", device_type=TYPE))
    bare.tools.env = {**bare.tools.env, "STANDIN_RUNTIMES": "[]"}
    with pytest.raises(DeviceError, match=r"no iOS simulator runtime is installed; install one "
                                          r"with `xcodebuild -downloadPlatform iOS`"):
        bare.start()


def test_a_pool_udid_is_shut_down_and_erased_before_boot_and_kept_at_the_end(
    standins: StandIns, app: Path
) -> None:
    existing = standins.state / "sim" / "ABCD-1.json"
    existing.parent.mkdir(parents=True)
    existing.write_text('{"name": "mine", "runtime": "R", "state": "Booted", '
                        '"installed": ["old.app"], "running": []}')
    sim = simulator(standins, app, DeviceSpec(name="mine", udid="ABCD-1"))
    sim.start()
    sim.stop()
    assert standins.calls() == [
        ["xcrun", "simctl", "shutdown", "ABCD-1"],
        ["xcrun", "simctl", "erase", "ABCD-1"],
        ["xcrun", "simctl", "boot", "ABCD-1"],
        ["xcrun", "simctl", "bootstatus", "ABCD-1", "-b"],
        *pin("ABCD-1"),
        ["xcrun", "simctl", "install", "ABCD-1", str(app)],
        ["xcrun", "simctl", "shutdown", "ABCD-1"],
    ]
    assert '"installed": ["com.anonymous.budget"]' in existing.read_text()  # old.app erased


def test_a_boot_that_never_finishes_is_cut_off_shut_down_erased_and_named(
    standins: StandIns, app: Path
) -> None:
    sim = simulator(standins, app, scenario={"xcrun simctl bootstatus": {"hang": True}},
                    boot_timeout_s=3)
    started = time.monotonic()
    with pytest.raises(DeviceError) as info:
        sim.start()
    waited = time.monotonic() - started
    sim.stop()  # what the rack does after a failed start
    assert str(info.value) == (
        f"simulator 'iPhone 16 (a)' ({UDID}) did not finish booting within 3s; "
        "it was shut down and erased"
    )
    assert 2.9 < waited < 8
    assert standins.calls() == [
        ["xcrun", "simctl", "list", "-j", "runtimes"],
        ["xcrun", "simctl", "create", "revylbench iPhone 16 (a)", TYPE, RUNTIME],
        ["xcrun", "simctl", "boot", UDID],
        ["xcrun", "simctl", "bootstatus", UDID, "-b"],
        ["xcrun", "simctl", "shutdown", UDID],
        ["xcrun", "simctl", "erase", UDID],
        ["xcrun", "simctl", "delete", UDID],
    ]
    assert sim.tools.calls[3].timed_out
    assert not processes_running("bootstatus", standins.state)


def test_a_failed_install_is_a_bench_fault_that_names_the_command(
    standins: StandIns, app: Path
) -> None:
    sim = simulator(standins, app, scenario={"xcrun simctl install": {
        "exit": 1,
        "stderr": "An error was encountered processing the command (domain=IXErrorDomain, code=13)",
    }})
    with pytest.raises(DeviceError, match=(
        rf"`xcrun simctl install {UDID} {app}` exited with status 1: An error was encountered "
        r"processing the command \(domain=IXErrorDomain, code=13\)")):
        sim.start()
    sim.stop()
    assert standins.calls()[-2:] == [["xcrun", "simctl", "shutdown", UDID],
                                     ["xcrun", "simctl", "delete", UDID]]


def test_a_simulator_shut_down_behind_its_back_is_unhealthy(standins: StandIns, app: Path) -> None:
    sim = simulator(standins, app)
    sim.start()
    HostTools(env=standins.env()).run(["xcrun", "simctl", "shutdown", UDID], timeout_s=10)
    assert not sim.healthy()


def test_xcuitest_capabilities_give_each_device_its_own_wda(app: Path) -> None:
    caps = ios_capabilities(
        ios_app(app), udid="U-1", wda_port=8101, derived_data=Path("/d/1"),
        overrides={"appium:platformVersion": "18.2"},
    )
    assert caps == {
        "platformName": "iOS", "appium:automationName": "XCUITest", "appium:udid": "U-1",
        "appium:bundleId": "com.anonymous.budget", "appium:noReset": True,
        "appium:wdaLocalPort": 8101, "appium:derivedDataPath": "/d/1",
        "appium:wdaLaunchTimeout": 120_000, "appium:newCommandTimeout": 120,
        "appium:platformVersion": "18.2", **PINNED_CAPS,
    }


def test_a_pool_file_cannot_unpin_the_locale_or_time_zone(app: Path) -> None:
    caps = ios_capabilities(
        ios_app(app), udid="U-1", wda_port=8101, derived_data=Path("/d/1"),
        overrides={"appium:locale": "fr_FR", "appium:appTimeZone": "Asia/Tokyo",
                   "appium:reduceMotion": False},
    )
    assert {key: caps[key] for key in PINNED_CAPS} == PINNED_CAPS


def test_no_capability_hands_the_app_a_launch_argument_a_person_s_launch_lacks(app: Path) -> None:
    caps = ios_capabilities(
        ios_app(app), udid="U-1", wda_port=8101, derived_data=Path("/d/1"),
        overrides={"appium:language": "en"},   # even a pool file's
    )
    assert "appium:language" not in caps


# -- the pinned environment -----------------------------------------------------------------

def test_every_boot_is_pinned_before_the_app_is_installed(standins: StandIns, app: Path) -> None:
    sim = simulator(standins, app)
    sim.start()
    sim._erase()  # what the second launch does before its session
    boot = [["xcrun", "simctl", "boot", UDID], ["xcrun", "simctl", "bootstatus", UDID, "-b"]]
    install = ["xcrun", "simctl", "install", UDID, str(app)]
    assert standins.calls()[2:] == [  # after listing the runtimes and creating
        *boot, *pin(UDID), install,
        ["xcrun", "simctl", "shutdown", UDID], ["xcrun", "simctl", "erase", UDID],
        *boot, *pin(UDID), install,
    ]
    state = standins.simulator(UDID)  # the stand-in took every setting, on a booted simulator
    assert state["status_bar"] == {
        "--time": "9:41", "--dataNetwork": "wifi", "--wifiMode": "active", "--wifiBars": "3",
        "--cellularMode": "active", "--cellularBars": "4", "--operatorName": "",
        "--batteryState": "charged", "--batteryLevel": "100",
    }
    assert state["ui"] == {"appearance": "light", "content_size": "large"}
    assert state["defaults"] == {
        ".GlobalPreferences.plist": {"AppleLanguages": "<array><string>en</string></array>",
                                     "AppleLocale": "<string>en_US</string>"},
        "com.apple.Accessibility": {"ReduceMotionEnabled": "<integer>1</integer>"},
    }
    sim.stop()


def test_a_pinning_command_that_fails_is_the_benchs_fault_and_nothing_is_installed(
    standins: StandIns, app: Path
) -> None:
    sim = simulator(standins, app, scenario={"xcrun simctl ui": {
        "exit": 2, "stderr": "Unrecognized subcommand: content_size"}})
    with pytest.raises(DeviceError) as info:
        sim.start()
    sim.stop()
    assert str(info.value) == (
        f"simulator 'iPhone 16 (a)' ({UDID}) could not pin its environment: "
        f"`xcrun simctl ui {UDID} appearance light` exited with status 2: "
        "Unrecognized subcommand: content_size"
    )
    assert classify(info.value).fault == Fault.DEVICE_FAULT  # retried, never charged
    assert not any(argv[2] == "install" for argv in standins.calls())
    assert standins.calls()[-2:] == [["xcrun", "simctl", "shutdown", UDID],
                                     ["xcrun", "simctl", "delete", UDID]]


def test_a_relaunch_gives_the_app_the_pinned_language_locale_and_time_zone(
    standins: StandIns, app: Path
) -> None:
    sim = simulator(standins, app)
    sim.start()
    shown = SimpleNamespace(page_source=(
        '<XCUIElementTypeApplication type="XCUIElementTypeApplication" label="budget">'
        '<XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Accounts"/>'
        "</XCUIElementTypeApplication>"))
    sim.relaunch(shown)
    sim.stop()
    launch = ["xcrun", "simctl", "launch", UDID, "com.anonymous.budget",
              "-AppleLanguages", "(en)", "-AppleLocale", "en_US"]
    calls, envs = standins.calls(), standins.envs()
    assert calls[-4:-2] == [["xcrun", "simctl", "terminate", UDID, "com.anonymous.budget"], launch]
    # simctl hands SIMCTL_CHILD_TZ to the app as TZ, as XCUITest's appTimeZone does
    assert envs[calls.index(launch)] == {"SIMCTL_CHILD_TZ": "Etc/UTC"}
    assert sim.tools.calls[-3].command == f"SIMCTL_CHILD_TZ=Etc/UTC {' '.join(launch)}"


def test_the_simulator_records_what_it_pins(
    standins: StandIns, app: Path, tmp_path: Path
) -> None:
    sim = simulator(standins, app)
    sim.tools.log = tmp_path / "device-a.log"
    sim.start()
    sim.stop()
    pinned = sim.pinned
    log = sim.tools.log.read_text()
    assert f"# pinning simulator 'iPhone 16 (a)' ({UDID}): {json.dumps(pinned, sort_keys=True)}\n" in log
    assert log.index("# pinning") < log.index("simctl status_bar") < log.index("simctl install")
    assert pinned == pinned_settings("ios")
    assert pinned == {
        "version": 1, "language": "en", "region": "US", "locale": "en_US",
        "time_zone": "Etc/UTC", "appearance": "light", "reduce_motion": True,
        "status_bar": {"time": "9:41", "data_network": "wifi", "wifi_mode": "active",
                       "wifi_bars": 3, "cellular_mode": "active", "cellular_bars": 4,
                       "operator_name": "", "battery_state": "charged", "battery_level": 100},
        "content_size": "large",
    }


def test_the_bundle_id_comes_from_the_apps_info_plist(tmp_path: Path, app: Path) -> None:
    assert bundle_id(app) == "com.anonymous.budget"
    xml = tmp_path / "x.app"
    xml.mkdir()
    (xml / "Info.plist").write_bytes(plistlib.dumps({"CFBundleIdentifier": "org.x"}))
    assert ios_app(xml).app_id == "org.x"
    with pytest.raises(DeviceError, match=r"empty.app/Info.plist: not a readable Info.plist"):
        bundle_id(tmp_path / "empty.app")


def test_the_rack_makes_a_simulator_per_slot_with_its_own_ports(tmp_path: Path, app: Path) -> None:
    pool = PoolSpec.model_validate({
        "name": "sims", "provider": "ios-simulator", "boot_timeout_s": 99,
        "capabilities": {"appium:platformVersion": "18.2"},
        "devices": [{"name": "a", "udid": "U-A"}, {"name": "b", "udid": "U-B"}],
    })
    rack = DeviceRack(pool=pool, artifact=app, appium_dir=tmp_path / "appium", logs=tmp_path,
                      owner="t", appium_url="http://127.0.0.1:9")
    second = rack._make("b")
    assert isinstance(second, IosSimulator)
    assert (second.spec.udid, second.wda_port, second.boot_timeout_s) == ("U-B", 8101, 99)
    assert second.derived_data == tmp_path / "appium/wda/1"
    assert second.overrides == {"appium:platformVersion": "18.2"}
    assert second.tools.log == tmp_path / "device-b.log"


@pytest.mark.parametrize(
    ("system", "tools", "message"),
    [
        ("Linux", (), "platform ios needs macOS with Xcode, CocoaPods and Node (xcodebuild, pod, "
                      "node and xcrun on PATH); this host (Linux) has none of xcodebuild, pod, node, xcrun"),
        ("Darwin", ("xcrun", "pod", "node"), "platform ios needs macOS with Xcode, CocoaPods and Node "
                                             "(xcodebuild, pod, node and xcrun on PATH); this host "
                                             "(macOS) lacks xcodebuild"),
        ("Darwin", ("xcrun", "xcodebuild"), "platform ios needs macOS with Xcode, CocoaPods and Node "
                                            "(xcodebuild, pod, node and xcrun on PATH); this host "
                                            "(macOS) lacks pod and node"),
        ("Linux", ("xcrun", "xcodebuild", "pod", "node"), "platform ios needs macOS with Xcode, "
                                                          "CocoaPods and Node (xcodebuild, pod, node "
                                                          "and xcrun on PATH); this host (Linux) is "
                                                          "not macOS"),
        ("Darwin", ("xcrun", "xcodebuild", "pod", "node"), None),
    ],
)
def test_host_support_for_ios(system: str, tools: tuple[str, ...], message: str | None) -> None:
    found = {t: f"/usr/bin/{t}" for t in tools}
    assert host_support("ios", system=system, which=found.get) == message


def test_this_linux_host_is_refused_for_ios_at_once() -> None:
    started = time.monotonic()
    assert host_support("ios") is not None
    assert time.monotonic() - started < 1


# -- the builder ----------------------------------------------------------------------------

def test_build_ios_runs_prebuild_pods_and_xcodebuild_for_the_simulator(
    tmp_path: Path, standins: StandIns, monkeypatch: pytest.MonkeyPatch
) -> None:
    work, node_modules = make_project(tmp_path, standins)
    for name, value in standins.env().items():
        monkeypatch.setenv(name, value)
    log = tmp_path / "build.log"
    app = build_ios(work, node_modules=node_modules, log=log, deadline=time.monotonic() + 60)
    assert app == work / "build/ios/Build/Products/Release-iphonesimulator/budget.app"
    assert bundle_id(app) == "com.anonymous.budget"
    assert standins.calls() == [
        ["expo", "prebuild", "--platform", "ios", "--no-install", "--clean"],
        ["pod", "install"],
        ["xcodebuild", "-workspace", "ios/budget.xcworkspace", "-scheme", "budget",
         "-configuration", "Release", "-sdk", "iphonesimulator",
         "-destination", "generic/platform=iOS Simulator", "-derivedDataPath", "build/ios",
         "CODE_SIGNING_ALLOWED=NO", "COMPILER_INDEX_STORE_ENABLE=NO", "build"],
    ]
    assert standins.cwds() == [str(work), str(work / "ios"), str(work)]
    text = log.read_text()
    assert "$ node_modules/.bin/expo prebuild --platform ios --no-install --clean" in text
    assert "** BUILD SUCCEEDED **" in text


def test_an_xcodebuild_failure_fails_the_build_with_its_error_in_the_log(
    tmp_path: Path, standins: StandIns, monkeypatch: pytest.MonkeyPatch
) -> None:
    work, node_modules = make_project(tmp_path, standins)
    for name, value in standins.env().items():
        monkeypatch.setenv(name, value)
    log = tmp_path / "build.log"
    with pytest.raises(StepFailed) as info:
        build_ios(work, node_modules=node_modules, log=log, deadline=time.monotonic() + 60,
                  scheme="Budget")
    assert (info.value.step, info.value.reason) == ("xcodebuild", "exited with status 65")
    assert 'does not contain a scheme named "Budget"' in log.read_text()


def test_an_xcodebuild_that_hangs_is_killed_at_the_builds_deadline(
    tmp_path: Path, standins: StandIns, monkeypatch: pytest.MonkeyPatch
) -> None:
    work, node_modules = make_project(tmp_path, standins)
    for name, value in standins.env({"xcodebuild": {"hang": True}}).items():
        monkeypatch.setenv(name, value)
    started = time.monotonic()
    with pytest.raises(StepFailed) as info:
        build_ios(work, node_modules=node_modules, log=tmp_path / "build.log",
                  deadline=time.monotonic() + 3)
    assert info.value.timed_out and info.value.step == "xcodebuild"
    assert time.monotonic() - started < 10
    assert not processes_running("xcodebuild", standins.state)


def test_an_uncaught_js_exception_in_the_simulators_log_reads_as_uncaught() -> None:
    from pytest_revylbench.devices.ios import syslog_errors

    entries = [
        {"message": "2026-11-30 04:15:38.897 budget[4242:5151] [javascript] Running \"main\""},
        {"message": "2026-11-30 04:15:39.001 budget[4242:5151] [com.facebook.react.log:native] "
                    "Unhandled JS Exception: TypeError: cannot read property 'map' of undefined, "
                    "stack: render@1:2"},
        {"message": "2026-11-30 04:15:39.002 SpringBoard[77:88] Unrelated error"},
    ]
    assert syslog_errors(entries) == ["Uncaught TypeError: cannot read property 'map' of undefined"]
