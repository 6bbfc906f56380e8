"""A rollout's score, derived from its ledger alone.

score % = 100 × Outcome × Submissions × Time × Regressions, rounded to one decimal:
- Outcome from the last clean submission: 0.2 × stages passed in a row + 0.4 × journey;
- Submissions = 0.80^(k − 1), k = submissions that were clean or the agent's fault;
- Time = 1 − 0.40 × min(1, ln(T / 300 s) / ln(24000 s / 300 s)), T = max(agent seconds, 300);
- Regressions = 0.80^R, R = (clean submission, test) pairs failing after passing in an earlier
  clean submission.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ..ledger import RolloutStart, SubmissionRecord, parse_time
from ..models import Verdict
from ..provenance import mixed

STAGE_WEIGHT = 0.2
JOURNEY_WEIGHT = 0.4
SUBMISSION_DECAY = 0.80
REGRESSION_DECAY = 0.80
TIME_FLOOR_S = 300.0
TIME_CEILING_S = 24000.0
TIME_MAX_PENALTY = 0.40


class Flag(BaseModel):
    model_config = ConfigDict(frozen=True)

    k: int
    name: Literal["incoherent_steps", "incoherent_final"]
    detail: str


class RolloutScore(BaseModel):
    """The score of one rollout with every factor it is the product of."""

    model_config = ConfigDict(frozen=True, use_attribute_docstrings=True)

    version: Literal[1] = 1
    state: Literal["scored", "agent_fault", "no_result"]
    """`agent_fault`: every counted submission was the agent's fault (score 0);
    `no_result`: every submission was a bench fault (re-run the rollout)."""
    score_percent: float | None
    outcome: float
    outcome_from_k: int | None
    """The submission the outcome is taken from (the last clean one)."""
    submissions_counted: int
    submissions_factor: float
    agent_seconds: float
    time_factor: float
    regressions: int
    regressions_factor: float
    regressed: tuple[str, ...] = ()
    """`k:test` for each regression counted."""
    flags: tuple[Flag, ...] = ()
    trust: str = "dev-untrusted"
    """The trust level every submission shares (a rollout never mixes two)."""
    mixed_digests: tuple[str, ...] = ()
    """Digest kinds that differ between submissions; non-empty only with `allow_mixed`."""
    allowed_mixed: bool = False
    """Whether the rollout was scored despite mixed digests (`--allow-mixed`)."""


def outcome(record: SubmissionRecord) -> float:
    stages = [s for s in record.stages if s != record.journey]
    in_a_row = 0
    for stage in stages:
        if record.verdicts.get(stage) is not Verdict.PASS:
            break
        in_a_row += 1
    journey = record.verdicts.get(record.journey) is Verdict.PASS
    return round(STAGE_WEIGHT * in_a_row + JOURNEY_WEIGHT * journey, 10)


def submissions_factor(counted: int) -> float:
    return SUBMISSION_DECAY ** max(counted - 1, 0)


def time_factor(agent_seconds: float) -> float:
    t = max(agent_seconds, TIME_FLOOR_S)
    share = min(1.0, math.log(t / TIME_FLOOR_S) / math.log(TIME_CEILING_S / TIME_FLOOR_S))
    return 1.0 - TIME_MAX_PENALTY * share


def regressions(records: list[SubmissionRecord]) -> list[str]:
    """`k:test` for each clean submission's failing test that passed in an earlier clean one."""
    found: list[str] = []
    passed_before: set[str] = set()
    for record in (r for r in records if r.party == "clean"):
        for test, verdict in record.verdicts.items():
            if verdict is Verdict.FAIL and test in passed_before:
                found.append(f"{record.k}:{test}")
        passed_before |= {t for t, v in record.verdicts.items() if v is Verdict.PASS}
    return found


def flags(record: SubmissionRecord) -> list[Flag]:
    stages = [s for s in record.stages if s != record.journey]
    verdicts = [record.verdicts.get(s) for s in stages]
    found: list[Flag] = []
    for i, verdict in enumerate(verdicts):
        if verdict is not Verdict.PASS and any(v is Verdict.PASS for v in verdicts[i + 1:]):
            found.append(Flag(k=record.k, name="incoherent_steps",
                              detail=f"a stage after {stages[i]!r} passes while it does not"))
            break
    journey = record.verdicts.get(record.journey)
    if journey is Verdict.PASS and any(v is not Verdict.PASS for v in verdicts):
        found.append(Flag(k=record.k, name="incoherent_final",
                          detail="the journey passes while a stage does not"))
    return found


