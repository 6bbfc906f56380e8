"""Provenance: what exactly produced a grade, as sha256 digests and tool versions.

Every number in a grade can be traced to the task's public files, the hidden suite, the
submission, the oracle, the grader's own code and the environment it ran in.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import platform
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from pytest_revylbench.builder.clock import clock_record
from pytest_revylbench.builder.submission import digest as submission_digest
from pytest_revylbench.builder.submission import tree_digest
from pytest_revylbench.devices.native_signs import visible_signs
from pytest_revylbench.devices.pinning import NATIVE_PLATFORMS, pinned_settings
from pytest_revylbench.devices.rendering import rendering_record
from pytest_revylbench.devices.web_browser import (
    CHROMIUM_ARGS,
    PHONE,
    QUIET_UI_FLAGS,
    UNSEEN_FLAGS,
    phone_record,
)
from pytest_revylbench.tasks.digests import reference_digest
from pytest_revylbench.tasks.digests import suite_digest as suite_digest
from pytest_revylbench.tasks.digests import task_digest as task_digest
from pytest_revylbench.tasks.loading import Task

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
DIGEST_KEYS = ("task", "suite", "submission", "oracle", "grader", "environment")
"""The digests a grade records; a rollout refuses to mix those in `records.ledger.COMPARED`."""


def _sha(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def grader_digest() -> str:
    """The grader a grade (or a re-judging) was made with: its version and its source tree."""
    return _sha((metadata.version("pytest-revylbench") + "\n" + tree_digest(PACKAGE_ROOT)).encode())


def _command_version(argv: list[str]) -> str:
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return "missing"
    lines = [ln for ln in out.stdout.splitlines() if ln.strip()]
    return lines[-1].strip() if lines else "missing"


def _package_version(package_json: Path) -> str:
    try:
        return str(json.loads(package_json.read_text())["version"])
    except (OSError, ValueError, KeyError):
        return "missing"


@functools.cache
def environment(appium_dir: Path) -> dict[str, str]:
    """Versions of everything a grade ran on; computed once per process."""
    home = appium_dir / "home" / "node_modules"
    versions = {
        "python": sys.version.split()[0],
        "os": f"{platform.system()} {platform.release()} {platform.machine()}",
        "node": _command_version(["node", "--version"]),
        "appium": _package_version(appium_dir / "node_modules" / "appium" / "package.json"),
        "appium-chromium-driver": _package_version(home / "appium-chromium-driver" / "package.json"),
        "chromium": _command_version(["chromium", "--version"]),
        "chromedriver": _command_version(["chromedriver", "--version"]),
        "bubblewrap": _command_version(["bwrap", "--version"]),
        "libfaketime": _command_version(["dpkg-query", "-W", "-f", "${Version}", "libfaketime"]),
        # The instant every device browser and component test run starts at (builder/clock.py).
        "clock": json.dumps(clock_record(), sort_keys=True),
        "pytest-revylbench": metadata.version("pytest-revylbench"),
        # Fonts (each file's sha256), fontconfig, pixel flags, metrics, locale, time zone
        # and media: everything besides the versions above that decides the web device's pixels.
        "web-rendering": _sha(json.dumps(web_rendering(), sort_keys=True).encode()),
        "web-calibration": _calibration_sha(),
        # Browser-UI pages turned off, which decide no pixel (devices/web_browser.QUIET_UI_FLAGS).
        "web-browser-ui": " ".join(QUIET_UI_FLAGS),
        # What keeps the browser's automation out of the page's sight (devices/web_browser.UNSEEN_FLAGS),
        # deciding no pixel.
        "web-unseen": " ".join(UNSEEN_FLAGS),
        # Who the phone says it is (user agent, navigator.platform, client hints;
        # devices/web_browser.phone_identity), deciding no pixel.
        "web-phone": phone_record(),
        # What the iOS simulator and the Android emulator pin after boot (devices/pinning.py),
        # written out so grade.json shows it.
        **{f"{name}-pinning": json.dumps(pinned_settings(name), sort_keys=True)
           for name in NATIVE_PLATFORMS},
        # What an app can still see of XCUITest or UiAutomator2 (devices/native_signs.py),
        # so a grade says what its app could have told apart.
        **{f"{name}-visible-signs": json.dumps(visible_signs(name), sort_keys=True)
           for name in NATIVE_PLATFORMS},
    }
    if sys.platform == "darwin":
        versions["xcode"] = _command_version(["xcodebuild", "-version"])
    if os.environ.get("ANDROID_HOME"):
        versions["android-emulator"] = _command_version(["emulator", "-version"])
    return versions


def web_rendering() -> dict[str, object]:
    """The web device's pinned rendering record (`devices/rendering.py`)."""
    return rendering_record(CHROMIUM_ARGS, dict(PHONE))


def _calibration_sha() -> str:
    from pytest_revylbench.devices.calibration import PAGE_DIR

    stored = PAGE_DIR / "web.png"
    return _sha(stored.read_bytes()) if stored.is_file() else "missing"


def calibration_environment(appium_dir: Path) -> dict[str, str]:
    """What a calibration photo is recorded against: the browser's versions and the pinned
    rendering, so a mismatch can say which of them moved."""
    env = environment(appium_dir)
    return {key: env[key] for key in ("chromium", "chromedriver", "appium-chromium-driver",
                                      "web-rendering")}


def grade_digests(
    task: Task, submission: Path, appium_dir: Path
) -> tuple[dict[str, str], dict[str, str]]:
    """(digests by DIGEST_KEYS, environment versions) of one grade."""
    env = environment(appium_dir)
    oracle = task.suite / "oracle"
    oracle_parts = [reference_digest(task)]
    if oracle.is_dir():
        oracle_parts.append(tree_digest(oracle))
    digests = {
        "task": task_digest(task),
        "suite": suite_digest(task),
        "submission": submission_digest(submission),
        "oracle": _sha("\n".join(oracle_parts).encode()),
        "grader": grader_digest(),
        "environment": _sha(json.dumps(env, sort_keys=True).encode()),
    }
    return digests, env
