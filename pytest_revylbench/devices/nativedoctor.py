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
    if appium_home is None:
        return []
    manifest = appium_home / "node_modules" / package.rpartition("@")[0] / "package.json"
    try:
        version = json.loads(manifest.read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return [(f"{package.rpartition('@')[0]}: not installed in {appium_home}", False, fix)]
    return [(f"{package.rpartition('@')[0]}: {version}", True, "")]


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
    checks.append((f"Xcode: {first or 'not selected'}", first.startswith("Xcode"),
                   f"the Command Line Tools alone cannot build for the simulator: {xcode}"))
    listing = _output(tools, ["xcrun", "simctl", "list", "runtimes", "-j"])
    try:
        runtimes = json.loads(listing or "{}").get("runtimes", [])
    except ValueError:
        runtimes = []
    ios = sorted(str(r.get("name")) for r in runtimes
                 if r.get("isAvailable") and r.get("platform", "iOS") == "iOS")
    checks.append((f"iOS simulator runtimes: {', '.join(ios) or 'none'}", bool(ios),
                   "`xcodebuild -downloadPlatform iOS` (or Xcode > Settings > Components), "
                   "then name it in devices/ios-simulators.toml"))
    checks.append(_on_path(tools, "pod", "`brew install cocoapods` (the build runs `pod install`)"))
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
