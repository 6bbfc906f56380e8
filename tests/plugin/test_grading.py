"""Verdicts, scoring, grade.json and the summary, with suites that need no device."""

from __future__ import annotations

import ast
import json
import signal
import threading
from typing import Any

import pytest

GRADE = ["--task", "demo", "--submission", "submission", "--run-id", "r1", "-p", "no:cacheprovider"]

SUITE = """
import pytest
from pytest_revylbench import journey, stage

@stage("one")
def test_one():
    pass

@stage("two")
def test_two():
    assert 1 + 1 == 3, "two is broken"

@stage("three")
def test_three():
    pass

@journey
def test_trip():
    pass
"""


def grade_json(pytester: pytest.Pytester, run_id: str = "r1") -> dict:
    return json.loads((pytester.path / "reports" / run_id / "grade.json").read_text())


def test_outcome_counts_consecutive_stages_and_journey(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE})
    result = demo_task.runpytest(*GRADE)
    result.assert_outcomes(passed=3, failed=1)
    record = grade_json(demo_task)
    assert record["version"] == 1
    assert record["outcome"] == pytest.approx(0.2 * 1 + 0.4)
    assert record["reward"]["stages_passed"] == 1
    assert record["reward"]["vector"] == {"one": 1.0, "two": 0.0, "three": 1.0, "trip": 1.0}
    assert [(t["name"], t["verdict"]) for t in record["tests"]] == [
        ("test_one", "pass"), ("test_two", "fail"), ("test_three", "pass"), ("test_trip", "pass"),
    ]
    two = record["tests"][1]
    assert two["fault"] == "check_failed"
    assert "two is broken" in two["reason"]
    assert record["submission_digest"].startswith("sha256:")
    assert record["status"] == "completed"
    result.stdout.fnmatch_lines([
        "*revylbench grade: demo on web*",
        "flow * test_one * pass*",
        "flow * test_two * fail *(check_failed: AssertionError: two is broken*",
        "outcome 0.60  (stages passed in a row: 1, journey: passed; scheme stages)*",
        f"report: {demo_task.path}/reports/r1/grade.json",
    ])


def test_suite_bugs_are_bench_faults_not_candidate_failures(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_suite": (
        "from pytest_revylbench import stage\n"
        "@stage('one')\ndef test_one():\n    raise KeyError('suite bug')\n"
    )})
    demo_task.runpytest(*GRADE)
    record = grade_json(demo_task)
    assert record["tests"][0]["verdict"] == "not_run"
    assert record["tests"][0]["fault"] == "runner_crash"
    assert record["failure_kind"] == "runner_crash"
    assert record["status"] == "infra_failure"


def test_a_project_can_plug_in_its_own_scheme(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE})
    toml = demo_task.path / "tasks/demo/task.toml"
    toml.write_text(toml.read_text() + '\n[scoring]\nscheme = "all-or-nothing"\n')
    demo_task.makeconftest(
        "from pytest_revylbench.records.reward import Reward\n"
        "def pytest_revylbench_reward(task, results):\n"
        "    if task.scoring.scheme != 'all-or-nothing':\n"
        "        return None\n"
        "    score = float(all(r.verdict == 'pass' for r in results))\n"
        "    return Reward(scheme='all-or-nothing', score=score)\n"
    )
    demo_task.runpytest(*GRADE)
    record = grade_json(demo_task)
    assert record["reward"]["scheme"] == "all-or-nothing"
    assert record["outcome"] == 0.0


def test_unknown_scheme_is_a_usage_error(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE})
    toml = demo_task.path / "tasks/demo/task.toml"
    toml.write_text(toml.read_text() + '\n[scoring]\nscheme = "vibes"\n')
    result = demo_task.runpytest(*GRADE)
    result.stderr.fnmatch_lines(["*field scoring.scheme: no reward scheme named 'vibes'*"])


def test_failed_build_marks_every_device_test_not_run(demo_task: pytest.Pytester) -> None:
    """No package-lock.json: the build stops before npm and the grade says why."""
    demo_task.makepyfile(**{"suites/demo/test_suite": (
        "from pytest_revylbench import journey, stage\n"
        "@stage('one')\ndef test_one(app):\n    app.see('Hello')\n"
        "@journey\ndef test_trip(app):\n    app.see('Hello')\n"
    )})
    result = demo_task.runpytest(*GRADE, "--cache-dir", str(demo_task.path / "cache"))
    result.assert_outcomes(errors=2)
    record = grade_json(demo_task)
    assert record["status"] == "candidate_failure"
    assert record["outcome"] == 0.0
    assert record["build"]["ok"] is False
    assert "no package-lock.json" in record["build"]["reason"]
    assert "no package-lock.json" in record["build"]["log_tail"]
    assert {(t["verdict"], t["fault"]) for t in record["tests"]} == {("not_run", "build_failed")}
    result.stdout.fnmatch_lines(["build FAILED: dependencies: the submission has no package-lock.json"])


