"""The tab's request watch (`devices.traffic.RequestWatch`) against a local websocket server
that speaks as Chromium does: the URLs of request events only, in order, cut and bounded, and
a socket lost under the watch said so. Chromium itself: tests/device/test_requests_seen.py."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Iterator

import pytest

from pytest_revylbench.devices.devtools import DevToolsError
from pytest_revylbench.devices.traffic import KEEP, LOST, URL_CHARS, RequestWatch

from .test_devtools import _read_frame, _server_frame, accept_websocket

Serve = Callable[..., str]


def request(url: str) -> dict:
    return {"method": "Network.requestWillBeSent", "params": {"requestId": "1", "request": {"url": url}}}


@pytest.fixture
def chromium() -> Iterator[Serve]:
    """Serve one connection: answer `Network.enable` after the first event, send the rest,
    close (once `hold` is set, if given)."""
    threads: list[threading.Thread] = []
    listeners: list[socket.socket] = []

    def serve(events: list[dict], hold: threading.Event | None = None) -> str:
        listener = socket.create_server(("127.0.0.1", 0))
        listeners.append(listener)

        def run() -> None:
            conn, _ = listener.accept()
            with conn:
                accept_websocket(conn)
                command = json.loads(_read_frame(conn))
                assert command["method"] == "Network.enable"
                frames = [events[0], {"id": command["id"], "result": {}}, *events[1:]]
                conn.sendall(b"".join(_server_frame(json.dumps(f).encode()) for f in frames))
                if hold is not None:
                    hold.wait(10)

        threads.append(threading.Thread(target=run, daemon=True))
        threads[-1].start()
        return f"ws://127.0.0.1:{listener.getsockname()[1]}/devtools/page/probe"

    yield serve
    for listener in listeners:
        listener.close()
    for thread in threads:
        thread.join(timeout=5)


def _read_to_the_end(watch: RequestWatch) -> list[str]:
    watch._thread.join(timeout=10)   # the server closed: the reader has read everything
    return watch.drain()


def test_only_request_events_are_kept_in_order_and_a_lost_socket_is_said(chromium: Serve) -> None:
    events = [request("http://a.invalid/1"), request("http://b.invalid/2"),
              {"method": "Network.requestWillBeSentExtraInfo", "params": {"request": {"url": "x"}}},
              {"method": "Network.webSocketCreated", "params": {"url": "ws://c.invalid/s"}},
              {"method": "Network.responseReceived", "params": {"response": {"url": "http://d.invalid/"}}}]
    watch = RequestWatch(chromium(events))
    assert _read_to_the_end(watch) == ["http://a.invalid/1", "http://b.invalid/2", "ws://c.invalid/s", LOST]
    assert watch.drain() == [LOST]   # still lost: nothing since can be known
    watch.close()


def test_a_flood_keeps_its_first_urls_cut_and_counts_the_rest(chromium: Serve) -> None:
    long = "http://flood.invalid/?" + "x" * (3 * URL_CHARS)
    watch = RequestWatch(chromium([request(f"{long}{n}") for n in range(KEEP + 5)]))
    urls = _read_to_the_end(watch)
    assert len(urls) == KEEP + 2 and urls[-2:] == ["overflow://5-more-requests", LOST]
    assert all(u == long[:URL_CHARS] for u in urls[:KEEP])
    watch.close()


def test_a_watch_closed_by_the_grader_is_not_lost(chromium: Serve) -> None:
    hold = threading.Event()
    watch = RequestWatch(chromium([request("http://a.invalid/")], hold))
    try:
        assert watch.drain() == ["http://a.invalid/"]   # read before the answer
        watch.close()
        assert not watch._thread.is_alive() and watch.drain() == []
    finally:
        hold.set()


def test_a_socket_that_cannot_be_watched_is_a_devtools_error() -> None:
    listener = socket.create_server(("127.0.0.1", 0))   # accepts, never upgrades
    try:
        with pytest.raises(DevToolsError, match="could not open the DevTools socket"):
            RequestWatch(f"ws://127.0.0.1:{listener.getsockname()[1]}/x", timeout_s=1)
    finally:
        listener.close()
