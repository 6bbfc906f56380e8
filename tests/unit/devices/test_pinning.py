"""The pinned native environment as a record: JSON-safe, frozen, in the environment digest."""

from __future__ import annotations

import json
from pathlib import Path

import pydantic
import pytest

from pytest_revylbench.devices.native_signs import visible_signs
from pytest_revylbench.devices.pinning import (
    PINNED,
    CommonPinning,
    PinnedEnvironment,
    android_pinning_commands,
    ios_pinning_capabilities,
    ios_pinning_commands,
    pinned_settings,
)
from pytest_revylbench.outputs.provenance import environment


@pytest.mark.parametrize("platform", ["ios", "android"])
def test_pinned_settings_are_json_safe_and_name_the_shared_values(platform: str) -> None:
    settings = pinned_settings(platform)
    assert json.loads(json.dumps(settings)) == settings
    assert {key: settings[key] for key in ("language", "locale", "time_zone", "appearance",
                                           "reduce_motion", "version")} == {
        "language": "en", "locale": "en_US", "time_zone": "Etc/UTC", "appearance": "light",
        "reduce_motion": True, "version": 1,
    }


def test_the_web_platform_has_no_native_pinning() -> None:
    assert pinned_settings("web") == {}


def test_the_record_is_frozen() -> None:
    with pytest.raises(pydantic.ValidationError):
        PINNED.common.time_zone = "Asia/Tokyo"  # type: ignore[misc]


def test_commands_and_capabilities_follow_the_record() -> None:
    """One record decides: another zone or language changes every command that sets it."""
    other = PinnedEnvironment(common=CommonPinning(language="de", region="DE",
                                                   time_zone="Europe/Berlin"))
    assert ["xcrun", "simctl", "spawn", "U", "defaults", "write", ".GlobalPreferences.plist",
            "AppleLocale", "<string>de_DE</string>"] in ios_pinning_commands("U", other)
    assert ios_pinning_capabilities(other)["appium:appTimeZone"] == "Europe/Berlin"
    assert ["shell", "cmd", "alarm", "set-timezone", "Europe/Berlin"] in android_pinning_commands(other)
    assert pinned_settings("android", other)["locale"] == "de_DE"


def test_the_grade_environment_shows_each_native_platforms_pinning() -> None:
    env = environment(Path(".revylbench/appium"))
    assert json.loads(env["ios-pinning"]) == pinned_settings("ios")
    assert json.loads(env["android-pinning"]) == pinned_settings("android")


def test_the_grade_environment_records_what_a_native_app_can_still_see() -> None:
    env = environment(Path(".revylbench/appium"))
    for platform, helper in (("ios", "WebDriverAgentRunner"), ("android", "io.appium.settings")):
        signs = json.loads(env[f"{platform}-visible-signs"])
        assert signs == visible_signs(platform)
        assert any(helper in s["sign"] for s in signs)         # the driver's helper app
        assert {s["seen_by"] for s in signs} <= {"js", "native", "query"}
        assert any(s["seen_by"] == "js" for s in signs)        # what JavaScript alone can read
    assert "web-visible-signs" not in env                      # measured by test_botd.py instead
