"""Visual fidelity: how closely a submission's screenshot reconstructs the oracle's.

Six measures (per-pixel both plain and as SSIM), each in [0, 1], each exactly 1.0 for
identical images (kernels in `imaging`):

| metric | what it compares | default weight |
|---|---|---|
| `dimension` | min/max ratio of widths × that of heights | 0.10 |
| `pixel` | 1 − mean absolute RGB difference / 255, full resolution | 0.15 |
| `ssim` | mean SSIM of the grayscale images (structure, local contrast) | 0.20 |
| `thumbnail` | correlation of 32×64 grayscale thumbnails (coarse layout, any palette) | 0.15 |
| `foreground` | soft IoU of foreground (pixels unlike the image's own most common colour) | 0.20 |
| `edges` | F1 of Canny edges matched within ±1 analysis px (±3 px on a 3× screenshot) | 0.20 |

The candidate is resized to the oracle's size first, so every metric but `dimension` is
positional. Declared masks (rectangles in oracle pixels, e.g. the status bar) are excluded
from every metric. `visual` is the weighted mean; a task may override the weights.

Over a grade's checkpoints, each visual score is normalized against the task's floor (the
score an unrelated screen already gets, e.g. the blank scaffold against the oracle):
``normalized = max(0, (visual − floor) / (1 − floor))``; a checkpoint without a screenshot
scores 0 and still counts in the mean.

This module holds the records and the arithmetic; it imports no imaging library, so a task
specification can use `Region`, `VisualWeights` and `VisualSpec` without loading numpy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic.dataclasses import dataclass

if TYPE_CHECKING:
    from PIL import Image

METRICS = ("dimension", "pixel", "ssim", "thumbnail", "foreground", "edges")
DECIMALS = 6
"""Scores are rounded so a grade.json is the same on every machine."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


@dataclass(frozen=True, config=ConfigDict(extra="forbid"))
class Region:
    """A rectangle in oracle pixel coordinates, excluded from every metric."""

    x: int = Field(ge=0)
    y: int = Field(ge=0)
    width: int = Field(gt=0)
    height: int = Field(gt=0)


class VisualWeights(_Frozen):
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


class CheckpointSpec(_Frozen):
    """A screen the suite photographs with `app.screenshot(name)`, compared with the oracle's."""

    name: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    """The checkpoint's name; on viewport V its oracle image is `<oracle dir>/<name>@<V>.png`."""
    path: tuple[str, ...] = ()
    """Test IDs tapped in order from a fresh launch to reach the screen."""
    masks: tuple[Region, ...] = ()
    """Regions excluded on this screen only, on top of the task-wide masks."""


class Viewport(_Frozen):
    """A screen size the checkpoints are photographed on (CSS pixels × scale on the web)."""

    name: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    width: int = Field(gt=0)
    height: int = Field(gt=0)
    scale: float = Field(3.0, gt=0)


PHONE = Viewport(name="phone", width=393, height=852, scale=3.0)


class VisualSpec(_Frozen):
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


class VisualScore(_Frozen):
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


class CheckpointVisual(_Frozen):
    name: str
    visual: float | None
    """None: the suite took no screenshot of this checkpoint."""
    normalized: float


class VisualSummary(_Frozen):
    """The visual part of a grade: every declared checkpoint, missing ones at 0."""

    version: Literal[1] = 1
    floor: float
    checkpoints: tuple[CheckpointVisual, ...]
    visual: float
    """Mean raw visual score (missing checkpoints at 0)."""
    normalized_visual: float
    """Mean of the normalized scores (missing checkpoints at 0)."""
    arithmetic: tuple[str, ...]


def weighted_visual(metrics: Mapping[str, float], weights: VisualWeights) -> float:
    pairs = [(w, metrics[name]) for name, w in weights.as_dict().items() if w > 0]
    total = sum(w for w, _ in pairs)
    return min(1.0, sum(w * m for w, m in pairs) / total)


