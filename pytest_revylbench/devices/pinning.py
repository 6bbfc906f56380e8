"""The device environment the grader pins on native devices, as one frozen record.

Whatever changes pixels or text on a phone's screen (language and locale, time zone, light
or dark appearance, text size, animations, the status bar) is set by the grader after every
boot and before the app is installed, never left to how the host or image happens to be.
`pinned_settings(platform)` is the JSON-safe view that goes into the environment digest.

Command syntax is what the tools' own maintainers issue (cited where it is not obvious):
- `simctl status_bar … override`, `simctl ui … appearance|content_size` as in appium/node-simctl
  (lib/subcommands/ui.ts) and Apple's `xcrun simctl help status_bar`;
- `simctl spawn … defaults write <domain> <key> <xml value>` exactly as appium-ios-simulator
  writes localization and Reduce Motion (lib/extensions/settings.ts: configureLocalization,
  setReduceMotion; lib/utils/defaults.ts: toXmlArg);
- `cmd alarm set-timezone TZ` from AlarmManagerService's shell command ("Set the system
  timezone to TZ where TZ is an Olson id"), `cmd uimode night no`, `settings put …`.
"""

from __future__ import annotations

from typing import Any

from pytest_revylbench.records.base import Record


class CommonPinning(Record):
    """What every platform pins the same way."""

    language: str = "en"
    """BCP 47 language of the UI and the app."""
    region: str = "US"
    """Country of the locale (dates, numbers, currency)."""
    time_zone: str = "Etc/UTC"
    """An Olson id in Area/Location form: the Android emulator's `-timezone` refuses anything
    else, bare `UTC` included (android/utils/timezone.c: check_timezone_is_zoneinfo)."""
    appearance: str = "light"
    reduce_motion: bool = True

    @property
    def locale(self) -> str:
        """`en_US`: the form iOS (AppleLocale) and ICU use."""
        return f"{self.language}_{self.region}"


class StatusBar(Record):
    """The simulator's status bar override: the same clock, battery and bars on every run."""

    time: str = "9:41"
    data_network: str = "wifi"
    wifi_mode: str = "active"
    wifi_bars: int = 3
    cellular_mode: str = "active"
    cellular_bars: int = 4
    operator_name: str = ""
    battery_state: str = "charged"
    battery_level: int = 100


class IosPinning(Record):
    status_bar: StatusBar = StatusBar()
    content_size: str = "large"
    """Dynamic Type size: `large` is iOS's default."""


class AndroidPinning(Record):
    font_scale: str = "1.0"
    night_mode: str = "no"
    auto_time_zone: int = 0
    """Off, so the emulated network (NITZ) cannot move the pinned zone."""
    window_animation_scale: str = "0"
    transition_animation_scale: str = "0"
    animator_duration_scale: str = "0"


class PinnedEnvironment(Record):
    """Every pinned setting, one record for all native platforms."""

    version: int = 1
    common: CommonPinning = CommonPinning()
    ios: IosPinning = IosPinning()
    android: AndroidPinning = AndroidPinning()


PINNED = PinnedEnvironment()

NATIVE_PLATFORMS = ("ios", "android")


def pinned_settings(platform: str, pinned: PinnedEnvironment = PINNED) -> dict[str, Any]:
    """JSON-safe: every setting pinned on `platform`'s devices, with the version of this record.

    Platforms without native pinning (web, whose pinning lives with its own device) get `{}`.
    """
    if platform not in NATIVE_PLATFORMS:
        return {}
    specific = pinned.ios if platform == "ios" else pinned.android
    return {
        "version": pinned.version,
        **pinned.common.model_dump(mode="json"),
        "locale": pinned.common.locale,
        **specific.model_dump(mode="json"),
    }


# -- iOS simulator ---------------------------------------------------------------------------

def _xml_string(value: str) -> str:
    return f"<string>{value}</string>"


