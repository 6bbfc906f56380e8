"""The pytest entry point: options, hooks and wiring. Logic lives in the modules it imports."""

from __future__ import annotations

import dataclasses
import os
import signal
import threading
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from pytest_revylbench.app.hangs import launch_hangs
from pytest_revylbench.builder.sandbox import sandbox_problem
from pytest_revylbench.builder.submission import source_files
from pytest_revylbench.checks.functional import SUFFIX
from pytest_revylbench.devices.hosttools import host_support
from pytest_revylbench.devices.pool import BUILTIN_WEB_POOL, DEFAULT_POOLS, PoolError, PoolSpec, load_pool
from pytest_revylbench.outputs.ledger import LedgerError, check_open, parse_time
from pytest_revylbench.plugin import hookspecs
from pytest_revylbench.plugin.collection import JestFile, TaskTiers
from pytest_revylbench.plugin.config import (
    GradeConfig,
    StopNote,
    check_platform,
    grade_config_key,
    new_run_id,
    oracle_dir,
    planned_key,
    stop_key,
)
from pytest_revylbench.plugin.fixtures import (  # noqa: F401  (fixtures are found by name in this module)
    app,
    recorder_key,
    revylbench_build,
    revylbench_calibration,
    revylbench_grade,
    revylbench_leases,
    revylbench_rack,
    revylbench_source_checks,
    source_checks,
)
from pytest_revylbench.plugin.item_ids import builtin_id, suite_file_id
from pytest_revylbench.plugin.outcomes import PASSED, NotRunInTime, PhaseOutcome, classify
from pytest_revylbench.plugin.reporter import RESULT_PROPERTY, GradeReporter
from pytest_revylbench.plugin.retry import attempt_key, phase_key, run_with_retries
from pytest_revylbench.records.grade import TestResult
from pytest_revylbench.records.task import TaskSpec
from pytest_revylbench.records.vocabulary import TIER_ORDER, Fault, Platform, Verdict
from pytest_revylbench.scoring.stages import StageScheme
from pytest_revylbench.scoring.tiers import TierScheme, VisualScheme
from pytest_revylbench.tasks.loading import Task, TaskError, load_task

# (option, ini name, default, help)
OPTIONS: tuple[tuple[str, str, str | None, str], ...] = (
    ("--task", "revylbench_task", None, "grade this task: run its hidden suite suites/<ID>/"),
    ("--platform", "revylbench_platform", "web", "platform to build for and run on: web, ios, android"),
    ("--submission", "revylbench_submission", None, "folder with the submitted app's source"),
    ("--reports", "revylbench_reports", "reports", "folder for run reports (reports/<run-id>/)"),
    ("--run-id", "revylbench_run_id", None, "name of this run's report folder (default: UTC time)"),
    ("--appium-url", "revylbench_appium_url", None, "use this Appium server instead of starting one"),
    ("--check-timeout", "revylbench_check_timeout", "5", "seconds a check polls before failing"),
    ("--build-timeout", "revylbench_build_timeout", "600", "seconds a build may take in all"),
    ("--tasks-dir", "revylbench_tasks_dir", "tasks", "folder of the public task definitions"),
    ("--suites-dir", "revylbench_suites_dir", "suites", "folder of the hidden suites"),
    ("--devices-dir", "revylbench_devices_dir", "devices", "folder of the default device pools"),
    ("--cache-dir", "revylbench_cache_dir", None,
     "dependency and build cache (default: $REVYLBENCH_CACHE or ~/.cache/revylbench)"),
    ("--appium-dir", "revylbench_appium_dir", ".revylbench/appium",
     "project-local Appium install (node_modules/.bin/appium and its APPIUM_HOME home/)"),
    ("--fonts-dir", "revylbench_fonts_dir", ".revylbench/fonts",
     "the project's install of the web device's pinned fonts (.ci/setup writes it)"),
    ("--rollout", "revylbench_rollout", None,
     "append this grade to the rollout ledger DIR/ledger.jsonl, started with `revylbench rollout "
     "start` (refused when not started, already ended or over budget)"),
    ("--agent-started-at", "revylbench_agent_started_at", None,
     "deprecated: the rollout's start record holds the agent's start (`revylbench rollout start "
     "--agent-started-at`)"),
    ("--agent-seconds", "revylbench_agent_seconds", None,
     "agent working seconds so far, when the harness measures them itself"),
    ("--device-pool", "revylbench_device_pool", None,
     "device pool file (default: devices/local-web.toml, ios-simulators.toml or "
     "android-emulators.toml for the platform)"),
    ("--infra-retries", "revylbench_infra_retries", "2",
     "times a test hit by a bench fault is run again on a fresh device"),
    ("--install-retries", "revylbench_install_retries", "2",
     "times a dependency install that failed by the bench's fault (registry, network, disk) "
     "is run again"),
    ("--install-backoff", "revylbench_install_backoff", "10",
     "seconds before the first install retry; each later wait doubles (at most 60)"),
    ("--scheme", "revylbench_scheme", None,
     "score with this reward scheme instead of the task's (stages, tiers, visual or a project's)"),
    ("--launch-timeout", "revylbench_launch_timeout", "25",
     "seconds a launch may take to render the first screen; past it the app hung (app_hang)"),
    ("--functional-timeout", "revylbench_functional_timeout", "240",
     "seconds each of the type-check and the hidden jest run may take; past it the app hung"),
    ("--grade-timeout", "revylbench_grade_timeout", "900",
     "seconds the whole grade may take; past it items not yet run end not_run (timeout)"),
    ("--tiers", "revylbench_tiers", None,
     "grade only these of the task's tiers, comma-separated (e.g. flow)"),
)

