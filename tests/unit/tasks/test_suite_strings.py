"""Every hidden suite asserts only what its task's public files let an agent know."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_revylbench.tasks.loading import available_tasks, load_task
from pytest_revylbench.tasks.specstrings import shape, unfounded_strings

REPO = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("task_id", available_tasks(REPO / "tasks"))
def test_suite_asserts_only_public_strings(task_id: str) -> None:
    task = load_task(REPO / "tasks", REPO / "suites", task_id)
    suites = sorted(task.suite.glob("test_*.py"))
    assert suites, f"task {task_id} has no hidden tests"
    unfounded = unfounded_strings(list(task.instruction_files), suites)
    assert not unfounded, "\n".join(
        f"{a.file.relative_to(REPO)}:{a.line}: {a.text!r} is in no public instruction file"
        for a in unfounded
    )


def test_a_made_up_string_is_caught(tmp_path: Path) -> None:
    spec = tmp_path / "instruction.md"
    spec.write_text("Shows `Total: $1,905.20 of $2,270.00` and a `Save` button.\n")
    suite = tmp_path / "test_x.py"
    suite.write_text(
        "def test_x(app):\n"
        "    app.tap('Save')\n"
        "    app.see('Total: $9.99 of $10.00')\n"        # same shape: a derived value
        "    type_payee(app, 'Gym Pass')\n"
        "    app.see('Gym Pass')\n"                       # the suite entered it
        "    app.see('Grand total: $9.99')\n"             # invented label
        "    app.see_in_order('Save', 'Delete')\n"        # invented button
    )
    found = [(a.text, a.line) for a in unfounded_strings([spec], [suite])]
    assert found == [("Grand total: $9.99", 6), ("Delete", 7)]


def test_shape_replaces_amounts_and_numbers() -> None:
    assert shape("Over by  $131.65") == "Over by <money>"
    assert shape("-$675.25") == "<money>"
    assert shape("2 categories over budget") == "<n> categories over budget"
    assert shape("Nov 30, 2026") == "Nov <n>, <n>"
