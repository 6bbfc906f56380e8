"""One queued submission, graded: what an RQ worker runs (`run`).

Everything a job needs is on disk in its rollout folder, written before the submission was
acknowledged: `<rollout>/service/jobs/<id>.json` (the `GradeJob`) and `<id>.tar.gz`. The grade
is `pytest --rollout` in a subprocess (as `tasks/stability.py` grades); the grade appends the
ledger itself. A grade ended by a bench fault is graded again (the ledger records each, none
charged), up to the job's `bench_retries`. The outcome goes to `<id>.result.json`; a job with a
spec and no result is the rollout's one submission in flight.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
from pathlib import Path
from typing import Literal

from filelock import FileLock

from pytest_revylbench.devices.reaper import OWNER_VAR
from pytest_revylbench.outputs.ledger import LedgerError, check_open, read_ledger
from pytest_revylbench.records.base import Record
from pytest_revylbench.records.ledger import SubmissionRecord
from pytest_revylbench.service.tarball import SubmissionRefused, unpack

SERVICE = "service"
REPORTS = "reports"
JobState = Literal["graded", "refused", "failed"]


class GradeSettings(Record):
    """How the service grades: the same for every job it queues."""

    python: str
    cwd: str
    """The grader's project folder (pytest runs there)."""
    tasks_dir: str
    suites_dir: str
    platform: str = "web"
    device_pool: str | None = None
    extra: list[str] = []
    """More pytest arguments for every grade (e.g. `--check-timeout=1`)."""
    bench_retries: int = 2
    """Times a grade that ended in a bench fault is graded again."""
    grade_timeout_s: float = 3600.0


class GradeJob(Record):
    """A submission the service acknowledged: persisted before the answer."""

    version: int = 1
    id: str
    rollout: str
    task: str
    submitted_at: str
    attempts: int = 0
    """Grades started for this submission so far (a restart re-runs an unfinished one)."""
    settings: GradeSettings


class GradeOutcome(Record):
    """What became of a submission: graded (with its ledger line), refused or failed."""

    version: int = 1
    job: str
    state: JobState
    k: int | None = None
    party: str | None = None
    failure_kind: str | None = None
    reward: float | None = None
    run_id: str | None = None
    feedback: str | None = None
    """The grade's feedback folder, when one was written."""
    attempts: int = 0
    message: str


def jobs_dir(rollout: Path) -> Path:
    return rollout / SERVICE / "jobs"


def job_path(rollout: Path, job_id: str) -> Path:
    return jobs_dir(rollout) / f"{job_id}.json"


def tarball_path(rollout: Path, job_id: str) -> Path:
    return jobs_dir(rollout) / f"{job_id}.tar.gz"


def result_path(rollout: Path, job_id: str) -> Path:
    return jobs_dir(rollout) / f"{job_id}.result.json"


def rollout_lock(rollout: Path) -> FileLock:
    (rollout / SERVICE).mkdir(parents=True, exist_ok=True)
    return FileLock(str(rollout / SERVICE / ".lock"))


