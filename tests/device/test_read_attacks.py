"""A hostile page against the web device's reads (`devices/web_reads.py`): it redefines every
main-world read it can (text getters, `document.evaluate`, `querySelectorAll`,
`getComputedStyle`, the box methods, `Array.prototype.filter`) to claim what it does not show,
and shows text no person could read (one pixel, faint, transparent, same colour as its
background, unfilled, clipped, tiny, far off-screen, covered, a hidden descendant). Every check
judges what the screen really shows; a plain control passes, so each test can fail.

It also records what the page can see of the grader, on every look (`#signs`): no automation
sign, and a phone that agrees with itself.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_revylbench.app.facade import App, CheckFailed
from pytest_revylbench.devices.appium import RemoteAppium
from pytest_revylbench.devices.web import WebDevice
from pytest_revylbench.devices.web_browser import chromium_major

from .conftest import launched_app

PAGE = Path(__file__).parent / "read_attacks"
UNREADABLE = ("One pixel copy", "Faint words", "Clear words", "White on white", "Unfilled words",
              "Clipped words", "Tiny words", "Far away words", "Covered words", "Total $10.00")


@pytest.fixture(scope="module")
def device(appium_url: str) -> Iterator[WebDevice]:
    made = WebDevice(bundle=PAGE, appium=RemoteAppium(appium_url)).start()
    try:
        yield made
    finally:
        made.stop()


@pytest.fixture
def app(device: WebDevice, tmp_path: Path) -> Iterator[App]:
    with launched_app(device, tmp_path, "attacks", timeout_s=1.5) as launched:
        yield launched


def test_the_pages_rewritten_text_is_not_what_the_grader_reads(app: App) -> None:
    app.see("Plain words")                     # the control: a readable text passes
    app.see("$2787.05")                        # what the page really shows
    assert app.read("amount") == "$2787.05"
    with pytest.raises(CheckFailed):
        app.see("$2,787.05")                   # what its getters and document.evaluate claim
    with pytest.raises(CheckFailed):
        app.see("$2,787.05", at="amount")


def test_a_forged_element_is_not_found_and_forged_boxes_do_not_reorder(app: App) -> None:
    with pytest.raises(CheckFailed):
        app.read("form-error")                 # only querySelectorAll and getComputedStyle say so
    assert app.present("form-error") == {"form-error": True}   # it is in the tree, hidden
    app.see_in_order("Row B", "Row A")         # the real order
    with pytest.raises(CheckFailed):
        app.see_in_order("Row A", "Row B")     # the order the page's boxes claim


@pytest.mark.parametrize("text", UNREADABLE)
def test_text_no_person_could_read_is_not_shown(app: App, text: str) -> None:
    with pytest.raises(CheckFailed):
        app.see(text, timeout_s=0.3)
    app.not_see(text, timeout_s=0.3)


def test_the_page_sees_no_sign_of_the_grader_and_a_phone_that_agrees_with_itself(
        device: WebDevice, app: App) -> None:
    app.see("Plain words")
    app.tap("Row A")                           # the grader has read, pressed and looked
    app.wait_still(quiet_s=0.5)
    seen = json.loads(_signs(device, app))
    assert seen["webdriver"] is False
    assert seen["driverGlobals"] == []
    major = chromium_major(device.chromium)
    assert f"Chrome/{major}.0.0.0 Mobile Safari/537.36" in seen["userAgent"]
    assert "Android" in seen["userAgent"] and "Headless" not in seen["userAgent"]
    assert (seen["uaPlatform"], seen["uaMobile"]) == ("Android", True)
    assert "Google Chrome" in seen["brands"] and "HeadlessChrome" not in seen["brands"]
    assert seen["vendor"] == "Google Inc."
    assert seen["maxTouchPoints"] > 0
    assert seen["screen"][:3] == [393, 852, 3]


def _signs(device: WebDevice, app: App) -> str:
    """The page's latest record of what it saw, read by the grader's own world."""
    driver = app._driver
    found, _, _ = device.reads(driver).probe([("css selector", "#signs", None)], None)
    assert found, "the page wrote no record"
    return str(found[0].text)
