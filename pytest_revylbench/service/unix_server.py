"""An asyncio server on a Unix socket, in a thread of its own: the base of the run's CONNECT
proxy and of the agents' tool gateway.

`start()` listens (and raises what kept it from listening); `stop()` runs `_closing()` in the
loop, closes the server, lets the loop run `STOP_GRACE_S` more and removes the socket.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

LISTEN_TIMEOUT_S = 10.0


class ThreadedUnixServer:
    """Subclasses answer each connection in `_client`."""

    STOP_GRACE_S = 0.0
    """How long the loop runs after the server is closed (for children to be reaped)."""

    def __init__(self, socket_path: Path, thread_name: str, limit: int = 2 ** 16) -> None:
        self.socket_path = socket_path
        self._limit = limit
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name=thread_name, daemon=True)
        self._server: asyncio.AbstractServer | None = None
        self._error: BaseException | None = None

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        raise NotImplementedError

    def _closing(self) -> None:
        """Run in the loop when `stop()` begins, before the server closes."""

    def _listen(self) -> None:
        self._thread.start()
        self._ready.wait(LISTEN_TIMEOUT_S)
        if self._error is not None:
            raise self._error
        if self._server is None:
            raise OSError(f"could not listen on {self.socket_path} within {LISTEN_TIMEOUT_S:.0f} s")

    def stop(self) -> None:
        def close() -> None:
            self._closing()
            if self._server is not None:
                self._server.close()
            self._loop.call_later(self.STOP_GRACE_S, self._loop.stop)
        self._loop.call_soon_threadsafe(close)
        self._thread.join(timeout=10)
        self.socket_path.unlink(missing_ok=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._server = self._loop.run_until_complete(asyncio.start_unix_server(
                self._client, path=str(self.socket_path), limit=self._limit))
        except BaseException as exc:  # handed to start()
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        self._loop.run_forever()
