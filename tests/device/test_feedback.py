"""The feedback bundle of a real grade of an ordinary agent bug (issue 22): the budget reference
with its Categories heading typed "Budgets per category". Its observed screens share phrases
with the hidden component tests (`1 category over budget`); the bundle is written all the same."""

from __future__ import annotations

import json
from pathlib import Path

from pytest_revylbench.builder.submission import copy_source

from .conftest import REPO, grade

HEADING = "pressing the Categories tab shows the heading 'Budgets by category'"


def test_a_heading_typo_gets_its_bundle_with_the_failed_criterion_screen_and_screenshots(
    tmp_path: Path,
) -> None:
    app = tmp_path / "typo"
    copy_source(REPO / "suites/budget/reference", app)
    screen = app / "src/screens/CategoriesScreen.tsx"
    source = screen.read_text()
    assert source.count('heading="Budgets by category"') == 1
    screen.write_text(source.replace('heading="Budgets by category"', 'heading="Budgets per category"'))
    record = grade(app, tmp_path / "reports", "typo")
    run_dir = tmp_path / "reports/typo"
    assert {t["name"]: t["verdict"] for t in record["tests"]} == {
        "test_stage_1_accounts": "fail", "test_stage_2_transactions": "pass",
        "test_stage_3_budgets": "fail", "test_journey_month_close": "fail",
    }
    assert record["feedback"] == {"written": True, "redactions": [], "error": ""}
    assert record["status"] == "completed" and record["failure_kind"] is None
    assert f"feedback for the agent: {run_dir / 'feedback'} (redacted fields: 0)" in record["_stdout"]
    assert "NOT written" not in record["_stdout"]

    folder = run_dir / "feedback"
    feedback = json.loads((folder / "feedback.json").read_text())
    assert feedback["withheld"] == 0
    failures = {f["name"]: f for f in feedback["failures"]}
    assert list(failures) == ["Stage 1: Accounts and tabs", "Stage 3: Budgets and edits",
                              "Journey: Closing the month"]
    for entry in failures.values():
        assert (entry["criterion"], entry["expected"]) == (HEADING, "'Budgets by category'")
        # The observed field is the whole screen the app showed, phrases of hidden tests included.
        assert "Budgets per category" in entry["observed"]
        assert "1 category over budget" in entry["observed"]
        # The screen when the check failed, and the one of the check before it (stage 3 opens
        # on the Categories tab: it has none).
        shots = [entry["after"], *([entry["before"]] if not entry["name"].startswith("Stage 3") else [])]
        assert all(shots), entry
        assert all((folder / shot).stat().st_size > 10_000 for shot in shots)
    markdown = (folder / "feedback.md").read_text()
    assert f"Criterion: {HEADING}" in markdown and "Budgets per category" in markdown
    assert "withheld" not in markdown
