"""Every task's reference passes all of its hidden component tests under the grader's jest
side as it stands (frozen intrinsics, inert outer constructors, pinned tests, the witness):
nothing of that hardening may cost an honest app a test. The real source checks, sandboxed.

Each task's certificate proves its reference passes every component test (three grades, every
tier) under the grader it was made with; this re-runs JEST_REFERENCES of them per commit, on a
rotation of their own (tests/device/sample.py), so that a change to the jest side that breaks an
honest app is seen within a few commits without a grade per task in every CI run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_revylbench.builder.sandbox import sandbox_problem
from pytest_revylbench.checks.functional import SUFFIX, parse_cases, verdict_of
from pytest_revylbench.checks.source import run_checks

from .conftest import REPO
from .sample import JEST_REFERENCES, rotated

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")

CACHE = Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache" / "revylbench")
WITH_TESTS = {p.parent.parent.name for p in (REPO / "suites").glob(f"*/functional/*{SUFFIX}")}
TASKS = [t for t in rotated("jest-references", JEST_REFERENCES) if t in WITH_TESTS]


@pytest.mark.parametrize("task", TASKS)
def test_the_reference_passes_every_component_test(task: str, tmp_path: Path) -> None:
    suite = REPO / "suites" / task
    tests = sorted((suite / "functional").glob(f"*{SUFFIX}"))
    record = run_checks(suite / "reference", work=tmp_path / "work", tests=tests, cache_dir=CACHE,
                        log=tmp_path / "checks.log", timeout_s=900, sandbox=True)
    log = (tmp_path / "checks.log").read_text(errors="replace")
    assert not record.tampered and not record.bench_fault, (record.tampered, log[-3000:])
    verdicts = {c.name: verdict_of(c, record.tests).status for t in tests for c in parse_cases(t)}
    assert set(verdicts.values()) == {"passed"}, (verdicts, log[-3000:])
