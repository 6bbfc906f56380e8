"""The pixel audit's comparison: OCR's honest slips pass, a forgery's changes do not."""

from __future__ import annotations

import pytest

from pytest_revylbench.scoring.drawn_text import compare, normalise


@pytest.mark.parametrize(("text", "read"), [
    ("$2,787.05", "$2,787.05\n"),
    ("Pizza Night", "Pizza  Night"),
    ("Overview", "0verview"),          # look-alike glyphs
    ("Bill 1 of 3", "Bill l of 3"),
    ("Don't stop", "Don\u2019t stop"),  # typographic apostrophe
    ("Groceries and household", "Groceries and househo1d"),
    ("Savings account", "Savinqs account"),
    ("Invoiced: $3,211.78", "Invoiced: $3,211.78 |"),   # a neighbour's glyph at the crop's edge
    ("Page 1", "Page 1"),                              # a last word that looks stray is kept
])
def test_what_ocr_gets_wrong_on_honest_text_still_shows_it(text: str, read: str) -> None:
    assert compare(text, read).agreement == "shown"


@pytest.mark.parametrize(("text", "read", "why"), [
    ("$2,787.05", "$2787.05", "',' missing"),       # a blank comma glyph, a zero-size span
    ("Total: $240.00", "Total: $2400.00", "'0' added"),
    ("Nov 30, 2026", "Nov 30 2026", "',' missing"),
    ("12 items", "13 items", "'2' drawn as '3'"),
])
def test_a_separator_or_digit_that_differs_in_a_clean_read_is_not_shown(
        text: str, read: str, why: str) -> None:
    result = compare(text, read)
    assert result.agreement == "not_shown"
    assert why in result.why


@pytest.mark.parametrize(("text", "read"), [
    ("Groceries", ""),
    ("Monthly budget overview", "Mxhly bdgt ovrvw 4"),   # a garbled read is no verdict
    ("4", "Gy"),     # a badge's digit in a rounded pill: no rest of the text to show the read
    ("3", "5"),      # is clean (the habits task's first badge, read back under --pixel-audit 1)
    ("2", "@"),
    ("12", "2"),
    ("Today", "Today 4"),            # the tab's label, and its badge drawn within the tab's box
    ("Total: $240.00", "3 Total: $240.00"),
])
def test_a_read_that_disagrees_everywhere_is_no_verdict(text: str, read: str) -> None:
    assert compare(text, read).agreement == "unreadable"


def test_normalise_drops_whitespace_and_folds_look_alikes() -> None:
    assert normalise(" O l S \n") == normalise("0 1 5")
