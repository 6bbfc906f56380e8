"""A campaign: one contestant's rollouts of a set of tasks, and the manifest that planned them.

```
DIR/campaign.toml                    schema, protocol, [contestant], tasks, seeds, [[exclude]]
DIR/rollouts/<task>/<name>/          one rollout: ledger.jsonl, rollout.toml, transcript.jsonl?
DIR/scores.json                      written by `revylbench campaign DIR`
```

Every rollout is scored from its ledger alone and given one state, with the reason for it, so
that which runs make a leaderboard's number can be read from `scores.json`:

- `excluded`: the manifest declares it not a contestant run;
- `no_result`: its files are missing or malformed, or every submission was a bench fault
  (a re-run candidate, never a zero);
- `open`: its ledger has no end record yet (`revylbench rollout end`);
- `mismatch`: its contestant, protocol, task, seed, trust or digests disagree with the manifest,
  within the rollout, or with the other rollouts of its task;
- `superseded`: a newer rollout of the same task and seed (a re-run) counts instead;
- `scored`: it counts, also when the agent's faults (or no submission at all) score it 0.

Flags (an incoherent final vector, a quarantined fault kind, a transcript that shows the hidden
suite) are listed with the rollout and never change its state: a person who judges a flag
serious declares the rollout in `[[exclude]]`.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pytest_revylbench.campaigns.manifest import (
    CAMPAIGN_FILE,
    ROLLOUT_FILE,
    ROLLOUTS,
    CampaignError,
    load_manifest,
    load_rollout_manifest,
)
from pytest_revylbench.outputs.ledger import LedgerError, read_ledger
from pytest_revylbench.records.campaign import (
    STATES,
    CampaignManifest,
    CampaignScores,
    RolloutEntry,
    RolloutManifest,
    RolloutScore,
    RolloutState,
)
from pytest_revylbench.records.ledger import COMPARED, RolloutStart, SubmissionRecord, parse_time
from pytest_revylbench.records.vocabulary import Trust, Verdict
from pytest_revylbench.scoring.rollout import MixedRollout, score_ledger

TRANSCRIPT_FILE = "transcript.jsonl"
SCORES_FILE = "scores.json"
CAMPAIGN_HELP = f"score every rollout of a campaign from its ledger; write DIR/{SCORES_FILE}"


TranscriptCheck = Callable[[Path], list[str]]
"""Given a rollout's transcript file, what in it shows the agent saw the hidden suite."""


_HIDDEN = re.compile(r"suites/|test_stage_|test_journey_")


def transcript_flags(path: Path) -> list[str]:
    """A minimal suite-fetch check: the first line naming a hidden path or test, per pattern."""
    first: dict[str, int] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        for found in _HIDDEN.findall(line):
            first.setdefault(found, number)
    return [f"{path.name}:{n} mentions {token!r} (the hidden suite)"
            for token, n in sorted(first.items(), key=lambda item: item[1])]


def passed_all(record: SubmissionRecord) -> bool:
    """A clean submission whose every stage and journey passed."""
    return record.party == "clean" and all(
        record.verdicts.get(test) is Verdict.PASS for test in record.stages)


@dataclass
class _Judged:
    """A rollout while it is being judged: the first problem found decides its state."""

    rollout: str
    task: str
    seed: int | None = None
    started_at: str | None = None
    state: RolloutState | None = None
    reason: str = ""
    score: RolloutScore | None = None
    solved: bool = False
    first_try: bool = False
    trust: Trust | None = None
    digests: dict[str, str] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)

    def decide(self, state: RolloutState, reason: str) -> None:
        if self.state is None:
            self.state, self.reason = state, reason

    def demote(self, reason: str) -> None:
        """A disagreement with other rollouts, found once each was judged on its own."""
        self.state, self.reason = "mismatch", reason

    def entry(self) -> RolloutEntry:
        assert self.state is not None
        counts = self.score.score_percent if self.state == "scored" and self.score else None
        return RolloutEntry(
            rollout=self.rollout, task=self.task, seed=self.seed, started_at=self.started_at,
            state=self.state,
            reason=self.reason, score_percent=counts, score=self.score, solved=self.solved,
            first_try=self.first_try, trust=self.trust,
            digests=self.digests, flags=tuple(self.flags),
        )


