"""`revylbench regrade REPORT_DIR`: re-judge a stored grade from its evidence alone (no device,
no build) and write `regrade.json` (`outputs/regrade.py`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pytest_revylbench.outputs.grade import GRADE_JSON
from pytest_revylbench.outputs.ledger import LedgerError
from pytest_revylbench.outputs.regrade import RegradeRefused, regrade, write_regrade
from pytest_revylbench.records.campaign import RolloutScore
from pytest_revylbench.records.grade import GradeRecord
from pytest_revylbench.records.vocabulary import Scheme
from pytest_revylbench.scoring.tiers import RewardRefused
from pytest_revylbench.tasks.loading import TaskError, parse_task_file

REGRADE_HELP = ("re-judge a stored grade from its evidence alone (no device, no build): visual "
                "metrics, floor, every scheme's reward, the vector; refuses altered evidence")


def add_regrade_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("report", type=Path, metavar="REPORT_DIR",
                        help="a grade's report folder (grade.json and its evidence)")
    parser.add_argument("--oracle", type=Path,
                        help="oracle screenshots (default: <suites-dir>/<task>/oracle/<platform>)")
    parser.add_argument("--scheme", choices=[s.value for s in Scheme],
                        help="score the outcome under this scheme (default: the task file's)")
    parser.add_argument("--task-file", type=Path,
                        help="the task.toml to score with (default: <tasks-dir>/<task>/task.toml)")
    parser.add_argument("--ledger", type=Path, metavar="ROLLOUT_DIR",
                        help="the rollout the grade belongs to: its score before and after")
    parser.add_argument("--out", type=Path, help="where regrade.json goes (default: REPORT_DIR)")


def _task_of(report: Path) -> GradeRecord | None:
    try:
        return GradeRecord.model_validate_json((report / GRADE_JSON).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def run_regrade(args: argparse.Namespace) -> int:
    report: Path = args.report
    live = _task_of(report)
    if live is None:
        print(f"{report / GRADE_JSON}: missing or not a grade record; nothing to re-judge",
              file=sys.stderr)
        return 2
    task_file: Path = args.task_file or args.tasks_dir / live.task / "task.toml"
    oracle: Path = args.oracle or args.suites_dir / live.task / "oracle" / live.platform
    try:
        spec = parse_task_file(task_file)
        record = regrade(report, spec=spec, task_file=task_file, oracle_dir=oracle,
                         scheme=args.scheme, ledger=args.ledger)
    except (TaskError, RewardRefused, LedgerError) as exc:
        print(exc, file=sys.stderr)
        return 2
    except RegradeRefused as exc:
        print(f"REFUSED: {report}: nothing re-judged; what does not match:", file=sys.stderr)
        for problem in exc.problems:
            print(f"  {problem}", file=sys.stderr)
        return 2
    path = write_regrade(record, args.out or report)
    grade = record.grade
    print(f"re-judged {report} ({len(record.evidence_verified)} evidence files verified) with "
          f"pytest-revylbench {record.grader_version}")
    print(f"outcome {grade.outcome:.4f} (scheme {record.scheme}), was {live.outcome:.4f}")
    print(f"changes: {len(record.changes)}")
    for line in record.changes[:40]:
        print(f"  {line}")
    rollout = record.rollout
    if rollout is not None:
        def shown(score: RolloutScore | None) -> str:
            return "not scored" if score is None or score.score_percent is None else (
                f"{score.score_percent:.1f} % (outcome {score.outcome:.4f})")
        print(f"rollout {rollout.ledger}, submission {rollout.k}: "
              + (f"not scored: {rollout.refused}" if rollout.refused
                 else f"{shown(rollout.before)} → {shown(rollout.after)}"))
    print(f"regrade.json: {path}")
    return 0