MARKERS = (
    "stage(id): a hidden test that proves one stage of the task; id is a stage id of task.toml",
    "journey: the hidden test of the task's end-to-end journey",
    "tier(name): the reward tier of a subtest: build, functional, flow or contract "
    "(stage and journey tests are flow unless marked)",
)
TIERS = ("build", "functional", "flow", "contract")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("revylbench", "grading apps built by coding agents")
    for flag, ini, default, help_text in OPTIONS:
        dest = ini
        group.addoption(flag, dest=dest, default=None, help=f"{help_text} [ini: {ini}]")
        parser.addini(ini, help=help_text, default=default)
    group.addoption(
        "--allow-untrusted-native", dest="revylbench_allow_untrusted_native", action="store_true",
        default=False, help="build without the bubblewrap sandbox when it cannot run here; the "
        "grade is marked dev-untrusted [ini: revylbench_allow_untrusted_native]")
    parser.addini("revylbench_allow_untrusted_native", help="build unsandboxed if need be",
                  type="bool", default=False)
    group.addoption("--oracle-out", dest="revylbench_oracle_out", default=None, metavar="DIR",
                    help="store the run's visual checkpoint screenshots in DIR as the oracle "
                    "instead of scoring (used by `revylbench oracle`)")
    group.addoption("--rebuild", dest="revylbench_rebuild", action="store_true", default=False,
                    help="build even if an identical earlier build is kept [ini: revylbench_rebuild]")
    parser.addini("revylbench_rebuild", help="always build", type="bool", default=False)


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(hookspecs)


def _setting(config: pytest.Config, ini: str) -> str | None:
    """CLI wins over ini; ini over the default."""
    value = config.getoption(ini)
    if value is None:
        value = config.getini(ini)
    return str(value) if value not in (None, "") else None


def _path(config: pytest.Config, ini: str) -> Path:
    """A path setting: relative to the current folder when given on the command line,
    relative to the ini file's folder when set (or defaulted) in the ini file."""
    value = _setting(config, ini)
    assert value is not None
    path = Path(value).expanduser()
    if path.is_absolute():
        return path
    if config.getoption(ini) is not None or config.inipath is None:
        return config.invocation_params.dir / path
    return config.inipath.parent / path


def _number(config: pytest.Config, ini: str, flag: str) -> float:
    value = _setting(config, ini)
    try:
        number = float(value or "")
    except ValueError:
        number = -1.0
    if number <= 0:
        raise pytest.UsageError(f"{flag} {value!r}: expected a positive number of seconds")
    return number


def _optional_number(config: pytest.Config, ini: str, flag: str) -> float | None:
    return None if _setting(config, ini) is None else _number(config, ini, flag)


def _count(config: pytest.Config, ini: str, flag: str) -> int:
    value = _setting(config, ini) or "0"
    if not value.isdigit():
        raise pytest.UsageError(f"{flag} {value!r}: expected a whole number, 0 or more")
    return int(value)


def _iso_time(config: pytest.Config, ini: str, flag: str) -> str | None:
    value = _setting(config, ini)
    if value is None:
        return None
    try:
        return parse_time(value).isoformat(timespec="seconds")
    except ValueError:
        raise pytest.UsageError(
            f"{flag} {value!r}: expected an ISO time such as 2026-11-30T09:00:00+00:00"
        ) from None


