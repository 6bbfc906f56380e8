"""`revylbench run-agent` with scripted agents (tests/agents/*.sh) that ask for no grade:
bubblewrap, the CONNECT proxy, the tool socket and the grading service are real.

Agents that are graded are in tests/device/test_run_agent_grades.py. The service killed
mid-grade and restarted (nothing lost, nothing charged) is covered by
`test_service.py::test_the_queue_survives_a_restart_and_an_abandoned_grade_is_queued_again`.
"""

from __future__ import annotations

import http.server
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from pytest_revylbench.builder.sandbox import sandbox_available
from pytest_revylbench.cli import main
from pytest_revylbench.outputs.ledger import read_ledger
from pytest_revylbench.records.campaign import Contestant
from pytest_revylbench.scoring.rollout import score_ledger
from pytest_revylbench.service.agent_sandbox import AgentRun
from pytest_revylbench.service.campaign_run import end_reason, write_campaign
from pytest_revylbench.service.network_policy import NetworkPolicy, PolicyError, load_policy
from pytest_revylbench.service.runner import STATE_DIR
from pytest_revylbench.service.tool_gateway import submit_args
from pytest_revylbench.service.workspace import WORKSPACE
from pytest_revylbench.tasks.loading import available_tasks
from tests.leftovers import RUN_VAR

from .conftest import REPO, SUITES, TASKS, needs_redis

AGENTS = REPO / "tests" / "agents"
needs_bwrap = pytest.mark.skipif(not sandbox_available(), reason="bubblewrap cannot run here")
pytestmark = [needs_redis, needs_bwrap]


def agent(name: str) -> str:
    return (AGENTS / name).read_text(encoding="utf-8")


def run_agent(campaign: Path, script: str, *extra: str, task: str = "budget") -> int:
    return main([f"--tasks-dir={TASKS}", f"--suites-dir={SUITES}", "run-agent", "--task", task,
                 "--seeds", "1", "--agent-cmd", agent(script), "--campaign", str(campaign),
                 "--workers", "0", *extra])


def test_end_reasons_follow_the_rollout_rules() -> None:
    assert end_reason(AgentRun(None, True, 9.0), 0, 5) == "time_limit"
    assert end_reason(AgentRun(3, False, 1.0), 5, 5) == "agent_crash"
    assert end_reason(AgentRun(0, False, 1.0), 5, 5) == "budget"
    assert end_reason(AgentRun(0, False, 1.0), 2, 5) == "done"


def test_network_policy_file(tmp_path: Path) -> None:
    assert not load_policy(None).allows("example.com", 443)
    path = tmp_path / "net.toml"
    path.write_text('allow = ["API.model.example:443"]\n')
    policy = load_policy(path)
    assert policy.allows("api.model.example", 443) and not policy.allows("api.model.example", 80)
    path.write_text('allow = ["api.model.example"]\n')
    with pytest.raises(PolicyError, match=r"(?s)net.toml.*field allow.*is not host:port"):
        load_policy(path)
    assert NetworkPolicy(allow=("[::1]:8080",)).allows("[::1]", 8080)


def test_submit_arguments_never_name_another_workspace() -> None:
    assert submit_args(["--wait"]) == ["--wait"]
    assert submit_args(["--feedback", "2"]) == ["--feedback", "2"]
    with pytest.raises(ValueError, match="unknown argument '--workspace'"):
        submit_args(["--workspace", "/etc"])


def test_a_campaign_plan_is_extended_never_silently_changed(tmp_path: Path) -> None:
    who = Contestant(model="m", harness="h", harness_version="1")
    write_campaign(tmp_path, who, "p", ["budget"], [1])
    assert write_campaign(tmp_path, who, "p", ["till"], [2]).tasks == ("budget", "till")
    with pytest.raises(Exception, match="a campaign is one contestant on one protocol"):
        write_campaign(tmp_path, who.model_copy(update={"model": "other"}), "p", ["budget"], [1])



def test_an_agent_that_never_submits_scores_zero_and_the_campaign_reads_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Over every task (one seed): the README's campaign, without a grade."""
    campaign = tmp_path / "campaign"
    tasks = available_tasks(TASKS)
    assert {"auction", "bookings", "budget", "split", "till"} <= set(tasks)
    assert run_agent(campaign, "never_submits.sh", task=",".join(tasks)) == 0
    out = capsys.readouterr().out
    assert out.count("rollout ended: done (0 graded submission(s)") == len(tasks)
    assert "[run-agent] budget seed 1: started in" in out
    assert "[run-agent] budget seed 1: the agent exited with status 0" in out
    assert "[run-agent] budget seed 1: rollout ended: done (0 graded submission(s)" in out
    rollout = campaign / "rollouts" / "budget" / "seed-1"
    ledger = read_ledger(rollout)
    assert ledger.records == [] and ledger.end is not None and ledger.end.reason == "done"
    score = score_ledger(ledger)
    assert (score.state, score.score_percent) == ("agent_fault", 0.0)
    assert not (rollout / WORKSPACE / ".feedback").exists()          # no feedback: never graded
    assert "agent: done, nothing submitted" in (rollout / "agent.log").read_text()
    assert main(["campaign", str(campaign)]) == 0
    assert "it ended (done) without a graded submission: scores 0" in capsys.readouterr().out
    assert main(["leaderboard", str(campaign)]) == 0
    board = capsys.readouterr().out
    assert "unnamed-model" in board and "official" in board
    assert all(task in board for task in tasks)


