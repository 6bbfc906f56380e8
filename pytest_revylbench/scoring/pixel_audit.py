"""The pixel audit: a passing text check's element, cropped from the check's own screenshot,
must show the text the check read from the page.

The device judges text by the page's DOM, read in the grader's own world; what is drawn can
still differ (a web font whose comma is blank, a zero-size or transparent span, a canvas over
the text). A random sample of a grade's passing text checks (all of them in stability runs
and certification) is read back with tesseract (`scoring/ocr.py`) and compared tolerantly
(`scoring/drawn_text.py`). A read that clearly disagrees is the agent fault `tampered`: the
test that made the check fails with it, and so does every other device test of the grade (a
forgery voids the device tests' verdicts, as one in the component tests voids that tier).
The seed of the sample is drawn by the grader for each grade, so the submission cannot know
which checks are read.
"""

from __future__ import annotations

import hashlib
import os
import random
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_revylbench.records.audit import AuditedCheck, PixelAudit
from pytest_revylbench.records.grade import Evidence, Shown, TestResult
from pytest_revylbench.records.vocabulary import Fault, Tier, Verdict
from pytest_revylbench.scoring.drawn_text import Comparison, compare

DEFAULT_RATE = 0.25
"""The share of a grade's eligible checks audited by default (see README, "The pixel audit":
a forgery used on k checks of a grade escapes one grade with (1 - rate)^k)."""
MAX_TEXT_CHARS = 80
"""Longer texts (a whole card's text) are not audited: a crop of many lines reads poorly."""
EDGE_PX = 1.0
"""How far (CSS px) a box may stick out of the viewport and still be audited (rounding)."""
PAD_CSS_PX = 1.0
"""The crop reaches this far above and below the box (a descender's overhang); not sideways,
where a neighbour's first glyph may start right at the box's edge."""
CROP_NAME = "audit-{n}.png"


def _cpu() -> float:
    """CPU seconds of this process and its finished children (tesseract's runs)."""
    spent = os.times()
    return spent.user + spent.system + spent.children_user + spent.children_system


def new_seed() -> str:
    """A sample seed of the grader's own, for one grade."""
    return secrets.token_hex(8)


@dataclass(frozen=True)
class Candidate:
    test: str
    check: int
    evidence: Evidence
    shown: Shown


def _inside(shown: Shown) -> bool:
    return (shown.x >= -EDGE_PX and shown.y >= -EDGE_PX and shown.width >= 1 and shown.height >= 1
            and shown.x + shown.width <= shown.viewport_width + EDGE_PX
            and shown.y + shown.height <= shown.viewport_height + EDGE_PX)


def candidates(results: Mapping[str, TestResult]) -> tuple[list[Candidate], int]:
    """The passing text checks the audit may read (box inside the viewport, a screenshot, a
    short text), in a stable order, and how many were left out for lying outside the view."""
    found, outside = [], 0
    for nodeid in sorted(results):
        for index, evidence in enumerate(results[nodeid].evidence):
            if not evidence.passed or evidence.after is None:
                continue
            for shown in evidence.shown:
                if len(shown.text) > MAX_TEXT_CHARS:
                    continue
                if not _inside(shown):
                    outside += 1
                    continue
                found.append(Candidate(nodeid, index, evidence, shown))
    return found, outside


def sample(found: list[Candidate], rate: float, seed: str) -> list[Candidate]:
    """`rate` of `found` (at least one when there are any and the rate is above 0), drawn with
    `seed`; every one at rate 1."""
    if rate >= 1.0:
        return list(found)
    if rate <= 0.0 or not found:
        return []
    k = max(1, round(rate * len(found)))
    chosen = set(random.Random(seed).sample(range(len(found)), k))
    return [c for i, c in enumerate(found) if i in chosen]


