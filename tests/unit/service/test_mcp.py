"""`revylbench mcp`, driven by the MCP Python SDK's own stdio client: the tools submit, status
and feedback talk to a running service for the workspace they run in."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from pytest_revylbench.service.workspace import WORKSPACE

from .conftest import RunningService, needs_redis

pytestmark = needs_redis


def _text(result: object) -> str:
    content = result.content  # type: ignore[attr-defined]
    return "".join(getattr(block, "text", "") for block in content)


async def _session_calls(workspace: Path) -> dict[str, object]:
    server = StdioServerParameters(command=sys.executable, cwd=str(workspace),
                                   args=["-m", "pytest_revylbench.cli", "mcp"])
    seen: dict[str, object] = {}
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = await session.list_tools()
        seen["tools"] = sorted(t.name for t in tools.tools)
        seen["status"] = _text(await session.call_tool("status", {}))
        seen["feedback"] = _text(await session.call_tool("feedback", {}))
        seen["submit"] = _text(await session.call_tool("submit", {"wait": False}))
        seen["status_after"] = _text(await session.call_tool("status", {}))
        seen["again"] = _text(await session.call_tool("submit", {"wait": False}))
    return seen


def test_the_mcp_tools_from_the_sdk_client(serving: tuple[Path, RunningService]) -> None:
    rollout, _ = serving
    seen = anyio.run(_session_calls, rollout / WORKSPACE)
    assert seen["tools"] == ["feedback", "status", "submit"]
    status = json.loads(str(seen["status"]))
    assert (status["task"], status["budget"], status["left"], status["in_flight"]) == ("budget", 5, 5, [])
    assert "no feedback: no feedback yet" in str(seen["feedback"])
    assert str(seen["submit"]).startswith("submission s") and "queued" in str(seen["submit"])
    after = json.loads(str(seen["status_after"]))
    assert [j["state"] for j in after["in_flight"]] == ["queued"]
    assert "submission not accepted" in str(seen["again"]) and "one is graded at a time" in str(seen["again"])
