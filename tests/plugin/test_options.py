"""The plugin's options, collection and configuration errors, end to end with pytester."""

from __future__ import annotations

import pytest

GRADE = ["--task", "demo", "--submission", "submission", "-p", "no:cacheprovider"]


def test_plain_pytest_runs_without_a_task(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain="def test_ok():\n    assert True\n")
    result = pytester.runpytest()
    result.assert_outcomes(passed=1)
    result.stdout.no_fnmatch_line("*revylbench grade*")


def test_unknown_task_names_the_available_ones(demo_task: pytest.Pytester) -> None:
    result = demo_task.runpytest("--task", "nope", "--submission", "submission")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*unknown task 'nope'*available tasks: demo*"])


def test_platform_not_declared_by_the_task(demo_task: pytest.Pytester) -> None:
    result = demo_task.runpytest(*GRADE, "--platform", "ios")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*task 'demo' does not declare platform 'ios'; its platforms: web*"])


def test_unknown_platform_lists_the_valid_ones(demo_task: pytest.Pytester) -> None:
    result = demo_task.runpytest(*GRADE, "--platform", "symbian")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*argument --platform: expected one of web, ios, android; got 'symbian'*"])


@pytest.mark.parametrize(
    ("submission", "message"),
    [("missing", "*--submission 'missing': no such folder*"),
     ("empty", "*--submission 'empty': the folder has no source files*")],
)
def test_bad_submission_folder(demo_task: pytest.Pytester, submission: str, message: str) -> None:
    demo_task.mkdir("empty")
    demo_task.mkdir("empty/node_modules")  # build folders do not count as source
    demo_task.makefile(".js", **{"empty/node_modules/x": ""})
    result = demo_task.runpytest("--task", "demo", "--submission", submission)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])


def test_task_without_submission(demo_task: pytest.Pytester) -> None:
    result = demo_task.runpytest("--task", "demo")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--task demo needs --submission DIR*"])


def test_malformed_task_file_names_file_and_field(demo_task: pytest.Pytester) -> None:
    toml = demo_task.path / "tasks/demo/task.toml"
    toml.write_text(toml.read_text().replace('platforms = ["web"]', 'platforms = ["pager"]'))
    result = demo_task.runpytest(*GRADE)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([
        f"*{toml}: invalid task file*",
        "*field platforms.0: Input should be 'web', 'ios' or 'android'*(given: 'pager')*",
    ])


def test_task_id_must_match_its_folder(demo_task: pytest.Pytester) -> None:
    toml = demo_task.path / "tasks/demo/task.toml"
    toml.write_text(toml.read_text().replace('id = "demo"', 'id = "other"'))
    result = demo_task.runpytest(*GRADE)
    result.stderr.fnmatch_lines(["*field id: 'other' does not match its folder 'demo'*"])


def test_collects_exactly_the_tasks_suite(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{
        "suites/demo/test_hidden": "def test_hidden():\n    pass\n",
        "tests/test_own": "def test_own():\n    pass\n",
    })
    demo_task.makeini("[pytest]\ntestpaths = tests\n")
    result = demo_task.runpytest(*GRADE, "--collect-only", "-q")
    result.stdout.fnmatch_lines(["demo/test_hidden.py::test_hidden", "1 test collected*"])
    plain = demo_task.runpytest("--collect-only", "-q")
    plain.stdout.fnmatch_lines(["tests/test_own.py::test_own", "1 test collected*"])


def test_submission_given_with_a_space_does_not_root_pytest_in_it(
    demo_task: pytest.Pytester,
) -> None:
    """pytest reads `--submission DIR` before the plugin exists and takes DIR for a path."""
    demo_task.makepyfile(**{"suites/demo/test_hidden": "def test_hidden():\n    pass\n"})
    result = demo_task.runpytest("--task", "demo", "--submission", "submission", "-q")
    result.assert_outcomes(passed=1)
    assert not (demo_task.path / "submission" / ".pytest_cache").exists()


def test_stage_marker_must_name_a_declared_stage(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_hidden": (
        "from pytest_revylbench import stage\n"
        "@stage('four')\ndef test_x():\n    pass\n"
    )})
    result = demo_task.runpytest(*GRADE)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*@stage('four') names no stage of*; its stages: one, two, three*"])


