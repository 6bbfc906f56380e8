"""`revylbench`: commands around grading that are not a pytest run."""

from __future__ import annotations

import argparse
import functools
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from pytest_revylbench.campaigns.campaign import CAMPAIGN_HELP, add_campaign_arguments, run_campaign
from pytest_revylbench.campaigns.report import LEADERBOARD_HELP, add_leaderboard_arguments, run_leaderboard
from pytest_revylbench.cli.certificates import (
    APPIUM_DIR,
    CERTIFICATES_HELP,
    add_certificates_arguments,
    add_null_control,
    certify,
    digests_now,
    run_certificates,
)
from pytest_revylbench.cli.doctor import (
    CALIBRATE_HELP,
    DOCTOR_HELP,
    add_calibrate_arguments,
    add_doctor_arguments,
    run_calibrate,
    run_doctor,
)
from pytest_revylbench.cli.regrade import REGRADE_HELP, add_regrade_arguments, run_regrade
from pytest_revylbench.cli.rollout import (
    LIFECYCLE,
    ROLLOUT_HELP,
    add_rollout_arguments,
    lifecycle_main,
    score_command,
)
from pytest_revylbench.cli.run_agent import RUN_AGENT_HELP, add_run_agent_arguments, run_run_agent
from pytest_revylbench.cli.service import (
    MCP_HELP,
    SERVE_HELP,
    SUBMIT_HELP,
    add_mcp_arguments,
    add_serve_arguments,
    add_submit_arguments,
    run_mcp,
    run_serve,
    run_submit,
)
from pytest_revylbench.cli.validate import (
    NEW_TASK_HELP,
    VALIDATE_HELP,
    add_new_task_arguments,
    add_validate_arguments,
    run_new_task,
    run_validate,
)
from pytest_revylbench.outputs.regrade import reproduces
from pytest_revylbench.outputs.schemas import SCHEMA_HELP, add_schema_arguments, run_schema
from pytest_revylbench.tasks.design import DESIGN_PLATFORM, publish_design
from pytest_revylbench.tasks.digests import scaffold_digest, scaffold_folder
from pytest_revylbench.tasks.loading import Task, TaskError, load_task
from pytest_revylbench.tasks.mutants import list_mutants, materialize
from pytest_revylbench.tasks.stability import NULL_CONTROL, check_stability, table
from pytest_revylbench.tasks.transcript import check_transcript


def _mutant(args: argparse.Namespace) -> int:
    try:
        task = load_task(args.tasks_dir, args.suites_dir, args.task)
        mutants = {m.name: m for m in list_mutants(task.suite)}
        if args.name not in mutants:
            known = ", ".join(mutants) or "none"
            print(f"task {args.task!r} has no mutant {args.name!r}; its mutants: {known}",
                  file=sys.stderr)
            return 2
        materialize(task.suite, mutants[args.name], args.dest)
    except (TaskError, FileExistsError) as exc:
        print(exc, file=sys.stderr)
        return 2
    print(args.dest)
    return 0


def null_control(task: Task) -> tuple[Path, str]:
    """The scaffold a certificate's null-submission control grades, and its digest."""
    return scaffold_folder(task).resolve(), scaffold_digest(task)


