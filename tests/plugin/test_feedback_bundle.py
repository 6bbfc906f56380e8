"""The feedback bundle of real grades (no device): built from grade.json, exceptions left out."""

from __future__ import annotations

import pytest

from pytest_revylbench.feedback import Feedback, write_feedback
from pytest_revylbench.models import GradeRecord, Verdict
from pytest_revylbench.tasks import load_task

GRADE = ["--task", "demo", "--submission", "submission", "--run-id", "r1", "-p", "no:cacheprovider"]
CANARY = "rvb-canary-plugin-0b7e41d9"

SUITE = f"""
from pytest_revylbench import journey, stage

_CANARY = {CANARY!r}

@stage("one")
def test_one():
    pass

@stage("two")
def test_two():
    assert _CANARY == "x", "the total is " + _CANARY

@stage("three")
def test_three():
    raise ConnectionRefusedError("refused by " + _CANARY)

@journey
def test_trip():
    pass
"""


def test_a_graded_suite_gives_a_bundle_without_its_exceptions(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE})
    demo_task.runpytest(*GRADE).assert_outcomes(passed=2, failed=2)
    run_dir = demo_task.path / "reports/r1"
    record = GradeRecord.model_validate_json((run_dir / "grade.json").read_text())
    assert CANARY in record.model_dump_json()  # the grade keeps the exception texts …
    task = load_task(demo_task.path / "tasks", demo_task.path / "suites", "demo")
    folder = write_feedback(record, task, run_dir)
    feedback = Feedback.model_validate_json((folder / "feedback.json").read_text())
    assert feedback.verdicts == {"Stage 1: One": Verdict.PASS, "Stage 2: Two": Verdict.FAIL,
                                 "Stage 3: Three": Verdict.NOT_RUN, "Journey: Trip": Verdict.PASS}
    assert [(f.name, f.message) for f in feedback.failures] == [
        ("Stage 2: Two", "A check of this stage did not hold."),
        ("Stage 3: Three",
         "This stage could not be checked to the end: the app stopped responding to the test."),
    ]
    bundle = (folder / "feedback.json").read_text() + (folder / "feedback.md").read_text()
    # … the bundle does not.
    for never in (CANARY, "test_two", "test_suite", "ConnectionRefused", "AssertionError"):
        assert never not in bundle


def test_a_failed_build_bundle_carries_the_build_log(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_suite": (
        "from pytest_revylbench import journey, stage\n"
        "@stage('one')\ndef test_one(app):\n    app.see('Hello')\n"
        "@journey\ndef test_trip(app):\n    app.see('Hello')\n"
    )})
    demo_task.runpytest(*GRADE, "--cache-dir", str(demo_task.path / "cache"))
    run_dir = demo_task.path / "reports/r1"
    record = GradeRecord.model_validate_json((run_dir / "grade.json").read_text())
    task = load_task(demo_task.path / "tasks", demo_task.path / "suites", "demo")
    folder = write_feedback(record, task, run_dir)
    feedback = Feedback.model_validate_json((folder / "feedback.json").read_text())
    assert feedback.build_log is not None and "no package-lock.json" in feedback.build_log
    assert [(f.name, f.verdict, f.message) for f in feedback.failures] == [
        ("Stage 1: One", Verdict.NOT_RUN, "Not run: the build failed."),
        ("Journey: Trip", Verdict.NOT_RUN, "Not run: the build failed."),
    ]
    assert set(feedback.verdicts.values()) == {Verdict.NOT_RUN}
