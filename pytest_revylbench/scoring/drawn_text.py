"""Does a read of the pixels say the text a check read from the page? A tolerant comparison.

OCR of honest text errs in known ways: look-alike glyphs (`0`/`O`, `1`/`l`/`I`, `5`/`S`),
case of letters whose capitals are their small letters enlarged, typographic punctuation, and
spacing. Those are folded away on both sides. What a forgery changes is different: a
separator or a digit missing or added (a web font whose comma is blank, a zero-size span), or
other text drawn where the page says something else. A read "clearly disagrees" only when it
reads the rest of the text cleanly and differs in such characters; anything else it gets
wrong is `unreadable`, never a verdict.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Literal

Agreement = Literal["shown", "not_shown", "unreadable"]

_FOLD = str.maketrans({
    "O": "0", "o": "0", "D": "0", "Q": "0",
    "l": "1", "I": "1", "|": "1", "i": "1", "!": "1", "]": "1", "[": "1", "j": "1", "J": "1",
    "S": "5", "s": "5",
    "Z": "2", "z": "2",
    "B": "8",
    "g": "9", "q": "9",
    "C": "c", "K": "k", "P": "p", "U": "u", "V": "v", "W": "w", "X": "x", "Y": "y",
    # typographic quotes, accents and dashes, an ellipsis and dots, and braces OCR confuses
    "\u2019": "'", "\u2018": "'", "`": "'", "\u00b4": "'", "\u201c": '"', "\u201d": '"',
    "\u201e": '"', "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2010": "-",
    "\u2026": "...", "\u2022": ".", "\u00b7": ".", "{": "(", "}": ")",
})
CRITICAL = frozenset("0123456789,.:/$%+-€£¥#")
"""What a forgery of an amount, a count or a date changes: digits and their separators (after
folding, a letter O counts as a digit too: it reads alike)."""
CLEAN_SHARE = 0.1
"""A read is clean when at most this share of the text (and at least one character) differs
outside the critical characters."""
FORGED_SHARE = 0.15
"""...and the whole read differs from the text in at most this share (at least two characters):
a read garbled into digits is no verdict."""
MIN_AGREED = 3
"""...and it reads at least this many of the text's characters right: a short text has no rest
to show the read is clean (a badge's `4` in a rounded pill read as `Gy`, its `3` as `5`), so
its misreads are `unreadable`, never `not_shown`."""
FUZZY_SHARE = 0.25
"""A read that differs from the text in at most this share of its characters, none of them
critical, still shows it (OCR slips on letters)."""


_STRAY = frozenset("|!Il1[](){}_-.,:;'\"`~\u2018\u2019\u201c\u201d")
"""Characters a border, a caret or the edge of a neighbour's glyph reads as."""


def trim_strays(read: str) -> str:
    """A read without its first and last words when they are only stray marks (`|`, `-` ...),
    standing apart from the text: the crop's edges, not its text."""
    words = read.split()
    while len(words) > 1 and set(words[-1]) <= _STRAY:
        words.pop()
    while len(words) > 1 and set(words[0]) <= _STRAY:
        words.pop(0)
    return " ".join(words)


def normalise(text: str) -> str:
    """The text as compared: NFKC, whitespace removed, look-alikes folded."""
    return "".join(unicodedata.normalize("NFKC", text).split()).translate(_FOLD)


@dataclass(frozen=True)
class Comparison:
    agreement: Agreement
    distance: int
    why: str = ""


def _edits(expected: str, read: str) -> list[tuple[str, str, str]]:
    """A least-cost alignment's edits: ("del", e, ""), ("ins", "", r) or ("sub", e, r)."""
    rows, cols = len(expected) + 1, len(read) + 1
    cost = [[0] * cols for _ in range(rows)]
    for i in range(rows):
        cost[i][0] = i
    for j in range(cols):
        cost[0][j] = j
    for i in range(1, rows):
        for j in range(1, cols):
            same = expected[i - 1] == read[j - 1]
            cost[i][j] = min(cost[i - 1][j] + 1, cost[i][j - 1] + 1, cost[i - 1][j - 1] + (not same))
    edits: list[tuple[str, str, str]] = []
    i, j = len(expected), len(read)
    while i or j:
        if i and j and cost[i][j] == cost[i - 1][j - 1] + (expected[i - 1] != read[j - 1]):
            if expected[i - 1] != read[j - 1]:
                edits.append(("sub", expected[i - 1], read[j - 1]))
            i, j = i - 1, j - 1
        elif i and cost[i][j] == cost[i - 1][j] + 1:
            edits.append(("del", expected[i - 1], ""))
            i -= 1
        else:
            edits.append(("ins", "", read[j - 1]))
            j -= 1
    return edits[::-1]


def _say(edit: tuple[str, str, str]) -> str:
    kind, want, got = edit
    if kind == "del":
        return f"{want!r} missing"
    if kind == "ins":
        return f"{got!r} added"
    return f"{want!r} drawn as {got!r}"


def compare(expected: str, read: str) -> Comparison:
    """How a read of the pixels agrees with the `expected` text: the read as it is, or without
    stray marks at its ends (`trim_strays`), whichever agrees better. A read that holds the
    text whole, as words of its own beside other words, is no verdict: another element drawn
    within the box (habits' Today badge inside its tab's box read `Today 4`), not a forgery."""
    results = [_compare(expected, read), _compare(expected, trim_strays(read))]
    best = min(results, key=lambda r: (r.agreement != "shown", r.distance))
    if best.agreement == "not_shown" and _among_other_words(expected, read):
        return Comparison("unreadable", best.distance, "the text whole, beside another element's words")
    return best


def _among_other_words(expected: str, read: str) -> bool:
    """Some run of the read's words, not all of them, is the text."""
    want, words = normalise(expected), read.split()
    return any(normalise(" ".join(words[i:j])) == want
               for i in range(len(words)) for j in range(i + 1, len(words) + 1)
               if (i, j) != (0, len(words)))


def _compare(expected: str, read: str) -> Comparison:
    want, got = normalise(expected), normalise(read)
    if want == got:
        return Comparison("shown", 0)
    edits = _edits(want, got)
    critical = [e for e in edits if e[1] in CRITICAL or e[2] in CRITICAL]
    other = len(edits) - len(critical)
    if not got:
        return Comparison("unreadable", len(edits), "nothing read")
    clean = other <= max(1, int(CLEAN_SHARE * len(want)))
    agreed = len(want) - sum(1 for kind, _, _ in edits if kind != "ins")
    if (critical and clean and agreed >= MIN_AGREED
            and len(edits) <= max(2, int(FORGED_SHARE * len(want)))):
        return Comparison("not_shown", len(edits), "; ".join(_say(e) for e in critical[:5]))
    if not critical and len(edits) <= FUZZY_SHARE * len(want):
        return Comparison("shown", len(edits))
    return Comparison("unreadable", len(edits))
