"""A grade re-judged from its stored evidence (`revylbench regrade`): the new record, what it
was judged from, and what changed (`<out>/regrade.json`)."""

from __future__ import annotations

from typing import Literal

from pytest_revylbench.records.base import Record
from pytest_revylbench.records.campaign import RolloutScore
from pytest_revylbench.records.grade import GradeRecord


class RolloutRegrade(Record):
    """The rollout the grade belongs to, scored again with the re-judged grade in its place."""

    ledger: str
    """The rollout folder whose `ledger.jsonl` was read (it is not rewritten)."""
    k: int
    """The ledger line of the re-judged grade (matched by run id)."""
    before: RolloutScore | None = None
    """The rollout's score from the ledger as it is; None when it cannot be scored."""
    after: RolloutScore | None = None
    """The score with that line's reward, weights and normalized visual re-judged."""
    refused: str = ""
    """Why the rollout could not be scored (a mixed rollout …), when it could not."""


class RegradeRecord(Record):
    """The content of `regrade.json`."""

    version: Literal[1] = 1
    regraded: Literal[True] = True
    """Always true: this grade was re-judged offline, not graded on a device."""
    source: str
    """The report folder the grade was re-judged from."""
    source_seal: str
    """The seal of the source grade.json (`GradeRecord.seal`), verified before re-judging."""
    evidence_verified: dict[str, str]
    """Each evidence file verified against the source's digests, report path → `sha256:`."""
    task_file: str
    """The task.toml the scoring (scheme, tier weights, visual floor and weights) was read from."""
    task_digest: str
    """`sha256:` of that task file."""
    oracle: str
    """The oracle folder the visual checkpoints were compared with."""
    scheme: str
    """The scheme that made `grade.outcome`."""
    grader_version: str
    """The pytest-revylbench version that re-judged (`grade.digests.grader` stays the live one's)."""
    grader_digest: str
    rejudged: tuple[str, ...]
    """What was recomputed from the evidence: visual metrics, floor, normalization, every
    scheme's reward, the vector."""
    kept: tuple[str, ...]
    """What was kept as the live grade judged it, and why."""
    changes: tuple[str, ...]
    """Each field whose value differs from the source grade's: `path: old → new`."""
    grade: GradeRecord
    rollout: RolloutRegrade | None = None
    """With `--ledger`: the rollout's score before and after (campaign scores are not redone)."""