def test_an_agent_that_fails_ends_its_rollout_agent_crash(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert run_agent(tmp_path / "c", "crashes.sh") == 0
    assert "the agent exited with status 3" in capsys.readouterr().out
    ledger = read_ledger(tmp_path / "c" / "rollouts" / "budget" / "seed-1")
    assert ledger.end is not None and ledger.end.reason == "agent_crash"


def test_an_agent_that_hangs_is_killed_at_the_time_limit_with_its_whole_tree(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # The agent carries this test run's marker, so tests/leftovers.py would also see a survivor.
    monkeypatch.setenv("REVYLBENCH_OWNER", "test-run-agent")
    assert run_agent(tmp_path / "c", "hangs.sh", "--time-limit", "0.05",
                     "--pass-env", RUN_VAR, "--pass-env", "REVYLBENCH_OWNER") == 0
    out = capsys.readouterr().out
    # Killed at 3 s; a loaded machine may take a moment more to end the whole tree.
    killed = re.search(r"the agent killed at the time limit after (\d+) s", out)
    assert killed is not None and 3 <= int(killed.group(1)) <= 10, out
    assert "rollout ended: time_limit" in out
    ledger = read_ledger(tmp_path / "c" / "rollouts" / "budget" / "seed-1")
    assert ledger.end is not None and ledger.end.reason == "time_limit"
    left = [p for p in psutil.process_iter(["cmdline"])
            if p.info["cmdline"] and p.info["cmdline"][-1] in ("86398", "86399")]
    assert left == []
    assert "agent: hanging" in (tmp_path / "c" / "rollouts" / "budget" / "seed-1" / "agent.log").read_text()


class _Allowed(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = b"allowed-body-1234" if self.path.endswith("/allowed.txt") else b"root"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def host_server() -> Iterator[int]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Allowed)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def test_the_agent_is_contained(tmp_path: Path, host_server: int, capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = tmp_path / "campaign"
    other = campaign / "rollouts" / "till" / "seed-9"
    other.mkdir(parents=True)
    (other / "ledger.jsonl").write_text("{}\n")
    probes = [SUITES / "budget", REPO / "pytest_revylbench", REPO / "reports", TASKS / "budget" / "task.toml",
              campaign / STATE_DIR, other, campaign / "rollouts" / "budget" / "seed-1" / "ledger.jsonl"]
    monkeypatch.setenv("PROBE_PATHS", " ".join(str(p) for p in probes))
    monkeypatch.setenv("HOST_PORT", str(host_server))
    monkeypatch.setenv("DENIED_HOST", "example.com")
    policy = tmp_path / "net.toml"
    policy.write_text(f'allow = ["127.0.0.1:{host_server}"]\n')
    assert run_agent(campaign, "prober.sh", "--network-policy", str(policy), "--pass-env", "PROBE_PATHS",
                     "--pass-env", "HOST_PORT", "--pass-env", "DENIED_HOST") == 0
    out = capsys.readouterr().out
    saw = (campaign / "rollouts" / "budget" / "seed-1" / "agent.log").read_text()
    assert "probe done" in saw, saw
    for path in probes:
        assert f"hidden {path}\n" in saw, saw
    assert "VISIBLE" not in saw and "hidden host folders" in saw
    assert "READABLE" not in saw and "empty /etc/shadow" in saw        # the grader's user's secrets
    assert f"direct 127.0.0.1:{host_server} -> curl: (7) Failed to connect" in saw   # no way out
    assert "proxied https://example.com -> curl: (56) CONNECT tunnel failed, response 403" in saw
    assert "proxied http://example.com -> 403" in saw
    assert "proxied allowed -> allowed-body-1234" in saw               # the policy's one host
    assert "submit: unknown argument '--workspace'" in saw and "submit --workspace exit 2" in saw
    assert "status budget lines: 1" in saw                             # submit reaches the service
    assert "revylbench submit left lines: 1" in saw                    # as AGENTS.md spells it
    assert "AGENTS.md sandbox notes: 1" in saw
    assert all(f'"name":"{tool}"' in saw for tool in ("submit", "status", "feedback"))  # MCP tools
    assert "[proxy] refused CONNECT example.com:443: not allowed by the network policy" in out
    assert "[proxy] refused GET example.com:80: not allowed by the network policy" in out
    ledger = read_ledger(campaign / "rollouts" / "budget" / "seed-1")
    assert ledger.records == [] and ledger.end is not None
    # The workspace holds no credential: no service.json, the rollout's token in no file.
    rollout = campaign / "rollouts" / "budget" / "seed-1"
    token = (rollout / ".submit-token").read_text().strip()
    assert not (rollout / WORKSPACE / ".revylbench").exists()
    files = [p for p in (rollout / WORKSPACE).rglob("*") if p.is_file()]
    assert files and not [p for p in files if token.encode() in p.read_bytes()]
