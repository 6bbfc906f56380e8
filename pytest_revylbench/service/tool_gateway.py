"""The host side of `submit` and `revylbench-mcp` inside an agent's sandbox.

The sandbox holds none of the grader's code; its launcher (`agent_bin/tool`) connects to this
gateway's Unix socket, sends `{"tool": "submit"|"mcp", "args": [...]}` and then frames
(`>BI`: channel, length): stdin from the launcher; stdout, stderr and the exit code back.
The gateway runs `revylbench submit --workspace WS ARGS` or `revylbench mcp --workspace WS` on
the host, for this workspace only (the agent's own `--workspace` is refused), and shows the
workspace's host path as the agent sees it (`inner`).
"""

from __future__ import annotations

import asyncio
import json
import struct
import sys
from collections.abc import Sequence
from pathlib import Path

from pytest_revylbench.service.unix_server import ThreadedUnixServer

STDIN, STDOUT, STDERR, EXIT, STDIN_EOF = 0, 1, 2, 3, 4
LINE_LIMIT = 64 * 1024 * 1024
SUBMIT_FLAGS = ("--wait", "--status", "-h", "--help")


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

    def __init__(self, socket_path: Path, workspace: Path, inner: Path,
                 cli: Sequence[str] | None = None) -> None:
        super().__init__(socket_path, "revylbench-tools")
        self.workspace = workspace.resolve()
        self.inner = inner
        self.cli = list(cli or [sys.executable, "-m", "pytest_revylbench.cli"])
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
        return data.replace(str(self.workspace).encode(), str(self.inner).encode())

    def argv(self, tool: str, args: Sequence[str]) -> list[str]:
        if tool == "submit":
            return [*self.cli, "submit", "--workspace", str(self.workspace), *submit_args(args)]
        if tool == "mcp":
            return [*self.cli, "mcp", "--workspace", str(self.workspace)]
        raise ValueError(f"no tool {tool!r} (submit, mcp)")

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request = json.loads(await reader.readline())
            argv = self.argv(str(request["tool"]), [str(a) for a in request["args"]])
        except (ValueError, KeyError, TypeError) as exc:
            writer.write(frame(STDERR, f"{exc}\n".encode()) + frame(EXIT, b"2"))
            await writer.drain()
            writer.close()
            return
        proc = await asyncio.create_subprocess_exec(
            *argv, cwd=str(self.workspace), stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, limit=LINE_LIMIT)
        self._children.add(proc)
        feed = asyncio.ensure_future(self._feed(reader, proc))
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
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
            self._children.discard(proc)
            writer.close()

    async def _relay(self, stream: asyncio.StreamReader | None, channel: int,
                     writer: asyncio.StreamWriter) -> None:
        assert stream is not None
        while line := await stream.readline():
            writer.write(frame(channel, self._shown(line)))
            await writer.drain()

    async def _feed(self, reader: asyncio.StreamReader, proc: asyncio.subprocess.Process) -> None:
        stdin = proc.stdin
        assert stdin is not None
        try:
            while True:
                channel, size = struct.unpack(">BI", await reader.readexactly(5))
                data = await reader.readexactly(size)
                if channel == STDIN_EOF:
                    stdin.close()
                    return
                stdin.write(data)
                await stdin.drain()
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            if proc.returncode is None:   # the agent went away: so does its tool
                proc.kill()
