"""What the web device draws with, pinned by the grader and never taken from the host.

A screenshot's pixels follow the fonts the browser can see, its rasterisation flags, the
locale, the time zone and the media it emulates. The host decides none of these: the fonts
are the project's own install of one npm package at a pinned version (`.ci/fonts`, checked
here file by file against the sha256 below), the browser sees them through a fontconfig of
ours that names no host folder, and every other setting is fixed in `PINNED`.
`rendering_record()` is what the grade's environment digest covers.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_revylbench.devices.errors import DeviceError

FONT_PACKAGE = "dejavu-fonts-ttf"
FONT_VERSION = "2.37.3"
FONT_FILES: dict[str, str] = {
    "DejaVuSans.ttf": "7da195a74c55bef988d0d48f9508bd5d849425c1770dba5d7bfc6ce9ed848954",
    "DejaVuSans-Bold.ttf": "e6476c1b80502924294eed40894c5b18e06c181444ca953e5334262df9c27724",
    "DejaVuSans-Oblique.ttf": "4af75fa16ee6d3ad43e1ecec41862c24954af26a55c6bb1ebb27bd486a50f5f4",
    "DejaVuSans-BoldOblique.ttf": "eb436dca0c2594b73d8b603b892e374fdfd8d885d25ffb4f18df4c4c0b49e50f",
    "DejaVuSansMono.ttf": "b4a6c3e4faab8773f4ff761d56451646409f29abedd68f05d38c2df667d3c582",
    "DejaVuSansMono-Bold.ttf": "bce60f1b4421acd9ea51ba6623d7024ecbe6817a953e3654df62a5e6bdf8f769",
    "DejaVuSansMono-Oblique.ttf": "742097840c541870e8d6dc5c9b37bb1ceeea6c0dedd1d475faf903ef9df734b0",
    "DejaVuSansMono-BoldOblique.ttf": "91713a71d550bba22c2a6b2bb2a9ad8f9a159e12e4e9f0a5b2677998ba21213e",
    "DejaVuSerif.ttf": "42d1edeb7952f31b1f96d767ed7030b08a39e0c372b0071641518864e2bffb51",
    "DejaVuSerif-Bold.ttf": "c47b5527bcdc8dcf9ea8c77054454c5a884beaca2f44851a2a823ee639cbf07f",
    "DejaVuSerif-Italic.ttf": "2e39b1d50f90b933b00c7bb54a96afd3f86419b3d717c7cf202e36f2d4973e47",
    "DejaVuSerif-BoldItalic.ttf": "8d3dd3d31350309042ed226af82b34539bd773518e6107cb352712853ba80308",
}
"""The device's whole font set: file name → sha256 of the file the pinned package ships."""

FAMILIES = {"sans-serif": "DejaVu Sans", "serif": "DejaVu Serif", "monospace": "DejaVu Sans Mono"}
"""Generic family → the pinned face; every family name an app may ask for lands on one."""

# Names in React Native Web's and browsers' default stacks: each resolves to a pinned face
# by an explicit rule rather than by fontconfig's best guess.
_SANS_NAMES = ("system-ui", "-apple-system", "BlinkMacSystemFont", "Segoe UI", "Roboto",
               "Helvetica Neue", "Helvetica", "Arial", "Liberation Sans", "Noto Sans",
               "Ubuntu", "Cantarell", "Open Sans", "SF Pro Text", "San Francisco")
_SERIF_NAMES = ("Times New Roman", "Times", "Georgia", "Liberation Serif", "Noto Serif")
_MONO_NAMES = ("Menlo", "Monaco", "Consolas", "Courier New", "Courier", "Liberation Mono",
               "SF Mono", "ui-monospace", "Noto Sans Mono")

PINNED: dict[str, Any] = {
    "locale": "en-US",
    "languages": "en-US",
    "timezone": "UTC",
    "prefers-color-scheme": "light",
    "prefers-reduced-motion": "reduce",
    "antialias": "grayscale",
    "hinting": "none",
    "subpixel-positioning": False,
    "lcd-text": False,
    "gpu-rasterization": False,
    "color-profile": "srgb",
    "scrollbars": "hidden",
}
"""Every setting besides fonts and metrics that decides the device's pixels."""

PIXEL_FLAGS = (
    "--hide-scrollbars", "--force-color-profile=srgb", "--font-render-hinting=none",
    "--disable-lcd-text", "--disable-font-subpixel-positioning", "--disable-gpu",
    "--disable-gpu-rasterization", "--force-prefers-reduced-motion", "--lang=en-US",
    "--accept-lang=en-US",
)
"""Chromium flags that change pixels; `devices/web.py` passes them with its other flags."""


class FontsMissing(DeviceError):
    """The pinned font set is not installed, or a file differs from the pinned one."""


@dataclass(frozen=True)
class FontSet:
    folder: Path
    """The folder holding exactly the pinned files."""


def font_folder(fonts_root: Path) -> Path:
    """Where the pinned package puts its TrueType files under the project's fonts install."""
    return fonts_root / "node_modules" / FONT_PACKAGE / "ttf"


