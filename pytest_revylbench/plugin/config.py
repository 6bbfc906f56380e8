"""The grade's configuration, resolved once from the options (`GradeConfig.from_pytest`)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import pytest
from pydantic import ValidationError

from pytest_revylbench.app.evidence import DEFAULT_EVIDENCE, EvidenceMode
from pytest_revylbench.builder.pipeline import BUILD_TIMEOUT_S
from pytest_revylbench.builder.sandbox import sandbox_problem
from pytest_revylbench.builder.submission import source_files
from pytest_revylbench.devices.hosttools import host_support
from pytest_revylbench.devices.pool import BUILTIN_WEB_POOL, DEFAULT_POOLS, PoolError, PoolSpec, load_pool
from pytest_revylbench.devices.video import DEFAULT_VIDEO, DEFAULT_VIDEO_BUDGET_MB, VideoMode
from pytest_revylbench.devices.web import DEFAULT_ISOLATION, DEFAULT_PRESS, Isolation, PressMode
from pytest_revylbench.outputs.ledger import LedgerError, check_open
from pytest_revylbench.plugin import options as opt
from pytest_revylbench.plugin.options import Option
from pytest_revylbench.records.task import TaskSpec
from pytest_revylbench.records.vocabulary import Platform
from pytest_revylbench.scoring.pixel_audit import DEFAULT_RATE
from pytest_revylbench.tasks.loading import Task, TaskError, load_task


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
    command_timeout_s: float = 20.0
    """Web: a command of a test (a tap, a probe, a screenshot) the app's page holds longer than
    this is the app's hang (`app_hang`)."""
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
    isolation: Isolation = DEFAULT_ISOLATION
    """How the web device keeps tests apart (see `devices.web.ISOLATIONS`)."""
    presses: PressMode = DEFAULT_PRESS
    """How the web device presses a control (see `devices.web.PRESS_MODES`)."""
    evidence: EvidenceMode = DEFAULT_EVIDENCE
    """When evidence screenshots are taken (see `app.evidence.EVIDENCE_MODES`)."""
    video: VideoMode = DEFAULT_VIDEO
    """Which tests keep a screen recording (see `devices.video.VIDEO_MODES`)."""
    video_budget_mb: float = DEFAULT_VIDEO_BUDGET_MB
    """Megabytes of video the grade keeps (see `outputs.videos.apply_budget`)."""
    pixel_audit: float = DEFAULT_RATE
    """The share of passing text checks the pixel audit reads back (`scoring.pixel_audit`)."""

    @property
    def run_dir(self) -> Path:
        return self.reports / self.run_id

    @classmethod
    def from_pytest(cls, config: pytest.Config, task_id: str) -> GradeConfig:
        """The grade of task `task_id` as the options ask for it; every problem with them is a
        `pytest.UsageError` that names the option, the value and what was expected."""
        platform = cast(Platform, opt.value(config, opt.PLATFORM) or "web")  # parsed: one of PLATFORMS
        try:
            task = load_task(path(config, opt.TASKS_DIR), path(config, opt.SUITES_DIR), task_id)
        except TaskError as exc:
            raise pytest.UsageError(str(exc)) from exc
        if platform not in task.spec.platforms:
            raise pytest.UsageError(
                f"task {task_id!r} does not declare platform {platform!r}; "
                f"its platforms: {', '.join(task.spec.platforms)}"
            )
        task = narrowed(task, opt.value(config, opt.SCHEME), opt.value(config, opt.TIERS))
        submission = _submission(config, task_id)
        cache = opt.value(config, opt.CACHE_DIR) or os.environ.get("REVYLBENCH_CACHE")
        rollout = path(config, opt.ROLLOUT) if opt.value(config, opt.ROLLOUT) else None
        if rollout is not None:
            try:
                check_open(rollout, task.spec.id, task.spec.scoring.scheme)
            except LedgerError as exc:
                raise pytest.UsageError(str(exc)) from exc
        try:
            pool = _pool(config, platform)
        except PoolError as exc:
            raise pytest.UsageError(str(exc)) from exc
        problem = host_support(platform, provider=pool.provider)
        if problem:  # fail fast: no hour-long wait for a simulator this host cannot run
            raise pytest.UsageError(problem)
        return cls(
            task=task,
            pool=pool,
            sandbox=_sandbox(config),
            platform=platform,
            submission=submission,
            reports=path(config, opt.REPORTS),
            run_id=_run_id(config),
            appium_url=opt.value(config, opt.APPIUM_URL),
            check_timeout_s=opt.required(config, opt.CHECK_TIMEOUT),
            build_timeout_s=opt.value(config, opt.BUILD_TIMEOUT) or BUILD_TIMEOUT_S[platform],
            cache_dir=Path(cache).expanduser() if cache else Path.home() / ".cache" / "revylbench",
            appium_dir=path(config, opt.APPIUM_DIR),
            fonts_dir=path(config, opt.FONTS_DIR),
            rollout=rollout,
            agent_started_at=opt.value(config, opt.AGENT_STARTED_AT),
            agent_seconds=opt.value(config, opt.AGENT_SECONDS),
            infra_retries=opt.value(config, opt.INFRA_RETRIES) or 0,
            launch_timeout_s=opt.required(config, opt.LAUNCH_TIMEOUT),
            command_timeout_s=opt.required(config, opt.COMMAND_TIMEOUT),
            functional_timeout_s=opt.required(config, opt.FUNCTIONAL_TIMEOUT),
            grade_timeout_s=opt.required(config, opt.GRADE_TIMEOUT),
            grade_deadline=_deadline(config),
            install_retries=opt.value(config, opt.INSTALL_RETRIES) or 0,
            install_backoff_s=opt.required(config, opt.INSTALL_BACKOFF),
            rebuild=opt.switch(config, opt.REBUILD),
            isolation=cast(Isolation, opt.required(config, opt.ISOLATION)),  # parsed: one of ISOLATIONS
            presses=cast(PressMode, opt.required(config, opt.PRESS)),  # parsed: one of PRESS_MODES
            evidence=cast(EvidenceMode, opt.required(config, opt.EVIDENCE)),  # one of EVIDENCE_MODES
            video=cast(VideoMode, opt.required(config, opt.VIDEO)),  # one of VIDEO_MODES
            video_budget_mb=opt.required(config, opt.VIDEO_BUDGET),
            pixel_audit=opt.required(config, opt.PIXEL_AUDIT),
        )


