# ruff: noqa: RUF001  (the jest separator in item names)
"""A grade's item ids do not depend on where the submission, the reports and the checkout are:
the same ids in grade.json, JUnit and Allure whether the submission sits inside the checkout or
in a folder elsewhere (given with a space, so pytest roots itself there), and whether pytest
runs in the checkout or in a third folder with the reports written to a fourth."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from .test_tier_items import JEST, SUITE, TIERED, jest_file

# The build tier (its items come from task.toml) and the flow tier (the suite's module), with
# the hidden jest file collected too; the build fails at once (no lockfile), so no device runs.
TASK = TIERED.replace(
    'tiers = ["build", "functional", "flow", "contract", "visual"]',
    'tiers = ["build", "functional", "flow"]',
).replace('scheme = "tiers"', 'scheme = "stages"')
EXPECTED = {
    "demo/test_suite.py::test_one",
    "demo/test_suite.py::test_two",
    "demo/test_suite.py::test_three",
    "demo/test_suite.py::test_trip",
    "demo/functional/greeting.test.tsx::greeting › greeting › says hello",
    "demo/functional/greeting.test.tsx::greeting › greeting › says it once",
    "demo::build::typecheck",
    "demo::build::export",
    "demo::build::launch",
}


@pytest.fixture
def project(demo_task: pytest.Pytester) -> pytest.Pytester:
    demo_task.makefile(".toml", **{"tasks/demo/task": TASK})
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE})
    jest_file(demo_task, JEST)
    (demo_task.path / "submission/App.tsx").write_text("export default function App() { return null; }\n")
    return demo_task


Grade = tuple[dict, ET.Element, list[dict], str]


def grade(project: pytest.Pytester, cwd: Path, reports: Path, *args: str) -> Grade:
    """Grade in a pytest process started in `cwd`; grade.json, the JUnit tree, Allure's results
    and the terminal output."""
    junit, allure = reports / "junit.xml", reports / "allure"
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(cwd)
        result = project.runpytest_subprocess(
            "--task", "demo", f"--reports={reports}", "--run-id", "r", "-p", "no:cacheprovider",
            "--allow-untrusted-native", f"--cache-dir={project.path / 'cache'}",
            f"--junitxml={junit}", f"--alluredir={allure}", "-v", *args)
    record = json.loads((reports / "r" / "grade.json").read_text())
    results = [json.loads(p.read_text()) for p in sorted(allure.glob("*-result.json"))]
    return record, ET.parse(junit).getroot(), results, result.stdout.str()


def test_item_ids_are_the_same_wherever_things_live(project: pytest.Pytester,
                                                    tmp_path_factory: pytest.TempPathFactory) -> None:
    checkout = project.path
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "their-app"
    shutil.copytree(checkout / "submission", elsewhere)
    third, fourth = tmp_path_factory.mktemp("third"), tmp_path_factory.mktemp("fourth")
    runs = {
        "inside": grade(project, checkout, checkout / "reports", "--submission=submission"),
        "elsewhere": grade(project, checkout, checkout / "reports2", "--submission", str(elsewhere)),
        "third": grade(project, third, fourth, f"--submission={elsewhere}",
                       f"--tasks-dir={checkout / 'tasks'}", f"--suites-dir={checkout / 'suites'}"),
    }
    for where, (record, junit, allure, out) in runs.items():
        ids = {t["nodeid"] for t in record["tests"]}
        assert ids == EXPECTED, where
        cases = {f"{c.get('classname')}::{c.get('name')}" for c in junit.iter("testcase")}
        assert cases == {
            "demo.test_suite::test_one", "demo.test_suite::test_two", "demo.test_suite::test_three",
            "demo.test_suite::test_trip",
            "demo.functional.greeting.test.tsx::greeting › greeting › says hello",
            "demo.functional.greeting.test.tsx::greeting › greeting › says it once",
            "demo.build::typecheck", "demo.build::export", "demo.build::launch",
        }, where
        assert {r["fullName"] for r in allure} == {r["fullName"] for r in runs["inside"][2]}, where
        # The terminal names each item by its id: no path climbing out of the checkout, no
        # absolute path in a failure header.
        assert "demo/test_suite.py::test_one PASSED" in out, out
        assert "demo::build::export FAILED" in out, out
        shown = [line for line in out.splitlines() if line.endswith("%]")]
        assert len(shown) == len(EXPECTED) and not [line for line in shown if ".." in line], out
        assert "_ ERROR at setup of build::launch _" in out, out
        assert "_ build::typecheck _" in out, out
        assert str(checkout).replace("/", ".").strip(".") not in out, out
