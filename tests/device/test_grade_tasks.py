"""Grade real submissions end to end: build with expo, run on Chromium through Appium, score.

That every reference scores 1.0 with its evidence on disk (three runs, identical) and every
planted bug gets exactly its declared verdicts is `revylbench stability` (test_stability.py).
"""

from __future__ import annotations

from pathlib import Path

from pytest_revylbench.tasks.loading import available_tasks
from pytest_revylbench.tasks.mutants import list_mutants, materialize

from .conftest import REPO, grade

TASKS = available_tasks(REPO / "tasks")


def test_a_submission_that_does_not_build_scores_zero(tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    materialize_reference(broken)
    app = broken / "App.tsx"
    app.write_text(app.read_text() + "\nexport const oops = (;\n")
    record = grade(broken, tmp_path / "reports", "broken", every_tier=True)
    assert record["status"] == "candidate_failure"
    assert record["outcome"] == 0.0
    assert record["build"]["ok"] is False
    assert "App.tsx" in record["build"]["log_tail"]
    # Everything that needs the built app is not run (the dependencies check reads files only).
    device = [t for t in record["tests"] if (t["tier"] in ("flow", "contract", "visual")
              and t["name"] != "dependencies") or t["name"] == "launch"]
    assert {(t["verdict"], t["fault"]) for t in device} == {("not_run", "build_failed")}
    export = next(t for t in record["tests"] if t["name"] == "export")
    assert (export["verdict"], export["fault"]) == ("fail", "build_failed")
    typecheck = next(t for t in record["tests"] if t["name"] == "typecheck")
    assert typecheck["verdict"] == "fail" and "App.tsx" in typecheck["reason"]
    assert record["vector"]["schemes"]["tiers"]["score"] == 0.0  # the build gate
    # The hidden component tests cannot import the app: each fails, the grade goes on.
    functional = [t for t in record["tests"] if t["tier"] == "functional"]
    assert functional and {(t["verdict"], t["fault"]) for t in functional} == {("fail", "check_failed")}
    assert all("failed" in t["reason"] for t in functional)
    assert "build FAILED: expo export (web): exited with status 1" in record["_stdout"]


def start_rollout(rollout: Path, seed: int = 1) -> None:
    """The rollout's start record, as a harness writes it before the agent begins; the grades
    here are scored by stages (FLOW_ONLY), so the rollout is too."""
    from pytest_revylbench.cli import main

    assert main([f"--tasks-dir={REPO / 'tasks'}", f"--suites-dir={REPO / 'suites'}", "rollout", "start",
                 "--task", "budget", "--seed", str(seed), "--scheme", "stages",
                 "--agent-started-at", "2026-11-30T09:00:00Z", str(rollout)]) == 0


def materialize_reference(dest: Path) -> None:
    from pytest_revylbench.builder.submission import copy_source

    copy_source(REPO / "suites/budget/reference", dest)


def test_rollout_of_three_real_submissions(tmp_path: Path) -> None:
    """A mutant, then the reference, then a regressing mutant: each factor of the score."""
    from pytest_revylbench.outputs.ledger import end_rollout, read_ledger
    from pytest_revylbench.scoring.rollout import score_ledger, time_factor

    suite = REPO / "suites/budget"
    mutants = {m.name: m for m in list_mutants(suite)}
    rollout = tmp_path / "rollout"
    start_rollout(rollout)
    submissions = [
        materialize(suite, mutants["categories-tab-missing"], tmp_path / "s1"),
        suite / "reference",
        materialize(suite, mutants["edit-applied-twice"], tmp_path / "s3"),
    ]
    for n, (submission, seconds) in enumerate(zip(submissions, (900, 1500, 2400), strict=True), 1):
        grade(submission, tmp_path / "reports", f"sub{n}", f"--rollout={rollout}",
              "--agent-seconds", str(seconds))
    end_rollout(rollout, "done", agent_seconds=2400)
    ledger = read_ledger(rollout)
    records = ledger.records
    assert [r.party for r in records] == ["clean"] * 3
    assert [r.verdicts["budgets"].value for r in records] == ["fail", "pass", "fail"]
    assert [(r.scheme, r.reward) for r in records] == [("stages", 0.0), ("stages", 1.0), ("stages", 0.4)]
    score = score_ledger(ledger)
    assert score.state == "scored"
    assert score.outcome == 0.4 and score.outcome_from_k == 3      # stages 1-2, no journey
    assert score.submissions_factor == 0.8**2
    assert score.time_factor == time_factor(2400)
    assert score.regressed == ("3:budgets", "3:month-close")
    assert score.regressions_factor == 0.8**2
    assert score.score_percent == round(100 * 0.4 * 0.64 * time_factor(2400) * 0.64, 1)
    # Submission 1 was incoherent (stage 2 passes, stage 1 does not): a repair history, not
    # flagged; only the final vector is checked, and it is coherent.
    assert score.flags == ()


def test_rollout_scorecard_in_a_real_browser(tmp_path: Path) -> None:
    """The rollout page of a real graded rollout: its key elements are visible."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    from pytest_revylbench.cli import main

    rollout = tmp_path / "rollout"
    start_rollout(rollout)
    grade(REPO / "suites/budget/reference", tmp_path / "reports", "only", f"--rollout={rollout}",
          "--agent-seconds", "1200")
    assert main(["rollout", "end", str(rollout), "--agent-seconds", "1200"]) == 0
    assert main(["rollout", str(rollout)]) == 0
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1100,1400"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get((rollout / "scorecard.html").as_uri())
        outcome = driver.find_element(By.ID, "outcome")
        assert outcome.is_displayed() and outcome.text.startswith("87.3%")  # 1.0 × time(1200 s)
        assert driver.find_element(By.ID, "score-factors").is_displayed()
        rows = driver.find_elements(By.CSS_SELECTOR, "tr.submission.clean")
        assert len(rows) == 1 and rows[0].is_displayed()
        driver.save_screenshot(str(rollout / "scorecard.png"))
    finally:
        driver.quit()
    assert (rollout / "scorecard.png").stat().st_size > 10_000