def _stability(args: argparse.Namespace) -> int:
    out = args.out or Path("reports") / f"stability-{args.task}-{args.platform}"
    amend = args.certify and args.only == [NULL_CONTROL]
    if args.certify and args.only and not amend:
        print("--certify grades the reference and every mutant (or, with `--only null-control` "
              "alone, adds the null control to a current certificate): drop --only", file=sys.stderr)
        return 2
    mutant_runs = args.mutant_runs if args.mutant_runs is not None or not args.certify else 1
    try:
        before = (digests_now(load_task(args.tasks_dir, args.suites_dir, args.task), args.appium_dir)
                  if args.certify and not amend else None)
        report = check_stability(
            args.task, platform=args.platform, runs=args.runs, out=out,
            tasks_dir=args.tasks_dir.resolve(), suites_dir=args.suites_dir.resolve(),
            cwd=Path.cwd(), only=args.only or None, jobs=args.jobs, mutant_runs=mutant_runs,
            rejudge=functools.partial(reproduces, tasks_dir=args.tasks_dir.resolve(),
                                      suites_dir=args.suites_dir.resolve()),
            null_control=null_control(load_task(args.tasks_dir, args.suites_dir, args.task))
            if args.certify or NULL_CONTROL in (args.only or ()) else None,
        )
    except TaskError as exc:
        print(exc, file=sys.stderr)
        return 2
    for line in table(report):
        print(line)
    print(f"stability.json: {out / 'stability.json'}")
    if amend:
        return add_null_control(load_task(args.tasks_dir, args.suites_dir, args.task), report,
                                args.appium_dir)
    if before is not None:
        return certify(load_task(args.tasks_dir, args.suites_dir, args.task), report, before,
                       args.appium_dir)
    return 0 if report.stable else 1


def _transcript(args: argparse.Namespace) -> int:
    try:
        task = load_task(args.tasks_dir, args.suites_dir, args.task)
    except TaskError as exc:
        print(exc, file=sys.stderr)
        return 2
    hits = check_transcript(task, args.transcript)
    for hit in hits:
        print(f"{args.transcript}:{hit.line}: {hit.kind}: {hit.text}")
    print(f"{'FLAGGED' if hits else 'clean'}: {len(hits)} mention(s) of the hidden suite")
    return 1 if hits else 0


