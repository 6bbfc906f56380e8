"""What the service answers, transport aside: accept a submission, say a rollout's status,
hand back a grade's feedback.

A submission is accepted only for a rollout under the service's rollouts folder, with that
rollout's token, when the ledger would take another grade (`outputs.ledger.check_open`: started,
not ended, budget left) and no other submission of the rollout is queued or grading. It is
unpacked once to prove it safe, then stored (fsync) and queued before the answer.
"""

from __future__ import annotations

import base64
import re
import secrets
import tempfile
from pathlib import Path
from typing import Any

from pytest_revylbench.outputs.ledger import LEDGER, LedgerError, check_open, counted, read_ledger
from pytest_revylbench.service.endpoint import rollout_token
from pytest_revylbench.service.jobs import (
    GradeJob,
    GradeOutcome,
    GradeSettings,
    all_outcomes,
    load_job,
    load_outcome,
    now,
    pending_jobs,
    rollout_lock,
    save_job,
)
from pytest_revylbench.service.queue import GradeQueue
from pytest_revylbench.service.tarball import SubmissionRefused, unpack

JOB_ID = re.compile(r"s[0-9a-f]{12}")
"""What `submit` names a job: nothing else is ever looked up."""


class Refusal(Exception):
    """A request the service turns down; `status` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _public(outcome: GradeOutcome) -> dict[str, Any]:
    """An outcome as the agent sees it: no reward, no grader paths."""
    return {"job": outcome.job, "state": outcome.state, "k": outcome.k, "party": outcome.party,
            "failure_kind": outcome.failure_kind, "message": outcome.message,
            "counted": outcome.state == "graded" and outcome.party != "bench"}


class SubmissionDesk:
    def __init__(self, rollouts: Path, queue: GradeQueue, settings: GradeSettings) -> None:
        self.rollouts = rollouts.resolve()
        self.queue = queue
        self.settings = settings

    def rollout(self, name: str, token: str) -> Path:
        """The rollout folder named by a request, if the token is its own."""
        folder = Path(name).resolve()
        if folder != self.rollouts and self.rollouts not in folder.parents:
            raise Refusal(404, f"rollout {name} is not one this service grades (it grades the "
                               f"rollouts under {self.rollouts})")
        expected = rollout_token(folder)
        if expected is None or not (folder / LEDGER).is_file():
            raise Refusal(404, f"rollout {name} was never started (`revylbench rollout start`)")
        if not secrets.compare_digest(expected, token):
            raise Refusal(403, f"wrong submit token for rollout {name}: submit from its own workspace")
        return folder

    def submit(self, rollout: Path, tarball: bytes) -> dict[str, Any]:
        with tempfile.TemporaryDirectory(prefix="revylbench-check-") as scratch:
            try:
                files = unpack(tarball, Path(scratch) / "submission")
            except SubmissionRefused as exc:
                raise Refusal(400, f"submission refused, nothing was queued or charged: {exc}") from exc
        with rollout_lock(rollout):
            waiting = pending_jobs(rollout)
            if waiting:
                raise Refusal(409, f"submission refused: submission {waiting[0].id} of this rollout is "
                                   f"still {self._state(rollout, waiting[0].id)}; one is graded at a "
                                   "time. Wait for its feedback (`revylbench submit --wait`, or the "
                                   "status tool); this refusal costs nothing")
            try:
                task = read_ledger(rollout).start.task
                check_open(rollout, task)
            except LedgerError as exc:
                raise Refusal(409, str(exc)) from exc
            job = GradeJob(id=f"s{secrets.token_hex(6)}", rollout=str(rollout), task=task,
                           submitted_at=now(), settings=self.settings)
            save_job(job, tarball)
            self.queue.enqueue(rollout, job.id, timeout_s=self.settings.grade_timeout_s)
        return {"job": job.id, "state": "queued", "files": files,
                "position": self.queue.position(job.id),
                "message": f"submission {job.id} queued ({files} files)"}

    def _state(self, rollout: Path, job_id: str) -> str:
        if load_outcome(rollout, job_id) is not None:
            return "done"
        state = self.queue.state(job_id)
        return {"started": "grading", "finished": "done"}.get(state, state)

    def job(self, rollout: Path, job_id: str) -> dict[str, Any]:
        if not JOB_ID.fullmatch(job_id):
            raise Refusal(404, f"no submission {job_id[:40]!r} in this rollout (a submission is "
                               "named like s0123456789ab)")
        try:
            job = load_job(rollout, job_id)
        except (OSError, ValueError) as exc:
            raise Refusal(404, f"no submission {job_id} in this rollout") from exc
        if Path(job.rollout).resolve() != rollout:
            raise Refusal(404, f"no submission {job_id} in this rollout")
        outcome = load_outcome(rollout, job_id)
        if outcome is not None:
            return {**_public(outcome), "done": True}
        return {"job": job_id, "state": self._state(rollout, job_id), "done": False,
                "position": self.queue.position(job_id)}

    def status(self, rollout: Path) -> dict[str, Any]:
        try:
            ledger = read_ledger(rollout)
        except LedgerError as exc:
            raise Refusal(409, f"the rollout's ledger cannot be read: {exc}") from exc
        used = counted(ledger.records)
        waiting = pending_jobs(rollout)
        return {
            "task": ledger.start.task, "seed": ledger.start.seed,
            "budget": ledger.start.max_submissions, "counted": used,
            "left": max(ledger.start.max_submissions - used, 0),
            "ended": ledger.end.reason if ledger.end is not None else None,
            "in_flight": [self.job(rollout, j.id) for j in waiting],
            "submissions": [_public(o) for o in all_outcomes(rollout)],
        }

    def feedback(self, rollout: Path, k: int | None) -> dict[str, Any]:
        graded = [o for o in all_outcomes(rollout) if o.k is not None]
        chosen = [o for o in graded if k is None or o.k == k]
        if not chosen:
            raise Refusal(404, "no feedback yet: nothing of this rollout was graded"
                          if k is None else f"no graded submission {k} in this rollout")
        outcome = chosen[-1]
        files: dict[str, str] = {}
        if outcome.feedback is not None:
            for path in sorted(Path(outcome.feedback).iterdir()):
                if path.is_file() and path.suffix in (".md", ".json", ".png"):
                    files[path.name] = base64.b64encode(path.read_bytes()).decode()
        markdown = base64.b64decode(files["feedback.md"]).decode() if "feedback.md" in files else (
            f"No feedback bundle was written for submission {outcome.k}: {outcome.message}\n")
        return {**_public(outcome), "markdown": markdown, "files": files}
