"""A tab the page opens itself (`window.open`, a link with `target="_blank"`) is the same phone
as the tab the grader drives.

chromedriver emulates the phone in the tabs it drives only; a tab the page opened was the
headless browser as it is (`HeadlessChrome` in its user agent, Linux, no touch), a sign of
grading one `window.open` away. The grader keeps its own socket to the browser, attached to
every new tab before it runs anything (`Target.setAutoAttach` with `waitForDebuggerOnStart`):
a tab with an opener gets the phone's user agent and client hints, screen, touch and the pinned
time zone, locale and media, then runs; every other new target simply runs. Commands to one
tab are carried out in order, so the emulation is in place before the tab's first script.

The socket is read by a thread of its own for the session's life; when it closes (the session
ends, the browser goes), the browser lets any tab still waiting run.
"""

from __future__ import annotations

import itertools
import json
import threading
from typing import Any

from pytest_revylbench.devices.devtools import DevToolsError, browser_socket, connect
from pytest_revylbench.devices.rendering import CDP_OVERRIDES

SETUP_TIMEOUT_S = 10.0


Commands = list[tuple[str, dict[str, Any]]]


def phone_emulation(user_agent: str, hints: dict[str, Any], metrics: dict[str, Any]) -> Commands:
    """The DevTools commands that make a tab the session's phone: what chromedriver's
    `mobileEmulation` (`user_agent`, client `hints`, device `metrics`) and `pin_session` give
    the tabs it drives."""
    return [
        ("Emulation.setUserAgentOverride", {"userAgent": user_agent, "userAgentMetadata": hints}),
        ("Emulation.setDeviceMetricsOverride", {
            "width": int(metrics["width"]), "height": int(metrics["height"]),
            "deviceScaleFactor": float(metrics["pixelRatio"]), "mobile": True}),
        ("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1}),
        *CDP_OVERRIDES,
    ]


class OpenedTabs:
    """The grader's socket to one browser that makes each tab a page opens the phone."""

    def __init__(self, address: str, emulation: Commands) -> None:
        self._emulation = emulation
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._ws = connect(browser_socket(address), SETUP_TIMEOUT_S)
        try:
            self._setup()
        except Exception:
            self.close()
            raise
        self._thread = threading.Thread(target=self._run, name="opened-tabs", daemon=True)
        self._thread.start()

    def _setup(self) -> None:
        ident = self._send("Target.setAutoAttach", {
            "autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True})
        self._ws.settimeout(SETUP_TIMEOUT_S)
        while True:
            message = json.loads(self._ws.recv())
            if message.get("id") == ident:
                if "error" in message:
                    raise DevToolsError(f"Target.setAutoAttach: {message['error']}")
                break
            self._handle(message)
        self._ws.settimeout(None)

    def _send(self, method: str, params: dict[str, Any], session: str | None = None) -> int:
        with self._lock:
            ident = next(self._ids)
            message: dict[str, Any] = {"id": ident, "method": method, "params": params}
            if session is not None:
                message["sessionId"] = session
            self._ws.send(json.dumps(message))
        return ident

    def _handle(self, message: dict[str, Any]) -> None:
        if message.get("method") != "Target.attachedToTarget":
            return
        params = message.get("params") or {}
        session = params.get("sessionId")
        info = params.get("targetInfo") or {}
        if not session:
            return
        if info.get("type") == "page" and info.get("openerId"):
            for method, command in self._emulation:
                self._send(method, command, session)
        if params.get("waitingForDebugger"):
            self._send("Runtime.runIfWaitingForDebugger", {}, session)

    def _run(self) -> None:
        while True:
            try:
                frame = self._ws.recv()
            except Exception:
                return  # closed: the session ended or the browser went
            try:
                self._handle(json.loads(frame))
            except Exception:
                return

    def close(self) -> None:
        try:
            self._ws.close()
        except Exception:
            pass
