"""The leak guard never hides the bench's own words, and an npm failure's log tail shows
npm's error lines.

Before, `install dependencies: package.json and …` shared `dependencies: pa` with the JSON of
every task's stability certificate (`"dependencies": "pass"`), so the agent's commonest
install mistake (a package.json out of sync with its lockfile) reached it as `reason
withheld: it would reveal a hidden check`, on all ten tasks; and its log tail was the end of
npm's usage text."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from pytest_revylbench.builder.pipeline import build_submission
from pytest_revylbench.outputs.bench_words import bench_words, install_reasons
from pytest_revylbench.outputs.feedback import write_feedback
from pytest_revylbench.outputs.leakguard import certificate_strings, task_index
from pytest_revylbench.records.build import BuildResult
from pytest_revylbench.records.grade import GradeRecord, TestResult
from pytest_revylbench.records.reward import Reward
from pytest_revylbench.records.vocabulary import Fault, GradeStatus, Verdict
from pytest_revylbench.tasks.digests import CERTIFICATE_FILE
from pytest_revylbench.tasks.loading import available_tasks, load_task

REPO = Path(__file__).resolve().parents[3]
JEST_TITLE_JOIN = " \u203a "
"""How jest joins a test's describe blocks and its title (U+203A between spaces)."""
TASKS = [t for t in available_tasks(REPO / "tasks") if (REPO / "suites" / t).is_dir()]


def test_the_bench_words_are_read_from_the_code_that_writes_them() -> None:
    assert len(TASKS) >= 10  # every task of the catalogue, each tested below
    words = bench_words()
    assert len(words) > 500
    assert any(w.startswith("install dependencies: package.json and package-lock.json are "
                            "missing, invalid or out of sync") for w in words)
    assert "finished without writing dist/index.html" in words  # a reason of the export
    assert len(install_reasons()) > 30


@pytest.mark.parametrize("task_id", TASKS)
def test_no_message_of_the_bench_is_taken_for_hidden_text(task_id: str) -> None:
    index = task_index(load_task(REPO / "tasks", REPO / "suites", task_id))
    hits = [(text, str(leak)) for text in bench_words() if (leak := index.find(text)) is not None]
    assert hits == []


def test_the_certificate_is_read_for_the_suites_words_not_its_json() -> None:
    text = (REPO / "suites/budget" / CERTIFICATE_FILE).read_text(encoding="utf-8")
    strings = certificate_strings(text)
    assert "dependencies" in strings and "pass" not in strings
    assert not any(s.startswith(("sha256:", "Chromium")) for s in strings)
    assert any(JEST_TITLE_JOIN in s for s in strings)  # the jest titles it repeats are still hidden
    assert certificate_strings("{not json") == ["{not json"]
    index = task_index(load_task(REPO / "tasks", REPO / "suites", "budget"))
    title = next(s for s in strings if JEST_TITLE_JOIN in s)
    assert index.find(f"a check named {title}") is not None


@pytest.fixture(scope="module")
def out_of_sync_build(tmp_path_factory: pytest.TempPathFactory) -> BuildResult:
    """A real build of a package.json that names a dependency its lockfile lacks: a real
    `npm ci` (it asks the registry for left-pad's versions, then refuses: EUSAGE)."""
    root = tmp_path_factory.mktemp("eusage")
    app = root / "app"
    app.mkdir()
    (app / "package.json").write_text(json.dumps(
        {"name": "app", "version": "1.0.0", "dependencies": {"left-pad": "1.3.0"}}))
    (app / "package-lock.json").write_text(json.dumps(
        {"name": "app", "version": "1.0.0", "lockfileVersion": 3, "requires": True,
         "packages": {"": {"name": "app", "version": "1.0.0"}}}))
    built = build_submission(app, "web", work=root / "work", cache_dir=root / "cache",
                             log=root / "run/build.log", log_name="build.log", timeout_s=120,
                             sandbox=False)
    if built.result.diagnosis is None or built.result.diagnosis.party == "bench":
        pytest.skip(f"the registry could not be asked: {built.result.reason}")
    return built.result


def test_an_npm_failures_log_tail_shows_npms_error_lines(out_of_sync_build: BuildResult) -> None:
    tail = out_of_sync_build.log_tail
    assert out_of_sync_build.fault is Fault.BUILD_FAILED
    assert tail.startswith("npm error code EUSAGE\n")
    assert "npm error Missing: left-pad@1.3.0 from lock file" in tail
    assert "can only install packages when your package.json and package-lock.json" in tail
    assert "--install-links" not in tail and "Usage:" not in tail  # npm's help, 90 lines of it
    assert "A complete log of this run" not in tail  # a path in the grader's home
    assert "[revylbench] install attempt 1: agent's failure" in tail
    assert tail.splitlines()[-1].startswith("[revylbench] build FAILED: install dependencies")


def grade(task_id: str, build: BuildResult) -> GradeRecord:
    export = TestResult(nodeid="suites/x::export", name="export", role="other", tier="build",
                        verdict=Verdict.FAIL, fault=Fault.CHECK_FAILED,
                        reason=f"ExportFailed: the build failed ({build.reason}); see build.log")
    return GradeRecord(
        run_id="r1", task=task_id, task_version="1.0.0", platform="web",
        submission_digest="sha256:abc", status=GradeStatus.CANDIDATE_FAILURE, outcome=0.0,
        reward=Reward(scheme="tiers", score=0.0), build=build, tests=(export,),
        started_at="2026-11-30T00:00:00+00:00", finished_at="2026-11-30T00:01:00+00:00",
    )


def test_the_agent_is_told_why_its_install_failed_on_every_task(
    out_of_sync_build: BuildResult, tmp_path: Path,
) -> None:
    started = time.monotonic()
    for task_id in TASKS:
        task = load_task(REPO / "tasks", REPO / "suites", task_id)
        bundle = write_feedback(grade(task_id, out_of_sync_build), task, tmp_path / task_id)
        assert bundle.redactions == (), task_id  # was: reason withheld, on all ten tasks
        assert bundle.feedback.withheld == 0
        (export,) = bundle.feedback.failures
        assert "package.json and package-lock.json are missing, invalid or out of sync" in export.message
        assert "Missing: left-pad@1.3.0 from lock file" in export.message
        assert bundle.feedback.build_log is not None
        assert "npm error Missing: left-pad@1.3.0" in bundle.feedback.build_log
    assert time.monotonic() - started < 30
