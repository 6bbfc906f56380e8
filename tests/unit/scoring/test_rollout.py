"""Every factor of the rollout score at and around its boundaries, and the ledger's rules."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from pytest_revylbench.cli import main
from pytest_revylbench.outputs.ledger import LedgerError, read_ledger
from pytest_revylbench.outputs.ledger import write_ledger as sealed_ledger
from pytest_revylbench.records.ledger import Item, RolloutEnd, RolloutStart, SubmissionRecord
from pytest_revylbench.records.vocabulary import Fault, Verdict
from pytest_revylbench.scoring.rollout import (
    MixedRollout,
    agent_seconds,
    explain,
    flags,
    outcome,
    regressions,
    rollout_flags,
    score_ledger,
    score_rollout,
    submissions_factor,
    time_factor,
)

STAGES = ("s1", "s2", "s3", "j")
START = RolloutStart(task="budget", seed=1, max_submissions=5,
                     agent_started_at="2026-11-30T09:00:00+00:00")
LETTERS = {"p": Verdict.PASS, "f": Verdict.FAIL, "n": Verdict.NOT_RUN}


def clock(seconds: int) -> str:
    return f"2026-11-30T{9 + seconds // 3600:02d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}+00:00"


def end(at: int = 36000, seconds: float | None = None, reason: str = "done") -> RolloutEnd:
    return RolloutEnd(reason=reason, ended_at=clock(at), agent_seconds=seconds)  # type: ignore[arg-type]


def sub(k: int, verdicts: str, kind: Fault | str | None = None, *, at: int = 0, wait: int = 60,
        seconds: float | None = None) -> SubmissionRecord:
    """`verdicts` as four letters, p/f/n, for s1 s2 s3 j; the reward is the stage formula's."""
    marks = {s: LETTERS[c] for s, c in zip(STAGES, verdicts, strict=True)}
    in_a_row = len(verdicts[:3]) - len(verdicts[:3].lstrip("p"))
    return SubmissionRecord(
        k=k, run_id=f"r{k}", submission_digest=f"sha256:{k}", stages=STAGES, journey="j",
        verdicts=marks, items={s: Item(tier="flow", verdict=v) for s, v in marks.items()},
        reward=round(0.2 * in_a_row + 0.4 * (verdicts[3] == "p"), 10),
        failure_kind=None if kind is None else str(kind),
        submitted_at=clock(at), verdict_at=clock(at + wait), agent_seconds=seconds,
    )


def write_ledger(folder: Path, start: RolloutStart | dict[str, object], *lines: object) -> Path:
    """A ledger of these lines, each sealed with the grader's key as the grader writes them."""
    bodies = [json.loads(x) if isinstance(x, str) else x for x in (start, *lines)]
    sealed_ledger(folder, bodies)  # type: ignore[arg-type]
    return folder


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
    score = score_rollout(START, records, end(seconds=600))
    assert (score.state, score.outcome_from_k, score.outcome) == ("scored", 1, 0.6)
    assert score.submissions_counted == 2  # the agent's fault counts
    assert score.score_percent == pytest.approx(round(100 * 0.6 * 0.8 * time_factor(600), 1))


def test_bench_faults_are_refunded() -> None:
    records = [sub(1, "nnnn", Fault.DRIVER_ERROR, seconds=300), sub(2, "pppp", seconds=300)]
    score = score_rollout(START, records, end(seconds=300))
    assert score.submissions_counted == 1 and score.score_percent == 100.0


def test_all_agent_faults_score_zero_and_all_bench_faults_no_result() -> None:
    agent = score_rollout(START, [sub(1, "nnnn", Fault.BUILD_FAILED), sub(2, "nnnn", Fault.APP_CRASH)],
                          end())
    assert (agent.state, agent.score_percent) == ("agent_fault", 0.0)
    bench = score_rollout(START, [sub(1, "nnnn", Fault.DEVICE_FAULT), sub(2, "nnnn", Fault.TIMEOUT)],
                          end())
    assert (bench.state, bench.score_percent) == ("no_result", None)
    assert "re-run" in explain(bench)[0]


def test_agent_time_excludes_grading_waits_when_not_measured() -> None:
    # Start 09:00; submissions at +20 min (graded in 10 min) and +60 min (graded in 10 min), the
    # end at +80 min: 80 − 10 − 10 = 60 min; while open, up to the last submission: 60 − 10.
    records = [sub(1, "ffff", at=1200, wait=600), sub(2, "pppp", at=3600, wait=600)]
    assert score_rollout(START, records, end(at=4800)).agent_seconds == 3600
    assert score_rollout(START, records).agent_seconds == 3000


