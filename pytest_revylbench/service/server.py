"""The grading service's HTTP face, on a Unix socket (default) or 127.0.0.1 only.

```
POST /v1/submit          body: the workspace .tar.gz    -> 202 {job, state, position, message}
GET  /v1/status                                         -> 200 {task, budget, counted, left, …}
GET  /v1/jobs/<id>                                      -> 200 {job, state, done, …}
GET  /v1/feedback[?k=N]                                 -> 200 {k, markdown, files{name: base64}}
```
Every request names its rollout and token in the headers `X-Revylbench-Rollout` and
`X-Revylbench-Token`. A refusal is `{"error": message}` with 400, 403, 404, 409 or 413.
"""

from __future__ import annotations

import json
import os
import socketserver
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from pytest_revylbench.service.submissions import Refusal, SubmissionDesk
from pytest_revylbench.service.tarball import MAX_COMPRESSED

ROLLOUT_HEADER = "X-Revylbench-Rollout"
TOKEN_HEADER = "X-Revylbench-Token"


class _Handler(BaseHTTPRequestHandler):
    desk: SubmissionDesk
    server_version = "revylbench-service/1"

    def address_string(self) -> str:   # a Unix socket's peer has no address
        return str(self.client_address[0]) if self.client_address else "unix"

    def log_message(self, format: str, *args: Any) -> None:
        pass   # the service logs what it decides, not every request

    def _answer(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _rollout(self) -> Path:
        name, token = self.headers.get(ROLLOUT_HEADER), self.headers.get(TOKEN_HEADER)
        if not name or not token:
            raise Refusal(400, f"missing the {ROLLOUT_HEADER} and {TOKEN_HEADER} headers")
        return self.desk.rollout(name, token)

    def _serve(self, method: str) -> None:
        url = urlsplit(self.path)
        try:
            rollout = self._rollout()
            if method == "POST" and url.path == "/v1/submit":
                length = int(self.headers.get("Content-Length") or 0)
                if length > MAX_COMPRESSED:
                    raise Refusal(413, f"the submission is {length} bytes packed, over the cap of "
                                       f"{MAX_COMPRESSED}")
                self._answer(202, self.desk.submit(rollout, self.rfile.read(length)))
            elif method == "GET" and url.path == "/v1/status":
                self._answer(200, self.desk.status(rollout))
            elif method == "GET" and url.path.startswith("/v1/jobs/"):
                self._answer(200, self.desk.job(rollout, url.path.removeprefix("/v1/jobs/")))
            elif method == "GET" and url.path == "/v1/feedback":
                k = parse_qs(url.query).get("k", [None])[0]
                self._answer(200, self.desk.feedback(rollout, int(k) if k else None))
            else:
                raise Refusal(404, f"no {method} {url.path} (see `revylbench serve --help`)")
        except Refusal as refusal:
            self._answer(refusal.status, {"error": str(refusal)})
        except ValueError as exc:
            self._answer(400, {"error": f"bad request: {exc}"})
        except Exception as exc:   # the agent gets an answer, never a dropped connection
            self._answer(500, {"error": f"the grading service failed on this request: {exc!r}"})

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")


LISTEN_BACKLOG = 128
"""Connections the kernel holds while the service accepts: many agents' calls at once are
queued, not refused (the standard library's default is 5)."""


class _UnixHTTPServer(socketserver.ThreadingUnixStreamServer):
    daemon_threads = True
    request_queue_size = LISTEN_BACKLOG


class _TCPHTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = LISTEN_BACKLOG


def make_server(desk: SubmissionDesk, *, socket_path: Path | None = None,
                port: int | None = None) -> socketserver.BaseServer:
    """An HTTP server answering for `desk` on `socket_path`, else on 127.0.0.1:`port`."""
    handler = type("Handler", (_Handler,), {"desk": desk})
    if socket_path is not None:
        if socket_path.exists():
            socket_path.unlink()   # a socket left by a service that died
        socket_path.parent.mkdir(parents=True, exist_ok=True)
        server: socketserver.BaseServer = _UnixHTTPServer(str(socket_path), handler)
        os.chmod(socket_path, 0o660)
        return server
    return _TCPHTTPServer(("127.0.0.1", port or 0), handler)


def endpoint_of_server(server: socketserver.BaseServer) -> str:
    address = server.server_address
    if isinstance(address, tuple):
        return f"http://127.0.0.1:{address[1]}"
    return f"unix:{os.fsdecode(bytes(address) if not isinstance(address, str) else address)}"


def serve_in_thread(server: socketserver.BaseServer) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, name="revylbench-service", daemon=True)
    thread.start()
    return thread
