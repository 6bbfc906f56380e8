"""The digests of a task's parts: its public files, its hidden suite, the reference, the
mutants and the oracle, each sha256 over a folder's files (`builder.submission.tree_digest`).

A grade's provenance (`outputs/provenance.py`) and a stability certificate
(`tasks/certificate.py`) both record them, so they live here, below both.
"""

from __future__ import annotations

from pathlib import Path

from pytest_revylbench.builder.submission import tree_digest
from pytest_revylbench.tasks.loading import Task

CERTIFICATE_FILE = "stability.json"
DERIVATION_FILE = "derive.py"
"""The suite's stability certificate (`suites/<id>/stability.json`): no part of the digests
it records, or certifying would change the suite digest it certifies."""
BUILT = ("node_modules", "dist", ".expo")
"""Build and tool folders of an app: no part of its source."""


def task_digest(task: Task) -> str:
    """The digest of the task's public files: task.toml, the instructions and the design
    images (`tasks/<id>/design/`), everything an agent is given."""
    return tree_digest(task.folder)


def suite_digest(task: Task) -> str:
    """The digest of the hidden suite: its tests and mutants, not the reference or oracle
    (those are the `oracle` digest's), nor the stability certificate or the independent
    derivation (`derive.py`): both are evidence about the suite that decide no grade, checked
    against it by `revylbench validate` and the unit tests instead."""
    return tree_digest(task.suite, skip=("reference", "oracle", CERTIFICATE_FILE, DERIVATION_FILE))


def reference_digest(task: Task) -> str:
    """The digest of the reference app's source (build and tool folders skipped)."""
    return tree_digest(task.suite / "reference", skip=BUILT)


def scaffold_folder(task: Task) -> Path:
    """The agents' scaffold (`tasks/scaffold`), beside the task's public folder."""
    return task.folder.parent / "scaffold"


def scaffold_digest(task: Task) -> str:
    """The digest of the scaffold's source (build and tool folders skipped): what the
    null-submission control grades."""
    return tree_digest(scaffold_folder(task), skip=BUILT)


def mutants_digest(task: Task) -> str:
    """The digest of the suite's mutants (`suites/<id>/mutants/`): patches and declarations."""
    return _folder_digest(task.suite / "mutants")


def oracle_digest(task: Task) -> str:
    """The digest of the suite's captured oracle (`suites/<id>/oracle/`)."""
    return _folder_digest(task.suite / "oracle")


def _folder_digest(folder: Path) -> str:
    return tree_digest(folder) if folder.is_dir() else "missing"
