"""`revylbench validate` and `revylbench new-task`: a task author's way in.

`new-task ID` lays out a skeleton (`tasks/skeleton.py`); `validate [TASK ...]` loads each task,
its suite and mutants and says what is still missing against the bar (`checks/bar.py`), one
line per gap naming the file and what is expected.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pytest_revylbench.checks.bar import Gap, bar_report
from pytest_revylbench.checks.functional import item_names
from pytest_revylbench.cli.certificates import APPIUM_DIR
from pytest_revylbench.outputs.provenance import environment
from pytest_revylbench.tasks.loading import Task, TaskError, available_tasks, load_task
from pytest_revylbench.tasks.mutants import Mutant, list_mutants
from pytest_revylbench.tasks.skeleton import ID_PATTERN, new_task

VALIDATE_HELP = ("check task files, suites and mutants, and say per task what is still missing "
                 "against the bar every task must meet; exit 1 on any gap")
NEW_TASK_HELP = "lay out a new task's skeleton in tasks/ID and suites/ID (then `validate ID`)"


def add_validate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("task", nargs="*", help="tasks to check (default: every task)")
    parser.add_argument("--appium-dir", type=Path, default=APPIUM_DIR,
                        help="the Appium install whose versions a certificate's environment covers")


def unknown_catches(task: Task, mutants: list[Mutant]) -> list[Gap]:
    """A gap per mutant whose `catches` names something no full grade of the task collects
    (a placeholder such as "TBD", a renamed test)."""
    known = set(item_names(task))
    return [Gap(task.suite / "mutants" / m.name / "mutant.toml",
                f"every name in `catches` an item of a full grade (a device test, a component test "
                f"or a tier's built-in subtest); not one: {', '.join(repr(c) for c in bad)}")
            for m in mutants if (bad := [c for c in m.catches if c not in known])]


def run_validate(args: argparse.Namespace) -> int:
    ids = args.task or available_tasks(args.tasks_dir)
    if not ids:
        print(f"no tasks under {args.tasks_dir}", file=sys.stderr)
        return 2
    env = environment(args.appium_dir.resolve())
    failed = 0
    for task_id in ids:
        try:
            task = load_task(args.tasks_dir, args.suites_dir, task_id)
            mutants = list_mutants(task.suite)
            report = bar_report(task, env)
            gaps = [*report.gaps, *unknown_catches(task, mutants)]
        except TaskError as exc:
            print(f"FAIL {task_id}: {exc}")
            failed += 1
            continue
        for gap in gaps:
            print(f"FAIL {task_id}: {gap}")
        if gaps:
            failed += 1
        else:
            print(f"ok   {task_id} v{task.spec.version}: {len(task.spec.stages)} stages, "
                  f"{len(mutants)} mutants, platforms {', '.join(task.spec.platforms)}")
        for note in report.notes:
            print(f"note {task_id}: {note}")
    return 1 if failed else 0


def add_new_task_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("id", help=f"the new task's id (pattern {ID_PATTERN.pattern})")
    parser.add_argument("--title", help="the task's title (default: a TODO placeholder)")


def run_new_task(args: argparse.Namespace) -> int:
    try:
        skeleton = new_task(args.tasks_dir, args.suites_dir, args.id, title=args.title)
    except TaskError as exc:
        print(f"new-task: {exc}", file=sys.stderr)
        return 2
    print(f"{skeleton.task}/  the public spec: instruction.md, steps/0N-*/instruction.md, task.toml")
    print(f"{skeleton.suite}/  the hidden suite: tests, functional/, reference/, mutants/")
    print(f"next: fill in every TODO, then `revylbench validate {args.id}` says what is still missing")
    return 0
