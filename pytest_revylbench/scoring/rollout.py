"""A rollout's score, derived from its ledger alone.

score % = 100 × Outcome × Submissions × Time × Regressions, rounded to one decimal:
- Outcome: the task's scheme's reward on the last clean submission, re-derived from the
  record's per-item verdicts (`stages`: 0.2 × stages passed in a row + 0.4 × journey);
- Submissions = 0.80^(k − 1), k = submissions that were clean or the agent's fault;
- Time = 1 − 0.40 × min(1, ln(T / 300 s) / ln(24000 s / 300 s)), T = max(agent seconds, 300),
  the agent's time up to the end record;
- Regressions = 0.80^R, R = (clean submission, hidden item) pairs failing after the item passed in
  an earlier clean submission (hidden items: the functional and flow tiers).

Flags (an incoherent final vector, a quarantined fault kind) are reported and never change the
rollout's state. A rollout without an end record is `open`: its figure is not final.
"""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

from pytest_revylbench.records.campaign import Flag, RolloutScore
from pytest_revylbench.records.ledger import (
    COMPARED,
    Ledger,
    RolloutEnd,
    RolloutStart,
    SubmissionRecord,
    parse_time,
    quarantined,
)
from pytest_revylbench.records.vocabulary import Verdict
from pytest_revylbench.scoring.rederive import rederive

SUBMISSION_DECAY = 0.80
REGRESSION_DECAY = 0.80
TIME_FLOOR_S = 300.0
TIME_CEILING_S = 24000.0
TIME_MAX_PENALTY = 0.40


def mixed(records_digests: list[dict[str, str]]) -> list[str]:
    """The compared digest kinds that differ between records (unknown ones are skipped)."""
    found = []
    for key in COMPARED:
        values = {d[key] for d in records_digests if key in d}
        if len(values) > 1:
            found.append(key)
    return found


def outcome(record: SubmissionRecord) -> float:
    """The record's reward under its scheme, re-derived from its verdicts where the scheme allows
    (a project's own scheme: the stored reward)."""
    derived = rederive(record.scheme, stages=record.stages, journey=record.journey,
                       verdicts=record.verdicts, tiers=record.tier_verdicts(), weights=record.weights,
                       build_failed=False, normalized_visual=record.normalized_visual)
    return record.reward if derived is None else derived


def submissions_factor(counted: int) -> float:
    return SUBMISSION_DECAY ** max(counted - 1, 0)


def time_factor(agent_seconds: float) -> float:
    t = max(agent_seconds, TIME_FLOOR_S)
    share = min(1.0, math.log(t / TIME_FLOOR_S) / math.log(TIME_CEILING_S / TIME_FLOOR_S))
    return 1.0 - TIME_MAX_PENALTY * share


def regressions(records: list[SubmissionRecord]) -> list[str]:
    """`k:item` for each clean submission's failing hidden item that passed in an earlier clean one."""
    found: list[str] = []
    passed_before: set[str] = set()
    for record in (r for r in records if r.party == "clean"):
        hidden = record.hidden_items
        for item, verdict in hidden.items():
            if verdict is Verdict.FAIL and item in passed_before:
                found.append(f"{record.k}:{item}")
        passed_before |= {t for t, v in hidden.items() if v is Verdict.PASS}
    return found


def flags(record: SubmissionRecord) -> list[Flag]:
    """Coherence of one vector: a stage passing after one that does not, a journey passing
    while a stage does not."""
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


def rollout_flags(records: list[SubmissionRecord]) -> list[Flag]:
    """Only the final clean vector's coherence (a repair history is normal), and every
    quarantined fault kind."""
    clean = [r for r in records if r.party == "clean"]
    found = flags(clean[-1]) if clean else []
    found += [Flag(k=r.k, name="quarantined",
                   detail=f"unknown failure kind {r.failure_kind!r}: refunded as a bench fault")
              for r in records if quarantined(r.failure_kind)]
    return sorted(found, key=lambda f: f.k)


