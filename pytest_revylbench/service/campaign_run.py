"""`revylbench run-agent`: run a command-line agent over tasks x seeds, as a campaign.

Per task and seed: the rollout is started (`DIR/rollouts/<task>/seed-<S>/`: ledger, workspace,
`rollout.toml`), the agent runs in its workspace under bubblewrap (`service.agent_sandbox`)
with `submit` and `revylbench-mcp` (`service.tool_gateway`) and a CONNECT proxy holding it to
the network policy (`service.connect_proxy`), within the time limit; its submissions are
graded by the run's grading service (started here, or an existing one). When the agent exits
or is killed at the limit, the grades it asked for are awaited and the rollout is ended:

- `time_limit`: killed at the limit;
- `agent_crash`: it exited with a non-zero status;
- `budget`: it exited with status 0 and every submission of the budget counted;
- `done`: it exited with status 0 with budget left.

`DIR/campaign.toml` is written (or its plan extended) so `revylbench campaign DIR` and
`revylbench leaderboard DIR` read the result as it is.
"""

from __future__ import annotations

import datetime as dt
import shutil
import tempfile
import threading
import time
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pytest_revylbench.campaigns.manifest import CAMPAIGN_FILE, ROLLOUT_FILE, ROLLOUTS
from pytest_revylbench.outputs.ledger import counted, end_rollout, read_ledger, start_rollout
from pytest_revylbench.outputs.provenance import suite_digest, task_digest
from pytest_revylbench.records.campaign import CampaignManifest, Contestant
from pytest_revylbench.records.ledger import EndReason
from pytest_revylbench.service.agent_sandbox import (
    AGENT_HOME,
    SANDBOX_NOTE,
    AgentRun,
    AgentSandbox,
    install_tools,
)
from pytest_revylbench.service.connect_proxy import ConnectProxy
from pytest_revylbench.service.endpoint import ServiceIdentity, new_token
from pytest_revylbench.service.grading_clock import GradingClock
from pytest_revylbench.service.jobs import GradeSettings, pending_jobs
from pytest_revylbench.service.network_policy import NetworkPolicy
from pytest_revylbench.service.runner import SANDBOXED, STATE_DIR, GradingService
from pytest_revylbench.service.tool_gateway import ToolGateway
from pytest_revylbench.service.workspace import AGENTS_MD, SCAFFOLD, lay_out_workspace
from pytest_revylbench.tasks.loading import load_task

AGENT_LOG = "agent.log"
"""`<rollout>/agent.log`: the agent's stdout and stderr (outside its workspace)."""
POLL_S = 1.0


class RunError(Exception):
    """A run that cannot start: a bad plan, a campaign.toml that disagrees, no service."""


def end_reason(run: AgentRun, used: int, budget: int) -> EndReason:
    """The rollout rules' reason for how the agent stopped (module docstring)."""
    if run.timed_out:
        return "time_limit"
    if run.exit_code != 0:
        return "agent_crash"
    return "budget" if used >= budget else "done"


def _toml_list(values: Sequence[object]) -> str:
    return "[" + ", ".join(f'"{v}"' if isinstance(v, str) else str(v) for v in values) + "]"


