"""The web device's pinned rendering environment and its calibration, judged without a browser."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest
from PIL import Image

from pytest_revylbench.devices import calibration
from pytest_revylbench.devices.calibration import EnvironmentMismatch, compare, write_reference
from pytest_revylbench.devices.rendering import (
    FONT_FILES,
    FontsMissing,
    browser_env,
    font_folder,
    installed_fonts,
    rendering_record,
    write_fontconfig,
)
from pytest_revylbench.devices.web_browser import (
    CHROMIUM_ARGS,
    PHONE,
    QUIET_UI_FLAGS,
    network_args,
    phone_identity,
    web_capabilities,
)
from pytest_revylbench.outputs.provenance import environment
from pytest_revylbench.plugin.outcomes import classify
from pytest_revylbench.records.vocabulary import BENCH_FAULTS, Fault, Verdict
from pytest_revylbench.tasks.certificate import ENVIRONMENT_KEYS

REPO = Path(__file__).resolve().parents[3]


def _fake_fonts(root: Path) -> Path:
    """A copy of the project's fonts install, to spoil in a test."""
    real = font_folder(REPO / ".revylbench/fonts")
    folder = font_folder(root)
    folder.mkdir(parents=True)
    for name in FONT_FILES:
        (folder / name).write_bytes((real / name).read_bytes())
    return folder


def test_the_project_install_holds_exactly_the_pinned_files() -> None:
    fonts = installed_fonts(REPO / ".revylbench/fonts")
    for name, sha in FONT_FILES.items():
        assert hashlib.sha256((fonts.folder / name).read_bytes()).hexdigest() == sha


def test_a_missing_or_changed_font_is_refused_with_the_file_and_the_fix(tmp_path: Path) -> None:
    folder = _fake_fonts(tmp_path)
    (folder / "DejaVuSans.ttf").unlink()
    (folder / "DejaVuSerif.ttf").write_bytes(b"not the pinned font")
    with pytest.raises(FontsMissing) as caught:
        installed_fonts(tmp_path)
    message = str(caught.value)
    assert "DejaVuSans.ttf is missing" in message
    assert "DejaVuSerif.ttf differs from the pinned file" in message
    assert ".ci/setup" in message


def test_the_fontconfig_offers_the_pinned_folder_only(tmp_path: Path) -> None:
    conf = write_fontconfig(installed_fonts(REPO / ".revylbench/fonts"), tmp_path)
    text = conf.read_text()
    assert text.count("<dir>") == 1 and "<include" not in text
    assert "/usr/share/fonts" not in text and "~/.fonts" not in text
    for name in ("Arial", "Helvetica", "Roboto", "-apple-system", "system-ui"):
        assert f"<string>{name}</string></test><edit name=\"family\" mode=\"assign\" " \
               f"binding=\"strong\"><string>DejaVu Sans</string>" in text
    env = browser_env(conf)
    assert env["FONTCONFIG_FILE"] == str(conf) and env["TZ"] == "UTC"


def test_the_rendering_record_moves_with_every_pixel_setting() -> None:
    base = json.dumps(rendering_record(CHROMIUM_ARGS, dict(PHONE)), sort_keys=True)
    assert json.dumps(rendering_record((*CHROMIUM_ARGS, "--x"), dict(PHONE)), sort_keys=True) != base
    assert json.dumps(rendering_record(CHROMIUM_ARGS, {**PHONE, "pixelRatio": 2}),
                      sort_keys=True) != base
    record = rendering_record(CHROMIUM_ARGS, dict(PHONE))
    assert set(record["fonts"]["files"]) == set(FONT_FILES)
    for flag in ("--disable-lcd-text", "--font-render-hinting=none", "--force-color-profile=srgb",
                 "--hide-scrollbars", "--force-prefers-reduced-motion", "--lang=en-US"):
        assert flag in record["chromium_args"]


def test_the_environment_digest_covers_the_rendering() -> None:
    env = environment(REPO / ".revylbench/appium")
    assert env["web-rendering"].startswith("sha256:")
    assert env["web-calibration"].startswith("sha256:")


def test_the_browser_ui_flags_are_recorded_apart_from_the_pixels() -> None:
    """The browser-UI switch is in every session and in the environment, but not in the
    rendering record: it decides no pixel, so it stales no certificate."""
    caps = web_capabilities(chromium="c", chromedriver="d", chromedriver_port=1, overrides={})
    args = caps["goog:chromeOptions"]["args"]
    assert all(flag in args for flag in QUIET_UI_FLAGS)
    assert [a for a in args if a.startswith("--disable-features")] == list(QUIET_UI_FLAGS)
    assert not set(QUIET_UI_FLAGS) & set(rendering_record(CHROMIUM_ARGS, dict(PHONE))["chromium_args"])
    assert environment(REPO / ".revylbench/appium")["web-browser-ui"] == " ".join(QUIET_UI_FLAGS)


def test_the_browser_reaches_only_the_apps_origin() -> None:
    caps = web_capabilities(chromium="c", chromedriver="d", chromedriver_port=1, overrides={},
                            origin="127.0.0.1:4321")
    args = caps["goog:chromeOptions"]["args"]
    assert network_args("127.0.0.1:4321") == args[-2:]
    assert "--proxy-bypass-list=<-loopback>;127.0.0.1:4321" in args