def ios_pinning_commands(udid: str, pinned: PinnedEnvironment = PINNED) -> list[list[str]]:
    """The `xcrun simctl` calls that pin a booted simulator, in order."""
    bar, common = pinned.ios.status_bar, pinned.common
    simctl = ["xcrun", "simctl"]
    defaults = [*simctl, "spawn", udid, "defaults", "write"]
    return [
        [*simctl, "status_bar", udid, "override",
         "--time", bar.time, "--dataNetwork", bar.data_network,
         "--wifiMode", bar.wifi_mode, "--wifiBars", str(bar.wifi_bars),
         "--cellularMode", bar.cellular_mode, "--cellularBars", str(bar.cellular_bars),
         "--operatorName", bar.operator_name,
         "--batteryState", bar.battery_state, "--batteryLevel", str(bar.battery_level)],
        [*simctl, "ui", udid, "appearance", common.appearance],
        [*simctl, "ui", udid, "content_size", pinned.ios.content_size],
        [*defaults, ".GlobalPreferences.plist", "AppleLanguages",
         f"<array>{_xml_string(common.language)}</array>"],
        [*defaults, ".GlobalPreferences.plist", "AppleLocale", _xml_string(common.locale)],
        [*defaults, "com.apple.Accessibility", "ReduceMotionEnabled",
         f"<integer>{int(common.reduce_motion)}</integer>"],
    ]


def ios_pinning_capabilities(pinned: PinnedEnvironment = PINNED) -> dict[str, Any]:
    """XCUITest capabilities that pin the same settings again for the app it launches.

    `language`/`locale` become the launch arguments `-AppleLanguages (en) -AppleLocale en_US`,
    `appTimeZone` the app's `TZ` (appium-xcuitest-driver lib/commands/wda/startup.ts); the
    simulator itself has no time zone of its own, it follows the host's.
    """
    common = pinned.common
    return {
        "appium:language": common.language,
        "appium:locale": common.locale,
        "appium:appTimeZone": common.time_zone,
        "appium:reduceMotion": common.reduce_motion,
    }


def ios_launch_arguments(pinned: PinnedEnvironment = PINNED) -> list[str]:
    """What XCUITest passes the app for the capabilities above, for `simctl launch` to pass too."""
    common = pinned.common
    return ["-AppleLanguages", f"({common.language})", "-AppleLocale", common.locale]


def ios_launch_environment(pinned: PinnedEnvironment = PINNED) -> dict[str, str]:
    """`simctl launch` hands the app every `SIMCTL_CHILD_*` variable without its prefix
    (`xcrun simctl help launch`)."""
    return {"SIMCTL_CHILD_TZ": pinned.common.time_zone}


# -- Android emulator ------------------------------------------------------------------------

def android_emulator_arguments(pinned: PinnedEnvironment = PINNED) -> list[str]:
    """Emulator options: the zone from the first instant of boot instead of the host's."""
    return ["-timezone", pinned.common.time_zone]


def android_pinning_commands(pinned: PinnedEnvironment = PINNED) -> list[list[str]]:
    """`adb shell` calls (after `adb -s SERIAL`) that pin a booted emulator, in order."""
    android, common = pinned.android, pinned.common
    return [
        ["shell", "settings", "put", "global", "auto_time_zone", str(android.auto_time_zone)],
        ["shell", "cmd", "alarm", "set-timezone", common.time_zone],
        ["shell", "settings", "put", "system", "font_scale", android.font_scale],
        ["shell", "cmd", "uimode", "night", android.night_mode],
        ["shell", "settings", "put", "global", "window_animation_scale",
         android.window_animation_scale],
        ["shell", "settings", "put", "global", "transition_animation_scale",
         android.transition_animation_scale],
        ["shell", "settings", "put", "global", "animator_duration_scale",
         android.animator_duration_scale],
    ]


def android_pinning_capabilities(pinned: PinnedEnvironment = PINNED) -> dict[str, Any]:
    """UiAutomator2 capabilities: the device locale (set through the Appium Settings app and
    checked by the driver, which fails the session when it does not take) and no window
    animations while the instrumentation runs.

    Not `appium:timeZone`: the driver sets it with `service call alarm 3 s16 …`, a binder
    method index that differs between Android versions; the zone is pinned with
    `cmd alarm set-timezone` and checked instead.
    """
    common = pinned.common
    return {
        "appium:language": common.language,
        "appium:locale": common.region,  # UiAutomator2 wants the country here, not en_US
        "appium:disableWindowAnimation": True,
    }
