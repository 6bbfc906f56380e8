"""The visual records: a task's checkpoints, viewports, masks and metric weights, and the
scores a comparison with the oracle produced (the arithmetic lives in `scoring.visual`)."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field, field_validator, model_validator
from pydantic.dataclasses import dataclass

from pytest_revylbench.records.base import Record

METRICS = ("dimension", "pixel", "ssim", "thumbnail", "foreground", "edges")


@dataclass(frozen=True, config=ConfigDict(extra="forbid"))
class Region:
    """A rectangle in oracle pixel coordinates, excluded from every metric."""

    x: int = Field(ge=0)
    y: int = Field(ge=0)
    width: int = Field(gt=0)
    height: int = Field(gt=0)


class VisualWeights(Record):
    """Weight of each metric in the visual score; non-negative, not all zero.

    The score divides by their sum, so a task may override one weight and keep the others.
    """

    dimension: float = Field(0.10, ge=0.0)
    pixel: float = Field(0.15, ge=0.0)
    ssim: float = Field(0.20, ge=0.0)
    thumbnail: float = Field(0.15, ge=0.0)
    foreground: float = Field(0.20, ge=0.0)
    edges: float = Field(0.20, ge=0.0)

    @model_validator(mode="after")
    def _some_weight(self) -> VisualWeights:
        if sum(self.as_dict().values()) <= 0:
            raise ValueError(f"at least one of {list(METRICS)} needs a positive weight")
        return self

    def as_dict(self) -> dict[str, float]:
        return {name: float(getattr(self, name)) for name in METRICS}


class CheckpointSpec(Record):
    """A screen the suite photographs with `app.screenshot(name)`, compared with the oracle's."""

    name: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    """The checkpoint's name; on viewport V its oracle image is `<oracle dir>/<name>@<V>.png`."""
    path: tuple[str, ...] = ()
    """Test IDs tapped in order from a fresh launch to reach the screen."""
    masks: tuple[Region, ...] = ()
    """Regions excluded on this screen only, on top of the task-wide masks."""


class Viewport(Record):
    """A screen size the checkpoints are photographed on (CSS pixels × scale on the web)."""

    name: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    width: int = Field(gt=0)
    height: int = Field(gt=0)
    scale: float = Field(3.0, gt=0)


PHONE = Viewport(name="phone", width=393, height=852, scale=3.0)


class VisualSpec(Record):
    """`[scoring.visual]` of a task.toml."""

    checkpoints: tuple[CheckpointSpec, ...]
    viewports: tuple[Viewport, ...] = (PHONE,)
    """Each checkpoint is photographed on each viewport (the web device emulates it)."""
    floor: float = Field(ge=0.0, lt=1.0)
    """The visual score of an unrelated screen; scores at or below it normalize to 0."""
    weights: VisualWeights = VisualWeights()
    masks: tuple[Region, ...] = ()
    """Regions excluded on every checkpoint (the status bar, a clock, a caret)."""

    @field_validator("checkpoints")
    @classmethod
    def _distinct(cls, checkpoints: tuple[CheckpointSpec, ...]) -> tuple[CheckpointSpec, ...]:
        names = [c.name for c in checkpoints]
        if not names:
            raise ValueError("declare at least one checkpoint")
        if len(set(names)) != len(names):
            raise ValueError(f"checkpoint names must be distinct, got {names}")
        return checkpoints

    @field_validator("viewports")
    @classmethod
    def _viewports(cls, viewports: tuple[Viewport, ...]) -> tuple[Viewport, ...]:
        names = [v.name for v in viewports]
        if not names or len(set(names)) != len(names):
            raise ValueError(f"declare one or more viewports with distinct names, got {names}")
        return viewports

    def shots(self) -> list[tuple[CheckpointSpec, Viewport]]:
        """Every (checkpoint, viewport) pair, in declaration order."""
        return [(c, v) for c in self.checkpoints for v in self.viewports]


def shot_name(checkpoint: str, viewport: str) -> str:
    """The screenshot (and oracle file stem) of a checkpoint on a viewport: `accounts@phone`."""
    return f"{checkpoint}@{viewport}"


class VisualScore(Record):
    """One screenshot compared with its oracle."""

    version: Literal[1] = 1
    metrics: dict[str, float]
    """Each metric's similarity in [0, 1], by name."""
    weights: dict[str, float]
    visual: float = Field(ge=0.0, le=1.0)
    """The weighted mean of the metrics."""
    candidate_size: tuple[int, int]
    oracle_size: tuple[int, int]
    masked_fraction: float = Field(ge=0.0, le=1.0)
    """Share of the oracle's pixels excluded by masks."""


class CheckpointVisual(Record):
    name: str
    visual: float | None
    """None: the suite took no screenshot of this checkpoint."""
    normalized: float


class VisualSummary(Record):
    """The visual part of a grade: every declared checkpoint, missing ones at 0."""

    version: Literal[1] = 1
    floor: float
    checkpoints: tuple[CheckpointVisual, ...]
    visual: float
    """Mean raw visual score (missing checkpoints at 0)."""
    normalized_visual: float
    """Mean of the normalized scores (missing checkpoints at 0)."""
    arithmetic: tuple[str, ...]