def crop_box(shown: Shown, image_size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The element's box, padded, in the screenshot's pixels."""
    width, height = image_size
    scale = width / shown.viewport_width
    left = max(0, int(shown.x * scale))
    top = max(0, int((shown.y - PAD_CSS_PX) * scale))
    right = min(width, int((shown.x + shown.width) * scale + 0.999))
    bottom = min(height, int((shown.y + shown.height + PAD_CSS_PX) * scale + 0.999))
    return left, top, right, bottom


def _crop(png: Path, shown: Shown) -> tuple[Any, float]:
    """The element's crop of the screenshot `png` (a PIL image) and its pixels per CSS pixel."""
    from PIL import Image

    with Image.open(png) as image:
        return image.crop(crop_box(shown, image.size)), image.width / shown.viewport_width


_RANK = {"shown": 0, "not_shown": 1, "unreadable": 2}


def read_back(crop: Any, scale: float, text: str) -> tuple[Comparison, str]:
    """The closest agreement of tesseract's reads of `crop` (one per segmentation mode, until
    one shows `text`) with `text`, and the read it came from."""
    from pytest_revylbench.scoring.ocr import reads

    best: tuple[Comparison, str] | None = None
    for read in reads(crop, scale):
        comparison = compare(text, read)
        if best is None or (_RANK[comparison.agreement], comparison.distance) < (
                _RANK[best[0].agreement], best[0].distance):
            best = (comparison, read)
        if comparison.agreement == "shown":
            break
    assert best is not None
    return best[0], " ".join(best[1].split())


def audit(results: Mapping[str, TestResult], run_dir: Path, *, rate: float, seed: str) -> PixelAudit:
    """Read back a sample of the grade's passing text checks; a crop that clearly does not
    show its text is kept beside its test's screenshots.

    Every crop is first read in one batch (`ocr.read_many`); only a crop whose batch read does
    not show its text is read again alone, in each segmentation mode, and only those reads can
    find it not shown."""
    from pytest_revylbench.scoring.ocr import OcrUnavailable, read_many

    started, cpu = time.monotonic(), _cpu()
    found, outside = candidates(results)
    chosen = [c for c in sample(found, rate, seed)
              if c.evidence.after is not None and (run_dir / c.evidence.after).is_file()]
    checks: list[AuditedCheck] = []
    crops: list[tuple[Any, float]] = []
    unread: dict[int, str] = {}
    for n, candidate in enumerate(chosen):
        assert candidate.evidence.after is not None
        try:
            crops.append(_crop(run_dir / candidate.evidence.after, candidate.shown))
        except Exception as exc:  # a screenshot Pillow cannot read is no verdict
            crops.append((None, 1.0))
            unread[n] = f"not read: {type(exc).__name__}: {exc}"[:300]
    # The same pixels are read once: a heading or a total checked on the same screen by
    # several tests (the references' 1,374 checks hold 875 distinct crops).
    unique: dict[bytes, int] = {}
    distinct: list[tuple[Any, float]] = []
    keys: list[bytes | None] = []
    for pair in crops:
        crop = pair[0]
        key = None if crop is None else hashlib.sha256(
            repr((crop.mode, crop.size)).encode() + crop.tobytes()).digest()
        if key is not None and key not in unique:
            unique[key] = len(distinct)
            distinct.append(pair)
        keys.append(key)
    try:
        batch = read_many(distinct)
    except OcrUnavailable as exc:
        return PixelAudit(rate=rate, seed=seed, eligible=len(found), outside=outside,
                          seconds=round(time.monotonic() - started, 3),
                          cpu_seconds=round(_cpu() - cpu, 3), error=str(exc))
    again: dict[tuple[bytes, str], tuple[Comparison, str]] = {}
    kept = 0
    for n, candidate in enumerate(chosen):
        assert candidate.evidence.after is not None
        crop, scale = crops[n]
        made = {"test": candidate.test, "check": candidate.check,
                "screenshot": candidate.evidence.after}
        if crop is None:
            checks.append(AuditedCheck(**made, verdict="unreadable", read="", distance=0,
                                       why=unread[n]))
            continue
        key = keys[n]
        assert key is not None
        read = " ".join(batch[unique[key]].split())
        comparison = compare(candidate.shown.text, read)
        if comparison.agreement != "shown":
            try:
                if (key, candidate.shown.text) not in again:
                    again[key, candidate.shown.text] = read_back(crop, scale, candidate.shown.text)
                comparison, read = again[key, candidate.shown.text]
            except Exception as exc:  # a crop tesseract cannot read is no verdict
                checks.append(AuditedCheck(**made, verdict="unreadable", read="", distance=0,
                                           why=f"not read: {type(exc).__name__}: {exc}"[:300]))
                continue
        crop_rel = None
        if comparison.agreement == "not_shown":
            kept += 1
            path = (run_dir / candidate.evidence.after).parent / CROP_NAME.format(n=kept)
            crop.save(path)
            crop_rel = path.relative_to(run_dir).as_posix()
        checks.append(AuditedCheck(**made, verdict=comparison.agreement, read=read[:200],
                                   distance=comparison.distance, why=comparison.why, crop=crop_rel))
    return PixelAudit(rate=rate, seed=seed, eligible=len(found), outside=outside,
                      checks=tuple(checks), seconds=round(time.monotonic() - started, 3),
                      cpu_seconds=round(_cpu() - cpu, 3))


TAMPERED_HERE = ("the pixel audit: a passing check's element does not show, in the check's own "
                 "screenshot, the text the page holds ({why}); crop: {crop}")
TAMPERED_ELSEWHERE = ("not credited: the pixel audit found drawn text that differs from the page's "
                      "in another device test of this grade")


def apply(results: Mapping[str, TestResult], found: PixelAudit) -> dict[str, TestResult]:
    """The results once the audit is done: when a check's text was not shown, its test and
    every other device test (one with evidence) fail as `tampered`."""
    if not found.not_shown:
        return dict(results)
    first = {c.test: c for c in reversed(found.not_shown)}
    out = dict(results)
    for nodeid, result in results.items():
        if result.tier == Tier.FUNCTIONAL or not (result.evidence or nodeid in first):
            continue
        hit = first.get(nodeid)
        reason = (TAMPERED_HERE.format(why=hit.why, crop=hit.crop) if hit is not None
                  else TAMPERED_ELSEWHERE)
        out[nodeid] = result.model_copy(update={
            "verdict": Verdict.FAIL, "fault": Fault.TAMPERED, "reason": reason})
    return out
