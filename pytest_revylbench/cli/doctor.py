"""`revylbench doctor` and `revylbench calibrate`: is this host fit to grade, and does its
device draw as the pinned environment does?

`doctor` checks every tool a grade needs (browser, driver, Appium and its drivers,
bubblewrap, the pinned fonts, the stored calibration), lists the processes a dead grade left
running (`--reap` kills them) and, for the web device, photographs the calibration page; each
problem is printed with how to fix it. `calibrate --write` stores
this host's photo as the pinned environment's (done once by the project, committed).
"""

from __future__ import annotations

import argparse
import json
import os
import platform as host_os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_revylbench.builder.clock import PINNED_INSTANT, ClockUnpinned, library
from pytest_revylbench.devices import calibration
from pytest_revylbench.devices.rendering import (
    FONT_PACKAGE,
    FONT_VERSION,
    FontsMissing,
    installed_fonts,
    pinned_browser_env,
)

DOCTOR_HELP = "check this host's browsers, drivers, Appium, sandbox, fonts and calibration"
CALIBRATE_HELP = "photograph the calibration page and compare it (or, with --write, store it)"
CHROMIUM_DRIVER = "3.1.1"
FIX_SETUP = "run .ci/setup"


@dataclass(frozen=True)
class Finding:
    name: str
    ok: bool
    detail: str
    fix: str = ""


def _version(argv: list[str]) -> str | None:
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = [ln.strip() for ln in out.stdout.splitlines() if ln.strip()]
    return lines[-1] if out.returncode == 0 and lines else None


def _build_number(text: str) -> str:
    found = re.search(r"(\d+\.\d+\.\d+)\.\d+", text)
    return found.group(1) if found else text


def _browser() -> list[Finding]:
    chromium = _version(["chromium", "--version"])
    driver = _version(["chromedriver", "--version"])
    found = [
        Finding("chromium", chromium is not None, chromium or "not found",
                "" if chromium else f"{FIX_SETUP} (apt-get install chromium)"),
        Finding("chromedriver", driver is not None, driver or "not found",
                "" if driver else f"{FIX_SETUP} (apt-get install chromium-driver)"),
    ]
    if chromium and driver:
        same = _build_number(chromium) == _build_number(driver)
        found.append(Finding("chromium = chromedriver", same,
                             f"{_build_number(chromium)} / {_build_number(driver)}",
                             "" if same else "install chromium and chromium-driver of one version"))
    return found