def _toml_str(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_campaign(folder: Path, contestant: Contestant, protocol: str, tasks: Sequence[str],
                   seeds: Sequence[int]) -> CampaignManifest:
    """Write `campaign.toml`, or extend an existing one's plan with these tasks and seeds (its
    contestant and protocol must be these)."""
    path = folder / CAMPAIGN_FILE
    note = "run by revylbench run-agent"
    legitimacy = "official"
    if path.is_file():
        existing = CampaignManifest.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
        if existing.contestant != contestant or existing.protocol != protocol:
            raise RunError(f"{path}: the campaign is {existing.contestant.label} on "
                           f"{existing.protocol}, this run is {contestant.label} on {protocol}: "
                           "a campaign is one contestant on one protocol (pick another --campaign)")
        if set(tasks) <= set(existing.tasks) and set(seeds) <= set(existing.seeds):
            return existing
        if existing.exclude:
            raise RunError(f"{path}: declares [[exclude]]; add tasks {list(tasks)} and seeds "
                           f"{list(seeds)} to its plan by hand")
        tasks = [*existing.tasks, *(t for t in tasks if t not in existing.tasks)]
        seeds = sorted({*existing.seeds, *seeds})
        note, legitimacy = existing.note or note, existing.legitimacy
    text = (f"schema = 1\nprotocol = {_toml_str(protocol)}\ntasks = {_toml_list(tasks)}\n"
            f"seeds = {_toml_list(seeds)}\nlegitimacy = {_toml_str(legitimacy)}\n"
            f"note = {_toml_str(note)}\n\n[contestant]\nmodel = {_toml_str(contestant.model)}\n"
            f"harness = {_toml_str(contestant.harness)}\n"
            f"harness_version = {_toml_str(contestant.harness_version)}\n")
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return CampaignManifest.model_validate(tomllib.loads(text))


def write_rollout_manifest(rollout: Path, task: str, seed: int, contestant: Contestant,
                           protocol: str) -> None:
    (rollout / ROLLOUT_FILE).write_text(
        f"schema = 1\ntask = {_toml_str(task)}\nseed = {seed}\nprotocol = {_toml_str(protocol)}\n\n"
        f"[contestant]\nmodel = {_toml_str(contestant.model)}\n"
        f"harness = {_toml_str(contestant.harness)}\n"
        f"harness_version = {_toml_str(contestant.harness_version)}\n", encoding="utf-8")


def rollout_folder(campaign: Path, task: str, seed: int) -> Path:
    """`rollouts/<task>/seed-<S>`, or `seed-<S>-<n>` for a re-run (the newest counts)."""
    base = campaign / ROLLOUTS / task / f"seed-{seed}"
    n = 1
    folder = base
    while folder.exists():
        n += 1
        folder = base.with_name(f"seed-{seed}-{n}")
    return folder


class _Progress(threading.Thread):
    """Prints each ledger line of a rollout as it is appended."""

    def __init__(self, rollout: Path, label: str, log: Callable[[str], None]) -> None:
        super().__init__(name="revylbench-progress", daemon=True)
        self.rollout, self.label, self.log = rollout, label, log
        self.seen = 0
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(POLL_S):
            self.poll()

    def poll(self) -> None:
        try:
            records = read_ledger(self.rollout).records
        except Exception:   # a line being written: read it at the next poll
            return
        for record in records[self.seen:]:
            kind = f" [{record.failure_kind}]" if record.failure_kind else ""
            self.log(f"[run-agent] {self.label}: submission {record.k} graded: {record.party}{kind}, "
                     f"reward {record.reward:.2f}")
        self.seen = max(self.seen, len(records))

    def finish(self) -> None:
        self.stopped.set()
        self.join(timeout=5)
        self.poll()


@dataclass
class CampaignRun:
    campaign: Path
    tasks: Sequence[str]
    seeds: Sequence[int]
    agent_cmd: str
    settings: GradeSettings
    contestant: Contestant
    protocol: str = "revylbench-web-v1"
    time_limit_s: float = 480 * 60.0
    policy: NetworkPolicy = field(default_factory=NetworkPolicy)
    workers: int = 1
    service: str | None = None
    """An endpoint of a running `revylbench serve` over this campaign; None: start one."""
    agent_env: dict[str, str] = field(default_factory=dict)
    budget: int | None = None
    scheme: str | None = None
    """Score with this scheme instead of the task's (the grades are told with `--scheme`)."""
    """A budget below the task's (a trial run); None: the task's."""
    log: Callable[[str], None] = print

    def hidden(self) -> tuple[Path, ...]:
        return (Path(self.settings.cwd), Path(self.settings.tasks_dir),
                Path(self.settings.suites_dir), self.campaign.resolve())

    def run(self) -> list[tuple[Path, EndReason]]:
        write_campaign(self.campaign, self.contestant, self.protocol, self.tasks, self.seeds)
        for task in self.tasks:   # every task loads before anything runs
            load_task(Path(self.settings.tasks_dir), Path(self.settings.suites_dir), task)
        scratch = Path(tempfile.mkdtemp(prefix="rvb-run-"))
        scratch.chmod(0o755)
        service: GradingService | None = None
        thread: threading.Thread | None = None
        endpoint = self.service
        try:
            if endpoint is None:
                socket_path = scratch / "service.sock"
                service = GradingService(self.campaign.resolve(), self.settings, self.workers,
                                         socket_path=socket_path, log=self.log)
                thread = threading.Thread(target=service.run, name="revylbench-serve", daemon=True)
                thread.start()
                deadline = time.monotonic() + 120
                while not socket_path.exists():
                    if not thread.is_alive() or time.monotonic() > deadline:
                        raise RunError("the grading service did not start (see the lines above; "
                                       f"its state is in {self.campaign / STATE_DIR})")
                    time.sleep(0.1)
                endpoint = f"unix:{socket_path}"
            ended = []
            for task in self.tasks:
                for seed in self.seeds:
                    ended.append(self.run_one(task, seed, endpoint, scratch))
            return ended
        finally:
            if service is not None and thread is not None:
                service.stop()
                thread.join(timeout=120)
            shutil.rmtree(scratch, ignore_errors=True)   # the sockets and the agents' tools

    def run_one(self, task_id: str, seed: int, endpoint: str, scratch: Path) -> tuple[Path, EndReason]:
        tasks_dir, suites_dir = Path(self.settings.tasks_dir), Path(self.settings.suites_dir)
        task = load_task(tasks_dir, suites_dir, task_id)
        rollout = rollout_folder(self.campaign, task_id, seed).resolve()
        label = f"{task_id} seed {seed}"
        start = start_rollout(rollout, task.spec, seed=seed, scheme=self.scheme,
                              digests={"task": task_digest(task), "suite": suite_digest(task)},
                              max_submissions=self.budget)
        write_rollout_manifest(rollout, task_id, seed, self.contestant, self.protocol)
        (rollout / SANDBOXED).touch()
        scaffold = tasks_dir / SCAFFOLD
        workspace = lay_out_workspace(task, scaffold if (scaffold / "package.json").is_file() else None,
                                      rollout, service_file=False)
        identity = ServiceIdentity(rollout=str(rollout), token=new_token(rollout), endpoint=endpoint)
        with (workspace / AGENTS_MD).open("a", encoding="utf-8") as agents_md:
            agents_md.write(SANDBOX_NOTE)
        tools = Path(tempfile.mkdtemp(prefix="t-", dir=scratch))
        install_tools(tools)
        proxy = ConnectProxy(tools / "proxy.sock", self.policy,
                             log=lambda line: self.log(f"{line} ({label})")).start()
        gateway = ToolGateway(tools / "tools.sock", identity, home=tools,
                              shown={str(workspace): str(AGENT_HOME), str(rollout): "this rollout"}).start()
        progress = _Progress(rollout, label, self.log)
        progress.start()
        self.log(f"[run-agent] {label}: started in {rollout} (budget {start.max_submissions}, "
                 f"time limit {self.time_limit_s / 60:g} min)")
        try:
            sandbox = AgentSandbox(workspace, tools, hidden=self.hidden(), env=self.agent_env)
            clock = GradingClock(rollout, dt.datetime.now(dt.UTC))
            run = sandbox.run(self.agent_cmd, time_limit_s=self.time_limit_s, log=rollout / AGENT_LOG,
                              paused=clock)
        finally:
            gateway.stop()
            proxy.stop()
        how = ("killed at the time limit" if run.timed_out
               else f"exited with status {run.exit_code}")
        self.log(f"[run-agent] {label}: the agent {how} after {run.seconds:.0f} s"
                 + (f" ({clock.last:.0f} s of it grading, not counted)" if clock.last >= 0.5 else ""))
        self._await_grades(rollout, label)
        progress.finish()
        ledger = read_ledger(rollout)
        reason = end_reason(run, counted(ledger.records), ledger.start.max_submissions)
        end_rollout(rollout, reason)
        self.log(f"[run-agent] {label}: rollout ended: {reason} ({len(ledger.records)} graded "
                 f"submission(s); agent output in {rollout / AGENT_LOG})")
        return rollout, reason

    def _await_grades(self, rollout: Path, label: str) -> None:
        waiting = pending_jobs(rollout)
        if not waiting:
            return
        self.log(f"[run-agent] {label}: waiting for {len(waiting)} submission(s) to be graded")
        limit = self.settings.grade_timeout_s * (self.settings.bench_retries + 1) + 60
        deadline = time.monotonic() + limit
        while pending_jobs(rollout) and time.monotonic() < deadline:
            time.sleep(POLL_S)
        if pending_jobs(rollout):
            self.log(f"[run-agent] {label}: still not graded after {limit:.0f} s; the rollout "
                     "ends without it (the service grades it, and refuses it as ended)")
