"""The leaderboard: one row per contestant, aggregated from campaigns so every number traces back.

- one ranked table per protocol (and trust level); a contestant is (model, harness, harness
  version), so two harness versions are two rows of one table, with a harness column;
- a `void` campaign never counts: it is listed under the tables with its note; a `calibration`
  campaign counts and marks its row `calibration` instead of `official`;
- a seed run in two campaigns counts once, the newest run (by the agent's start), with a note;
  re-runs inside one campaign are settled by the campaign (`superseded`);
- a task cell is the mean score over the task's counted seeds (never the best of them), rounded
  to 0.1 (half up); a row's score is the mean over its rounded task cells;
- the seeds planned for a task are the largest plan of any of the row's campaigns; a row
  missing a planned task, a task with no scored seed, or fewer seeds than planned is provisional;
- a task is solved when every counted seed ended with all four tests passing; tasks solved
  are counted over the contestant's own tasks;
- first try: the share of counted rollouts whose first counted submission passed all four;
- each row's mean gets a 95% bootstrap interval (seeds resampled within tasks, a fixed RNG seed
  per row, so the output is reproducible); adjacent ranks whose intervals overlap are "not
  separated".
"""

from __future__ import annotations

import itertools
import math
import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Literal

from pytest_revylbench.records.base import Record
from pytest_revylbench.records.campaign import CampaignScores, Contestant, RolloutEntry
from pytest_revylbench.records.ledger import parse_time
from pytest_revylbench.records.vocabulary import Trust

RESAMPLES = 2000
RNG_SEED = 20261130
LEVEL = 0.95


class SeedScore(Record):
    """One scored rollout, as it enters a task cell."""

    campaign: str
    rollout: str
    seed: int
    score_percent: float
    solved: bool
    first_try: bool
    started_at: str | None = None
    legitimacy: Literal["official", "calibration"] = "official"
    flags: tuple[str, ...] = ()
    """The rollout's flags, for a person to judge (they never change what counts)."""


LeftOutState = Literal["open", "superseded", "mismatch", "no_result", "excluded"]


class LeftOut(Record):
    """A rollout of the row's campaigns that does not count, and why."""

    campaign: str
    rollout: str
    seed: int | None
    state: LeftOutState
    reason: str


class VoidCampaign(Record):
    """A campaign declared `void`: shown, never counted."""

    campaign: str
    contestant: Contestant
    protocol: str
    note: str


class TaskCell(Record):
    task: str
    mean_percent: float | None
    """Mean over the counted seeds rounded to 0.1; None when no seed scored (or not planned)."""
    seeds: tuple[SeedScore, ...]
    seeds_planned: int
    solved: bool
    """At least one seed scored, and every scored seed ended with all four tests passing."""


class Row(Record):
    rank: int | None
    """None when no task cell has a value."""
    contestant: Contestant
    campaigns: tuple[str, ...]
    legitimacy: Literal["official", "calibration"] = "official"
    """`calibration` when any counted seed comes from a calibration campaign."""
    mean_percent: float | None
    """Mean over the (rounded) task cells that have a value."""
    interval: tuple[float, float] | None
    """95% bootstrap interval of the mean."""
    cells: tuple[TaskCell, ...]
    tasks_solved: int
    tasks_own: int
    """The tasks the contestant's campaigns planned: what `tasks_solved` is counted over."""
    first_try: int
    """Scored rollouts whose first counted submission passed all four tests."""
    first_try_rate: float | None
    seeds_counted: int
    seeds_planned: int
    provisional: tuple[str, ...] = ()
    """Why the matrix is partial; empty when the row is complete."""
    not_separated_from_next: bool = False
    """Its interval overlaps the next rank's."""
    left_out: tuple[LeftOut, ...] = ()
    notes: tuple[str, ...] = ()
    """How seeds run in two campaigns were settled."""

    @property
    def status(self) -> str:
        return "provisional" if self.provisional else self.legitimacy


class Table(Record):
    """Rows that may be compared: one protocol, one trust level, every harness version."""

    protocol: str
    trust: Trust
    tasks: tuple[str, ...]
    rows: tuple[Row, ...]
    not_separated: tuple[tuple[int, int], ...]
    """Adjacent rank pairs whose intervals overlap."""

    @property
    def heading(self) -> str:
        return f"protocol {self.protocol} · {self.trust}"


