"""Each task publishes its design: the web oracle's checkpoint images, byte for byte, treated
as public by the leak guard, the transcript check and the task digest."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pytest_revylbench.outputs.leakguard import find_leak
from pytest_revylbench.outputs.provenance import task_digest
from pytest_revylbench.records.visual import shot_name
from pytest_revylbench.tasks.design import declared_shots, design_faults, design_folder, publish_design
from pytest_revylbench.tasks.loading import Task, available_tasks, load_task
from pytest_revylbench.tasks.specstrings import unstated_texts
from pytest_revylbench.tasks.transcript import check_transcript

REPO = Path(__file__).resolve().parents[3]
TASK_IDS = available_tasks(REPO / "tasks")


def _task(task_id: str, tasks: Path = REPO / "tasks", suites: Path = REPO / "suites") -> Task:
    return load_task(tasks, suites, task_id)


@pytest.fixture
def budget_copy(tmp_path: Path) -> Task:
    """budget's public folder and its oracle, copied (the suite's tests are not needed)."""
    shutil.copytree(REPO / "tasks/budget", tmp_path / "tasks/budget")
    shutil.copytree(REPO / "suites/budget/oracle", tmp_path / "suites/budget/oracle")
    return _task("budget", tmp_path / "tasks", tmp_path / "suites")


def test_every_task_has_a_visual_tier() -> None:
    assert {"auction", "bookings", "budget", "split", "till"} <= set(TASK_IDS)
    assert [t for t in TASK_IDS if not declared_shots(_task(t))] == []


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_the_design_is_the_web_oracle_byte_for_byte(task_id: str) -> None:
    task = _task(task_id)
    visual = task.spec.scoring.visual
    assert visual is not None
    names = [shot_name(c.name, v.name) for c, v in visual.shots()]
    assert declared_shots(task) == names
    manifest = json.loads((task.suite / "oracle/web/oracle.json").read_text(encoding="utf-8"))
    assert sorted(manifest["shots"]) == sorted(names)
    design = design_folder(task)
    assert sorted(p.name for p in design.iterdir()) == sorted(f"{n}.png" for n in names)
    for name in names:
        image = (design / f"{name}.png").read_bytes()
        assert image.startswith(b"\x89PNG\r\n\x1a\n"), name
        assert image == (task.suite / "oracle/web" / f"{name}.png").read_bytes(), name
    assert design_faults(task) == []


def test_design_faults_name_a_missing_a_changed_and_a_stray_image(budget_copy: Task) -> None:
    design = design_folder(budget_copy)
    (design / "accounts@small.png").unlink()
    (design / "categories@phone.png").write_bytes(b"\x89PNG\r\n\x1a\nother")
    (design / "draft.png").write_bytes(b"x")
    faults = design_faults(budget_copy)
    assert len(faults) == 3
    assert "accounts@small.png: missing (checkpoint accounts@small has no design image)" in faults[0]
    assert "categories@phone.png: differs from" in faults[1] and "oracle/web" in faults[1]
    assert "draft.png: not a declared checkpoint@viewport (accounts@phone, " in faults[2]


def test_publish_design_copies_the_oracle_and_replaces_the_folder(budget_copy: Task) -> None:
    design = design_folder(budget_copy)
    shutil.rmtree(design)
    design.mkdir()
    (design / "stale@phone.png").write_bytes(b"old")
    written = publish_design(budget_copy)
    assert [p.name for p in written] == [f"{n}.png" for n in declared_shots(budget_copy)]
    assert not (design / "stale@phone.png").exists()
    assert design_faults(budget_copy) == []


def test_publish_design_refuses_an_oracle_without_a_declared_shot(budget_copy: Task) -> None:
    (budget_copy.suite / "oracle/web/transactions@small.png").unlink()
    before = sorted(p.name for p in design_folder(budget_copy).iterdir())
    with pytest.raises(FileNotFoundError, match=r"no oracle image of transactions@small; capture it first"):
        publish_design(budget_copy)
    assert sorted(p.name for p in design_folder(budget_copy).iterdir()) == before


def test_changing_a_design_image_changes_the_task_digest(budget_copy: Task) -> None:
    before = task_digest(budget_copy)
    image = design_folder(budget_copy) / "accounts@phone.png"
    image.write_bytes(image.read_bytes() + b"\0")
    assert task_digest(budget_copy) != before
    image.unlink()
    assert len({before, task_digest(budget_copy)}) == 2


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_feedback_citing_the_design_images_is_no_leak(task_id: str) -> None:
    task = _task(task_id)
    for name in declared_shots(task):
        text = (f"Visual checkpoint: {name}. Compare your screen with the design image "
                f"tasks/{task_id}/design/{name}.png (design/{name}.png).")
        assert find_leak(text, task) is None, text


def test_reading_the_design_images_is_not_a_suite_fetch(tmp_path: Path) -> None:
    task = _task("auction")
    transcript = tmp_path / "t.jsonl"
    lines = [{"tool": "read", "path": f"tasks/auction/design/{n}.png"} for n in declared_shots(task)]
    lines.append({"tool": "bash", "command": "ls tasks/auction/design/ && open design/lots@phone.png"})
    transcript.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    assert check_transcript(task, transcript) == []
    transcript.write_text(json.dumps({"tool": "read", "path": "suites/auction/oracle/web/lots@phone.png"}))
    assert [h.kind for h in check_transcript(task, transcript)] == ["suite path"]


def test_unstated_texts_are_those_no_public_file_states(tmp_path: Path) -> None:
    spec = tmp_path / "instruction.md"
    spec.write_text("Show `Total: $12.50` and the **over budget**\nbadge; tabs `Accounts`.\n"
                    "Dates read `Nov 3, 2026`.\n\n| date | amount |\n|---|---|\n"
                    "| 2026-11-02 | -1,450.00 |\n")
    shown = ["Total: $12.50", "over  budget", "Accounts", "", "  ", "Rent", "Rent",
             # a seed value in a pinned format: stated
             "Total: $1,450.00", "Nov 2, 2026",
             # a value the files never give, in a pinned format: not stated
             "Total: $13.00", "Nov 12, 2026"]
    assert unstated_texts(shown, [spec]) == ["Nov 12, 2026", "Rent", "Total: $13.00"]


@pytest.mark.parametrize("task_id", ["auction", "bookings", "budget", "split", "till"])
def test_the_seed_values_the_design_shows_are_stated(task_id: str) -> None:
    """The texts the device check found on the references' checkpoints and had to make
    public (tests/device/test_design_text.py runs the check itself)."""
    shown = {
        "auction": ["Vintage Camera", "$62.50", "Leading: Avery", "Current price: $62.50"],
        "bookings": ["Booking as Eli", "Eli's bookings", "Waiting for a place"],
        "budget": ["-$1,450.00", "+$12.34", "Nov 2, 2026", "Nov 9, 2026"],
        "split": ["Paid $187.45, share $272.69", "Paid $327.30, share $279.01",
                  "Paid $95.00, share $284.01"],
        "till": ["Subtotal: $2.00", "Tax: $0.17", "Total: $2.17", "Sales", "Subtotal: $0.00"],
    }[task_id]
    task = _task(task_id)
    assert unstated_texts(shown, [*task.instruction_files, task.folder / "task.toml"]) == []


def test_validate_fails_a_task_whose_design_is_not_its_oracle(
    budget_copy: Task, capsys: pytest.CaptureFixture[str]
) -> None:
    from pytest_revylbench.cli import main

    argv = ["--tasks-dir", str(budget_copy.folder.parent), "--suites-dir", str(budget_copy.suite.parent),
            "validate", "budget"]
    # The copy holds no suite beyond the oracle, so validate lists the rest of the bar
    # (tests/unit/checks/test_bar.py); its design is not among what it lacks.
    assert main(argv) == 1
    assert "design images" not in capsys.readouterr().out
    (design_folder(budget_copy) / "transactions@small.png").unlink()
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert out.startswith("FAIL budget: its design images are not the web oracle's: ")
    assert "transactions@small.png: missing (checkpoint transactions@small has no design image)" in out
