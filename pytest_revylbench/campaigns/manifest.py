"""What a campaign declares: `campaign.toml` (the plan) and each rollout's `rollout.toml`.

Both are versioned pydantic models; a malformed file raises a `CampaignError` naming the file and
the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from pytest_revylbench.records.tomlfiles import load_toml_model

CAMPAIGN_FILE = "campaign.toml"
ROLLOUTS = "rollouts"
ROLLOUT_FILE = "rollout.toml"


class CampaignError(Exception):
    """A campaign manifest is missing or malformed; the message names the file and field."""


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


class Contestant(_Record):
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


class Exclusion(_Record):
    """A rollout folder that is not a contestant run (a smoke test, a harness crash …)."""

    rollout: str
    """Its folder relative to `rollouts/`: `<task>/<name>`."""
    reason: str = Field(min_length=1)


class CampaignManifest(_Record):
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


class RolloutManifest(_Record):
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


def load_manifest(folder: Path) -> CampaignManifest:
    """Read and validate `folder/campaign.toml`; every declared exclusion must exist."""
    path = folder / CAMPAIGN_FILE
    manifest = load_toml_model(path, CampaignManifest, what="campaign manifest",
                               error=CampaignError)
    for n, exclusion in enumerate(manifest.exclude):
        if not (folder / ROLLOUTS / exclusion.rollout).is_dir():
            raise CampaignError(f"{path}: field exclude.{n}.rollout: no rollout folder "
                                f"{ROLLOUTS}/{exclusion.rollout}")
    return manifest


def load_rollout_manifest(rollout: Path) -> RolloutManifest:
    path = rollout / ROLLOUT_FILE
    return load_toml_model(path, RolloutManifest, what="rollout manifest", error=CampaignError)