def test_grades_run_side_by_side_are_one_wait_not_two() -> None:
    # Two submissions at +20 min, graded side by side in 10 and 12 min, a third at +50 min graded
    # in 5 min; the end at +60 min: the agent waited 12 + 5 min, so it worked 60 − 17 = 43 min
    # (adding the waits up, 60 − 27 = 33 min, would reward submitting in parallel).
    records = [sub(1, "ffff", at=1200, wait=600), sub(2, "pfff", at=1200, wait=720),
               sub(3, "pppp", at=3000, wait=300)]
    assert score_rollout(START, records, end(at=3600)).agent_seconds == 43 * 60
    # While open (up to the last submission): 50 − 12 min.
    assert score_rollout(START, records).agent_seconds == 38 * 60
    # A grade still running at the last submission (+25 min) counts only up to it: 25 − 5 min.
    overlapping = [sub(1, "ffff", at=1200, wait=3000), sub(2, "pppp", at=1500, wait=60)]
    assert score_rollout(START, overlapping).agent_seconds == 1500 - 300


def test_product_and_rounding() -> None:
    records = [sub(1, "fpff", seconds=100), sub(2, "pppp", seconds=500),
               sub(3, "ppff", seconds=1200)]
    score = score_rollout(START, records, end(seconds=1200))
    expected = 100 * 0.4 * 0.8**2 * time_factor(1200) * 0.8**2
    assert score.score_percent == round(expected, 1) == 14.3
    assert score.regressed == ("3:s3", "3:j")
    lines = explain(score)
    assert "score %      = 100 × 0.40 × 0.6400 × 0.8735 × 0.6400 = 14.3" in lines
    assert lines[-1] == "trust: dev-untrusted"
    assert score.flags == (), "submission 1 was incoherent, the final vector is not"


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


# ---- revyl-bench's five worked examples, under the `stages` scheme ----

@pytest.mark.parametrize(
    ("history", "seconds", "expected"),
    [
        # 1.0 × 1 × Time(6.2 min = 372 s: 0.98036) × 1 = 98.0
        (["pppp"], 372, 98.0),
        # a failed first submission, then all four: 1.0 × 0.8 × Time(25 min: 0.85309) = 68.2
        (["ppff", "pppp"], 1500, 68.2),
        # all four after a device fault (refunded) at 89 min: 1.0 × 1 × 0.73718 = 73.7
        (["bench", "pppp"], 89 * 60, 73.7),
        # stages 1-2, then the journey too (an incoherent final vector, flagged, still counted):
        # 0.8 × 0.8 × Time(247 min: 0.64400) = 41.2
        (["ppff", "ppfp"], 247 * 60, 41.2),
        # the journey passes, then fails: 0.4 × 0.8 (2 counted) × Time(145 min: 0.69263)
        # × 0.8 (the journey regressed) = 17.7
        (["ppfp", "ppff"], 145 * 60, 17.7),
    ],
    ids=["first-try", "second-try", "bench-fault-refunded", "journey-regressed", "late-regression"],
)
def test_the_five_worked_examples_reproduce(history: list[str], seconds: int, expected: float) -> None:
    records = []
    for k, marks in enumerate(history, 1):
        if marks == "bench":
            records.append(sub(k, "nnnn", Fault.DEVICE_FAULT))
        else:
            records.append(sub(k, marks))
    score = score_rollout(START, records, end(seconds=seconds))
    assert score.scheme == "stages"
    assert score.score_percent == expected


# ---- issue 15: each defect, with the rule that fixes it ----

def test_only_the_final_clean_vector_is_flagged_and_a_flag_never_changes_the_state() -> None:
    # [stage 2 only] → [stages 1 and 3] → [all pass]: a normal repair history.
    records = [sub(1, "fpff"), sub(2, "pfpf"), sub(3, "pppp")]
    score = score_rollout(START, records, end(seconds=300))
    assert score.flags == ()
    # 100 × 1.0 × 0.8^2 × 1 × 0.8 (s2 passed at 1, failed at 2) = 51.2
    assert (score.state, score.score_percent, score.regressed) == ("scored", 51.2, ("2:s2",))
    incoherent = score_rollout(START, [sub(1, "pppp"), sub(2, "fppf")], end(seconds=300))
    assert [(f.k, f.name) for f in incoherent.flags] == [(2, "incoherent_steps")]
    assert incoherent.state == "scored"