def _disagreements(manifest: CampaignManifest, own: RolloutManifest, task: str,
                   start: RolloutStart) -> list[str]:
    found = []
    if own.task != task:
        found.append(f"{ROLLOUT_FILE} says task {own.task!r}, its folder is under {ROLLOUTS}/{task}")
    if start.task != own.task:
        found.append(f"its ledger is of task {start.task!r}, {ROLLOUT_FILE} says {own.task!r}")
    if start.seed != own.seed:
        found.append(f"its ledger is of seed {start.seed}, {ROLLOUT_FILE} says {own.seed}")
    if own.task not in manifest.tasks:
        found.append(f"task {own.task!r} is not one of the campaign's tasks {list(manifest.tasks)}")
    for name in ("model", "harness", "harness_version"):
        given, planned = getattr(own.contestant, name), getattr(manifest.contestant, name)
        if given != planned:
            found.append(f"contestant {name} {given!r} is not the campaign's {planned!r}")
    if own.protocol != manifest.protocol:
        found.append(f"protocol {own.protocol!r} is not the campaign's {manifest.protocol!r}")
    if own.seed not in manifest.seeds:
        found.append(f"seed {own.seed} is not one of the campaign's seeds {list(manifest.seeds)}")
    return found


def _shared(records: list[SubmissionRecord]) -> tuple[Trust | None, dict[str, str]]:
    """The trust level and compared digests all of a rollout's grades agree on; a digest no
    grade recorded (an older ledger) is unknown and left out."""
    trusts = {r.trust for r in records}
    digests = {}
    for key in COMPARED:
        values = {r.digests[key] for r in records if key in r.digests}
        if len(values) == 1:
            digests[key] = values.pop()
    return (trusts.pop() if len(trusts) == 1 else None), digests


def _judge(folder: Path, rollout: Path, manifest: CampaignManifest,
           excluded: dict[str, str], transcript_check: TranscriptCheck) -> _Judged:
    name = rollout.relative_to(folder / ROLLOUTS).as_posix()
    judged = _Judged(rollout=name, task=rollout.parent.name)
    if name in excluded:
        judged.decide("excluded", excluded[name])
    try:
        own = load_rollout_manifest(rollout)
        judged.seed = own.seed
        ledger = read_ledger(rollout)
    except (CampaignError, LedgerError) as exc:
        judged.decide("no_result", f"malformed: {exc}")
        return judged
    start, records = ledger.start, ledger.records
    judged.started_at = start.agent_started_at
    judged.trust, judged.digests = _shared(records)
    clean = [r for r in records if r.party == "clean"]
    counted = [r for r in records if r.party != "bench"]
    judged.solved = bool(clean) and passed_all(clean[-1])
    judged.first_try = bool(counted) and passed_all(counted[0])
    problems = _disagreements(manifest, own, judged.task, start)
    try:
        score = judged.score = score_ledger(ledger)
    except MixedRollout as exc:       # trust levels or digests differ between its grades
        judged.decide("mismatch", "; ".join([*problems, str(exc)]))
        return judged
    if problems:
        judged.decide("mismatch", "; ".join(problems))
    judged.flags = [f"{f.name} (submission {f.k}): {f.detail}" for f in score.flags]
    judged.flags += [f"ledger line rejected: {why}" for why in ledger.rejected]
    transcript = rollout / TRANSCRIPT_FILE
    if transcript.is_file():
        judged.flags += transcript_check(transcript)
    if ledger.end is None:
        judged.decide("open", "no end record: the rollout is still open (`revylbench rollout end`)")
    elif score.state == "no_result":
        judged.decide("no_result", f"all {len(records)} submission(s) were bench faults "
                                   f"({', '.join(sorted({str(r.failure_kind) for r in records}))}): "
                                   "re-run the rollout")
    if score.state == "agent_fault":
        why = (f"every one of its {score.submissions_counted} counted submission(s) was the agent's "
               "fault" if records else f"it ended ({score.end_reason}) without a graded submission")
        judged.decide("scored", f"{why}: scores 0")
    judged.decide("scored", f"outcome {score.outcome:.2f} ({score.scheme}) from submission "
                            f"{score.outcome_from_k}, {score.submissions_counted} counted, "
                            f"{score.agent_seconds:.0f} agent seconds")
    return judged


