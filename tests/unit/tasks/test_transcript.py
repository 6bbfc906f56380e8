"""The suite-fetch check flags transcripts that reach for the hidden suite, and only those."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_revylbench.cli import main
from pytest_revylbench.tasks.loading import load_task
from pytest_revylbench.tasks.transcript import check_transcript, suite_markers

REPO = Path(__file__).resolve().parents[3]
TASK = load_task(REPO / "tasks", REPO / "suites", "budget")


def test_markers_come_from_the_suite() -> None:
    names, canaries = suite_markers(TASK)
    assert "test_journey_month_close" in names
    assert "rvb-canary-7f3a9c1e-budget-suite" in canaries
    assert "rvb-canary-comment-c09e63a7" in canaries


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("$ cat ../suites/budget/test_budget.py", "suite path"),
        ("ls suites/split/", "suite path"),
        ("I read test_stage_3_budgets to see what it checks", "hidden test name"),
        ("found rvb-canary-7f3a9c1e-budget-suite in a file", "canary"),
        ("curl https://github.com/acme/revylbench/blob/main/suites/budget/test_budget.py",
         "suite URL"),
        ("fetch https://raw.githubusercontent.com/acme/revylbench/main/suites/budget/x.py",
         "suite URL"),
    ],
)
def test_mentions_of_the_suite_are_flagged(tmp_path: Path, line: str, kind: str) -> None:
    transcript = tmp_path / "t.txt"
    transcript.write_text("starting work\n" + line + "\n")
    hits = check_transcript(TASK, transcript)
    assert [(h.line, h.kind) for h in hits][:1] == [(2, kind)]


@pytest.mark.parametrize(
    "line",
    [
        "Read tasks/budget/instruction.md and tasks/budget/steps/01-accounts/instruction.md",
        "npm test -- src/__tests__/money.test.ts",
        "the test suite of my app passes; test_stage is a word I made up",
        "wrote suite of helpers in src/suites.ts",
    ],
)
def test_ordinary_work_is_not_flagged(tmp_path: Path, line: str) -> None:
    transcript = tmp_path / "t.txt"
    transcript.write_text(line + "\n")
    assert check_transcript(TASK, transcript) == []


def test_jsonl_transcripts_are_read_value_by_value(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    records = [{"role": "assistant", "content": "Planning the tabs."},
               {"role": "tool", "input": {"cmd": "find / -path '*suites/budget*'"}}]
    transcript.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    hits = check_transcript(TASK, transcript)
    assert [(h.line, h.kind, h.text) for h in hits] == [(2, "suite path", "suites/budget")]
    assert main(["transcript-check", "--task", "budget", str(transcript)]) == 1
    clean = tmp_path / "clean.jsonl"
    clean.write_text(json.dumps(records[0]) + "\n")
    assert main(["transcript-check", "--task", "budget", str(clean)]) == 0
