"""The web device's console read (`devices.console`): the lines it writes from DevTools events,
the three commands of one read, and the line that says the page's console store was full.
The store itself is Chromium's, read for real by tests/device/test_hostile.py."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pytest_revylbench.devices.appium import RemoteAppium
from pytest_revylbench.devices.console import (
    OVERFLOW,
    STORE_CHARS,
    STORE_MESSAGES,
    console_line,
    read_console,
)
from pytest_revylbench.devices.devtools import DevToolsError, PageSilent
from pytest_revylbench.devices.errors import DeviceError
from pytest_revylbench.devices.web import WebDevice

URL = "http://127.0.0.1:8081/index.js"


def called(kind: str, *args: dict[str, Any]) -> dict[str, Any]:
    return {"method": "Runtime.consoleAPICalled",
            "params": {"type": kind, "args": list(args), "executionContextId": 1,
                       "stackTrace": {"callFrames": [{"url": URL, "lineNumber": 187,
                                                      "columnNumber": 533}]}}}


def thrown(text: str, description: str) -> dict[str, Any]:
    return {"method": "Runtime.exceptionThrown",
            "params": {"exceptionDetails": {"text": text, "url": URL, "lineNumber": 3,
                                            "columnNumber": 9,
                                            "exception": {"description": description}}}}


def test_an_error_call_is_written_as_chromedriver_wrote_it() -> None:
    event = called("error", {"type": "string", "value": "ledger failed"}, {"type": "number", "value": 42},
                   {"type": "object", "description": "Object"})
    assert console_line(event) == f'{URL} 187:533 "ledger failed" 42 Object'
    assert console_line(called("assert", {"type": "string", "value": "x"})) == f'{URL} 187:533 "x"'


def test_only_errors_and_exceptions_are_lines() -> None:
    for kind in ("log", "info", "warning", "debug"):
        assert console_line(called(kind, {"type": "string", "value": "x"})) is None
    assert console_line({"method": "Runtime.executionContextCreated", "params": {}}) is None


def test_an_uncaught_exception_and_rejection_say_so() -> None:
    assert console_line(thrown("Uncaught", "Error: ledger failed to open\n    at App")) == (
        f"{URL} 3:9 Uncaught Error: ledger failed to open\n    at App")
    rejected = console_line(thrown("Uncaught (in promise)", "TypeError: x"))
    assert rejected == f"{URL} 3:9 Uncaught (in promise) TypeError: x"


class Store:
    """A tab's console store behind a socket: `Runtime.enable` replays `events` before its
    answer; the other commands are answered at once."""

    def __init__(self, events: list[dict[str, Any]], silent: bool = False) -> None:
        self.events, self.silent, self.sent = events, silent, []

    def send(self, method: str, params: dict[str, Any]) -> int:
        self.sent.append(method)
        return len(self.sent)

    def wait(self, ident: int, *, timeout_s: float,
             on_event: Callable[[dict[str, Any], int], None] | None = None) -> dict[str, Any]:
        if self.silent:
            raise PageSilent("Runtime.enable had no answer within 5s")
        if self.sent[ident - 1] == "Runtime.enable" and on_event is not None:
            for event in self.events:
                on_event(event, len(json.dumps(event)))
        return {}


def test_a_read_replays_empties_and_disables_in_one_go() -> None:
    store = Store([called("log", {"type": "string", "value": "hello"}),
                   called("error", {"type": "string", "value": "first"}),
                   thrown("Uncaught", "Error: second")])
    errors = read_console(store, timeout_s=5)  # type: ignore[arg-type]
    assert errors == [f'{URL} 187:533 "first"', f"{URL} 3:9 Uncaught Error: second"]
    assert store.sent == ["Runtime.enable", "Runtime.discardConsoleEntries", "Runtime.disable"]


@pytest.mark.parametrize("events", [
    [called("log", {"type": "string", "value": "."})] * STORE_MESSAGES,
    [called("error", {"type": "string", "value": "x" * (STORE_CHARS // 8)})] * 4,
], ids=["messages", "characters"])
def test_a_full_store_says_so_first(events: list[dict[str, Any]]) -> None:
    errors = read_console(Store(events), timeout_s=5)  # type: ignore[arg-type]
    assert errors[0].startswith(f"{OVERFLOW}: it keeps the latest 1,000 messages or 10 MB")
    assert len(errors) == 1 + sum(e["params"]["type"] == "error" for e in events)


def test_a_store_short_of_full_is_read_as_it_is() -> None:
    events = [called("log", {"type": "string", "value": "."})] * (STORE_MESSAGES - 1)
    assert read_console(Store(events), timeout_s=5) == []  # type: ignore[arg-type]


def test_a_page_that_does_not_answer_raises() -> None:
    with pytest.raises(PageSilent):
        read_console(Store([], silent=True), timeout_s=5)  # type: ignore[arg-type]


def test_a_local_tab_whose_socket_is_gone_is_a_bench_fault_not_a_clean_console(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """chromedriver keeps no console log on a device whose browsers run on this host: without
    the grader's socket, nothing would say the app's errors. A busy page gives none, as before."""
    device = WebDevice(bundle=tmp_path, appium=RemoteAppium("http://127.0.0.1:9"))
    driver = SimpleNamespace(session_id="s")
    monkeypatch.setattr(WebDevice, "_socket", lambda self, d: None)
    with pytest.raises(DeviceError, match="its console cannot be read"):
        device.console_errors(driver)

    class Broken(Store):
        def wait(self, ident: int, **kwargs: Any) -> dict[str, Any]:
            raise DevToolsError("Runtime.enable: the DevTools socket failed: closed")

    monkeypatch.setattr(WebDevice, "_socket", lambda self, d: Broken([]))
    with pytest.raises(DeviceError, match=r"could not be read: Runtime\.enable"):
        device.console_errors(driver)
    monkeypatch.setattr(WebDevice, "_socket", lambda self, d: Store([], silent=True))
    device._unread["s"] = ["read before a relaunch"]
    assert device.console_errors(driver) == ["read before a relaunch"]
