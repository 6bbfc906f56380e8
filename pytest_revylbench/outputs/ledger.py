"""The rollout ledger: a start line, one JSON line per graded submission, an end line.

`<rollout>/ledger.jsonl` is the only input `revylbench rollout` needs. Its life:

1. `revylbench rollout start --task T --seed S DIR` writes the start line before the agent
   begins (task, seed, budget, scheme, digests, the agent's start time);
2. each `pytest … --rollout DIR` grade appends a submission line (refused when the ledger was
   never started, was already ended, or its budget is used up);
3. `revylbench rollout end DIR --reason R` writes the end line with the agent's end time.

A ledger is validated whenever it is read; every error names the file, the line and the field.
Whose fault a failure is (`party`) is always derived from its kind, never taken from the line.
Every line is sealed with the grader's key (`outputs.ledger_mac`): a start line whose seal does
not hold makes the ledger unreadable; any other such line is reported (`Ledger.rejected`) and
never counted.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from filelock import FileLock
from pydantic import TypeAdapter, ValidationError

from pytest_revylbench.outputs.ledger_mac import MAC, ledger_key, seal_problem, sealed_line
from pytest_revylbench.records.grade import GradeRecord
from pytest_revylbench.records.ledger import (
    EndReason,
    Item,
    Ledger,
    LedgerLine,
    RolloutEnd,
    RolloutStart,
    SubmissionRecord,
    parse_time,
)
from pytest_revylbench.records.task import TaskSpec
from pytest_revylbench.records.vocabulary import Scheme, Tier, Verdict
from pytest_revylbench.scoring.rederive import rederive
from pytest_revylbench.scoring.tiers import RewardRefused

LEDGER = "ledger.jsonl"
LEDGER_VERSION = 2
REWARD_TOLERANCE = 1e-6


class LedgerError(Exception):
    """The ledger is malformed, or refuses another line."""


_LINE = TypeAdapter(LedgerLine)


def counted(records: list[SubmissionRecord]) -> int:
    """Submissions that count against the budget: clean ones and the agent's faults."""
    return sum(1 for r in records if r.party != "bench")


def _time(where: str, field: str, value: str) -> dt.datetime:
    try:
        return parse_time(value)
    except ValueError as exc:
        raise LedgerError(f"{where}: field {field}: not an ISO time: {value!r}") from exc


def _check_submission(where: str, start: RolloutStart, record: SubmissionRecord,
                      earlier: list[SubmissionRecord], skipped: int = 0) -> None:
    """The rules a schema cannot say: order, times, budget, verdicts, reward. `skipped`: lines
    rejected since the last counted one (their numbers may be missing)."""
    expected = (earlier[-1].k if earlier else 0) + 1
    if not expected <= record.k <= expected + skipped:
        raise LedgerError(f"{where}: field k: {record.k}, expected {expected} "
                          "(submissions are numbered 1, 2, 3 … in the order they were graded)")
    submitted = _time(where, "submitted_at", record.submitted_at)
    if submitted < _time(where, "submitted_at", start.agent_started_at):
        raise LedgerError(f"{where}: field submitted_at: {record.submitted_at} is before the agent "
                          f"started ({start.agent_started_at})")
    if _time(where, "verdict_at", record.verdict_at) < submitted:
        raise LedgerError(f"{where}: field verdict_at: {record.verdict_at} is earlier than its "
                          f"submission ({record.submitted_at})")
    if record.party != "bench" and counted(earlier) + 1 > start.max_submissions:
        raise LedgerError(f"{where}: field k: submission {record.k} is counted submission "
                          f"{counted(earlier) + 1}, over the budget of {start.max_submissions} "
                          "(max_submissions)")
    missing = [s for s in record.stages if s not in record.verdicts]
    if missing or record.journey not in record.stages:
        what = f"no verdict for {missing}" if missing else f"journey {record.journey!r} is not in stages"
        raise LedgerError(f"{where}: field verdicts: {what} (stages {list(record.stages)})")
    if record.party != "clean":
        return
    try:
        derived = rederive(record.scheme, stages=record.stages, journey=record.journey,
                           verdicts=record.verdicts, tiers=record.tier_verdicts(),
                           weights=record.weights, build_failed=False,
                           normalized_visual=record.normalized_visual)
    except (RewardRefused, ValueError) as exc:
        raise LedgerError(f"{where}: field items: the {record.scheme} reward cannot be re-derived: "
                          f"{exc}") from exc
    if derived is not None and abs(derived - record.reward) > REWARD_TOLERANCE:
        raise LedgerError(f"{where}: field reward: {record.reward} is not the {record.scheme} reward "
                          f"of its verdicts, {derived}")


