"""The hidden component tests' warm-up (a file's `beforeAll`: the app's first render, which
transforms React Native's modules) has the grader's limit, not the one the file declares: on a
loaded machine it took over the declared 60 s and failed every test of the file, so the load,
not the app, decided those verdicts. A real sandboxed jest run of budget's reference with a
hidden file whose warm-up outlasts its declared limit."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_revylbench.builder.sandbox import sandbox_problem
from pytest_revylbench.checks.functional import parse_cases, verdict_of
from pytest_revylbench.checks.source import run_checks

from .conftest import REPO

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")

CACHE = Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache" / "revylbench")
SLOW_WARM_UP = """/// <reference types="jest" />
beforeAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 3000));
}, 500);

describe("warm-up", () => {
  it("runs after a warm-up longer than the file's own limit", () => {
    expect(1 + 1).toBe(2);
  });
});
"""


def test_a_slow_warm_up_is_not_a_failed_test(tmp_path: Path) -> None:
    hidden = tmp_path / "hidden" / "warmup.test.tsx"
    hidden.parent.mkdir()
    hidden.write_text(SLOW_WARM_UP)
    record = run_checks(REPO / "suites" / "budget" / "reference", work=tmp_path / "work",
                        tests=[hidden], cache_dir=CACHE, log=tmp_path / "checks.log",
                        timeout_s=600, sandbox=True)
    log = (tmp_path / "checks.log").read_text(errors="replace")
    assert record.functional is not None and record.functional.ok, log[-3000:]
    [case] = parse_cases(hidden)
    assert verdict_of(case, record.tests).status == "passed", log[-3000:]
