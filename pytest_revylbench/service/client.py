"""The host-side client of the grading service: submit, ask the status, fetch feedback.

It acts for one `ServiceIdentity` (rollout, token, endpoint) and one `AgentSide` (where the
submission comes from and feedback goes): under `run-agent` both are fixed by the tool gateway
(`client_from_env`), never read from the agent's workspace; on a host workspace of `rollout
start`, from its service.json (`client_for_workspace`).
"""

from __future__ import annotations

import base64
import errno
import http.client
import json
import socket
import time
from pathlib import Path
from typing import Any

from pytest_revylbench.service.agent_side import (
    AgentSide,
    AgentSideError,
    LocalWorkspace,
    SandboxChannel,
)
from pytest_revylbench.service.endpoint import (
    EndpointError,
    ServiceIdentity,
    find_workspace,
    identity_from_env,
    identity_of_workspace,
    parse_endpoint,
)
from pytest_revylbench.service.server import ROLLOUT_HEADER, TOKEN_HEADER

CONNECT_RETRIES = 6
"""A refused or crowded connect is tried again after 0.1, 0.2 … 3.2 s (6.3 s in all)."""
RETRIED = (errno.EAGAIN, errno.ECONNREFUSED, errno.ENOENT)


class ServiceError(Exception):
    """The service refused, or could not be reached; the message is the service's own."""


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float) -> None:
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        try:
            sock.connect(self.socket_path)
        except OSError:
            sock.close()
            raise
        self.sock = sock


class ServiceClient:
    """The grading service, for one rollout and one agent side."""

    def __init__(self, identity: ServiceIdentity, side: AgentSide, timeout_s: float = 60.0) -> None:
        self.identity = identity
        self.side = side
        self.endpoint = identity.endpoint
        self.timeout_s = timeout_s

    def _connection(self) -> http.client.HTTPConnection:
        kind, where = parse_endpoint(self.endpoint)
        if kind == "unix":
            return _UnixConnection(str(where), self.timeout_s)
        return http.client.HTTPConnection("127.0.0.1", int(where), timeout=self.timeout_s)

    def _connected(self) -> http.client.HTTPConnection:
        for attempt in range(CONNECT_RETRIES + 1):
            connection = self._connection()
            try:
                connection.connect()
                return connection
            except OSError as exc:
                connection.close()
                if exc.errno not in RETRIED or attempt == CONNECT_RETRIES:
                    raise
                time.sleep(0.1 * 2 ** attempt)
        raise AssertionError("unreachable")

    def _call(self, method: str, path: str, body: bytes | None = None) -> dict[str, Any]:
        headers = {ROLLOUT_HEADER: self.identity.rollout, TOKEN_HEADER: self.identity.token}
        if body is not None:
            headers["Content-Type"] = "application/gzip"
        try:
            connection = self._connected()
        except OSError as exc:
            raise ServiceError(f"the grading service did not answer: {exc.strerror or exc}") from exc
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            answer: dict[str, Any] = json.loads(response.read() or b"{}")
        except (OSError, http.client.HTTPException, ValueError) as exc:
            raise ServiceError(f"the grading service did not answer: {exc}") from exc
        finally:
            connection.close()
        if response.status >= 400:
            raise ServiceError(str(answer.get("error", f"HTTP {response.status}")))
        return answer

    def submit(self) -> dict[str, Any]:
        try:
            tarball = self.side.pack()
        except AgentSideError as exc:
            raise ServiceError(f"submission refused, nothing was queued or charged: {exc}") from exc
        return self._call("POST", "/v1/submit", tarball)

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
        """Fetch the feedback of submission k (default: the last graded) and have the agent's
        side unpack it into `.feedback/<k>/`; the answer's `folder` says where."""
        answer = self._call("GET", "/v1/feedback" + (f"?k={k}" if k is not None else ""))
        try:
            files = {str(n): base64.b64decode(d) for n, d in dict(answer["files"]).items()}
            folder = self.side.deliver(answer["k"], files)
        except (AgentSideError, KeyError, TypeError, ValueError) as exc:
            raise ServiceError(f"feedback not unpacked: {exc}") from exc
        return {**answer, "folder": folder}


def client_from_env() -> ServiceClient | None:
    """The client a tool gateway set up for its tool (None when not run by a gateway)."""
    channel = SandboxChannel.from_env()
    if channel is None:
        return None
    return ServiceClient(identity_from_env(), channel)


def client_for_workspace(start: Path) -> ServiceClient:
    """The client of the host workspace holding `start` (laid out by `rollout start`)."""
    workspace = find_workspace(start)
    return ServiceClient(identity_of_workspace(workspace), LocalWorkspace(workspace))


def client_for(workspace: Path) -> ServiceClient:
    return client_from_env() or client_for_workspace(workspace)


__all__ = ["EndpointError", "ServiceClient", "ServiceError", "client_for"]
