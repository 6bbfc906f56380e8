"""Serve an exported web bundle at the root of a loopback HTTP server, and the grader's own
pages (the calibration page) at paths of the same origin that no app can know."""

from __future__ import annotations

import functools
import os
import secrets
import stat
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HIDDEN_HEADERS = frozenset({"date", "last-modified", "server"})


def _route(path: str) -> str:
    return path.split("?", 1)[0].split("#", 1)[0]


class _BundleHandler(SimpleHTTPRequestHandler):
    """Static files; unknown paths without an extension get index.html (client routing)."""

    def __init__(self, *args: Any, pages: dict[str, Path], **kwargs: Any) -> None:
        self.pages = pages  # before the base class handles the request
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        page = self.pages.get(_route(path))
        return str(page) if page is not None else super().translate_path(path)

    def send_head(self) -> Any:
        route = _route(self.path)
        if route not in self.pages:
            if not Path(self.translate_path(self.path)).exists() and "." not in Path(route).name:
                self.path = "/index.html"
            if not self._within_bundle(self.translate_path(self.path)):
                self.send_error(HTTPStatus.NOT_FOUND, "File not found")
                return None
        return super().send_head()

    def _within_bundle(self, path: str) -> bool:
        """Whether `path` (and the index page a folder would be answered with) really lies in
        the bundle, as a regular file or a folder. The build refuses a bundle holding a link
        or a FIFO; this holds even if one got there: a link's real path leaving the bundle
        (to the suites) is not served, nor is a FIFO opened (it would block the server)."""
        root = os.path.realpath(self.directory)
        candidates = [path]
        if os.path.isdir(path):
            candidates += [os.path.join(path, name) for name in ("index.html", "index.htm")]
        for candidate in candidates:
            real = os.path.realpath(candidate)
            if real != root and not real.startswith(root + os.sep):
                return False
            try:
                mode = os.stat(real).st_mode
            except OSError:
                continue  # missing: the base class answers 404
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                return False
        return True

    def send_header(self, keyword: str, value: str) -> None:
        # The host's clock (`Date`, a file's `Last-Modified`: when the bundle was built) and the
        # server's make reach no page: the app's clock is the grader's (builder/clock.py), and
        # nothing tells the app which server it is graded on.
        if keyword.lower() not in HIDDEN_HEADERS:
            super().send_header(keyword, value)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class StaticSite:
    def __init__(self, root: Path) -> None:
        self._pages: dict[str, Path] = {}
        self._secret = secrets.token_hex(16)
        handler = functools.partial(_BundleHandler, directory=str(root), pages=self._pages)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/"

    def serve(self, page: Path) -> str:
        """Serve the grader's own file `page` beside the bundle, on the same origin, at a path
        no app can know (a random folder of this site's, then its name); returns its URL.

        Any other path is answered as the bundle's: a fixed reserved folder (answering 404
        where any other folder falls back to index.html) would tell an app it is graded."""
        route = f"/{self._secret}/{page.name}"
        self._pages[route] = page.resolve()
        return self.url.rstrip("/") + route

    def start(self) -> StaticSite:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
