"""What the agent runs: submit its workspace, ask the status, fetch and unpack feedback.

The workspace's `.revylbench/service.json` names the rollout, its token and the endpoint.
Feedback of submission k is unpacked into `<workspace>/.feedback/<k>/`.
"""

from __future__ import annotations

import base64
import http.client
import json
import socket
import time
from pathlib import Path
from typing import Any

from pytest_revylbench.service.endpoint import (
    EndpointError,
    endpoint_of,
    find_workspace,
    parse_endpoint,
    read_service_file,
)
from pytest_revylbench.service.server import ROLLOUT_HEADER, TOKEN_HEADER
from pytest_revylbench.service.tarball import pack

FEEDBACK_DIR = ".feedback"


class ServiceError(Exception):
    """The service refused, or could not be reached; the message is the service's own."""


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float) -> None:
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class ServiceClient:
    """The grading service, as seen from one workspace."""

    def __init__(self, start: Path, timeout_s: float = 60.0) -> None:
        self.workspace = find_workspace(start)
        self.service = read_service_file(self.workspace)
        self.endpoint = endpoint_of(self.service)
        self.timeout_s = timeout_s

    def _connection(self) -> http.client.HTTPConnection:
        kind, where = parse_endpoint(self.endpoint)
        if kind == "unix":
            return _UnixConnection(str(where), self.timeout_s)
        return http.client.HTTPConnection("127.0.0.1", int(where), timeout=self.timeout_s)

    def _call(self, method: str, path: str, body: bytes | None = None) -> dict[str, Any]:
        headers = {ROLLOUT_HEADER: self.service.rollout, TOKEN_HEADER: self.service.token}
        if body is not None:
            headers["Content-Type"] = "application/gzip"
        connection = self._connection()
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            answer: dict[str, Any] = json.loads(response.read() or b"{}")
        except (OSError, http.client.HTTPException, ValueError) as exc:
            raise ServiceError(f"the grading service at {self.endpoint} did not answer: {exc}") from exc
        finally:
            connection.close()
        if response.status >= 400:
            raise ServiceError(str(answer.get("error", f"HTTP {response.status}")))
        return answer

    def submit(self) -> dict[str, Any]:
        return self._call("POST", "/v1/submit", pack(self.workspace))

    def status(self) -> dict[str, Any]:
        return self._call("GET", "/v1/status")

    def job(self, job_id: str) -> dict[str, Any]:
        return self._call("GET", f"/v1/jobs/{job_id}")

    def wait(self, job_id: str, *, poll_s: float = 2.0, timeout_s: float | None = None) -> dict[str, Any]:
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        while True:
            answer = self.job(job_id)
            if answer.get("done"):
                return answer
            if deadline is not None and time.monotonic() > deadline:
                raise ServiceError(f"submission {job_id} is still {answer.get('state')} after "
                                   f"{timeout_s:g} s; ask again with `revylbench submit --status`")
            time.sleep(poll_s)

    def feedback(self, k: int | None = None) -> dict[str, Any]:
        """Fetch the feedback of submission k (default: the last graded) and unpack it into
        `.feedback/<k>/`; the answer's `folder` says where."""
        answer = self._call("GET", "/v1/feedback" + (f"?k={k}" if k is not None else ""))
        folder = self.workspace / FEEDBACK_DIR / str(answer["k"])
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "feedback.md").write_text(answer["markdown"], encoding="utf-8")
        for name, data in answer["files"].items():
            if Path(name).name != name or name.startswith("."):
                raise ServiceError(f"the service sent a feedback file with a bad name: {name!r}")
            (folder / name).write_bytes(base64.b64decode(data))
        return {**answer, "folder": str(folder)}


__all__ = ["EndpointError", "ServiceClient", "ServiceError"]
