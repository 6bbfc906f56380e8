"""An agent in the real sandbox attacks the tools that run outside it on its behalf
(tests/agents/attacker.sh): its own service.json naming a fake service, a host file or a host
port; `.revylbench` a link to another rollout's; `.feedback` a link to a host folder; modules
planted for a host-side Python to import; twenty calls at once; a submission over the cap and
one with a link. The tool gateway, bubblewrap, the grading service and Redis are real; the
rollout already has a graded submission (its outcome and feedback written as a grade would),
so feedback can be fetched without a device.

Each attack is refused: no file outside the sandbox is created or changed (a snapshot of every
host file the test can name, before and after), no byte of a host file reaches the agent, the
host port hears nothing, and the rollout acts for itself only.
"""

from __future__ import annotations

import hashlib
import http.server
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_revylbench.service.agent_sandbox import AgentSandbox, install_tools
from pytest_revylbench.service.endpoint import ServiceIdentity, rollout_token
from pytest_revylbench.service.jobs import GradeOutcome, finish, jobs_dir, pending_jobs
from pytest_revylbench.service.submissions import Refusal, SubmissionDesk
from pytest_revylbench.service.tool_gateway import ToolGateway
from pytest_revylbench.service.workspace import WORKSPACE

from .conftest import REPO, RunningService, settings, start_rollout
from .test_run_agent import AGENTS, needs_bwrap, needs_redis

pytestmark = [needs_redis, needs_bwrap]
CANARY = "CANARY-7f3a91-host-secret"


class _Counting(http.server.BaseHTTPRequestHandler):
    seen: list[str] = []

    def do_GET(self) -> None:
        self.seen.append(self.path)
        body = b"HOST-PORT-BODY"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_GET

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def host_port() -> Iterator[tuple[int, list[str]]]:
    seen: list[str] = []
    handler = type("Handler", (_Counting,), {"seen": seen})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_address[1], seen
    finally:
        server.shutdown()
        server.server_close()


def snapshot(*roots: Path, skip: tuple[Path, ...] = ()) -> dict[str, str]:
    """Every file and link under `roots` (not under `skip`), by path: content digest or target."""
    found: dict[str, str] = {}
    for root in roots:
        for path in sorted(root.rglob("*")):
            if any(path == s or s in path.parents for s in skip):
                continue
            if path.is_symlink():
                found[str(path)] = f"link {path.readlink()}"
            elif path.is_file():
                found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
            elif path.is_dir():
                found[str(path)] = "folder"
    return found


def graded_once(rollout: Path) -> None:
    """The rollout's submission 1, as a finished grade leaves it: an outcome and a bundle."""
    bundle = rollout / "reports" / "r1" / "feedback"
    bundle.mkdir(parents=True)
    (bundle / "feedback.md").write_text("FEEDBACK-OK: stage 1 failed\n")
    (bundle / "stage-1-after.png").write_bytes(b"\x89PNG\r\n\x1a\nshot")
    finish(rollout, GradeOutcome(job="s000000000001", state="graded", k=1, party="agent",
                                 feedback=str(bundle), message="submission 1 graded (agent)"))


def test_the_agents_tools_never_act_on_its_word(tmp_path: Path, broker: object,
                                                 host_port: tuple[int, list[str]]) -> None:
    port, heard = host_port
    rollouts = tmp_path / "rollouts"
    rollout = start_rollout(rollouts, "budget-1", seed=1)
    other = start_rollout(rollouts, "budget-2", seed=2)
    workspace = rollout / WORKSPACE
    shutil.rmtree(workspace / ".revylbench")          # run-agent's layout: no credential in it
    graded_once(rollout)
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.txt"
    secret.write_text(f"{CANARY}\n" * 20)
    marker = tmp_path / "planted-module-ran"
    socket_path = tmp_path / "s.sock"
    running = RunningService(rollouts, broker.url, socket_path=socket_path)  # type: ignore[attr-defined]
    running.start(other / WORKSPACE)
    tools = tmp_path / "tools"
    install_tools(tools)
    (tools / "proxy.sock").touch()
    token = rollout_token(rollout)
    assert token is not None
    identity = ServiceIdentity(str(rollout), token, f"unix:{socket_path}")
    gateway = ToolGateway(tools / "tools.sock", identity, home=tools).start()
    keep = snapshot(outside, other, rollout, skip=(workspace, rollout / "service"))
    log = tmp_path / "agent.log"
    try:
        env = {"WS_HOST": str(workspace), "OTHER_WS": str(other / WORKSPACE), "SECRET": str(secret),
               "OUTSIDE": str(outside), "MARKER": str(marker), "HOST_PORT": str(port),
               "OTHER_ROLLOUT": str(other)}
        run = AgentSandbox(workspace, tools, hidden=(REPO,)).run(
            (AGENTS / "attacker.sh").read_text(), time_limit_s=90, log=log, extra_env=env)
    finally:
        gateway.stop()
        running.stop()
    saw = log.read_text()
    assert (run.timed_out, run.exit_code) == (False, 0), saw
    assert "attacker done" in saw, saw
    for n in (1, 2, 3, 4, 6):
        assert f"{n}. own status lines: 1" in saw, saw          # the service, for this rollout
    assert "1. real feedback lines: 1" in saw and "1. fake service never called" in saw, saw
    assert "7. answered: 20" in saw, saw
    assert "8. over the cap of 52428800" in saw, saw
    assert "9. link.txt: links are not accepted in a submission" in saw, saw
    assert "10. queued (" in saw, saw
    # Nothing outside the sandbox was created or changed, and no host byte reached the agent.
    assert snapshot(outside, other, rollout, skip=(workspace, rollout / "service")) == keep
    assert not marker.exists()
    assert CANARY not in saw and "HOST-PORT-BODY" not in saw and "EVIL" not in saw
    assert heard == []
    # The rollout acted for itself only: one submission queued here, none in the other.
    assert len(pending_jobs(rollout)) == 1 and pending_jobs(other) == []
    assert not jobs_dir(other).exists()


def test_a_job_is_looked_up_only_by_its_own_rollout_and_id(tmp_path: Path, broker: object) -> None:
    from pytest_revylbench.service.queue import GradeQueue

    rollouts = tmp_path / "rollouts"
    a = start_rollout(rollouts, "a", seed=1)
    b = start_rollout(rollouts, "b", seed=2)
    queue = GradeQueue(broker.url)  # type: ignore[attr-defined]
    try:
        desk = SubmissionDesk(rollouts, queue, settings())
        from pytest_revylbench.service.tarball import pack

        job = desk.submit(b.resolve(), pack(b / WORKSPACE))["job"]
        assert desk.job(b.resolve(), job)["state"] == "queued"
        for asked in (job, f"../../b/service/jobs/{job}", "s..%2f", "s0000000000ab/../x", ""):
            with pytest.raises(Refusal) as refused:
                desk.job(a.resolve(), asked)
            assert refused.value.status == 404
    finally:
        queue.close()
