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

from pytest_revylbench.builder.android import build_android
from pytest_revylbench.builder.process import StepFailed
from pytest_revylbench.devices.android import (
    AndroidEmulator,
    android_app,
    android_capabilities,
    application_id,
    logcat_errors,
)
from pytest_revylbench.devices.errors import DeviceError
from pytest_revylbench.devices.hosttools import HostTools, host_support
from pytest_revylbench.devices.pinning import pinned_settings
from pytest_revylbench.devices.pool import DeviceSpec, PoolSpec
from pytest_revylbench.devices.rack import DeviceRack
from pytest_revylbench.plugin.outcomes import classify
from pytest_revylbench.records.vocabulary import Fault
from tests.standins import SCRIPT, Ready, StandIns, journal, make_project, processes_running

PIXEL = DeviceSpec(name="pixel-a", avd="Pixel_8_API_35", port=5554)
SPAWN = ["emulator", "-avd", "Pixel_8_API_35", "-no-window", "-no-snapshot",
         "-port", "5554", "-no-boot-anim", "-no-audio", "-gpu", "swiftshader_indirect",
         "-timezone", "Etc/UTC"]
ADB = ["adb", "-s", "emulator-5554"]
PIN = [
    ADB + ["shell", "settings", "put", "global", "auto_time_zone", "0"],
    ADB + ["shell", "cmd", "alarm", "set-timezone", "Etc/UTC"],
    ADB + ["shell", "settings", "put", "system", "font_scale", "1.0"],
    ADB + ["shell", "cmd", "uimode", "night", "no"],
    ADB + ["shell", "settings", "put", "global", "window_animation_scale", "0"],
    ADB + ["shell", "settings", "put", "global", "transition_animation_scale", "0"],
    ADB + ["shell", "settings", "put", "global", "animator_duration_scale", "0"],
    ADB + ["shell", "getprop", "persist.sys.timezone"],  # checked: the zone really moved
]
PINNED_CAPS = {"appium:language": "en", "appium:locale": "US",
               "appium:disableWindowAnimation": True,
               # the device's own keyboard, never Appium Settings' input method
               "appium:hideKeyboard": False, "appium:unicodeKeyboard": False}


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
        *PIN,
        ADB + ["install", "-r", "-g", str(apk)],
        ADB + ["shell", "cmd", "package", "resolve-activity", "--brief", "-c",
               "android.intent.category.LAUNCHER", "com.anonymous.budget"],
        ADB + ["get-state"],
        ADB + ["emu", "kill"],
    ]
    limits = dict((" ".join(argv[3:5]), limit) for argv, limit in journal(device.tools))
    assert limits["get-state"] == 15 and limits["install -r"] == 300 and limits["emu kill"] == 30
    assert limits["wait-for-device"] == 5  # in slices, so a dead emulator is noticed
    assert limits["shell getprop"] == 10 and limits["shell settings"] == 60
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
        "appium:autoGrantPermissions": True, "appium:clearDeviceLogsOnStart": True,
        "appium:uiautomator2ServerLaunchTimeout": 120_000,
        "appium:adbExecTimeout": 60_000, "appium:newCommandTimeout": 120,
        "appium:platformVersion": "15", **PINNED_CAPS,
    }


def test_a_pool_file_cannot_unpin_the_locale_or_animations(apk: Path) -> None:
    caps = android_capabilities(
        android_app(apk), serial="emulator-5556", activity="com.anonymous.budget/.MainActivity",
        system_port=8201, overrides={"appium:language": "fr", "appium:locale": "FR",
                                     "appium:disableWindowAnimation": False,
                                     "appium:hideKeyboard": True, "appium:unicodeKeyboard": True},
    )
    assert {key: caps[key] for key in PINNED_CAPS} == PINNED_CAPS


# -- the pinned environment -----------------------------------------------------------------