def _appium(appium_dir: Path, *, chromium: bool) -> list[Finding]:
    binary = appium_dir / "node_modules" / ".bin" / "appium"
    found = [Finding("appium", binary.exists(), str(binary) if binary.exists() else f"{binary} missing",
                     "" if binary.exists() else FIX_SETUP)]
    if not chromium:  # the native drivers are checked with their platform
        return found
    package = appium_dir / "home" / "node_modules" / "appium-chromium-driver" / "package.json"
    try:
        version = json.loads(package.read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        version = None
    found.append(Finding("appium-chromium-driver", version == CHROMIUM_DRIVER,
                         f"{version or 'missing'} (pinned {CHROMIUM_DRIVER})",
                         "" if version == CHROMIUM_DRIVER else FIX_SETUP))
    return found


def _sandbox(host: str | None = None) -> Finding:
    if (host or host_os.system()) == "Darwin":
        # bubblewrap is Linux's; a Mac builds iOS apps unsandboxed, and says so in the grade.
        return Finding("sandbox", True, "none on macOS: grade with --allow-untrusted-native; "
                       "grades are marked dev-untrusted")
    if shutil.which("bwrap") is None:
        return Finding("bubblewrap", False, "bwrap not found", f"{FIX_SETUP} (apt-get install bubblewrap)")
    argv = ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-net",
            "--cap-drop", "ALL", "--", "true"]
    try:
        run = subprocess.run(argv, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return Finding("bubblewrap", False, str(exc), "check that user namespaces are allowed")
    if run.returncode:
        return Finding("bubblewrap", False, run.stderr.strip()[:200],
                       "allow unprivileged user namespaces, or grade with --allow-untrusted-native")
    return Finding("bubblewrap", True, "a sandbox without network starts")


def _fonts(fonts_dir: Path) -> Finding:
    try:
        fonts = installed_fonts(fonts_dir)
    except FontsMissing as exc:
        return Finding("fonts", False, str(exc), FIX_SETUP)
    return Finding("fonts", True, f"{FONT_PACKAGE}@{FONT_VERSION}, every file as pinned ({fonts.folder})")


def _clock() -> Finding:
    """libfaketime, which starts every browser and jest run at the grader's instant."""
    try:
        lib = library()
    except ClockUnpinned as exc:
        return Finding("clock", False, str(exc), f"{FIX_SETUP} (apt-get install libfaketime)")
    return Finding("clock", True, f"{PINNED_INSTANT.isoformat()} through {lib}")


def _orphans(reap: bool = False) -> Finding:
    """Processes of a grade whose grader is gone (killed by SIGKILL, say): the next grade
    reaps them; with `reap`, now."""
    from pytest_revylbench.devices.reaper import orphaned_processes, reap_orphaned

    found = reap_orphaned() if reap else orphaned_processes()
    if not found:
        return Finding("orphaned processes", True, "none: every marked process's grader is running")
    shown = "; ".join(orphan.shown() for orphan in found[:10])
    more = "; and " + ", ".join(orphan.named() for orphan in found[10:]) if len(found) > 10 else ""
    if reap:
        return Finding("orphaned processes", True, f"killed {len(found)}: {shown}{more}")
    return Finding("orphaned processes", False, f"{len(found)} whose grader is gone: {shown}{more}",
                   "the next grade kills them, or now: revylbench doctor --reap")


def photograph_here(appium_dir: Path, fonts_dir: Path) -> tuple[bytes, dict[str, Any]]:
    """Start a pinned web device of our own and photograph the calibration page."""
    from pytest_revylbench.builder.clock import pinned_browser
    from pytest_revylbench.devices.appium import AppiumServer
    from pytest_revylbench.devices.web import WebDevice
    from pytest_revylbench.devices.web_browser import CHROMIUM

    scratch = Path(tempfile.mkdtemp(prefix="rvb-"))
    try:
        env = pinned_browser_env(fonts_dir, scratch)
        server = AppiumServer(appium_dir, log=scratch / "appium.log", scratch=scratch,
                              owner=f"revylbench-doctor/main/{os.getpid()}", browser_env=env)
        device = WebDevice(bundle=calibration.PAGE_DIR, appium=server,
                           chromium=str(pinned_browser(CHROMIUM, scratch)))
        try:
            device.start()
            return calibration.photograph(device)
        finally:
            device.stop()
            server.stop()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _calibration(appium_dir: Path, fonts_dir: Path) -> Finding:
    from pytest_revylbench.devices.errors import DeviceError
    from pytest_revylbench.outputs.provenance import calibration_environment

    try:
        photo, observed = photograph_here(appium_dir, fonts_dir)
    except (DeviceError, OSError) as exc:
        return Finding("calibration", False, f"could not photograph the calibration page: {exc}",
                       "fix the checks above first")
    result = calibration.compare(photo, observed, calibration_environment(appium_dir))
    detail = result.status + (": " + "; ".join(result.differences) if result.differences else "")
    return Finding("calibration", result.ok, detail, "" if result.ok else (
        "this host draws differently from the pinned environment: visual items will end "
        "environment_mismatch; install what differs, or re-pin with `revylbench calibrate "
        "--write` and re-capture every oracle (`revylbench oracle`)"))


def _native(platform: str, appium_dir: Path) -> list[Finding]:
    from pytest_revylbench.devices.nativedoctor import native_doctor_checks

    return [Finding(name, ok, "", "" if ok else fix)
            for name, ok, fix in native_doctor_checks(platform, appium_home=appium_dir / "home")]


def diagnose(platform: str, appium_dir: Path, fonts_dir: Path,
             photograph: Callable[[Path, Path], Finding] = _calibration,
             host: str | None = None, reap: bool = False) -> list[Finding]:
    """Every check for `platform`, in the order a grade needs them."""
    # The clock on every platform: the component tests run on it wherever the app does.
    found = [*_appium(appium_dir, chromium=platform == "web"), _sandbox(host), _orphans(reap),
             _clock()]
    if platform == "web":
        found = [*_browser(), *found, _fonts(fonts_dir)]
        stored = (calibration.PAGE_DIR / "web.png").is_file()
        found.append(Finding("stored calibration", stored, str(calibration.PAGE_DIR / "web.png"),
                             "" if stored else "revylbench calibrate --write"))
        if all(f.ok for f in found):
            found.append(photograph(appium_dir, fonts_dir))
    else:
        found += _native(platform, appium_dir)
    return found


def _add_host_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--platform", default="web", choices=("web", "ios", "android"))
    parser.add_argument("--appium-dir", type=Path, default=Path(".revylbench/appium"))
    parser.add_argument("--fonts-dir", type=Path, default=Path(".revylbench/fonts"))


def add_doctor_arguments(parser: argparse.ArgumentParser) -> None:
    _add_host_arguments(parser)
    parser.add_argument("--reap", action="store_true",
                        help="kill the processes of grades whose grader is gone, now")


def run_doctor(args: argparse.Namespace) -> int:
    findings = diagnose(args.platform, args.appium_dir, args.fonts_dir, reap=args.reap)
    width = max(len(f.name) for f in findings)
    for f in findings:
        print(f"{'ok  ' if f.ok else 'FAIL'} {f.name:<{width}}  {f.detail}")
        if not f.ok and f.fix:
            print(f"     {'':<{width}}  fix: {f.fix}")
    bad = [f.name for f in findings if not f.ok]
    print(f"\n{args.platform}: " + (f"{len(bad)} problem(s): {', '.join(bad)}" if bad else "ready to grade"))
    return 1 if bad else 0


def add_calibrate_arguments(parser: argparse.ArgumentParser) -> None:
    _add_host_arguments(parser)
    parser.add_argument("--write", action="store_true",
                        help="store this host's photo as the pinned environment's")


def run_calibrate(args: argparse.Namespace) -> int:
    from pytest_revylbench.outputs.provenance import calibration_environment

    if args.platform != "web":
        print(f"calibration of the {args.platform} device is not implemented")
        return 2
    photo, observed = photograph_here(args.appium_dir, args.fonts_dir)
    environment = calibration_environment(args.appium_dir)
    if args.write:
        print(calibration.write_reference(photo, observed, environment))
        return 0
    result = calibration.compare(photo, observed, environment)
    print(result.status)
    for line in result.differences:
        print(f"  {line}")
    return 0 if result.ok else 1
