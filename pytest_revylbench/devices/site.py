"""Serve an exported web bundle at the root of a loopback HTTP server."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class _BundleHandler(SimpleHTTPRequestHandler):
    """Static files; unknown paths without an extension get index.html (client routing)."""

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if not path.exists() and "." not in Path(self.path.split("?")[0]).name:
            self.path = "/index.html"
        return super().send_head()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class StaticSite:
    def __init__(self, root: Path) -> None:
        handler = functools.partial(_BundleHandler, directory=str(root))
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/"

    def start(self) -> StaticSite:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
