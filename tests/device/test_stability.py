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

from pytest_revylbench.records.certificate import NullControl
from pytest_revylbench.tasks.certificate import FIX, read_certificate
from pytest_revylbench.tasks.loading import load_task
from pytest_revylbench.tasks.mutants import list_mutants
from pytest_revylbench.tasks.stability import NULL_CONTROL, REFERENCE

from .conftest import REPO
from .sample import describe, picked, sampled_mutants, sampled_tasks, uncertified

# Every task's certificate (suites/<id>/stability.json) records its reference graded three
# times, every mutant once and the untouched scaffold once (the null control), with every tier;
# tests/device/test_certificates.py checks each is current. Each CI run re-grades for real the
# reference 3x, two mutants and the null control of the sampled tasks (tests/device/sample.py:
# picked from the commit hash; REVYLBENCH_SAMPLE=budget,till names them) and finds exactly the
# certificate's verdicts and scores: a change that alters a grade without bumping the package
# version fails here. One item per grade, so that xdist spreads a task's grades over workers.
RUNS = 3


def stability(*args: str, dirs: tuple[str, ...] = (), cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest_revylbench.cli", *dirs, "stability", *args],
        cwd=cwd, capture_output=True, text=True, timeout=3600,
    )


def sampled_grades() -> list[tuple[str, str, int]]:
    """(task, subject, run) of every grade the sample makes: of a picked task, the reference
    3x, two mutants and the null control; of a task with no certificate yet, the reference
    once and the null control."""
    grades = []
    for task in sampled_tasks():
        if task in picked():
            mutants = sampled_mutants(task, [m.name for m in list_mutants(REPO / "suites" / task)])
            grades += [(task, REFERENCE, n) for n in range(1, RUNS + 1)]
            grades += [(task, name, 1) for name in (*mutants, NULL_CONTROL)]
        else:
            grades += [(task, REFERENCE, 1), (task, NULL_CONTROL, 1)]
    return grades


@pytest.mark.parametrize(("task", "subject", "run"), sampled_grades(),
                         ids=[f"{t}-{s}-{n}" for t, s, n in sampled_grades()])
def test_sampled_task_matches_its_certificate(task: str, subject: str, run: int, tmp_path: Path) -> None:
    print(describe())
    certificate = read_certificate(load_task(REPO / "tasks", REPO / "suites", task))
    # A task with no certificate yet is in every run's sample (sample.uncertified), judged by
    # its declared verdicts alone: the reference passes everything and the null control earns
    # nothing.
    assert certificate is not None or task in uncertified()
    result = stability("--task", task, "--runs", "1", "--only", subject, "--out", str(tmp_path))
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert result.stdout.splitlines()[-2].startswith("STABLE: ")
    report = json.loads((tmp_path / "stability.json").read_text())
    # Its grades judge verdicts and scores, which no video decides: they record none (GRADE_ARGS).
    assert not list((tmp_path / "runs").rglob("*.webm"))
    if subject == NULL_CONTROL:
        null = NullControl.model_validate(report["null"])
        assert report["subjects"] == [] and null.earns_nothing, null.why()
        if certificate is not None and certificate.null is not None:
            # Exactly what the certificate's control saw (its time apart).
            assert null.model_copy(update={"seconds": 0.0}) == certificate.null.model_copy(
                update={"seconds": 0.0}), f"{task}: the null control differs from its certificate's"
        return
    # The grade was re-judged from its stored evidence alone (`revylbench regrade`) and
    # reproduced exactly: verdicts, rewards, the vector, every visual number.
    assert "regrade reproduced 1 of 1 grades exactly" in result.stdout, result.stdout[-4000:]
    (graded,) = report["subjects"]
    assert graded["subject"] == subject and len(graded["runs"]) == 1
    assert graded["runs"][0] == graded["expected"], subject
    assert graded["not_lowered"] == [], subject
    # The grade, a failing one too, wrote the agent's feedback bundle.
    assert graded["bundles"] == [True] and graded["reproduced"] == [True], graded["regrade_differences"]
    if subject == REFERENCE:
        assert set(graded["expected"].values()) == {"pass"}
        assert set(graded["scores"][0].values()) == {1.0}, graded["scores"][0]
        # The reference's evidence is on disk: each device check's screenshots.
        record = json.loads((tmp_path / "runs" / "reference-1" / "grade.json").read_text())
        assert record["outcome"] == 1.0 and record["status"] == "completed"
        for test in record["tests"]:
            if test["tier"] == "flow":
                assert test["evidence"], f"{test['name']} recorded no evidence"
            for shot in test["screenshots"]:
                assert (tmp_path / "runs" / "reference-1" / shot["path"]).stat().st_size > 10_000
    if certificate is None:
        assert subject == REFERENCE or "fail" in graded["expected"].values() or graded["lowers"]
        return
    certified = certificate.subject(subject)
    assert certified is not None, f"{task}'s certificate lacks {subject}: run `{FIX.format(task=task)}`"
    # Exactly the certificate's verdicts and scores.
    assert graded["expected"] == certified.expected, subject
    assert graded["runs"][0] == certified.runs[0], (
        f"{task} {subject} run {run}: verdicts differ from its certificate")
    assert graded["scores"][0] == certified.scores[0], (
        f"{task} {subject} run {run}: scores {graded['scores'][0]} differ from its certificate's "
        f"{certified.scores[0]}: a change that alters a grade bumps the package version and "
        f"recertifies (`{FIX.format(task=task)}`)")
    assert graded["lowers"] == certified.lowers, subject
    # How many grader-authored fields the bundle withheld (expected: none).
    print(next(line for line in result.stdout.splitlines() if line.startswith("feedback: ")))


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
