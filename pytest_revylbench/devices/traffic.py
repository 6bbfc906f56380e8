"""The app's requests, seen through a DevTools socket of the grader's own to the app's tab,
its `Network` domain enabled and read by a thread of its own (`RequestWatch`).

It replaces chromedriver's performance log, which keeps every network event it receives,
whole, up to 100,000 of them: a page requesting a 1 MB URL every 5 ms grew chromedriver to
3.8 GB, Appium to 1.3 GB and the grader to 580 MB in one flow-only grade of budget, which
took 239 s instead of 13 (2026-12-05). Here each event is read as it comes and only its URL
kept, cut to `URL_CHARS`, at most `KEEP` of them between two reads. Whatever the watch could
not keep or see is one more entry of its own (`overflow://…`): such a URL is outside every
allowed host, so the network item fails, as the requests it stands for could have made it.
Chromium closes a DevTools socket that falls its send buffer (256 MB) behind; that is the
bound on the browser's side, and a watch that lost its socket says so in the same way.

Only the tab's own requests are seen, as chromedriver's log saw them, not the browser's own:
a recording proxy in place of the one where nothing listens (`web_browser.network_args`) would see
those too (its sign-in service calls accounts.google.com with no page open, 2026-12-05).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from typing import Any

from pytest_revylbench.devices.devtools import Command, DevToolsError, connect

REQUEST_EVENTS = ("Network.requestWillBeSent", "Network.webSocketCreated")
KEEP = 1000
"""URLs kept between two reads; the rest are counted."""
URL_CHARS = 2000
"""Characters kept of one URL (a URL can be 2 MB long)."""
LOST = "overflow://requests-no-longer-seen"
"""The entry of a watch whose socket closed under it: what the page requested since is unknown."""


def request_url(message: dict[str, Any]) -> str | None:
    """The URL a DevTools network event says the page requested (None: another event)."""
    if message.get("method") not in REQUEST_EVENTS:
        return None
    params = message.get("params") or {}
    url = (params.get("request") or {}).get("url") or params.get("url")
    return str(url) if url else None


class RequestWatch:
    """The requests of one tab, from its DevTools websocket URL: `drain` between checks,
    `close` when the tab is left.

    :raises DevToolsError: the socket could not be opened or the domain enabled.
    """

    def __init__(self, url: str, *, timeout_s: float = 10.0, hello: Sequence[Command] = ()) -> None:
        self._ws = connect(url, timeout_s, hello)
        self._lock = threading.Lock()
        self._urls: list[str] = []
        self._dropped = 0
        self._lost = False
        self._closing = False
        try:  # enabled before the app loads: its first requests are seen
            self._ws.send(json.dumps({"id": 1, "method": "Network.enable", "params": {"maxPostDataSize": 0}}))
            while True:
                message = json.loads(self._ws.recv())
                if message.get("id") == 1:
                    break
                self._note(message)
        except Exception as exc:
            self._ws.close()
            raise DevToolsError(f"could not watch the tab's requests at {url}: {exc}") from exc
        if "error" in message:
            self._ws.close()
            raise DevToolsError(f"Network.enable: {message['error']}")
        self._ws.settimeout(None)
        self._thread = threading.Thread(target=self._read, name="revylbench-requests", daemon=True)
        self._thread.start()

    def _room(self) -> bool:
        """Whether one more URL can be kept; a request there is no room for is counted."""
        with self._lock:
            if len(self._urls) < KEEP:
                return True
            self._dropped += 1
            return False

    def _keep(self, url: str | None) -> None:
        if url is not None:
            with self._lock:
                self._urls.append(url[:URL_CHARS])

    def _note(self, message: dict[str, Any]) -> None:
        url = request_url(message)
        if url is not None and self._room():
            self._keep(url)

    def _read(self) -> None:
        while True:
            try:
                frame = self._ws.recv()
            except Exception:
                with self._lock:
                    self._lost = not self._closing
                return
            # Only request events are decoded, and only while there is room for their URL: most
            # of a busy page's traffic is other events, and a flood's is all the same.
            if any(f'"{event}"' in frame[:120] for event in REQUEST_EVENTS) and self._room():
                try:
                    self._keep(request_url(json.loads(frame)))
                except ValueError:
                    continue

    def drain(self) -> list[str]:
        """The URLs requested since the last drain, in order, then the overflow entries."""
        with self._lock:
            urls, dropped, lost = self._urls, self._dropped, self._lost
            self._urls, self._dropped = [], 0
        return [*urls, *([f"overflow://{dropped}-more-requests"] if dropped else []),
                *([LOST] if lost else [])]

    def close(self) -> None:
        with self._lock:
            self._closing = True
        try:
            self._ws.abort()  # no closing handshake: the reader's `recv` ends at once
        except Exception:
            pass
        self._thread.join(timeout=5)
        self._ws.shutdown()
