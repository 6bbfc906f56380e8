"""`revylbench stability`: every task's suite is stable on the web platform, and the check
fails with a clear table when a mutant's declared catch is wrong."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_revylbench.tasks import available_tasks

from .conftest import REPO

# budget is the named CI check (3 runs); the others run once here to keep CI short,
# their three-run checks are run by hand (README) — each run is a full grade.
RUNS = {"budget": 3}


def stability(*args: str, dirs: tuple[str, ...] = (), cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest_revylbench.cli", *dirs, "stability", *args],
        cwd=cwd, capture_output=True, text=True, timeout=3600,
    )


@pytest.mark.parametrize("task", available_tasks(REPO / "tasks"))
def test_suite_is_stable(task: str, tmp_path: Path) -> None:
    runs = RUNS.get(task, 1)
    result = stability("--task", task, "--runs", str(runs), "--out", str(tmp_path))
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert result.stdout.splitlines()[-2].startswith("STABLE: ")
    report = json.loads((tmp_path / "stability.json").read_text())
    assert report["runs"] == runs
    subjects = {s["subject"]: s for s in report["subjects"]}
    assert set(subjects["reference"]["expected"].values()) == {"pass"}
    assert len(subjects) >= 6  # the reference and at least five mutants
    for subject in subjects.values():
        assert len(subject["runs"]) == runs
        assert all(run == subject["expected"] for run in subject["runs"])


def test_a_wrong_declared_catch_makes_the_check_fail(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(REPO / "tasks/budget", project / "tasks/budget")
    shutil.copytree(REPO / "suites/budget", project / "suites/budget",
                    ignore=shutil.ignore_patterns("node_modules", "dist", ".expo"))
    toml = project / "suites/budget/mutants/newest-last-in-group/mutant.toml"
    text = toml.read_text()
    assert '"test_journey_month_close"' in text
    toml.write_text(text.replace('"test_journey_month_close"', '"test_stage_2_transactions"'))
    result = stability(
        "--task", "budget", "--runs", "1", "--only", "newest-last-in-group",
        "--out", str(tmp_path / "out"),
        dirs=("--tasks-dir", str(project / "tasks"), "--suites-dir", str(project / "suites")),
    )
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert any("test_stage_2_transactions" in ln and "fail" in ln and ln.endswith("NO")
               for ln in lines), "\n".join(lines)
    assert any("test_journey_month_close" in ln and ln.endswith("NO") for ln in lines)
    assert lines[-2].startswith("UNSTABLE: 0 of 1 submissions")
