"""What a native app can still see of the grader when XCUITest or UiAutomator2 drives it.

Read from the pinned drivers' own source (`npm pack` of the versions `nativedoctor` pins;
docs/PLATFORMS.md, "What a native app can see of the grader", cites file and function for
each sign). The capabilities that hide what the drivers let us hide are set in
`ios.ios_capabilities` and `android.android_capabilities`; what remains is written into every
grade's environment record (`outputs/provenance.environment`, "<platform>-visible-signs"), so a
grade says what its app could have told apart.

Each sign names who can see it: "js" (the app's JavaScript, through React Native's own APIs),
"native" (native code the app ships: an Expo config plugin or module is the agent's to write)
or "query" (native code that also declares what it looks for, e.g. Android's `<queries>`).
"""

from __future__ import annotations

from typing import Any

IOS_HIDDEN_CAPABILITIES: dict[str, Any] = {
    # `appium:language` makes WebDriverAgent launch the app with `-AppleLanguages (en)
    # -NSLanguages (en)` (lib/commands/wda/startup.ts: createWdaSession): NSLanguages then sits
    # in the app's argument domain, which React Native's `Settings.get('NSLanguages')` reads
    # from JavaScript; a person's launch has none. The simulator's own AppleLanguages,
    # written after every boot (devices/pinning.ios_pinning_commands), pins the language.
    "appium:language": None,
}
"""XCUITest capabilities the grader leaves unset or sets so the app sees less (None: unset)."""

ANDROID_HIDDEN_CAPABILITIES: dict[str, Any] = {
    # `hideKeyboard: true` (or the deprecated `unicodeKeyboard`) makes Appium Settings' own
    # input method the default one, readable by any app in Settings.Secure
    # default_input_method; false makes the driver reset the device to its own keyboard
    # (`ime reset`) at every session (appium-android-driver lib/commands/device/common.ts:
    # initDevice).
    "appium:hideKeyboard": False,
    "appium:unicodeKeyboard": False,
}
"""UiAutomator2 capabilities that keep the device's own keyboard in front of the app."""

VISIBLE_SIGNS: dict[str, tuple[tuple[str, str], ...]] = {
    "ios": (
        ("native", "WebDriverAgentRunner-Runner.app (com.facebook.WebDriverAgentRunner.xctrunner) "
                   "is installed and running on the simulator"),
        ("native", "XCTest reads the app through its accessibility runtime: the app's accessibility "
                   "elements are asked for while no VoiceOver runs"),
        ("native", "launch arguments -AppleLocale en_US (appium:locale) and environment TZ=Etc/UTC "
                   "(appium:appTimeZone) in ProcessInfo"),
        ("js", "a simulator: Platform.constants names the simulator's model and iOS version; "
               "Reduce Motion on (AccessibilityInfo.isReduceMotionEnabled)"),
        ("js", "pinned by construction: locale en_US, time zone Etc/UTC, light appearance, "
               "Dynamic Type large, status bar 9:41"),
    ),
    "android": (
        ("query", "io.appium.settings, io.appium.uiautomator2.server and "
                  "io.appium.uiautomator2.server.test are installed (seen with <queries> or "
                  "QUERY_ALL_PACKAGES)"),
        ("native", "an accessibility client is connected (UiAutomation): AccessibilityManager "
                   "says enabled while no accessibility service is listed"),
        ("native", "hidden API policy relaxed for the session (settings global hidden_api_policy "
                   "1): non-SDK interfaces answer"),
        ("native", "adb on (settings global adb_enabled 1); installed by adb with every runtime "
                   "permission granted and no installer package"),
        ("js", "an emulator: Platform.constants Fingerprint, Model and Brand name the emulator's "
               "image; animator scales 0, so AccessibilityInfo.isReduceMotionEnabled is true"),
        ("js", "pinned by construction: locale en_US, time zone Etc/UTC, night mode off, font "
               "scale 1.0"),
    ),
}
"""What the app can still see, by platform: (who can see it, what)."""


def visible_signs(platform: str) -> list[dict[str, str]]:
    """JSON-safe: `platform`'s remaining signs (none listed for web, whose own test measures
    them: tests/device/test_botd.py)."""
    return [{"seen_by": who, "sign": what} for who, what in VISIBLE_SIGNS.get(platform, ())]


def with_hidden(caps: dict[str, Any], hidden: dict[str, Any]) -> dict[str, Any]:
    """`caps` with `hidden` applied: a None value removes the capability."""
    merged = dict(caps)
    for name, value in hidden.items():
        if value is None:
            merged.pop(name, None)
        else:
            merged[name] = value
    return merged