def agent_seconds(start: RolloutStart, records: list[SubmissionRecord]) -> float:
    """The agent's working time: measured by the harness when given, else wall time since
    the start up to the last submission minus the time spent waiting for earlier grades."""
    last = records[-1]
    if last.agent_seconds is not None:
        return last.agent_seconds
    began = parse_time(start.agent_started_at)
    wall = (parse_time(last.submitted_at) - began).total_seconds()
    waits = sum(
        (parse_time(r.verdict_at) - parse_time(r.submitted_at)).total_seconds()
        for r in records[:-1]
    )
    return max(wall - waits, 0.0)


class MixedRollout(Exception):
    """Submissions of one rollout were graded under different conditions."""


def score_rollout(
    start: RolloutStart, records: list[SubmissionRecord], *, allow_mixed: bool = False
) -> RolloutScore:
    trusts = sorted({r.trust for r in records})
    if len(trusts) > 1:
        raise MixedRollout(
            "the rollout mixes trusted and dev-untrusted grades: "
            + ", ".join(f"submission {r.k} {r.trust}" for r in records)
            + "; it cannot be scored"
        )
    differing = tuple(mixed([r.digests for r in records]))
    if differing and not allow_mixed:
        raise MixedRollout(
            f"submissions were graded with different {', '.join(differing)} digests; "
            "re-grade them, or score anyway with --allow-mixed (recorded in the score)"
        )
    counted = [r for r in records if r.party != "bench"]
    clean = [r for r in counted if r.party == "clean"]
    seconds = agent_seconds(start, records) if records else 0.0
    found = regressions(records)
    common: dict[str, Any] = dict(
        submissions_counted=len(counted), submissions_factor=submissions_factor(len(counted)),
        agent_seconds=seconds, time_factor=time_factor(seconds),
        regressions=len(found), regressions_factor=REGRESSION_DECAY ** len(found),
        regressed=tuple(found), flags=tuple(f for r in clean for f in flags(r)),
        trust=trusts[0] if trusts else "dev-untrusted",
        mixed_digests=differing, allowed_mixed=bool(differing) and allow_mixed,
    )
    if not counted:
        return RolloutScore(state="no_result", score_percent=None, outcome=0.0,
                            outcome_from_k=None, **common)
    if not clean:
        return RolloutScore(state="agent_fault", score_percent=0.0, outcome=0.0,
                            outcome_from_k=None, **common)
    last = clean[-1]
    value = outcome(last)
    product = (value * submissions_factor(len(counted)) * time_factor(seconds)
               * REGRESSION_DECAY ** len(found))
    return RolloutScore(state="scored", score_percent=round(100 * product + 1e-9, 1),
                        outcome=value, outcome_from_k=last.k, **common)


def explain(score: RolloutScore) -> list[str]:
    """The arithmetic, one line per factor, as `revylbench rollout` prints it."""
    if score.state == "no_result":
        return ["no result: every submission was a bench fault; re-run the rollout"]
    lines = [
        f"Outcome      = {score.outcome:.2f}"
        + (f"   (from submission {score.outcome_from_k})" if score.outcome_from_k else
           "   (no clean submission: every counted one was the agent's fault)"),
        f"Submissions  = 0.80^({score.submissions_counted} - 1) = {score.submissions_factor:.4f}",
        f"Time         = 1 - 0.40 × min(1, ln({max(score.agent_seconds, TIME_FLOOR_S):.0f}/300)"
        f" / ln(24000/300)) = {score.time_factor:.4f}   (agent seconds: {score.agent_seconds:.0f})",
        f"Regressions  = 0.80^{score.regressions} = {score.regressions_factor:.4f}"
        + (f"   ({', '.join(score.regressed)})" if score.regressed else ""),
        f"score %      = 100 × {score.outcome:.2f} × {score.submissions_factor:.4f} × "
        f"{score.time_factor:.4f} × {score.regressions_factor:.4f} = {score.score_percent:.1f}",
    ]
    lines += [f"flag {f.name} (submission {f.k}): {f.detail}" for f in score.flags]
    if score.allowed_mixed:
        lines.append(f"MIXED digests allowed (--allow-mixed): {', '.join(score.mixed_digests)}")
    lines.append(f"trust: {score.trust}")
    return lines
