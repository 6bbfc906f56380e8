"""`revylbench rollout`: start a rollout's ledger, end it, and score it.

```
revylbench rollout start --task T --seed S [--scheme NAME] [--agent-started-at ISO]
                         [--service ENDPOINT] [--no-workspace] DIR
revylbench rollout end DIR [--reason done|time_limit|budget|agent_crash] [--agent-seconds N]
revylbench rollout DIR [--json] [--allow-mixed]
```
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pytest_revylbench.outputs.ledger import LedgerError, end_rollout, read_ledger, start_rollout
from pytest_revylbench.outputs.provenance import suite_digest, task_digest
from pytest_revylbench.records.ledger import END_REASONS
from pytest_revylbench.scoring.rollout import MixedRollout, explain, score_ledger
from pytest_revylbench.service.endpoint import (
    EndpointError,
    parse_endpoint,
    read_service_file,
    write_service_file,
)
from pytest_revylbench.service.workspace import SCAFFOLD, lay_out_workspace
from pytest_revylbench.tasks.loading import TaskError, load_task

ROLLOUT_HELP = "score a rollout from its ledger alone (`rollout start …` / `rollout end …` open and close it)"
LIFECYCLE = ("start", "end")


def score_command(args: argparse.Namespace) -> int:
    try:
        ledger = read_ledger(args.folder)
        score = score_ledger(ledger, allow_mixed=args.allow_mixed)
    except LedgerError as exc:
        print(exc, file=sys.stderr)
        return 2
    except MixedRollout as exc:
        print(f"rollout {args.folder}: {exc}", file=sys.stderr)
        return 2
    if args.json:  # JSON on stdout and nothing else: no file is written
        print(score.model_dump_json(indent=2))
        return 0
    from pytest_revylbench.outputs.scorecard import write_rollout_scorecard

    start, records = ledger.start, ledger.records
    page = write_rollout_scorecard(args.folder, start, records, score)
    ended = f", ended: {ledger.end.reason}" if ledger.end else ", OPEN (no end record)"
    print(f"rollout {args.folder} — task {start.task}, seed {start.seed}, scheme {start.scheme}, "
          f"{len(records)} submission(s), budget {start.max_submissions}{ended}")
    for r in records:
        verdicts = " ".join(f"{t}={v.value}" for t, v in r.verdicts.items())
        kind = f" [{r.failure_kind}]" if r.failure_kind else ""
        print(f"  {r.k}. {r.party}{kind}  reward {r.reward:.2f}  {verdicts}")
    for line in explain(score):
        print(line)
    for why in ledger.rejected:
        print(f"  REJECTED ledger {why}")
    print(f"scorecard: {page}")
    return 0


def _start(args: argparse.Namespace) -> int:
    try:
        task = load_task(args.tasks_dir, args.suites_dir, args.task)
        if args.service:
            parse_endpoint(args.service)
        digests = {"task": task_digest(task), "suite": suite_digest(task)}
        start = start_rollout(args.folder, task.spec, seed=args.seed, scheme=args.scheme,
                              agent_started_at=args.agent_started_at, digests=digests)
    except (TaskError, LedgerError, ValueError, EndpointError) as exc:
        print(exc, file=sys.stderr)
        return 2
    print(f"rollout {args.folder} started: task {start.task}, seed {start.seed}, scheme "
          f"{start.scheme}, budget {start.max_submissions}, agent started {start.agent_started_at}")
    if args.no_workspace:
        return 0
    scaffold: Path | None = args.tasks_dir / SCAFFOLD
    if scaffold is None or not (scaffold / "package.json").is_file():
        print(f"note: no scaffold at {scaffold}: the workspace holds the task's public files only",
              file=sys.stderr)
        scaffold = None
    try:
        workspace = lay_out_workspace(task, scaffold, args.folder)
    except (OSError, FileExistsError) as exc:
        print(f"the agent's workspace was not laid out: {exc}", file=sys.stderr)
        return 2
    if args.service:
        service = read_service_file(workspace)
        write_service_file(workspace, service.model_copy(update={"endpoint": args.service}))
    print(f"workspace {workspace}: the scaffold, the task's public files and AGENTS.md")
    return 0


def _end(args: argparse.Namespace) -> int:
    try:
        end = end_rollout(args.folder, args.reason, ended_at=args.ended_at,
                          agent_seconds=args.agent_seconds)
    except (LedgerError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    print(f"rollout {args.folder} ended: {end.reason} at {end.ended_at}"
          + (f", {end.agent_seconds:g} agent seconds" if end.agent_seconds is not None else ""))
    return 0


def add_rollout_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", type=Path, help="the rollout folder (holding ledger.jsonl)")
    parser.add_argument("--json", action="store_true", help="print the score as JSON; write nothing")
    parser.add_argument("--allow-mixed", action="store_true",
                        help="score even if submissions were graded with different digests")


def lifecycle_main(argv: list[str], *, tasks_dir: Path, suites_dir: Path) -> int:
    """`revylbench rollout start|end …`; `argv` starts with the word `start` or `end`."""
    parser = argparse.ArgumentParser(prog="revylbench rollout")
    sub = parser.add_subparsers(dest="step", required=True)
    start = sub.add_parser("start", help="write the start record before the agent begins")
    start.add_argument("--task", required=True)
    start.add_argument("--seed", required=True, type=int)
    start.add_argument("--scheme", help="score with this scheme instead of the task's")
    start.add_argument("--agent-started-at", help="ISO time the agent starts (default: now)")
    start.add_argument("--service", metavar="ENDPOINT",
                       help="the grading service (unix:/path.sock or http://127.0.0.1:PORT) the "
                            "workspace submits to (default: `revylbench serve` announces itself)")
    start.add_argument("--no-workspace", action="store_true",
                       help="write only the ledger's start line (a harness lays out its own workspace)")
    start.add_argument("folder", type=Path)
    start.set_defaults(run=_start)
    end = sub.add_parser("end", help="write the end record when the agent stops")
    end.add_argument("folder", type=Path)
    end.add_argument("--reason", choices=END_REASONS, default="done")
    end.add_argument("--ended-at", help="ISO time the agent stopped (default: now)")
    end.add_argument("--agent-seconds", type=float,
                     help="the agent's working seconds over the whole rollout, when measured")
    end.set_defaults(run=_end)
    args = parser.parse_args(argv)
    args.tasks_dir, args.suites_dir = tasks_dir, suites_dir
    return int(args.run(args))
