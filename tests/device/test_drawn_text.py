"""The pixel audit against a page whose drawn text differs from its DOM text.

Every read of the grader's world sees the DOM: a comma in a zero-size span, in a span of
transparent colour, or drawn by a web font of the page's own whose comma is shrunk to nothing
(`@font-face` with `unicode-range: U+2C` and `size-adjust: 1%`: a blank comma glyph without a
font file), is in the element's rendered text (`innerText`), so `see` passes on `$2,787.05`
while the screen shows `$2787.05`.
Only the pixels tell: the audit reads each check's element back from the check's own
screenshot and finds the comma missing, the agent fault `tampered`; the plain control passes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.app.facade import App
from pytest_revylbench.app.locators import WebLocators
from pytest_revylbench.devices.protocol import DeviceSession
from pytest_revylbench.devices.web import WebDevice
from pytest_revylbench.records.grade import TestResult
from pytest_revylbench.records.vocabulary import Fault, Verdict
from pytest_revylbench.scoring.pixel_audit import apply, audit

PAGE = """<!doctype html><html><head><meta name="viewport" content="width=device-width">
<style>@font-face { font-family: 'No Comma'; src: local('DejaVu Sans'); unicode-range: U+2C;
  size-adjust: 1%; }</style></head>
<body style="margin:0;background:#fff;font-family:'DejaVu Sans';font-size:18px;color:#111">
<div id="root"><div style="padding:24px">
<div style="margin:14px 0" data-testid="plain">$2,787.05</div>
<div style="margin:14px 0" data-testid="zero-size">$2<span style="font-size:0">,</span>787.05</div>
<div style="margin:14px 0" data-testid="clear">$2<span style="color:transparent">,</span>787.05</div>
<div style="margin:14px 0;font-family:'No Comma','DejaVu Sans'" data-testid="font">$2,787.05</div>
<div style="margin:14px 0" data-testid="words">Monthly overview</div>
</div></div></body></html>"""
FORGED = ("zero-size", "clear", "font")


def test_text_the_page_holds_but_does_not_draw_is_tampered(
        page_device: Callable[..., WebDevice], tmp_path: Path) -> None:
    device = page_device(PAGE)
    driver = device.launch()
    session = DeviceSession(device, driver)
    recorder = EvidenceRecorder(tmp_path, "drawn")
    recorder.attach(session.screenshot, session.screen_fingerprint,
                    quick=lambda: device.evidence_screenshot(driver))
    try:
        app = App(session, WebLocators(), recorder, timeout_s=2.0)
        for test_id in ("plain", *FORGED):
            app.see("$2,787.05", at=test_id)   # the DOM's text: the grader's reads accept it
        app.see("Monthly overview")
        app.see_in_order("$2,787.05", "Monthly overview")   # each text's first match, in view
        app.screenshot("end of test")
    finally:
        driver.quit()
    assert all(e.shown for e in recorder.evidence), "each passing check keeps its element's box"
    results = {"drawn": TestResult(nodeid="drawn", name="drawn", role="stage",
                                   verdict=Verdict.PASS, evidence=tuple(recorder.evidence))}

    found = audit(results, tmp_path, rate=1.0, seed="any")

    verdicts = {recorder.evidence[c.check].criterion: c for c in found.checks}
    assert verdicts["'plain' shows '$2,787.05'"].verdict == "shown"
    assert verdicts["the screen shows 'Monthly overview'"].verdict == "shown"
    ordered = recorder.evidence[-1]
    assert [s.text for s in ordered.shown] == ["$2,787.05", "Monthly overview"]
    assert [c.verdict for c in found.checks if recorder.evidence[c.check] is ordered] == ["shown"] * 2
    for test_id in FORGED:
        forged = verdicts[f"{test_id!r} shows '$2,787.05'"]
        assert forged.verdict == "not_shown", forged
        assert "',' missing" in forged.why
        assert forged.crop is not None and (tmp_path / forged.crop).is_file()
    judged = apply(results, found)["drawn"]
    assert (judged.verdict, judged.fault) == (Verdict.FAIL, Fault.TAMPERED)
