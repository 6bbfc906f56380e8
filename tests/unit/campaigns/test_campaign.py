"""A campaign's rollouts, each scored from its ledger alone and given one state with its reason."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from pytest_revylbench.campaigns.campaign import score_campaign, transcript_flags, write_scores
from pytest_revylbench.campaigns.manifest import CampaignError, load_manifest
from pytest_revylbench.cli import main
from pytest_revylbench.outputs.ledger import end_rollout, write_ledger
from pytest_revylbench.records.campaign import CampaignScores, RolloutEntry
from pytest_revylbench.records.ledger import RolloutEnd, RolloutStart, SubmissionRecord
from pytest_revylbench.records.vocabulary import Fault, Trust, Verdict

STAGES = ("accounts", "transactions", "budgets", "month-close")
LETTERS = {"p": Verdict.PASS, "f": Verdict.FAIL, "n": Verdict.NOT_RUN}
DIGESTS = {"task": "sha256:t1", "suite": "sha256:s1", "grader": "sha256:g1", "environment": "sha256:e1"}


def submission(k: int, verdicts: str = "pppp", kind: Fault | None = None, *, seconds: float = 300.0,
               trust: Trust = "dev-untrusted", digests: dict[str, str] | None = None) -> SubmissionRecord:
    """`verdicts` as four letters p/f/n for the three stages and the journey; the reward is the
    stage formula's."""
    in_a_row = len(verdicts[:3]) - len(verdicts[:3].lstrip("p"))
    return SubmissionRecord(
        reward=round(0.2 * in_a_row + 0.4 * (verdicts[3] == "p"), 10),
        k=k, run_id=f"run-{k}", submission_digest=f"sha256:sub{k}", stages=STAGES, journey="month-close",
        verdicts={s: LETTERS[c] for s, c in zip(STAGES, verdicts, strict=True)},
        failure_kind=kind, submitted_at=f"2026-11-30T09:{10 + 2 * k:02d}:00+00:00",
        verdict_at=f"2026-11-30T09:{11 + 2 * k:02d}:00+00:00", agent_seconds=seconds, trust=trust,
        digests={**DIGESTS, "submission": f"sha256:sub{k}"} if digests is None else digests,
    )


def write_campaign(folder: Path, *, tasks: Sequence[str] = ("budget",), seeds: int | Sequence[int] = 2,
                   model: str = "model-a", harness: str = "harn", harness_version: str = "1.0",
                   protocol: str = "p1", exclude: Sequence[tuple[str, str]] = (),
                   legitimacy: str = "official", note: str = "") -> Path:
    """`seeds`: a list, or N for seeds 1 … N."""
    folder.mkdir(parents=True, exist_ok=True)
    planned = list(range(1, seeds + 1)) if isinstance(seeds, int) else list(seeds)
    lines = [
        "schema = 1", f'protocol = "{protocol}"', f"tasks = {json.dumps(list(tasks))}", f"seeds = {planned}",
        f'legitimacy = "{legitimacy}"', f'note = "{note}"', "", "[contestant]", f'model = "{model}"',
        f'harness = "{harness}"',
        f'harness_version = "{harness_version}"',
    ]
    for rollout, reason in exclude:
        lines += ["", "[[exclude]]", f'rollout = "{rollout}"', f'reason = "{reason}"']
    (folder / "campaign.toml").write_text("\n".join(lines) + "\n")
    return folder


