"""A tokenizer of JavaScript and TypeScript (TSX included) good enough to read a submission's
code for what it names: comments dropped, strings and template parts decoded (escapes
resolved), regular expression literals told from division, each token with its line.

It is not a parser: JSX text reads as identifiers and punctuation, and a `'` in JSX text
opens a string that ends with its line. Nothing here runs the code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Kind = Literal["ident", "string", "template", "regex", "number", "punct"]


@dataclass(frozen=True)
class Token:
    kind: Kind
    value: str
    """An identifier's name, a string's or template part's decoded text, a regex's body, or
    the punctuation itself (template literals add the marks "`", "${" and "}$")."""
    line: int


_IDENT = re.compile(r"(?:[A-Za-z_$\u0080-\U0010ffff]|\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]+\})"
                    r"(?:[\w$\u0080-\U0010ffff]|\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]+\})*")
_NUMBER = re.compile(r"(?:0[xXoObB][0-9a-fA-F_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?)n?")
_PUNCT = re.compile(r"\?\.(?!\d)|===|!==|==|!=|=>|\.\.\.|[^\s\w$]")
_ESCAPE = re.compile(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|u\{[0-9a-fA-F]+\}|[0-7]{1,3}|\r\n|[\s\S])")
_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v"}
_REGEX_AFTER = frozenset({"return", "typeof", "case", "do", "else", "in", "instanceof", "new",
                          "delete", "void", "throw", "yield", "await", "of"})


def unescape(raw: str) -> str:
    """The value of a JavaScript string, template part or identifier with escapes in it."""
    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        if code[0] == "x" and len(code) == 3:
            return chr(int(code[1:], 16))
        if code[0] == "u" and len(code) > 1:
            return chr(min(int(code[1:].strip("{}"), 16), 0x10FFFF))
        if code[0] in "01234567":
            return chr(int(code, 8))
        if code in ("\n", "\r\n", "\r", "\u2028", "\u2029"):
            return ""  # a line continuation
        return _SIMPLE.get(code, code)
    return _ESCAPE.sub(one, raw)


def _regex_allowed(previous: Token | None) -> bool:
    if previous is None:
        return True
    if previous.kind == "punct":
        return previous.value not in (")", "]", "}$", "`")
    return previous.kind == "ident" and previous.value in _REGEX_AFTER


def tokenize(text: str) -> list[Token]:
    """The tokens of `text`; never raises (an unterminated string or comment ends the file)."""
    tokens: list[Token] = []
    braces: list[str] = []  # "{" or "${" per open brace: a template resumes at its "}"
    line, i, n = 1, 0, len(text)

    def emit(kind: Kind, value: str, at: int) -> None:
        tokens.append(Token(kind, value, at))

    def template_part(start: int) -> int:
        """Read a template's text from `start` (after "`" or "}"); returns where it stopped."""
        nonlocal line
        j, at = start, line
        while j < n and text[j] != "`" and not text.startswith("${", j):
            j += 2 if text[j] == "\\" else 1
        emit("template", unescape(text[start:j]), at)
        line += text.count("\n", start, j)
        if text.startswith("${", j):
            braces.append("${")
            emit("punct", "${", line)
            return j + 2
        emit("punct", "`", line)
        return j + 1

    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
        elif c in "'\"":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            emit("string", unescape(text[i + 1:min(j, n)]), line)
            line += text.count("\n", i + 1, min(j, n))
            i = j + 1 if j < n and text[j] == c else j
        elif c == "`":
            emit("punct", "`", line)
            i = template_part(i + 1)
        elif c == "}" and braces and braces[-1] == "${":
            braces.pop()
            emit("punct", "}$", line)
            i = template_part(i + 1)
        elif c == "/" and _regex_allowed(tokens[-1] if tokens else None) \
                and not (tokens and tokens[-1].value == "<") and not text.startswith("/>", i):
            j, in_class = i + 1, False
            while j < n and text[j] != "\n" and (in_class or text[j] != "/"):
                if text[j] == "\\":
                    j += 1
                elif text[j] == "[":
                    in_class = True
                elif text[j] == "]":
                    in_class = False
                j += 1
            emit("regex", unescape(text[i + 1:j]), line)
            i = j + 1
            while i < n and (text[i].isalnum() or text[i] == "_"):
                i += 1  # flags
        elif (m := _IDENT.match(text, i)) is not None:
            emit("ident", unescape(m.group()) if "\\" in m.group() else m.group(), line)
            i = m.end()
        elif (m := _NUMBER.match(text, i)) is not None and m.end() > i:
            emit("number", m.group(), line)
            i = m.end()
        else:
            m = _PUNCT.match(text, i)
            value = m.group() if m else c
            if value == "{":
                braces.append("{")
            elif value == "}" and braces:
                braces.pop()
            emit("punct", value, line)
            i += len(value)
    return tokens