class Leaderboard(Record):
    version: Literal[2] = 2
    campaigns: tuple[str, ...]
    resamples: int
    rng_seed: int
    level: float
    tables: tuple[Table, ...]
    void: tuple[VoidCampaign, ...] = ()


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def percentile(ordered: Sequence[float], q: float) -> float:
    """The q-th percentile (0 to 100) of sorted values, interpolating linearly between ranks."""
    position = q / 100 * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def bootstrap_interval(cells: Iterable[Sequence[float]], *, resamples: int = RESAMPLES,
                       seed: int = RNG_SEED, level: float = LEVEL) -> tuple[float, float] | None:
    """Interval of the mean of task means, resampling each task's seeds with replacement."""
    tasks = [list(scores) for scores in cells if scores]
    if not tasks:
        return None
    rng = random.Random(seed)
    means = sorted(
        mean([mean(rng.choices(scores, k=len(scores))) for scores in tasks]) for _ in range(resamples)
    )
    tail = (1 - level) / 2 * 100
    return round(percentile(means, tail), 4), round(percentile(means, 100 - tail), 4)


def one_decimal(value: float) -> float:
    """Rounded to 0.1 as a person rounds: a half goes up."""
    return float(Decimal(repr(value)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


@dataclass
class _Draft:
    """The campaigns that make one row, gathered before the row is computed."""

    contestant: Contestant
    campaigns: list[str] = field(default_factory=list)
    planned: dict[str, int] = field(default_factory=dict)
    seeds: dict[tuple[str, int], list[SeedScore]] = field(default_factory=lambda: defaultdict(list))
    left_out: list[LeftOut] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def settle(self) -> dict[str, list[SeedScore]]:
        """One run per (task, seed): the newest; the others are superseded, with a note."""
        by_task: dict[str, list[SeedScore]] = defaultdict(list)
        for (task, seed), runs in sorted(self.seeds.items()):
            ordered = sorted(runs, key=lambda r: (_moment(r.started_at), r.campaign))
            newest = ordered[-1]
            by_task[task].append(newest)
            for old in ordered[:-1]:
                self.left_out.append(LeftOut(
                    campaign=old.campaign, rollout=old.rollout, seed=seed, state="superseded",
                    reason=f"seed {seed} of task {task!r} also ran in campaign {newest.campaign} "
                           "(newer), which counts"))
                self.notes.append(f"task {task} seed {seed}: {newest.campaign} counts, "
                                  f"{old.campaign} superseded (older)")
        return by_task


def _moment(value: str | None) -> float:
    return parse_time(value).timestamp() if value else float("-inf")


def _row_trusts(scores: CampaignScores) -> list[Trust]:
    """The tables a campaign's rows go to: its scored rollouts' trust levels; without any, the
    trust its rollouts show, and never `trusted` without a grade that says so."""
    scored = sorted({e.trust for e in scores.rollouts if e.state == "scored" and e.trust})
    known = sorted({e.trust for e in scores.rollouts if e.trust})
    return scored or known[:1] or ["dev-untrusted"]


def _seed(name: str, entry: RolloutEntry, legitimacy: str) -> SeedScore:
    assert entry.seed is not None and entry.score_percent is not None
    return SeedScore(campaign=name, rollout=entry.rollout, seed=entry.seed,
                     score_percent=entry.score_percent, solved=entry.solved, first_try=entry.first_try,
                     started_at=entry.started_at, flags=entry.flags,
                     legitimacy="calibration" if legitimacy == "calibration" else "official")


def _cell(task: str, seeds: list[SeedScore], planned: int) -> TaskCell:
    values = [s.score_percent for s in seeds]
    return TaskCell(task=task, mean_percent=one_decimal(mean(values)) if values else None,
                    seeds=tuple(sorted(seeds, key=lambda s: (s.seed, s.campaign))),
                    seeds_planned=planned, solved=bool(seeds) and all(s.solved for s in seeds))


def _row(draft: _Draft, tasks: tuple[str, ...], resamples: int, seed: int) -> Row:
    settled = draft.settle()
    cells = tuple(_cell(t, settled.get(t, []), draft.planned.get(t, 0)) for t in tasks)
    valued = [c.mean_percent for c in cells if c.mean_percent is not None]
    seeds = [s for c in cells for s in c.seeds]
    counted, planned = len(seeds), sum(c.seeds_planned for c in cells)
    provisional = [f"task {t} not planned" for t in tasks if t not in draft.planned]
    provisional += [f"task {c.task}: no scored seed" for c in cells if c.seeds_planned and not c.seeds]
    short = sum(max(c.seeds_planned - len(c.seeds), 0) for c in cells)
    if short:
        provisional.append(f"{planned - short} of {planned} planned seeds scored")
    first_try = sum(s.first_try for s in seeds)
    return Row(
        rank=None, contestant=draft.contestant, campaigns=tuple(draft.campaigns),
        legitimacy="calibration" if any(s.legitimacy == "calibration" for s in seeds) else "official",
        mean_percent=round(mean(valued), 4) if valued else None,
        interval=bootstrap_interval(([s.score_percent for s in c.seeds] for c in cells),
                                    resamples=resamples, seed=seed),
        cells=cells, tasks_solved=sum(c.solved for c in cells), tasks_own=len(draft.planned),
        first_try=first_try, first_try_rate=round(first_try / counted, 4) if counted else None,
        seeds_counted=counted, seeds_planned=planned, provisional=tuple(provisional),
        left_out=tuple(sorted(draft.left_out, key=lambda o: (o.campaign, o.rollout))),
        notes=tuple(draft.notes),
    )


def _ranked(rows: list[Row]) -> tuple[list[Row], list[tuple[int, int]]]:
    order = sorted(rows, key=lambda r: (r.mean_percent is None, -(r.mean_percent or 0.0),
                                        r.contestant.label))
    ranked = [r.model_copy(update={"rank": n if r.mean_percent is not None else None})
              for n, r in enumerate(order, 1)]
    pairs = []
    for n, (upper, lower) in enumerate(itertools.pairwise(ranked)):
        if upper.interval and lower.interval and upper.interval[0] <= lower.interval[1]:
            ranked[n] = upper.model_copy(update={"not_separated_from_next": True})
            pairs.append((n + 1, n + 2))
    return ranked, pairs


def build_leaderboard(campaigns: Sequence[tuple[str, CampaignScores]], *,
                      resamples: int = RESAMPLES, seed: int = RNG_SEED) -> Leaderboard:
    """Aggregate scored campaigns (each named as the reader will look for it) into tables."""
    drafts: dict[tuple[str, Trust], dict[Contestant, _Draft]] = defaultdict(dict)
    void = []
    for name, scores in campaigns:
        manifest = scores.manifest
        if manifest.legitimacy == "void":
            void.append(VoidCampaign(campaign=name, contestant=manifest.contestant,
                                     protocol=manifest.protocol, note=manifest.note))
            continue
        trusts = _row_trusts(scores)
        for trust in trusts:
            draft = drafts[manifest.protocol, trust].setdefault(
                manifest.contestant, _Draft(manifest.contestant))
            draft.campaigns.append(name)
            for task in manifest.tasks:
                draft.planned[task] = max(draft.planned.get(task, 0), len(manifest.seeds))
        for entry in scores.rollouts:
            trust = entry.trust if entry.trust in trusts else trusts[0]
            draft = drafts[manifest.protocol, trust][manifest.contestant]
            if entry.state == "scored":
                assert entry.seed is not None
                draft.seeds[entry.task, entry.seed].append(_seed(name, entry, manifest.legitimacy))
            else:
                draft.left_out.append(LeftOut(campaign=name, rollout=entry.rollout, seed=entry.seed,
                                              state=entry.state, reason=entry.reason))
    tables = []
    for (protocol, trust), by_contestant in sorted(drafts.items()):
        tasks = tuple(sorted({t for d in by_contestant.values() for t in d.planned}))
        rows, pairs = _ranked([_row(d, tasks, resamples, seed) for d in by_contestant.values()])
        tables.append(Table(protocol=protocol, trust=trust, tasks=tasks, rows=tuple(rows),
                            not_separated=tuple(pairs)))
    return Leaderboard(campaigns=tuple(name for name, _ in campaigns), resamples=resamples,
                       rng_seed=seed, level=LEVEL, tables=tuple(tables), void=tuple(void))
