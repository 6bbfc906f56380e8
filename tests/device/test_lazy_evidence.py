"""Lazy evidence (issue 18 item 2) changes when screenshots are taken, not what a failure
report shows: two budget mutants that fail device checks, each graded with `--evidence=eager`
and `--evidence=lazy` (flow tier; one build per mutant, the second grade reuses it), give the
same verdicts, rewards and failure bundles — the same criterion, expected and observed, and a
before/after screenshot of the same pixels for each failure — and every screenshot a grade.json
cites exists."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from PIL import Image

from pytest_revylbench.tasks.mutants import list_mutants, materialize

from .conftest import REPO, grade, verdicts

MUTANTS = ("edit-applied-twice", "categories-tab-missing")
"""One fails a value check after edits (stage 3, journey), one a tap on a missing tab."""


def pixels(path: Path) -> np.ndarray:
    with Image.open(path) as image:
        return np.asarray(image.convert("RGB"))


def cited(record: dict) -> set[str]:
    paths = {s["path"] for t in record["tests"] for s in t["screenshots"]}
    for test in record["tests"]:
        for item in test["evidence"]:
            paths |= {item[k] for k in ("before", "after") if item[k]}
    return paths


def test_lazy_and_eager_evidence_give_the_same_failure_bundles(tmp_path: Path) -> None:
    suite = REPO / "suites/budget"
    mutants = {m.name: m for m in list_mutants(suite)}
    for name in MUTANTS:
        submission = materialize(suite, mutants[name], tmp_path / name)
        records, bundles = {}, {}
        for mode in ("eager", "lazy"):
            run_id = f"{name}-{mode}"
            record = grade(submission, tmp_path / "reports", run_id, f"--evidence={mode}")
            run_dir = tmp_path / "reports" / run_id
            assert record["status"] == "completed", record["_stdout"][-2000:]
            missing = [p for p in cited(record) if not (run_dir / p).is_file()]
            assert not missing, f"{run_id}: grade.json cites missing screenshots {missing}"
            records[mode] = record
            feedback = json.loads((run_dir / "feedback/feedback.json").read_text())
            bundles[mode] = (run_dir / "feedback", feedback)
        eager, lazy = records["eager"], records["lazy"]
        assert verdicts(eager) == verdicts(lazy) and "fail" in verdicts(lazy).values()
        assert [eager.get(k) for k in ("outcome", "reward", "vector")] == [
            lazy.get(k) for k in ("outcome", "reward", "vector")]
        (eager_dir, eager_fb), (lazy_dir, lazy_fb) = bundles["eager"], bundles["lazy"]
        assert lazy_fb == eager_fb  # criterion, expected, observed, and the shots' file names
        assert eager_fb["failures"]
        for failure in lazy_fb["failures"]:
            assert failure["criterion"] and failure["expected"] and failure["observed"]
            moments = [m for m in ("before", "after") if failure.get(m)]
            assert "after" in moments, failure
            for moment in moments:
                shot = failure[moment]
                assert (lazy_dir / shot).is_file() and (eager_dir / shot).is_file()
                assert np.array_equal(pixels(lazy_dir / shot), pixels(eager_dir / shot)), (
                    f"{name}: {failure['name']} {moment}: the lazy shot shows another screen")
