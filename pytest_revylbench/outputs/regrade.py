"""A grade re-judged from its stored evidence alone: no device, no build.

`regrade()` verifies the report folder first (grade.json's seal and every evidence file's
digest, `outputs.sealing`), then recomputes everything that does not need the app running
through the scorers `grading.finish()` is handed: the built-in reward schemes (`StageScheme`,
`TierScheme`, `VisualScheme`, the hook implementations the plugin registers) and
`scoring.vector.grade_vector` (visual metrics from the stored screenshots against the oracle,
the floor and normalization, each tier, every scheme). Verdicts are kept: each check judged a
live screen through the driver (locators, waits, taps), which a stored tree cannot replay.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from pytest_revylbench.outputs.grade import GRADE_JSON
from pytest_revylbench.outputs.ledger import LEDGER, read_ledger, scheme_weights
from pytest_revylbench.outputs.provenance import grader_digest
from pytest_revylbench.outputs.sealing import file_digest, verify
from pytest_revylbench.records.grade import GradeRecord, TestResult
from pytest_revylbench.records.ledger import Ledger
from pytest_revylbench.records.regrade import RegradeRecord, RolloutRegrade
from pytest_revylbench.records.reward import GradeVector, Reward
from pytest_revylbench.records.task import TaskSpec
from pytest_revylbench.scoring.rollout import MixedRollout, score_ledger
from pytest_revylbench.scoring.stages import StageScheme
from pytest_revylbench.scoring.tiers import RewardRefused, TierScheme, VisualScheme
from pytest_revylbench.scoring.vector import grade_vector
from pytest_revylbench.tasks.loading import TaskError, parse_task_file

REGRADE_JSON = "regrade.json"

REJUDGED = (
    "visual metrics of every checkpoint screenshot against the oracle",
    "the visual floor and normalization",
    "every tier's score",
    "every built-in scheme's reward (stages, tiers, visual) and the outcome",
)
KEPT = (
    "every verdict (stage, journey, contract screens and tabs, functional, build): each check "
    "judged the live app through the driver (locators, waits, actions); the stored UI trees "
    "show what it judged but cannot replay it",
    "status, failure kind, interruption, feedback: they follow from the verdicts",
)


class RegradeRefused(Exception):
    """The report folder does not match its grade.json: each problem names a file."""

    def __init__(self, report: Path, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__(f"{report}: refused to re-judge, the evidence does not match its "
                         f"digests:\n" + "\n".join(f"  {p}" for p in problems))


@dataclass(frozen=True)
class Rejudged:
    reward: Reward
    vector: GradeVector | None


def rejudge(spec: TaskSpec, tests: Sequence[TestResult], *, run_dir: Path, oracle_dir: Path,
            stopped: bool) -> Rejudged:
    """The reward and vector of `tests`, by the same scorers and rules as `grading.finish()`."""
    schemes = (StageScheme(), TierScheme(), VisualScheme(run_dir, oracle_dir))
    try:
        answers = [s.pytest_revylbench_reward(task=spec, results=tests) for s in schemes]
        reward = next((a for a in answers if a is not None), None)
        vector = grade_vector(spec, tests, run_dir=run_dir, oracle_dir=oracle_dir)
    except RewardRefused as exc:
        if not stopped:
            raise
        return Rejudged(Reward(scheme=spec.scoring.scheme, score=0.0,
                               arithmetic=(f"not scored: {exc}",)), None)
    if reward is None:
        raise RewardRefused(f"scheme {spec.scoring.scheme!r} is not a built-in scheme; regrade "
                            "scores only stages, tiers and visual")
    return Rejudged(reward, vector)


def differences(old: Any, new: Any, path: str = "") -> list[str]:
    """Each leaf that differs between two JSON values: `path: old → new`."""
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[str] = []
        for key in sorted(set(old) | set(new), key=str):
            out += differences(old.get(key), new.get(key), f"{path}.{key}" if path else str(key))
        return out
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [d for n, (a, b) in enumerate(zip(old, new, strict=True))
                for d in differences(a, b, f"{path}[{n}]")]
    return [] if old == new else [f"{path}: {json.dumps(old)} → {json.dumps(new)}"]


def rescore_rollout(folder: Path, grade: GradeRecord, spec: TaskSpec) -> RolloutRegrade:
    """The rollout in `folder` scored as its ledger stands, and with the line of `grade` (by run
    id) carrying the re-judged reward, weights and normalized visual; the ledger is not written.

    :raises RegradeRefused: the ledger has no line for the grade's run id.
    """
    ledger = read_ledger(folder)
    line = next((r for r in ledger.records if r.run_id == grade.run_id), None)
    if line is None:
        raise RegradeRefused(folder, [f"{LEDGER}: no submission with run id {grade.run_id!r}"])
    visual = grade.vector.visual if grade.vector is not None else None
    judged = line.model_copy(update={
        "reward": grade.reward.score if grade.reward.scheme == line.scheme else line.reward,
        "weights": scheme_weights(spec, line.scheme),
        "normalized_visual": visual.normalized_visual if visual is not None else None,
    })
    records = [judged if r.k == line.k else r for r in ledger.records]
    try:
        before = score_ledger(ledger)
        after = score_ledger(Ledger(start=ledger.start, records=records, end=ledger.end))
    except MixedRollout as exc:
        return RolloutRegrade(ledger=str(folder), k=line.k, refused=str(exc))
    return RolloutRegrade(ledger=str(folder), k=line.k, before=before, after=after)


def regrade(report: Path, *, spec: TaskSpec, task_file: Path, oracle_dir: Path,
            scheme: str | None = None, ledger: Path | None = None) -> RegradeRecord:
    """Re-judge the grade in `report` from its stored evidence.

    :raises RegradeRefused: grade.json is missing, unsealed or altered, or an evidence file it
        cites is missing or altered.
    :raises RewardRefused: the scheme cannot score the grade (as a live grade would be refused).
    """
    path = report / GRADE_JSON
    if not path.is_file():
        raise RegradeRefused(report, [f"{GRADE_JSON}: missing"])
    raw = json.loads(path.read_text(encoding="utf-8"))
    problems = verify(report, raw)
    if problems:
        raise RegradeRefused(report, problems)
    live = GradeRecord.model_validate(raw)
    if spec.id != live.task:
        raise RegradeRefused(report, [f"{task_file}: task {spec.id!r}, but the grade is of "
                                      f"{live.task!r}"])
    if scheme is not None:
        spec = spec.model_copy(update={"scoring": spec.scoring.model_copy(update={"scheme": scheme})})
    not_scored = live.vector is None and any(
        line.startswith("not scored: ") for line in live.reward.arithmetic)
    if not_scored:  # a stopped grade that could not be scored stays so
        judged = Rejudged(live.reward, None)
    else:
        judged = rejudge(spec, live.tests, run_dir=report, oracle_dir=oracle_dir,
                         stopped=live.interruption is not None)
    grade = live.model_copy(update={"reward": judged.reward, "outcome": judged.reward.score,
                                    "vector": judged.vector, "seal": ""})
    before = live.model_dump(mode="json", exclude={"seal"})
    changes = differences(before, grade.model_dump(mode="json", exclude={"seal"}))
    task_digest = file_digest(task_file)
    return RegradeRecord(
        source=str(report), source_seal=live.seal, evidence_verified=dict(live.evidence_digests),
        task_file=str(task_file), task_digest=task_digest,
        oracle=str(oracle_dir), scheme=spec.scoring.scheme,
        grader_version=metadata.version("pytest-revylbench"), grader_digest=grader_digest(),
        rejudged=REJUDGED, kept=KEPT, changes=tuple(changes), grade=grade,
        rollout=rescore_rollout(ledger, grade, spec) if ledger is not None else None,
    )


def write_regrade(record: RegradeRecord, out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = out / REGRADE_JSON
    path.write_text(json.dumps(record.model_dump(mode="json"), indent=2) + "\n", encoding="utf-8")
    return path


def reproduces(report: Path, *, tasks_dir: Path, suites_dir: Path) -> list[str]:
    """Re-judge the grade in `report` as it was graded (its task's file and oracle) and write
    `report/regrade.json`; what differs from the live grade, or why it was refused (empty: the
    live grade was reproduced exactly)."""
    try:
        live = GradeRecord.model_validate_json((report / GRADE_JSON).read_text(encoding="utf-8"))
        task_file = tasks_dir / live.task / "task.toml"
        record = regrade(report, spec=parse_task_file(task_file), task_file=task_file,
                         oracle_dir=suites_dir / live.task / "oracle" / live.platform)
    except RegradeRefused as exc:
        return [f"refused: {p}" for p in exc.problems]
    except (OSError, ValueError, TaskError) as exc:  # RewardRefused is a ValueError
        return [f"not re-judged: {type(exc).__name__}: {exc}"]
    write_regrade(record, report)
    return list(record.changes)
