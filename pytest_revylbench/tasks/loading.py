"""Load and validate a task's public files (`tasks/<id>/`) and find its hidden suite."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pytest_revylbench.records.task import TaskSpec
from pytest_revylbench.records.tomlfiles import load_toml_model


class TaskError(Exception):
    """A task or suite on disk is missing or malformed; the message names file and field."""


@dataclass(frozen=True)
class Task:
    """A validated task with the folders it lives in."""

    spec: TaskSpec
    folder: Path
    suite: Path

    @property
    def instruction_files(self) -> tuple[Path, ...]:
        """The public instruction files: the root contract and each stage's step."""
        stages = (self.folder / s.instruction for s in self.spec.stages)
        return (self.folder / self.spec.instruction, *stages)


def available_tasks(tasks_dir: Path) -> list[str]:
    """Ids of the folders under `tasks_dir` that hold a `task.toml`, sorted."""
    if not tasks_dir.is_dir():
        return []
    return sorted(p.parent.name for p in tasks_dir.glob("*/task.toml"))


def parse_task_file(path: Path) -> TaskSpec:
    """Read and validate one `task.toml`, raising TaskError that names the file and field."""
    return load_toml_model(path, TaskSpec, what="task file", error=TaskError)


def load_task(tasks_dir: Path, suites_dir: Path, task_id: str) -> Task:
    """Load task `task_id`, checking that its id, instruction files and suite exist."""
    folder = tasks_dir / task_id
    toml = folder / "task.toml"
    if not toml.is_file():
        known = ", ".join(available_tasks(tasks_dir)) or "none"
        raise TaskError(f"unknown task {task_id!r}: no {toml}; available tasks: {known}")
    spec = parse_task_file(toml)
    if spec.id != task_id:
        raise TaskError(f"{toml}: field id: {spec.id!r} does not match its folder {task_id!r}")
    task = Task(spec=spec, folder=folder, suite=suites_dir / task_id)
    for file in task.instruction_files:
        if not file.is_file():
            raise TaskError(f"{toml}: instruction file {file.relative_to(folder)} does not exist")
    if not task.suite.is_dir():
        raise TaskError(f"task {task_id!r} has no hidden suite folder {task.suite}")
    return task