def test_party_is_derived_from_the_kind_never_read_from_the_record(tmp_path: Path) -> None:
    lying = [
        json.loads(sub(1, "nnnn", Fault.BUILD_FAILED, at=60).model_dump_json()) | {"party": "bench"},
        json.loads(sub(2, "nnnn", Fault.DEVICE_FAULT, at=180).model_dump_json()) | {"party": "agent"},
        json.loads(sub(3, "pppp", at=300).model_dump_json()) | {"party": "agent"},
    ]
    ledger = read_ledger(write_ledger(tmp_path, START, *lying, end(seconds=300)))
    assert [r.party for r in ledger.records] == ["agent", "bench", "clean"]
    score = score_ledger(ledger)
    assert (score.submissions_counted, score.score_percent) == (2, 80.0)


def test_an_unknown_kind_is_refunded_as_a_bench_fault_and_quarantined(tmp_path: Path) -> None:
    odd = json.loads(sub(1, "nnnn", at=60).model_dump_json()) | {"failure_kind": "gpu_on_fire"}
    ledger = read_ledger(write_ledger(tmp_path, START, odd, sub(2, "pppp", at=300), end(seconds=300)))
    assert ledger.records[0].party == "bench"
    score = score_ledger(ledger)
    assert (score.state, score.submissions_counted, score.score_percent) == ("scored", 1, 100.0)
    assert [(f.k, f.name) for f in score.flags] == [(1, "quarantined")]
    assert "flag quarantined (submission 1): unknown failure kind 'gpu_on_fire'" in explain(score)[-2]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([sub(1, "ffff"), sub(1, "pfff", at=120)], ":3: field k: 1, expected 2"),
        ([sub(1, "ffff"), sub(2, "pfff", at=120), sub(7, "pppp", at=240)], ":4: field k: 7, expected 3"),
        ([sub(1, "pppp", at=600, wait=-60)], ":2: field verdict_at: 2026-11-30T09:09:00+00:00 is earlier "
                                             "than its submission"),
        ([sub(k, "pfff", at=60 * k) for k in range(1, 7)],
         ":7: field k: submission 6 is counted submission 6, over the budget of 5 (max_submissions)"),
        ([sub(1, "pppp").model_copy(update={"verdicts": {"s1": Verdict.PASS, "s2": Verdict.PASS,
                                                         "j": Verdict.PASS}})],
         ":2: field verdicts: no verdict for ['s3']"),
        ([sub(1, "pppp").model_copy(update={"reward": 0.4})],
         ":2: field reward: 0.4 is not the stages reward of its verdicts, 1.0"),
        ([sub(1, "pppp"), end(at=30)], ":3: field ended_at: 2026-11-30T09:00:30+00:00 is before the last"),
        ([end(), sub(1, "pppp")], ":3: field kind: a submission line after the end line"),
    ],
    ids=["k-repeated", "k-jumps", "verdict-before-submission", "over-budget", "missing-verdict",
         "reward-not-derived", "end-before-verdict", "after-end"],
)
def test_a_ledger_is_validated_on_read_naming_line_and_field(
        tmp_path: Path, lines: list[object], message: str) -> None:
    write_ledger(tmp_path, START, *lines)
    with pytest.raises(LedgerError) as caught:
        read_ledger(tmp_path)
    assert str(caught.value).startswith(str(tmp_path / "ledger.jsonl"))
    assert message in str(caught.value)


def test_bench_faults_beyond_the_budget_do_not_count_against_it(tmp_path: Path) -> None:
    lines = [sub(k, "nnnn", Fault.DEVICE_FAULT, at=60 * k) for k in range(1, 4)]
    lines += [sub(k, "pfff", at=60 * k) for k in range(4, 9)]
    assert len(read_ledger(write_ledger(tmp_path, START, *lines)).records) == 8


def test_a_budget_of_zero_submissions_is_refused(tmp_path: Path) -> None:
    start = json.loads(START.model_dump_json()) | {"max_submissions": 0}
    write_ledger(tmp_path, start)
    with pytest.raises(LedgerError, match=r"ledger.jsonl:1: field max_submissions: Input should be "
                                          r"greater than or equal to 1"):
        read_ledger(tmp_path)