def _parse(where: str, line: str) -> tuple[dict[str, Any], LedgerLine]:
    try:
        body = json.loads(line)
        if not isinstance(body, dict):
            raise ValueError("not a JSON object")
    except ValueError as exc:
        raise LedgerError(f"{where}: not a JSON object: {exc}") from exc
    try:
        entry = _LINE.validate_python({k: v for k, v in body.items() if k != MAC})
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = first["loc"]
        if len(loc) > 1 and loc[0] in ("start", "submission", "end"):
            loc = loc[1:]   # the line's kind, not a field
        field = ".".join(str(p) for p in loc)
        raise LedgerError(f"{where}: field {field}: {first['msg']}") from exc
    return body, entry


def read_ledger(folder: Path) -> Ledger:
    """Parse, validate and check the seals of `folder/ledger.jsonl`; errors name the file, line
    and field."""
    path = folder / LEDGER
    if not path.is_file():
        raise LedgerError(f"{path}: no ledger (start it with `revylbench rollout start`)")
    key = ledger_key()
    start: RolloutStart | None = None
    start_mac = ""
    records: list[SubmissionRecord] = []
    rejected: list[str] = []
    skipped = 0
    end: RolloutEnd | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        body, entry = _parse(where, line)
        if end is not None:
            raise LedgerError(f"{where}: field kind: a {entry.kind} line after the end line")
        if isinstance(entry, RolloutStart):
            if start is not None:
                raise LedgerError(f"{where}: field kind: a second start line")
            problem = seal_problem(key, body, "")
            if problem:
                raise LedgerError(f"{where}: the start line's seal does not hold ({problem}); "
                                  "no line of this ledger can be counted")
            start, start_mac = entry, str(body[MAC])
            continue
        if start is None:
            raise LedgerError(f"{where}: field kind: a {entry.kind} line before the start line")
        problem = seal_problem(key, body, start_mac)
        if problem:
            rejected.append(f"line {number} ({entry.kind}"
                            + (f" {entry.k}" if isinstance(entry, SubmissionRecord) else "")
                            + f"): {problem}; not counted")
            skipped += isinstance(entry, SubmissionRecord)
            continue
        if isinstance(entry, SubmissionRecord):
            _check_submission(where, start, entry, records, skipped)
            records.append(entry)
            skipped = 0
        else:
            last = records[-1].verdict_at if records else start.agent_started_at
            if _time(where, "ended_at", entry.ended_at) < _time(where, "ended_at", last):
                raise LedgerError(f"{where}: field ended_at: {entry.ended_at} is before the last "
                                  f"line's time ({last})")
            end = entry
    if start is None:
        raise LedgerError(f"{path}: empty ledger")
    return Ledger(start, records, end, tuple(rejected))


def _start_mac(path: Path) -> str:
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    try:
        return str(json.loads(first).get(MAC, ""))
    except (ValueError, AttributeError):
        return ""


def append_line(folder: Path, line: RolloutEnd | SubmissionRecord) -> None:
    """Append one line, sealed, with no check (the writers below check first; a tool or test
    that builds a ledger line by line uses this)."""
    path = folder / LEDGER
    body = json.loads(line.model_dump_json())
    with path.open("a", encoding="utf-8") as out:
        out.write(sealed_line(ledger_key(), body, _start_mac(path)) + "\n")


def write_ledger(folder: Path, lines: Iterable[RolloutStart | SubmissionRecord | RolloutEnd
                                               | dict[str, Any]]) -> Path:
    """Write a whole ledger, each line sealed with this grader's key (for tools that build one:
    an import, a test). The lines are written as given; reading checks them."""
    key, start_mac, out = ledger_key(), "", []
    for line in lines:
        body = line if isinstance(line, dict) else json.loads(line.model_dump_json())
        sealed = sealed_line(key, body, start_mac)
        if not start_mac:
            start_mac = json.loads(sealed)[MAC]
        out.append(sealed + "\n")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / LEDGER).write_text("".join(out), encoding="utf-8")
    return folder / LEDGER


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def scheme_weights(spec: TaskSpec, scheme: str) -> dict[str, float]:
    """The weights a ledger line records for `scheme` (empty: the scheme has none)."""
    if scheme == Scheme.TIERS:
        return spec.scoring.tiers.as_dict()
    if scheme == Scheme.VISUAL:
        return {Tier.VISUAL: spec.scoring.mix.visual, Tier.FUNCTIONAL: spec.scoring.mix.functional}
    return {}


def start_rollout(folder: Path, spec: TaskSpec, *, seed: int, scheme: str | None = None,
                  agent_started_at: str | None = None,
                  digests: dict[str, str] | None = None,
                  max_submissions: int | None = None) -> RolloutStart:
    """Write the start line of a new ledger; refuses a folder that already has one.
    `max_submissions` may set a budget below the task's (a trial run), never above it."""
    budget = spec.budgets.max_submissions
    if max_submissions is not None and not 1 <= max_submissions <= budget:
        raise LedgerError(f"a budget of {max_submissions} submissions: task {spec.id} allows 1 "
                          f"to {budget}")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LEDGER
    chosen = scheme or spec.scoring.scheme
    weights = scheme_weights(spec, chosen)
    start = RolloutStart(task=spec.id, seed=seed, max_submissions=max_submissions or budget,
                         scheme=chosen, weights=weights,
                         agent_started_at=parse_time(agent_started_at or _now()).isoformat(),
                         digests=digests or {})
    with FileLock(str(path) + ".lock"):
        if path.exists():
            raise LedgerError(f"{path}: the rollout was already started; a rollout starts once")
        body = json.loads(start.model_dump_json())
        path.write_text(sealed_line(ledger_key(), body, "") + "\n", encoding="utf-8")
    return start


