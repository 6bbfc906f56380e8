"""A grade's scores: the reward under a scheme, a tiered scheme's breakdown, and the vector of
every measure."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pytest_revylbench.records.base import Record
from pytest_revylbench.records.visual import VisualScore, VisualSummary


class Reward(Record):
    """A scheme's score of one grade, with the parts it was made from."""

    version: Literal[1] = 1
    scheme: str
    score: float = Field(ge=0.0, le=1.0)
    stages_passed: int = 0
    journey_passed: bool = False
    vector: dict[str, float] = {}
    """Per-component scores (stage ids, journey id, tiers …), each in [0, 1]."""
    arithmetic: tuple[str, ...] = ()
    """How the score was computed, line by line, so a person can check it by hand."""


class TierCount(Record):
    passed: int = Field(ge=0)
    total: int = Field(ge=1)

    @property
    def mean(self) -> float:
        return self.passed / self.total


class SchemeBreakdown(Record):
    """A tiered scheme's reward with everything it was computed from."""

    version: Literal[1] = 1
    scheme: str
    score: float = Field(ge=0.0, le=1.0)
    gated: bool
    """True when the build gate closed and the score is 0 whatever the rest."""
    counts: dict[str, TierCount]
    """Passed / total subtests of each tier that was scored."""
    vector: dict[str, float]
    arithmetic: tuple[str, ...]

    def to_reward(self) -> Reward:
        return Reward(scheme=self.scheme, score=self.score, vector=self.vector,
                      arithmetic=tuple(self.arithmetic))


class TierSummary(Record):
    """One tier of a grade: its subtests and its score."""

    score: float = Field(ge=0.0, le=1.0)
    """build, functional, flow, contract: passed / total; visual: normalized visual fidelity."""
    passed: int = 0
    total: int = 0
    subtests: tuple[str, ...] = ()
    """Node ids of the tier's subtests."""
    arithmetic: str = ""


class GradeVector(Record):
    """Every measure of a grade, whichever scheme the task chose: tiers, visual, schemes."""

    version: Literal[1] = 1
    tiers: dict[str, TierSummary] = {}
    visual: VisualSummary | None = None
    shots: dict[str, VisualScore | None] = {}
    """Per checkpoint@viewport: every visual metric (None: the shot was not taken)."""
    schemes: dict[str, Reward] = {}
    """The reward under each built-in scheme the grade has what it needs for."""
    refused: dict[str, str] = {}
    """Schemes that could not score this grade, and why."""
