"""What a campaign declares: `campaign.toml` (the plan) and each rollout's `rollout.toml`.

Both are versioned pydantic models; a malformed file raises a `CampaignError` naming the file and
the field.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .tasks import _describe

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
    harness: str = Field(min_length=1)
    harness_version: str = Field(min_length=1)

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
    tasks: tuple[str, ...] = Field(min_length=1)
    seeds: int = Field(ge=1)
    """Seeds planned per task, numbered 1 … seeds."""
    exclude: tuple[Exclusion, ...] = ()

    @field_validator("tasks")
    @classmethod
    def _distinct(cls, tasks: tuple[str, ...]) -> tuple[str, ...]:
        if len(set(tasks)) != len(tasks):
            raise ValueError(f"task ids must be distinct, got {list(tasks)}")
        return tasks


class RolloutManifest(_Record):
    """`rollout.toml`: written by whoever ran the rollout."""

    version_schema: Literal[1] = Field(1, alias="schema")
    task: str
    seed: int = Field(ge=1)
    contestant: Contestant
    protocol: str


def _read_toml(path: Path, what: str) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise CampaignError(f"{path}: no {what}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise CampaignError(f"{path}: not valid TOML: {exc}") from exc


def load_manifest(folder: Path) -> CampaignManifest:
    """Read and validate `folder/campaign.toml`; every declared exclusion must exist."""
    path = folder / CAMPAIGN_FILE
    try:
        manifest = CampaignManifest.model_validate(_read_toml(path, "campaign manifest"))
    except ValidationError as exc:
        raise CampaignError(f"{path}: invalid campaign manifest\n{_describe(exc)}") from exc
    for n, exclusion in enumerate(manifest.exclude):
        if not (folder / ROLLOUTS / exclusion.rollout).is_dir():
            raise CampaignError(f"{path}: field exclude.{n}.rollout: no rollout folder "
                                f"{ROLLOUTS}/{exclusion.rollout}")
    return manifest


def load_rollout_manifest(rollout: Path) -> RolloutManifest:
    path = rollout / ROLLOUT_FILE
    try:
        return RolloutManifest.model_validate(_read_toml(path, "rollout manifest"))
    except ValidationError as exc:
        raise CampaignError(f"{path}: invalid rollout manifest\n{_describe(exc)}") from exc
