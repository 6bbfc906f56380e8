"""The hidden component tests give the submission's code no runner variable to gate on
(issue 51): a module that computes the right answer only where `JEST_*` is set, reading it in
a way no static scan sees, fails the test as the app fails for everyone; the same module
without the gate passes. Real sandboxed jest runs of budget's reference with one module added.

What still remains in reach of code under jest (the README's threat model says so): the `jest`
and `expect` globals and `NODE_ENV=test`; the sign scan charges a submission whose own code
reads them by name."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pytest_revylbench.builder.sandbox import sandbox_problem
from pytest_revylbench.checks.functional import parse_cases, verdict_of
from pytest_revylbench.checks.source import run_checks

from .conftest import REPO

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")

CACHE = Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache" / "revylbench")
GATED = """// The right answer only under the grader's runner: a gate no reader of this file would spot.
const codes = [74, 69, 83, 84, 95, 87, 79, 82, 75, 69, 82, 95, 73, 68];
const name = codes.map((c) => String.fromCharCode(c)).join("");
const runner = Object.keys(process.env).some((key) => key.slice(0, 5) === name.slice(0, 5));
export function answer(): number {
  return process.env[name] !== undefined || runner ? 42 : 41;
}
"""
HONEST = """export function answer(): number {
  return 42;
}
"""
TEST = """/// <reference types="jest" />
import { answer } from "../src/answer";

test("the answer is 42", () => {
  expect(answer()).toBe(42);
});

test("no runner variable is in sight", () => {
  expect(Object.keys(process.env).filter((key) => key.startsWith("JEST"))).toEqual([]);
});
"""


def verdicts(tmp_path: Path, module: str) -> dict[str, str]:
    submission = tmp_path / "submission"
    shutil.copytree(REPO / "suites" / "budget" / "reference", submission,
                    ignore=shutil.ignore_patterns("node_modules", ".expo", "dist"))
    (submission / "src" / "answer.ts").write_text(module)
    hidden = tmp_path / "hidden" / "answer.test.tsx"
    hidden.parent.mkdir()
    hidden.write_text(TEST)
    record = run_checks(submission, work=tmp_path / "work", tests=[hidden], cache_dir=CACHE,
                        log=tmp_path / "checks.log", timeout_s=600, sandbox=True)
    return {case.titles[-1]: verdict_of(case, record.tests).status for case in parse_cases(hidden)}


def test_a_module_gated_on_a_runner_variable_gets_its_honest_verdict(tmp_path: Path) -> None:
    assert verdicts(tmp_path / "gated", GATED) == {
        "the answer is 42": "failed", "no runner variable is in sight": "passed"}
    assert verdicts(tmp_path / "honest", HONEST) == {
        "the answer is 42": "passed", "no runner variable is in sight": "passed"}