def write_rollout(campaign: Path, task: str, name: str, seed: int, records: Sequence[SubmissionRecord], *,
                  model: str = "model-a", harness: str = "harn", harness_version: str = "1.0",
                  protocol: str = "p1", rollout_task: str | None = None, ledger_task: str | None = None,
                  transcript: str | None = None, started: str = "2026-11-30T09:00:00+00:00",
                  ended: bool = True) -> Path:
    folder = campaign / "rollouts" / task / name
    folder.mkdir(parents=True)
    (folder / "rollout.toml").write_text(
        f'task = "{rollout_task or task}"\nseed = {seed}\nprotocol = "{protocol}"\n\n[contestant]\n'
        f'model = "{model}"\nharness = "{harness}"\nharness_version = "{harness_version}"\n')
    start = RolloutStart(task=ledger_task or task, seed=seed, max_submissions=5, agent_started_at=started)
    lines: list[RolloutStart | SubmissionRecord | RolloutEnd] = [start, *records]
    if ended:
        last = max([started, *(r.verdict_at for r in records)])
        lines.append(RolloutEnd(reason="done", ended_at=last,
                                agent_seconds=records[-1].agent_seconds if records else 0))
    write_ledger(folder, lines)
    if transcript is not None:
        (folder / "transcript.jsonl").write_text(transcript)
    return folder


def by_rollout(scores: CampaignScores) -> dict[str, RolloutEntry]:
    return {e.rollout: e for e in scores.rollouts}