def path(config: pytest.Config, option: Option[str]) -> Path:
    """A path option: relative to the current folder when given on the command line,
    relative to the ini file's folder when set (or defaulted) in the ini file."""
    value = opt.value(config, option)
    if value is None:
        raise pytest.UsageError(f"{option.flag} (ini {option.ini}) is empty: give it a path")
    given = Path(value).expanduser()
    if given.is_absolute():
        return given
    if opt.from_command_line(config, option) or config.inipath is None:
        return config.invocation_params.dir / given
    return config.inipath.parent / given


def _submission(config: pytest.Config, task_id: str) -> Path:
    """The submitted app's folder: it must exist and hold source files."""
    written = opt.value(config, opt.SUBMISSION)
    if written is None:
        raise pytest.UsageError(f"--task {task_id} needs --submission DIR: the app to grade")
    submission = Path(written).expanduser().resolve()
    if not submission.is_dir():
        raise pytest.UsageError(f"--submission {written!r}: no such folder")
    if next(iter(source_files(submission)), None) is None:
        raise pytest.UsageError(f"--submission {written!r}: the folder has no source files")
    return submission


def narrowed(task: Task, scheme: str | None, tiers: str | None) -> Task:
    """The task as this grade scores it: `--scheme` and `--tiers` applied, re-validated."""
    if scheme is None and tiers is None:
        return task
    data = task.spec.model_dump(by_alias=True)
    if scheme is not None:
        data["scoring"]["scheme"] = scheme
    if tiers is not None:
        wanted = [t.strip() for t in tiers.split(",") if t.strip()]
        unknown = [t for t in wanted if t not in task.spec.tiers]
        if unknown:
            raise pytest.UsageError(f"--tiers: {unknown} are not tiers of task {task.spec.id!r}; "
                                    f"its tiers: {', '.join(task.spec.tiers)}")
        data["tiers"] = [t for t in task.spec.tiers if t in wanted]
    try:
        spec = TaskSpec.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(e["msg"].removeprefix("Value error, ") for e in exc.errors())
        raise pytest.UsageError(f"--scheme/--tiers: the task cannot be scored that way: {problems}") \
            from exc
    return dataclasses.replace(task, spec=spec)


