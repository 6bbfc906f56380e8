"""Every factor of the rollout score at and around its boundaries."""

from __future__ import annotations

import math

import pytest

from pytest_revylbench.ledger import RolloutStart, SubmissionRecord
from pytest_revylbench.models import Fault, Verdict
from pytest_revylbench.scoring.rollout import (
    MixedRollout,
    explain,
    flags,
    outcome,
    regressions,
    score_rollout,
    submissions_factor,
    time_factor,
)

STAGES = ("s1", "s2", "s3", "j")
START = RolloutStart(task="budget", max_submissions=5, agent_started_at="2026-11-30T09:00:00+00:00")


def sub(k: int, verdicts: str, kind: Fault | None = None, *, at: int = 0, wait: int = 60,
        seconds: float | None = None) -> SubmissionRecord:
    """`verdicts` as four letters, p/f/n, for s1 s2 s3 j."""
    letters = {"p": Verdict.PASS, "f": Verdict.FAIL, "n": Verdict.NOT_RUN}
    party = "clean" if kind is None else ("agent" if kind in (Fault.BUILD_FAILED, Fault.APP_CRASH)
                                          else "bench")
    return SubmissionRecord(
        k=k, run_id=f"r{k}", submission_digest=f"sha256:{k}", stages=STAGES, journey="j",
        verdicts={s: letters[c] for s, c in zip(STAGES, verdicts, strict=True)},
        failure_kind=kind, party=party,
        submitted_at=f"2026-11-30T{9 + at // 3600:02d}:{at % 3600 // 60:02d}:00+00:00",
        verdict_at=f"2026-11-30T{9 + (at + wait) // 3600:02d}:{(at + wait) % 3600 // 60:02d}:00+00:00",
        agent_seconds=seconds,
    )


@pytest.mark.parametrize(
    ("verdicts", "value"),
    [("pppp", 1.0), ("pppf", 0.6), ("ppfp", 0.8), ("fppp", 0.4), ("pfpf", 0.2), ("ffff", 0.0),
     ("nnnn", 0.0)],
)
def test_outcome(verdicts: str, value: float) -> None:
    assert outcome(sub(1, verdicts)) == pytest.approx(value)


@pytest.mark.parametrize(("k", "factor"), [(0, 1.0), (1, 1.0), (2, 0.8), (3, 0.64), (5, 0.8**4)])
def test_submissions_factor(k: int, factor: float) -> None:
    assert submissions_factor(k) == pytest.approx(factor)


@pytest.mark.parametrize(
    ("seconds", "factor"),
    [
        (0, 1.0), (299, 1.0), (300, 1.0),
        (301, 1 - 0.4 * math.log(301 / 300) / math.log(80)),
        (2400, 1 - 0.4 * math.log(8) / math.log(80)),
        (23999, 1 - 0.4 * math.log(23999 / 300) / math.log(80)),
        (24000, 0.6), (24001, 0.6), (10**7, 0.6),
    ],
)
def test_time_factor(seconds: float, factor: float) -> None:
    assert time_factor(seconds) == pytest.approx(factor)
    assert 0.6 <= time_factor(seconds) <= 1.0


def test_regressions_count_clean_submissions_only() -> None:
    records = [
        sub(1, "pfff"),
        sub(2, "pppp", Fault.DEVICE_FAULT),     # bench fault: neither source nor target
        sub(3, "fppf"),                         # s1 regressed
        sub(4, "nnnn", Fault.BUILD_FAILED),     # agent fault: not a regression either
        sub(5, "ffpf"),                         # s1 again, s2 now
    ]
    assert regressions(records) == ["3:s1", "5:s1", "5:s2"]


def test_flags() -> None:
    assert [f.name for f in flags(sub(1, "fppf"))] == ["incoherent_steps"]
    assert [f.name for f in flags(sub(1, "pfpp"))] == ["incoherent_steps", "incoherent_final"]
    assert [f.name for f in flags(sub(1, "ppfp"))] == ["incoherent_final"]
    assert flags(sub(1, "pppp")) == [] and flags(sub(1, "ppff")) == []


def test_score_takes_the_outcome_from_the_last_clean_submission() -> None:
    records = [sub(1, "pppf", seconds=300), sub(2, "nnnn", Fault.APP_CRASH, seconds=600)]
    score = score_rollout(START, records)
    assert (score.state, score.outcome_from_k, score.outcome) == ("scored", 1, 0.6)
    assert score.submissions_counted == 2  # the agent's fault counts
    assert score.score_percent == pytest.approx(round(100 * 0.6 * 0.8 * time_factor(600), 1))


def test_bench_faults_are_refunded() -> None:
    records = [sub(1, "nnnn", Fault.DRIVER_ERROR, seconds=300), sub(2, "pppp", seconds=300)]
    score = score_rollout(START, records)
    assert score.submissions_counted == 1 and score.score_percent == 100.0


def test_all_agent_faults_score_zero_and_all_bench_faults_no_result() -> None:
    agent = score_rollout(START, [sub(1, "nnnn", Fault.BUILD_FAILED), sub(2, "nnnn", Fault.APP_CRASH)])
    assert (agent.state, agent.score_percent) == ("agent_fault", 0.0)
    bench = score_rollout(START, [sub(1, "nnnn", Fault.DEVICE_FAULT), sub(2, "nnnn", Fault.TIMEOUT)])
    assert (bench.state, bench.score_percent) == ("no_result", None)
    assert "re-run" in explain(bench)[0]


def test_agent_time_excludes_grading_waits_when_not_measured() -> None:
    # Start 09:00; submissions at +20 min (graded in 10 min) and +60 min: 60 − 10 = 50 min.
    records = [sub(1, "ffff", at=1200, wait=600), sub(2, "pppp", at=3600, wait=600)]
    assert score_rollout(START, records).agent_seconds == 3000


def test_product_and_rounding() -> None:
    records = [sub(1, "fpff", seconds=100), sub(2, "pppp", seconds=500),
               sub(3, "ppff", seconds=1200)]
    score = score_rollout(START, records)
    expected = 100 * 0.4 * 0.8**2 * time_factor(1200) * 0.8**2
    assert score.score_percent == round(expected, 1) == 14.3
    assert score.regressed == ("3:s3", "3:j")
    lines = explain(score)
    assert "score %      = 100 × 0.40 × 0.6400 × 0.8735 × 0.6400 = 14.3" in lines
    assert lines[-2:] == [
        "flag incoherent_steps (submission 1): a stage after 's1' passes while it does not",
        "trust: dev-untrusted",
    ]


def test_mixed_digests_are_refused_unless_allowed_and_then_recorded() -> None:
    a = sub(1, "pfff").model_copy(update={"digests": {"suite": "sha256:a", "task": "sha256:t"}})
    b = sub(2, "pppp").model_copy(update={"digests": {"suite": "sha256:b", "task": "sha256:t"}})
    with pytest.raises(MixedRollout, match="different suite digests"):
        score_rollout(START, [a, b])
    score = score_rollout(START, [a, b], allow_mixed=True)
    assert score.mixed_digests == ("suite",) and score.allowed_mixed
    assert "MIXED digests allowed (--allow-mixed): suite" in explain(score)


def test_trusted_and_untrusted_grades_never_mix() -> None:
    a = sub(1, "pfff").model_copy(update={"trust": "trusted"})
    with pytest.raises(MixedRollout, match="mixes trusted and dev-untrusted"):
        score_rollout(START, [a, sub(2, "pppp")], allow_mixed=True)