def test_agent_time_runs_to_the_end_record_after_a_trailing_bench_fault() -> None:
    # Measured 1200 s at submission 1 (graded by 09:21); a bench-faulted submission 2 at 09:40
    # graded in 5 min; the agent stops at 10:00: 1200 + (39 min − 5 min of waiting) = 3240 s.
    records = [sub(1, "pppf", at=1200, wait=60, seconds=1200),
               sub(2, "nnnn", Fault.DEVICE_FAULT, at=2400, wait=300)]
    assert agent_seconds(START, records, end(at=3600)) == 1200 + 2340 - 300
    assert agent_seconds(START, records, end(at=3600, seconds=2000)) == 2000, "measured wins"
    assert agent_seconds(START, records) == 1200, "open: up to the last measured submission"


def test_ended_without_a_graded_submission_scores_zero_charged_to_the_agent() -> None:
    score = score_rollout(START, [], end(at=600, reason="agent_crash"))
    assert (score.state, score.score_percent, score.end_reason) == ("agent_fault", 0.0, "agent_crash")
    assert "ended without a graded submission: scores 0" in explain(score)[0]


def test_a_rollout_without_an_end_record_is_open() -> None:
    score = score_rollout(START, [sub(1, "pppp", seconds=300)])
    assert (score.state, score.score_percent) == ("open", 100.0)
    assert explain(score)[0].startswith("OPEN: no end record")
    assert score_rollout(START, []).state == "open"


def test_the_outcome_is_the_tasks_scheme_reward_recomputed_from_the_items() -> None:
    # tiers 0.2/0.3/0.35/0.15: build 1/1, functional 1/2, flow 3/4, contract 1/1:
    # 0.2 + 0.15 + 0.2625 + 0.15 = 0.7625
    items = {"export": Item(tier="build", verdict=Verdict.PASS),
             "f1": Item(tier="functional", verdict=Verdict.PASS),
             "f2": Item(tier="functional", verdict=Verdict.FAIL),
             **{s: Item(tier="flow", verdict=Verdict.PASS if s != "s3" else Verdict.FAIL) for s in STAGES},
             "ids": Item(tier="contract", verdict=Verdict.PASS)}
    record = sub(1, "ppfp").model_copy(update={
        "scheme": "tiers", "items": items, "reward": 0.7625,
        "weights": {"build": 0.2, "functional": 0.3, "flow": 0.35, "contract": 0.15}})
    assert outcome(record) == pytest.approx(0.2 + 0.3 * 0.5 + 0.35 * 0.75 + 0.15)
    start = START.model_copy(update={"scheme": "tiers"})
    score = score_rollout(start, [record], end(seconds=300))
    assert (score.scheme, score.score_percent) == ("tiers", 76.3)


def test_regressions_count_hidden_items_only() -> None:
    def with_items(k: int, build: Verdict, functional: Verdict, flow: str) -> SubmissionRecord:
        base = sub(k, flow, at=60 * k)
        return base.model_copy(update={"items": {
            **base.items, "export": Item(tier="build", verdict=build),
            "total": Item(tier="functional", verdict=functional),
            "ids": Item(tier="contract", verdict=build)}})

    records = [with_items(1, Verdict.PASS, Verdict.PASS, "pppp"),
               with_items(2, Verdict.FAIL, Verdict.FAIL, "pppf")]
    assert regressions(records) == ["2:j", "2:total"]
    assert rollout_flags(records) == []


