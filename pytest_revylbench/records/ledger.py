"""The records of a rollout ledger (`<rollout>/ledger.jsonl`): its start line, one line per graded
submission, its end line, and whose fault a failure kind is.

Reading, checking and appending lines is `outputs.ledger`'s; scoring a ledger is `scoring.rollout`'s.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from pytest_revylbench.records.base import Record
from pytest_revylbench.records.vocabulary import AGENT_FAULTS, Fault, Scheme, Tier, Trust, Verdict

HIDDEN_TIERS: tuple[Tier, ...] = (Tier.FUNCTIONAL, Tier.FLOW)
"""Tiers whose items are the hidden suite: the device tests (flow) and the hidden component tests
(functional). Only these count as regressions: build and contract items are checks the agent can
run itself (and a build failure already zeroes the reward), visual items are scored by
similarity, not by their verdict."""


COMPARED = ("task", "suite", "grader", "environment")
"""The grade digests (`GradeRecord.digests`) a rollout refuses to mix between its submissions."""

Party = Literal["clean", "agent", "bench"]


EndReason = Literal["done", "time_limit", "budget", "agent_crash"]


END_REASONS: tuple[EndReason, ...] = ("done", "time_limit", "budget", "agent_crash")


KNOWN_KINDS = frozenset(f.value for f in Fault)


def party_of(kind: str | None) -> Party:
    """Whose fault a failure kind is. The one mapping is `vocabulary.AGENT_FAULTS` (every other kind,
    known or not, is the bench's: refunded, never charged to the agent)."""
    if kind is None:
        return "clean"
    return "agent" if kind in AGENT_FAULTS else "bench"


def quarantined(kind: str | None) -> bool:
    """A kind the bench does not know: refunded as a bench fault, and flagged for a person."""
    return kind is not None and kind not in KNOWN_KINDS


class RolloutStart(Record):
    """The first line: written by `revylbench rollout start` before the agent begins."""

    version: Literal[2] = 2
    kind: Literal["start"] = "start"
    task: str
    """The task every submission of this rollout is graded against."""
    seed: int = Field(ge=1)
    """The rollout's seed: which repetition of the task this is."""
    max_submissions: int = Field(ge=1)
    """The task's submission budget; bench-fault submissions do not count against it."""
    scheme: str = Scheme.STAGES.value
    """The reward scheme every submission is scored with (the task's, unless overridden)."""
    weights: dict[str, float] = {}
    """The scheme's weights: the task's `[scoring.tiers]` (tiers) or `[scoring.mix]` (visual)."""
    agent_started_at: str
    """ISO time the agent started working."""
    digests: dict[str, str] = {}
    """Digests of the task's public files and hidden suite when the rollout started."""


class Item(Record):
    """One graded item (a test or check) of a submission."""

    tier: str | None = None
    verdict: Verdict

    @property
    def hidden(self) -> bool:
        return self.tier in HIDDEN_TIERS


class SubmissionRecord(Record):
    """One graded submission."""

    version: Literal[2] = 2
    kind: Literal["submission"] = "submission"
    k: int = Field(ge=1)
    """Position in the ledger: 1, 2, 3 … in order, bench-fault submissions included."""
    run_id: str
    """The grade's report folder name."""
    submission_digest: str
    stages: tuple[str, ...]
    """Stage ids in the task's order, then the journey's id last."""
    journey: str
    verdicts: dict[str, Verdict]
    """Verdict per stage id and journey id: pass, fail or not_run (one for each of `stages`)."""
    items: dict[str, Item] = {}
    """Every graded item's tier and verdict, by name (a stage or journey test by its id)."""
    scheme: str = Scheme.STAGES.value
    """The reward scheme the grade was scored with."""
    weights: dict[str, float] = {}
    """The scheme's weights the grade used (empty: the scheme's defaults)."""
    reward: float = Field(0.0, ge=0.0, le=1.0)
    """The grade's reward under `scheme`; re-derived from the items whenever the ledger is read."""
    normalized_visual: float | None = None
    """`visual` scheme: the grade's normalized visual fidelity (not re-derivable from verdicts)."""
    failure_kind: str | None
    """None for a clean grade; else what stopped it (a `Fault`; an unknown kind is quarantined)."""
    party: Party = "clean"
    """Derived from `failure_kind` whenever the line is read: whatever the line says is ignored."""
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

    @model_validator(mode="before")
    @classmethod
    def _derive_party(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {**data, "party": party_of(data.get("failure_kind"))}
        return data

    @property
    def hidden_items(self) -> dict[str, Verdict]:
        """The hidden suite's verdicts; a record without items: its stage and journey verdicts."""
        if not self.items:
            return dict(self.verdicts)
        return {name: item.verdict for name, item in self.items.items() if item.hidden}

    def tier_verdicts(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for item in self.items.values():
            if item.tier is not None and item.tier != Tier.VISUAL:
                found.setdefault(item.tier, []).append(item.verdict.value)
        return found


class RolloutEnd(Record):
    """The last line: written by `revylbench rollout end` when the agent stopped."""

    version: Literal[2] = 2
    kind: Literal["end"] = "end"
    reason: EndReason
    """Why the agent stopped: done, time_limit, budget or agent_crash."""
    ended_at: str
    """ISO time the agent stopped working."""
    agent_seconds: float | None = Field(None, ge=0)
    """The agent's working seconds over the whole rollout, when the harness measured them."""


LedgerLine = Annotated[RolloutStart | SubmissionRecord | RolloutEnd, Field(discriminator="kind")]


@dataclass(frozen=True)
class Ledger:
    """A ledger as read: its start, its submissions, and its end (None while it is open)."""

    start: RolloutStart
    records: list[SubmissionRecord]
    end: RolloutEnd | None = None
    rejected: tuple[str, ...] = ()
    """Lines that were not counted, each with its place and why (a seal that does not hold)."""


def parse_time(value: str) -> dt.datetime:
    moment = dt.datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