def test_the_emulator_is_pinned_after_boot_and_before_install(
    standins: StandIns, apk: Path, tmp_path: Path
) -> None:
    device = emulator(standins, apk, tmp_path)
    device.tools.log = tmp_path / "device-a.log"
    device.start()
    settings = standins.emulator_settings(5554)  # read while the emulator is up
    device.stop()
    log = device.tools.log.read_text()
    assert (f"# pinning emulator 'pixel-a' (AVD Pixel_8_API_35, emulator-5554): "
            f"{json.dumps(device.pinned, sort_keys=True)}\n") in log
    calls = issued(device, standins)
    booted = calls.index(ADB + ["shell", "getprop", "sys.boot_completed"])
    assert calls[booted + 1:booted + 1 + len(PIN) + 1] == [*PIN, ADB + ["install", "-r", "-g", str(apk)]]
    assert settings == {
        "timezone": "Etc/UTC", "night": "no",
        "global": {"auto_time_zone": "0", "window_animation_scale": "0",
                   "transition_animation_scale": "0", "animator_duration_scale": "0"},
        "system": {"font_scale": "1.0"},
    }
    assert device.pinned == pinned_settings("android")
    assert device.pinned == {
        "version": 1, "language": "en", "region": "US", "locale": "en_US",
        "time_zone": "Etc/UTC", "appearance": "light", "reduce_motion": True,
        "font_scale": "1.0", "night_mode": "no", "auto_time_zone": 0,
        "window_animation_scale": "0", "transition_animation_scale": "0",
        "animator_duration_scale": "0",
    }


def test_an_emulator_without_the_timezone_option_still_ends_on_the_pinned_zone(
    standins: StandIns, apk: Path, tmp_path: Path
) -> None:
    """The stand-in's emulator starts on the "host's" zone when not told one: `cmd alarm
    set-timezone` alone moves it (what an image that ignores `-timezone` relies on)."""
    device = emulator(standins, apk, tmp_path)
    device.tools.env = {**(device.tools.env or {}), "STANDIN_IGNORE_TIMEZONE": "1"}
    device.start()
    zone = standins.emulator_settings(5554)["timezone"]
    device.stop()
    assert zone == "Etc/UTC"


@pytest.mark.parametrize(
    ("scenario", "why"),
    [
        ({"adb -s emulator-5554 shell cmd uimode night": {
            "exit": 255, "stderr": "Error: mode must be 'yes', 'no', or 'auto'"}},
         "`adb -s emulator-5554 shell cmd uimode night no` exited with status 255: "
         "Error: mode must be 'yes', 'no', or 'auto'"),
        ({"adb -s emulator-5554 shell getprop persist.sys.timezone": {
            "stdout": "America/Los_Angeles"}},
         "the time zone is 'America/Los_Angeles' after setting 'Etc/UTC'"),
    ],
)
def test_a_pinning_failure_is_the_benchs_fault_and_the_emulator_is_killed(
    standins: StandIns, apk: Path, tmp_path: Path, scenario: dict[str, object], why: str
) -> None:
    device = emulator(standins, apk, tmp_path)
    device.tools.env = standins.env(scenario, STANDIN_BOOT_S="0.3")
    with pytest.raises(DeviceError) as info:
        device.start()
    assert str(info.value) == ("emulator 'pixel-a' (AVD Pixel_8_API_35, emulator-5554) could "
                               f"not pin its environment: {why}")
    assert classify(info.value).fault == Fault.DEVICE_FAULT  # retried, never charged
    calls = issued(device, standins)
    assert ADB + ["install", "-r", "-g", str(apk)] not in calls
    assert calls[-1] == ADB + ["emu", "kill"]
    assert not processes_running("emulator", standins.state)


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