def test_a_clean_rollout_is_scored_with_every_factor(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c")
    write_rollout(campaign, "budget", "seed-1", 1, [submission(1, "ppff"), submission(2, "pppp")])
    entry = by_rollout(score_campaign(campaign))["budget/seed-1"]
    assert entry.state == "scored"
    # 100 × outcome 1.0 × 0.8^(2-1) × time 1.0 (300 s) × no regression
    assert entry.score_percent == 80.0
    assert entry.score is not None and entry.score.outcome_from_k == 2
    assert entry.reason == "outcome 1.00 (stages) from submission 2, 2 counted, 300 agent seconds"
    assert entry.solved and not entry.first_try
    assert entry.seed == 1 and entry.trust == "dev-untrusted"
    assert entry.digests == DIGESTS, "the submission's own digest is not a shared one"


def test_a_rollout_of_agent_faults_only_scores_zero(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c")
    write_rollout(campaign, "budget", "seed-1", 1,
                  [submission(1, "nnnn", Fault.BUILD_FAILED), submission(2, "nnnn", Fault.DEVICE_FAULT),
                   submission(3, "nnnn", Fault.APP_CRASH)])
    entry = by_rollout(score_campaign(campaign))["budget/seed-1"]
    assert (entry.state, entry.score_percent) == ("scored", 0.0)
    assert "every one of its 2 counted submission(s) was the agent's fault" in entry.reason
    assert not entry.solved and not entry.first_try


def test_a_rollout_of_bench_faults_only_is_a_rerun_candidate_not_a_zero(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c")
    write_rollout(campaign, "budget", "seed-1", 1,
                  [submission(1, "nnnn", Fault.DEVICE_FAULT), submission(2, "nnnn", Fault.TIMEOUT)])
    entry = by_rollout(score_campaign(campaign))["budget/seed-1"]
    assert (entry.state, entry.score_percent) == ("no_result", None)
    assert entry.reason == "all 2 submission(s) were bench faults (device_fault, timeout): re-run the rollout"


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (lambda r: (r / "ledger.jsonl").unlink(), "no ledger"),
        (lambda r: (r / "ledger.jsonl").write_text('{"kind": "start"}\n'),
         "ledger.jsonl:1: field task: Field required"),
        (lambda r: (r / "ledger.jsonl").write_text(""), "empty ledger"),
        (lambda r: (r / "rollout.toml").unlink(), "rollout.toml: no such rollout manifest"),
        (lambda r: (r / "rollout.toml").write_text("task = \n"), "rollout.toml: not valid TOML"),
        (lambda r: (r / "rollout.toml").write_text('task = "budget"\nseed = 0\nprotocol = "p1"\n'),
         "field seed: Input should be greater than or equal to 1"),
    ],
    ids=["no-ledger", "bad-line", "empty-ledger", "no-rollout-toml", "bad-toml", "bad-seed"],
)
def test_malformed_rollout_files_give_no_result_naming_file_and_field(
        tmp_path: Path, damage: Callable[[Path], object], expected: str) -> None:
    campaign = write_campaign(tmp_path / "c")
    damage(write_rollout(campaign, "budget", "seed-1", 1, [submission(1)]))
    entry = by_rollout(score_campaign(campaign))["budget/seed-1"]
    assert entry.state == "no_result"
    assert entry.reason.startswith("malformed: ") and expected in entry.reason
    assert entry.score_percent is None


def test_a_ledger_ended_without_a_submission_scores_zero_and_one_not_ended_is_open(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c")
    write_rollout(campaign, "budget", "seed-1", 1, [])
    write_rollout(campaign, "budget", "seed-2", 2, [submission(1)], ended=False)
    entries = by_rollout(score_campaign(campaign))
    assert (entries["budget/seed-1"].state, entries["budget/seed-1"].score_percent) == ("scored", 0.0)
    assert entries["budget/seed-1"].reason == "it ended (done) without a graded submission: scores 0"
    assert (entries["budget/seed-2"].state, entries["budget/seed-2"].score_percent) == ("open", None)
    assert entries["budget/seed-2"].reason.startswith("no end record: the rollout is still open")


def test_a_declared_exclusion_is_excluded_whatever_it_scored(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c", exclude=[("budget/smoke", "harness smoke test")])
    write_rollout(campaign, "budget", "smoke", 1, [submission(1)])
    entry = by_rollout(score_campaign(campaign))["budget/smoke"]
    assert entry.state == "excluded"
    assert entry.reason == "declared not a contestant run: harness smoke test"
    assert entry.score_percent is None and entry.score is not None and entry.score.score_percent == 100.0


@pytest.mark.parametrize(
    ("overrides", "reason"),
    [
        ({"model": "model-b"}, "contestant model 'model-b' is not the campaign's 'model-a'"),
        ({"harness": "other"}, "contestant harness 'other' is not the campaign's 'harn'"),
        ({"harness_version": "1.1"}, "contestant harness_version '1.1' is not the campaign's '1.0'"),
        ({"protocol": "p2"}, "protocol 'p2' is not the campaign's 'p1'"),
        ({"seed": 3}, "seed 3 is not one of the campaign's seeds [1, 2]"),
        ({"rollout_task": "till"}, "rollout.toml says task 'till', its folder is under rollouts/budget"),
        ({"ledger_task": "till"}, "its ledger is of task 'till', rollout.toml says 'budget'"),
    ],
    ids=["model", "harness", "harness-version", "protocol", "seed", "folder-task", "ledger-task"],
)
def test_a_rollout_disagreeing_with_the_manifest_is_a_mismatch(
        tmp_path: Path, overrides: dict[str, Any], reason: str) -> None:
    campaign = write_campaign(tmp_path / "c")
    seed = overrides.pop("seed", 1)
    write_rollout(campaign, "budget", "r", seed, [submission(1)], **overrides)
    entry = by_rollout(score_campaign(campaign))["budget/r"]
    assert entry.state == "mismatch"
    assert reason in entry.reason
    assert entry.score_percent is None


def test_a_task_folder_the_manifest_does_not_plan_is_a_mismatch(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c")
    write_rollout(campaign, "till", "r", 1, [submission(1)])
    entry = by_rollout(score_campaign(campaign))["till/r"]
    assert entry.state == "mismatch"
    assert entry.reason == "task 'till' is not one of the campaign's tasks ['budget']"


def test_a_rollout_mixing_trusted_and_untrusted_grades_is_a_mismatch(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c")
    write_rollout(campaign, "budget", "r", 1, [submission(1, "ppff", trust="trusted"), submission(2)])
    entry = by_rollout(score_campaign(campaign))["budget/r"]
    assert (entry.state, entry.trust) == ("mismatch", None)
    assert entry.reason.startswith("the rollout mixes trusted and dev-untrusted grades: "
                                   "submission 1 trusted, submission 2 dev-untrusted")


def test_grades_of_one_rollout_disagreeing_on_a_digest_are_a_mismatch(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c")
    write_rollout(campaign, "budget", "r", 1,
                  [submission(1, "ppff"), submission(2, digests={**DIGESTS, "suite": "sha256:s2"})],
                  protocol="p0")
    entry = by_rollout(score_campaign(campaign))["budget/r"]
    assert (entry.state, entry.score) == ("mismatch", None)
    assert entry.reason.startswith("protocol 'p0' is not the campaign's 'p1'; submissions were graded "
                                   "with different suite digests"), "every problem is named"


def test_a_rollout_off_its_tasks_common_digest_is_the_mismatch(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c", seeds=3)
    for seed in (1, 2):
        write_rollout(campaign, "budget", f"s{seed}", seed, [submission(1)])
    write_rollout(campaign, "budget", "s3", 3, [submission(1, digests={**DIGESTS, "grader": "sha256:g9"})])
    entries = by_rollout(score_campaign(campaign))
    assert [entries[n].state for n in ("budget/s1", "budget/s2", "budget/s3")] == ["scored", "scored",
                                                                                  "mismatch"]
    assert entries["budget/s3"].reason == (
        "its grader digest sha256:g9 differs from other rollouts of task 'budget' (sha256:g1)")


def test_a_tie_on_a_digest_trusts_neither_side(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c")
    write_rollout(campaign, "budget", "s1", 1, [submission(1)])
    write_rollout(campaign, "budget", "s2", 2,
                  [submission(1, digests={**DIGESTS, "environment": "sha256:e2"})])
    assert {e.state for e in score_campaign(campaign).rollouts} == {"mismatch"}


def test_absent_digests_are_unknown_not_a_mismatch(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c", seeds=3)
    write_rollout(campaign, "budget", "s1", 1, [submission(1)])
    write_rollout(campaign, "budget", "s2", 2, [submission(1, digests={})])               # an old ledger
    write_rollout(campaign, "budget", "s3", 3, [submission(1, digests={"task": DIGESTS["task"]})])
    assert [e.state for e in score_campaign(campaign).rollouts] == ["scored"] * 3


def test_a_seed_run_again_counts_its_newest_run_and_the_older_is_superseded(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c")
    write_rollout(campaign, "budget", "b", 1, [submission(1)], started="2026-11-30T08:00:00+00:00")
    write_rollout(campaign, "budget", "a", 1, [submission(1, "pppf")], started="2026-11-30T09:00:00+00:00")
    entries = by_rollout(score_campaign(campaign))
    assert (entries["budget/a"].state, entries["budget/a"].score_percent) == ("scored", 60.0)
    assert entries["budget/b"].state == "superseded"
    assert entries["budget/b"].reason == ("seed 1 of task 'budget' was re-run as budget/a (started "
                                          "2026-11-30T09:00:00+00:00), which counts instead")


def test_only_the_final_vector_is_flagged_and_a_flag_never_changes_the_state(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c")
    # [stage 2 only] → [stages 1 and 3] → [all pass]: a normal repair history, no flag.
    write_rollout(campaign, "budget", "r", 1, [submission(1, "fpff"), submission(2, "pfpf"),
                                               submission(3, "pppp")])
    write_rollout(campaign, "budget", "s", 2, [submission(1, "pppp"), submission(2, "fpff")])
    entries = by_rollout(score_campaign(campaign))
    # 100 × 1.0 × 0.8^2 × 1 × 0.8 (transactions passed at 1, failed at 2) = 51.2
    assert (entries["budget/r"].state, entries["budget/r"].score_percent, entries["budget/r"].flags) == (
        "scored", 51.2, ())
    assert entries["budget/s"].state == "scored"
    assert entries["budget/s"].flags == (
        "incoherent_steps (submission 2): a stage after 'accounts' passes while it does not",)


def test_a_transcript_that_shows_the_hidden_suite_is_flagged(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c")
    transcript = ('{"tool": "ls", "out": "src App.tsx"}\n'
                  '{"tool": "cat", "path": "../../suites/budget/test_budget.py"}\n'
                  '{"out": "def test_stage_3_budgets(app): ..."}\n'
                  '{"out": "def test_stage_1_accounts(app): ..."}\n')
    write_rollout(campaign, "budget", "r", 1, [submission(1)], transcript=transcript)
    entry = by_rollout(score_campaign(campaign))["budget/r"]
    assert entry.state == "scored", "flagged for a person to judge (and exclude), still counted"
    assert entry.flags == ("transcript.jsonl:2 mentions 'suites/' (the hidden suite)",
                           "transcript.jsonl:3 mentions 'test_stage_' (the hidden suite)")


def test_a_clean_transcript_is_not_flagged(tmp_path: Path) -> None:
    path = tmp_path / "transcript.jsonl"
    path.write_text('{"tool": "npm test", "out": "3 suites passed"}\n'
                    '{"out": "tasks/budget/instruction.md"}\n')
    assert transcript_flags(path) == []


def test_the_transcript_check_is_swappable(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c", seeds=2)
    write_rollout(campaign, "budget", "a", 1, [submission(1)], transcript="anything\n")
    write_rollout(campaign, "budget", "b", 2, [submission(1)])
    seen: list[Path] = []

    def strict(path: Path) -> list[str]:
        seen.append(path)
        return ["strict check: transcript read"]

    entries = by_rollout(score_campaign(campaign, transcript_check=strict))
    assert seen == [campaign / "rollouts/budget/a/transcript.jsonl"], "only a rollout with a transcript"
    assert entries["budget/a"].flags == ("strict check: transcript read",) and not entries["budget/b"].flags


def test_first_try_is_the_first_counted_submission(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c", seeds=2)
    write_rollout(campaign, "budget", "a", 1, [submission(1, "nnnn", Fault.DRIVER_ERROR), submission(2)])
    write_rollout(campaign, "budget", "b", 2, [submission(1, "nnnn", Fault.BUILD_FAILED), submission(2)])
    entries = by_rollout(score_campaign(campaign))
    assert entries["budget/a"].first_try, "a bench fault is not the agent's first submission"
    assert not entries["budget/b"].first_try
    assert entries["budget/a"].score_percent == 100.0 and entries["budget/b"].score_percent == 80.0


def test_the_first_problem_decides_the_state(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c", exclude=[("budget/x", "crashed harness")], seeds=3)
    # Excluded although it also mismatches; a mismatch although every grade was a bench fault.
    write_rollout(campaign, "budget", "x", 1, [submission(1)], protocol="p0")
    write_rollout(campaign, "budget", "y", 2, [submission(1, "nnnn", Fault.DEVICE_FAULT)], protocol="p0")
    write_rollout(campaign, "budget", "z", 3, [submission(1, "fpff")], model="model-z")
    entries = by_rollout(score_campaign(campaign))
    assert [entries[n].state for n in ("budget/x", "budget/y", "budget/z")] == ["excluded", "mismatch",
                                                                                "mismatch"]


def test_scores_json_records_every_rollout_with_state_and_reason(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c", seeds=3, exclude=[("budget/smoke", "not a run")])
    write_rollout(campaign, "budget", "s1", 1, [submission(1)])
    write_rollout(campaign, "budget", "s2", 2, [submission(1, "nnnn", Fault.DEVICE_FAULT)])
    write_rollout(campaign, "budget", "s3", 3, [submission(1, "pfpf")])
    write_rollout(campaign, "budget", "smoke", 1, [submission(1)])
    write_rollout(campaign, "budget", "wrong", 2, [submission(1)], harness_version="0.9")
    path = write_scores(campaign, score_campaign(campaign))
    data = json.loads(path.read_text())
    assert data["version"] == 2 and data["campaign"] == "c"
    assert data["manifest"]["schema"] == 1 and data["manifest"]["contestant"]["model"] == "model-a"
    assert data["counts"] == {"scored": 2, "open": 0, "superseded": 0, "mismatch": 1, "no_result": 1,
                              "excluded": 1}
    assert [(r["rollout"], r["state"], r["score_percent"]) for r in data["rollouts"]] == [
        ("budget/s1", "scored", 100.0), ("budget/s2", "no_result", None), ("budget/s3", "scored", 20.0),
        ("budget/smoke", "excluded", None), ("budget/wrong", "mismatch", None),
    ]
    assert all(r["reason"] for r in data["rollouts"])
    assert CampaignScores.model_validate_json(path.read_text()) == score_campaign(campaign)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "campaign.toml: no such campaign manifest"),
        ("schema = 1\nprotocol = ", "campaign.toml: not valid TOML"),
        ('schema = 2\nprotocol = "p"\ntasks = ["a"]\nseeds = 1\n[contestant]\nmodel = "m"\nharness = "h"\n'
         'harness_version = "1"\n', "field schema: Input should be 1"),
        ('schema = 1\nprotocol = "p"\ntasks = ["a", "a"]\nseeds = 0\n[contestant]\nmodel = "m"\n',
         "field tasks: Value error, task ids must be distinct"),
        ('schema = 1\nprotocol = "p"\ntasks = []\nseeds = 1\n[contestant]\nmodel = "m"\nharness = "h"\n'
         'harness_version = "1"\n', "field tasks: Tuple should have at least 1 item"),
        ('schema = 1\nprotocol = "p"\ntasks = ["a"]\nseeds = 1\nsedes = 2\n[contestant]\nmodel = "m"\n'
         'harness = "h"\nharness_version = "1"\n', "field sedes: Extra inputs are not permitted"),
    ],
    ids=["missing", "toml", "schema", "tasks-distinct", "tasks-empty", "unknown-field"],
)
def test_a_malformed_manifest_is_a_campaign_error_naming_file_and_field(
        tmp_path: Path, text: str | None, message: str) -> None:
    if text is not None:
        (tmp_path / "campaign.toml").write_text(text)
    with pytest.raises(CampaignError) as caught:
        load_manifest(tmp_path)
    assert str(caught.value).startswith(str(tmp_path / "campaign.toml"))
    assert message in str(caught.value)


def test_a_manifest_missing_fields_names_each(tmp_path: Path) -> None:
    (tmp_path / "campaign.toml").write_text('schema = 1\ntasks = ["budget"]\n[contestant]\nmodel = "m"\n')
    with pytest.raises(CampaignError) as caught:
        load_manifest(tmp_path)
    lines = str(caught.value).splitlines()
    assert lines[0] == f"{tmp_path / 'campaign.toml'}: invalid campaign manifest"
    assert lines[1:] == ["  field protocol: Field required", "  field contestant.harness: Field required",
                         "  field contestant.harness_version: Field required",
                         "  field seeds: Field required"]


def test_an_exclusion_of_no_rollout_is_a_campaign_error(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c", exclude=[("budget/ghost", "typo")])
    with pytest.raises(CampaignError, match=r"campaign.toml: field exclude.0.rollout: no rollout folder "
                                            r"rollouts/budget/ghost"):
        score_campaign(campaign)


def test_campaign_command_writes_scores_and_prints_each_state(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    campaign = write_campaign(tmp_path / "c")
    write_rollout(campaign, "budget", "s1", 1, [submission(1, "pppf", seconds=2400)])
    write_rollout(campaign, "budget", "s2", 2, [submission(1, "nnnn", Fault.DEVICE_FAULT)])
    assert main(["campaign", str(campaign)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "campaign c — model-a (harn 1.0), protocol p1, official, 1 task(s) × seeds [1, 2]"
    # 100 × 0.6 × 1 × (1 − 0.4 × ln(8)/ln(80)) = 60 × 0.81024… = 48.6
    assert out[1].split()[:5] == ["budget/s1", "seed", "1", "scored", "48.6"]
    assert out[2].split()[:5] == ["budget/s2", "seed", "2", "no_result", "—"]
    assert out[3] == "  1 scored, 0 open, 0 superseded, 0 mismatch, 1 no_result, 0 excluded"
    assert out[4] == f"scores: {campaign / 'scores.json'}"
    assert (campaign / "scores.json").is_file()


def test_campaign_command_reports_a_bad_manifest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["campaign", str(tmp_path)]) == 2
    assert "campaign.toml: no such campaign manifest" in capsys.readouterr().err
    assert not (tmp_path / "scores.json").exists()


def test_party_comes_from_the_kind_not_the_record(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c")
    folder = write_rollout(campaign, "budget", "r", 1, [
        submission(1, "nnnn", Fault.BUILD_FAILED), submission(2, "nnnn", Fault.DEVICE_FAULT), submission(3)])
    lines = (folder / "ledger.jsonl").read_text().splitlines()
    lines[1] = lines[1].replace('"party":"agent"', '"party":"bench"')     # build_failed said bench
    lines[2] = lines[2].replace('"party":"bench"', '"party":"agent"')     # device_fault said agent
    write_ledger(folder, [json.loads(line) for line in lines])   # sealed as the grader wrote them
    entry = by_rollout(score_campaign(campaign))["budget/r"]
    assert entry.score is not None and entry.score.submissions_counted == 2
    assert entry.score_percent == 80.0


def test_a_forged_ledger_line_is_flagged_and_not_counted(tmp_path: Path) -> None:
    """A line appended by someone without the grader's key (here: a perfect submission 2 after a
    failed one) is shown on the rollout and left out of its score."""
    campaign = write_campaign(tmp_path / "c")
    folder = write_rollout(campaign, "budget", "r", 1, [submission(1, "ffff")], ended=False)
    forged = json.loads(submission(2).model_dump_json()) | {"mac": "ab" * 32}
    with (folder / "ledger.jsonl").open("a") as ledger:
        ledger.write(json.dumps(forged) + "\n")
    end_rollout(folder, "done")
    entry = by_rollout(score_campaign(campaign))["budget/r"]
    assert entry.score is not None and entry.score.submissions_counted == 1
    assert entry.score_percent == 0.0
    assert entry.flags == ("ledger line rejected: line 3 (submission 2): its MAC does not match its "
                           "content: edited, forged or sealed under another key; not counted",)


def test_a_seed_list_plans_any_seeds(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c", seeds=[7])
    write_rollout(campaign, "budget", "seed-7", 7, [submission(1)])
    assert load_manifest(campaign).seeds == (7,)
    assert [(e.seed, e.state) for e in score_campaign(campaign).rollouts] == [(7, "scored")]


def test_seeds_as_a_number_are_refused_naming_the_list_form(tmp_path: Path) -> None:
    (tmp_path / "campaign.toml").write_text(
        'schema = 1\nprotocol = "p"\ntasks = ["a"]\nseeds = 3\n'
        '[contestant]\nmodel = "m"\nharness = "h"\nharness_version = "1"\n')
    with pytest.raises(CampaignError, match=r"field seeds: Value error, give the seeds as a list, "
                                            r"e.g. seeds = \[1, 2, 3\]"):
        load_manifest(tmp_path)


def test_a_rollout_without_a_ledger_shows_the_seed_of_its_rollout_toml(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    campaign = write_campaign(tmp_path / "c")
    (write_rollout(campaign, "budget", "s2", 2, [submission(1)]) / "ledger.jsonl").unlink()
    assert main(["campaign", str(campaign)]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[:4] == ["budget/s2", "seed", "2", "no_result"]


def test_an_empty_campaign_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    campaign = write_campaign(tmp_path / "c")
    assert main(["campaign", str(campaign)]) == 2
    assert capsys.readouterr().err.startswith(f"{campaign / 'rollouts'}: no rollout folders")
    assert main(["leaderboard", str(campaign)]) == 2
