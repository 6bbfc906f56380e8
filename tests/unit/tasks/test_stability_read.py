"""The stability check reads each run's grade.json back as a `GradeRecord`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from pytest_revylbench.tasks.stability import _grade
from tests.unit.outputs.test_schemas import full_grade

TROUBLES = ["status interrupted", "trip: timeout: "]
"""What `full_grade` says of its own trouble (its failed check is a verdict, not trouble)."""
NO_GRADER = shutil.which("true") or "/bin/true"
"""Stands in for the Python that would grade and leaves no grade."""


def staging_grader(tmp_path: Path) -> tuple[str, Path]:
    """A stand-in for the Python that would grade: it puts the run folder staged in the
    returned folder in place as the grade's (`--reports`/`--run-id`), as a grade writes its own
    into a folder the stability check has just emptied."""
    staged = tmp_path / "staged"
    staged.mkdir()
    grader = tmp_path / "grader.sh"
    grader.write_text(
        "#!/bin/sh\nprev=''\nfor a in \"$@\"; do\n"
        "  case \"$a\" in --reports=*) reports=\"${a#--reports=}\";; esac\n"
        "  [ \"$prev\" = --run-id ] && run=\"$a\"\n  prev=\"$a\"\ndone\n"
        f"mkdir -p \"$reports\" && cp -r {staged} \"$reports/$run\"\n")
    grader.chmod(0o755)
    return str(grader), staged


def test_a_run_is_read_as_a_grade_record(tmp_path: Path) -> None:
    grader, run = staging_grader(tmp_path)
    (run / "feedback").mkdir(parents=True)
    (run / "feedback/feedback.json").write_text("{}", encoding="utf-8")
    (run / "grade.json").write_text(full_grade().model_dump_json(indent=2), encoding="utf-8")
    verdicts, scores, bundle, troubles, checks = _grade(
        grader, "demo", "web", tmp_path, tmp_path / "runs", "reference-1", [], tmp_path)
    assert verdicts == {"one": "pass", "two": "fail", "trip": "not_run"}
    assert scores == {"outcome": 0.25, "flow": pytest.approx(1 / 3)}
    assert bundle == (True, 1)
    # What the grade said of its trouble reaches the stability table: a test that did not run
    # names its fault, so an unstable verdict says why.
    assert troubles == TROUBLES
    # The checks its device tests recorded (the bar's >= 80 on the reference, from a certificate).
    assert checks == 1


def test_a_run_without_a_grade_counts_as_missing(tmp_path: Path) -> None:
    assert _grade(NO_GRADER, "demo", "web", tmp_path, tmp_path / "runs", "r", [], tmp_path) == (
        {}, {}, (False, 0), ["no grade: the grade's pytest left no grade.json"], 0)


def test_a_malformed_grade_is_refused_naming_the_field(tmp_path: Path) -> None:
    grader, run = staging_grader(tmp_path)
    record = full_grade().model_dump(mode="json")
    record["outcome"] = "high"
    (run / "grade.json").write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(ValidationError, match="outcome"):
        _grade(grader, "demo", "web", tmp_path, tmp_path / "runs", "r", [], tmp_path)


def test_a_run_folder_left_by_an_earlier_run_is_never_read_as_the_grade(tmp_path: Path) -> None:
    left = tmp_path / "runs/r"
    left.mkdir(parents=True)
    (left / "grade.json").write_text(full_grade().model_dump_json(), encoding="utf-8")
    assert _grade(NO_GRADER, "demo", "web", tmp_path, tmp_path / "runs", "r", [], tmp_path) == (
        {}, {}, (False, 0), ["no grade: the grade's pytest left no grade.json"], 0)
    assert not left.exists()
