"""The Android code paths on a host without the Android SDK: recording stand-ins for `emulator`,
`adb`, `gradlew` and `expo` run in their place (the emulator stand-in is a real long-lived
process that `adb emu kill` stops), so these tests assert the exact commands, their time
limits and the cleanup after a failure. What a real emulator does with them is only proven
on a host with the SDK (docs/PLATFORMS.md)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pytest_revylbench.build.android import build_android
from pytest_revylbench.build.process import StepFailed
from pytest_revylbench.devices.android import (
    AndroidEmulator,
    android_app,
    android_capabilities,
    application_id,
    logcat_errors,
)
from pytest_revylbench.devices.errors import DeviceError
from pytest_revylbench.devices.hosttools import HostTools, host_support
from pytest_revylbench.devices.pool import DeviceSpec, PoolSpec
from pytest_revylbench.devices.rack import DeviceRack
from tests.standins import SCRIPT, Ready, StandIns, journal, make_project, processes_running

PIXEL = DeviceSpec(name="pixel-a", avd="Pixel_8_API_35", port=5554)
SPAWN = ["emulator", "-avd", "Pixel_8_API_35", "-no-window", "-no-snapshot-save",
         "-port", "5554", "-no-boot-anim", "-no-audio", "-gpu", "swiftshader_indirect"]
ADB = ["adb", "-s", "emulator-5554"]


@pytest.fixture
def standins(tmp_path: Path) -> StandIns:
    return StandIns.install(tmp_path / "standins")


@pytest.fixture
def apk(tmp_path: Path) -> Path:
    outputs = tmp_path / "app/build/outputs/apk/release"
    outputs.mkdir(parents=True)
    (outputs / "app-release.apk").write_bytes(b"PK\x05\x06" + bytes(18))
    (outputs / "output-metadata.json").write_text(json.dumps({
        "version": 3, "applicationId": "com.anonymous.budget", "variantName": "release",
        "elements": [{"outputFile": "app-release.apk"}],
    }))
    return outputs / "app-release.apk"


def emulator(standins: StandIns, apk: Path, tmp_path: Path, spec: DeviceSpec = PIXEL, *,
             boot_s: str = "0.3", boot_timeout_s: float = 30.0,
             spawned: list[int] | None = None) -> AndroidEmulator:
    return AndroidEmulator(
        spec=spec, apk=apk, appium=Ready(), port=spec.port or 5554, system_port=8200,  # type: ignore[arg-type]
        tools=HostTools(env=standins.env(STANDIN_BOOT_S=boot_s)), output=tmp_path / "emulator.log",
        boot_timeout_s=boot_timeout_s, boot_poll_s=0.1,
        on_spawn=spawned.append if spawned is not None else None,
    )


def issued(device: AndroidEmulator, standins: StandIns) -> list[list[str]]:
    """The commands the device issued, in its order, each run of repeated getprop polls shown
    once (their count is timing); checked against what the stand-ins really ran."""
    ours = [list(call.argv) for call in device.tools.calls]
    # Compared as multisets: the emulator records itself whenever its process gets going, and
    # a call killed at its time limit may have died before it could record itself.
    recorded = standins.calls()
    for call in device.tools.calls:
        if call.returncode is not None:
            assert list(call.argv) in recorded, f"{call.argv} finished but never ran"
            recorded.remove(list(call.argv))
    assert all(argv in ours for argv in recorded), f"ran but not issued: {recorded}"
    out: list[list[str]] = []
    for argv in ours:
        if not (out and argv == out[-1] and argv[-1] == "sys.boot_completed"):
            out.append(argv)
    return out


def test_an_emulator_boots_cold_installs_and_is_killed_through_adb(
    standins: StandIns, apk: Path, tmp_path: Path
) -> None:
    spawned: list[int] = []
    device = emulator(standins, apk, tmp_path, spawned=spawned, boot_timeout_s=300)
    device.start()
    process = device._proc
    assert process is not None and spawned == [process.pid]
    assert device.healthy()
    assert device._activity == "com.anonymous.budget/.MainActivity"
    device.stop()
    assert process.poll() is not None, "the emulator process outlived stop()"
    assert not device.healthy()
    calls = issued(device, standins)
    assert calls == [
        ADB + ["get-state"],
        SPAWN,
        ADB + ["wait-for-device"],
        ADB + ["shell", "getprop", "sys.boot_completed"],
        ADB + ["install", "-r", str(apk)],
        ADB + ["shell", "cmd", "package", "resolve-activity", "--brief", "-c",
               "android.intent.category.LAUNCHER", "com.anonymous.budget"],
        ADB + ["get-state"],
        ADB + ["emu", "kill"],
    ]
    limits = dict((" ".join(argv[3:5]), limit) for argv, limit in journal(device.tools))
    assert limits["get-state"] == 15 and limits["install -r"] == 300 and limits["emu kill"] == 30
    assert limits["wait-for-device"] == 5  # in slices, so a dead emulator is noticed
    assert limits["shell getprop"] == 10
    assert "Boot completed" in (tmp_path / "emulator.log").read_text()


def test_an_emulator_that_never_boots_is_killed_at_the_boot_timeout_and_named(
    standins: StandIns, apk: Path, tmp_path: Path
) -> None:
    device = emulator(standins, apk, tmp_path, boot_s="never", boot_timeout_s=3)
    started = time.monotonic()
    with pytest.raises(DeviceError) as info:
        device.start()
    waited = time.monotonic() - started
    assert str(info.value) == ("emulator 'pixel-a' (AVD Pixel_8_API_35, emulator-5554) did not "
                               "report sys.boot_completed within 3s; it was killed")
    assert 2.9 < waited < 8
    calls = issued(device, standins)
    assert calls == [
        ADB + ["get-state"], SPAWN, ADB + ["wait-for-device"],
        ADB + ["shell", "getprop", "sys.boot_completed"], ADB + ["emu", "kill"],
    ]
    assert not processes_running("emulator", standins.state)
    assert not (standins.state / "emu/5554.pid").exists()


def test_an_emulator_that_exits_at_once_fails_fast_with_its_own_words(
    standins: StandIns, apk: Path, tmp_path: Path
) -> None:
    spec = DeviceSpec(name="ghost", avd="Missing_AVD", port=5556)
    device = emulator(standins, apk, tmp_path, spec, boot_timeout_s=120)
    started = time.monotonic()
    with pytest.raises(DeviceError, match=(
        r"^emulator 'ghost' \(AVD Missing_AVD, emulator-5556\) exited with status 1 before it "
        r"booted: PANIC: Unknown AVD name \[Missing_AVD\], use -list-avds to see valid list\.$")):
        device.start()
    assert time.monotonic() - started < 10, "waited for the boot timeout of an emulator that died"
    assert ["adb", "-s", "emulator-5556", "emu", "kill"] not in standins.calls()


def test_a_port_some_other_emulator_holds_is_refused_without_starting_one(
    standins: StandIns, apk: Path, tmp_path: Path
) -> None:
    other = subprocess.Popen(
        [sys.executable, str(SCRIPT), "emulator", "-avd", "Other", "-port", "5554"],
        env=standins.env(STANDIN_BOOT_S="0"),
    )
    try:
        while not (standins.state / "emu/5554.booted").exists():
            time.sleep(0.05)
        device = emulator(standins, apk, tmp_path)
        with pytest.raises(DeviceError, match=(
                "emulator-5554 is already taken by an emulator this run did not start; "
                "stop it or give device 'pixel-a' another `port`")):
            device.start()
        assert [list(c.argv) for c in device.tools.calls] == [ADB + ["get-state"]]
        assert standins.calls()[1:] == [ADB + ["get-state"]]
        assert other.poll() is None, "somebody else's emulator was stopped"
    finally:
        other.terminate()
        other.wait()


def test_uiautomator2_capabilities_give_each_device_its_own_system_port(apk: Path) -> None:
    caps = android_capabilities(
        android_app(apk), serial="emulator-5556", activity="com.anonymous.budget/.MainActivity",
        system_port=8201, overrides={"appium:platformVersion": "15"},
    )
    assert caps == {
        "platformName": "Android", "appium:automationName": "UiAutomator2",
        "appium:udid": "emulator-5556", "appium:appPackage": "com.anonymous.budget",
        "appium:appActivity": ".MainActivity", "appium:noReset": True, "appium:systemPort": 8201,
        "appium:autoGrantPermissions": True, "appium:uiautomator2ServerLaunchTimeout": 120_000,
        "appium:adbExecTimeout": 60_000, "appium:newCommandTimeout": 120,
        "appium:platformVersion": "15",
    }


def test_the_application_id_comes_from_gradles_output_metadata(apk: Path, tmp_path: Path) -> None:
    assert application_id(apk) == "com.anonymous.budget"
    with pytest.raises(DeviceError, match=r"output-metadata\.json: not readable"):
        application_id(tmp_path / "loose.apk")


def test_js_errors_are_picked_out_of_logcat() -> None:
    entries = [
        {"message": "11-30 04:15:38.897  4242  4300 I ReactNativeJS: Running \"main\""},
        {"message": "11-30 04:15:39.001  4242  4300 E ReactNativeJS: TypeError: undefined is not a function"},
        {"message": "11-30 04:15:39.002  4242  4301 E AndroidRuntime: FATAL EXCEPTION: main"},
    ]
    assert logcat_errors(entries) == ["TypeError: undefined is not a function"]


def test_the_rack_gives_each_emulator_slot_its_ports(tmp_path: Path, apk: Path) -> None:
    pool = PoolSpec.model_validate({
        "name": "emus", "provider": "android-emulator", "boot_timeout_s": 77,
        "devices": [{"name": "a", "avd": "A", "port": 5580}, {"name": "b", "avd": "B"}],
    })
    told: list[tuple[str, int]] = []
    rack = DeviceRack(pool=pool, artifact=apk, appium_dir=tmp_path, logs=tmp_path, owner="t",
                      appium_url="http://127.0.0.1:9", on_server_start=lambda s, g: told.append((s, g)))
    first, second = rack._make("a"), rack._make("b")
    assert isinstance(first, AndroidEmulator) and isinstance(second, AndroidEmulator)
    assert (first.port, first.system_port) == (5580, 8200)
    assert (second.port, second.system_port, second.boot_timeout_s) == (5556, 8201, 77)
    assert second.output == tmp_path / "emulator-b.log"
    assert second.on_spawn is not None
    second.on_spawn(4242)
    assert told == [("b", 4242)]  # a dead worker's emulator is killed like its Appium server


@pytest.mark.parametrize(
    ("tools", "environ", "message"),
    [
        ((), {}, "platform android needs the Android SDK and a JDK (java, adb and emulator on PATH, "
                 "ANDROID_HOME set); this host has none of java, adb, emulator, ANDROID_HOME"),
        (("java",), {}, "platform android needs the Android SDK and a JDK (java, adb and emulator "
                        "on PATH, ANDROID_HOME set); this host lacks adb, emulator and ANDROID_HOME"),
        (("java", "adb", "emulator"), {"ANDROID_HOME": "/sdk"}, None),
        (("java", "adb", "emulator"), {"ANDROID_SDK_ROOT": "/sdk"}, None),
    ],
)
def test_host_support_for_android(
    tools: tuple[str, ...], environ: dict[str, str], message: str | None
) -> None:
    found = {t: f"/usr/bin/{t}" for t in tools}
    assert host_support("android", which=found.get, environ=environ) == message


# -- the builder ----------------------------------------------------------------------------

def test_build_android_runs_prebuild_then_gradle_and_returns_the_release_apk(
    tmp_path: Path, standins: StandIns, monkeypatch: pytest.MonkeyPatch
) -> None:
    work, node_modules = make_project(tmp_path, standins)
    for name, value in standins.env().items():
        monkeypatch.setenv(name, value)
    log = tmp_path / "build.log"
    apk = build_android(work, node_modules=node_modules, log=log,
                        deadline=time.monotonic() + 60, abis=("x86_64",))
    assert apk == work / "android/app/build/outputs/apk/release/app-release.apk"
    assert application_id(apk) == "com.anonymous.budget"
    assert standins.calls() == [
        ["expo", "prebuild", "--platform", "android", "--no-install", "--clean"],
        ["gradlew", "assembleRelease", "--no-daemon", "--console=plain",
         "-PreactNativeArchitectures=x86_64"],
    ]
    assert standins.cwds() == [str(work), str(work / "android")]
    assert "$ ./gradlew assembleRelease --no-daemon --console=plain" in log.read_text()


def test_a_gradle_failure_fails_the_build(
    tmp_path: Path, standins: StandIns, monkeypatch: pytest.MonkeyPatch
) -> None:
    work, node_modules = make_project(tmp_path, standins)
    scenario = {"gradlew": {"exit": 1, "stderr": "FAILURE: Build failed with an exception."}}
    for name, value in standins.env(scenario).items():
        monkeypatch.setenv(name, value)
    log = tmp_path / "build.log"
    with pytest.raises(StepFailed) as info:
        build_android(work, node_modules=node_modules, log=log, deadline=time.monotonic() + 60)
    assert (info.value.step, info.value.reason) == ("gradlew assembleRelease", "exited with status 1")
    assert "FAILURE: Build failed with an exception." in log.read_text()
