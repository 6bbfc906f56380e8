"""CI's rotating sample: which tasks (and which of their mutants) this run re-grades for real
against their stability certificates (README, "Stability certificates").

The pick is a function of the commit (`git rev-parse HEAD`), so each commit re-grades a
different few and a rerun of one commit re-grades the same; `REVYLBENCH_SAMPLE=budget,till`
names the tasks instead. Without git the pick falls back to a fixed seed, and says so.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from functools import cache
from pathlib import Path

from pytest_revylbench.records.certificate import Certificate
from pytest_revylbench.tasks.certificate import read_certificate
from pytest_revylbench.tasks.loading import TaskError, available_tasks, load_task
from pytest_revylbench.tasks.mutants import list_mutants

REPO = Path(__file__).resolve().parents[2]
SAMPLE_ENV = "REVYLBENCH_SAMPLE"
TASKS = 1
"""K: tasks re-graded per CI run (reference 3x, MUTANTS of its mutants once each, and its null
control). One: each is a grade per item (about 60-150 s in CI), so a sampled task costs about
6 grades; the certificates, not the sample, are what grows with the catalogue (README,
"Stability certificates")."""
MUTANTS = 2
JEST_REFERENCES = 2
"""Tasks whose reference's component tests test_jest_references.py runs per CI run (each about
15-25 s of one worker), on a rotation of its own."""
FIXED_SEED = "no-git"


@cache
def seed() -> tuple[str, str]:
    """(seed, where it came from)."""
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True,
                             text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        out = None
    if out is not None and out.returncode == 0 and out.stdout.strip():
        commit = out.stdout.strip()
        return commit, f"commit {commit[:12]}"
    return FIXED_SEED, "git unavailable: a fixed pick"


def _ranked(names: list[str], salt: str) -> list[str]:
    return sorted(names, key=lambda n: hashlib.sha256(f"{salt}:{n}".encode()).hexdigest())


@cache
def _certificates() -> dict[str, Certificate | Exception | None]:
    """Each task's certificate: None when it has none; the error when the task does not load
    (TaskError) or its certificate is not a valid one (ValueError)."""
    found: dict[str, Certificate | Exception | None] = {}
    for task in available_tasks(REPO / "tasks"):
        try:
            found[task] = read_certificate(load_task(REPO / "tasks", REPO / "suites", task))
        except (TaskError, ValueError) as exc:
            found[task] = exc
    return found


@cache
def uncertified() -> list[str]:
    """Tasks with no certificate yet (a new task, or one whose mutants were just corrected):
    every run re-grades them, against their declared verdicts, until one is committed. A
    certificate that exists but is not current is not this: test_certificates.py fails it.
    A task that does not load (one being written) is here too: in the sample, whose test then
    fails naming the file, rather than an error before any test runs."""
    return [task for task, certificate in _certificates().items()
            if certificate is None or isinstance(certificate, TaskError)]


@cache
def picked() -> list[str]:
    """REVYLBENCH_SAMPLE's tasks, else TASKS picked by the seed among the certified ones."""
    every = available_tasks(REPO / "tasks")
    named = os.environ.get(SAMPLE_ENV, "").strip()
    if named:
        chosen = [t.strip() for t in named.split(",") if t.strip()]
        unknown = [t for t in chosen if t not in every]
        if unknown:
            raise ValueError(f"{SAMPLE_ENV} names unknown tasks {unknown}; tasks: {', '.join(every)}")
        return sorted(chosen)
    return sorted(_ranked([t for t in every if t not in uncertified()], seed()[0])[:TASKS])


@cache
def sampled_tasks() -> list[str]:
    """The tasks this run re-grades: the picked ones, and every task that has no certificate
    yet (its reference once and its null control: what certifying it will prove is its own
    run's to prove, not every CI run's)."""
    return sorted({*picked(), *uncertified()})


@cache
def live_null_controls() -> list[str]:
    """The tasks whose null-submission control test_null_submission.py grades live: every task
    whose certificate does not carry its control (none yet, or one made before certificates
    did), and is not in the sample (test_stability.py grades the sample's controls against
    their certificates). The others' controls are certified: `revylbench certificates` fails
    when the scaffold they graded has changed since (tests/device/test_certificates.py)."""
    live = {task for task, certificate in _certificates().items()
            if not isinstance(certificate, Certificate) or certificate.null is None}
    return sorted(live - set(sampled_tasks()))


@cache
def rotated(salt: str, k: int) -> list[str]:
    """K certified tasks picked by the seed salted for one check (so that check's rotation is
    not the stability sample's), and every task with no certificate yet: for a check whose
    every task is already proved by each certificate (the reference's grade, three times),
    re-run here only so that a grader change that breaks it is seen within a few commits."""
    named = os.environ.get(SAMPLE_ENV, "").strip()
    if named:
        return picked()
    every = available_tasks(REPO / "tasks")
    chosen = _ranked([t for t in every if t not in uncertified()], f"{seed()[0]}:{salt}")[:k]
    return sorted({*chosen, *uncertified()})


def sampled_mutants(task: str, mutants: list[str]) -> list[str]:
    """MUTANTS of the task's mutants (all of them are candidates), picked by the seed."""
    return sorted(_ranked(mutants, f"{seed()[0]}:{task}")[:MUTANTS])


def describe() -> str:
    """One line for the CI log: what was sampled and why."""
    how = (f"{SAMPLE_ENV}={os.environ[SAMPLE_ENV]}" if os.environ.get(SAMPLE_ENV, "").strip()
           else seed()[1])
    parts = []
    for task in sampled_tasks():
        try:
            names = [m.name for m in list_mutants(load_task(REPO / "tasks", REPO / "suites", task).suite)]
        except TaskError as exc:
            parts.append(f"{task} (does not load: {exc})")
            continue
        if task in picked():
            parts.append(f"{task} (reference 3x, {', '.join(sampled_mutants(task, names))}, null control)")
        else:
            parts.append(f"{task} (no certificate yet: reference once, null control)")
    jest = ", ".join(rotated("jest-references", JEST_REFERENCES))
    return f"revylbench sample ({how}): {'; '.join(parts)}; the references' component tests: {jest}"
