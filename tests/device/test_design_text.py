"""`revylbench oracle` publishes the design, and the design shows nothing the text does not
say: for each task of CI's rotating sample (tests/device/sample.py), the oracle is captured
from the reference (in copies of the task and suite folders), its images land in both
`suites/<id>/oracle/web/` and `tasks/<id>/design/`, byte for byte the committed design, and
every text on each checkpoint is stated by the task's public files."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_revylbench.tasks.design import declared_shots, design_folder, oracle_folder
from pytest_revylbench.tasks.loading import load_task
from pytest_revylbench.tasks.specstrings import unstated_texts

from .conftest import REPO
from .sample import sampled_tasks
from .visible_text_probe import OUT_ENV

_BUILT = shutil.ignore_patterns("node_modules", "dist", ".expo")


def _capture(task_id: str, root: Path) -> dict[str, list[str]]:
    """`revylbench oracle` of a copy of the task; returns each checkpoint's texts."""
    shutil.copytree(REPO / "tasks" / task_id, root / "tasks" / task_id)
    suite = root / "suites" / task_id
    shutil.copytree(REPO / "suites" / task_id, suite, ignore=_BUILT)
    shutil.rmtree(suite / "oracle")
    shutil.rmtree(root / "tasks" / task_id / "design")
    texts = root / "texts" / task_id
    proc = subprocess.run(
        [str(Path(sys.executable).parent / "revylbench"), "--tasks-dir", str(root / "tasks"),
         "--suites-dir", str(root / "suites"), "oracle", "--task", task_id,
         "--reports", str(root / "reports" / task_id)],
        cwd=REPO, capture_output=True, text=True, timeout=900,
        env={**os.environ, OUT_ENV: str(texts),
             "PYTEST_ADDOPTS": "-p tests.device.visible_text_probe"},
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    task = load_task(root / "tasks", root / "suites", task_id)
    assert proc.stdout.count("(design)") == len(declared_shots(task)), proc.stdout
    return {p.stem: json.loads(p.read_text()) for p in sorted(texts.glob("*.json"))}


@pytest.mark.parametrize("task_id", sampled_tasks())
def test_the_oracle_publishes_a_design_that_shows_only_stated_text(tmp_path: Path, task_id: str) -> None:
    """The rotating sample's tasks (tests/device/sample.py), one per item so xdist spreads the
    captures; `revylbench validate` checks every task's design against its committed oracle."""
    unstated: dict[str, list[str]] = {}
    task = load_task(REPO / "tasks", REPO / "suites", task_id)
    texts = _capture(task_id, tmp_path)
    copy = load_task(tmp_path / "tasks", tmp_path / "suites", task_id)
    names = declared_shots(task)
    assert sorted(texts) == sorted(names), task_id
    public = [*task.instruction_files, task.folder / "task.toml"]
    for name in names:
        captured = (oracle_folder(copy) / f"{name}.png").read_bytes()
        assert (design_folder(copy) / f"{name}.png").read_bytes() == captured, name
        # The pinned device draws today's reference as the committed design.
        assert (design_folder(task) / f"{name}.png").read_bytes() == captured, name
        shown = texts[name]
        assert len([t for t in shown if t.strip()]) >= 3, f"{task_id} {name}: {shown}"
        found = unstated_texts(shown, public)
        if found:
            unstated[f"{task_id} {name}"] = found
    assert not unstated, f"checkpoints show texts no public file states: {unstated}"
