"""Text read back from pixels: Debian's `tesseract-ocr` (5.3) through `pytesseract`.

Evidence screenshots are taken at one pixel per CSS pixel (`web.EVIDENCE_CAPTURE`), so a
14 px DejaVu line is 14 pixels high. Measured on the references' crops, tesseract reads such a
crop best as it is drawn, in gray, made dark-on-light, stretched to full contrast and upscaled
three times (thresholding it first turned a bold `0` into a `6`), framed by a white margin
(tesseract misses glyphs touching the edge).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PIL import Image

UPSCALE = 3
"""Crops are read at three pixels per CSS pixel (a 1× evidence shot is upscaled three times,
a 3× one read as it is)."""
MARGIN_PX = 20
DARK_MEDIAN = 128
"""A crop whose median gray is below this is light text on a dark background (inverted)."""
BATCH = 40
"""Crops read in one tesseract run (a page of 40 one-line crops is about 4,000 px high)."""
GAP_PX = 40
"""White between two stacked crops."""
LINE_MODES = (7, 6, 11)
"""Page segmentation modes tried in turn: one line, one block, sparse text."""


class OcrUnavailable(RuntimeError):
    """tesseract is not installed (`.ci/setup` installs Debian's `tesseract-ocr`)."""


def available() -> bool:
    """Whether tesseract can be run here."""
    try:
        import pytesseract

        pytesseract.get_tesseract_version()
    except Exception:
        return False
    return True


def plain(crop: Image.Image, upscale: int = UPSCALE) -> Image.Image:
    """`crop` as dark text on light, `upscale` times its size."""
    from PIL import Image, ImageDraw, ImageOps

    gray = ImageOps.grayscale(crop.convert("RGB"))
    histogram = gray.histogram()
    # Text is thin: most of a crop is its background, so its median gray is the background's
    # (a button's fill, whatever light corners its rounded box leaves).
    half, seen, median = sum(histogram) / 2, 0, 255
    for level, count in enumerate(histogram):
        seen += count
        if seen >= half:
            median = level
            break
    gray = ImageOps.autocontrast(ImageOps.invert(gray) if median < DARK_MEDIAN else gray)
    if median < DARK_MEDIAN:
        # Light text on a dark fill (a button): the page around its rounded corners is now
        # dark, and tesseract reads nothing in such a frame. Whiten what joins the corners.
        for corner in ((0, 0), (gray.width - 1, 0), (0, gray.height - 1),
                       (gray.width - 1, gray.height - 1)):
            if gray.getpixel(corner) < DARK_MEDIAN:  # type: ignore[operator]
                ImageDraw.floodfill(gray, corner, 255, thresh=100)
    gray = gray.resize((gray.width * upscale, gray.height * upscale), Image.Resampling.LANCZOS)
    return ImageOps.expand(gray, border=MARGIN_PX, fill=255)


@contextmanager
def _one_thread() -> Iterator[None]:
    """tesseract's OpenMP threads only contend on a busy grading host: one thread."""
    saved = os.environ.get("OMP_THREAD_LIMIT")
    os.environ["OMP_THREAD_LIMIT"] = "1"
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("OMP_THREAD_LIMIT", None)
        else:
            os.environ["OMP_THREAD_LIMIT"] = saved


def _tesseract() -> object:
    try:
        import pytesseract
    except ImportError as exc:
        raise OcrUnavailable("pytesseract is not installed") from exc
    return pytesseract


def _upscale(pixels_per_css_px: float) -> int:
    return max(1, round(UPSCALE / pixels_per_css_px))


# No second pass on the inverted image (`plain` already made the text dark).
_CONFIG = "--psm {mode} -c tessedit_do_invert=0"


def reads(crop: Image.Image, pixels_per_css_px: float = 1.0) -> Iterator[str]:
    """Tesseract's reads of `crop` (a screenshot's, at `pixels_per_css_px`), one per
    segmentation mode (`LINE_MODES`), lazily: a caller stops at the first read it accepts.

    :raises OcrUnavailable: tesseract is not installed.
    """
    tesseract: Any = _tesseract()
    image = plain(crop, _upscale(pixels_per_css_px))
    for mode in LINE_MODES:
        try:
            with _one_thread():
                yield str(tesseract.image_to_string(image, lang="eng", config=_CONFIG.format(mode=mode)))
        except tesseract.TesseractNotFoundError as exc:
            raise OcrUnavailable("tesseract is not installed (apt-get install tesseract-ocr)") from exc


def read_many(crops: Sequence[tuple[Image.Image, float]]) -> list[str]:
    """One read of each crop (with its pixels per CSS pixel), made by one tesseract run per
    `BATCH` crops: the crops are stacked `GAP_PX` apart on one page read as a block of text,
    and each word goes to the crop its middle lies in. Starting tesseract and loading its model
    is most of a single crop's cost (measured: 75 crops in 2.6 s of CPU in one run, against
    about 0.15 s each alone).

    :raises OcrUnavailable: tesseract is not installed.
    """
    from PIL import Image

    tesseract: Any = _tesseract()
    out: list[str] = []
    for start in range(0, len(crops), BATCH):
        plains = [plain(crop, _upscale(scale)) for crop, scale in crops[start:start + BATCH]]
        page = Image.new("L", (max(p.width for p in plains),
                               sum(p.height + GAP_PX for p in plains)), 255)
        bands, top = [], 0
        for image in plains:
            page.paste(image, (0, top))
            bands.append((top - GAP_PX / 2, top + image.height + GAP_PX / 2))
            top += image.height + GAP_PX
        try:
            with _one_thread():
                data = tesseract.image_to_data(page, lang="eng", config=_CONFIG.format(mode=6),
                                               output_type=tesseract.Output.DICT)
        except tesseract.TesseractNotFoundError as exc:
            raise OcrUnavailable("tesseract is not installed (apt-get install tesseract-ocr)") from exc
        words: list[list[str]] = [[] for _ in plains]
        for n, word in enumerate(data["text"]):
            middle = data["top"][n] + data["height"][n] / 2
            band = next((i for i, (a, b) in enumerate(bands) if a <= middle < b), None)
            if word.strip() and band is not None:
                words[band].append(word.strip())
        out.extend(" ".join(w) for w in words)
    return out