def test_xdist_workers_write_one_report(demo_task: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    # Each worker touches its own idea of the run folder: there must be one idea.
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE + (
        "\nimport pytest\n"
        "@pytest.mark.parametrize('n', range(4))\n"
        "def test_touch(n, revylbench_grade):\n"
        "    revylbench_grade.run_dir.mkdir(parents=True, exist_ok=True)\n"
    )})
    result = demo_task.runpytest("--task", "demo", "--submission", "submission", "-n", "2")
    result.assert_outcomes(passed=7, failed=1)
    (run,) = (demo_task.path / "reports").iterdir()  # the controller's run id, shared
    record = grade_json(demo_task, run.name)
    assert len(record["tests"]) == 8
    assert record["outcome"] == pytest.approx(0.6)


def test_rollout_ledger_budget_and_score(demo_task: pytest.Pytester) -> None:
    from pytest_revylbench.cli import main

    toml = demo_task.path / "tasks/demo/task.toml"
    toml.write_text(toml.read_text() + "\n[budgets]\nmax_submissions = 2\n")
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE})
    args = ["--task", "demo", "--submission", "submission", "-p", "no:cacheprovider",
            "--rollout", "rollout"]
    never = demo_task.runpytest(*args)
    assert never.ret == pytest.ExitCode.USAGE_ERROR
    never.stderr.fnmatch_lines(["*rollout*was never started*revylbench rollout start --task demo*"])
    dirs = [f"--tasks-dir={demo_task.path / 'tasks'}", f"--suites-dir={demo_task.path / 'suites'}"]
    rollout = demo_task.path / "rollout"
    assert main([*dirs, "rollout", "start", "--task", "demo", "--seed", "3",
                 "--agent-started-at", "2026-11-30T09:00:00Z", str(rollout)]) == 0
    first = demo_task.runpytest(*args, "--agent-seconds", "300")
    first.stdout.fnmatch_lines(["rollout: submission 1 (clean) recorded in*ledger.jsonl*"])
    demo_task.runpytest(*args, "--agent-seconds", "600")
    lines = (rollout / "ledger.jsonl").read_text().splitlines()
    assert len(lines) == 3
    start, one = json.loads(lines[0]), json.loads(lines[1])
    assert {k: start[k] for k in ("version", "kind", "task", "seed", "max_submissions", "scheme",
                                  "agent_started_at")} == {
        "version": 2, "kind": "start", "task": "demo", "seed": 3, "max_submissions": 2,
        "scheme": "stages", "agent_started_at": "2026-11-30T09:00:00+00:00"}
    assert sorted(start["digests"]) == ["suite", "task"]
    assert one["verdicts"] == {"one": "pass", "two": "fail", "three": "pass", "trip": "pass"}
    assert (one["scheme"], one["reward"]) == ("stages", 0.6)
    assert {name: item["verdict"] for name, item in one["items"].items()} == {
        "one": "pass", "two": "fail", "three": "pass", "trip": "pass"}
    assert one["party"] == "clean" and one["k"] == 1 and one["agent_seconds"] == 300
    refused = demo_task.runpytest(*args)
    assert refused.ret == pytest.ExitCode.USAGE_ERROR
    refused.stderr.fnmatch_lines(["*has used all 2 submissions*nothing was graded or recorded*"])
    assert len(rollout.joinpath("ledger.jsonl").read_text().splitlines()) == 3
    assert main(["rollout", "end", str(rollout), "--reason", "budget", "--agent-seconds", "600"]) == 0
    ended = demo_task.runpytest(*args)
    assert ended.ret == pytest.ExitCode.USAGE_ERROR
    ended.stderr.fnmatch_lines(["*rollout*already ended (budget)*nothing was graded or recorded*"])

    other = demo_task.path / "tiers-rollout"
    assert main([*dirs, "rollout", "start", "--task", "demo", "--seed", "1", "--scheme", "tiers",
                 str(other)]) == 0
    wrong = demo_task.runpytest("--task", "demo", "--submission", "submission", "-p", "no:cacheprovider",
                                "--rollout", str(other))
    assert wrong.ret == pytest.ExitCode.USAGE_ERROR
    wrong.stderr.fnmatch_lines(["*scored with scheme 'tiers', this grade would be scored with 'stages'*"])

    assert main(["rollout", str(rollout), "--json"]) == 0
    assert not (rollout / "scorecard.html").exists(), "--json writes nothing"
    assert main(["rollout", str(rollout)]) == 0
    page = (rollout / "scorecard.html").read_text()
    assert '<span id="task">demo</span>' in page and "0.80^(2 − 1)" in page
    assert page.count('class="submission clean"') == 2
    from pytest_revylbench.outputs.ledger import read_ledger
    from pytest_revylbench.scoring.rollout import score_ledger, time_factor
    score = score_ledger(read_ledger(rollout))
    assert score.state == "scored"
    assert score.score_percent == round(100 * 0.6 * 0.8 * time_factor(600), 1)
    assert [f.name for f in score.flags] == ["incoherent_steps", "incoherent_final"], "the last only"


