"""`revylbench stability`: every task's suite is stable on the web platform, and the check
fails with a clear table when a mutant's declared catch is wrong."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_revylbench.tasks.loading import available_tasks

from .conftest import REPO

# Every task's reference is graded three times on every tier (identical verdicts and scores
# each time), and in CI a selection of its mutants once each: one the device suite catches and
# one only the hidden component tests catch, and for budget one per remaining tier (a missing
# test ID, an extra dependency, an outside host, a layout shift). A full grade of every tier
# takes about a minute of a 2-core machine's time: all 56 mutants would take CI past its limit.
# `revylbench stability --task T --runs 3` grades every mutant (README).
RUNS = 3
MUTANT_RUNS = 1
CI_MUTANTS = {
    "budget": ["payee-id-missing-on-income", "extra-dependency", "calls-outside-host",
               "heading-spacing-shift", "edit-applied-twice", "over-budget-at-equal"],
    "split": ["odd-cent-to-last", "shares-in-toggle-order"],
    "auction": ["tie-goes-to-later-bid", "tenths-read-as-cents"],
    "bookings": ["touching-slots-overlap", "overlap-named-in-booking-order"],
    "till": ["change-skips-five", "change-skips-ten"],
}


def stability(*args: str, dirs: tuple[str, ...] = (), cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest_revylbench.cli", *dirs, "stability", *args],
        cwd=cwd, capture_output=True, text=True, timeout=3600,
    )


@pytest.mark.parametrize("task", available_tasks(REPO / "tasks"))
def test_suite_is_stable(task: str, tmp_path: Path) -> None:
    only = [arg for name in ("reference", *CI_MUTANTS[task]) for arg in ("--only", name)]
    result = stability("--task", task, "--runs", str(RUNS), "--mutant-runs", str(MUTANT_RUNS),
                       *only, "--jobs", "2", "--out", str(tmp_path))
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert result.stdout.splitlines()[-2].startswith("STABLE: ")
    report = json.loads((tmp_path / "stability.json").read_text())
    assert report["runs"] == RUNS
    subjects = {s["subject"]: s for s in report["subjects"]}
    reference = subjects["reference"]
    assert set(reference["expected"].values()) == {"pass"}
    # The reference scores 1.0 on every tier it declares, the same on each of its runs.
    assert len(reference["scores"]) == RUNS
    assert all(scores == reference["scores"][0] for scores in reference["scores"])
    assert set(reference["scores"][0].values()) == {1.0}, reference["scores"][0]
    assert set(subjects) == {"reference", *CI_MUTANTS[task]}
    for name, subject in subjects.items():
        assert len(subject["runs"]) == (RUNS if name == "reference" else MUTANT_RUNS)
        assert all(run == subject["expected"] for run in subject["runs"])
        assert subject["not_lowered"] == [], name
        # A mutant is caught: some test fails on it, or a declared tier scores lower.
        assert name == "reference" or "fail" in subject["expected"].values() or subject["lowers"]
        # Every grade, each failing one included, wrote the agent's feedback bundle.
        assert subject["bundles"] == [True] * len(subject["runs"]), name
    # How many grader-authored fields the bundles withheld (expected: none).
    print(next(line for line in result.stdout.splitlines() if line.startswith("feedback: ")))
    # The reference's evidence is on disk: each device check's screenshots.
    record = json.loads((tmp_path / "runs" / "reference-1" / "grade.json").read_text())
    assert record["outcome"] == 1.0 and record["status"] == "completed"
    for test in record["tests"]:
        if test["tier"] == "flow":
            assert test["evidence"], f"{test['name']} recorded no evidence"
        for shot in test["screenshots"]:
            assert (tmp_path / "runs" / "reference-1" / shot["path"]).stat().st_size > 10_000


def test_a_wrong_declared_catch_makes_the_check_fail(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(REPO / "tasks/budget", project / "tasks/budget")
    shutil.copytree(REPO / "tasks/scaffold", project / "tasks/scaffold",
                    ignore=shutil.ignore_patterns("node_modules"))
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
