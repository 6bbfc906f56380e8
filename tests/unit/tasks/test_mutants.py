from __future__ import annotations

from pathlib import Path

import pytest

from pytest_revylbench.builder.submission import digest
from pytest_revylbench.checks.functional import item_names
from pytest_revylbench.tasks.loading import TaskError, available_tasks, load_task
from pytest_revylbench.tasks.mutants import list_mutants, load_mutant, materialize

REPO = Path(__file__).resolve().parents[3]
TASKS = available_tasks(REPO / "tasks")


@pytest.mark.parametrize("task_id", TASKS)
def test_every_mutant_applies_and_changes_the_reference(task_id: str, tmp_path: Path) -> None:
    suite = REPO / "suites" / task_id
    mutants = list_mutants(suite)
    assert len(mutants) >= 5, f"{task_id} needs at least five mutants"
    task = load_task(REPO / "tasks", REPO / "suites", task_id)
    tests = set(item_names(task))
    for mutant in mutants:
        assert set(mutant.catches) <= tests, f"{mutant.name} declares unknown tests"
        out = materialize(suite, mutant, tmp_path / mutant.name)
        assert digest(out) != digest(suite / "reference")


def write_mutant(folder: Path, find: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "mutant.toml").write_text(
        'description = "d"\ncatches = ["test_a"]\n'
        f'[[edit]]\nfile = "App.tsx"\nfind = "{find}"\nreplace = "Y"\n'
    )
    return folder


@pytest.mark.parametrize(("find", "count"), [("X", 2), ("Q", 0)])
def test_find_must_occur_exactly_once(tmp_path: Path, find: str, count: int) -> None:
    suite = tmp_path / "suite"
    (suite / "reference").mkdir(parents=True)
    (suite / "reference/App.tsx").write_text("X X\n")
    mutant = load_mutant(write_mutant(suite / "mutants/m", find))
    with pytest.raises(TaskError, match=f"occurs {count} times in App.tsx, expected once"):
        materialize(suite, mutant, tmp_path / "out")


def test_a_mutant_without_catches_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "mutant.toml").write_text(
        'description = "d"\ncatches = []\n[[edit]]\nfile = "a"\nfind = "b"\nreplace = "c"\n')
    with pytest.raises(TaskError, match="declare the tests that catch it"):
        load_mutant(folder)
