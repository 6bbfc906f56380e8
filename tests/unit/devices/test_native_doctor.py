"""`native_doctor_checks`: the host checks of `revylbench doctor --platform ios|android`,
run against the recording stand-ins with a PATH that holds nothing else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_revylbench.devices.hosttools import HostTools
from pytest_revylbench.devices.nativedoctor import native_doctor_checks
from tests.standins import StandIns

IOS_TOOLS = ("xcrun", "xcodebuild", "pod", "node")
ANDROID_TOOLS = ("java", "node", "adb", "emulator", "avdmanager")


def host(tmp_path: Path, tools: tuple[str, ...], **extra: str) -> tuple[StandIns, HostTools]:
    standins = StandIns.install(tmp_path / "standins", tools)
    env = standins.env(**extra)
    env["PATH"] = str(standins.bin)  # only the stand-ins: the real host's tools do not count
    return standins, HostTools(env=env)


def appium_home(tmp_path: Path, package: str, version: str) -> Path:
    home = tmp_path / "appium" / "home"
    (home / "node_modules" / package).mkdir(parents=True)
    (home / "node_modules" / package / "package.json").write_text(json.dumps({"version": version}))
    return home


def failing(checks: list[tuple[str, bool, str]]) -> list[str]:
    return [name for name, ok, _ in checks if not ok]


def test_a_mac_with_xcode_a_runtime_and_the_driver_passes_every_ios_check(tmp_path: Path) -> None:
    standins, tools = host(tmp_path, IOS_TOOLS)
    home = appium_home(tmp_path, "appium-xcuitest-driver", "12.13.1")
    checks = native_doctor_checks("ios", tools=tools, system="Darwin", appium_home=home)
    assert [(name.partition(":")[0], ok) for name, ok, _ in checks] == [
        ("host", True), ("xcrun", True), ("xcodebuild", True), ("Xcode", True),
        ("iOS simulator runtimes", True), ("device type iPhone-16", True), ("pod", True),
        ("node", True), ("appium-xcuitest-driver", True),
    ]
    names = [name for name, _, _ in checks]
    assert "Xcode: Xcode 16.2" in names and "iOS simulator runtimes: iOS 18.2" in names
    assert "appium-xcuitest-driver: 12.13.1" in names and "node: v22.12.0" in names
    assert standins.calls() == [["xcodebuild", "-version"],
                                ["xcrun", "simctl", "list", "-j", "runtimes"],
                                ["xcrun", "simctl", "list", "-j", "devicetypes"],
                                ["node", "--version"]]


def test_linux_without_xcode_fails_every_ios_check_with_a_fix(tmp_path: Path) -> None:
    _, tools = host(tmp_path, ())
    checks = native_doctor_checks("ios", tools=tools, system="Linux",
                                  appium_home=tmp_path / "empty")
    assert all(not ok and fix for _, ok, fix in checks)
    assert checks[0] == ("host: Linux", False,
                         "iOS simulators run only on macOS: grade --platform ios on a Mac with Xcode")
    assert ("xcrun: not on PATH", False, "install Xcode, then `sudo xcode-select -s "
            "/Applications/Xcode.app/Contents/Developer`") in checks
    assert checks[-1][0] == f"appium-xcuitest-driver: not installed in {tmp_path / 'empty'}"
    assert checks[-1][2].endswith("appium driver install --source=npm appium-xcuitest-driver@12.13.1")


def test_a_mac_without_a_simulator_runtime_is_told_how_to_download_one(tmp_path: Path) -> None:
    _, tools = host(tmp_path, IOS_TOOLS, STANDIN_RUNTIMES=json.dumps([
        {"name": "watchOS 11.2", "platform": "watchOS", "isAvailable": True},
        {"name": "iOS 17.5", "platform": "iOS", "isAvailable": False},
    ]))
    checks = native_doctor_checks("ios", tools=tools, system="Darwin")
    assert failing(checks) == ["iOS simulator runtimes: none"]
    assert "xcodebuild -downloadPlatform iOS" in checks[4][2]


def test_an_old_xcode_an_old_node_and_a_missing_device_type_are_each_named_with_a_fix(
    tmp_path: Path
) -> None:
    scenario = {"xcodebuild -version": {"stdout": "Xcode 15.4\nBuild version 15F31d"}}
    standins = StandIns.install(tmp_path / "standins", IOS_TOOLS)
    env = {**standins.env(scenario, STANDIN_NODE_VERSION="v18.20.4", STANDIN_DEVICETYPES=json.dumps(
        [{"identifier": "com.apple.CoreSimulator.SimDeviceType.iPhone-15", "name": "iPhone 15"}])),
        "PATH": str(standins.bin)}
    checks = native_doctor_checks("ios", tools=HostTools(env=env), system="Darwin")
    fixes = {name: fix for name, ok, fix in checks if not ok}
    assert list(fixes) == ["Xcode: Xcode 15.4, older than 16.1",
                           "device type iPhone-16: not available", "node: v18.20.4, older than 20.19"]
    assert fixes["Xcode: Xcode 15.4, older than 16.1"].startswith("install Xcode 16.1 or newer")
    assert "sudo xcode-select -s /Applications/Xcode.app/Contents/Developer" in fixes[
        "Xcode: Xcode 15.4, older than 16.1"]
    assert "xcrun simctl list devicetypes" in fixes["device type iPhone-16: not available"]
    assert "nvm install 22" in fixes["node: v18.20.4, older than 20.19"]


def test_an_appium_driver_at_another_version_is_told_the_commands_to_pin_it(tmp_path: Path) -> None:
    _, tools = host(tmp_path, ANDROID_TOOLS, STANDIN_AVDS="Pixel_8_API_35")
    sdk = tmp_path / "sdk"
    sdk.mkdir()
    home = appium_home(tmp_path, "appium-uiautomator2-driver", "4.2.1")
    checks = native_doctor_checks("android", tools=tools, system="Darwin",
                                  environ={"ANDROID_HOME": str(sdk)}, appium_home=home)
    assert [(name, fix) for name, ok, fix in checks if not ok] == [(
        "appium-uiautomator2-driver: 4.2.1, not the tested 8.7.0",
        f"APPIUM_HOME={home} appium driver uninstall uiautomator2, then APPIUM_HOME={home} appium "
        "driver install --source=npm appium-uiautomator2-driver@8.7.0")]


def test_command_line_tools_without_xcode_are_named(tmp_path: Path) -> None:
    scenario = {"xcodebuild -version": {"exit": 1, "stderr": "xcode-select: error: tool "
                "'xcodebuild' requires Xcode, but active developer directory "
                "'/Library/Developer/CommandLineTools' is a command line tools instance"}}
    standins = StandIns.install(tmp_path / "standins", IOS_TOOLS)
    env = {**standins.env(scenario), "PATH": str(standins.bin)}
    checks = native_doctor_checks("ios", tools=HostTools(env=env), system="Darwin")
    assert failing(checks) == ["Xcode: not selected"]


def test_an_android_host_with_the_sdk_an_avd_kvm_and_the_driver_passes(tmp_path: Path) -> None:
    standins, tools = host(tmp_path, ANDROID_TOOLS, STANDIN_AVDS="Pixel_8_API_35 Pixel_8_API_35_b")
    sdk = tmp_path / "sdk"
    sdk.mkdir()
    kvm = tmp_path / "kvm"
    kvm.write_text("")
    home = appium_home(tmp_path, "appium-uiautomator2-driver", "8.7.0")
    checks = native_doctor_checks("android", tools=tools, system="Linux",
                                  environ={"ANDROID_HOME": str(sdk)}, appium_home=home, kvm=kvm)
    assert failing(checks) == []
    assert all(fix == "" for _, _, fix in checks)  # nothing to fix
    assert [name.partition(":")[0] for name, _, _ in checks] == [
        "ANDROID_HOME", "java", "node", "adb", "emulator", "avdmanager", "AVDs", "KVM",
        "appium-uiautomator2-driver",
    ]
    assert "AVDs: Pixel_8_API_35, Pixel_8_API_35_b" in [name for name, _, _ in checks]
    assert standins.calls() == [["node", "--version"], ["emulator", "-list-avds"]]


def test_an_android_host_without_the_sdk_is_told_what_to_install(tmp_path: Path) -> None:
    _, tools = host(tmp_path, ("java",))
    checks = native_doctor_checks("android", tools=tools, system="Linux", environ={},
                                  kvm=tmp_path / "no-kvm")
    assert failing(checks) == [
        "ANDROID_HOME: not set", "node: not on PATH", "adb: not on PATH", "emulator: not on PATH",
        "avdmanager: not on PATH", "AVDs: none", f"KVM: {tmp_path / 'no-kvm'} missing or not accessible",
    ]
    fixes = {name: fix for name, _, fix in checks}
    assert fixes["adb: not on PATH"].startswith("`sdkmanager platform-tools`")
    assert "avdmanager create avd" in fixes["AVDs: none"]


def test_an_sdk_without_avds_fails_only_that_check(tmp_path: Path) -> None:
    _, tools = host(tmp_path, ANDROID_TOOLS, STANDIN_AVDS="")
    sdk = tmp_path / "sdk"
    sdk.mkdir()
    checks = native_doctor_checks("android", tools=tools, system="Darwin",
                                  environ={"ANDROID_SDK_ROOT": str(sdk)})
    assert failing(checks) == ["AVDs: none"]  # no KVM check on macOS


def test_an_unknown_platform_is_refused() -> None:
    with pytest.raises(ValueError, match="platform must be 'ios' or 'android', not 'web'"):
        native_doctor_checks("web")


def test_the_doctor_asks_a_native_host_only_what_its_platform_needs(tmp_path: Path) -> None:
    from pytest_revylbench.cli.doctor import diagnose

    appium = tmp_path / "appium"
    (appium / "node_modules" / ".bin").mkdir(parents=True)
    (appium / "node_modules" / ".bin" / "appium").write_text("")
    names = {f.name: f for f in diagnose("ios", appium, tmp_path / "fonts", host="Darwin")}
    # No Chromium driver for a native grade, and no bubblewrap on a Mac: said, not failed.
    assert "appium-chromium-driver" not in names and "bubblewrap" not in names
    assert names["sandbox"].ok and "--allow-untrusted-native" in names["sandbox"].detail
    web = {f.name for f in diagnose("web", appium, tmp_path / "fonts", host="Linux",
                                    photograph=lambda *_: pytest.fail("not reached"))}
    assert {"appium-chromium-driver", "bubblewrap"} <= web
