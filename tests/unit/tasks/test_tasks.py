"""Task files: the real ones validate; malformed ones fail naming file, field and expectation."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_revylbench.tasks.loading import TaskError, available_tasks, load_task, parse_task_file

REPO = Path(__file__).resolve().parents[3]
GOOD = (REPO / "tasks/budget/task.toml").read_text()


def test_budget_task_is_valid() -> None:
    task = load_task(REPO / "tasks", REPO / "suites", "budget")
    assert [s.id for s in task.spec.stages] == ["accounts", "transactions", "budgets"]
    assert task.spec.journey.id == "month-close"
    assert task.spec.budgets.max_submissions == 5
    assert task.spec.budgets.agent_minutes == 480
    assert all(p.is_file() for p in task.instruction_files)


def test_available_tasks_skips_the_scaffold() -> None:
    tasks = available_tasks(REPO / "tasks")
    assert "budget" in tasks and "scaffold" not in tasks


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('version = "1.0.0"\n', ""), "field version: Field required"),
        (('id = "budget"', 'id = "Budget!"'), "field id: Value error, must be lower-case"),
        (('scheme = "tiers"', "scheme = 3"), "field scoring.scheme: Input should be a valid string"),
        (('"contract", "visual"]', '"visual"]'),
         "scoring.tiers: ['contract'] have a weight but are not in tiers"),
        (('tiers = ["build", "functional", "flow",', 'tiers = ["build", "functional",'),
         "tiers: list each tier once, flow included"),
        (('name = "new-transaction"\npath = ["tab-transactions", "add-transaction"]',
          'name = "new-transaction"\npath = ["tab-transactions", "add-transaction"]\nfoo = 1'),
         "field contract.screens.2.foo: Extra inputs are not permitted"),
        (("max_submissions = 5", "max_submissions = 0"),
         "field budgets.max_submissions: Input should be greater than or equal to 1"),
        (('[journey]\nid = "month-close"', '[journey]\nid = "accounts"'),
         "journey id 'accounts' repeats a stage id"),
        (('archetype = "ledger-with-derived-totals"', 'archetype = "x"\ncolour = "red"'),
         "field colour: Extra inputs are not permitted"),
    ],
)
def test_malformed_task_file(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    assert change[0] in GOOD
    path = tmp_path / "task.toml"
    path.write_text(GOOD.replace(*change))
    with pytest.raises(TaskError) as info:
        parse_task_file(path)
    assert str(path) in str(info.value)
    assert message in str(info.value)


def test_two_stages_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "task.toml"
    cut = GOOD.index("[[stages]]\nid = \"budgets\"")
    path.write_text(GOOD[:cut] + GOOD[GOOD.index("[journey]"):])
    with pytest.raises(TaskError, match="field stages: Value error, a task has exactly 3 stages, got 2"):
        parse_task_file(path)


def test_not_toml(tmp_path: Path) -> None:
    path = tmp_path / "task.toml"
    path.write_text("id = \n")
    with pytest.raises(TaskError, match=r"task.toml: not valid TOML"):
        parse_task_file(path)


def test_missing_instruction_file(tmp_path: Path) -> None:
    (tmp_path / "tasks/budget").mkdir(parents=True)
    (tmp_path / "suites/budget").mkdir(parents=True)
    (tmp_path / "tasks/budget/task.toml").write_text(GOOD)
    with pytest.raises(TaskError, match=r"instruction file instruction\.md does not exist"):
        load_task(tmp_path / "tasks", tmp_path / "suites", "budget")


OUTCOME_LABEL = "When it works:"
"""How each step file introduces what a person sees once the step is done: the project's own
words (the skeleton writes it; an earlier label echoed another benchmark's)."""


@pytest.mark.parametrize("task_id", available_tasks(REPO / "tasks"))
def test_each_step_states_what_a_person_sees_under_the_project_s_label(task_id: str) -> None:
    steps = sorted((REPO / "tasks" / task_id / "steps").glob("*/instruction.md"))
    assert len(steps) == 3, steps
    for step in steps:
        lines = step.read_text().splitlines()
        assert sum(line.startswith(OUTCOME_LABEL) for line in lines) == 1, step
        assert not any("observable outcome" in line.lower() for line in lines), step
