"""`revylbench serve`, `revylbench submit` and `revylbench mcp`: the grading service and the
agent's two clients.

```
revylbench serve --rollouts DIR [--device-pool FILE] [--socket PATH | --port N] [--redis URL]
revylbench submit [--wait] [--status] [--feedback K] [--workspace DIR]
revylbench mcp [--workspace DIR]
```
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from pytest_revylbench.devices.pool import DEFAULT_POOLS, PoolError, load_pool
from pytest_revylbench.service.broker import BrokerError
from pytest_revylbench.service.client import ServiceError, client_for
from pytest_revylbench.service.endpoint import EndpointError
from pytest_revylbench.service.jobs import GradeSettings
from pytest_revylbench.service.queue import REDIS_URL_VAR
from pytest_revylbench.service.runner import GradingService

SERVE_HELP = "grade the agents' submissions: a queue, workers (one per device) and a socket"
SUBMIT_HELP = "submit this workspace for grading (run inside it) and print the feedback"
MCP_HELP = "the submit client as an MCP server on stdio (tools submit, status, feedback)"
DEFAULT_SOCKET = "service.sock"


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rollouts", type=Path, required=True,
                        help="the folder holding the rollouts to grade (at any depth)")
    parser.add_argument("--device-pool", type=Path,
                        help="the pool file; its device count bounds the grades run at once "
                             "(default: devices/local-web.toml for web)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--socket", type=Path, help=f"Unix socket (default: ROLLOUTS/{DEFAULT_SOCKET})")
    where.add_argument("--port", type=int, help="listen on 127.0.0.1:PORT instead of a socket")
    parser.add_argument("--redis", default=os.environ.get(REDIS_URL_VAR),
                        help="use this Redis (redis://:PASSWORD@HOST:PORT/0) instead of starting "
                             f"one: the queue several grading machines share (default: ${REDIS_URL_VAR})")
    parser.add_argument("--workers", type=int, help="workers here (default: the pool's devices; "
                                                    "0: only answer and enqueue)")
    parser.add_argument("--platform", default="web", choices=["web", "ios", "android"])
    parser.add_argument("--bench-retries", type=int, default=2,
                        help="times a grade ended by a bench fault is graded again")
    parser.add_argument("--grade-arg", action="append", default=[], metavar="ARG",
                        help="one more pytest argument for every grade (repeatable)")


def run_serve(args: argparse.Namespace) -> int:
    rollouts: Path = args.rollouts.resolve()
    if not rollouts.is_dir():
        print(f"--rollouts {rollouts}: no such folder", file=sys.stderr)
        return 2
    pool_file = (args.device_pool or Path("devices") / DEFAULT_POOLS[args.platform]).resolve()
    workers = args.workers
    if workers is None:
        try:
            workers = len(load_pool(pool_file, args.platform).slots)
        except PoolError as exc:
            print(exc, file=sys.stderr)
            return 2
    settings = GradeSettings(
        python=sys.executable, cwd=str(Path.cwd().resolve()), tasks_dir=str(args.tasks_dir.resolve()),
        suites_dir=str(args.suites_dir.resolve()), platform=args.platform,
        device_pool=str(pool_file) if args.device_pool else None, extra=list(args.grade_arg),
        bench_retries=args.bench_retries)
    socket_path = None if args.port is not None else (args.socket or rollouts / DEFAULT_SOCKET).resolve()
    service = GradingService(rollouts, settings, workers, socket_path=socket_path, port=args.port,
                             redis_url=args.redis, log=lambda line: print(line, flush=True))
    try:
        service.run()
    except BrokerError as exc:
        print(exc, file=sys.stderr)
        return 2
    except OSError as exc:   # the socket cannot be made: a path too long, a folder not writable
        print(f"revylbench serve: cannot listen on {socket_path or args.port}: {exc}", file=sys.stderr)
        return 2
    return 0


def add_submit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--wait", action="store_true",
                        help="wait for the grade, print feedback.md and unpack it into .feedback/<k>/")
    parser.add_argument("--status", action="store_true", help="only print the rollout's status")
    parser.add_argument("--feedback", type=int, metavar="K",
                        help="only fetch (and unpack) the feedback of submission K")
    parser.add_argument("--workspace", type=Path, default=Path("."),
                        help="the workspace (default: the folder this runs in, or one above)")


def run_submit(args: argparse.Namespace) -> int:
    try:
        client = client_for(args.workspace)
        if args.status:
            print(json.dumps(client.status(), indent=2))
            return 0
        if args.feedback is not None:
            answer = client.feedback(args.feedback)
            print(answer["markdown"])
            print(f"[submit] feedback of submission {answer['k']} in {answer['folder']}", file=sys.stderr)
            return 0
        queued = client.submit()
        print(f"[submit] {queued['message']}", file=sys.stderr, flush=True)
        if not args.wait:
            return 0
        done = client.wait(str(queued["job"]))
        if done.get("k") is None:
            print(f"[submit] not graded: {done['message']}", file=sys.stderr)
            return 1
        answer = client.feedback(int(done["k"]))
        print(answer["markdown"])
        print(f"[submit] {done['message']}; feedback in {answer['folder']}", file=sys.stderr)
        return 0
    except (ServiceError, EndpointError) as exc:
        print(f"[submit] {exc}", file=sys.stderr)
        return 2


def add_mcp_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--workspace", type=Path, default=Path("."),
                        help="the workspace (default: the folder this runs in)")


def run_mcp(args: argparse.Namespace) -> int:
    from pytest_revylbench.service.mcp_tools import run_stdio

    run_stdio(args.workspace.resolve())
    return 0
