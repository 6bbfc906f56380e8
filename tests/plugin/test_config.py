"""`GradeConfig.from_pytest` and the option parsers, called directly (no grade is run)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pytest_revylbench.plugin import options as opt
from pytest_revylbench.plugin.config import GradeConfig


@pytest.mark.parametrize(("parse", "written", "value"), [
    (opt.positive_seconds, "0.5", 0.5),
    (opt.positive_seconds, "600", 600.0),
    (opt.whole_number, "0", 0),
    (opt.whole_number, "12", 12),
    (opt.iso_time, "2026-11-30T09:00:00Z", "2026-11-30T09:00:00+00:00"),
    (opt.one_of(("web", "ios")), "ios", "ios"),
])
def test_parsers_turn_the_written_value_into_the_typed_one(
    parse: Callable[[str], object], written: str, value: object
) -> None:
    assert parse(written) == value


@pytest.mark.parametrize(("parse", "written"), [
    (opt.positive_seconds, "0"), (opt.positive_seconds, "-1"), (opt.positive_seconds, "nan"),
    (opt.positive_seconds, ""), (opt.whole_number, "-1"), (opt.whole_number, "2.0"),
    (opt.whole_number, ""), (opt.iso_time, "30/11/2026"), (opt.one_of(("web",)), "Web"),
])
def test_parsers_refuse_saying_what_they_expected(
    parse: Callable[[str], object], written: str
) -> None:
    with pytest.raises(ValueError, match=f"expected .*got {written!r}"):
        parse(written)


def test_every_option_is_declared_once_with_its_ini_twin() -> None:
    flags = [o.flag for o in opt.ALL]
    assert len(flags) == len(set(flags)) == 36
    assert all(o.dest == "revylbench_" + o.flag.removeprefix("--").replace("-", "_") for o in opt.ALL)
    assert {o.flag for o in opt.PATH_OPTIONS} == {
        "--submission", "--reports", "--tasks-dir", "--suites-dir", "--devices-dir", "--cache-dir",
        "--appium-dir", "--fonts-dir", "--rollout", "--device-pool",
    }
    for option in opt.ALL:  # a default is written as an ini file would write it, and parses
        if isinstance(option, opt.Option) and option.default is not None:
            option.parse(option.default)


def _grade(demo_task: pytest.Pytester, *args: str) -> GradeConfig:
    config = demo_task.parseconfig(*args)
    return GradeConfig.from_pytest(config, "demo")


def test_defaults_without_an_ini_file(demo_task: pytest.Pytester) -> None:
    grade = _grade(demo_task, "--submission=submission", "--run-id=r1")
    here = demo_task.path
    assert (grade.platform, grade.run_id, grade.run_dir) == ("web", "r1", here / "reports/r1")
    assert grade.submission == (here / "submission").resolve()
    assert (grade.appium_dir, grade.fonts_dir) == (here / ".revylbench/appium", here / ".revylbench/fonts")
    assert (grade.check_timeout_s, grade.build_timeout_s, grade.launch_timeout_s) == (5.0, 600.0, 25.0)
    assert (grade.command_timeout_s, grade.functional_timeout_s, grade.grade_timeout_s) == (
        20.0, 240.0, 900.0)
    assert (grade.infra_retries, grade.install_retries, grade.install_backoff_s) == (2, 2, 10.0)
    assert (grade.rollout, grade.agent_seconds, grade.agent_started_at, grade.rebuild) == (
        None, None, None, False)


def test_paths_resolve_against_the_ini_files_folder_or_the_current_one(
    demo_task: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An ini value (or default) is relative to the ini file; a command-line one to the folder
    pytest was started in."""
    demo_task.makeini("[pytest]\nrevylbench_reports = out\nrevylbench_fonts_dir = /opt/fonts\n")
    sub = demo_task.mkdir("sub")
    monkeypatch.chdir(sub)
    grade = _grade(demo_task, "--submission=../submission", "--appium-dir=appium")
    assert grade.reports == demo_task.path / "out"
    assert grade.appium_dir == sub / "appium"
    assert grade.fonts_dir == Path("/opt/fonts")
    assert grade.task.folder == demo_task.path / "tasks/demo"
    grade = _grade(demo_task, "--submission=../submission", "--reports=mine")
    assert grade.reports == sub / "mine"
    assert grade.appium_dir == demo_task.path / ".revylbench/appium"


def test_tiers_narrow_the_task_and_an_unknown_tier_is_refused(demo_task: pytest.Pytester) -> None:
    toml = demo_task.path / "tasks/demo/task.toml"
    toml.write_text(toml.read_text().replace('platforms = ["web"]',
                                             'platforms = ["web"]\ntiers = ["build", "flow"]'))
    assert _grade(demo_task, "--submission=submission", "--tiers=flow").task.spec.tiers == ("flow",)
    with pytest.raises(pytest.UsageError, match=r"--tiers: \['visual'\] are not tiers of task 'demo'; "
                       "its tiers: build, flow"):
        _grade(demo_task, "--submission=submission", "--tiers=flow,visual")


@pytest.mark.parametrize(("platform", "limit"), [("web", 600.0), ("android", 1800.0), ("ios", 2700.0)])
def test_the_build_limit_defaults_per_platform_and_the_option_wins(
    demo_task: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, platform: str, limit: float
) -> None:
    """A cold `pod install` plus a Release `xcodebuild`, or a cold Gradle run, takes far longer
    than a web export: 600 s would fail the first native build as a timeout."""
    import pytest_revylbench.plugin.config as grade_config

    task = demo_task.path / "tasks/demo/task.toml"
    task.write_text(task.read_text().replace('platforms = ["web"]', 'platforms = ["web", "ios", "android"]'))
    monkeypatch.setattr(grade_config, "host_support", lambda *a, **k: None)  # no SDK here
    pool = {"web": "", "android": 'provider = "android-emulator"\n[[devices]]\nname = "p"\navd = "A"\n',
            "ios": 'provider = "ios-simulator"\n[[devices]]\nname = "i"\ndevice_type = "T"\n'}[platform]
    args = ["--submission=submission", f"--platform={platform}"]
    if pool:
        demo_task.makefile(".toml", pool=f'schema = 1\nname = "{platform}"\n' + pool)
        args.append("--device-pool=pool.toml")
    assert _grade(demo_task, *args).build_timeout_s == limit
    assert _grade(demo_task, *args, "--build-timeout=99").build_timeout_s == 99.0


@pytest.mark.parametrize(("field", "default", "other", "choices", "bad"), [
    ("isolation", "context", "browser", "browser, context", "tab"),
    ("evidence", "lazy", "eager", "eager, lazy", "sometimes"),
    ("video", "on-failure", "on", "off, on-failure, on", "always"),
])
def test_a_choice_option_has_its_default_and_takes_the_ini_or_the_flag(
    demo_task: pytest.Pytester, field: str, default: str, other: str, choices: str, bad: str,
) -> None:
    """Default, flag, ini, flag over ini, and a bad ini value named with the choices."""
    def chosen(*args: str) -> str:
        return str(getattr(_grade(demo_task, "--submission=submission", *args), field))

    assert chosen() == default
    assert chosen(f"--{field}={other}") == other
    demo_task.makeini(f"[pytest]\nrevylbench_{field} = {other}\n")
    assert chosen() == other
    assert chosen(f"--{field}={default}") == default
    demo_task.makeini(f"[pytest]\nrevylbench_{field} = {bad}\n")
    with pytest.raises(pytest.UsageError, match=rf"ini revylbench_{field} .*expected one of "
                       rf"{choices}; got '{bad}'"):
        chosen()
