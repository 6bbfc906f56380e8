"""`revylbench stability`: CI's rotating sample re-grades a few tasks for real and finds every
verdict and score their stability certificates recorded, and the check fails with a clear
table when a mutant's declared catch is wrong."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_revylbench.tasks.certificate import FIX, read_certificate
from pytest_revylbench.tasks.loading import load_task
from pytest_revylbench.tasks.mutants import list_mutants

from .conftest import REPO
from .sample import describe, sampled_mutants, sampled_tasks, uncertified

# Every task's certificate (suites/<id>/stability.json) records its reference graded three
# times and every mutant once, with every tier; tests/device/test_certificates.py checks each
# is current. Each CI run re-grades for real the reference 3x and two mutants of the sampled
# tasks (tests/device/sample.py: picked from the commit hash; REVYLBENCH_SAMPLE=budget,till
# names them) and finds exactly the certificate's verdicts and scores: a change that alters a
# grade without bumping the package version fails here.
RUNS = 3
MUTANT_RUNS = 1


def stability(*args: str, dirs: tuple[str, ...] = (), cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest_revylbench.cli", *dirs, "stability", *args],
        cwd=cwd, capture_output=True, text=True, timeout=3600,
    )


@pytest.mark.parametrize("task", sampled_tasks())
def test_sampled_task_matches_its_certificate(task: str, tmp_path: Path) -> None:
    print(describe())
    certificate = read_certificate(load_task(REPO / "tasks", REPO / "suites", task))
    # A task with no certificate yet is in every run's sample (sample.uncertified), judged by
    # its declared verdicts alone (the reference passes everything, each mutant fails exactly
    # its catches, on every run), as every task was before certificates.
    assert certificate is not None or task in uncertified()
    mutants = sampled_mutants(task, [m.name for m in list_mutants(REPO / "suites" / task)])
    print(f"{task}: re-grading the reference {RUNS}x and {', '.join(mutants)} once")
    only = [arg for name in ("reference", *mutants) for arg in ("--only", name)]
    result = stability("--task", task, "--runs", str(RUNS), "--mutant-runs", str(MUTANT_RUNS),
                       *only, "--jobs", "2", "--out", str(tmp_path))
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert result.stdout.splitlines()[-2].startswith("STABLE: ")
    # Every grade was re-judged from its stored evidence alone (`revylbench regrade`) and
    # reproduced exactly: verdicts, rewards, the vector, every visual number.
    graded = RUNS + MUTANT_RUNS * len(mutants)
    assert f"regrade reproduced {graded} of {graded} grades exactly" in result.stdout, result.stdout[-4000:]
    report = json.loads((tmp_path / "stability.json").read_text())
    assert report["runs"] == RUNS
    subjects = {s["subject"]: s for s in report["subjects"]}
    assert set(subjects) == {"reference", *mutants}
    for name, subject in subjects.items():
        assert len(subject["runs"]) == (RUNS if name == "reference" else MUTANT_RUNS)
        assert all(run == subject["expected"] for run in subject["runs"]), name
        assert subject["not_lowered"] == [], name
        # Every grade, each failing one included, wrote the agent's feedback bundle.
        assert subject["bundles"] == [True] * len(subject["runs"]), name
        assert subject["reproduced"] == [True] * len(subject["runs"]), subject["regrade_differences"]
        if certificate is None:
            assert name == "reference" or "fail" in subject["expected"].values() or subject["lowers"]
            continue
        certified = certificate.subject(name)
        assert certified is not None, f"{task}'s certificate lacks {name}: run `{FIX.format(task=task)}`"
        # Exactly the certificate's verdicts and scores, on every run.
        assert subject["expected"] == certified.expected, name
        for n, (run, scores) in enumerate(zip(subject["runs"], subject["scores"], strict=True), 1):
            assert run == certified.runs[0], f"{task} {name} run {n}: verdicts differ from its certificate"
            assert scores == certified.scores[0], (
                f"{task} {name} run {n}: scores {scores} differ from its certificate's "
                f"{certified.scores[0]}: a change that alters a grade bumps the package version "
                f"and recertifies (`{FIX.format(task=task)}`)")
        assert subject["lowers"] == certified.lowers, name
    reference = subjects["reference"]
    assert set(reference["expected"].values()) == {"pass"}
    assert set(reference["scores"][0].values()) == {1.0}, reference["scores"][0]
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
