"""`revylbench new-task ID`: a skeleton that loads, whose device tests fail until written, and
that touches no existing task."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_revylbench.builder.submission import tree_digest
from pytest_revylbench.checks.functional import parse_cases
from pytest_revylbench.cli import main
from pytest_revylbench.records.vocabulary import Tier
from pytest_revylbench.tasks.loading import load_task
from pytest_revylbench.tasks.mutants import list_mutants
from pytest_revylbench.tasks.skeleton import NOT_WRITTEN
from pytest_revylbench.tasks.specstrings import unfounded_strings
from pytest_revylbench.tasks.transcript import suite_markers

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A tasks/ folder with the scaffold and budget, and suites/ with budget's suite."""
    shutil.copytree(REPO / "tasks/scaffold", tmp_path / "tasks/scaffold",
                    ignore=shutil.ignore_patterns("node_modules"))
    shutil.copytree(REPO / "tasks/budget", tmp_path / "tasks/budget")
    shutil.copytree(REPO / "suites/budget", tmp_path / "suites/budget",
                    ignore=shutil.ignore_patterns("node_modules", "__pycache__"))
    return tmp_path


def _cli(project: Path, *words: str) -> int:
    return main(["--tasks-dir", str(project / "tasks"), "--suites-dir", str(project / "suites"), *words])


def test_new_task_lays_out_a_skeleton_that_loads(project: Path) -> None:
    assert _cli(project, "new-task", "gradebook", "--title", "Gradebook: one term of a class") == 0
    task = load_task(project / "tasks", project / "suites", "gradebook")
    assert task.spec.title == "Gradebook: one term of a class"
    assert set(task.spec.tiers) == set(Tier)
    assert [s.instruction for s in task.spec.stages] == [
        "steps/01-first/instruction.md", "steps/02-second/instruction.md", "steps/03-third/instruction.md"]
    assert all(f.is_file() for f in task.instruction_files)
    assert task.spec.contract is not None and task.spec.contract.screens and task.spec.contract.tabs
    assert task.spec.scoring.visual is not None and len(task.spec.scoring.visual.checkpoints) == 3
    suite = task.suite
    assert (suite / "reference/App.tsx").read_bytes() == (project / "tasks/scaffold/App.tsx").read_bytes()
    assert not (suite / "reference/node_modules").exists()
    assert (suite / "mutants").is_dir() and list_mutants(suite) == []
    assert len(parse_cases(suite / "functional/todo.test.tsx")) == 1
    names, canaries = suite_markers(task)
    assert names == ["test_journey_journey", "test_stage_1_first", "test_stage_2_second",
                     "test_stage_3_third"]
    assert len(canaries) == 3 and all(c.startswith("rvb-canary-") for c in canaries)
    # The stubs assert nothing, so tests/unit/tasks/test_suite_strings.py holds for them.
    assert unfounded_strings(list(task.instruction_files), [suite / "test_gradebook.py"]) == []


def test_the_skeletons_device_tests_fail_until_written(project: Path) -> None:
    """Run by pytest: all four fail with "not written yet"; none passes, none is skipped."""
    assert _cli(project, "new-task", "kanban") == 0
    suite = project / "suites/kanban"
    (suite / "conftest.py").write_text(
        "import pytest\n\n\n@pytest.fixture\ndef app():\n    return None\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:revylbench", "-p", "no:cacheprovider", "-q",
         "-W", "ignore::pytest.PytestUnknownMarkWarning", "--tb=line", str(suite / "test_kanban.py")],
        cwd=project, capture_output=True, text=True, check=False)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "4 failed" in run.stdout and "passed" not in run.stdout and "skipped" not in run.stdout
    for name in ("test_stage_1_first", "test_stage_2_second", "test_stage_3_third",
                 "test_journey_journey"):
        assert f"AssertionError: {name} is {NOT_WRITTEN}: TODO: write it in suites/kanban/" in run.stdout


def test_the_skeletons_tests_carry_the_stage_and_journey_markers(project: Path) -> None:
    assert _cli(project, "new-task", "recipes") == 0
    run = subprocess.run(
        [sys.executable, "-c",
         "import sys; sys.path.insert(0, 'suites/recipes'); import test_recipes as m; "
         "print([(n, [(k.name, k.args) for k in getattr(m, n).pytestmark]) "
         "for n in sorted(dir(m)) if n.startswith('test_')])"],
        cwd=project, capture_output=True, text=True, check=True)
    assert run.stdout.strip() == (
        "[('test_journey_journey', [('journey', ())]), ('test_stage_1_first', [('stage', ('first',))]), "
        "('test_stage_2_second', [('stage', ('second',))]), ('test_stage_3_third', [('stage', ('third',))])]")


@pytest.mark.parametrize(("task_id", "message"), [
    ("budget", "task 'budget' exists already: "),
    ("scaffold", "task id 'scaffold' is reserved"),
    ("Grade_Book", "bad task id 'Grade_Book': use lower-case letters, digits and dashes, starting "
                   "with a letter (pattern ^[a-z][a-z0-9-]*$)"),
    ("1kanban", "bad task id '1kanban'"),
])
def test_new_task_refuses_an_existing_or_bad_id_and_touches_nothing(
    project: Path, task_id: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = tree_digest(project)
    assert _cli(project, "new-task", task_id) == 2
    assert message in capsys.readouterr().err
    assert tree_digest(project) == before


def test_new_task_leaves_the_existing_tasks_alone(project: Path) -> None:
    budget = (tree_digest(project / "tasks/budget"), tree_digest(project / "suites/budget"))
    scaffold = tree_digest(project / "tasks/scaffold")
    assert _cli(project, "new-task", "inventory") == 0
    assert (tree_digest(project / "tasks/budget"), tree_digest(project / "suites/budget")) == budget
    assert tree_digest(project / "tasks/scaffold") == scaffold
    assert sorted(p.name for p in (project / "tasks").iterdir()) == ["budget", "inventory", "scaffold"]
