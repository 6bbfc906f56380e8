"""`revylbench run-agent`: a command-line agent over tasks x seeds, sandboxed, as a campaign.

```
revylbench run-agent --task T[,T2…] --seeds 1,2,3 --agent-cmd '…' --campaign DIR
                     [--time-limit MIN] [--network-policy FILE] [--device-pool FILE]
                     [--service ENDPOINT] [--model M --harness H --harness-version V]
```
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from pytest_revylbench.campaigns.manifest import CampaignError
from pytest_revylbench.devices.pool import DEFAULT_POOLS, PoolError, load_pool
from pytest_revylbench.outputs.ledger import LedgerError
from pytest_revylbench.records.campaign import Contestant
from pytest_revylbench.service.broker import BrokerError
from pytest_revylbench.service.campaign_run import CampaignRun, RunError
from pytest_revylbench.service.endpoint import EndpointError, parse_endpoint
from pytest_revylbench.service.jobs import GradeSettings
from pytest_revylbench.service.network_policy import PolicyError, load_policy
from pytest_revylbench.tasks.loading import TaskError

RUN_AGENT_HELP = "run a command-line agent in a sandbox over tasks x seeds; writes a campaign"
PROTOCOL_MINUTES = 480


def _ints(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: expected seeds like 1,2,3") from exc


def _words(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def add_run_agent_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--task", type=_words, required=True, metavar="T[,T2…]",
                        help="the task (or tasks, comma-separated) to run")
    parser.add_argument("--seeds", type=_ints, required=True, metavar="1,2,3")
    parser.add_argument("--agent-cmd", required=True,
                        help="the agent's command line, run with /bin/sh -c in its workspace")
    parser.add_argument("--campaign", type=Path, required=True, help="the campaign folder")
    parser.add_argument("--time-limit", type=float, default=PROTOCOL_MINUTES, metavar="MIN",
                        help=f"minutes per rollout (default {PROTOCOL_MINUTES}, the published protocol)")
    parser.add_argument("--network-policy", type=Path, metavar="FILE",
                        help='TOML: allow = ["host:port", …] (default: nothing allowed)')
    parser.add_argument("--device-pool", type=Path, metavar="FILE",
                        help="the grading service's pool (default: devices/local-web.toml)")
    parser.add_argument("--service", metavar="ENDPOINT",
                        help="use this running `revylbench serve` (whose --rollouts holds the "
                             "campaign) instead of starting one")
    parser.add_argument("--platform", default="web", choices=["web", "ios", "android"])
    parser.add_argument("--workers", type=int, help="grading workers (default: the pool's devices)")
    parser.add_argument("--model", default="unnamed-model", help="the contestant's model")
    parser.add_argument("--harness", default="command-line-agent", help="the contestant's harness")
    parser.add_argument("--harness-version", default="0", help="the harness's version")
    parser.add_argument("--protocol", default="revylbench-web-v1")
    parser.add_argument("--budget", type=int,
                        help="a budget below the task's, for a trial run (default: the task's)")
    parser.add_argument("--scheme", help="score with this scheme instead of the task's")
    parser.add_argument("--pass-env", action="append", default=[], metavar="NAME",
                        help="pass this variable of the environment to the agent (its API key …)")
    parser.add_argument("--grade-arg", action="append", default=[], metavar="ARG",
                        help="one more pytest argument for every grade (repeatable)")


def run_run_agent(args: argparse.Namespace) -> int:
    pool_file = (args.device_pool or Path("devices") / DEFAULT_POOLS[args.platform]).resolve()
    try:
        if args.service:
            parse_endpoint(args.service)
        workers = args.workers if args.workers is not None else len(
            load_pool(pool_file, args.platform).slots)
        policy = load_policy(args.network_policy)
        missing = [name for name in args.pass_env if name not in os.environ]
        if missing:
            raise RunError(f"--pass-env {', '.join(missing)}: not set in this environment")
        settings = GradeSettings(
            python=sys.executable, cwd=str(Path.cwd().resolve()),
            tasks_dir=str(args.tasks_dir.resolve()), suites_dir=str(args.suites_dir.resolve()),
            platform=args.platform, device_pool=str(pool_file) if args.device_pool else None,
            extra=[*args.grade_arg, *([f"--scheme={args.scheme}"] if args.scheme else [])])
        run = CampaignRun(
            campaign=args.campaign.resolve(), tasks=args.task, seeds=args.seeds,
            agent_cmd=args.agent_cmd, settings=settings,
            contestant=Contestant(model=args.model, harness=args.harness,
                                  harness_version=args.harness_version),
            protocol=args.protocol, time_limit_s=args.time_limit * 60, policy=policy,
            workers=workers, service=args.service, budget=args.budget, scheme=args.scheme,
            agent_env={name: os.environ[name] for name in args.pass_env},
            log=lambda line: print(line, flush=True))
        ended = run.run()
    except (RunError, PolicyError, PoolError, EndpointError, TaskError, LedgerError, CampaignError,
            BrokerError, ValueError) as exc:
        print(f"revylbench run-agent: {exc}", file=sys.stderr)
        return 2
    print(f"[run-agent] {len(ended)} rollout(s) in {args.campaign}: `revylbench campaign "
          f"{args.campaign}` scores them, `revylbench leaderboard {args.campaign}` ranks them")
    return 0