def agent_seconds(start: RolloutStart, records: list[SubmissionRecord],
                  end: RolloutEnd | None = None) -> float:
    """The agent's working time up to the end record (while open: up to the last submission).

    Measured by the harness when given (the end's, else the last measured submission's plus the
    wall time from its verdict to the end); else wall time from the start minus the time spent
    waiting for grades: the time while at least one of its grades ran (`grading_seconds`), so
    that grades run side by side are not subtracted twice.
    """
    if end is not None and end.agent_seconds is not None:
        return end.agent_seconds
    measured = [r for r in records if r.agent_seconds is not None]
    if measured:
        last = measured[-1]
        assert last.agent_seconds is not None
        if end is None:
            return last.agent_seconds
        began, stop = parse_time(last.verdict_at), parse_time(end.ended_at)
        after = [r for r in records if r.k > last.k]
        tail = (stop - began).total_seconds()
        return last.agent_seconds + max(tail - grading_seconds(after, began, stop), 0.0)
    began = parse_time(start.agent_started_at)
    if end is not None:
        stop = parse_time(end.ended_at)
    elif records:
        stop = parse_time(records[-1].submitted_at)
    else:
        return 0.0
    return max((stop - began).total_seconds() - grading_seconds(records, began, stop), 0.0)


def grading_seconds(records: list[SubmissionRecord], began: dt.datetime, stop: dt.datetime) -> float:
    """Seconds between `began` and `stop` while at least one of `records` was being graded
    (from its submission to its verdict)."""
    return union_seconds([(parse_time(r.submitted_at), parse_time(r.verdict_at)) for r in records],
                         began, stop)


def union_seconds(spans: list[tuple[dt.datetime, dt.datetime]], began: dt.datetime,
                  stop: dt.datetime) -> float:
    """Seconds between `began` and `stop` covered by at least one of `spans` (each cut to the
    window; overlapping spans count once)."""
    cut = sorted((max(first, began), min(last, stop)) for first, last in spans)
    total, open_span = 0.0, None
    for first, last in cut:
        if last <= first:
            continue
        if open_span is not None and first <= open_span[1]:
            open_span = (open_span[0], max(open_span[1], last))
            continue
        if open_span is not None:
            total += (open_span[1] - open_span[0]).total_seconds()
        open_span = (first, last)
    if open_span is not None:
        total += (open_span[1] - open_span[0]).total_seconds()
    return total


class MixedRollout(Exception):
    """Submissions of one rollout were graded under different conditions."""


def score_ledger(ledger: Ledger, *, allow_mixed: bool = False) -> RolloutScore:
    return score_rollout(ledger.start, ledger.records, ledger.end, allow_mixed=allow_mixed)


def score_rollout(
    start: RolloutStart, records: list[SubmissionRecord], end: RolloutEnd | None = None, *,
    allow_mixed: bool = False,
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
    seconds = agent_seconds(start, records, end)
    found = regressions(records)
    common: dict[str, Any] = dict(
        scheme=start.scheme,
        submissions_counted=len(counted), submissions_factor=submissions_factor(len(counted)),
        agent_seconds=seconds, time_factor=time_factor(seconds),
        regressions=len(found), regressions_factor=REGRESSION_DECAY ** len(found),
        regressed=tuple(found), flags=tuple(rollout_flags(records)),
        end_reason=end.reason if end is not None else None,
        trust=trusts[0] if trusts else "dev-untrusted",
        mixed_digests=differing, allowed_mixed=bool(differing) and allow_mixed,
    )
    if records and not counted:
        return RolloutScore(state="no_result" if end is not None else "open", score_percent=None,
                            outcome=0.0, outcome_from_k=None, **common)
    if not clean:
        return RolloutScore(state="agent_fault" if end is not None else "open",
                            score_percent=0.0 if end is not None else None, outcome=0.0,
                            outcome_from_k=None, **common)
    last = clean[-1]
    value = outcome(last)
    product = (value * submissions_factor(len(counted)) * time_factor(seconds)
               * REGRESSION_DECAY ** len(found))
    return RolloutScore(state="scored" if end is not None else "open",
                        score_percent=round(100 * product + 1e-9, 1),
                        outcome=value, outcome_from_k=last.k, **common)


def explain(score: RolloutScore) -> list[str]:
    """The arithmetic, one line per factor, as `revylbench rollout` prints it."""
    head = [] if score.state != "open" else [
        "OPEN: no end record (`revylbench rollout end DIR`); the figure below is not final"]
    if score.state == "no_result":
        return ["no result: every submission was a bench fault; re-run the rollout"]
    if score.score_percent is None:
        return [*head, "no clean submission yet"]
    why = (f"   (from submission {score.outcome_from_k}, scheme {score.scheme})"
           if score.outcome_from_k else
           "   (no clean submission: every counted one was the agent's fault)"
           if score.submissions_counted else "   (ended without a graded submission: scores 0)")
    lines = [
        *head,
        f"Outcome      = {score.outcome:.2f}" + why,
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