def end_rollout(folder: Path, reason: EndReason, *, ended_at: str | None = None,
                agent_seconds: float | None = None) -> RolloutEnd:
    """Append the end line; refuses a ledger never started or already ended."""
    path = folder / LEDGER
    with FileLock(str(path) + ".lock"):
        ledger = read_ledger(folder)
        if ledger.end is not None:
            raise LedgerError(f"{path}: the rollout already ended ({ledger.end.reason} at "
                              f"{ledger.end.ended_at})")
        end = RolloutEnd(reason=reason, ended_at=parse_time(ended_at or _now()).isoformat(),
                         agent_seconds=agent_seconds)
        append_line(folder, end)
        read_ledger(folder)   # an end before the last verdict is refused like any bad line
    return end


def check_open(folder: Path, task: str, scheme: str | None = None) -> None:
    """Refuse (before anything is graded) a grade into a ledger that is not open for it: never
    started, of another task or scheme, already ended, or out of budget."""
    path = folder / LEDGER
    if not path.is_file():
        raise LedgerError(f"rollout {folder} was never started: run `revylbench rollout start "
                          f"--task {task} --seed N {folder}` before the agent begins; nothing was "
                          "graded or recorded")
    ledger = read_ledger(folder)
    if ledger.start.task != task:
        raise LedgerError(f"{path}: rollout of task {ledger.start.task!r}, not {task!r}")
    if scheme is not None and scheme != ledger.start.scheme:
        raise LedgerError(f"{path}: the rollout is scored with scheme {ledger.start.scheme!r}, this "
                          f"grade would be scored with {scheme!r} (start the rollout with --scheme "
                          f"{scheme}, or grade without --scheme); nothing was graded or recorded")
    if ledger.end is not None:
        raise LedgerError(f"rollout {folder} already ended ({ledger.end.reason}); this submission "
                          "is refused: nothing was graded or recorded")
    used = counted(ledger.records)
    if used >= ledger.start.max_submissions:
        raise LedgerError(
            f"rollout {folder} has used all {ledger.start.max_submissions} submissions of its budget "
            f"({used} graded); this submission is refused: nothing was graded or recorded"
        )


def _items(record: GradeRecord) -> dict[str, Item]:
    """Items by name: a stage's or the journey's only test by its id (as the verdicts are)."""
    per_stage: dict[str | None, int] = {}
    for test in record.tests:
        per_stage[test.stage] = per_stage.get(test.stage, 0) + 1
    items: dict[str, Item] = {}
    for test in record.tests:
        alone = test.stage is not None and per_stage[test.stage] == 1
        name = test.stage if alone and test.role in ("stage", "journey") and test.stage else test.nodeid
        items[name] = Item(tier=test.tier, verdict=test.verdict)
    return items


def append_submission(folder: Path, record: GradeRecord, *, spec: TaskSpec,
                      agent_seconds: float | None) -> SubmissionRecord:
    """Append one grade to the started, open ledger, under a file lock. `spec` is the task as
    the grade scored it (`--scheme`/`--tiers` applied)."""
    path = folder / LEDGER
    stages = (*(s.id for s in spec.stages), spec.journey.id)
    with FileLock(str(path) + ".lock"):
        check_open(folder, record.task)
        ledger = read_ledger(folder)
        if record.reward.scheme != ledger.start.scheme:
            raise LedgerError(f"{path}: the rollout is scored with scheme {ledger.start.scheme!r}, "
                              f"this grade with {record.reward.scheme!r}")
        by_stage = {t.stage: t.verdict for t in record.tests if t.stage is not None}
        weights = scheme_weights(spec, record.reward.scheme)
        visual = record.vector.visual if record.vector is not None else None
        entry = SubmissionRecord(
            k=len(ledger.records) + 1, run_id=record.run_id,
            submission_digest=record.submission_digest, stages=stages, journey=spec.journey.id,
            verdicts={s: by_stage.get(s, Verdict.NOT_RUN) for s in stages}, items=_items(record),
            scheme=record.reward.scheme, weights=weights, reward=record.reward.score,
            normalized_visual=visual.normalized_visual if visual is not None else None,
            failure_kind=record.failure_kind, submitted_at=record.started_at,
            verdict_at=record.finished_at, agent_seconds=agent_seconds, trust=record.trust,
            digests=record.digests,
        )
        append_line(folder, entry)
    return entry
