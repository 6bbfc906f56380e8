"""The host-side HTTP proxy an agent's sandbox reaches the network through, on a Unix socket.

It answers `CONNECT host:port` (HTTPS) and absolute-form requests (`GET http://host/…`,
plain HTTP) for the pairs the `NetworkPolicy` allows, and refuses every other one with
`403 Forbidden` and a log line. Standard library only (asyncio), in a thread of its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from pytest_revylbench.service.network_policy import NetworkPolicy
from pytest_revylbench.service.unix_server import ThreadedUnixServer

MAX_HEAD = 64 * 1024
CONNECT_TIMEOUT_S = 20.0


def _target(method: str, target: str) -> tuple[str, int, bytes | None]:
    """(host, port, request line to send upstream or None for a tunnel)."""
    if method == "CONNECT":
        host, _, port = target.rpartition(":")
        if not host or not port.isdigit():
            raise ValueError(f"CONNECT {target}: expected host:port")
        return host.strip("[]"), int(port), None
    url = urlsplit(target)
    if url.scheme != "http" or not url.hostname:
        raise ValueError(f"{method} {target}: expected an absolute http:// URL (or CONNECT for https)")
    path = url.path or "/"
    if url.query:
        path += "?" + url.query
    return url.hostname, url.port or 80, path.encode()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        try:
            writer.close()
        except (ConnectionError, OSError):
            pass


class ConnectProxy(ThreadedUnixServer):
    """`start()` listens on `socket_path` in a thread; `stop()` closes it."""

    def __init__(self, socket_path: Path, policy: NetworkPolicy,
                 log: Callable[[str], None] = print) -> None:
        super().__init__(socket_path, "revylbench-proxy", limit=MAX_HEAD)
        self.policy = policy
        self.log = log
        self.refused: list[str] = []

    def start(self) -> ConnectProxy:
        self._listen()
        return self

    async def _refuse(self, writer: asyncio.StreamWriter, status: str, message: str) -> None:
        body = (message + "\n").encode()
        writer.write(f"HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: {len(body)}\r\n"
                     "Connection: close\r\n\r\n".encode() + body)
        try:
            await writer.drain()
        finally:
            writer.close()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            writer.close()
            return
        line, _, rest = head.partition(b"\r\n")
        parts = line.decode("latin-1").split()
        try:
            if len(parts) != 3:
                raise ValueError(f"not an HTTP request line: {line[:100]!r}")
            method, target, version = parts
            host, port, path = _target(method, target)
        except ValueError as exc:
            await self._refuse(writer, "400 Bad Request", f"revylbench proxy: {exc}")
            return
        if not self.policy.allows(host, port):
            self.refused.append(f"{host}:{port}")
            self.log(f"[proxy] refused {method} {host}:{port}: not allowed by the network policy")
            await self._refuse(writer, "403 Forbidden", f"revylbench proxy: {host}:{port} is not "
                               "allowed by this run's network policy")
            return
        try:
            up_reader, up_writer = await asyncio.wait_for(asyncio.open_connection(host, port),
                                                          CONNECT_TIMEOUT_S)
        except (OSError, TimeoutError) as exc:
            self.log(f"[proxy] {host}:{port} allowed but unreachable: {exc}")
            await self._refuse(writer, "502 Bad Gateway", f"revylbench proxy: {host}:{port}: {exc}")
            return
        self.log(f"[proxy] {method} {host}:{port} allowed")
        if path is None:
            writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
        else:
            up_writer.write(f"{method} ".encode() + path + f" {version}\r\n".encode() + rest)
        await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
