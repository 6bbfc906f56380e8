"""Hostile submissions against the hidden component tests: each is a functional-only planted
bug of `budget` (its honest functional score is below 1) plus attack code from
tests/hostile/jest/ that App.tsx imports first. Each runs the real source checks (sandboxed,
real jest) and must not score above the honest bug; where the attack is detectable it is
flagged `tampered`. Only `totals.test.tsx` (which catches the bug) is run, to keep it fast.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from pytest_revylbench.builder.sandbox import sandbox_problem
from pytest_revylbench.checks.functional import parse_cases, verdict_of
from pytest_revylbench.checks.source import CheckRecord, run_checks
from pytest_revylbench.tasks.mutants import list_mutants, materialize

from .conftest import REPO

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")

SUITE = REPO / "suites" / "budget"
ATTACKS = REPO / "tests" / "hostile" / "jest"
CACHE = Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache" / "revylbench")
MUTANT = next(m for m in list_mutants(SUITE) if m.name == "over-budget-at-equal")
TOTALS = SUITE / "functional" / "totals.test.tsx"
CASES = parse_cases(TOTALS)
CAUGHT = MUTANT.catches[0]
HONEST_PASSED = len(CASES) - 1
"""The bug's honest score: every totals test but the one that catches it (a test that times
out on a loaded machine only lowers it)."""


def hostile(tmp_path: Path, attack: str) -> Path:
    submission = materialize(SUITE, MUTANT, tmp_path / "submission")
    folder = submission / "src" / "attack"
    shutil.copytree(ATTACKS, folder)
    app = submission / "App.tsx"
    app.write_text(f"import './src/attack/{attack}';\n" + app.read_text())
    return submission


def check(tmp_path: Path, attack: str, *, step_timeout_s: float | None = None) -> tuple[CheckRecord, str]:
    record = run_checks(hostile(tmp_path, attack), work=tmp_path / "work", tests=[TOTALS],
                        cache_dir=CACHE, log=tmp_path / "run" / "checks.log", timeout_s=600,
                        sandbox=True, step_timeout_s=step_timeout_s)
    return record, (tmp_path / "run" / "checks.log").read_text(errors="replace")


def passed(record: CheckRecord) -> int:
    """The functional items the record credits (none when tampered)."""
    if record.tampered:
        return 0
    return sum(verdict_of(c, record.tests).status == "passed" for c in CASES)


def told(log: str, attack: str) -> dict[str, Any]:
    lines = [ln for ln in log.splitlines() if ln.startswith(f"HOSTILE-JEST {attack} ")]
    assert lines, f"the {attack} attack never ran:\n{log[-3000:]}"
    return dict(json.loads(lines[-1].split(" ", 2)[2]))


def test_attacks_that_keep_running_change_no_verdict(tmp_path: Path) -> None:
    record, log = check(tmp_path, "quiet")
    assert passed(record) <= HONEST_PASSED
    assert verdict_of(next(c for c in CASES if c.name == CAUGHT), record.tests).status == "failed"
    assert not record.tampered  # nothing reached the channel: there is nothing to flag
    # What each attack could reach, in the worker that ran the submission:
    snoop = told(log, "snoop-secrets")
    for reach in ("parent_cmdline", "parent_environ", "parent_mem", "child_process", "inspector", "binding"):
        assert snoop[reach].startswith("error:"), (reach, snoop[reach])
    assert snoop["keys_found"] == 0
    assert "--experimental-permission" not in snoop["argv"]  # the flags are in NODE_OPTIONS only
    assert all(v.startswith("error:") for k, v in told(log, "proc-fd").items() if not k.startswith("self"))
    expect_patches = told(log, "patch-expect")
    for patch in ("extend", "matchers_object", "global_expect", "rntl_export", "rntl_screen", "rntl_render"):
        assert expect_patches[patch].startswith("error:"), (patch, expect_patches[patch])
    # The hidden folder (tests and the grader's jest files) is read-only to the run: a file
    # that ran first could not rewrite the next one.
    rewrites = told(log, "rewrite-tests")
    assert rewrites["totals.test.tsx"].startswith("error:")
    assert all(v.startswith("error:") for k, v in rewrites.items() if k.startswith("revylbench-"))


def test_forging_then_the_real_exit_fails_the_file(tmp_path: Path) -> None:
    record, log = check(tmp_path, "forge-exit")
    assert told(log, "forge-exit")["wrote"].startswith("error:")
    assert passed(record) == 0  # the worker died: every test of the file failed
    assert record.functional is not None and record.functional.ok


def test_killing_the_recorder_is_tampering(tmp_path: Path) -> None:
    record, _ = check(tmp_path, "kill-recorder")
    assert passed(record) == 0
    assert "killed by signal 9" in record.tampered


def caught(record: CheckRecord) -> str:
    return verdict_of(next(c for c in CASES if c.name == CAUGHT), record.tests).status


def test_clearing_jest_circus_state_is_tampering(tmp_path: Path) -> None:
    """The failure left the worker (the witness) before the hook cleared it from jest's state."""
    record, log = check(tmp_path, "circus-state")
    assert told(log, "circus-state")["hook"] == "ok:"  # the hook was registered and ran
    assert passed(record) <= HONEST_PASSED
    assert f"jest reported {CAUGHT!r} passed, but the grader's witness saw it fail" in record.tampered


