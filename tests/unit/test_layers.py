"""Imports point down and never go round: the contracts of pyproject.toml (`[tool.importlinter]`:
layers, records import nothing, no cycle between sibling modules), checked by import-linter over
the package as it is, and shown to catch an upward import."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def lint_imports(project: Path) -> subprocess.CompletedProcess[str]:
    """Run lint-imports with `project`'s pyproject.toml, the package imported from `project`."""
    return subprocess.run(
        [str(LINT_IMPORTS), str(project / "pyproject.toml"), "--no-cache", "--no-logo"],
        cwd=project, capture_output=True, text=True, timeout=120, check=False,
        env={"PYTHONPATH": str(project), "PATH": str(LINT_IMPORTS.parent), "HOME": str(project)},
    )


def copy_package(dest: Path) -> Path:
    """The package and its pyproject.toml, copied into `dest` (no caches)."""
    shutil.copy2(REPO / "pyproject.toml", dest / "pyproject.toml")
    shutil.copytree(REPO / "pytest_revylbench", dest / "pytest_revylbench",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return dest


def test_every_import_points_down() -> None:
    result = lint_imports(REPO)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Layers: imports point down" in result.stdout
    assert "Records import nothing of the package KEPT" in result.stdout
    assert "No import cycle between sibling modules, at any depth KEPT" in result.stdout


def test_an_upward_import_is_caught(tmp_path: Path) -> None:
    project = copy_package(tmp_path)
    assert lint_imports(project).returncode == 0
    base = project / "pytest_revylbench/records/base.py"
    base.write_text(base.read_text(encoding="utf-8")
                    + "\nfrom pytest_revylbench.scoring import tiers  # noqa: E402\n", encoding="utf-8")
    tasks = project / "pytest_revylbench/tasks/items.py"
    late = "\n\ndef _late() -> None:\n    from pytest_revylbench.plugin import collection\n"
    tasks.write_text(tasks.read_text(encoding="utf-8") + late, encoding="utf-8")
    result = lint_imports(project)
    assert result.returncode == 1, result.stdout
    assert "BROKEN" in result.stdout
    assert "pytest_revylbench.records.base -> pytest_revylbench.scoring.tiers" in result.stdout
    # scoring imports records, so records importing scoring is also a cycle
    assert "No import cycle between sibling modules, at any depth BROKEN" in result.stdout
    # an import inside a function is an import all the same
    assert "pytest_revylbench.tasks.items -> pytest_revylbench.plugin.collection" in result.stdout
