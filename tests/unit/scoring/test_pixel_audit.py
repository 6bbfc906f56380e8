"""The pixel audit's sample, crop and verdicts (the OCR itself: tests/device/test_drawn_text.py
and the real evidence of `test_a_drawn_amount_is_read_back`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_revylbench.records.audit import AuditedCheck, PixelAudit
from pytest_revylbench.records.grade import Evidence, Shown, TestResult
from pytest_revylbench.records.vocabulary import Fault, Tier, Verdict
from pytest_revylbench.scoring import ocr
from pytest_revylbench.scoring.pixel_audit import apply, audit, candidates, crop_box, sample


def _shown(text: str = "$2,787.05", x: float = 20, y: float = 100, width: float = 120) -> Shown:
    return Shown(text=text, x=x, y=y, width=width, height=20, viewport_width=393, viewport_height=852)


def _test(name: str, *shown: Shown, tier: Tier = Tier.FLOW, after: str = "shot.png") -> TestResult:
    evidence = tuple(Evidence(criterion=f"check {n}", expected="e", observed="o", passed=True,
                              after=after, shown=(s,)) for n, s in enumerate(shown))
    return TestResult(nodeid=name, name=name, role="stage", tier=tier, verdict=Verdict.PASS,
                      evidence=evidence)


def test_only_boxes_inside_the_viewport_are_candidates() -> None:
    results = {"t": _test("t", _shown(), _shown(y=840), _shown(x=-30), _shown(text="x" * 200))}
    found, outside = candidates(results)
    assert [c.check for c in found] == [0]
    assert outside == 2  # the long text is left out, not counted as outside


def test_the_sample_depends_on_the_seed_and_a_rate_of_one_takes_all() -> None:
    results = {"t": _test("t", *(_shown(y=20 * n) for n in range(40)))}
    found, _ = candidates(results)
    first = [c.check for c in sample(found, 0.25, "a")]
    assert len(first) == 10
    assert first == [c.check for c in sample(found, 0.25, "a")]
    assert first != [c.check for c in sample(found, 0.25, "b")]
    assert len(sample(found, 1.0, "a")) == 40 and sample(found, 0.0, "a") == []
    assert len(sample(found[:2], 0.01, "a")) == 1  # never none of a grade's checks


def test_the_crop_is_the_box_at_the_screenshots_scale() -> None:
    assert crop_box(_shown(), (393, 852)) == (20, 99, 140, 121)
    assert crop_box(_shown(), (1179, 2556)) == (60, 297, 420, 363)


def test_a_check_not_shown_fails_every_device_test_as_tampered() -> None:
    results = {"a": _test("a", _shown()), "b": _test("b", _shown()),
               "jest": TestResult(nodeid="jest", name="jest", role="other", tier=Tier.FUNCTIONAL,
                                  verdict=Verdict.PASS)}
    found = PixelAudit(rate=1.0, seed="s", eligible=2, outside=0, checks=(
        AuditedCheck(test="a", check=0, screenshot="shot.png", verdict="not_shown",
                     read="$2787.05", distance=1, why="',' missing", crop="tests/a/audit-1.png"),
        AuditedCheck(test="b", check=0, screenshot="shot.png", verdict="shown", read="$2,787.05",
                     distance=0)))
    judged = apply(results, found)
    assert (judged["a"].verdict, judged["a"].fault) == (Verdict.FAIL, Fault.TAMPERED)
    assert "',' missing" in judged["a"].reason and "tests/a/audit-1.png" in judged["a"].reason
    assert (judged["b"].verdict, judged["b"].fault) == (Verdict.FAIL, Fault.TAMPERED)
    assert judged["jest"].verdict is Verdict.PASS
    honest = PixelAudit(rate=1.0, seed="s", eligible=2, outside=0, checks=found.checks[1:])
    assert apply(results, honest) == results


@pytest.mark.skipif(not ocr.available(), reason="needs tesseract (.ci/setup installs it)")
def test_a_drawn_amount_is_read_back(tmp_path: Path) -> None:
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGB", (393, 852), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype("DejaVuSans.ttf", 16)
    draw.text((20, 102), "$2787.05", fill="black", font=font)   # what the pixels say
    image.save(tmp_path / "shot.png")
    results = {"t": _test("t", _shown("$2,787.05")), "u": _test("u", _shown("$2787.05"))}
    found = audit(results, tmp_path, rate=1.0, seed="s")
    verdicts = {c.test: c.verdict for c in found.checks}
    assert verdicts == {"t": "not_shown", "u": "shown"}
    assert (tmp_path / "audit-1.png").is_file()
