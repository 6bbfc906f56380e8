"""The functional tier: hidden jest tests, one pytest item per jest test.

Titles are read from the test files without running them (a tiny scanner over the source:
string-literal titles of `describe(...)` and `test(...)`/`it(...)`), so collection needs no
build and every xdist worker collects the same items. The one jest run of a grade (see
`source_checks`) then reports each test by its titles (`jest --json`), and each item looks
its own verdict up. Titles the scanner cannot read statically are a suite error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_revylbench.records.vocabulary import Tier
from pytest_revylbench.tasks.items import builtin_names
from pytest_revylbench.tasks.loading import Task

SEPARATOR = " › "  # noqa: RUF001  (jest's own separator)
SUFFIX = ".test.tsx"
_CALL = re.compile(r"\b(describe|test|it)(\.(only|skip|todo|each|concurrent))?\s*\(")
_STRING = re.compile(r"""\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')\s*,""")


class SuiteFileError(Exception):
    """A hidden test file the grader cannot turn into items; names the file and line."""


@dataclass(frozen=True)
class JestCase:
    file: str
    """The test file's name (`balances.test.tsx`)."""
    titles: tuple[str, ...]
    """Describe titles, then the test's own title."""
    line: int

    @property
    def name(self) -> str:
        """The pytest item's name: `<file stem> › <describe> › <test>`."""  # noqa: RUF002
        return SEPARATOR.join((self.file.removesuffix(SUFFIX), *self.titles))


def _blank(source: str, *, strings: bool) -> str:
    """The source with comments (and with `strings`, the insides of string literals) blanked,
    kept the same length so offsets and lines hold."""
    out = []
    i, n = 0, len(source)
    quote: str | None = None
    while i < n:
        c = source[i]
        if quote:
            if c == "\\" and i + 1 < n:
                out.append("  " if strings else source[i:i + 2])
                i += 2
                continue
            if c == quote:
                quote = None
                out.append(c)
            else:
                out.append(" " if strings and c != "\n" else c)
            i += 1
        elif c in "\"'`":
            quote = c
            out.append(c)
            i += 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("".join(ch if ch == "\n" else " " for ch in source[i:end]))
            i = end
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _closing_paren(source: str, open_at: int) -> int:
    """Offset of the `)` matching the `(` at `open_at` (strings and templates skipped)."""
    depth, i, quote = 0, open_at, None
    while i < len(source):
        c = source[i]
        if quote:
            if c == "\\":
                i += 2
                continue
            if c == quote:
                quote = None
        elif c in "\"'`":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return len(source)


_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|.)")
_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _unescape(raw: str) -> str:
    """A JavaScript string literal's value (its escapes resolved)."""
    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        if code.startswith("u") and len(code) == 5:
            return chr(int(code[1:], 16))
        return _SIMPLE.get(code, code)
    return _ESCAPE.sub(one, raw)


def parse_cases(path: Path) -> list[JestCase]:
    """The tests of one hidden test file, in source order.

    :raises SuiteFileError: a focused/skipped/table test, or a title that is not a string literal.
    """
    text = path.read_text(encoding="utf-8")
    source, code = _blank(text, strings=False), _blank(text, strings=True)
    cases: list[JestCase] = []
    scopes: list[tuple[int, str]] = []  # (end offset, describe title)
    for match in _CALL.finditer(code):
        start = match.start()
        line = source.count("\n", 0, start) + 1
        if start > 0 and (source[start - 1] == "." or source[start - 1].isalnum()):
            continue  # `expect(x).test(` or `xtest(`: not a test call
        where = f"{path}:{line}"
        if match.group(2):
            raise SuiteFileError(f"{where}: {match.group(0).rstrip('( ')} — focused, skipped or "
                                 "table tests are not allowed in a hidden suite")
        title = _STRING.match(source, match.end())
        if title is None:
            raise SuiteFileError(f"{where}: the title of {match.group(1)}(...) must be a plain "
                                 "string literal, so the grader can name its item")
        name = _unescape(title.group(1) if title.group(1) is not None else title.group(2))
        while scopes and scopes[-1][0] < start:
            scopes.pop()
        if match.group(1) == "describe":
            scopes.append((_closing_paren(source, match.end() - 1), name))
        else:
            cases.append(JestCase(path.name, (*(t for _, t in scopes), name), line))
    names = [c.name for c in cases]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise SuiteFileError(f"{path}: test names must be unique, repeated: {twice}")
    return cases


@dataclass(frozen=True)
class JestVerdict:
    status: str
    """`passed`, `failed`, or `not_run` (jest did not report the test)."""
    message: str = ""


ANSI = re.compile(r"\x1b\[[0-9;]*m")


def verdicts(report: dict[str, Any]) -> dict[str, JestVerdict]:
    """Each jest test's verdict by item name, from `jest --json` output.

    A file jest could not run (it does not compile, an import is missing, rendering threw
    before any test) gives each of its tests that file's error as a failure.
    """
    found: dict[str, JestVerdict] = {}
    for file_result in report.get("testResults", []):
        file = Path(str(file_result.get("name", ""))).name
        stem = file.removesuffix(SUFFIX)
        assertions = file_result.get("assertionResults") or []
        for a in assertions:
            name = SEPARATOR.join((stem, *a.get("ancestorTitles", []), a.get("title", "")))
            messages = [ANSI.sub("", m) for m in a.get("failureMessages") or []]
            status = {"passed": "passed", "failed": "failed"}.get(a.get("status"), "not_run")
            found[name] = JestVerdict(status, messages[0] if messages else "")
        if not assertions and file_result.get("status") == "failed":
            found[f"{stem}{SEPARATOR}*"] = JestVerdict(
                "failed", ANSI.sub("", str(file_result.get("message", ""))).strip()
            )
    return found


def verdict_of(case: JestCase, found: dict[str, JestVerdict]) -> JestVerdict:
    stem = case.file.removesuffix(SUFFIX)
    if case.name in found:
        return found[case.name]
    if f"{stem}{SEPARATOR}*" in found:
        return found[f"{stem}{SEPARATOR}*"]
    return JestVerdict("not_run", "jest did not report this test")


def item_names(task: Task) -> list[str]:
    """Every item name a full grade of `task` collects: its device tests (`def test_…` of the
    suite's modules), its jest tests and the built-in subtests of its declared tiers."""
    names = [line.split("(")[0][4:].strip() for module in sorted(task.suite.glob("test_*.py"))
             for line in module.read_text(encoding="utf-8").splitlines() if line.startswith("def test_")]
    if Tier.FUNCTIONAL in task.spec.tiers:
        names += [c.name for f in sorted((task.suite / "functional").glob(f"*{SUFFIX}"))
                  for c in parse_cases(f)]
    return names + builtin_names(task.spec)
