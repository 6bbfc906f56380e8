"""Every task's independent derivation (`suites/<id>/derive.py`) derives every computed string
its suite expects; a value the suite asserts that the derivation does not give is caught."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pytest_revylbench.tasks.derivation import (
    DerivationError,
    derivation_path,
    derived_values,
    disagreements,
)
from pytest_revylbench.tasks.digests import suite_digest
from pytest_revylbench.tasks.loading import Task, available_tasks, load_task

REPO = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("task_id", available_tasks(REPO / "tasks"))
def test_every_computed_string_the_suite_expects_is_derived(task_id: str) -> None:
    task = load_task(REPO / "tasks", REPO / "suites", task_id)
    assert derivation_path(task).is_file(), f"{task_id} has no independent derivation"
    values = derived_values(task)
    underived = [str(d) for d in disagreements(task, values) if d.what == "underived"]
    assert underived == [], "\n".join(underived)


@pytest.fixture
def budget(tmp_path: Path) -> Task:
    shutil.copytree(REPO / "tasks/budget", tmp_path / "tasks/budget")
    shutil.copytree(REPO / "suites/budget", tmp_path / "suites/budget",
                    ignore=shutil.ignore_patterns("reference", "oracle", "__pycache__"))
    return load_task(tmp_path / "tasks", tmp_path / "suites", "budget")


def test_an_asserted_amount_the_derivation_does_not_give_is_named_with_its_line(budget: Task) -> None:
    suite = budget.suite / "test_budget.py"
    lines = suite.read_text().splitlines()
    at = next(n for n, line in enumerate(lines) if 'app.see("$2,787.05"' in line)
    lines[at] = lines[at].replace("$2,787.05", "$2,787.50")  # wrong in suite and reference alike
    suite.write_text("\n".join(lines) + "\n")
    found = [str(d) for d in disagreements(budget, derived_values(budget)) if d.what == "underived"]
    assert found == [f"test_budget.py:{at + 1}: asserts '$2,787.50', which is neither stated nor derived"]


def test_a_component_test_s_expected_text_is_held_to_the_derivation_too(budget: Task) -> None:
    test = next((budget.suite / "functional").glob("*.test.tsx"))
    test.write_text(test.read_text() + '\ntest("x", () => { expectText("t", "Spent: $4,321.09"); });\n')
    found = [str(d) for d in disagreements(budget, derived_values(budget)) if d.what == "underived"]
    assert len(found) == 1 and "'Spent: $4,321.09'" in found[0], found


def test_a_derived_value_no_test_asserts_is_dead(budget: Task) -> None:
    script = derivation_path(budget)
    script.write_text(script.read_text().replace(
        "json.dumps(", "json.dumps({'extra': 'Leftover: $1.23'} | ", 1))
    dead = [d for d in disagreements(budget, derived_values(budget)) if d.what == "unasserted"]
    assert [(d.where, d.text) for d in dead] == [("extra", "Leftover: $1.23")]


@pytest.mark.parametrize("body, says", [
    ("raise SystemExit(3)", "exit 3"),
    ("print('totals: 1, 2')", "printed no JSON object"),
    ("print('[\"$1.00\"]')", "not an object of strings"),
    ("print('{}')", "derived nothing"),
])
def test_a_derivation_that_does_not_derive_is_an_error(budget: Task, body: str, says: str) -> None:
    derivation_path(budget).write_text(body + "\n")
    with pytest.raises(DerivationError, match=says):
        derived_values(budget)


def test_the_derivation_decides_no_grade_so_it_stales_no_certificate(budget: Task) -> None:
    before = suite_digest(budget)
    derivation_path(budget).write_text("print('{}')\n")
    assert suite_digest(budget) == before
    (budget.suite / "test_budget.py").write_text((budget.suite / "test_budget.py").read_text() + "\n")
    assert suite_digest(budget) != before
