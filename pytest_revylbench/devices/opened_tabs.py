"""A tab the page opens itself (`window.open`, a link with `target="_blank"`) is the same phone
as the tab the grader drives.

chromedriver emulates the phone in the tabs it drives only; a tab the page opened was the
headless browser as it is (`HeadlessChrome` in its user agent, Linux, no touch), a sign of
grading one `window.open` away. The grader keeps its own socket to the browser, attached to
every new tab before it runs anything (`Target.setAutoAttach` with `waitForDebuggerOnStart`):
a tab with an opener gets the phone's user agent and client hints, screen, touch and the pinned
time zone, locale and media, then runs; every other page gets the phone's identity (the
grader's identity must be the same on every session of a tab, `devtools.connect`); every other
target simply runs. Commands to one
tab are carried out in order, so the emulation is in place before the tab's first script.

The socket is read by a thread of its own for the session's life; when it closes (the session
ends, the browser goes), the browser lets any tab still waiting run.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Sequence
from typing import Any

from pytest_revylbench.devices.devtools import Command, DevToolsError, browser_socket, connect
from pytest_revylbench.devices.rendering import CDP_OVERRIDES

SETUP_TIMEOUT_S = 10.0


Commands = list[Command]


def phone_emulation(identity: Command, metrics: dict[str, Any]) -> Commands:
    """The DevTools commands that make a tab the session's phone: what chromedriver's
    `mobileEmulation` (device `metrics`) and `pin_session` (the phone's `identity`, the pinned
    rendering) give the tabs it drives."""
    return [
        identity,
        ("Emulation.setDeviceMetricsOverride", {
            "width": int(metrics["width"]), "height": int(metrics["height"]),
            "deviceScaleFactor": float(metrics["pixelRatio"]), "mobile": True}),
        ("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1}),
        *CDP_OVERRIDES,
    ]


class OpenedTabs:
    """The grader's socket to one browser that makes each tab a page opens the phone."""

    def __init__(self, address: str, emulation: Commands, hello: Sequence[Command]) -> None:
        """`emulation`: what a tab the page opened gets; `hello`: what every other tab gets
        (the phone's identity: this socket is attached to each tab, and one that said none
        would put the host's `navigator.platform` back, `devtools.connect`)."""
        self._emulation = emulation
        self._hello = list(hello)
        self._pending: set[int] | None = None
        """While the socket opens: the commands whose answers it waits for."""
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
        """Attach to every tab, and wait until the tabs open now (the session's own) have the
        phone's identity: a navigation before that would let this socket's session put the
        host's `navigator.platform` back (`devtools.connect`)."""
        ident = self._send("Target.setAutoAttach", {
            "autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True})
        self._pending = {ident}
        self._ws.settimeout(SETUP_TIMEOUT_S)
        while self._pending:
            message = json.loads(self._ws.recv())
            if message.get("id") in self._pending:
                self._pending.discard(message["id"])
                if "error" in message:
                    raise DevToolsError(f"opening the tabs' socket: {message['error']}")
                continue
            self._handle(message)
        self._pending = None
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
        if info.get("type") == "page":
            for method, command in self._emulation if info.get("openerId") else self._hello:
                sent = self._send(method, command, session)
                if self._pending is not None:
                    self._pending.add(sent)
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
