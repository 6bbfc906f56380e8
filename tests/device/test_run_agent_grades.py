"""`revylbench run-agent` with scripted agents that are graded for real (7 grades in all, five of
them quick build failures; flow tier only): a planted bug then the reference; six submissions on
the budget of 5, a second while the first is queued and a sixth once the budget is used. The apps
come from a file server on the host that the network policy allows; the agent fetches them
through the run's proxy.

The other scripted agents (never submits, crashes, hangs, probes the sandbox) need no grade:
tests/unit/service/test_run_agent.py.
"""

from __future__ import annotations

import functools
import http.server
import tarfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_revylbench.cli import main
from pytest_revylbench.outputs.ledger import read_ledger
from pytest_revylbench.scoring.rollout import score_ledger
from pytest_revylbench.service.workspace import WORKSPACE

from ..unit.service.conftest import SUITES, TASKS, needs_redis
from ..unit.service.test_run_agent import agent, needs_bwrap
from .conftest import NO_VIDEO
from .test_grade_tasks import materialize_reference

pytestmark = [needs_redis, needs_bwrap, pytest.mark.xdist_group("run-agent")]


def _pack(source: Path, dest: Path) -> None:
    with tarfile.open(dest, "w:gz") as tar:
        for path in sorted(source.rglob("*")):
            if "node_modules" not in path.parts:
                tar.add(path, arcname=path.relative_to(source).as_posix(), recursive=False)


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`http://127.0.0.1:PORT` serving reference.tar.gz and planted-bug.tar.gz."""
    root = tmp_path_factory.mktemp("apps")
    reference = root / "reference"
    materialize_reference(reference)
    _pack(reference, root / "reference.tar.gz")
    app = reference / "App.tsx"
    app.write_text(app.read_text() + "\nexport const oops = (;\n")
    _pack(reference, root / "planted-bug.tar.gz")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _run(campaign: Path, script: str, app_server: str, monkeypatch: pytest.MonkeyPatch,
         *extra: str) -> Path:
    monkeypatch.setenv("APP_SERVER", app_server)
    policy = campaign.parent / "net.toml"
    policy.write_text(f'allow = ["{app_server.removeprefix("http://")}"]\n')
    assert main([f"--tasks-dir={TASKS}", f"--suites-dir={SUITES}", "run-agent", "--task", "budget",
                 "--seeds", "1", "--agent-cmd", agent(script), "--campaign", str(campaign),
                 "--network-policy", str(policy), "--pass-env", "APP_SERVER", "--workers", "1",
                 "--time-limit", "30", "--scheme", "stages", "--grade-arg=--tiers=flow",
                 f"--grade-arg={NO_VIDEO}", *extra]) == 0
    return campaign / "rollouts" / "budget" / "seed-1"


def test_a_planted_bug_then_the_reference(tmp_path: Path, app_server: str,
                                          monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    rollout = _run(tmp_path / "campaign", "bug_then_reference.sh", app_server, monkeypatch)
    out = capsys.readouterr().out
    saw = (rollout / "agent.log").read_text()
    assert "[run-agent] budget seed 1: submission 1 graded: agent [build_failed], reward 0.00" in out
    assert "[run-agent] budget seed 1: submission 2 graded: clean, reward 1.00" in out
    assert "rollout ended: done (2 graded submission(s)" in out
    assert "agent: first submit exited 0" in saw and "agent: second submit exited 0" in saw, saw
    assert "agent: the feedback names App.tsx" in saw, saw
    ledger = read_ledger(rollout)
    first, second = ledger.records
    assert (first.party, first.failure_kind, first.reward) == ("agent", "build_failed", 0.0)
    assert (second.party, second.failure_kind, second.reward) == ("clean", None, 1.0)
    assert ledger.end is not None and ledger.end.reason == "done"
    score = score_ledger(ledger)
    assert (score.state, score.outcome, score.outcome_from_k) == ("scored", 1.0, 2)
    assert (score.submissions_counted, score.submissions_factor) == (2, pytest.approx(0.8))
    assert (score.regressions, score.regressions_factor) == (0, 1.0)
    assert score.score_percent == pytest.approx(100 * 1.0 * 0.8 * score.time_factor * 1.0, abs=0.01)
    for k in (1, 2):   # the feedback the agent got, in its workspace
        bundle = rollout / WORKSPACE / ".feedback" / str(k)
        assert (bundle / "feedback.md").is_file() and (bundle / "feedback.json").is_file()
    assert main(["campaign", str(tmp_path / "campaign")]) == 0
    assert "outcome 1.00 (stages) from submission 2, 2 counted" in capsys.readouterr().out


def test_six_submissions_on_a_budget_of_five_and_two_at_once(
    tmp_path: Path, app_server: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Five build failures (cheap grades that the agent is charged for), a second submission
    while the first is queued, and a sixth once the budget is used."""
    rollout = _run(tmp_path / "campaign", "budget_and_concurrency.sh", app_server, monkeypatch)
    out = capsys.readouterr().out
    saw = (rollout / "agent.log").read_text()
    assert "agent: first submit exited 0" in saw, saw
    # The second, while the first was queued or grading: refused, and said why.
    assert "of this rollout is still" in saw and "one is graded at a time" in saw, saw
    assert "agent: second submit exited 2" in saw
    assert "agent: feedback 1 exited 0" in saw
    assert all(f"agent: submission {k} exited 0" in saw for k in (2, 3, 4, 5)), saw
    # The sixth, with the budget used: the ledger's own reason, on the agent's stdout.
    assert "has used all 5 submissions of its budget" in saw and "agent: sixth submit exited 2" in saw
    ledger = read_ledger(rollout)
    assert [(r.k, r.party, r.failure_kind) for r in ledger.records] == [
        (k, "agent", "build_failed") for k in range(1, 6)]
    assert ledger.start.max_submissions == 5
    assert ledger.end is not None and ledger.end.reason == "budget"
    assert "rollout ended: budget (5 graded submission(s)" in out
    score = score_ledger(ledger)
    assert (score.state, score.score_percent) == ("agent_fault", 0.0)
    assert all((rollout / WORKSPACE / ".feedback" / str(k) / "feedback.md").is_file() for k in range(1, 6))


def test_the_readme_campaign_at_small_scale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """README "Running a campaign": the same three commands as its worked example (five tasks x
    2 seeds, run once by hand), here on one task and one seed: one grade."""
    campaign = tmp_path / "campaign"
    assert main([f"--tasks-dir={TASKS}", f"--suites-dir={SUITES}", "run-agent", "--task", "budget",
                 "--seeds", "1", "--agent-cmd", agent("submit_once.sh"), "--campaign", str(campaign),
                 "--time-limit", "30", "--scheme", "stages", "--grade-arg=--tiers=flow",
                 f"--grade-arg={NO_VIDEO}", "--grade-arg=--check-timeout=1", "--model", "scripted",
                 "--harness", "submit-once", "--harness-version", "1"]) == 0
    out = capsys.readouterr().out
    assert "budget seed 1: submission 1 graded: clean, reward 0.00" in out
    assert "rollout ended: done (1 graded submission(s)" in out
    rollout = campaign / "rollouts" / "budget" / "seed-1"
    assert "agent: submit exited with 0" in (rollout / "agent.log").read_text()
    assert (rollout / WORKSPACE / ".feedback" / "1" / "feedback.md").is_file()
    assert main(["campaign", str(campaign)]) == 0
    assert "1 scored, 0 open" in capsys.readouterr().out
    assert main(["leaderboard", str(campaign)]) == 0
    board = capsys.readouterr().out
    assert "scripted" in board and "submit-once 1" in board
