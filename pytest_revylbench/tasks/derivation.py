"""A task's independent derivation (`suites/<id>/derive.py`) held against its suite.

The derivation is a standalone script, written apart from the reference app, that computes
every derived string the suite asserts from the public seed data and rules, and prints them as
one JSON object (`{"<name>": "<string>"}`). A value the reference and the suite got wrong
together is caught here: the two must agree with a third computation.

Two directions are checked:
- every derived value appears verbatim in the hidden suite (the device tests or the component
  tests): the derivation computes what is asserted, not something beside it;
- every string with a digit that the device suite expects on screen (its string constants but
  prose, typed input and test IDs: `expected_with_digits`) is either stated in the public
  instruction files or inside a derived value: nothing computed is asserted without being
  derived.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from pytest_revylbench.tasks.digests import DERIVATION_FILE
from pytest_revylbench.tasks.loading import Task
from pytest_revylbench.tasks.specstrings import suite_strings

TIMEOUT_S = 60
_DIGIT = re.compile(r"[0-9]")
_IDENTIFIER = re.compile(r"[A-Za-z0-9_\-.\[\]]+")
"""A test ID, an item name (`screen[cart]`), a typed number: not text a screen shows derived."""
CANARY = "rvb-canary-"
_ASSERTING_LINE = re.compile(r"expect|ByText|toHave")
_LITERAL = re.compile(r"'((?:[^'\\\n]|\\.)*)'|\"((?:[^\"\\\n]|\\.)*)\"|`([^`$]*)`")
_AMOUNT = re.compile(r"(-?\$?[0-9][0-9,]*(?:\.[0-9]+)?%?)")
SEPARATOR = " | "
"""How a derivation prints an ordering: its parts in order, joined."""


class DerivationError(RuntimeError):
    """The derivation did not run, or printed something other than a JSON object of strings."""


@dataclass(frozen=True)
class Disagreement:
    what: str
    """`underived` (asserted, not derived) or `unasserted` (derived, never asserted)."""
    text: str
    where: str
    """The suite file and line, or the derived value's name."""

    def __str__(self) -> str:
        if self.what == "unasserted":
            return f"{self.where}: derived {self.text!r}, which no test of the suite asserts"
        return f"{self.where}: asserts {self.text!r}, which is neither stated nor derived"


def derivation_path(task: Task) -> Path:
    return task.suite / DERIVATION_FILE


def derived_values(task: Task) -> dict[str, str]:
    """What the task's derivation prints: name -> the exact string the suite asserts."""
    script = derivation_path(task)
    try:
        done = subprocess.run([sys.executable, "-I", str(script.resolve())], capture_output=True, text=True,
                              timeout=TIMEOUT_S, cwd=task.suite)
    except subprocess.TimeoutExpired as exc:
        raise DerivationError(f"{script}: still running after {TIMEOUT_S} s") from exc
    if done.returncode != 0:
        raise DerivationError(f"{script}: exit {done.returncode}: {done.stderr.strip()[-400:]}")
    try:
        values = json.loads(done.stdout)
    except json.JSONDecodeError as exc:
        raise DerivationError(f"{script}: printed no JSON object ({exc})") from exc
    if not isinstance(values, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in values.items()):
        raise DerivationError(f"{script}: printed JSON that is not an object of strings")
    if not values:
        raise DerivationError(f"{script}: derived nothing")
    return values


def _criteria_and_docs(tree: ast.Module) -> set[int]:
    """The nodes that are prose, not expected text: docstrings and criteria (given literally,
    or through a name: what is assigned to any name a criterion reads)."""
    prose: set[int] = set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "criterion":
            prose |= {id(n) for n in ast.walk(node.value)}
            names |= {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
        if (isinstance(node, (ast.Module, ast.FunctionDef)) and node.body
                and isinstance(node.body[0], ast.Expr)):
            prose.add(id(node.body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id in names for t in node.targets):
            prose |= {id(n) for n in ast.walk(node.value)}
    return prose


def expected_with_digits(suite_file: Path) -> list[tuple[int, str]]:
    """The device suite's strings with a digit that are expected on screen (or built into
    what is): every string constant but prose (docstrings, criteria), the canary, what the
    suite itself supplies to other calls (typed text, test IDs) and identifier-like words."""
    tree = ast.parse(suite_file.read_text(encoding="utf-8"), filename=str(suite_file))
    prose = _criteria_and_docs(tree)
    _, supplied = suite_strings(suite_file)
    found = []
    for node in ast.walk(tree):
        if id(node) in prose or not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        text = node.value
        if (not _DIGIT.search(text) or text in supplied or CANARY in text
                or _IDENTIFIER.fullmatch(text)):
            continue
        found.append((node.lineno, text))
    return found


def expected_in_component_tests(test_file: Path) -> list[tuple[int, str]]:
    """The component tests' literal strings with a digit on a line that asserts (an `expect`,
    a text query or matcher): what the screen must show. Template literals with `${}` are
    built, not given: their parts are not read."""
    found = []
    for number, line in enumerate(test_file.read_text(encoding="utf-8").splitlines(), 1):
        if not _ASSERTING_LINE.search(line) or line.lstrip().startswith(("//", "*", "/*")):
            continue
        for match in _LITERAL.finditer(line):
            text = next(group for group in match.groups() if group is not None)
            if _DIGIT.search(text) and not _IDENTIFIER.fullmatch(text):
                found.append((number, text))
    return found


def _in_suite(value: str, suite_text: str) -> bool:
    """The value is in the suite's text: whole, or, for an ordering printed joined by ` | `,
    each of its parts. `<...>` stands for no text (a state shown by absence): nothing to find."""
    if value.startswith("<") and value.endswith(">"):
        return True
    if value in suite_text:
        return True
    if SEPARATOR in value:
        return all(_in_suite(part, suite_text) for part in value.split(SEPARATOR))
    return all(chunk in suite_text for chunk in _chunks(value))


def _chunks(value: str) -> list[str]:
    """`Invoiced: $2,214.72` -> `Invoiced:`, `$2,214.72`: a label and its amount, which a suite
    often asserts as a template (`f"Invoiced: {amount}"`) and a value given apart."""
    parts = [p.strip() for p in _AMOUNT.split(value)]
    return [p for p in parts if p]


def _folded(text: str) -> str:
    return " ".join(text.replace("`", "").split())


def disagreements(task: Task, values: dict[str, str]) -> list[Disagreement]:
    """Where the derivation and the suite part ways (both directions, module docstring)."""
    device = sorted(task.suite.glob("test_*.py"))
    component = sorted((task.suite / "functional").glob("*.test.tsx"))
    suite_text = "\n".join(p.read_text(encoding="utf-8") for p in (*device, *component))
    found = [Disagreement("unasserted", value, name) for name, value in values.items()
             if not _in_suite(value, suite_text)]
    public = _folded("\n".join(p.read_text(encoding="utf-8") for p in task.instruction_files))
    derived = [_folded(v) for v in values.values()]
    expected = [(file, line, text) for file in device for line, text in expected_with_digits(file)]
    expected += [(file, line, text) for file in component
                 for line, text in expected_in_component_tests(file)]
    for file, line, text in expected:
        folded = _folded(text)
        if folded in public or any(folded in value for value in derived):
            continue
        found.append(Disagreement("underived", text, f"{file.name}:{line}"))
    return found