def test_rollout_json_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_ledger(tmp_path, START, sub(1, "pppp", seconds=300), end(seconds=300))
    assert main(["rollout", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["score_percent"] == 100.0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ledger.jsonl"]
    assert main(["rollout", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"rollout {tmp_path} — task budget, seed 1, scheme stages, 1 submission(s), "
                          "budget 5, ended: done")
    assert (tmp_path / "scorecard.html").is_file()


def test_rollout_of_a_ledger_missing_a_verdict_is_a_clear_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = sub(1, "pppp").model_copy(update={"verdicts": {"s1": Verdict.PASS, "s2": Verdict.PASS,
                                                             "j": Verdict.PASS}})
    write_ledger(tmp_path, START, broken)
    assert main(["rollout", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{tmp_path / 'ledger.jsonl'}:2: field verdicts: no verdict for ['s3']")
    assert "Traceback" not in err


def test_the_lifecycle_commands_start_once_and_end_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = Path(__file__).resolve().parents[3]
    dirs = [f"--tasks-dir={repo / 'tasks'}", f"--suites-dir={repo / 'suites'}"]
    rollout = tmp_path / "r"
    start = [*dirs, "rollout", "start", "--task", "budget", "--seed", "4",
             "--agent-started-at", "2026-11-30T09:00:00Z", str(rollout)]
    assert main(start) == 0
    first = json.loads((rollout / "ledger.jsonl").read_text())
    assert (first["task"], first["seed"], first["scheme"], first["max_submissions"]) == (
        "budget", 4, "tiers", 5)
    assert first["weights"] == {"build": 0.2, "functional": 0.3, "flow": 0.35, "contract": 0.15}
    assert sorted(first["digests"]) == ["suite", "task"]
    assert main(start) == 2
    assert "the rollout was already started; a rollout starts once" in capsys.readouterr().err
    assert main(["rollout", "end", str(rollout), "--reason", "time_limit",
                 "--ended-at", "2026-11-30T17:00:00Z"]) == 0
    assert main(["rollout", "end", str(rollout)]) == 2
    assert "the rollout already ended (time_limit at 2026-11-30T17:00:00+00:00)" in capsys.readouterr().err
    # Started and ended without a submission: 0, charged to the agent; 8 hours of agent time.
    assert main(["rollout", str(rollout), "--json"]) == 0
    score = json.loads(capsys.readouterr().out)
    assert (score["state"], score["score_percent"], score["agent_seconds"]) == ("agent_fault", 0.0, 28800)
    assert main(["rollout", "end", str(tmp_path / "never")]) == 2
    assert "no ledger (start it with `revylbench rollout start`)" in capsys.readouterr().err


def test_party_follows_the_one_mapping_for_every_kind() -> None:
    from pytest_revylbench.records.ledger import party_of, quarantined
    from pytest_revylbench.records.vocabulary import AGENT_FAULTS

    for kind in Fault:
        assert party_of(kind.value) == ("agent" if kind in AGENT_FAULTS else "bench"), kind
        assert not quarantined(kind.value)
    assert (party_of(None), party_of("made_up"), quarantined("made_up")) == ("clean", "bench", True)


def test_a_forged_or_edited_ledger_line_is_reported_and_never_counted(tmp_path: Path) -> None:
    """Lines the grader did not seal: an edited reward, a line sealed under another key, a line
    with no seal; each is named in `rejected` and left out of the score."""
    write_ledger(tmp_path, START, sub(1, "ffff"), sub(2, "pfff", at=120))
    path = tmp_path / "ledger.jsonl"
    lines = path.read_text().splitlines()
    edited = json.loads(lines[1]) | {"verdicts": {s: "pass" for s in STAGES}, "reward": 1.0}
    forged = json.loads(sub(3, "pppp", at=240).model_dump_json()) | {"mac": "0" * 64}
    unsealed = sub(3, "pppp", at=300).model_dump_json()
    path.write_text("\n".join([lines[0], json.dumps(edited), lines[2], json.dumps(forged), unsealed])
                    + "\n")
    ledger = read_ledger(tmp_path)
    assert [r.k for r in ledger.records] == [2]
    assert ledger.rejected == (
        "line 2 (submission 1): its MAC does not match its content: edited, forged or sealed "
        "under another key; not counted",
        "line 4 (submission 3): its MAC does not match its content: edited, forged or sealed "
        "under another key; not counted",
        "line 5 (submission 3): no MAC: not written by this grader; not counted")
    honest = read_ledger(write_ledger(tmp_path / "honest", START, sub(1, "pfff", at=120)))
    assert score_ledger(ledger).outcome == score_ledger(honest).outcome


def test_a_line_moved_from_another_rollout_does_not_hold(tmp_path: Path) -> None:
    other = START.model_copy(update={"seed": 2})
    write_ledger(tmp_path / "a", START, sub(1, "pppp"))
    write_ledger(tmp_path / "b", other, sub(1, "ffff"))
    moved = (tmp_path / "a" / "ledger.jsonl").read_text().splitlines()[1]
    b = tmp_path / "b" / "ledger.jsonl"
    b.write_text(b.read_text().splitlines()[0] + "\n" + moved + "\n")
    assert read_ledger(tmp_path / "b").records == []
    assert len(read_ledger(tmp_path / "b").rejected) == 1


def test_a_start_line_that_does_not_hold_makes_the_ledger_unreadable(tmp_path: Path) -> None:
    write_ledger(tmp_path, START)
    path = tmp_path / "ledger.jsonl"
    path.write_text(path.read_text().replace("\"max_submissions\": 5", "\"max_submissions\": 4"))
    with pytest.raises(LedgerError, match=r"ledger.jsonl:1: the start line's seal does not hold "
                                          r"\(its MAC does not match"):
        read_ledger(tmp_path)