def installed_fonts(fonts_root: Path) -> FontSet:
    """The pinned font set under `fonts_root`, each file checked against its sha256.

    :raises FontsMissing: a file is absent or differs, with how to fix it.
    """
    folder = font_folder(fonts_root)
    fix = f"run .ci/setup (it installs {FONT_PACKAGE}@{FONT_VERSION} into {fonts_root})"
    problems = []
    for name, sha in sorted(FONT_FILES.items()):
        path = folder / name
        if not path.is_file():
            problems.append(f"{name} is missing")
        elif hashlib.sha256(path.read_bytes()).hexdigest() != sha:
            problems.append(f"{name} differs from the pinned file (sha256 {sha[:12]}…)")
    if problems:
        raise FontsMissing(f"the device's fonts in {folder}: {'; '.join(problems)}; {fix}")
    return FontSet(folder)


def _alias(names: tuple[str, ...], face: str) -> str:
    return "".join(
        f'  <match target="pattern"><test name="family"><string>{name}</string></test>'
        f'<edit name="family" mode="assign" binding="strong"><string>{face}</string></edit>'
        "</match>\n"
        for name in names
    )


def fontconfig_text(fonts: Path, cache: Path) -> str:
    """A fonts.conf that offers the pinned files only: no `<include>`, no host folder."""
    generic = "".join(
        f"  <alias binding=\"strong\"><family>{family}</family><prefer><family>{face}</family>"
        "</prefer></alias>\n"
        for family, face in FAMILIES.items()
    )
    return (
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
        "<fontconfig>\n"
        f"  <dir>{fonts}</dir>\n  <cachedir>{cache}</cachedir>\n"
        "  <config><rescan><int>0</int></rescan></config>\n"
        + _alias(_SANS_NAMES, FAMILIES["sans-serif"])
        + _alias(_SERIF_NAMES, FAMILIES["serif"])
        + _alias(_MONO_NAMES, FAMILIES["monospace"])
        + generic
        # Anything else an app names falls back to the pinned sans, never to a guess.
        + f'  <match target="pattern"><edit name="family" mode="append_last">'
        f"<string>{FAMILIES['sans-serif']}</string></edit></match>\n"
        '  <match target="font">'
        '<edit name="antialias" mode="assign"><bool>true</bool></edit>'
        '<edit name="hinting" mode="assign"><bool>false</bool></edit>'
        '<edit name="hintstyle" mode="assign"><const>hintnone</const></edit>'
        '<edit name="rgba" mode="assign"><const>none</const></edit>'
        '<edit name="lcdfilter" mode="assign"><const>lcdnone</const></edit>'
        '<edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>'
        "</match>\n</fontconfig>\n"
    )


def write_fontconfig(fonts: FontSet, scratch: Path) -> Path:
    """Write the device's fonts.conf (and its own font cache folder) under `scratch`."""
    cache = scratch / "fontconfig-cache"
    cache.mkdir(parents=True, exist_ok=True)
    conf = scratch / "fonts.conf"
    conf.write_text(fontconfig_text(fonts.folder, cache), encoding="utf-8")
    return conf


def browser_env(fontconfig: Path) -> dict[str, str]:
    """Environment for the Appium server, inherited by its driver and every browser."""
    return {
        "FONTCONFIG_FILE": str(fontconfig),
        "FONTCONFIG_PATH": str(fontconfig.parent),
        "TZ": PINNED["timezone"],
        "LANG": "en_US.UTF-8",
        "LANGUAGE": "en_US:en",
        "LC_ALL": "C.UTF-8",
    }


def pinned_browser_env(fonts_root: Path, scratch: Path) -> dict[str, str]:
    """The checked font set, its fontconfig written under `scratch`, and the environment a
    device's Appium server passes to its browsers."""
    return browser_env(write_fontconfig(installed_fonts(fonts_root), scratch))


CDP_OVERRIDES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("Emulation.setTimezoneOverride", {"timezoneId": PINNED["timezone"]}),
    ("Emulation.setLocaleOverride", {"locale": PINNED["locale"]}),
    ("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": PINNED["prefers-color-scheme"]},
        {"name": "prefers-reduced-motion", "value": PINNED["prefers-reduced-motion"]},
    ]}),
)
"""DevTools commands each new browser session gets before it opens the app."""


def rendering_record(chromium_args: tuple[str, ...], metrics: dict[str, Any]) -> dict[str, Any]:
    """Everything that decides the web device's pixels, for the environment digest."""
    template = fontconfig_text(Path("<fonts>"), Path("<cache>"))
    return {
        "fonts": {"package": f"{FONT_PACKAGE}@{FONT_VERSION}",
                  "files": {n: "sha256:" + s for n, s in sorted(FONT_FILES.items())}},
        "fontconfig": "sha256:" + hashlib.sha256(template.encode()).hexdigest(),
        "chromium_args": sorted(chromium_args),
        "metrics": metrics,
        "pinned": PINNED,
        "cdp": json.loads(json.dumps(CDP_OVERRIDES)),
    }
