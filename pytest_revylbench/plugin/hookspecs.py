"""Hooks a project implements to change how a grade is scored or reported.

pytest only collects hook implementations whose names start with `pytest_`, hence
`pytest_revylbench_*`. The built-in behaviour is registered as ordinary implementations of these hooks, so a
project replaces it the same way (a conftest.py or a plugin of its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pytest_revylbench.records.grade import GradeRecord, TestResult
    from pytest_revylbench.records.reward import Reward
    from pytest_revylbench.records.task import TaskSpec


@pytest.hookspec(firstresult=True)
def pytest_revylbench_reward(task: TaskSpec, results: Sequence[TestResult]) -> Reward | None:
    """Score one grade under the task's scheme (``task.scoring.scheme``).

    :param task: the task being graded; implementations answer only for their own scheme.
    :param results: one verdict per hidden test, sorted by node id.
    :returns: the reward, or None when the scheme is not this implementation's.
    """


def pytest_revylbench_grade_written(record: GradeRecord, path: Path) -> None:
    """Called on the controller once ``grade.json`` is written.

    :param record: the grade as written.
    :param path: the path of ``grade.json``.
    """