def compare(
    candidate: Path | str | Image.Image,
    oracle: Path | str | Image.Image,
    *,
    masks: Sequence[Region] = (),
    weights: VisualWeights | None = None,
) -> VisualScore:
    """Every metric of `candidate` against `oracle` (a path to a PNG or a Pillow image)."""
    from pytest_revylbench.scoring import imaging

    weights = weights or VisualWeights()
    oracle_image, candidate_image = imaging.load(oracle), imaging.load(candidate)
    rects = [(r.x, r.y, r.width, r.height) for r in masks]
    aligned = imaging.align(candidate_image, oracle_image, rects)
    raw = {
        "dimension": imaging.dimension_similarity(candidate_image.size, oracle_image.size),
        "pixel": imaging.pixel_similarity(aligned),
        "ssim": imaging.ssim_similarity(aligned),
        "thumbnail": imaging.thumbnail_similarity(aligned),
        "foreground": imaging.foreground_similarity(aligned),
        "edges": imaging.edge_similarity(aligned),
    }
    metrics = {name: round(value, DECIMALS) for name, value in raw.items()}
    return VisualScore(
        metrics=metrics, weights=weights.as_dict(),
        visual=round(weighted_visual(metrics, weights), DECIMALS),
        candidate_size=candidate_image.size, oracle_size=oracle_image.size,
        masked_fraction=round(1.0 - aligned.counted / (oracle_image.width * oracle_image.height), DECIMALS),
    )


def normalize(visual: float, floor: float) -> float:
    """``max(0, (visual − floor) / (1 − floor))``."""
    if not 0.0 <= floor < 1.0:
        raise ValueError(f"floor must be in [0, 1), got {floor}")
    return max(0.0, (visual - floor) / (1.0 - floor))


def number_text(value: float) -> str:
    """At least two decimals, at most four: 1.00, 0.75, 0.925, 0.6667."""
    text = f"{value:.4f}".rstrip("0")
    whole, _, decimals = text.partition(".")
    return f"{whole}.{decimals.ljust(2, '0')}"


def visual_reward(
    per_checkpoint: Mapping[str, VisualScore | None], *, floor: float, checkpoints: Sequence[str],
) -> VisualSummary:
    """Normalize each declared checkpoint's score and average them; missing ones score 0.

    Normalizing per checkpoint (then averaging) keeps one screen at or below the floor from
    dragging the others below theirs; a missing screen is 0 either way.
    """
    if not checkpoints:
        raise ValueError("no checkpoints declared: a visual reward has nothing to average")
    if len(set(checkpoints)) != len(checkpoints):
        raise ValueError(f"checkpoint names must be distinct, got {list(checkpoints)}")
    unknown = sorted(set(per_checkpoint) - set(checkpoints))
    if unknown:
        raise ValueError(f"scores for undeclared checkpoints {unknown}; declared: {list(checkpoints)}")
    rows: list[CheckpointVisual] = []
    lines: list[str] = []
    for name in checkpoints:
        score = per_checkpoint.get(name)
        if score is None:
            rows.append(CheckpointVisual(name=name, visual=None, normalized=0.0))
            lines.append(f"{name}: missing = 0.00")
            continue
        normalized = round(normalize(score.visual, floor), DECIMALS)
        rows.append(CheckpointVisual(name=name, visual=score.visual, normalized=normalized))
        v, f = number_text(score.visual), number_text(floor)
        lines.append(f"{name}: max(0, ({v} − {f}) / (1 − {f})) = {number_text(normalized)}")
    count = len(rows)
    visual = round(sum(r.visual or 0.0 for r in rows) / count, DECIMALS)
    normalized_visual = round(sum(r.normalized for r in rows) / count, DECIMALS)
    lines.append(f"normalized_visual = ({' + '.join(number_text(r.normalized) for r in rows)}) / {count}"
                 f" = {number_text(normalized_visual)}")
    return VisualSummary(floor=floor, checkpoints=tuple(rows), visual=visual,
                         normalized_visual=normalized_visual, arithmetic=tuple(lines))
