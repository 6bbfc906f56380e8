"""`revylbench mcp`: the submit client as an MCP server on stdio (the official MCP Python SDK),
for agents that take tools rather than a shell. Tools: `submit`, `status`, `feedback`.

It talks to the grading service exactly as `revylbench submit` does: under a tool gateway for
the rollout the gateway fixed, the agent's side reached through the gateway's channel; else for
the host workspace it runs in (its working folder, or `--workspace`).
"""

from __future__ import annotations

import json
from pathlib import Path

import anyio

from pytest_revylbench.service.client import ServiceClient, ServiceError, client_for
from pytest_revylbench.service.endpoint import EndpointError

INSTRUCTIONS = ("Grades this workspace's app against the task's hidden tests. `submit` sends the "
                "workspace (a counted submission of a limited budget), `status` says what is "
                "queued and how much budget is left, `feedback` shows a graded submission's "
                "feedback and unpacks its screenshots into .feedback/<k>/.")


def _feedback_text(client: ServiceClient, k: int | None) -> str:
    answer = client.feedback(k)
    shots = sorted(n for n in answer["files"] if n.endswith(".png"))
    where = f"\n\n(screenshots in {answer['folder']}: {', '.join(shots)})" if shots else ""
    return str(answer["markdown"]) + where


def submit_text(workspace: Path, wait: bool) -> str:
    try:
        client = client_for(workspace)
        queued = client.submit()
        if not wait:
            return f"{queued['message']}; ask `status`, then `feedback` once it is graded"
        done = client.wait(str(queued["job"]))
        if done.get("k") is None:
            return f"submission {done['job']} was not graded: {done['message']}"
        return _feedback_text(client, int(done["k"]))
    except (ServiceError, EndpointError) as exc:
        return f"submission not accepted: {exc}"


def status_text(workspace: Path) -> str:
    try:
        return json.dumps(client_for(workspace).status(), indent=2)
    except (ServiceError, EndpointError) as exc:
        return f"status unavailable: {exc}"


def feedback_text(workspace: Path, k: int | None) -> str:
    try:
        return _feedback_text(client_for(workspace), k)
    except (ServiceError, EndpointError) as exc:
        return f"no feedback: {exc}"


def make_server(workspace: Path):  # type: ignore[no-untyped-def]
    from mcp.server.mcpserver import MCPServer

    server = MCPServer("revylbench", instructions=INSTRUCTIONS)

    @server.tool(description="Submit this workspace for grading (counts against the budget). "
                             "With wait=true (default), returns the feedback once graded.")
    async def submit(wait: bool = True) -> str:
        return await anyio.to_thread.run_sync(submit_text, workspace, wait)

    @server.tool(description="The rollout's status: budget used and left, what is queued or "
                             "grading, each submission's outcome.")
    async def status() -> str:
        return await anyio.to_thread.run_sync(status_text, workspace)

    @server.tool(description="The feedback of graded submission k (default: the last one); "
                             "its screenshots are unpacked into .feedback/<k>/.")
    async def feedback(k: int | None = None) -> str:
        return await anyio.to_thread.run_sync(feedback_text, workspace, k)

    return server


def run_stdio(workspace: Path) -> None:
    make_server(workspace).run("stdio")
