"""The rollout ledger: one JSON line per graded submission, after one line that opens it.

`<rollout>/ledger.jsonl` is the only input `revylbench rollout` needs: every record carries
what the score is derived from (verdicts in stage order, failure kind and party, times).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated, Literal

from filelock import FileLock
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .models import BENCH_FAULTS, Fault, GradeRecord, Trust, Verdict

LEDGER = "ledger.jsonl"


class LedgerError(Exception):
    """The ledger is malformed, or refuses another submission."""


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


class RolloutStart(_Record):
    """The first line: written once, when the rollout's first submission is graded."""

    version: Literal[1] = 1
    kind: Literal["start"] = "start"
    task: str
    """The task every submission of this rollout is graded against."""
    max_submissions: int
    """The task's submission budget; bench-fault submissions do not count against it."""
    agent_started_at: str
    """ISO time the agent started working (`--agent-started-at`, else the first grade's)."""


class SubmissionRecord(_Record):
    """One graded submission."""

    version: Literal[1] = 1
    kind: Literal["submission"] = "submission"
    k: int = Field(ge=1)
    """Position in the ledger, 1-based, bench-fault submissions included."""
    run_id: str
    """The grade's report folder name."""
    submission_digest: str
    stages: tuple[str, ...]
    """Stage ids in the task's order, then the journey's id last."""
    journey: str
    verdicts: dict[str, Verdict]
    """Verdict per stage id and journey id: pass, fail or not_run."""
    failure_kind: Fault | None
    """None for a clean grade; else what stopped it."""
    party: Literal["clean", "agent", "bench"]
    """Whose fault the submission's failure kind is; `clean` when it has none."""
    submitted_at: str
    """ISO time the grade started: the agent handed the submission over."""
    verdict_at: str
    """ISO time the grade finished: the agent could continue."""
    agent_seconds: float | None = None
    """Agent working seconds up to this submission, when the harness measured them."""
    trust: Trust = "dev-untrusted"
    """The grade's trust level: `trusted` only when it was built and run sandboxed."""
    digests: dict[str, str] = {}
    """The grade's provenance digests (task, suite, grader, environment …)."""


LedgerLine = Annotated[RolloutStart | SubmissionRecord, Field(discriminator="kind")]
_LINE = TypeAdapter(LedgerLine)


def party(kind: Fault | None) -> Literal["clean", "agent", "bench"]:
    if kind is None:
        return "clean"
    return "bench" if kind in BENCH_FAULTS else "agent"


def read_ledger(folder: Path) -> tuple[RolloutStart, list[SubmissionRecord]]:
    """Parse `folder/ledger.jsonl`; errors name the file and line."""
    path = folder / LEDGER
    if not path.is_file():
        raise LedgerError(f"{path}: no ledger (grade with --rollout {folder} first)")
    start: RolloutStart | None = None
    records: list[SubmissionRecord] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = _LINE.validate_json(line)
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(p) for p in first["loc"])
            raise LedgerError(f"{path}:{number}: field {field}: {first['msg']}") from exc
        if isinstance(entry, RolloutStart):
            if start is not None or records:
                raise LedgerError(f"{path}:{number}: a second start line")
            start = entry
        else:
            if start is None:
                raise LedgerError(f"{path}:{number}: a submission before the start line")
            records.append(entry)
    if start is None:
        raise LedgerError(f"{path}: empty ledger")
    return start, records


def counted(records: list[SubmissionRecord]) -> int:
    """Submissions that count against the budget: clean ones and the agent's faults."""
    return sum(1 for r in records if r.party != "bench")


def check_budget(folder: Path, max_submissions: int) -> None:
    """Refuse (before anything is graded) a submission beyond the task's budget."""
    if not (folder / LEDGER).is_file():
        return
    start, records = read_ledger(folder)
    used = counted(records)
    if used >= start.max_submissions:
        raise LedgerError(
            f"rollout {folder} has used all {start.max_submissions} submissions of its budget "
            f"({used} graded); this submission is refused: nothing was graded or recorded"
        )


def append_submission(
    folder: Path,
    record: GradeRecord,
    *,
    stages: tuple[str, ...],
    journey: str,
    max_submissions: int,
    agent_started_at: str | None,
    agent_seconds: float | None,
) -> SubmissionRecord:
    """Append one grade to the ledger (creating it with its start line), under a file lock."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LEDGER
    with FileLock(str(path) + ".lock"):
        if path.is_file():
            start, records = read_ledger(folder)
            if start.task != record.task:
                raise LedgerError(f"{path}: rollout of task {start.task!r}, not {record.task!r}")
        else:
            start, records = RolloutStart(
                task=record.task, max_submissions=max_submissions,
                agent_started_at=agent_started_at or record.started_at,
            ), []
            path.write_text(start.model_dump_json() + "\n", encoding="utf-8")
        by_stage = {t.stage: t.verdict for t in record.tests if t.stage is not None}
        entry = SubmissionRecord(
            k=len(records) + 1, run_id=record.run_id, submission_digest=record.submission_digest,
            stages=stages, journey=journey,
            verdicts={s: by_stage.get(s, Verdict.NOT_RUN) for s in stages},
            failure_kind=record.failure_kind, party=party(record.failure_kind),
            submitted_at=record.started_at, verdict_at=record.finished_at,
            agent_seconds=agent_seconds, trust=record.trust, digests=record.digests,
        )
        with path.open("a", encoding="utf-8") as out:
            out.write(entry.model_dump_json() + "\n")
    return entry


def parse_time(value: str) -> dt.datetime:
    moment = dt.datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
