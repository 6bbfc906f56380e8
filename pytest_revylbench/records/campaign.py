"""The records of a campaign: `campaign.toml` and `rollout.toml` as declared, a rollout's score
(derived from its ledger by `scoring.rollout`), and `scores.json` (written by `campaigns.campaign`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from pytest_revylbench.records.base import Record
from pytest_revylbench.records.vocabulary import Scheme, Trust

# -- what a campaign declares ---------------------------------------------------------------


class Contestant(Record):
    """Who ran: the model, and the harness (agent loop) that drove it."""

    model: str = Field(min_length=1)
    """The model's name as the leaderboard shows it."""
    harness: str = Field(min_length=1)
    """The agent loop that drove the model."""
    harness_version: str = Field(min_length=1)
    """The harness's version: rows of two versions are ranked in one table, side by side."""

    @property
    def label(self) -> str:
        return f"{self.model} ({self.harness} {self.harness_version})"


class Exclusion(Record):
    """A rollout folder that is not a contestant run (a smoke test, a harness crash …)."""

    rollout: str
    """Its folder relative to `rollouts/`: `<task>/<name>`."""
    reason: str = Field(min_length=1)


class CampaignManifest(Record):
    """`campaign.toml`: what was planned."""

    version_schema: Literal[1] = Field(alias="schema")
    """Version of this file format."""
    protocol: str = Field(min_length=1)
    """The benchmark protocol every rollout followed; rows never mix protocols."""
    contestant: Contestant
    """Who ran: `[contestant]` with model, harness and harness_version."""
    tasks: tuple[str, ...] = Field(min_length=1)
    """The task ids the campaign plans, each run once per seed."""
    seeds: tuple[int, ...] = Field(min_length=1)
    """The seeds planned for every task, e.g. `[1, 2, 3]`, or `[7]` to re-run seed 7 alone."""
    legitimacy: Literal["official", "calibration", "void"] = "official"
    """`official` counts; `calibration` counts and marks its row as calibration; `void` never
    counts and is listed on the leaderboard with its note."""
    note: str = ""
    """Why the campaign was run, or why it is void."""
    exclude: tuple[Exclusion, ...] = ()
    """Rollout folders that are not contestant runs."""

    @field_validator("tasks")
    @classmethod
    def _distinct(cls, tasks: tuple[str, ...]) -> tuple[str, ...]:
        if len(set(tasks)) != len(tasks):
            raise ValueError(f"task ids must be distinct, got {list(tasks)}")
        return tasks

    @field_validator("seeds", mode="before")
    @classmethod
    def _seed_list(cls, seeds: object) -> object:
        if isinstance(seeds, int):
            raise ValueError(f"give the seeds as a list, e.g. seeds = {list(range(1, seeds + 1))} "
                             "(a list may hold any seeds: [7] re-runs seed 7 alone)")
        return seeds

    @field_validator("seeds")
    @classmethod
    def _distinct_seeds(cls, seeds: tuple[int, ...]) -> tuple[int, ...]:
        if len(set(seeds)) != len(seeds) or any(s < 1 for s in seeds):
            raise ValueError(f"seeds must be distinct numbers of at least 1, got {list(seeds)}")
        return tuple(sorted(seeds))


class RolloutManifest(Record):
    """`rollout.toml`: written by whoever ran the rollout."""

    version_schema: Literal[1] = Field(1, alias="schema")
    """Version of this file format."""
    task: str
    """The task the rollout ran; its folder must be `rollouts/<task>/<name>/`."""
    seed: int = Field(ge=1)
    """Which of the campaign's seeds this rollout is; the same seed run again is a re-run."""
    contestant: Contestant
    """Must be the campaign's contestant."""
    protocol: str
    """Must be the campaign's protocol."""


# -- a rollout's score ------------------------------------------------------------------------


FlagName = Literal["incoherent_steps", "incoherent_final", "quarantined"]


class Flag(Record):
    k: int
    name: FlagName
    detail: str


ScoreState = Literal["scored", "agent_fault", "no_result", "open"]


class RolloutScore(Record):
    """The score of one rollout with every factor it is the product of."""

    version: Literal[2] = 2
    state: ScoreState
    """`agent_fault`: no clean submission, and at least one counted (or none at all): score 0;
    `no_result`: every submission was a bench fault (re-run the rollout);
    `open`: no end record yet, the figure is not final and never enters a leaderboard."""
    score_percent: float | None
    scheme: str = Scheme.STAGES.value
    """The reward scheme the outcome is taken under."""
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
    """`k:item` for each regression counted."""
    flags: tuple[Flag, ...] = ()
    """Reported for a person to judge; they never change the state or the score."""
    end_reason: str | None = None
    """Why the agent stopped (the end record), None while open."""
    trust: str = "dev-untrusted"
    """The trust level every submission shares (a rollout never mixes two)."""
    mixed_digests: tuple[str, ...] = ()
    """Digest kinds that differ between submissions; non-empty only with `allow_mixed`."""
    allowed_mixed: bool = False
    """Whether the rollout was scored despite mixed digests (`--allow-mixed`)."""


# -- scores.json ------------------------------------------------------------------------------


RolloutState = Literal["scored", "open", "superseded", "mismatch", "no_result", "excluded"]


STATES: tuple[RolloutState, ...] = ("scored", "open", "superseded", "mismatch", "no_result", "excluded")


class RolloutEntry(Record):
    """One rollout's line of `scores.json`."""

    rollout: str
    """Its folder relative to `rollouts/`: `<task>/<name>`."""
    task: str
    seed: int | None
    """From its `rollout.toml` (None when that file cannot be read)."""
    started_at: str | None = None
    """When the agent started (the ledger's start record): the newest re-run of a seed counts."""
    state: RolloutState
    reason: str
    score_percent: float | None
    """The number that counts: set for `scored` rollouts only."""
    score: RolloutScore | None
    """Every factor of the score, whenever the ledger could be read (also when it does not count)."""
    solved: bool
    """The last clean submission passed all four tests."""
    first_try: bool
    """The first counted submission (bench faults are not) passed all four tests."""
    trust: Trust | None
    """The trust level all its grades share; None when unknown (no grade read) or mixed."""
    digests: dict[str, str] = {}
    """The compared provenance digests (task, suite, grader, environment) its grades share."""
    flags: tuple[str, ...] = ()
    """Reported for a person to judge; never a change of state."""


class CampaignScores(Record):
    """`scores.json`: the manifest and every rollout's state, score and reason."""

    version: Literal[2] = 2
    campaign: str
    """The campaign folder's name."""
    manifest: CampaignManifest
    """The campaign's `campaign.toml`, as read."""
    counts: dict[str, int]
    """Rollouts per state."""
    rollouts: tuple[RolloutEntry, ...]
    """Every rollout folder, sorted, with its state and reason."""
