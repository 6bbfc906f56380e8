"""A DevTools websocket of the grader's own to one tab of the web device's browser, or to the
browser itself.

chromedriver names the browser's DevTools address in the session's capabilities
(`goog:chromeOptions.debuggerAddress`, on 127.0.0.1) and uses the tab's DevTools target id as
its window handle, so the grader reaches the very tab the session drives without asking the
browser which tabs it has (a page could open more with the same URL). A command sent here
skips Appium and chromedriver: ≈ 1 ms instead of ≈ 8 ms of round trip, and none of Appium's
CPU (figure 14). The app cannot reach the socket: its requests go through a proxy that does
not exist, loopback included (`web_browser.network_args`).
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable, Sequence
from typing import Any


class PageSilent(TimeoutError):
    """The tab did not answer a command within the limit: its page holds the renderer."""


class DevToolsError(RuntimeError):
    """The socket could not be used, or the browser answered a command with an error."""


class SocketFailed(DevToolsError):
    """The socket itself failed (closed, torn frame): the browser never answered."""


def debugger_address(driver: Any) -> str:
    """The browser's DevTools host:port, from the session's capabilities."""
    options = (getattr(driver, "capabilities", None) or {}).get("goog:chromeOptions") or {}
    address = options.get("debuggerAddress")
    if not address:
        raise DevToolsError("the session's capabilities name no goog:chromeOptions.debuggerAddress")
    return str(address)


def target_socket(address: str, target_id: str) -> str:
    """The DevTools websocket URL of the tab `target_id` (a chromedriver window handle)."""
    if not target_id or not all(c.isalnum() for c in target_id):
        raise DevToolsError(f"not a DevTools target id: {target_id!r}")
    return f"ws://{address}/devtools/page/{target_id}"


def browser_socket(address: str, timeout_s: float = 5.0) -> str:
    """The DevTools websocket URL of the browser itself at `address` (its `/json/version`):
    where tabs are opened and closed (`Target` domain) and cookies cleared."""
    try:
        with urllib.request.urlopen(f"http://{address}/json/version", timeout=timeout_s) as resp:
            url = json.load(resp)["webSocketDebuggerUrl"]
    except Exception as exc:
        raise DevToolsError(f"the browser at {address} named no DevTools socket: {exc}") from exc
    if not str(url).startswith(f"ws://{address}/devtools/browser/"):
        raise DevToolsError(f"the browser at {address} named a socket elsewhere: {url!r}")
    return str(url)


Command = tuple[str, dict[str, Any]]
"""A DevTools method and its parameters."""


def connect(url: str, timeout_s: float, hello: Sequence[Command] = ()) -> Any:
    """A websocket to the DevTools endpoint `url` (a `websocket.WebSocket`), on which the
    commands of `hello` have been carried out, in order, before it is handed back.

    `hello` is how a socket to a page says who the phone is (`web_browser.phone_identity`):
    Blink keeps `navigator.platform`'s override page-wide, and each DevTools session attached
    to a tab writes its own again whenever the tab gets a new renderer, so a socket of the
    grader's that never set one would put the host's back (`Linux x86_64`). Sent before any
    domain is enabled, so nothing but their answers comes back.

    :raises DevToolsError: it could not be opened, or a command of `hello` failed.
    """
    import websocket

    try:
        # No Origin header: Chromium refuses DevTools websockets from origins it does not allow.
        # No byte-by-byte UTF-8 check in Python: `recv` decodes each text frame as UTF-8 anyway
        # (in C, raising on a bad byte), and the Python check of a screenshot's megabyte of
        # base64 cost about a CPU-second per grade (bench/RESULTS.md, "CI's wall time").
        ws = websocket.create_connection(url, timeout=timeout_s, suppress_origin=True,
                                         skip_utf8_validation=True)
    except Exception as exc:
        raise DevToolsError(f"could not open the DevTools socket {url}: {exc}") from exc
    try:
        for ident, (method, params) in enumerate(hello, start=1):
            ws.send(json.dumps({"id": ident, "method": method, "params": params}))
            while (message := json.loads(ws.recv())).get("id") != ident:
                pass
            if "error" in message:
                raise DevToolsError(f"{method}: {message['error'].get('message', message['error'])}")
    except DevToolsError:
        ws.close()
        raise
    except Exception as exc:
        ws.close()
        raise DevToolsError(f"the DevTools socket {url} failed as it opened: {exc}") from exc
    return ws


class PageSocket:
    """One open DevTools websocket to a tab (or to the browser: `browser_socket`), used by one
    thread: a command is `call`ed, or `send` now and `wait`ed for later (a capture started
    while the test goes on; commands sent together and answered together)."""

    def __init__(self, url: str, *, connect_s: float = 10.0, hello: Sequence[Command] = ()) -> None:
        self.url = url
        self._ws = connect(url, connect_s, hello)
        self._ids = 0
        self._methods: dict[int, str] = {}
        """Commands sent and not yet waited for, by id."""
        self._answers: dict[int, dict[str, Any]] = {}
        """Answers read while waiting for another command's."""

    def call(self, method: str, params: dict[str, Any], *, timeout_s: float) -> dict[str, Any]:
        """Send one command and wait for its answer (`send` then `wait`)."""
        return self.wait(self.send(method, params), timeout_s=timeout_s)

    def send(self, method: str, params: dict[str, Any]) -> int:
        """Send one command without waiting; returns the id its answer is `wait`ed for by.

        :raises DevToolsError: the socket failed.
        """
        self._ids += 1
        try:
            self._ws.send(json.dumps({"id": self._ids, "method": method, "params": params}))
        except Exception as exc:
            raise SocketFailed(f"{method}: the DevTools socket failed: {exc}") from exc
        self._methods[self._ids] = method
        return self._ids

    def wait(self, ident: int, *, timeout_s: float,
             on_event: Callable[[dict[str, Any], int], None] | None = None) -> dict[str, Any]:
        """The answer to the command `ident` (answers to other commands that come first are
        kept for their own `wait`; events are handed to `on_event` with their size in
        characters, or skipped).

        :raises PageSilent: no answer within `timeout_s`.
        :raises DevToolsError: the socket failed or the browser answered with an error.
        """
        import websocket

        method = self._methods.get(ident, "command")
        deadline = time.monotonic() + timeout_s
        try:
            while ident not in self._answers:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise websocket.WebSocketTimeoutException("no answer")
                self._ws.settimeout(left)
                frame = self._ws.recv()
                message = json.loads(frame)
                if message.get("id") in self._methods:
                    self._answers[message["id"]] = message
                elif on_event is not None and "method" in message:
                    on_event(message, len(frame))
        except websocket.WebSocketTimeoutException as exc:
            raise PageSilent(f"{method} had no answer within {timeout_s:.0f}s") from exc
        except Exception as exc:  # the socket closed, the browser went away, a torn frame
            raise SocketFailed(f"{method}: the DevTools socket failed: {exc}") from exc
        message = self._answers.pop(ident)
        del self._methods[ident]
        if "error" in message:
            raise DevToolsError(f"{method}: {message['error'].get('message', message['error'])}")
        return dict(message.get("result") or {})

    def close(self) -> None:
        try:
            self._ws.close()
        except Exception:
            pass
