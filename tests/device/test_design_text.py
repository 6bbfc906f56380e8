"""The design images show nothing the text does not already say: every text on a checkpoint
of each task's reference, on the pinned web device, is stated by the task's public files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from pytest_revylbench.tasks.design import declared_shots, design_folder
from pytest_revylbench.tasks.loading import available_tasks, load_task
from pytest_revylbench.tasks.specstrings import unstated_texts

from .conftest import REPO
from .visible_text_probe import OUT_ENV


def _checkpoint_texts(task_id: str, tmp_path: Path) -> tuple[dict[str, list[str]], Path]:
    """Grade the task's reference with only its visual items, as `revylbench oracle` does;
    returns each checkpoint's texts and the folder of the fresh captures."""
    texts, shots = tmp_path / task_id / "texts", tmp_path / task_id / "oracle"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--task", task_id, "--platform", "web",
         f"--submission={REPO / 'suites' / task_id / 'reference'}",
         f"--reports={tmp_path / 'reports'}", f"--run-id={task_id}", f"--oracle-out={shots}",
         "-p", "tests.device.visible_text_probe", "-p", "no:cacheprovider", "-q",
         str(REPO / "tasks" / task_id / "task.toml") + "::visual"],
        cwd=REPO, capture_output=True, text=True, timeout=900, env={**os.environ, OUT_ENV: str(texts)},
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    return {p.stem: json.loads(p.read_text()) for p in sorted(texts.glob("*.json"))}, shots


def test_every_text_on_every_design_image_is_stated_by_the_public_files(tmp_path: Path) -> None:
    unstated: dict[str, list[str]] = {}
    for task_id in available_tasks(REPO / "tasks"):
        task = load_task(REPO / "tasks", REPO / "suites", task_id)
        public = [*task.instruction_files, task.folder / "task.toml"]
        texts, shots = _checkpoint_texts(task_id, tmp_path)
        assert sorted(texts) == sorted(declared_shots(task)), task_id
        for shot, shown in texts.items():
            assert len([t for t in shown if t.strip()]) >= 3, f"{task_id} {shot}: {shown}"
            unstated.update({f"{task_id} {shot}": found
                             for found in [unstated_texts(shown, public)] if found})
            # The page read is the one the design image shows.
            assert (shots / f"{shot}.png").read_bytes() == (design_folder(task) / f"{shot}.png").read_bytes()
    assert not unstated, f"checkpoints show texts no public file states: {unstated}"
