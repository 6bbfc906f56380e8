"""`revylbench doctor --platform ios|android`: whether this host can build and run native
devices, each check with how to fix it.

Every tool is run through `HostTools` (looked up on PATH at the call, bounded in time), so the
checks are tested with the recording stand-ins like the devices themselves.
"""

from __future__ import annotations

import json
import os
import platform as _platform
from collections.abc import Mapping
from pathlib import Path

from pytest_revylbench.devices.errors import DeviceError
from pytest_revylbench.devices.hosttools import HostTools

Check = tuple[str, bool, str]
"""(what was checked and what was found, whether it is fine, how to fix it)."""

XCUITEST_DRIVER = "appium-xcuitest-driver@12.13.1"
UIAUTOMATOR2_DRIVER = "appium-uiautomator2-driver@8.7.0"
TOOL_TIMEOUT_S = 30.0
MIN_XCODE = (16, 1)
"""The oldest Xcode that builds Expo SDK 56's React Native for the simulator."""
MIN_NODE = (20, 19)
"""The oldest Node that runs Expo SDK 56's CLI and Metro."""
POOL_DEVICE_TYPE = "com.apple.CoreSimulator.SimDeviceType.iPhone-16"
"""The device type devices/ios-simulators.toml creates its simulators of."""
NODE_FIX = ("install Node.js 22 (`brew install node@22`, or `nvm install 22 && nvm use 22`); "
            "the build runs Expo's CLI and Metro with it")


def _numbers(text: str) -> tuple[int, ...]:
    """(16, 2) of "Xcode 16.2", (22, 12, 0) of "v22.12.0"; () when there are none."""
    import re

    found = re.search(r"(\d+(?:\.\d+)*)", text)
    return tuple(int(part) for part in found[1].split(".")) if found else ()


def native_doctor_checks(
    platform: str,
    *,
    tools: HostTools | None = None,
    system: str | None = None,
    environ: Mapping[str, str] | None = None,
    appium_home: Path | None = None,
    kvm: Path = Path("/dev/kvm"),
) -> list[Check]:
    """The checks for `platform` ("ios" or "android"), in the order a person would fix them.

    `appium_home` is the project's APPIUM_HOME; when given, the platform's Appium driver must
    be installed there.
    """
    tools = tools or HostTools()
    environ = os.environ if environ is None else environ
    if platform == "ios":
        checks = _ios(tools, system or _platform.system(), appium_home)
    elif platform == "android":
        checks = _android(tools, system or _platform.system(), environ, appium_home, kvm)
    else:
        raise ValueError(
            f"native_doctor_checks: platform must be 'ios' or 'android', not {platform!r}")
    return [(name, ok, "" if ok else fix) for name, ok, fix in checks]


def _on_path(tools: HostTools, tool: str, fix: str) -> Check:
    try:
        return (f"{tool}: {tools.resolve(tool)}", True, "")
    except DeviceError:
        return (f"{tool}: not on PATH", False, fix)


def _output(tools: HostTools, argv: list[str]) -> str | None:
    """The tool's standard output, or None when it is missing, fails or hangs."""
    try:
        call = tools.run(argv, timeout_s=TOOL_TIMEOUT_S, check=False)
    except DeviceError:
        return None
    return call.stdout if call.returncode == 0 else None