def _oracle(args: argparse.Namespace) -> int:
    try:
        task = load_task(args.tasks_dir, args.suites_dir, args.task)
    except TaskError as exc:
        print(exc, file=sys.stderr)
        return 2
    if task.spec.scoring.visual is None or "visual" not in task.spec.tiers:
        print(f"{task.folder / 'task.toml'}: the task declares no visual tier "
              "(tiers = [..., \"visual\"] and [scoring.visual])", file=sys.stderr)
        return 2
    dest = task.suite / "oracle" / args.platform
    reports = args.reports or Path(tempfile.mkdtemp(prefix="revylbench-oracle-"))
    run_id = time.strftime("oracle-%Y%m%dT%H%M%SZ", time.gmtime())
    command = [
        sys.executable, "-m", "pytest", "--task", task.spec.id, "--platform", args.platform,
        f"--submission={task.suite / 'reference'}", f"--reports={reports}", f"--run-id={run_id}",
        f"--tasks-dir={args.tasks_dir}", f"--suites-dir={args.suites_dir}",
        f"--oracle-out={dest}", "-p", "no:cacheprovider", "-q",
        f"{task.folder / 'task.toml'}::visual",
    ]
    print(f"[oracle] capturing {task.spec.id} on {args.platform} from its reference …", file=sys.stderr)
    code = subprocess.run(command, check=False).returncode
    if code != 0:
        print(f"[oracle] FAILED (pytest exit {code}); the run is in {reports / run_id}",
              file=sys.stderr)
        return 1
    manifest = json.loads((dest / "oracle.json").read_text(encoding="utf-8"))
    for name, digest in manifest["shots"].items():
        print(f"{dest / (name + '.png')}  {digest}")
    if args.platform == DESIGN_PLATFORM:
        # The same images, published: the agent builds to the design the tier compares with.
        for image in publish_design(task, dest):
            print(f"{image}  (design)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="revylbench", description=__doc__)
    parser.add_argument("--tasks-dir", type=Path, default=Path("tasks"))
    parser.add_argument("--suites-dir", type=Path, default=Path("suites"))
    sub = parser.add_subparsers(dest="command", required=True)

    def declared(name: str, help_text: str, add_arguments: Callable[[argparse.ArgumentParser], None],
                 run: Callable[[argparse.Namespace], int]) -> None:
        """A command whose module declares its arguments and its runner."""
        command = sub.add_parser(name, help=help_text)
        add_arguments(command)
        command.set_defaults(run=run)

    declared("doctor", DOCTOR_HELP, add_doctor_arguments, run_doctor)
    declared("calibrate", CALIBRATE_HELP, add_calibrate_arguments, run_calibrate)
    declared("validate", VALIDATE_HELP, add_validate_arguments, run_validate)
    declared("new-task", NEW_TASK_HELP, add_new_task_arguments, run_new_task)
    mutant = sub.add_parser("mutant", help="write a mutant of a task's reference app")
    mutant.add_argument("task")
    mutant.add_argument("name")
    mutant.add_argument("dest", type=Path)
    mutant.set_defaults(run=_mutant)
    for row in (
        ("rollout", ROLLOUT_HELP, add_rollout_arguments, score_command),
        ("schema", SCHEMA_HELP, add_schema_arguments, run_schema),
        ("campaign", CAMPAIGN_HELP, add_campaign_arguments, run_campaign),
        ("leaderboard", LEADERBOARD_HELP, add_leaderboard_arguments, run_leaderboard),
        ("serve", SERVE_HELP, add_serve_arguments, run_serve),
        ("submit", SUBMIT_HELP, add_submit_arguments, run_submit),
        ("mcp", MCP_HELP, add_mcp_arguments, run_mcp),
        ("run-agent", RUN_AGENT_HELP, add_run_agent_arguments, run_run_agent),
        ("regrade", REGRADE_HELP, add_regrade_arguments, run_regrade),
    ):
        declared(*row)
    stability = sub.add_parser(
        "stability", help="grade the reference and every mutant N times; fail unless stable")
    stability.add_argument("--task", required=True)
    stability.add_argument("--platform", default="web", choices=["web", "ios", "android"])
    stability.add_argument("--runs", type=int, default=3)
    stability.add_argument("--jobs", type=int, default=1, help="grades run at once")
    stability.add_argument("--mutant-runs", type=int, default=None,
                           help="runs of each mutant (default: --runs)")
    stability.add_argument("--only", action="append", metavar="SUBJECT",
                           help="only this mutant (or `reference`, or `null-control`: the "
                                "untouched scaffold once); repeatable")
    stability.add_argument("--out", type=Path, help="folder for runs and stability.json")
    stability.add_argument("--certify", action="store_true",
                           help="grade every mutant (--mutant-runs default 1) and the untouched "
                                "scaffold once (the null control: 0 under every scheme) and, if "
                                "stable, write the task's certificate suites/<id>/stability.json; "
                                "with `--only null-control` alone, grade the scaffold and add its "
                                "control to a current certificate made without one")
    stability.add_argument("--appium-dir", type=Path, default=APPIUM_DIR,
                           help="the Appium install whose versions a certificate records")
    stability.set_defaults(run=_stability)
    declared("certificates", CERTIFICATES_HELP, add_certificates_arguments, run_certificates)
    oracle = sub.add_parser(
        "oracle", help="capture the visual oracle: the reference app's checkpoint screenshots")
    oracle.add_argument("--task", required=True)
    oracle.add_argument("--platform", default="web", choices=["web", "ios", "android"])
    oracle.add_argument("--reports", type=Path, help="keep the capture run here (default: a temp folder)")
    oracle.set_defaults(run=_oracle)
    transcript = sub.add_parser(
        "transcript-check", help="flag an agent transcript that mentions the hidden suite")
    transcript.add_argument("--task", required=True)
    transcript.add_argument("transcript", type=Path)
    transcript.set_defaults(run=_transcript)
    words = sys.argv[1:] if argv is None else argv
    if "rollout" in words:
        at = words.index("rollout")
        if words[at + 1:at + 2] and words[at + 1] in LIFECYCLE:
            known, _ = parser.parse_known_args(words[:at] + ["validate"])
            return lifecycle_main(words[at + 1:], tasks_dir=known.tasks_dir,
                                  suites_dir=known.suites_dir)
    args = parser.parse_args(argv)
    return int(args.run(args))

