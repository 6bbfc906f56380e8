"""How bench faults of the dependency install are retried, and how that is configured."""

from __future__ import annotations

import pytest

from pytest_revylbench.builder.deps import MAX_BACKOFF_S, InstallRetry

GRADE = ("--task", "demo", "--submission", "submission", "-p", "no:cacheprovider")


def test_the_waits_double_up_to_a_cap() -> None:
    retry = InstallRetry(retries=6, backoff_s=10)
    assert [retry.wait_before(n) for n in range(1, 7)] == [10, 20, 40, 60, 60, 60]
    assert MAX_BACKOFF_S == 60
    assert InstallRetry() == InstallRetry(retries=2, backoff_s=10.0)


def test_the_options_and_their_ini_twins_reach_the_grade(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_hidden": """
        def test_retry_settings(revylbench_grade, request):
            retries = request.config.getoption("revylbench_install_retries")
            backoff = request.config.getoption("revylbench_install_backoff")
            assert revylbench_grade.install_retries == (4 if retries is None else retries)
            assert revylbench_grade.install_backoff_s == (0.5 if backoff is None else backoff)
    """})
    demo_task.makeini("[pytest]\nrevylbench_install_retries = 4\nrevylbench_install_backoff = 0.5\n")
    demo_task.runpytest(*GRADE).assert_outcomes(passed=1)
    demo_task.runpytest(*GRADE, "--install-retries=0", "--install-backoff=3").assert_outcomes(passed=1)


@pytest.mark.parametrize(("flag", "message"), [
    ("--install-retries=-1", "*argument --install-retries: expected a whole number, 0 or more, got '-1'*"),
    ("--install-retries=two", "*argument --install-retries: expected a whole number, 0 or more, got 'two'*"),
    ("--install-backoff=0", "*argument --install-backoff: expected a positive number of seconds, got '0'*"),
])
def test_bad_retry_settings_stop_the_run(demo_task: pytest.Pytester, flag: str, message: str) -> None:
    result = demo_task.runpytest(*GRADE, flag)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])