def _driver(appium_home: Path | None, package: str, fix: str) -> list[Check]:
    """The Appium driver in APPIUM_HOME, at the version the grader was tested with."""
    if appium_home is None:
        return []
    name, _, wanted = package.rpartition("@")
    manifest = appium_home / "node_modules" / name / "package.json"
    try:
        version = json.loads(manifest.read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return [(f"{name}: not installed in {appium_home}", False, fix)]
    if version != wanted:
        driver = name.removeprefix("appium-").removesuffix("-driver")
        return [(f"{name}: {version}, not the tested {wanted}", False,
                 f"APPIUM_HOME={appium_home} appium driver uninstall {driver}, then {fix}")]
    return [(f"{name}: {version}", True, "")]


def _node(tools: HostTools) -> Check:
    answer = _output(tools, ["node", "--version"])
    if answer is None:
        return ("node: not on PATH", False, NODE_FIX)
    version = _numbers(answer)
    shown = answer.strip() or "no version"
    if version[:2] < MIN_NODE:
        return (f"node: {shown}, older than {'.'.join(map(str, MIN_NODE))}", False, NODE_FIX)
    return (f"node: {shown}", True, "")


def _ios(tools: HostTools, system: str, appium_home: Path | None) -> list[Check]:
    xcode = "install Xcode, then `sudo xcode-select -s /Applications/Xcode.app/Contents/Developer`"
    checks: list[Check] = [
        (f"host: {system or 'unknown'}", system == "Darwin",
         "iOS simulators run only on macOS: grade --platform ios on a Mac with Xcode"),
        _on_path(tools, "xcrun", xcode),
        _on_path(tools, "xcodebuild", xcode),
    ]
    version = _output(tools, ["xcodebuild", "-version"])
    first = version.strip().splitlines()[0] if version and version.strip() else ""
    minimum = ".".join(map(str, MIN_XCODE))
    if first.startswith("Xcode") and _numbers(first)[:2] < MIN_XCODE:
        checks.append((f"Xcode: {first}, older than {minimum}", False,
                       f"install Xcode {minimum} or newer (App Store, or "
                       f"https://developer.apple.com/download/all/), then {xcode.split(', then ')[1]}"))
    else:
        checks.append((f"Xcode: {first or 'not selected'}", first.startswith("Xcode"),
                       f"the Command Line Tools alone cannot build for the simulator: {xcode}"))
    listing = _output(tools, ["xcrun", "simctl", "list", "-j", "runtimes"])
    try:
        runtimes = json.loads(listing or "{}").get("runtimes", [])
    except (ValueError, AttributeError):
        runtimes = []
    ios = sorted(str(r.get("name")) for r in runtimes
                 if r.get("isAvailable") and r.get("platform", "iOS") == "iOS")
    checks.append((f"iOS simulator runtimes: {', '.join(ios) or 'none'}", bool(ios),
                   "`xcodebuild -downloadPlatform iOS` (or Xcode > Settings > Components); the "
                   "pool creates its simulators on the newest one installed"))
    listing = _output(tools, ["xcrun", "simctl", "list", "-j", "devicetypes"])
    try:
        types = {str(t.get("identifier")) for t in json.loads(listing or "{}").get("devicetypes", [])}
    except (ValueError, AttributeError):
        types = set()
    checks.append((f"device type {POOL_DEVICE_TYPE.rpartition('.')[2]}: "
                   f"{'available' if POOL_DEVICE_TYPE in types else 'not available'}",
                   POOL_DEVICE_TYPE in types,
                   "name a device type `xcrun simctl list devicetypes` shows as `device_type` in "
                   "devices/ios-simulators.toml (an iPhone: the suites judge a phone screen)"))
    checks.append(_on_path(tools, "pod", "`brew install cocoapods` (the build runs `pod install`)"))
    checks.append(_node(tools))
    checks += _driver(appium_home, XCUITEST_DRIVER,
                      f"APPIUM_HOME={appium_home} appium driver install --source=npm "
                      f"{XCUITEST_DRIVER}")
    return checks


def _android(tools: HostTools, system: str, environ: Mapping[str, str],
             appium_home: Path | None, kvm: Path) -> list[Check]:
    sdk = environ.get("ANDROID_HOME") or environ.get("ANDROID_SDK_ROOT") or ""
    checks: list[Check] = [
        (f"ANDROID_HOME: {sdk or 'not set'}", bool(sdk) and Path(sdk).is_dir(),
         "install the Android SDK command-line tools and `export ANDROID_HOME=<the SDK folder>`"),
        _on_path(tools, "java", "install JDK 17 (Gradle builds the APK with it)"),
        _node(tools),
        _on_path(tools, "adb", "`sdkmanager platform-tools`; put $ANDROID_HOME/platform-tools on PATH"),
        _on_path(tools, "emulator", "`sdkmanager emulator`; put $ANDROID_HOME/emulator on PATH"),
        _on_path(tools, "avdmanager", "`sdkmanager 'cmdline-tools;latest'`; put "
                                      "$ANDROID_HOME/cmdline-tools/latest/bin on PATH"),
    ]
    listed = _output(tools, ["emulator", "-list-avds"]) or ""
    avds = sorted(line.strip() for line in listed.splitlines()
                  if line.strip() and not line.startswith(("INFO", "WARNING", "ERROR")))
    checks.append((f"AVDs: {', '.join(avds) or 'none'}", bool(avds),
                   "`echo no | avdmanager create avd -n Pixel_8_API_35 -k "
                   "'system-images;android-35;google_apis;x86_64' -d pixel_8`, then name it in "
                   "devices/android-emulators.toml"))
    if system == "Linux":
        usable = kvm.exists() and os.access(kvm, os.R_OK | os.W_OK)
        checks.append((f"KVM: {kvm} {'usable' if usable else 'missing or not accessible'}", usable,
                       "enable hardware virtualisation and add this user to the `kvm` group "
                       "(the emulator is unusably slow without it)"))
    checks += _driver(appium_home, UIAUTOMATOR2_DRIVER,
                      f"APPIUM_HOME={appium_home} appium driver install --source=npm "
                      f"{UIAUTOMATOR2_DRIVER}")
    return checks