def _supersede(judged: list[_Judged]) -> None:
    """A seed run again: the newest scored run counts, older ones are superseded."""
    claims: dict[tuple[str, int], list[_Judged]] = defaultdict(list)
    for j in judged:
        if j.state == "scored" and j.seed is not None:
            claims[j.task, j.seed].append(j)
    for (task, seed), rollouts in claims.items():
        if len(rollouts) < 2:
            continue
        newest = max(rollouts, key=lambda j: (_moment(j.started_at), j.rollout))
        for j in rollouts:
            if j is not newest:
                j.state, j.reason = "superseded", (
                    f"seed {seed} of task {task!r} was re-run as {newest.rollout} "
                    f"(started {newest.started_at}), which counts instead")


def _moment(value: str | None) -> dt.datetime:
    return parse_time(value) if value else dt.datetime.min.replace(tzinfo=dt.UTC)


def _digest_outliers(judged: list[_Judged]) -> None:
    """Within a task, a rollout not holding the most common value of a digest is a mismatch;
    on a tie no value is trusted. An absent digest is unknown, never a mismatch."""
    by_task: dict[str, list[_Judged]] = defaultdict(list)
    for j in judged:
        if j.state == "scored":
            by_task[j.task].append(j)
    for task, rollouts in sorted(by_task.items()):
        reasons: dict[str, list[str]] = defaultdict(list)
        for key in sorted({k for j in rollouts for k in j.digests}):
            counts = Counter(j.digests[key] for j in rollouts if key in j.digests)
            if len(counts) < 2:
                continue
            ranked = counts.most_common()
            majority = ranked[0][0] if ranked[0][1] > ranked[1][1] else None
            for j in rollouts:
                value = j.digests.get(key)
                if value is not None and value != majority:
                    others = ", ".join(sorted(v for v in counts if v != value))
                    reasons[j.rollout].append(
                        f"its {key} digest {value} differs from other rollouts of task {task!r} ({others})")
        for j in rollouts:
            if j.rollout in reasons:
                j.demote("; ".join(reasons[j.rollout]))


def rollout_folders(folder: Path) -> list[Path]:
    """Every `rollouts/<task>/<name>/` folder, sorted."""
    return sorted(p for p in (folder / ROLLOUTS).glob("*/*") if p.is_dir())


def score_campaign(folder: Path, *, transcript_check: TranscriptCheck = transcript_flags) -> CampaignScores:
    """Score and judge every rollout of the campaign in `folder` (from its files alone)."""
    manifest = load_manifest(folder)
    if not rollout_folders(folder):
        raise CampaignError(f"{folder / ROLLOUTS}: no rollout folders (each rollout lives in "
                            f"{ROLLOUTS}/<task>/<name>/ with its ledger.jsonl and {ROLLOUT_FILE})")
    excluded = {e.rollout: f"declared not a contestant run: {e.reason}" for e in manifest.exclude}
    judged = [_judge(folder, r, manifest, excluded, transcript_check) for r in rollout_folders(folder)]
    _supersede(judged)
    _digest_outliers(judged)
    entries = tuple(j.entry() for j in judged)
    counts = Counter(e.state for e in entries)
    return CampaignScores(campaign=folder.resolve().name, manifest=manifest,
                          counts={s: counts[s] for s in STATES}, rollouts=entries)


def write_scores(folder: Path, scores: CampaignScores) -> Path:
    path = folder / SCORES_FILE
    path.write_text(scores.model_dump_json(indent=2, by_alias=True) + "\n", encoding="utf-8")
    return path


def add_campaign_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path, help=f"the campaign folder (holding {CAMPAIGN_FILE})")


def run_campaign(args: argparse.Namespace) -> int:
    try:
        scores = score_campaign(args.folder)
    except CampaignError as exc:
        print(exc, file=sys.stderr)
        return 2
    path = write_scores(args.folder, scores)
    contestant = scores.manifest.contestant
    seeds = ", ".join(str(n) for n in scores.manifest.seeds)
    print(f"campaign {scores.campaign} — {contestant.label}, protocol {scores.manifest.protocol}, "
          f"{scores.manifest.legitimacy}, {len(scores.manifest.tasks)} task(s) × seeds [{seeds}]")
    width = max((len(e.rollout) for e in scores.rollouts), default=0)
    for e in scores.rollouts:
        shown = f"{e.score_percent:5.1f}" if e.score_percent is not None else "    —"
        print(f"  {e.rollout:<{width}}  seed {e.seed or '?'}  {e.state:<10}  {shown}  {e.reason}")
        for flag in e.flags:
            print(f"  {'':<{width}}  flag: {flag}")
    print("  " + ", ".join(f"{scores.counts[s]} {s}" for s in STATES))
    print(f"scores: {path}")
    return 0
