"""The host side of `submit` and `revylbench-mcp` inside an agent's sandbox.

The sandbox holds none of the grader's code; its launcher (`agent_bin/tool`) connects to this
gateway's Unix socket, sends `{"tool": "submit"|"mcp", "args": [...]}` and then frames
(`>BI`: channel, length): stdin from the launcher; stdout, stderr and the exit code back; and
the channel between the host-side tool and the launcher (`REQUEST` down, `ANSWER` up: pack the
workspace, unpack feedback; `service.agent_side`).

The gateway acts for one rollout only: its `ServiceIdentity` (rollout, token, endpoint) is fixed
by the run that started the rollout and given to `revylbench submit|mcp` in its environment.
The tool runs on the host isolated from the agent's tree: `python -I` (no working folder, no
PYTHON* variables on its import path), in a folder of the grader's, and never reads or writes
the workspace itself; the agent's own `--workspace` is refused.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import struct
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from pytest_revylbench.service.agent_side import ANSWER_LIMIT, CHANNEL_VAR
from pytest_revylbench.service.endpoint import ServiceIdentity
from pytest_revylbench.service.unix_server import ThreadedUnixServer

STDIN, STDOUT, STDERR, EXIT, STDIN_EOF, REQUEST, ANSWER = 0, 1, 2, 3, 4, 5, 6
LINE_LIMIT = 64 * 1024 * 1024
SUBMIT_FLAGS = ("--wait", "--status", "-h", "--help")
STDIN_LIMIT = 1024 * 1024
"""The largest stdin frame the gateway takes from a launcher (an MCP message is far smaller)."""


def frame(channel: int, data: bytes) -> bytes:
    return struct.pack(">BI", channel, len(data)) + data


def submit_args(args: Sequence[str]) -> list[str]:
    """The agent's `submit` arguments, if they are submit's own (never `--workspace`)."""
    kept: list[str] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg in SUBMIT_FLAGS:
            kept.append(arg)
        elif arg == "--feedback" and rest and rest[0].isdigit():
            kept += [arg, rest.pop(0)]
        elif arg.startswith("--feedback=") and arg.removeprefix("--feedback=").isdigit():
            kept.append(arg)
        else:
            raise ValueError(f"submit: unknown argument {arg!r} (submit takes --wait, --status, "
                             "--feedback K)")
    return kept


class ToolGateway(ThreadedUnixServer):
    """`start()` listens on `socket_path` in a thread; `stop()` closes it and its children."""

    STOP_GRACE_S = 0.5

    def __init__(self, socket_path: Path, identity: ServiceIdentity, *, home: Path,
                 shown: Mapping[str, str] | None = None, cli: Sequence[str] | None = None,
                 env: Mapping[str, str] | None = None) -> None:
        super().__init__(socket_path, "revylbench-tools")
        self.identity = identity
        self.home = home
        """The tools' working folder: the grader's, never the agent's."""
        self.shown = dict(shown or {})
        """Host strings and what the agent sees instead (e.g. the rollout folder)."""
        self.cli = list(cli or [sys.executable, "-I", "-m", "pytest_revylbench.cli"])
        self.env = dict(env) if env is not None else None
        self._children: set[asyncio.subprocess.Process] = set()

    def start(self) -> ToolGateway:
        try:
            self._listen()
        except OSError as exc:
            raise OSError(f"the tool gateway could not listen on {self.socket_path}: {exc}") from exc
        return self

    def _closing(self) -> None:
        for child in list(self._children):
            if child.returncode is None:
                child.kill()

    def _shown(self, data: bytes) -> bytes:
        for host, inner in self.shown.items():
            data = data.replace(host.encode(), inner.encode())
        return data

    def argv(self, tool: str, args: Sequence[str]) -> list[str]:
        if tool == "submit":
            return [*self.cli, "submit", *submit_args(args)]
        if tool == "mcp":
            return [*self.cli, "mcp"]
        raise ValueError(f"no tool {tool!r} (submit, mcp)")

    def _environment(self, channel_fd: int) -> dict[str, str]:
        base = dict(os.environ) if self.env is None else dict(self.env)
        return {**base, **self.identity.env(), CHANNEL_VAR: str(channel_fd)}

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request = json.loads(await reader.readline())
            argv = self.argv(str(request["tool"]), [str(a) for a in request["args"]])
        except (ValueError, KeyError, TypeError) as exc:
            writer.write(frame(STDERR, f"{exc}\n".encode()) + frame(EXIT, b"2"))
            await writer.drain()
            writer.close()
            return
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            proc = await asyncio.create_subprocess_exec(
                *argv, cwd=str(self.home), stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, limit=LINE_LIMIT,
                env=self._environment(theirs.fileno()), pass_fds=(theirs.fileno(),))
        finally:
            theirs.close()
        self._children.add(proc)
        tool_reader, tool_writer = await asyncio.open_unix_connection(sock=ours)
        feed = asyncio.ensure_future(self._feed(reader, proc, tool_writer))
        requests = asyncio.ensure_future(self._requests(tool_reader, writer))
        try:
            await asyncio.gather(self._relay(proc.stdout, STDOUT, writer),
                                 self._relay(proc.stderr, STDERR, writer))
            code = await proc.wait()
            writer.write(frame(EXIT, str(code).encode()))
            await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            feed.cancel()
            requests.cancel()
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
            self._children.discard(proc)
            tool_writer.close()
            writer.close()

    async def _relay(self, stream: asyncio.StreamReader | None, channel: int,
                     writer: asyncio.StreamWriter) -> None:
        assert stream is not None
        while line := await stream.readline():
            writer.write(frame(channel, self._shown(line)))
            await writer.drain()

    async def _requests(self, tool: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """The host-side tool's requests, down to the launcher."""
        try:
            while True:
                (size,) = struct.unpack(">I", await tool.readexactly(4))
                writer.write(frame(REQUEST, await tool.readexactly(size)))
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            return

    async def _feed(self, reader: asyncio.StreamReader, proc: asyncio.subprocess.Process,
                    tool: asyncio.StreamWriter) -> None:
        stdin = proc.stdin
        assert stdin is not None
        try:
            while True:
                channel, size = struct.unpack(">BI", await reader.readexactly(5))
                limit = ANSWER_LIMIT if channel == ANSWER else STDIN_LIMIT
                if size > limit:
                    raise ValueError(f"a frame of {size} bytes on channel {channel}")
                data = await reader.readexactly(size)
                if channel == STDIN_EOF:
                    stdin.close()
                elif channel == STDIN:
                    stdin.write(data)
                    await stdin.drain()
                elif channel == ANSWER:
                    tool.write(struct.pack(">I", size) + data)
                    await tool.drain()
        except (asyncio.IncompleteReadError, ConnectionError, OSError, ValueError):
            if proc.returncode is None:   # the agent went away, or broke the protocol: so does its tool
                proc.kill()