def _sandbox(config: pytest.Config) -> bool:
    """Sandbox when bubblewrap works; otherwise refuse unless untrusted builds are allowed."""
    problem = sandbox_problem()
    if problem is None:
        return True
    if not opt.switch(config, opt.ALLOW_UNTRUSTED_NATIVE):
        raise pytest.UsageError(
            f"grading needs the bubblewrap sandbox, which cannot run here: {problem}; "
            "--allow-untrusted-native builds without it and marks the grade dev-untrusted"
        )
    config.issue_config_time_warning(
        pytest.PytestWarning(
            f"revylbench: building WITHOUT a sandbox ({problem}); this grade is dev-untrusted"
        ),
        stacklevel=2,
    )
    return False


def _pool(config: pytest.Config, platform: Platform) -> PoolSpec:
    if opt.value(config, opt.DEVICE_POOL):
        return load_pool(path(config, opt.DEVICE_POOL), platform)
    default = path(config, opt.DEVICES_DIR) / DEFAULT_POOLS[platform]
    if not default.is_file() and platform == "web":
        return BUILTIN_WEB_POOL  # a project without devices/ still grades on the web
    return load_pool(default, platform)


def _run_id(config: pytest.Config) -> str:
    workerinput = getattr(config, "workerinput", None)
    if workerinput and "revylbench_run_id" in workerinput:
        return str(workerinput["revylbench_run_id"])
    return opt.value(config, opt.RUN_ID) or new_run_id()


def _deadline(config: pytest.Config) -> float:
    """When the grade's limit passes (epoch seconds): the controller's, in every worker."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput and "revylbench_grade_deadline" in workerinput:
        return float(workerinput["revylbench_grade_deadline"])
    return time.time() + opt.required(config, opt.GRADE_TIMEOUT)


def refuse_used_run_folder(grade: GradeConfig, *, collect_only: bool = False) -> None:
    """A grade writes into a run folder of its own: one that already holds files (the same
    `--reports` and `--run-id` as an earlier grade) is refused before anything runs, so no
    earlier grade's screenshots, logs or record mix with this one's."""
    run_dir = grade.run_dir
    if collect_only or not run_dir.is_dir() or not any(run_dir.iterdir()):
        return
    raise pytest.UsageError(
        f"--run-id {grade.run_id}: the run folder {run_dir} already holds an earlier grade's files; "
        "give another --run-id (the default is the time), or remove the folder")


def new_run_id() -> str:
    """A sortable, unique-enough id: UTC time to the microsecond."""
    return dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S_%fZ")


def oracle_dir(grade: GradeConfig) -> Path:
    """Where the reference app's checkpoint screenshots for this platform are kept."""
    return grade.task.suite / "oracle" / grade.platform


class XdistSharing:
    """Gives every xdist worker the controller's run id and deadline, so all write one report
    folder and stop at one time."""

    def __init__(self, run_id: str, deadline: float) -> None:
        self.run_id = run_id
        self.deadline = deadline

    @pytest.hookimpl
    def pytest_configure_node(self, node: Any) -> None:
        node.workerinput["revylbench_run_id"] = self.run_id
        node.workerinput["revylbench_grade_deadline"] = self.deadline
