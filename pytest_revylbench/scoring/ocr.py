"""Text read back from pixels: Debian's `tesseract-ocr` (5.3) through `pytesseract`.

Evidence screenshots are taken at one pixel per CSS pixel (`web.EVIDENCE_CAPTURE`), so a
14 px DejaVu line is 14 pixels high. Measured on the references' crops, tesseract reads such a
crop best as it is drawn, in gray, made dark-on-light, stretched to full contrast and upscaled
three times (thresholding it first turned a bold `0` into a `6`), framed by a white margin
(tesseract misses glyphs touching the edge).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

UPSCALE = 3
MARGIN_PX = 20
DARK_MEAN = 110
"""A crop whose mean gray is below this is light text on a dark background (inverted)."""
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


def plain(crop: Image.Image) -> Image.Image:
    """`crop` as dark text on light, at a size tesseract reads well."""
    from PIL import Image, ImageOps

    gray = ImageOps.grayscale(crop.convert("RGB"))
    histogram = gray.histogram()
    mean = sum(i * v for i, v in enumerate(histogram)) / max(1, sum(histogram))
    if mean < DARK_MEAN:  # light text on a dark background
        gray = ImageOps.invert(gray)
    gray = ImageOps.autocontrast(gray)
    gray = gray.resize((gray.width * UPSCALE, gray.height * UPSCALE), Image.Resampling.LANCZOS)
    return ImageOps.expand(gray, border=MARGIN_PX, fill=255)


def reads(crop: Image.Image) -> Iterator[str]:
    """Tesseract's reads of `crop`, one per segmentation mode (`LINE_MODES`), lazily: a
    caller stops at the first read it accepts.

    :raises OcrUnavailable: tesseract is not installed.
    """
    try:
        import pytesseract
    except ImportError as exc:
        raise OcrUnavailable("pytesseract is not installed") from exc
    image = plain(crop)
    for mode in LINE_MODES:
        # One thread: tesseract's OpenMP threads only contend on a busy grading host; and no
        # second pass on the inverted image (`plain` already made the text dark).
        saved = os.environ.get("OMP_THREAD_LIMIT")
        os.environ["OMP_THREAD_LIMIT"] = "1"
        try:
            yield str(pytesseract.image_to_string(
                image, lang="eng", config=f"--psm {mode} -c tessedit_do_invert=0"))
        except pytesseract.TesseractNotFoundError as exc:
            raise OcrUnavailable("tesseract is not installed (apt-get install tesseract-ocr)") from exc
        finally:
            if saved is None:
                os.environ.pop("OMP_THREAD_LIMIT", None)
            else:
                os.environ["OMP_THREAD_LIMIT"] = saved