def _write_durably(path: Path, data: bytes) -> None:
    """Write, fsync, then rename into place: a file that exists is whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def save_job(job: GradeJob, tarball: bytes | None = None) -> None:
    rollout = Path(job.rollout)
    if tarball is not None:
        _write_durably(tarball_path(rollout, job.id), tarball)
    _write_durably(job_path(rollout, job.id), job.model_dump_json(indent=2).encode())


def load_job(rollout: Path, job_id: str) -> GradeJob:
    return GradeJob.model_validate_json(job_path(rollout, job_id).read_text(encoding="utf-8"))


def load_outcome(rollout: Path, job_id: str) -> GradeOutcome | None:
    path = result_path(rollout, job_id)
    return GradeOutcome.model_validate_json(path.read_text(encoding="utf-8")) if path.is_file() else None


def pending_jobs(rollout: Path) -> list[GradeJob]:
    """Acknowledged submissions with no outcome yet, oldest first."""
    folder = jobs_dir(rollout)
    if not folder.is_dir():
        return []
    found = [GradeJob.model_validate_json(p.read_text(encoding="utf-8"))
             for p in folder.glob("*.json") if not p.name.endswith(".result.json")]
    return sorted((j for j in found if not result_path(rollout, j.id).is_file()),
                  key=lambda j: (j.submitted_at, j.id))


def all_outcomes(rollout: Path) -> list[GradeOutcome]:
    folder = jobs_dir(rollout)
    found = [GradeOutcome.model_validate_json(p.read_text(encoding="utf-8"))
             for p in folder.glob("*.result.json")] if folder.is_dir() else []
    return sorted(found, key=lambda o: (o.k or 0, o.job))


def finish(rollout: Path, outcome: GradeOutcome) -> GradeOutcome:
    _write_durably(result_path(rollout, outcome.job), outcome.model_dump_json(indent=2).encode())
    return outcome


def _entry(rollout: Path, run_id: str) -> SubmissionRecord | None:
    try:
        records = read_ledger(rollout).records
    except LedgerError:
        return None
    return next((r for r in records if r.run_id == run_id), None)


def run_id_of(job: GradeJob, attempt: int) -> str:
    return f"{job.id}-{attempt}"


def _grade(job: GradeJob, attempt: int) -> subprocess.CompletedProcess[str]:
    rollout, settings = Path(job.rollout), job.settings
    work = rollout / SERVICE / "work" / job.id
    shutil.rmtree(work, ignore_errors=True)
    unpack(tarball_path(rollout, job.id).read_bytes(), work)
    command = [
        settings.python, "-m", "pytest", "--task", job.task, "--platform", settings.platform,
        f"--submission={work}", f"--reports={rollout / REPORTS}", "--run-id", run_id_of(job, attempt),
        f"--rollout={rollout}", f"--tasks-dir={settings.tasks_dir}", f"--suites-dir={settings.suites_dir}",
        *([f"--device-pool={settings.device_pool}"] if settings.device_pool else []),
        "-p", "no:cacheprovider", "-q", *settings.extra,
    ]
    # The grade marks its own processes; the worker's marker must not look like its owner.
    env = {k: v for k, v in os.environ.items() if k != OWNER_VAR}
    try:
        return subprocess.run(command, cwd=settings.cwd, env=env, capture_output=True, text=True,
                              timeout=settings.grade_timeout_s, check=False)
    except subprocess.TimeoutExpired as exc:
        return subprocess.CompletedProcess(command, -9, str(exc.stdout or ""), "grade timed out")


def _graded(job: GradeJob, entry: SubmissionRecord, attempts: int) -> GradeOutcome:
    feedback = Path(job.rollout) / REPORTS / entry.run_id / "feedback"
    return GradeOutcome(job=job.id, state="graded", k=entry.k, party=entry.party,
                        failure_kind=entry.failure_kind, reward=entry.reward, run_id=entry.run_id,
                        feedback=str(feedback) if (feedback / "feedback.md").is_file() else None,
                        attempts=attempts,
                        message=f"submission {entry.k} graded ({entry.party}"
                                + (f": {entry.failure_kind}" if entry.failure_kind else "") + ")")


def run(rollout: str, job_id: str) -> dict[str, object]:
    """Grade job `job_id` of `rollout` to an outcome (the RQ job function); idempotent. Whatever
    stops the job itself (a full disk, its time limit) ends it as failed, never charged: a
    submission without an outcome would hold its rollout's one place in the queue forever."""
    try:
        return _run(Path(rollout), job_id)
    except Exception as exc:
        outcome = GradeOutcome(job=job_id, state="failed",
                               message=f"the bench failed while grading this submission ({exc!r}); "
                                       "it is not counted against the budget")
        return finish(Path(rollout), outcome).model_dump()


def _run(folder: Path, job_id: str) -> dict[str, object]:
    done = load_outcome(folder, job_id)
    if done is not None:
        return done.model_dump()
    job = load_job(folder, job_id)
    # A grade cut short by a restart may have appended its line before it died: keep it.
    if job.attempts and (entry := _entry(folder, run_id_of(job, job.attempts))) is not None \
            and entry.party != "bench":
        return finish(folder, _graded(job, entry, job.attempts)).model_dump()
    last, entry = "", None
    while job.attempts <= job.settings.bench_retries:
        job = job.model_copy(update={"attempts": job.attempts + 1})
        save_job(job)
        try:
            proc = _grade(job, job.attempts)
        except SubmissionRefused as exc:   # checked at submit time; a damaged file on disk
            return finish(folder, GradeOutcome(job=job.id, state="failed", attempts=job.attempts,
                                               message=f"the stored submission is unusable: {exc}; "
                                                       "nothing was charged")).model_dump()
        entry = _entry(folder, run_id_of(job, job.attempts))
        if entry is not None and entry.party != "bench":
            return finish(folder, _graded(job, entry, job.attempts)).model_dump()
        try:
            check_open(folder, job.task)
        except LedgerError as exc:   # ended or out of budget meanwhile: refused, not a fault
            return finish(folder, GradeOutcome(job=job.id, state="refused", attempts=job.attempts,
                                               message=str(exc))).model_dump()
        last = (f"bench fault {entry.failure_kind}" if entry is not None
                else f"the grade wrote no ledger line (pytest exit {proc.returncode}): "
                     + (proc.stdout.strip().splitlines() or [""])[-1][:300])
    if entry is not None:   # bench faults to the last retry: graded, refunded, with feedback
        return finish(folder, _graded(job, entry, job.attempts)).model_dump()
    return finish(folder, GradeOutcome(
        job=job.id, state="failed", attempts=job.attempts,
        message=f"the bench could not grade this submission after {job.attempts} attempt(s) "
                f"({last}); it is not counted against the budget")).model_dump()


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
