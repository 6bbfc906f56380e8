"""`revylbench stability --certify` and `revylbench certificates`: write a task's stability
certificate when its suite is stable, and say of each task whether its certificate is current
(`tasks/certificate.py`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pytest_revylbench.outputs.provenance import environment
from pytest_revylbench.records.certificate import CertificateDigests
from pytest_revylbench.tasks.certificate import (
    CHECKED,
    FIX,
    certificate_problems,
    current_digests,
    make_certificate,
    read_certificate,
    unstable_reason,
    write_certificate,
)
from pytest_revylbench.tasks.loading import Task, TaskError, available_tasks, load_task
from pytest_revylbench.tasks.stability import StabilityReport

CERTIFICATES_HELP = ("say of each task whether its stability certificate "
                     "(suites/<id>/stability.json) is current; exit 1 on any problem")
APPIUM_DIR = Path(".revylbench/appium")


def digests_now(task: Task, appium_dir: Path) -> CertificateDigests:
    return current_digests(task, environment(appium_dir.resolve()))


def certify(task: Task, report: StabilityReport, before: CertificateDigests, appium_dir: Path) -> int:
    """Write the certificate of a stable report made with the digests `before`; 1 (and the
    task's current certificate untouched) when unstable or when a digest changed meanwhile."""
    if not report.stable:
        print(f"no certificate written for {task.spec.id}: {unstable_reason(report)}")
        return 1
    after = digests_now(task, appium_dir)
    moved = [key for key in CHECKED if getattr(before, key) != getattr(after, key)]
    if moved:
        print(f"no certificate written for {task.spec.id}: {', '.join(moved)} changed while it was "
              "graded; certify again")
        return 1
    path = write_certificate(task, make_certificate(report, before, environment(appium_dir.resolve())))
    print(f"certificate: {path}")
    return 0


def add_null_control(task: Task, report: StabilityReport, appium_dir: Path) -> int:
    """Add the null control of `report` to the task's current certificate (one made before
    certificates carried it): the other subjects are kept as they were certified. 1, and the
    certificate untouched, when there is none, when it is not current, or when the control
    earned something or did not build."""
    tid = task.spec.id
    problems = certificate_problems(task, environment(appium_dir.resolve()))
    if problems:
        print(f"no null control added to {tid}'s certificate: "
              f"{'; '.join(map(str, problems))}; certify in full with `{FIX.format(task=tid)}`")
        return 1
    certificate = read_certificate(task)
    assert certificate is not None  # no problem: there is one
    if report.null is None or not report.null.earns_nothing:
        why = report.null.why() if report.null is not None else "it was not graded"
        print(f"no null control added to {tid}'s certificate: {why}")
        return 1
    path = write_certificate(task, certificate.model_copy(update={"null": report.null}))
    print(f"certificate: {path} (null control added)")
    return 0


def add_certificates_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("task", nargs="*", help="tasks to check (default: every task)")
    parser.add_argument("--appium-dir", type=Path, default=APPIUM_DIR,
                        help="the Appium install whose versions the environment digest covers")


def run_certificates(args: argparse.Namespace) -> int:
    ids = args.task or available_tasks(args.tasks_dir)
    env = environment(args.appium_dir.resolve())
    failed = 0
    for task_id in ids:
        try:
            task = load_task(args.tasks_dir, args.suites_dir, task_id)
        except TaskError as exc:
            print(f"{task_id}: INVALID: {exc}")
            failed += 1
            continue
        problems = certificate_problems(task, env)
        if not problems:
            print(f"{task_id}: certified")
            continue
        failed += 1
        for problem in problems:
            print(f"{task_id}: {problem}")
        print(f"{task_id}: fix with `{FIX.format(task=task_id)}`", file=sys.stderr)
    return 1 if failed else 0
