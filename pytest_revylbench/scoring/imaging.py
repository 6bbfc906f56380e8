"""The image kernels of visual fidelity: each metric a pure, deterministic function in [0, 1].

Imported lazily by `visual.compare`, so numpy and Pillow load only when a grade compares
screenshots; scikit-image loads inside the two metrics that use it.

Both images are first *aligned*: the candidate is resized to the oracle's size (bilinear), and
inside every masked rectangle its pixels are replaced by the oracle's. A masked region is then
identical in both images, so it can add no difference to any metric, not even through a
filter window or an edge that straddles its border; every metric also averages over unmasked
pixels only, so agreement inside a mask cannot inflate a score either.

The plain pixel metric runs at full resolution (one difference histogram, in Pillow). SSIM,
thumbnail, foreground and edges run at the *analysis scale*: the aligned images box-averaged
by the smallest integer factor that brings the longer side to at most `ANALYSIS_MAX_SIDE` (a
1179×2556 @3× phone screenshot becomes 393×852, its size in points, where the app was laid
out). A 1179×2556 pair then takes about 0.17 s of CPU with PNG decoding, where SSIM and
Canny alone take 1.5 s at full resolution; nothing a layout is made of is lost, and the 1 or
2 px jitter of a full-resolution capture mostly averages away.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageChops

RGB = npt.NDArray[np.uint8]
"""H×W×3 colour image."""
Gray = npt.NDArray[np.float64]
"""H×W grayscale in 0..255."""
Mask = npt.NDArray[np.bool_]
"""H×W, True where a pixel counts (not masked)."""
Rect = tuple[int, int, int, int]
"""x, y, width, height in oracle pixels."""

ANALYSIS_MAX_SIDE = 1024
THUMBNAIL_SIZE = (32, 64)
"""Width × height of the coarse-layout thumbnail."""
FOREGROUND_RAMP = (16.0, 64.0)
"""Channel distance from the background colour where foreground membership starts and is full."""
BACKGROUND_BITS = 5
"""Bits per channel kept when finding the most common (background) colour."""
EDGE_SIGMA = 1.0
"""Gaussian sigma of Canny, in analysis pixels."""
EDGE_TOLERANCE = 1
"""An edge matches within this many analysis pixels (Chebyshev): ±3 px on a 3× screenshot."""
WHITE = (255, 255, 255)


def load(source: Path | str | Image.Image) -> Image.Image:
    """An RGB image; transparency is flattened onto white, as a screen would show it."""
    image = Image.open(source) if isinstance(source, Path | str) else source
    image.load()
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        flat = Image.new("RGBA", rgba.size, (*WHITE, 255))
        flat.alpha_composite(rgba)
        return flat.convert("RGB")
    return image if image.mode == "RGB" else image.convert("RGB")


def _clipped(rect: Rect, width: int, height: int) -> tuple[int, int, int, int] | None:
    """The rectangle as (x0, y0, x1, y1) inside the image, or None when it falls outside."""
    x, y, w, h = rect
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, width), min(y + h, height)
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None


def valid_mask(width: int, height: int, rects: Iterable[Rect], factor: int = 1) -> Mask:
    """True outside every rectangle, on the grid of `Image.reduce(factor)`: a block is
    masked when any of its pixels is."""
    valid = np.ones((math.ceil(height / factor), math.ceil(width / factor)), dtype=np.bool_)
    for rect in rects:
        box = _clipped(rect, width, height)
        if box is not None:
            x0, y0, x1, y1 = box
            valid[y0 // factor:math.ceil(y1 / factor), x0 // factor:math.ceil(x1 / factor)] = False
    return valid


def analysis_factor(width: int, height: int) -> int:
    return max(1, math.ceil(max(width, height) / ANALYSIS_MAX_SIDE))


@dataclass(frozen=True)
class Aligned:
    """A candidate and its oracle on the oracle's pixel grid, masks applied.

    Full resolution stays in Pillow (the pixel metric runs in C there); the analysis-scale
    images are numpy arrays, their grayscale computed once for SSIM and edges.
    """

    oracle: Image.Image
    candidate: Image.Image
    counted: int
    """Unmasked pixels at full resolution."""
    identical: bool
    small_oracle: RGB
    small_candidate: RGB
    small_gray_oracle: Gray
    small_gray_candidate: Gray
    small_valid: Mask


def align(candidate: Image.Image, oracle: Image.Image, rects: Sequence[Rect]) -> Aligned:
    width, height = oracle.size
    candidate = (candidate.resize(oracle.size, Image.Resampling.BILINEAR)
                 if candidate.size != oracle.size else candidate.copy())
    boxes = [b for b in (_clipped(r, width, height) for r in rects) if b is not None]
    for box in boxes:
        candidate.paste(oracle.crop(box), box[:2])
    counted = int(valid_mask(width, height, rects).sum()) if boxes else width * height
    identical = ImageChops.difference(oracle, candidate).getbbox() is None
    factor = analysis_factor(width, height)
    small = [side.reduce(factor) if factor > 1 else side for side in (oracle, candidate)]
    return Aligned(
        oracle=oracle, candidate=candidate, counted=counted, identical=identical,
        small_oracle=np.asarray(small[0], dtype=np.uint8),
        small_candidate=np.asarray(small[1], dtype=np.uint8),
        small_gray_oracle=np.asarray(small[0].convert("L"), dtype=np.float64),
        small_gray_candidate=np.asarray(small[1].convert("L"), dtype=np.float64),
        small_valid=valid_mask(width, height, rects, factor),
    )


def _clip(value: float) -> float:
    return min(1.0, max(0.0, float(value)))


# -- metrics -----------------------------------------------------------------------------


def dimension_similarity(candidate: tuple[int, int], oracle: tuple[int, int]) -> float:
    """min/max ratio of the widths × that of the heights."""
    (cw, ch), (ow, oh) = candidate, oracle
    if min(cw, ch, ow, oh) <= 0:
        return 0.0
    return (min(cw, ow) / max(cw, ow)) * (min(ch, oh) / max(ch, oh))


def pixel_similarity(a: Aligned) -> float:
    """1 − mean absolute RGB difference / 255 over unmasked pixels, at full resolution."""
    if a.identical or a.counted == 0:
        return 1.0
    # Masked pixels are equal in both (see `align`), so they add 0 to the sum.
    histogram = ImageChops.difference(a.oracle, a.candidate).histogram()
    total = sum((level % 256) * count for level, count in enumerate(histogram))
    return _clip(1.0 - total / (a.counted * 3 * 255))


def import_metrics() -> None:
    """Import the scikit-image functions the metrics use, on the calling thread.

    scikit-image attaches its subpackages lazily (lazy_loader parses their `.pyi` stubs with
    `ast.parse`, and its decorators read signatures through `inspect`): the first metric pays
    for it. On CPython 3.11 (before 3.11.8) two threads building ASTs at once can corrupt the
    interpreter's AST recursion counter (`SystemError: AST constructor recursion depth
    mismatch`, CPython gh-106905), and pytest parses source with `ast` whenever it formats a
    traceback. So a thread that computes metrics in the background is started only after the
    main thread has run this."""
    from skimage.feature import canny
    from skimage.metrics import structural_similarity

    del canny, structural_similarity


def ssim_similarity(a: Aligned) -> float:
    """Mean SSIM (7×7 uniform window, grayscale, data range 255) over unmasked pixels."""
    from skimage.metrics import structural_similarity

    if a.identical or not a.small_valid.any():
        return 1.0
    if min(a.small_gray_oracle.shape) < 7:
        return pixel_similarity(a)  # too small for a window; never the case for a screenshot
    _, ssim_map = structural_similarity(  # type: ignore[no-untyped-call]
        a.small_gray_oracle, a.small_gray_candidate, data_range=255.0, full=True,
    )
    return _clip(float(ssim_map[a.small_valid].mean()))


def thumbnail_similarity(a: Aligned) -> float:
    """Pearson correlation (clipped at 0) of 32×64 grayscale thumbnails, over unmasked cells.

    Correlation, not a difference: it rewards the same arrangement of light and dark even in
    another palette, which the pixel metric already punishes. Two flat thumbnails score by
    their brightness difference; a flat one against a structured one scores 0.
    """
    if a.identical:
        return 1.0
    box = Image.Resampling.BOX
    cells = np.asarray(
        Image.fromarray(a.small_valid.astype(np.uint8) * 255, "L").resize(THUMBNAIL_SIZE, box)
    ) >= 128
    if not cells.any():
        return 1.0
    t_oracle, t_candidate = (
        np.asarray(Image.fromarray(side.astype(np.uint8), "L").resize(THUMBNAIL_SIZE, box),
                   dtype=np.float64)[cells]
        for side in (a.small_gray_oracle, a.small_gray_candidate)
    )
    if np.array_equal(t_oracle, t_candidate):
        return 1.0
    d_oracle, d_candidate = t_oracle - t_oracle.mean(), t_candidate - t_candidate.mean()
    s_oracle = float(np.sqrt((d_oracle**2).sum()))
    s_candidate = float(np.sqrt((d_candidate**2).sum()))
    flat = 1e-9
    if s_oracle < flat and s_candidate < flat:
        return _clip(1.0 - abs(float(t_oracle.mean() - t_candidate.mean())) / 255.0)
    if s_oracle < flat or s_candidate < flat:
        return 0.0
    return _clip(float((d_oracle * d_candidate).sum()) / (s_oracle * s_candidate))


def background_colour(rgb: RGB, valid: Mask) -> npt.NDArray[np.int16]:
    """The mean colour of the most common colour bin (5 bits per channel) among valid pixels."""
    shift = 8 - BACKGROUND_BITS
    q = (rgb >> shift).astype(np.int32)
    codes = (q[..., 0] << (2 * BACKGROUND_BITS)) | (q[..., 1] << BACKGROUND_BITS) | q[..., 2]
    mode = int(np.argmax(np.bincount(codes[valid], minlength=1 << (3 * BACKGROUND_BITS))))
    colour = rgb[valid & (codes == mode)].mean(axis=0)
    rounded: npt.NDArray[np.int16] = np.rint(colour).astype(np.int16)
    return rounded


def foreground(rgb: RGB, valid: Mask) -> npt.NDArray[np.float32]:
    """How much each pixel is foreground, 0..1, against the image's own background colour.

    Graded, not a hard threshold: a pixel 16 levels (on its most different channel) from the
    background is not foreground, one 64 levels away fully is, linearly between. A subtle card
    tint a few levels either side of one threshold would otherwise flip a whole card.
    """
    if not valid.any():
        return np.zeros(valid.shape, dtype=np.float32)
    background = background_colour(rgb, valid)
    distance = np.abs(rgb.astype(np.int16) - background).max(axis=2).astype(np.float32)
    low, high = FOREGROUND_RAMP
    membership: npt.NDArray[np.float32] = np.clip((distance - low) / (high - low), 0.0, 1.0)
    membership[~valid] = 0.0
    return membership


def foreground_similarity(a: Aligned) -> float:
    """Soft IoU (Σ min / Σ max) of the foreground memberships; two empty ones match (1.0)."""
    if a.identical:
        return 1.0
    f_oracle = foreground(a.small_oracle, a.small_valid)
    f_candidate = foreground(a.small_candidate, a.small_valid)
    union = float(np.maximum(f_oracle, f_candidate).sum(dtype=np.float64))
    if union == 0.0:
        return 1.0
    return _clip(float(np.minimum(f_oracle, f_candidate).sum(dtype=np.float64)) / union)


def edge_map(gray: Gray, valid: Mask) -> Mask:
    from skimage.feature import canny

    edges: Mask = canny(gray / 255.0, sigma=EDGE_SIGMA) & valid  # type: ignore[no-untyped-call]
    return edges


def dilate(mask: Mask, radius: int) -> Mask:
    """Square (Chebyshev) dilation, separable: rows then columns."""
    out = mask.copy()
    for axis in (0, 1):
        grown = out.copy()
        for step in range(1, radius + 1):
            if axis == 0:
                grown[step:, :] |= out[:-step, :]
                grown[:-step, :] |= out[step:, :]
            else:
                grown[:, step:] |= out[:, :-step]
                grown[:, :-step] |= out[:, step:]
        out = grown
    return out


def edge_similarity(a: Aligned) -> float:
    """F1 of Canny edges, each matched within `EDGE_TOLERANCE` px of the other's.

    Precision: the candidate's edges near an oracle edge; recall: the oracle's edges near a
    candidate edge (the boundary F-measure). No edges on either side is a match (1.0).
    """
    if a.identical:
        return 1.0
    e_oracle = edge_map(a.small_gray_oracle, a.small_valid)
    e_candidate = edge_map(a.small_gray_candidate, a.small_valid)
    n_oracle, n_candidate = int(e_oracle.sum()), int(e_candidate.sum())
    if n_oracle == 0 and n_candidate == 0:
        return 1.0
    if n_oracle == 0 or n_candidate == 0:
        return 0.0
    precision = int((e_candidate & dilate(e_oracle, EDGE_TOLERANCE)).sum()) / n_candidate
    recall = int((e_oracle & dilate(e_candidate, EDGE_TOLERANCE)).sum()) / n_oracle
    if precision + recall == 0:
        return 0.0
    return 2 * precision * recall / (precision + recall)
