"""A grade's item ids, the same wherever the submission, the reports and the checkout are.

pytest names a node by its path relative to the rootdir, and picks the rootdir from the
invocation folder, the ini files above it and any path-like argument (`--submission DIR`
written with a space is one). So the same item was `suites/budget/test_budget.py::…` from the
checkout, `test_budget.py::…` (and `::build::export`) with the submission elsewhere. A grade
roots its ids at the task instead:

- a test of the hidden suite: `budget/test_budget.py::test_stage_1_accounts` (its file
  relative to `suites/budget/`), a hidden jest test `budget/functional/totals.test.tsx::<title>`;
- a built-in subtest of task.toml: `budget::build::export`, `budget::contract::screen[accounts]`,
  `budget::visual::accounts@phone`.

grade.json, JUnit, Allure, the ledger and the feedback all read these ids.
"""

from __future__ import annotations

from pathlib import Path

import pytest


def suite_file_id(task_id: str, suite: Path, path: Path) -> str | None:
    """`budget/test_budget.py`: the id of a file of the hidden suite, or None for a file outside it."""
    try:
        relative = path.resolve().relative_to(suite.resolve())
    except ValueError:
        return None
    return f"{task_id}/{relative.as_posix()}"


def builtin_id(task_id: str) -> str:
    """What the built-in subtests of a task's `task.toml` hang from: `budget` (`budget::build::export`)."""
    return task_id


class DeclaredItem(pytest.Function):
    """A subtest made from a declaration (task.toml or a hidden jest file) rather than a Python test.

    Reported under the file that declares it and named by its id after the file, so a failure
    header reads `build::export`, never the chain of folders above the file in dots.
    """

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, self.nodeid.partition("::")[2] or self.name