def _sandbox(config: pytest.Config) -> bool:
    """Sandbox when bubblewrap works; otherwise refuse unless untrusted builds are allowed."""
    problem = sandbox_problem()
    if problem is None:
        return True
    allowed = config.getoption("revylbench_allow_untrusted_native") or config.getini(
        "revylbench_allow_untrusted_native"
    )
    if not allowed:
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
    if _setting(config, "revylbench_device_pool"):
        return load_pool(_path(config, "revylbench_device_pool"), platform)
    default = _path(config, "revylbench_devices_dir") / DEFAULT_POOLS[platform]
    if not default.is_file() and platform == "web":
        return BUILTIN_WEB_POOL  # a project without devices/ still grades on the web
    return load_pool(default, platform)


def _run_id(config: pytest.Config) -> str:
    workerinput = getattr(config, "workerinput", None)
    if workerinput and "revylbench_run_id" in workerinput:
        return str(workerinput["revylbench_run_id"])
    return _setting(config, "revylbench_run_id") or new_run_id()


def _deadline(config: pytest.Config) -> float:
    """When the grade's limit passes (epoch seconds): the controller's, in every worker."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput and "revylbench_grade_deadline" in workerinput:
        return float(workerinput["revylbench_grade_deadline"])
    return time.time() + _number(config, "revylbench_grade_timeout", "--grade-timeout")


def _narrowed(task: Task, scheme: str | None, tiers: str | None) -> Task:
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


def resolve_grade_config(config: pytest.Config, task_id: str) -> GradeConfig:
    platform = check_platform(_setting(config, "revylbench_platform") or "web")
    try:
        task = load_task(
            _path(config, "revylbench_tasks_dir"), _path(config, "revylbench_suites_dir"), task_id
        )
    except TaskError as exc:
        raise pytest.UsageError(str(exc)) from exc
    if platform not in task.spec.platforms:
        raise pytest.UsageError(
            f"task {task_id!r} does not declare platform {platform!r}; "
            f"its platforms: {', '.join(task.spec.platforms)}"
        )
    task = _narrowed(task, _setting(config, "revylbench_scheme"), _setting(config, "revylbench_tiers"))
    submission_arg = _setting(config, "revylbench_submission")
    if submission_arg is None:
        raise pytest.UsageError(f"--task {task_id} needs --submission DIR: the app to grade")
    submission = Path(submission_arg).expanduser().resolve()
    if not submission.is_dir():
        raise pytest.UsageError(f"--submission {submission_arg!r}: no such folder")
    if next(iter(source_files(submission)), None) is None:
        raise pytest.UsageError(f"--submission {submission_arg!r}: the folder has no source files")
    cache = _setting(config, "revylbench_cache_dir") or os.environ.get("REVYLBENCH_CACHE")
    rollout = _setting(config, "revylbench_rollout")
    rollout_dir = _path(config, "revylbench_rollout") if rollout else None
    if rollout_dir is not None:
        try:
            check_open(rollout_dir, task.spec.id, task.spec.scoring.scheme)
        except LedgerError as exc:
            raise pytest.UsageError(str(exc)) from exc
    try:
        pool = _pool(config, platform)
    except PoolError as exc:
        raise pytest.UsageError(str(exc)) from exc
    problem = host_support(platform, provider=pool.provider)
    if problem:  # fail fast: no hour-long wait for a simulator this host cannot run
        raise pytest.UsageError(problem)
    return GradeConfig(
        task=task,
        pool=pool,
        sandbox=_sandbox(config),
        platform=platform,
        submission=submission,
        reports=_path(config, "revylbench_reports"),
        run_id=_run_id(config),
        appium_url=_setting(config, "revylbench_appium_url"),
        check_timeout_s=_number(config, "revylbench_check_timeout", "--check-timeout"),
        build_timeout_s=_number(config, "revylbench_build_timeout", "--build-timeout"),
        cache_dir=Path(cache).expanduser() if cache else Path.home() / ".cache" / "revylbench",
        appium_dir=_path(config, "revylbench_appium_dir"),
        fonts_dir=_path(config, "revylbench_fonts_dir"),
        rollout=rollout_dir,
        agent_started_at=_iso_time(config, "revylbench_agent_started_at", "--agent-started-at"),
        agent_seconds=_optional_number(config, "revylbench_agent_seconds", "--agent-seconds"),
        infra_retries=_count(config, "revylbench_infra_retries", "--infra-retries"),
        launch_timeout_s=_number(config, "revylbench_launch_timeout", "--launch-timeout"),
        functional_timeout_s=_number(config, "revylbench_functional_timeout", "--functional-timeout"),
        grade_timeout_s=_number(config, "revylbench_grade_timeout", "--grade-timeout"),
        grade_deadline=_deadline(config),
        install_retries=_count(config, "revylbench_install_retries", "--install-retries"),
        install_backoff_s=_number(config, "revylbench_install_backoff", "--install-backoff"),
        rebuild=bool(config.getoption("revylbench_rebuild") or config.getini("revylbench_rebuild")),
    )


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    # pytest chooses its rootdir and ini file before plugins add their options, so in
    # `--submission DIR` (or `--reports DIR` …) it takes DIR for a test path and may root
    # itself there (or in the folder DIR shares with this one), or even read the settings of
    # another project above DIR.
    here = config.invocation_params.dir
    if config.rootpath == here or (config.inipath is not None and config.rootpath in here.parents):
        return
    for flag, ini, _default, _help in OPTIONS:
        value = config.getoption(ini)
        if value is None or not flag.endswith(("-dir", "-pool", "submission", "reports", "rollout")):
            continue
        folder = (here / str(value)).resolve()
        if config.rootpath != folder and config.rootpath not in folder.parents:
            continue
        if config.inipath is not None:
            raise pytest.UsageError(
                f"pytest read `{flag} {value}` as a test path and took its settings from "
                f"{config.inipath}; write `{flag}={value}` (with `=`) instead"
            )
        # No settings were picked up, only the rootdir moved: root pytest here again, so the
        # terminal shows each item's id (item_ids) rather than a path climbing out of this
        # folder to it, and pytest's cache stays out of DIR (a submission's digest would change).
        # pytest has no public setter: the rootdir is decided before any plugin can speak.
        config._rootpath = here
        cache = here / ".pytest_cache"
        config.option.override_ini = [*(config.option.override_ini or []), f"cache_dir={cache}"]
        return


def _stop_cleanly_on_signals(stop: StopNote) -> None:
    """A CI timeout or a harness ends a grade with SIGTERM: treat it like Ctrl-C, so every
    fixture finalizer runs, no Appium server or browser outlives the grade, and the grade's
    record says what stopped it."""
    if threading.current_thread() is not threading.main_thread():
        return

    def interrupt(signum: int, frame: object) -> None:
        if not stop.reason:
            stop.reason = signal.Signals(signum).name
        raise KeyboardInterrupt(f"signal {signum}")

    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:  # else a harness or xdist handles it
        signal.signal(signal.SIGTERM, interrupt)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, interrupt)


GRADE_LIMIT_GRACE_S = 30.0
"""After the grade's limit, the item running then has this long to end before the grade is
stopped (its record written as interrupted)."""


def _watch_grade_limit(grade: GradeConfig, stop: StopNote) -> None:
    """Stop the grade (as a SIGTERM would) once its limit and the grace after it have passed."""
    if threading.current_thread() is not threading.main_thread():
        return

    def expire() -> None:
        stop.reason = f"the grade's time limit ({grade.grade_timeout_s:.0f} s, --grade-timeout)"
        stop.limit = True
        os.kill(os.getpid(), signal.SIGTERM)

    timer = threading.Timer(max(0.0, grade.grade_deadline - time.time()) + GRADE_LIMIT_GRACE_S, expire)
    timer.daemon = True
    timer.start()
    stop.timer = timer


class SourceChecksAhead:
    """Starts the source checks (tsc, jest: CPU work) in a thread when the session starts, so
    they run while the device tests wait on the browser; the fixture then only waits."""

    def __init__(self, grade: GradeConfig) -> None:
        self.grade = grade
        self.thread: threading.Thread | None = None

    @pytest.hookimpl(trylast=True)
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        wanted = any("revylbench_source_checks" in getattr(i, "fixturenames", ()) for i in session.items)
        if wanted and not session.config.option.collectonly:
            self.thread = threading.Thread(target=self._run, name="revylbench-source-checks", daemon=True)
            self.thread.start()

    def _run(self) -> None:
        try:
            source_checks(self.grade)
        except Exception:  # the fixture runs them again and reports the error on its items
            pass

    @pytest.hookimpl
    def pytest_sessionfinish(self, exitstatus: int) -> None:
        # An interrupted grade does not wait: the sandboxed steps die with this process. Else
        # the wait is bounded: each check has its own limit, the install the build's.
        if self.thread is not None and exitstatus != pytest.ExitCode.INTERRUPTED:
            self.thread.join(timeout=self.grade.build_timeout_s + 2 * self.grade.functional_timeout_s)


class _XdistRunId:
    """Gives every xdist worker the controller's run id, so all write one report folder."""

    def __init__(self, run_id: str, deadline: float) -> None:
        self.run_id = run_id
        self.deadline = deadline

    @pytest.hookimpl
    def pytest_configure_node(self, node: Any) -> None:
        node.workerinput["revylbench_run_id"] = self.run_id
        node.workerinput["revylbench_grade_deadline"] = self.deadline


