"""A grade that ends as the bench's after the hidden component tests ran tells the agent nothing
of them: a real grade of a budget mutant whose component tests fail, with the build forced into
`builder_fault` (its artifact store cannot be written, as on a full disk) while the source checks
ran beside it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from pytest_revylbench.builder.deps import install_key
from pytest_revylbench.builder.sandbox import sandbox_problem
from pytest_revylbench.checks.functional import parse_cases
from pytest_revylbench.tasks.mutants import load_mutant, materialize

from .conftest import REPO, grade

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")

SUITE = REPO / "suites" / "budget"
CACHE = Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache" / "revylbench")


def cache_without_a_store(reference: Path, dest: Path) -> Path:
    """A cache holding the shared cache's installed dependencies (hard links: no install, no
    network) and, where the artifact store's folder goes, a file: keeping the build fails."""
    key = install_key(reference)[:16]
    for kind in ("deps", "metro"):
        entry = CACHE / kind / key
        if entry.is_dir():
            (dest / kind).mkdir(parents=True, exist_ok=True)
            subprocess.run(["cp", "-al", str(entry), str(dest / kind / key)], check=True)
    (dest / "artifacts").write_text("not a folder\n")
    return dest


def test_a_builder_fault_after_the_component_tests_ran_shows_none_of_them(tmp_path: Path) -> None:
    app = materialize(SUITE, load_mutant(SUITE / "mutants" / "currency-no-separator"), tmp_path / "app")
    cache = cache_without_a_store(app, tmp_path / "cache")
    try:
        record = grade(app, tmp_path / "reports", "bench", f"--cache-dir={cache}",
                       "--tiers=functional,flow", "--scheme=stages", every_tier=True)
    finally:
        shutil.rmtree(cache / "deps", ignore_errors=True)  # the links only, never their files
    run_dir = tmp_path / "reports" / "bench"
    assert record["failure_kind"] == "builder_fault", record["_stdout"][-3000:]
    assert record["build"]["diagnosis"]["rule"] == "the artifact store could not be written"
    component = {t["name"]: t["verdict"] for t in record["tests"] if t["tier"] == "functional"}
    cases = [case for test in sorted((SUITE / "functional").glob("*.test.tsx")) for case in parse_cases(test)]
    # The component tests ran to their verdicts (the mutant fails some), the device tests did not.
    assert len(component) == len(cases)
    assert "fail" in component.values() and "pass" in component.values(), component
    assert {t["verdict"] for t in record["tests"] if t["tier"] == "flow"} == {"not_run"}

    folder = run_dir / "feedback"
    assert sorted(p.name for p in folder.iterdir()) == ["feedback.json", "feedback.md"]
    feedback = json.loads((folder / "feedback.json").read_text())
    assert feedback["verdicts"] == {} and feedback["failures"] == [] and feedback["build_log"] is None
    assert "(builder_fault)" in feedback["bench_fault"] and "graded again" in feedback["bench_fault"]
    shown = "\n".join(p.read_text() for p in (folder / "feedback.json", folder / "feedback.md",
                                              run_dir / "scorecard-redacted.html"))
    titles = [name.rsplit(" \u203a ", 1)[-1] for name in component]
    assert [w for w in [*component, *titles, "Component test", "Stage ", "Journey"] if w in shown] == []
    assert re.findall(r"\b(pass|fail|not.run)\b", (folder / "feedback.md").read_text()) == []
