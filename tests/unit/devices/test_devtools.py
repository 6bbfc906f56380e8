"""The grader's own DevTools socket (`devices.devtools.PageSocket`) against a local websocket
server that answers each command with one text frame, as Chromium does.

A screenshot's answer is megabytes of base64: the socket decodes it once, in C, and does not
first check it byte by byte in Python (about 0.3 s per megabyte, bench/RESULTS.md "CI's wall
time"); a frame that is not UTF-8 is still refused.
"""

from __future__ import annotations

import base64
import hashlib
import json
import socket
import threading
from collections.abc import Iterator

import pytest
import websocket
from websocket import ABNF

from pytest_revylbench.devices.devtools import DevToolsError, PageSocket

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def _read_frame(conn: socket.socket) -> bytes:
    """One masked client frame's payload (a command; no fragments, under 64 KiB)."""
    head = conn.recv(2)
    size = head[1] & 0x7F
    if size == 126:
        size = int.from_bytes(conn.recv(2), "big")
    mask = conn.recv(4)
    data = b""
    while len(data) < size:
        data += conn.recv(size - len(data))
    return bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def _server_frame(payload: bytes) -> bytes:
    """An unmasked text frame, as a server sends; its bytes are sent as given."""
    frame = ABNF(1, 0, 0, 0, ABNF.OPCODE_TEXT, 0, b"")
    frame.data = payload
    return frame.format()


def accept_websocket(conn: socket.socket) -> None:
    """Answer a client's websocket handshake on `conn`, as Chromium's DevTools server does."""
    request = b""
    while b"\r\n\r\n" not in request:
        request += conn.recv(4096)
    key = next(line.split(b":", 1)[1].strip() for line in request.split(b"\r\n")
               if line.lower().startswith(b"sec-websocket-key"))
    accept = base64.b64encode(hashlib.sha1(key + GUID.encode()).digest())
    conn.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                 b"Connection: Upgrade\r\nSec-WebSocket-Accept: " + accept + b"\r\n\r\n")


@pytest.fixture
def devtools_server() -> Iterator[tuple[str, list[bytes]]]:
    """(ws URL, answers): each command read is answered with the next payload, its id
    spliced in where the payload first says ID."""
    answers: list[bytes] = []
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def serve() -> None:
        conn, _ = listener.accept()
        with conn:
            accept_websocket(conn)
            for payload in answers:
                ident = json.loads(_read_frame(conn))["id"]
                conn.sendall(_server_frame(payload.replace(b"ID", str(ident).encode(), 1)))

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"ws://127.0.0.1:{port}/devtools/page/probe", answers
    listener.close()
    thread.join(timeout=5)


def test_a_large_answer_is_read_without_a_python_byte_check(
        devtools_server: tuple[str, list[bytes]], monkeypatch: pytest.MonkeyPatch) -> None:
    url, answers = devtools_server
    shot = base64.b64encode(bytes(range(256)) * 4096).decode()        # 1 MiB, as base64
    answers.append(json.dumps({"id": 0, "result": {"data": shot}}).replace('"id": 0', '"id": ID').encode())

    def refuse(_data: bytes) -> bool:
        raise AssertionError("the payload was checked byte by byte in Python")

    monkeypatch.setattr(websocket._abnf, "validate_utf8", refuse)
    page = PageSocket(url)
    try:
        assert page.call("Page.captureScreenshot", {}, timeout_s=10)["data"] == shot
    finally:
        page.close()


def test_an_answer_that_is_not_utf8_is_a_socket_failure(
        devtools_server: tuple[str, list[bytes]]) -> None:
    url, answers = devtools_server
    answers.append(b'{"id": ID, "result": {"value": "\xff\xfe"}}')
    page = PageSocket(url)
    with pytest.raises(DevToolsError, match=r"Runtime\.evaluate: the DevTools socket failed"):
        page.call("Runtime.evaluate", {"expression": "1"}, timeout_s=10)


def _recording_server(answers: list[bytes]) -> tuple[str, list[dict], threading.Thread, socket.socket]:
    """A DevTools server that keeps each command it reads and answers it with the next payload
    (its id spliced in where the payload says ID)."""
    listener = socket.create_server(("127.0.0.1", 0))
    received: list[dict] = []

    def serve() -> None:
        conn, _ = listener.accept()
        with conn:
            accept_websocket(conn)
            for payload in answers:
                command = json.loads(_read_frame(conn))
                received.append(command)
                conn.sendall(_server_frame(payload.replace(b"ID", str(command["id"]).encode(), 1)))

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return f"ws://127.0.0.1:{listener.getsockname()[1]}/devtools/page/p", received, thread, listener


def test_a_socket_says_its_hello_before_it_is_handed_back() -> None:
    """Each socket of the grader's to a tab sets the phone's identity first: one that did not
    would put the host's navigator.platform back at the tab's next renderer."""
    hello = [("Emulation.setUserAgentOverride", {"userAgent": "phone", "platform": "Linux armv81"}),
             ("Emulation.setLocaleOverride", {"locale": "en-US"})]
    url, received, thread, listener = _recording_server(
        [b'{"id": ID, "result": {}}'] * 2 + [b'{"id": ID, "result": {"v": 1}}'])
    page = PageSocket(url, hello=hello)
    try:
        assert [(c["method"], c["params"]) for c in received] == hello
        assert page.call("Runtime.evaluate", {}, timeout_s=10) == {"v": 1}
    finally:
        page.close()
        listener.close()
        thread.join(timeout=5)


def test_a_hello_the_browser_refuses_is_a_devtools_error() -> None:
    url, received, thread, listener = _recording_server(
        [b'{"id": ID, "error": {"code": -32601, "message": "no such method"}}'])
    with pytest.raises(DevToolsError, match=r"Emulation\.setUserAgentOverride: no such method"):
        PageSocket(url, hello=[("Emulation.setUserAgentOverride", {"userAgent": "phone"})])
    assert [c["method"] for c in received] == ["Emulation.setUserAgentOverride"]
    listener.close()
    thread.join(timeout=5)