TIERED_SUITE = """
from pytest_revylbench import journey, stage, tier

@stage("one")
def test_one():
    pass

@stage("two")
def test_two():
    pass

@stage("three")
def test_three():
    assert False, "three is broken"

@journey
def test_trip():
    pass

@tier("functional")
def test_money_format():
    pass

@tier("functional")
def test_total():
    assert 0.1 + 0.2 == 0.3

@tier("contract")
def test_ids():
    pass
"""


def test_tiers_scheme_weighs_each_tier_and_shows_its_arithmetic(demo_task: pytest.Pytester) -> None:
    toml = demo_task.path / "tasks/demo/task.toml"
    text = toml.read_text().replace(
        'platforms = ["web"]\n', 'platforms = ["web"]\ntiers = ["functional", "flow"]\n')
    toml.write_text(text + (
        '\n[scoring]\nscheme = "tiers"\n[scoring.tiers]\n'
        "build = 0.0\nfunctional = 0.4\nflow = 0.6\ncontract = 0.0\n"
    ))
    demo_task.makepyfile(**{"suites/demo/test_suite": TIERED_SUITE})
    demo_task.runpytest(*GRADE)
    record = grade_json(demo_task)
    assert record["reward"]["scheme"] == "tiers"
    # A suite's own tests marked with a tier count in it: functional 1/2, flow 3/4; the
    # contract tier weighs 0 here, so its test is recorded but left out of the reward.
    assert record["outcome"] == pytest.approx(0.4 * 0.5 + 0.6 * 0.75)
    assert record["vector"]["tiers"]["contract"]["score"] == 1.0
    assert "reward = 0.40×0.50 + 0.60×0.75 = 0.65" in record["reward"]["arithmetic"]
    tiers = {t["name"]: t["tier"] for t in record["tests"]}
    assert tiers["test_one"] == "flow" and tiers["test_total"] == "functional"


def test_a_weighted_tier_without_subtests_is_refused_loudly(demo_task: pytest.Pytester) -> None:
    toml = demo_task.path / "tasks/demo/task.toml"
    base = toml.read_text()
    toml.write_text(base + '\n[scoring]\nscheme = "tiers"\n')
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE})
    result = demo_task.runpytest(*GRADE)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert ("scoring.tiers: ['build', 'functional', 'contract'] have a weight but are not in "
            "tiers = ['flow']; declare them or give them weight 0") in result.stderr.str()
    # Declared, weighted, but the suite has no test of the tier: refused at collection.
    toml.write_text(base.replace('platforms = ["web"]\n',
                                 'platforms = ["web"]\ntiers = ["functional", "flow"]\n')
                    + '\n[scoring]\nscheme = "tiers"\n[scoring.tiers]\n'
                    "build = 0.0\nfunctional = 0.3\nflow = 0.7\ncontract = 0.0\n")
    result = demo_task.runpytest(*GRADE)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*field scoring.tiers: functional (weight 0.3) has no subtests*"
                                 "not implemented*"])


def test_a_run_folder_that_holds_an_earlier_grade_is_refused(demo_task: pytest.Pytester) -> None:
    """A second grade with the same --reports and --run-id would mix its files with the first's
    (a screenshot of a test that did not run again, an old log): it is refused before anything
    runs, naming the folder, and the first grade's record is left as it was."""
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE})
    sigterm = signal.getsignal(signal.SIGTERM)
    demo_task.runpytest(*GRADE).assert_outcomes(passed=3, failed=1)
    first = (demo_task.path / "reports" / "r1" / "grade.json").read_bytes()
    again = demo_task.runpytest(*GRADE)
    assert again.ret == pytest.ExitCode.USAGE_ERROR
    again.stderr.fnmatch_lines(
        ["*--run-id r1: the run folder *reports/r1 already holds an earlier grade's files*"])
    assert (demo_task.path / "reports" / "r1" / "grade.json").read_bytes() == first
    # Refused after its time limit's timer started: the timer (it would SIGTERM this process
    # later) and the grade's signal handlers are gone with it.
    assert [t for t in threading.enumerate() if t.name == "revylbench-grade-limit"] == []
    assert signal.getsignal(signal.SIGTERM) == sigterm
    # An empty folder (made ahead by a harness) is no earlier grade.
    (demo_task.path / "reports" / "r2").mkdir()
    demo_task.runpytest("--task", "demo", "--submission", "submission", "--run-id", "r2",
                        "-p", "no:cacheprovider").assert_outcomes(passed=3, failed=1)


def test_the_grader_builds_asts_on_the_main_thread_only(
    demo_task: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On CPython 3.11.7 two threads building ASTs at once can end a grade in `SystemError: AST
    constructor recursion depth mismatch` (pytest parses on the main thread to rewrite a test
    module or format a failure's traceback). The leak guard's index, which parses the suite,
    is made on the main thread, not with the rest of the reports' preparation."""
    parsed_on: list[str] = []
    real = ast.parse

    def spy(*args: Any, **kwargs: Any) -> Any:
        parsed_on.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(ast, "parse", spy)
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE})
    demo_task.runpytest(*GRADE).assert_outcomes(passed=3, failed=1)
    assert parsed_on and set(parsed_on) == {threading.main_thread().name}
