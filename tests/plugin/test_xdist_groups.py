"""The suite's own parallel run keeps an `xdist_group` on one worker, its module fixture built once."""

from __future__ import annotations

import re

import pytest

from tests.conftest import REPO

GROUPED = """
import time
import pytest

pytestmark = pytest.mark.xdist_group("shared")

@pytest.fixture(scope="module")
def costly(tmp_path_factory):
    tmp_path_factory.mktemp("built")
    return 1

@pytest.mark.parametrize("n", range(4))
def test_grouped(costly, n):
    time.sleep(0.2)
"""
OTHERS = """
import time
import pytest

@pytest.mark.parametrize("n", range(6))
def test_other(n):
    time.sleep(0.2)
"""


def test_a_group_runs_on_one_worker_and_builds_its_fixture_once(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makepyfile(test_grouped=GROUPED, test_others=OTHERS)
    monkeypatch.setenv("PYTHONPATH", str(REPO))
    basetemp = pytester.path / "base"
    result = pytester.runpytest_subprocess(
        "-p", "tests.xdist_groups", "-p", "no:revylbench", "-n", "2", "--dist", "loadgroup", "-v",
        f"--basetemp={basetemp}")
    result.assert_outcomes(passed=10)
    workers = {m[1] for line in result.outlines
               if (m := re.match(r"\[(gw\d)\].* PASSED test_grouped\.py::", line))}
    assert len(workers) == 1, result.outlines
    assert len(list(basetemp.glob("*/built[0-9]*"))) == 1
