"""The grade's configuration, resolved once from options and ini, and the stash keys."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

import pytest

from .devices.pool import PoolSpec
from .models import PLATFORMS, BuildResult, Platform, TestResult
from .tasks import Task


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


grade_config_key = pytest.StashKey[GradeConfig]()
build_result_key = pytest.StashKey[BuildResult]()
test_result_key = pytest.StashKey[TestResult]()


def oracle_dir(grade: GradeConfig) -> Path:
    """Where the reference app's checkpoint screenshots for this platform are kept."""
    return grade.task.suite / "oracle" / grade.platform
