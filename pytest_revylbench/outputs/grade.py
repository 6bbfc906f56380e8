"""A decided grade written out: `grade.json`, the feedback bundle, the ledger line, the scorecard.

Each writer takes records; the run folder's `build.json` is read back as a `BuildResult`.
What the grade is (its status, its reward) is decided before, by `grading.finish()`.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from pytest_revylbench.outputs.feedback import write_feedback
from pytest_revylbench.outputs.leakguard import task_index
from pytest_revylbench.outputs.ledger import append_submission
from pytest_revylbench.outputs.redacted_scorecard import write_redacted_scorecard
from pytest_revylbench.outputs.scorecard import write_grade_scorecard
from pytest_revylbench.outputs.sealing import sealed
from pytest_revylbench.records.build import BuildResult
from pytest_revylbench.records.grade import FeedbackResult, GradeRecord
from pytest_revylbench.records.ledger import SubmissionRecord
from pytest_revylbench.records.task import TaskSpec
from pytest_revylbench.tasks.loading import Task

GRADE_JSON = "grade.json"
BUILD_JSON = "build.json"


def read_build(run_dir: Path) -> BuildResult | None:
    """The run's `build.json`, or None when the grade built nothing."""
    path = run_dir / BUILD_JSON
    if not path.is_file():
        return None
    return BuildResult.model_validate_json(path.read_text(encoding="utf-8"))


def write_grade_json(path: Path, record: GradeRecord) -> None:
    """Write whole or not at all: a reader never sees half a grade.json."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".json.partial")
    raw = sealed(record.model_dump(mode="json", exclude={"seal"}))
    partial.write_text(json.dumps(raw, indent=2) + "\n", encoding="utf-8")
    partial.replace(path)


@dataclass(frozen=True)
class FeedbackWritten:
    """What became of the feedback bundle, and its folder when it was written."""

    result: FeedbackResult
    folder: Path | None = None


def write_feedback_bundle(record: GradeRecord, task: Task, run_dir: Path) -> FeedbackWritten:
    """Write `run_dir/feedback/` for `record`, and the page of it (`scorecard-redacted.html`);
    an error that stopped them is returned, not raised (whatever stopped it, the agent got no
    feedback, and the grade says so)."""
    try:
        bundle = write_feedback(record, task, run_dir)
        write_redacted_scorecard(bundle.folder, run_dir, task_index(task))
    except Exception as exc:
        return FeedbackWritten(FeedbackResult(written=False, error=f"{type(exc).__name__}: {exc}"))
    return FeedbackWritten(FeedbackResult(written=True, redactions=bundle.redactions), bundle.folder)


def remove_build_work(work: Path) -> None:
    """Drop the build's work folder and its lock once the grade is written."""
    shutil.rmtree(work, ignore_errors=True)
    Path(f"{work}.lock").unlink(missing_ok=True)


def write_grade(record: GradeRecord, *, run_dir: Path, work: Path, rollout: Path | None,
                spec: TaskSpec, agent_seconds: float | None,
                design: Path | None = None) -> SubmissionRecord | None:
    """Write `grade.json`, drop the build's work folder, append the rollout's ledger line
    (when the grade belongs to one) and write the scorecard (with the task's `design` images
    beside the captures); returns the ledger line."""
    write_grade_json(run_dir / GRADE_JSON, record)
    remove_build_work(work)
    entry = None
    if rollout is not None:
        entry = append_submission(rollout, record, spec=spec, agent_seconds=agent_seconds)
    write_grade_scorecard(record, run_dir, design=design)
    return entry


def write_crash_record(record: GradeRecord, *, run_dir: Path, rollout: Path | None,
                       spec: TaskSpec, agent_seconds: float | None) -> SubmissionRecord | None:
    """Write the record of a grade whose grader crashed, and its ledger line."""
    write_grade_json(run_dir / GRADE_JSON, record)
    if rollout is None:
        return None
    return append_submission(rollout, record, spec=spec, agent_seconds=agent_seconds)
