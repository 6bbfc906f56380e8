"""Check that a hidden suite only asserts what the public specification lets an agent know.

A string a suite asserts (`see`, `not_see`, `see_in_order`, `tap`) is fair when it
- appears verbatim in one of the task's public instruction files, or
- is a value the suite itself entered (a literal passed to any other call, e.g. a payee it
  types through a helper), or
- has the shape of a quoted string of the specification once every amount and number is
  replaced by a placeholder (`Over by $131.65` has the shape of `Over by $19.15`): derived
  values follow a pinned format.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

ASSERTING_CALLS = frozenset({"see", "not_see", "see_in_order", "tap"})
_QUOTED = re.compile(r"`([^`\n]+)`")
_DIGITS = r"(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?"
_MONEY = re.compile(r"[-+]?\$" + _DIGITS)
_NUMBER = re.compile(_DIGITS)


def shape(text: str) -> str:
    """The text with amounts and numbers replaced by placeholders, spaces folded."""
    text = " ".join(text.split())
    return _NUMBER.sub("<n>", _MONEY.sub("<money>", text))


@dataclass(frozen=True)
class Asserted:
    text: str
    file: Path
    line: int


def _strings(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def suite_strings(path: Path) -> tuple[list[Asserted], set[str]]:
    """(strings the suite asserts, strings it passes to other calls) of one test file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    asserted: list[Asserted] = []
    supplied: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else (
            node.func.id if isinstance(node.func, ast.Name) else ""
        )
        if name in ASSERTING_CALLS:
            for arg in node.args:
                for text in _strings(arg):
                    asserted.append(Asserted(text, path, node.lineno))
        else:
            for arg in [*node.args, *(k.value for k in node.keywords if k.arg != "criterion")]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    supplied.add(arg.value)
    return asserted, supplied


def unfounded_strings(instruction_files: list[Path], suite_files: list[Path]) -> list[Asserted]:
    """The asserted strings of `suite_files` that the instruction files do not found."""
    public = "\n".join(p.read_text(encoding="utf-8") for p in instruction_files)
    public_folded = " ".join(public.split())
    shapes = {shape(q) for q in _QUOTED.findall(public)}
    found: list[Asserted] = []
    for suite in suite_files:
        asserted, supplied = suite_strings(suite)
        for item in asserted:
            folded = " ".join(item.text.split())
            if folded in public_folded or item.text in supplied or shape(folded) in shapes:
                continue
            found.append(item)
    return found


_MARKS = str.maketrans("", "", "`*")
"""Markdown around a stated text (`code`, **bold**): not part of what the app shows."""


def _stated(text: str) -> str:
    return " ".join(text.translate(_MARKS).split())


def _value(number: str) -> Decimal:
    """`1,450.00` and `1450`, `02` and `2`: the same number however it is written."""
    return Decimal(number.replace(",", ""))


def unstated_texts(visible: list[str], public_files: list[Path]) -> list[str]:
    """The texts of `visible` (what a screen shows, one element or line each) that the public
    files do not state; sorted, once each.

    A text is stated when it appears in them verbatim (whitespace folded, markdown marks
    dropped), or when it has the shape of one of their quoted strings and every amount and
    number in it appears in them: a seed value in a pinned format (`-$1,450.00` for the seed
    table's `-1,450.00`, `Nov 2, 2026` for `2026-11-02`). A computed value the files never
    give (a tax, a share) is unstated: a design image showing it would tell the agent more
    than the specification does.
    """
    raw = "\n".join(p.read_text(encoding="utf-8") for p in public_files)
    public = _stated(raw)
    shapes = {shape(q) for q in _QUOTED.findall(raw)}
    numbers = {_value(n) for n in _NUMBER.findall(raw)}

    def stated(text: str) -> bool:
        if text in public:
            return True
        return shape(text) in shapes and all(_value(n) in numbers for n in _NUMBER.findall(text))

    shown = {_stated(text) for text in visible}
    return sorted(text for text in shown if text and not stated(text))
