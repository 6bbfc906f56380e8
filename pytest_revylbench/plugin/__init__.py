"""The pytest entry point: hooks and wiring only. Logic lives in the modules it imports."""

from __future__ import annotations

import time
from collections.abc import Generator
from pathlib import Path

import pytest

from pytest_revylbench.app.hangs import launch_hangs
from pytest_revylbench.checks.functional import SUFFIX
from pytest_revylbench.plugin import hookspecs
from pytest_revylbench.plugin import options as opt
from pytest_revylbench.plugin.checks_ahead import SourceChecksAhead
from pytest_revylbench.plugin.collection import JestFile, TaskTiers, running_order
from pytest_revylbench.plugin.config import GradeConfig, XdistSharing, oracle_dir, refuse_used_run_folder
from pytest_revylbench.plugin.fixtures import (  # noqa: F401  (fixtures are found by name in this module)
    app,
    revylbench_build,
    revylbench_calibration,
    revylbench_grade,
    revylbench_leases,
    revylbench_rack,
    revylbench_source_checks,
)
from pytest_revylbench.plugin.item_ids import builtin_id, suite_file_id
from pytest_revylbench.plugin.keys import grade_config_key, planned_key, stop_key
from pytest_revylbench.plugin.outcomes import NotRunInTime
from pytest_revylbench.plugin.reporter import RESULT_PROPERTY, GradeReporter
from pytest_revylbench.plugin.results import planned, record_phase, result_json
from pytest_revylbench.plugin.retry import run_with_retries
from pytest_revylbench.plugin.roles import check_roles
from pytest_revylbench.plugin.rootdir import undo_misread_path_options
from pytest_revylbench.plugin.stopping import (
    StopGuard,
    StopNote,
    release,
    stop_cleanly_on_signals,
    watch_grade_limit,
)
from pytest_revylbench.records.vocabulary import Fault, Tier
from pytest_revylbench.scoring.stages import StageScheme
from pytest_revylbench.scoring.tiers import TierScheme, VisualScheme
from pytest_revylbench.tasks.items import BUILTIN_TIERS

MARKERS = (
    "stage(id): a hidden test that proves one stage of the task; id is a stage id of task.toml",
    "journey: the hidden test of the task's end-to-end journey",
    "tier(name): the reward tier of a subtest: build, functional, flow or contract "
    "(stage and journey tests are flow unless marked)",
)


def pytest_addoption(parser: pytest.Parser) -> None:
    opt.add_options(parser)


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(hookspecs)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    undo_misread_path_options(config)


def pytest_configure(config: pytest.Config) -> None:
    for marker in MARKERS:
        config.addinivalue_line("markers", marker)
    config.pluginmanager.register(StageScheme(), "revylbench-stage-scheme")
    config.pluginmanager.register(TierScheme(), "revylbench-tier-scheme")
    task_id = opt.value(config, opt.TASK)
    if task_id is None:
        return
    grade = GradeConfig.from_pytest(config, task_id)
    config.stash[grade_config_key] = grade
    stop = config.stash[stop_key] = StopNote()
    stop_cleanly_on_signals(stop)
    config.pluginmanager.register(StopGuard(stop), "revylbench-stop-guard")
    if not config.option.collectonly:
        watch_grade_limit(grade.grade_timeout_s, grade.grade_deadline, stop)
    oracle_out = opt.value(config, opt.ORACLE_OUT)
    if set(grade.task.spec.tiers) & {Tier.BUILD, Tier.FUNCTIONAL} and not oracle_out:
        config.pluginmanager.register(SourceChecksAhead(grade), "revylbench-source-checks-ahead")
    if config.args_source is not pytest.Config.ArgsSource.ARGS:
        config.args = [str(grade.task.suite)]
        if set(grade.task.spec.tiers) & set(BUILTIN_TIERS):
            config.args.append(str(grade.task.folder / "task.toml"))
    if not hasattr(config, "workerinput"):
        refuse_used_run_folder(grade, collect_only=config.option.collectonly)
        config.pluginmanager.register(
            VisualScheme(grade.run_dir, oracle_dir(grade)), "revylbench-visual-scheme"
        )
        config.pluginmanager.register(GradeReporter(config, grade), "revylbench-grade-reporter")
        if config.pluginmanager.hasplugin("xdist"):
            config.pluginmanager.register(XdistSharing(grade.run_id, grade.grade_deadline),
                                          "revylbench-xdist-run-id")


def pytest_unconfigure(config: pytest.Config) -> None:
    stop = config.stash.get(stop_key, None)
    if stop is not None:
        release(stop)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """A grade under `-n N` with xdist's default `--dist load` is scheduled by
    `scheduling.ScreenScheduling`: `load`, except that a screen's visual items go to one
    worker together. Another `--dist` is left as asked."""
    if config.stash.get(grade_config_key, None) is None or config.getoption("dist") != "load":
        return None
    from pytest_revylbench.plugin.scheduling import ScreenScheduling

    scheduler: object = ScreenScheduling(config, log)
    return scheduler


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    grade = parent.config.stash.get(grade_config_key, None)
    if grade is None:
        return None
    spec = grade.task.spec
    if file_path == grade.task.folder / "task.toml":
        return TaskTiers.from_parent(parent, path=file_path, grade=grade, nodeid=builtin_id(spec.id))
    if (file_path.name.endswith(SUFFIX) and file_path.parent == grade.task.suite / "functional"
            and Tier.FUNCTIONAL in spec.tiers):
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


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    grade = config.stash.get(grade_config_key, None)
    if grade is None:
        return
    running_order(items)
    collected_cleanly = not session.testsfailed  # else the collection error is the news
    check_roles(items, grade, require_weighted_tiers=collected_cleanly
                and not opt.value(config, opt.ORACLE_OUT))


def pytest_collection_finish(session: pytest.Session) -> None:
    grade = session.config.stash.get(grade_config_key, None)
    if grade is not None:
        session.config.stash[planned_key] = planned(session.items, grade)


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
    record_phase(item, call, report)
    if call.when == "teardown":
        report.user_properties.append((RESULT_PROPERTY, result_json(item, grade)))
    return report
