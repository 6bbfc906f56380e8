"""A queued submission's job, run to its outcome without a device: a rollout that ended while
the submission waited (the real grade refuses it, nothing is charged), and a grade that had
appended its ledger line when its worker died (kept, not graded twice)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from pytest_revylbench.cli import main
from pytest_revylbench.outputs.ledger import append_line, read_ledger
from pytest_revylbench.records.ledger import SubmissionRecord
from pytest_revylbench.records.vocabulary import Verdict
from pytest_revylbench.service.jobs import (
    GradeJob,
    load_outcome,
    now,
    pending_jobs,
    run,
    save_job,
    tarball_path,
)
from pytest_revylbench.service.tarball import pack
from pytest_revylbench.service.workspace import WORKSPACE

from .conftest import settings, start_rollout


def _queued(rollout: Path, job_id: str, attempts: int = 0) -> GradeJob:
    job = GradeJob(id=job_id, rollout=str(rollout), task="budget", submitted_at=now(),
                   attempts=attempts, settings=settings(extra=["--tiers=flow"]))
    save_job(job, pack(rollout / WORKSPACE))
    return job


def test_a_rollout_ended_while_its_submission_waited_is_refused_by_the_grade(tmp_path: Path) -> None:
    rollout = start_rollout(tmp_path, "r")
    _queued(rollout, "s1")
    assert main(["rollout", "end", str(rollout), "--reason", "time_limit"]) == 0
    outcome = run(str(rollout), "s1")
    assert outcome["state"] == "refused" and "already ended (time_limit)" in str(outcome["message"])
    assert outcome["attempts"] == 1 and read_ledger(rollout).records == []
    assert pending_jobs(rollout) == []
    assert run(str(rollout), "s1") == outcome   # idempotent: an outcome is final


def test_a_line_appended_before_the_worker_died_is_kept_not_graded_again(tmp_path: Path) -> None:
    rollout = start_rollout(tmp_path, "r")
    _queued(rollout, "s2", attempts=1)
    stamp = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    stages = ("accounts", "transactions", "budgets", "month-close")
    line = SubmissionRecord(k=1, run_id="s2-1", submission_digest="sha256:1", stages=stages,
                            journey="month-close", verdicts=dict.fromkeys(stages, Verdict.NOT_RUN),
                            failure_kind="build_failed", submitted_at=stamp, verdict_at=stamp,
                            scheme="tiers")
    append_line(rollout, line)
    outcome = run(str(rollout), "s2")
    seen = (outcome["state"], outcome["k"], outcome["party"], outcome["attempts"])
    assert seen == ("graded", 1, "agent", 1)
    assert len(read_ledger(rollout).records) == 1
    saved = load_outcome(rollout, "s2")
    assert saved is not None and saved.run_id == "s2-1"


def test_a_job_the_bench_cannot_run_ends_failed_and_frees_its_rollout(tmp_path: Path) -> None:
    rollout = start_rollout(tmp_path, "r")
    _queued(rollout, "s3")
    tarball_path(rollout, "s3").unlink()   # lost from the disk
    outcome = run(str(rollout), "s3")
    assert outcome["state"] == "failed" and "FileNotFoundError" in str(outcome["message"])
    assert "not counted against the budget" in str(outcome["message"])
    assert pending_jobs(rollout) == [] and read_ledger(rollout).records == []