def test_ini_twins_and_cli_precedence(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_hidden": "def test_hidden():\n    pass\n"})
    demo_task.makeini(
        "[pytest]\nrevylbench_task = demo\nrevylbench_submission = submission\n"
        "revylbench_run_id = from-ini\nrevylbench_reports = out\n"
    )
    result = demo_task.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    assert (demo_task.path / "out/from-ini/grade.json").is_file()
    result = demo_task.runpytest("-p", "no:cacheprovider", "--run-id", "from-cli")
    assert (demo_task.path / "out/from-cli/grade.json").is_file()


@pytest.mark.parametrize("flag", ["--check-timeout", "--build-timeout"])
def test_timeouts_must_be_positive(demo_task: pytest.Pytester, flag: str) -> None:
    result = demo_task.runpytest(*GRADE, flag, "-3")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*argument {flag}: expected a positive number of seconds, got '-3'*"])


def test_without_a_working_sandbox_grading_is_refused_unless_allowed(
    demo_task: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pytest_revylbench.plugin.config as grade_config

    monkeypatch.setattr(grade_config, "sandbox_problem", lambda: "bwrap is not installed")
    demo_task.makepyfile(**{"suites/demo/test_hidden": "def test_hidden():\n    pass\n"})
    refused = demo_task.runpytest_inprocess(*GRADE)
    assert refused.ret == pytest.ExitCode.USAGE_ERROR
    refused.stderr.fnmatch_lines([
        "*grading needs the bubblewrap sandbox, which cannot run here: bwrap is not installed;"
        " --allow-untrusted-native builds without it and marks the grade dev-untrusted*"
    ])
    allowed = demo_task.runpytest_inprocess(*GRADE, "--allow-untrusted-native")
    allowed.assert_outcomes(passed=1, warnings=allowed.parseoutcomes().get("warnings", 0))
    allowed.stdout.fnmatch_lines(["*building WITHOUT a sandbox (bwrap is not installed)*"])


def test_ios_on_a_host_without_xcode_stops_at_once(demo_task: pytest.Pytester) -> None:
    from pathlib import Path

    toml = demo_task.path / "tasks/demo/task.toml"
    toml.write_text(toml.read_text().replace('platforms = ["web"]', 'platforms = ["web", "ios"]'))
    pool = Path(__file__).resolve().parents[2] / "devices/ios-simulators.toml"
    result = demo_task.runpytest(*GRADE, "--platform", "ios", f"--device-pool={pool}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*platform ios needs macOS with Xcode*"])
    assert result.duration < 30


def test_a_path_option_that_moves_pytests_settings_is_refused(demo_task: pytest.Pytester) -> None:
    """With a space, pytest takes the value for a test path and reads another project's ini."""
    from pathlib import Path

    pool = Path(__file__).resolve().parents[2] / "devices/local-web.toml"
    result = demo_task.runpytest(*GRADE, "--device-pool", str(pool))
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*write `--device-pool={pool}` (with `=`) instead*"])


@pytest.mark.parametrize(("flag", "message"), [
    ("--check-timeout=soon", "expected a positive number of seconds, got 'soon'"),
    ("--agent-seconds=0", "expected a positive number of seconds, got '0'"),
    ("--infra-retries=1.5", "expected a whole number, 0 or more, got '1.5'"),
    ("--platform=pager", "expected one of web, ios, android; got 'pager'"),
    ("--agent-started-at=yesterday",
     "expected an ISO time such as 2026-11-30T09:00:00+00:00, got 'yesterday'"),
])
def test_a_bad_value_is_refused_while_pytest_parses_its_arguments(
    pytester: pytest.Pytester, flag: str, message: str
) -> None:
    """No task is given: the value is refused by argparse itself, before any grading starts."""
    pytester.makepyfile(test_plain="def test_ok():\n    assert True\n")
    result = pytester.runpytest(flag)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*argument {flag.split('=')[0]}: {message}*"])


@pytest.mark.parametrize(("line", "message"), [
    ("revylbench_check_timeout = soon",
     "*ini revylbench_check_timeout in *tox.ini (or --check-timeout): expected a positive number "
     "of seconds, got 'soon'*"),
    ("revylbench_platform = pager",
     "*ini revylbench_platform in *tox.ini (or --platform): expected one of web, ios, android; "
     "got 'pager'*"),
    ("revylbench_install_retries = -1",
     "*ini revylbench_install_retries in *tox.ini (or --install-retries): expected a whole number, "
     "0 or more, got '-1'*"),
])
def test_a_bad_ini_value_goes_through_the_same_parser(
    demo_task: pytest.Pytester, line: str, message: str
) -> None:
    demo_task.makeini(f"[pytest]\n{line}\n")
    result = demo_task.runpytest(*GRADE)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])


def test_typed_ini_twins_and_cli_precedence(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_hidden": """
        def test_settings(revylbench_grade, request):
            expected = request.config.getoption("expect")
            got = (revylbench_grade.check_timeout_s, revylbench_grade.infra_retries,
                   revylbench_grade.agent_started_at)
            assert got == tuple(expected)
    """, "conftest": """
        def pytest_addoption(parser):
            parser.addoption("--expect", type=eval)
    """})
    demo_task.makeini("[pytest]\nrevylbench_check_timeout = 7.5\nrevylbench_infra_retries = 0\n"
                      "revylbench_agent_started_at = 2026-11-30T09:00:00Z\n")
    demo_task.runpytest(*GRADE, "--expect=(7.5, 0, '2026-11-30T09:00:00+00:00')"
                        ).assert_outcomes(passed=1)
    demo_task.runpytest(*GRADE, "--check-timeout=3", "--infra-retries=4",
                        "--agent-started-at=2026-11-30T10:00:00+01:00",
                        "--expect=(3.0, 4, '2026-11-30T10:00:00+01:00')").assert_outcomes(passed=1)
