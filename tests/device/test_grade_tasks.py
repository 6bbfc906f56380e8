"""Grade real submissions end to end: build with expo, run on Chromium through Appium, score.

That every reference scores 1.0 with its evidence on disk (three runs, identical) and every
planted bug gets exactly its declared verdicts is `revylbench stability` (test_stability.py).
Rollouts of several real grades, each factor of their scores and a rollout's page in a real
browser are test_leaderboard_browser.py's, over its campaigns' eleven grades.
"""

from __future__ import annotations

from pathlib import Path

from .conftest import REPO, grade


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


def materialize_reference(dest: Path) -> None:
    from pytest_revylbench.builder.submission import copy_source

    copy_source(REPO / "suites/budget/reference", dest)
