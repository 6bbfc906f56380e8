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

The records (`Region`, `VisualWeights`, `VisualSpec`, `VisualScore`, …) live in `records.visual`;
this module holds the arithmetic and imports no imaging library until `compare` runs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_revylbench.records.visual import (
    CheckpointVisual,
    Region,
    VisualScore,
    VisualSummary,
    VisualWeights,
)

if TYPE_CHECKING:
    from PIL import Image

DECIMALS = 6
"""Scores are rounded so a grade.json is the same on every machine."""


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
