"""A task as declared in `tasks/<id>/task.toml`: stages, journey, tiers, scoring and budgets."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, field_validator, model_validator

from pytest_revylbench.records.base import Record
from pytest_revylbench.records.contract import ContractSpec
from pytest_revylbench.records.visual import VisualSpec
from pytest_revylbench.records.vocabulary import PLATFORMS, WEIGHTED_TIERS, Platform, Scheme, Tier

SUM_TOLERANCE = 1e-9


def _sums_to_one(weights: Mapping[str, float]) -> None:
    total = sum(weights.values())
    if abs(total - 1.0) > SUM_TOLERANCE:
        shown = " + ".join(f"{k} {v:g}" for k, v in weights.items())
        raise ValueError(f"weights must sum to 1, got {shown} = {total:g}")


class TierWeights(Record):
    """`[scoring.tiers]`: the weight of each tier; non-negative, summing to 1."""

    build: float = Field(0.20, ge=0.0, le=1.0)
    functional: float = Field(0.30, ge=0.0, le=1.0)
    flow: float = Field(0.35, ge=0.0, le=1.0)
    contract: float = Field(0.15, ge=0.0, le=1.0)

    @model_validator(mode="after")
    def _sum(self) -> TierWeights:
        _sums_to_one(self.as_dict())
        return self

    def as_dict(self) -> dict[str, float]:
        return {tier.value: float(getattr(self, tier)) for tier in WEIGHTED_TIERS}


class VisualMix(Record):
    """`[scoring.mix]`: how the `visual` scheme weighs visual fidelity against function."""

    visual: float = Field(0.5, ge=0.0, le=1.0)
    functional: float = Field(0.5, ge=0.0, le=1.0)

    @model_validator(mode="after")
    def _sum(self) -> VisualMix:
        _sums_to_one({"visual": self.visual, "functional": self.functional})
        return self


_ID = re.compile(r"^[a-z][a-z0-9-]*$")


def _check_id(value: str) -> str:
    if not _ID.match(value):
        raise ValueError("must be lower-case letters, digits and dashes, starting with a letter")
    return value


Ident = Annotated[str, AfterValidator(_check_id)]


class StageSpec(Record):
    """One cumulative build stage of a task."""

    id: Ident
    """Stable key, referenced by the suite's `stage(...)` marker."""
    name: str
    """Human name shown in reports."""
    instruction: str
    """Path of the stage's instruction file, relative to the task folder."""


class JourneySpec(Record):
    """The end-to-end journey that closes a task."""

    id: Ident
    name: str


class ScoringSpec(Record):
    scheme: str = Scheme.STAGES.value
    """Name of the reward scheme; schemes are `pytest_revylbench_reward` hook implementations."""
    tiers: TierWeights = TierWeights()
    """`tiers` scheme: weight of each tier (build, functional, flow, contract), summing to 1."""
    mix: VisualMix = VisualMix()
    """`visual` scheme: weights of normalized visual fidelity and the functional tier."""
    visual: VisualSpec | None = None
    """`visual` scheme: checkpoints, floor, metric weights and masked regions."""


class BudgetSpec(Record):
    max_submissions: int = Field(5, ge=1)
    """How many times an agent may submit within one rollout."""
    agent_minutes: int = Field(480, ge=1)
    """The agent's working-time budget."""


class TaskSpec(Record):
    """A task as declared in `tasks/<id>/task.toml`."""

    version_schema: Literal[1] = Field(1, alias="schema")
    """Version of this file format."""
    id: Ident
    title: str
    version: str
    """The task's own version; bump it when the contract changes."""
    archetype: str
    platforms: tuple[Platform, ...]
    instruction: str = "instruction.md"
    stages: tuple[StageSpec, ...]
    journey: JourneySpec
    tiers: tuple[Tier, ...] = (Tier.FLOW,)
    """The tiers the task declares; the grader collects their subtests (build: type-check,
    export, launch; functional: `suites/<id>/functional/*.test.tsx`; flow: the device tests;
    contract: `[contract]`; visual: `[scoring.visual]` checkpoints)."""
    contract: ContractSpec | None = None
    scoring: ScoringSpec = ScoringSpec()
    budgets: BudgetSpec = BudgetSpec()

    @field_validator("stages")
    @classmethod
    def _three_stages(cls, stages: tuple[StageSpec, ...]) -> tuple[StageSpec, ...]:
        if len(stages) != 3:
            raise ValueError(f"a task has exactly 3 stages, got {len(stages)}")
        ids = [s.id for s in stages]
        if len(set(ids)) != len(ids):
            raise ValueError(f"stage ids must be distinct, got {ids}")
        return stages

    @field_validator("platforms")
    @classmethod
    def _some_platform(cls, platforms: tuple[Platform, ...]) -> tuple[Platform, ...]:
        if not platforms:
            raise ValueError(f"declare at least one of {list(PLATFORMS)}")
        return platforms

    @model_validator(mode="after")
    def _journey_id_is_not_a_stage(self) -> TaskSpec:
        if self.journey.id in {s.id for s in self.stages}:
            raise ValueError(f"journey id {self.journey.id!r} repeats a stage id")
        return self

    @model_validator(mode="after")
    def _tiers_are_declared(self) -> TaskSpec:
        declared = set(self.tiers)
        if len(declared) != len(self.tiers) or Tier.FLOW not in declared:
            raise ValueError(f"tiers: list each tier once, flow included; got {[str(t) for t in self.tiers]}")
        if Tier.CONTRACT in declared and self.contract is None:
            raise ValueError("tiers: 'contract' is declared but there is no [contract] table")
        if Tier.VISUAL in declared and self.scoring.visual is None:
            raise ValueError("tiers: 'visual' is declared but there is no [scoring.visual] table")
        if self.scoring.scheme == Scheme.TIERS:
            weighted = [t for t, w in self.scoring.tiers.as_dict().items() if w > 0]
            missing = [t for t in weighted if t not in declared]
            if missing:
                raise ValueError(
                    f"scoring.tiers: {missing} have a weight but are not in tiers = "
                    f"{[str(t) for t in self.tiers]}; declare them or give them weight 0"
                )
        if self.scoring.scheme == Scheme.VISUAL:
            needed = ["visual", *(["functional"] if self.scoring.mix.functional > 0 else [])]
            missing = [t for t in needed if t not in declared]
            if missing:
                raise ValueError(f"scoring.scheme 'visual' needs tiers {missing} declared")
        return self