def pytest_configure(config: pytest.Config) -> None:
    for marker in MARKERS:
        config.addinivalue_line("markers", marker)
    config.pluginmanager.register(StageScheme(), "revylbench-stage-scheme")
    config.pluginmanager.register(TierScheme(), "revylbench-tier-scheme")
    task_id = _setting(config, "revylbench_task")
    if task_id is None:
        return
    grade = resolve_grade_config(config, task_id)
    config.stash[grade_config_key] = grade
    stop = config.stash[stop_key] = StopNote()
    _stop_cleanly_on_signals(stop)
    if not config.option.collectonly:
        _watch_grade_limit(grade, stop)
    if set(grade.task.spec.tiers) & {"build", "functional"} and not config.getoption(
            "revylbench_oracle_out", None):
        config.pluginmanager.register(SourceChecksAhead(grade), "revylbench-source-checks-ahead")
    if config.args_source is not pytest.Config.ArgsSource.ARGS:
        config.args = [str(grade.task.suite)]
        if set(grade.task.spec.tiers) & {"build", "contract", "visual"}:
            config.args.append(str(grade.task.folder / "task.toml"))
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(
            VisualScheme(grade.run_dir, oracle_dir(grade)), "revylbench-visual-scheme"
        )
        config.pluginmanager.register(GradeReporter(config, grade), "revylbench-grade-reporter")
        if config.pluginmanager.hasplugin("xdist"):
            config.pluginmanager.register(_XdistRunId(grade.run_id, grade.grade_deadline),
                                          "revylbench-xdist-run-id")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    grade = parent.config.stash.get(grade_config_key, None)
    if grade is None:
        return None
    spec = grade.task.spec
    if file_path == grade.task.folder / "task.toml":
        return TaskTiers.from_parent(parent, path=file_path, grade=grade, nodeid=builtin_id(spec.id))
    if (file_path.name.endswith(SUFFIX) and file_path.parent == grade.task.suite / "functional"
            and "functional" in spec.tiers):
        return JestFile.from_parent(parent, path=file_path,
                                    nodeid=suite_file_id(spec.id, grade.task.suite, file_path))
    return None


