"""Lazy evidence (issue 18 item 2) changes when screenshots are taken and how big they are, not
what a failure report shows: two budget mutants that fail device checks, each graded with
`--evidence=eager` and `--evidence=lazy` (flow tier; one build per mutant, the second grade
reuses it), give the same verdicts, rewards and failure bundles — the same criterion, expected
and observed, and a before/after screenshot of the same screen for each failure: the same UI
tree, and the same picture (eager's at the device's 1179×2556, lazy's at CSS pixels, 393×852:
the eager one scaled down differs from it by more than a rendering's antialiasing on fewer
than 1 in 1,000 pixels; another screen of the journey differs on 15× as many) — and every
screenshot a grade.json cites exists."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from PIL import Image

from pytest_revylbench.tasks.mutants import list_mutants, materialize

from .conftest import REPO, grade, verdicts

MUTANTS = ("edit-applied-twice", "categories-tab-missing")
"""One fails a value check after edits (stage 3, journey), one a tap on a missing tab."""


CSS_SIZE, DEVICE_SIZE = (393, 852), (1179, 2556)
OTHER_PIXELS = 0.001
"""The share of pixels a shot at CSS pixels may differ from a device-pixel shot of the same
screen scaled down (by more than 40 levels in a channel). Measured: 0.0002-0.0003 for the same
screen, 0.0036 for two screens of budget's journey that differ only in amounts."""


def pixels(path: Path, size: tuple[int, int] | None = None) -> np.ndarray:
    with Image.open(path) as image:
        rgb = image.convert("RGB")
        if size is not None and rgb.size != size:
            rgb = rgb.resize(size, Image.Resampling.BOX)
        return np.asarray(rgb).astype(int)


def same_screen(css_shot: Path, device_shot: Path) -> float:
    """The share of pixels where the two differ by more than antialiasing does."""
    with Image.open(css_shot) as a, Image.open(device_shot) as b:
        assert (a.size, b.size) == (CSS_SIZE, DEVICE_SIZE), (a.size, b.size)
    diff = np.abs(pixels(css_shot) - pixels(device_shot, CSS_SIZE)).max(axis=2)
    return float((diff > 40).mean())


def failure_trees(record: dict, run_dir: Path) -> list[tuple[str, str | None, str | None]]:
    """Per failed check: its test, and the UI trees of its "before" and "after" shots."""
    def read(tree_of: dict[str, str], shot: str | None) -> str | None:
        tree = tree_of.get(shot) if shot else None
        return (run_dir / tree).read_text() if tree else None

    out = []
    for test in record["tests"]:
        tree_of = {e["after"]: e["tree"] for e in test["evidence"] if e["after"] and e["tree"]}
        out += [(test["name"], read(tree_of, e["before"]), read(tree_of, e["after"]))
                for e in test["evidence"] if not e["passed"]]
    return out


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
        records, bundles, trees = {}, {}, {}
        for mode in ("eager", "lazy"):
            run_id = f"{name}-{mode}"
            record = grade(submission, tmp_path / "reports", run_id, f"--evidence={mode}")
            run_dir = tmp_path / "reports" / run_id
            assert record["status"] == "completed", record["_stdout"][-2000:]
            missing = [p for p in cited(record) if not (run_dir / p).is_file()]
            assert not missing, f"{run_id}: grade.json cites missing screenshots {missing}"
            records[mode] = record
            trees[mode] = failure_trees(record, run_dir)
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
                assert same_screen(lazy_dir / shot, eager_dir / shot) < OTHER_PIXELS, (
                    f"{name}: {failure['name']} {moment}: the lazy shot shows another screen")
        assert trees["lazy"] == trees["eager"] and trees["lazy"]
        assert all(after for _, _, after in trees["lazy"]), trees["lazy"]
