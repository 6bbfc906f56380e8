"""The grade's configuration, resolved once from options and ini, and the stash keys."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pytest_revylbench.devices.pool import PoolSpec
from pytest_revylbench.records.build import BuildResult
from pytest_revylbench.records.grade import TestResult
from pytest_revylbench.records.vocabulary import PLATFORMS, Platform
from pytest_revylbench.tasks.loading import Task


@dataclass(frozen=True)
class GradeConfig:
    """What to grade and where to write; built once in `pytest_configure`."""

    task: Task
    pool: PoolSpec
    platform: Platform
    submission: Path
    reports: Path
    run_id: str
    appium_url: str | None
    check_timeout_s: float
    build_timeout_s: float
    cache_dir: Path
    appium_dir: Path
    fonts_dir: Path | None = None
    """The pinned fonts the web device draws with (None: the device refuses to start)."""
    rollout: Path | None = None
    """Append this grade to the rollout ledger in this folder."""
    agent_started_at: str | None = None
    agent_seconds: float | None = None
    sandbox: bool = True
    """Build in the bubblewrap sandbox; False only with --allow-untrusted-native."""
    rebuild: bool = False
    """Build even when an identical earlier build is kept."""
    infra_retries: int = 2
    """How many times a test that hit a bench fault is run again on a fresh device."""
    launch_timeout_s: float = 25.0
    """A launch that renders nothing within this is the app's hang (`app_hang`)."""
    functional_timeout_s: float = 240.0
    """The type-check and the hidden jest run together: past this, the app's code hung them."""
    grade_timeout_s: float = 900.0
    """The whole grade: past this, items not yet run end `not_run` (`timeout`)."""
    grade_deadline: float = 0.0
    """Wall-clock time (epoch seconds) the grade's limit passes; the same in every worker."""
    install_retries: int = 2
    """How many times a dependency install that hit a bench fault is run again."""
    install_backoff_s: float = 10.0
    """The wait before the first install retry; each later wait doubles (at most 60 s)."""

    @property
    def run_dir(self) -> Path:
        return self.reports / self.run_id


def new_run_id() -> str:
    """A sortable, unique-enough id: UTC time to the microsecond."""
    return dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S_%fZ")


def check_platform(value: str) -> Platform:
    if value not in PLATFORMS:
        raise pytest.UsageError(
            f"--platform {value!r} is not a platform; valid platforms: {', '.join(PLATFORMS)}"
        )
    return value


@dataclass
class StopNote:
    """What stopped the grade early, filled in by the signal handlers and the limit's timer."""

    reason: str = ""
    """`SIGTERM`, `SIGINT`, or the grade's time limit; empty while nothing stopped it."""
    limit: bool = False
    """The grade's own time limit stopped it."""
    timer: Any = None


grade_config_key = pytest.StashKey[GradeConfig]()
stop_key = pytest.StashKey[StopNote]()
planned_key = pytest.StashKey[list[TestResult]]()
"""Every item the grade collected, as a not-run result (the reporter's list of what to finish)."""
build_result_key = pytest.StashKey[BuildResult]()
test_result_key = pytest.StashKey[TestResult]()


def oracle_dir(grade: GradeConfig) -> Path:
    """Where the reference app's checkpoint screenshots for this platform are kept."""
    return grade.task.suite / "oracle" / grade.platform