def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector) -> pytest.Module | None:
    """A module of the hidden suite gets its task-rooted id (`budget/test_budget.py`)."""
    grade = parent.config.stash.get(grade_config_key, None)
    if grade is None:
        return None
    nodeid = suite_file_id(grade.task.spec.id, grade.task.suite, module_path)
    return None if nodeid is None else pytest.Module.from_parent(parent, path=module_path, nodeid=nodeid)


def _tier(item: pytest.Item, role: str) -> str | None:
    marker = item.get_closest_marker("tier")
    if marker is not None:
        name = str(marker.args[0]) if marker.args else ""
        if name not in TIER_ORDER:
            raise pytest.UsageError(
                f"{item.nodeid}: @tier({name!r}) is not a tier; tiers: {', '.join(TIER_ORDER)}"
            )
        return name
    return "flow" if role in ("stage", "journey") else None


def _role(item: pytest.Item, grade: GradeConfig) -> tuple[str, str | None]:
    stage = item.get_closest_marker("stage")
    if stage is not None:
        return "stage", str(stage.args[0]) if stage.args else None
    if item.get_closest_marker("journey") is not None:
        return "journey", grade.task.spec.journey.id
    return "other", None


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    grade = config.stash.get(grade_config_key, None)
    if grade is None:
        return
    stage_ids = [s.id for s in grade.task.spec.stages]
    spec = grade.task.spec
    present = set() if "build" in spec.tiers else {"build"}  # else the build's own subtest
    for item in items:
        role, stage = _role(item, grade)
        tier = _tier(item, role)
        if tier is not None:
            present.add(tier)
        if role == "stage" and stage not in stage_ids:
            raise pytest.UsageError(
                f"{item.nodeid}: @stage({stage!r}) names no stage of "
                f"{grade.task.folder / 'task.toml'}; its stages: {', '.join(stage_ids)}"
            )
    # The source checks (tsc, jest) run in the background from the session's start: their items
    # go last, so the device items never queue behind them.
    items.sort(key=lambda i: "revylbench_source_checks" in getattr(i, "fixturenames", ()))
    collected_cleanly = not session.testsfailed  # else the collection error is the news
    if (spec.scoring.scheme == "tiers" and collected_cleanly
            and not config.getoption("revylbench_oracle_out", None)):
        weights = spec.scoring.tiers.model_dump()
        missing = [t for t in TIERS if weights.get(t, 0) > 0 and t not in present]
        if missing:
            raise pytest.UsageError(
                f"{grade.task.folder / 'task.toml'}: field scoring.tiers: "
                + ", ".join(f"{t} (weight {weights[t]})" for t in missing)
                + " has no subtests in the suite: not implemented for this task; give it "
                "weight 0 or add tests marked @tier(...)"
            )