def _png(color: tuple[int, int, int], *, dot: tuple[int, int, int] | None = None,
         band: int = 0) -> bytes:
    image = Image.new("RGB", (200, 100), color)
    if dot is not None:
        image.putpixel((5, 5), dot)
    for x in range(band):
        for y in range(100):
            image.putpixel((x, y), (0, 0, 0))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


OBSERVED = {"timezone": "UTC", "language": "en-US", "fontWidths": {"sans-serif": 1678.13}}
ENV = {"chromium": "Chromium 156.0.8078.114", "web-rendering": "sha256:abc"}


def test_an_identical_photo_passes_and_names_versions_that_moved_without_effect(tmp_path: Path) -> None:
    photo = _png((255, 255, 255))
    write_reference(photo, OBSERVED, ENV, reference_dir=tmp_path)
    same = compare(photo, OBSERVED, ENV, reference_dir=tmp_path)
    assert same.status == "identical" and same.ok and same.differences == []
    moved = compare(photo, OBSERVED, {**ENV, "chromium": "Chromium 157"}, reference_dir=tmp_path)
    assert moved.ok and moved.differences == [
        "(no effect) chromium: 'Chromium 157' here, 'Chromium 156.0.8078.114' when calibrated"]


def test_a_rounding_difference_is_within_tolerance(tmp_path: Path) -> None:
    write_reference(_png((255, 255, 255)), OBSERVED, ENV, reference_dir=tmp_path)
    result = compare(_png((255, 255, 255), dot=(0, 0, 0)), OBSERVED, ENV, reference_dir=tmp_path)
    assert result.status == "within_tolerance" and result.ok
    assert result.differing_pixels == pytest.approx(1 / 20000)


def test_other_fonts_are_a_mismatch_that_names_them(tmp_path: Path) -> None:
    write_reference(_png((255, 255, 255)), OBSERVED, ENV, reference_dir=tmp_path)
    other = {**OBSERVED, "fontWidths": {"sans-serif": 1601.5}}
    result = compare(_png((255, 255, 255), band=20), other, ENV, reference_dir=tmp_path)
    assert result.status == "mismatch" and not result.ok
    assert "fonts: 'sans-serif' measures 1601.5 px here, 1678.13 px in the pinned environment" \
        in result.differences
    assert result.differences[-1].startswith("pixels: 10.0000% of the photo differs")
    assert "calibration photo does not match the pinned environment" in result.reason


def test_another_time_zone_is_a_mismatch_even_with_the_same_pixels_nearby(tmp_path: Path) -> None:
    write_reference(_png((255, 255, 255)), OBSERVED, ENV, reference_dir=tmp_path)
    result = compare(_png((255, 255, 255), dot=(0, 0, 0)), {**OBSERVED, "timezone": "Asia/Tokyo"},
                     ENV, reference_dir=tmp_path)
    assert result.status == "mismatch"
    assert "timezone: 'Asia/Tokyo' here, 'UTC' in the pinned environment" in result.differences


def test_no_stored_calibration_is_no_reference(tmp_path: Path) -> None:
    result = compare(_png((255, 255, 255)), OBSERVED, ENV, reference_dir=tmp_path)
    assert result.status == "no_reference" and not result.ok


def test_the_stored_calibration_ships_with_the_grader() -> None:
    stored = json.loads((calibration.PAGE_DIR / "web.json").read_text())
    photo = (calibration.PAGE_DIR / "web.png").read_bytes()
    assert stored["photo_sha256"] == "sha256:" + hashlib.sha256(photo).hexdigest()
    assert stored["observed"]["timezone"] == "UTC"
    assert stored["observed"]["fontWidths"]["Arial"] == stored["observed"]["fontWidths"]["DejaVu Sans"]


def test_a_mismatch_is_the_benchs_fault_and_not_run() -> None:
    outcome = classify(EnvironmentMismatch("fonts differ"))
    assert outcome.verdict is Verdict.NOT_RUN
    assert outcome.fault is Fault.ENVIRONMENT_MISMATCH and outcome.fault in BENCH_FAULTS


def test_the_phone_s_identity_is_the_grader_s_and_recorded() -> None:
    """chromedriver is given the screen only (its user agent override, written again at each
    navigation, has no platform and no form factor); the identity the grader sets is in the
    environment, the browser's major version left as `{major}`."""
    caps = web_capabilities(chromium="c", chromedriver="d", chromedriver_port=1, overrides={})
    assert set(caps["goog:chromeOptions"]["mobileEmulation"]) == {"deviceMetrics"}
    command, params = phone_identity("/no/such/chromium")   # no version: major "0"
    assert command == "Emulation.setUserAgentOverride"
    assert params["platform"] == "Linux armv81"
    assert params["userAgentMetadata"]["formFactors"] == ["Mobile"]
    assert "Android 14; Pixel 8" in params["userAgent"]
    recorded = json.loads(environment(REPO / ".revylbench/appium")["web-phone"])
    assert recorded[1]["userAgent"].endswith("Chrome/{major}.0.0.0 Mobile Safari/537.36")
    assert recorded[1]["platform"] == "Linux armv81"
    assert "web-phone" not in ENVIRONMENT_KEYS   # decides no honest app's pixel: stales nothing