def test_patched_intrinsics_change_no_verdict(tmp_path: Path) -> None:
    """The test realm's intrinsics are frozen before the submission loads; the worker's own
    realm is out of reach."""
    record, log = check(tmp_path, "patch-intrinsics")
    seen = told(log, "patch-intrinsics")
    for patch in ("trim", "includes", "is", "some", "stringify", "filter", "outer_realm"):
        assert seen[patch].startswith("error:"), (patch, seen[patch])
    assert caught(record) == "failed"
    assert passed(record) <= HONEST_PASSED
    assert not record.tampered


def test_rewriting_what_the_worker_sends_changes_no_verdict(tmp_path: Path) -> None:
    """process.send, _send, the IPC channel's write and fs's writes, from every way to the
    worker's process: none leads out of the test realm (where `process` is jest's copy)."""
    record, log = check(tmp_path, "replace-send")
    seen = told(log, "replace-send")
    for route in ("timer", "buffer", "require", "async"):
        assert seen[f"reach_{route}"].startswith("error:"), (route, seen[f"reach_{route}"])
    assert caught(record) == "failed"
    assert passed(record) <= HONEST_PASSED


def test_forged_witness_records_are_tampering(tmp_path: Path) -> None:
    record, log = check(tmp_path, "forge-ledger")
    assert told(log, "forge-ledger")["pipes"]
    assert passed(record) <= HONEST_PASSED
    assert "not written by the grader's witness" in record.tampered or passed(record) == 0


def test_a_thrown_non_error_changes_no_verdict(tmp_path: Path) -> None:
    record, log = check(tmp_path, "throw-non-error")
    assert told(log, "throw-non-error")["hook"] == "ok:"
    assert passed(record) <= HONEST_PASSED
    assert caught(record) == "failed" or "the grader's witness saw it fail" in record.tampered


def test_hanging_after_a_failed_assertion_keeps_the_failure(tmp_path: Path) -> None:
    """The run is stopped at its limit; the test that failed before the hang is still failed."""
    record, log = check(tmp_path, "hang-after-failure", step_timeout_s=60)
    assert told(log, "hang-after-failure")["hanging"]
    assert record.functional is not None and record.functional.timed_out
    assert caught(record) == "failed"
    assert passed(record) <= HONEST_PASSED


def test_tsc_loads_no_plugin_named_by_the_submission_s_tsconfig(tmp_path: Path) -> None:
    """The type-check step: a tsconfig `plugins` entry (language-service or transform) runs no code."""
    deps = sorted(CACHE.glob("deps/*/node_modules/typescript/bin/tsc"))
    if not deps:
        pytest.skip("no cached dependencies with TypeScript")
    (tmp_path / "node_modules").symlink_to(deps[0].parents[2], target_is_directory=True)
    (tmp_path / "evil.js").write_text(
        f"require('fs').writeFileSync({json.dumps(str(tmp_path / 'PWNED'))}, 'x');\n"
        "module.exports = () => ({ create: (info) => info.languageService });\n")
    (tmp_path / "tsconfig.json").write_text(json.dumps({"compilerOptions": {
        "strict": True, "noEmit": True,
        "plugins": [{"name": "./evil.js"}, {"transform": "./evil.js"}]}, "files": ["a.ts"]}))
    (tmp_path / "a.ts").write_text("export const x: number = 1;\n")
    proc = subprocess.run([str(deps[0]), "--noEmit", "-p", "."], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout
    assert not (tmp_path / "PWNED").exists()


def test_a_tampered_grade_is_the_agent_s_failure_and_says_so(tmp_path: Path) -> None:
    """The one full grade: killing the recorder, through pytest (every tier but visual)."""
    from .conftest import grade

    record = grade(hostile(tmp_path, "kill-recorder"), tmp_path / "reports", "tampered",
                   "--tiers=build,functional,flow,contract", "--scheme=tiers", every_tier=True)
    assert record["status"] == "candidate_failure", record["_stdout"][-2000:]
    assert record["failure_kind"] == "tampered"
    functional = [t for t in record["tests"] if t.get("tier") == "functional"]
    assert functional and all(t["fault"] == "tampered" and t["verdict"] == "fail" for t in functional)
    assert record["reward"]["vector"]["functional"] == 0.0, record["reward"]
    bundle = tmp_path / "reports" / "tampered" / "feedback"
    feedback = "\n".join(p.read_text(errors="replace") for p in bundle.rglob("*")
                         if p.is_file() and p.suffix in (".json", ".md", ".txt"))
    assert "interfered with the recording of the hidden component tests" in feedback