_duration_key = pytest.StashKey[float]()


def pytest_collection_finish(session: pytest.Session) -> None:
    grade = session.config.stash.get(grade_config_key, None)
    if grade is None:
        return
    planned = []
    for item in session.items:
        role, stage = _role(item, grade)
        planned.append(TestResult(nodeid=item.nodeid, name=item.name, role=role, stage=stage,
                                  tier=_tier(item, role), verdict=Verdict.NOT_RUN,
                                  fault=Fault.NO_REPORT, reason="not run: the grade stopped first"))
    session.config.stash[planned_key] = planned


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    grade = item.config.stash.get(grade_config_key, None)
    if grade is None or time.time() < grade.grade_deadline:
        return
    hung = launch_hangs(grade.run_dir) > 0
    raise NotRunInTime(
        f"the grade's time limit ({grade.grade_timeout_s:.0f} s, --grade-timeout) passed first"
        + ("; the app had hung" if hung else ""),
        Fault.APP_HANG if hung else Fault.TIMEOUT,
    )


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
    grade = item.config.stash.get(grade_config_key, None)
    if grade is None:
        return None
    run_with_retries(item, nextitem, grade.infra_retries)
    return True


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    grade = item.config.stash.get(grade_config_key, None)
    if grade is None:
        return report
    phases = item.stash.setdefault(phase_key, {})
    if call.excinfo is not None:
        if report.skipped:
            phases[call.when] = PhaseOutcome(Verdict.NOT_RUN, None, f"skipped: {call.excinfo.value}")
        else:
            phases[call.when] = classify(call.excinfo.value)
    elif call.when == "call":
        phases[call.when] = PASSED
    if call.when == "call":
        item.stash[_duration_key] = report.duration
    if call.when == "teardown":
        report.user_properties.append((RESULT_PROPERTY, _result(item, grade, phases, report)))
    return report


def _result(
    item: pytest.Item, grade: GradeConfig, phases: dict[str, PhaseOutcome], report: pytest.TestReport
) -> str:
    outcome = phases.get("setup") or phases.get("call") or PhaseOutcome(
        Verdict.NOT_RUN, None, "not run"
    )
    if outcome.verdict is Verdict.PASS and "teardown" in phases:
        outcome = phases["teardown"]
    role, stage = _role(item, grade)
    tier = _tier(item, role)
    recorder = item.stash.get(recorder_key, None)
    result = TestResult(
        nodeid=item.nodeid, name=item.name, role=role, stage=stage, tier=tier,
        verdict=outcome.verdict, fault=outcome.fault, reason=outcome.reason,
        duration_s=round(float(item.stash.get(_duration_key, 0.0)), 3),
        evidence=tuple(recorder.evidence) if recorder else (),
        console_errors=tuple(recorder.console_errors) if recorder else (),
        bench_s=recorder.bench_seconds if recorder else 0.0,
        device=recorder.device if recorder else None,
        attempts=item.stash.get(attempt_key, 1),
        screenshots=tuple(recorder.screenshots) if recorder else (),
    )
    return result.model_dump_json()
