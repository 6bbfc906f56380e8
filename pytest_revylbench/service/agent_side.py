"""What a client needs from the agent's side: the packed submission, and a place for feedback.

Two sides, one interface:

- `SandboxChannel`: under `revylbench run-agent`. The host-side tool never touches the agent's
  tree: it asks the launcher inside the sandbox (over the tool gateway's channel) to pack the
  workspace, as the agent, and to unpack a feedback bundle into `.feedback/<k>/`, as the agent.
  Whatever links the agent planted then lead only where the agent could already write.
- `LocalWorkspace`: `revylbench submit` run on the host in a workspace laid out by `rollout
  start` (an agent without a sandbox). It packs the workspace itself (a link is packed as a link,
  which the intake refuses) and writes feedback through directory descriptors, following no link.

Messages on the channel are `>I` length-prefixed: a request is JSON (`{"op": "pack"}` or
`{"op": "feedback", "k": K, "files": {name: base64}}`); an answer is a JSON header
(`{"ok": true, …}` or `{"ok": false, "error": why}`), for `pack` followed by the tarball.
"""

from __future__ import annotations

import base64
import json
import os
import re
import socket
import struct
from pathlib import Path
from typing import Any, Protocol

from pytest_revylbench.service.nofollow import folder, replace_file
from pytest_revylbench.service.tarball import MAX_COMPRESSED, oversized, pack

CHANNEL_VAR = "REVYLBENCH_CHANNEL_FD"
"""The descriptor of the gateway's channel, given to a host-side tool in its environment."""
FEEDBACK_DIR = ".feedback"
FEEDBACK_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
ANSWER_LIMIT = MAX_COMPRESSED + 1024 * 1024
CHANNEL_TIMEOUT_S = 600.0


class AgentSideError(Exception):
    """The agent's side could not pack or take feedback; the message says why."""


class AgentSide(Protocol):
    def pack(self) -> bytes:
        """The submission as a .tar.gz."""

    def deliver(self, k: int, files: dict[str, bytes]) -> str:
        """Unpack feedback `files` into `.feedback/<k>/`; returns that folder as the agent sees it."""


def check_feedback(k: object, files: dict[str, bytes]) -> int:
    """`k` must be a submission number and each name a plain file name the service may send."""
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= 10_000:
        raise AgentSideError(f"the service named feedback {k!r}, not a submission number")
    for name in files:
        if not FEEDBACK_NAME.fullmatch(name):
            raise AgentSideError(f"the service sent a feedback file with a bad name: {name!r}")
    return k


class LocalWorkspace:
    """The workspace on this host, read and written by this process (no sandbox)."""

    def __init__(self, workspace: Path) -> None:
        self.workspace = workspace

    def pack(self) -> bytes:
        data = pack(self.workspace)
        if (why := oversized(len(data))) is not None:
            raise AgentSideError(why)
        return data

    def deliver(self, k: int, files: dict[str, bytes]) -> str:
        k = check_feedback(k, files)
        try:
            with folder(self.workspace, FEEDBACK_DIR, str(k), create=True) as fd:
                for name, data in files.items():
                    replace_file(fd, name, data)
        except OSError as exc:
            raise AgentSideError(f"feedback not unpacked into {FEEDBACK_DIR}/{k}: {exc}") from exc
        return str(self.workspace / FEEDBACK_DIR / str(k))


class SandboxChannel:
    """The launcher inside the sandbox, reached through the tool gateway."""

    def __init__(self, fd: int) -> None:
        self.sock = socket.socket(fileno=fd)
        self.sock.settimeout(CHANNEL_TIMEOUT_S)

    @classmethod
    def from_env(cls) -> SandboxChannel | None:
        fd = os.environ.get(CHANNEL_VAR)
        return cls(int(fd)) if fd and fd.isdigit() else None

    def _send(self, request: dict[str, Any]) -> None:
        data = json.dumps(request).encode()
        self.sock.sendall(struct.pack(">I", len(data)) + data)

    def _receive(self, limit: int) -> bytes:
        head = self._exactly(4)
        (size,) = struct.unpack(">I", head)
        if size > limit:
            raise AgentSideError(f"the sandbox answered {size} bytes, over the limit of {limit}")
        return self._exactly(size)

    def _exactly(self, size: int) -> bytes:
        chunks, left = [], size
        try:
            while left:
                chunk = self.sock.recv(min(left, 1 << 20))
                if not chunk:
                    raise AgentSideError("the sandbox's tool launcher went away")
                chunks.append(chunk)
                left -= len(chunk)
        except OSError as exc:
            raise AgentSideError(f"the sandbox's tool launcher did not answer: {exc}") from exc
        return b"".join(chunks)

    def _header(self) -> dict[str, Any]:
        try:
            header = json.loads(self._receive(64 * 1024))
        except ValueError as exc:
            raise AgentSideError("the sandbox's tool launcher answered nonsense") from exc
        if not isinstance(header, dict):
            raise AgentSideError("the sandbox's tool launcher answered nonsense")
        if not header.get("ok"):
            raise AgentSideError(str(header.get("error", "the sandbox refused")))
        return header

    def pack(self) -> bytes:
        self._send({"op": "pack"})
        self._header()
        data = self._receive(ANSWER_LIMIT)
        if (why := oversized(len(data))) is not None:
            raise AgentSideError(why)
        return data

    def deliver(self, k: int, files: dict[str, bytes]) -> str:
        k = check_feedback(k, files)
        self._send({"op": "feedback", "k": k,
                    "files": {n: base64.b64encode(d).decode() for n, d in files.items()}})
        return str(self._header().get("folder", f"{FEEDBACK_DIR}/{k}"))
