"""Calibration: before any visual item, the device photographs a page shipped with the grader
and the photo is compared with the one stored for the pinned environment.

A checkpoint's visual score is only the agent's if the device draws exactly as the device that
drew the oracle did. Fonts, Chromium's rasteriser, metrics, locale and time zone all show on
the calibration page (text in every pinned family, weights, sizes, colours, borders, and the
settings the page itself observes, printed on it), so any of them changing changes the photo.
A mismatch makes the visual tier a bench fault (`environment_mismatch`), never a low score.
"""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_revylbench.devices.errors import DeviceError
from pytest_revylbench.records.base import Record

if TYPE_CHECKING:
    from pytest_revylbench.devices.web import WebDevice

PAGE_DIR = Path(__file__).resolve().parent.parent / "calibration"
"""The calibration page and, per platform, the stored photo (`<platform>.png`) and record."""
CHANNEL_TOLERANCE = 24
"""A pixel differs when one of its channels differs by more than this (of 255)."""
PIXEL_TOLERANCE = 0.0005
"""The share of differing pixels above which the photo is a mismatch (a changed font moves
several percent of this page's pixels; a rasteriser's rounding, a few hundredths of one)."""


class EnvironmentMismatch(Exception):
    """The device does not draw as the pinned environment does: the bench's fault."""


class Calibration(Record):
    """`calibration.json` of a grade: the photo of the calibration page and its verdict."""

    version: int = 1
    platform: str
    status: str
    """`identical`, `within_tolerance`, `mismatch`, or `no_reference` (none stored)."""
    differing_pixels: float = 0.0
    """Share of the photo's pixels beyond the channel tolerance."""
    differences: list[str] = []
    """What differs from the stored calibration, in words (settings, fonts, versions, pixels)."""
    photo_sha256: str = ""
    reference_sha256: str = ""
    observed: dict[str, Any] = {}
    """What the page itself measured: time zone, language, media, metrics, font widths."""

    @property
    def ok(self) -> bool:
        return self.status in ("identical", "within_tolerance")

    @property
    def reason(self) -> str:
        said = "; ".join(self.differences) or self.status
        return f"the device's calibration photo does not match the pinned environment: {said}"


def _sha(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def photograph(device: WebDevice) -> tuple[bytes, dict[str, Any]]:
    """Open the calibration page on `device` in a pinned session: (PNG, observed settings)."""
    driver = device.open_page(PAGE_DIR / "index.html")
    try:
        observed = driver.execute_script("return window.__revylbenchObserved || null;")
        png = driver.get_screenshot_as_png()
    finally:
        if not device.keeps(driver, hung=False):
            try:
                driver.quit()
            except Exception:
                pass
    if not isinstance(observed, dict):
        raise DeviceError("the calibration page did not report what it observed")
    return png, observed


def _pixel_share(photo: bytes, reference: bytes) -> float:
    import numpy as np
    from PIL import Image

    a = np.asarray(Image.open(io.BytesIO(photo)).convert("RGB"), dtype=np.int16)
    b = np.asarray(Image.open(io.BytesIO(reference)).convert("RGB"), dtype=np.int16)
    if a.shape != b.shape:
        return 1.0
    return float((np.abs(a - b).max(axis=2) > CHANNEL_TOLERANCE).mean())


def _settings_differences(observed: dict[str, Any], stored: dict[str, Any]) -> list[str]:
    found = []
    for key in sorted(set(observed) | set(stored)):
        here, there = observed.get(key), stored.get(key)
        if key == "fontWidths" and isinstance(here, dict) and isinstance(there, dict):
            for family in sorted(set(here) | set(there)):
                if here.get(family) != there.get(family):
                    found.append(f"fonts: {family!r} measures {here.get(family)} px here, "
                                 f"{there.get(family)} px in the pinned environment")
        elif here != there:
            found.append(f"{key}: {here!r} here, {there!r} in the pinned environment")
    return found


def _environment_differences(environment: dict[str, Any], stored: dict[str, Any]) -> list[str]:
    return [f"{key}: {environment.get(key)!r} here, {stored.get(key)!r} when calibrated"
            for key in sorted(set(environment) | set(stored))
            if environment.get(key) != stored.get(key)]


def compare(
    photo: bytes, observed: dict[str, Any], environment: dict[str, Any], *, platform: str = "web",
    reference_dir: Path = PAGE_DIR,
) -> Calibration:
    """Judge a calibration photo against the stored one for `platform`.

    `environment`: the versions and rendering record of this host (named in the differences,
    so a mismatch says whether fonts, Chromium or metrics moved).
    """
    stored_png = reference_dir / f"{platform}.png"
    stored_record = reference_dir / f"{platform}.json"
    base = {"platform": platform, "photo_sha256": _sha(photo), "observed": observed}
    if not stored_png.is_file() or not stored_record.is_file():
        return Calibration(status="no_reference", differences=[
            f"no stored calibration for {platform} in {reference_dir} "
            "(write one with `revylbench calibrate --write`)"], **base)
    reference = stored_png.read_bytes()
    stored = json.loads(stored_record.read_text(encoding="utf-8"))
    settings = _settings_differences(observed, stored.get("observed", {}))
    versions = _environment_differences(environment, stored.get("environment", {}))
    if photo == reference:
        # Identical pixels: a version that moved did not change what the device draws.
        return Calibration(status="identical", reference_sha256=_sha(reference),
                           differences=[f"(no effect) {v}" for v in versions], **base)
    share = _pixel_share(photo, reference)
    status = "within_tolerance" if share <= PIXEL_TOLERANCE and not settings else "mismatch"
    pixels = f"pixels: {share:.4%} of the photo differs (tolerance {PIXEL_TOLERANCE:.2%})"
    return Calibration(status=status, differing_pixels=round(share, 6),
                       reference_sha256=_sha(reference),
                       differences=[*settings, *versions, pixels], **base)


def write_reference(
    photo: bytes, observed: dict[str, Any], environment: dict[str, Any], *,
    platform: str = "web", reference_dir: Path = PAGE_DIR,
) -> Path:
    """Store a calibration photo as the pinned environment's (`revylbench calibrate --write`)."""
    (reference_dir / f"{platform}.png").write_bytes(photo)
    record = {"version": 1, "platform": platform, "photo_sha256": _sha(photo),
              "observed": observed, "environment": environment}
    path = reference_dir / f"{platform}.json"
    path.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path
