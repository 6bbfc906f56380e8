"""The web device's console errors, read from the page's own console store over the grader's
DevTools socket to its tab.

V8 keeps each page's console messages and uncaught exceptions in a store bounded by the
browser, not by the page: its latest 1,000 messages, and 10 MB of their text. Enabling the
`Runtime` domain replays the store (before the command's answer); the grader then empties it,
so each read returns what was logged since the last.

chromedriver's own browser log is not used on a device whose tab the grader reaches: it keeps
every entry it receives, whole, up to 100,000 of them. A page logging a 2 MB error every 5 ms
grew it to 6.5 GB on the grading host in one grade, and the grade took 320 s instead of 13
(2026-12-05). The store's bound means a flood pushes the oldest messages out: a read that
finds the store full says so in a line of its own (`OVERFLOW`), which the launch check counts
as an error, since the errors the flood pushed out can no longer be looked at.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pytest_revylbench.devices.devtools import PageSocket

STORE_MESSAGES = 1_000
STORE_CHARS = 10 * 1024 * 1024
"""V8's console store: its latest `STORE_MESSAGES` messages, `STORE_CHARS` of their text
(v8-console-message.cc, kMaxConsoleMessageCount and kMaxConsoleMessageV8Size)."""
FULL_AT = 0.4
"""The store reads as full from this share of `STORE_CHARS` of replayed text: V8 counts a
message's size its own way (two bytes a character for some strings), so the text seen is
between a half and the whole of what V8 counted."""
OVERFLOW = "the page's console store was full"
_ERROR_TYPES = frozenset({"error", "assert"})


def _argument(arg: dict[str, Any]) -> str:
    """One argument of a console call, as chromedriver's log wrote it (strings quoted)."""
    if "value" in arg:
        return json.dumps(arg["value"], ensure_ascii=False)
    return str(arg.get("description") or arg.get("unserializableValue") or arg.get("type", ""))


def _where(frames: list[dict[str, Any]], url: str = "", line: int = 0, column: int = 0) -> str:
    if frames:
        top = frames[0]
        url, line, column = top.get("url", ""), top.get("lineNumber", 0), top.get("columnNumber", 0)
    return f"{url} {line}:{column}".strip()


def console_line(event: dict[str, Any]) -> str | None:
    """The log line of one `Runtime` event when it is an error (None otherwise): the place,
    then what was logged, as chromedriver's browser log wrote it (`url line:column text`)."""
    params = event.get("params") or {}
    if event.get("method") == "Runtime.consoleAPICalled" and params.get("type") in _ERROR_TYPES:
        frames = (params.get("stackTrace") or {}).get("callFrames") or []
        text = " ".join(_argument(a) for a in params.get("args") or [])
        return f"{_where(frames)} {text}".strip()
    if event.get("method") == "Runtime.exceptionThrown":
        details = params.get("exceptionDetails") or {}
        frames = (details.get("stackTrace") or {}).get("callFrames") or []
        where = _where(frames, details.get("url", ""), details.get("lineNumber", 0),
                       details.get("columnNumber", 0))
        what = (details.get("exception") or {}).get("description") or ""
        return f"{where} {details.get('text', 'Uncaught')} {what}".strip()
    return None


class _Reading:
    """What one read of the store saw: its error lines, and how much it replayed."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.messages = 0
        self.chars = 0

    def __call__(self, event: dict[str, Any], size: int) -> None:
        if event.get("method") not in ("Runtime.consoleAPICalled", "Runtime.exceptionThrown"):
            return
        self.messages += 1
        self.chars += size
        line = console_line(event)
        if line is not None:
            self.errors.append(line)

    @property
    def full(self) -> bool:
        return self.messages >= STORE_MESSAGES or self.chars >= FULL_AT * STORE_CHARS


def read_console(socket: PageSocket, *, timeout_s: float) -> list[str]:
    """The errors the tab's page logged since the last read, oldest first, with `OVERFLOW`'s
    line first when the store was full.

    The store is replayed (`Runtime.enable`), emptied and the domain disabled again, three
    commands sent together; what the page logs while they run arrives as events and is kept
    too. :raises PageSilent, DevToolsError: as `PageSocket.wait`.
    """
    reading = _Reading()
    idents = [socket.send(method, {}) for method in
              ("Runtime.enable", "Runtime.discardConsoleEntries", "Runtime.disable")]
    seen: Callable[[dict[str, Any], int], None] = reading
    for ident in idents:
        socket.wait(ident, timeout_s=timeout_s, on_event=seen)
    if reading.full:
        return [f"{OVERFLOW}: it keeps the latest {STORE_MESSAGES:,} messages or "
                f"{STORE_CHARS // 2**20} MB of them, so the app logged more than could be read "
                f"({reading.messages} messages replayed)", *reading.errors]
    return reading.errors