def test_an_uncaught_js_exception_in_logcat_reads_as_uncaught_for_the_launch_check() -> None:
    # Release React Native: the JS error is logged under ReactNativeJS, then rethrown as a
    # fatal JavascriptException; only the latter was uncaught.
    entries = [
        {"message": "11-30 04:15:39.001  4242  4300 E ReactNativeJS: console says no"},
        {"message": "11-30 04:15:39.002  4242  4301 E AndroidRuntime: FATAL EXCEPTION: mqt_js"},
        {"message": "11-30 04:15:39.003  4242  4301 E AndroidRuntime: com.facebook.react.common."
                    "JavascriptException: TypeError: cannot read property 'map' of undefined"},
    ]
    errors = logcat_errors(entries)
    assert errors == ["console says no", "Uncaught TypeError: cannot read property 'map' of undefined"]
    assert [e for e in errors if "Uncaught" in e] == errors[1:]  # what the launch check keeps


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
        ((), {}, "platform android needs the Android SDK, a JDK and Node (java, node, adb and "
                 "emulator on PATH, ANDROID_HOME set); this host has none of java, node, adb, "
                 "emulator, ANDROID_HOME"),
        (("java", "adb", "emulator"), {"ANDROID_HOME": "/sdk"},
         "platform android needs the Android SDK, a JDK and Node (java, node, adb and emulator on "
         "PATH, ANDROID_HOME set); this host lacks node"),
        (("java", "node", "adb", "emulator"), {"ANDROID_HOME": "/sdk"}, None),
        (("java", "node", "adb", "emulator"), {"ANDROID_SDK_ROOT": "/sdk"}, None),
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


def test_gradle_runs_one_at_a_time_on_a_shared_dependency_install(
    tmp_path: Path, standins: StandIns, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Gradle writes node_modules/<pkg>/android/build inside the cache's shared install: a
    # second build of the same lockfile waits for the first one's Gradle run.
    from filelock import FileLock

    from pytest_revylbench.builder.android import gradle_lock_path

    work, node_modules = make_project(tmp_path, standins)
    for name, value in standins.env().items():
        monkeypatch.setenv(name, value)
    log = tmp_path / "build.log"
    assert gradle_lock_path(node_modules) == node_modules.resolve().parent / (
        f"{node_modules.resolve().name}.gradle.lock")  # beside the shared install, not in it
    held = FileLock(str(gradle_lock_path(node_modules)))
    held.acquire()
    try:
        with pytest.raises(StepFailed) as info:
            build_android(work, node_modules=node_modules, log=log, deadline=time.monotonic() + 1.5)
    finally:
        held.release()
    assert info.value.timed_out and "Gradle lock" in info.value.reason
    assert "waiting for another build's Gradle run" in log.read_text()
    assert [argv[0] for argv in standins.calls()] == ["expo"]  # gradlew never ran while held
    build_android(work, node_modules=node_modules, log=log, deadline=time.monotonic() + 60)
    assert [argv[0] for argv in standins.calls()] == ["expo", "expo", "gradlew"]


def test_host_abis_name_the_emulator_abi_of_this_machine() -> None:
    from pytest_revylbench.builder.android import host_abis

    assert host_abis("x86_64") == ("x86_64",) and host_abis("AMD64") == ("x86_64",)
    assert host_abis("arm64") == ("arm64-v8a",) and host_abis("aarch64") == ("arm64-v8a",)
    assert host_abis("riscv64") == ()  # unknown: every ABI the template lists


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


def test_the_pipeline_builds_android_for_the_hosts_abi_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four ABIs of native code is most of a cold Gradle run; the emulator needs one."""
    from types import SimpleNamespace

    import pytest_revylbench.builder.pipeline as pipeline
    from pytest_revylbench.builder.android import host_abis

    asked: dict[str, object] = {}

    def fake_build(work: Path, **kwargs: object) -> Path:
        asked.update(kwargs)
        apk = work / "app-release.apk"
        apk.write_bytes(b"PK")
        return apk

    monkeypatch.setattr(pipeline, "install_dependencies", lambda *a, **k: SimpleNamespace(
        node_modules=tmp_path / "nm", cached=True, attempts=()))
    monkeypatch.setattr(pipeline, "build_android", fake_build)
    submission = tmp_path / "submission"
    submission.mkdir()
    (submission / "package.json").write_text("{}")
    built = pipeline.build_submission(submission, "android", work=tmp_path / "work",
                                      cache_dir=tmp_path / "cache", log=tmp_path / "build.log",
                                      log_name="build.log", timeout_s=60)
    assert built.result.ok and asked["abis"] == host_abis() != ()
