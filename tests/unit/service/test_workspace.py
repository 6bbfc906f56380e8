"""`revylbench rollout start` lays out the agent's workspace: the scaffold, the task's public
files, AGENTS.md and the service file; nothing of the hidden suite."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from pytest_revylbench.cli import main
from pytest_revylbench.service.endpoint import read_service_file, rollout_token
from pytest_revylbench.service.workspace import AGENTS_MD, WORKSPACE
from pytest_revylbench.tasks.loading import Task, available_tasks, load_task
from pytest_revylbench.tasks.transcript import suite_markers

REPO = Path(__file__).resolve().parents[3]
TASKS, SUITES = REPO / "tasks", REPO / "suites"
_LITERAL = re.compile(r"""'([^'\n]{12,})'|"([^"\n]{12,})"|`([^`\n]{12,})`""")


def _suite_texts(task: Task) -> set[str]:
    """Text only the hidden suite holds: its test names, canaries, and every string of 12+
    characters of its test files and hidden component tests that no public file contains
    (criteria, expected texts, selectors)."""
    names, canaries = suite_markers(task)
    public = "\n".join(p.read_text(encoding="utf-8") for p in task.instruction_files)
    public += (TASKS / "scaffold" / "NOTES.md").read_text(encoding="utf-8")
    strings: set[str] = set()
    for path in task.suite.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        strings |= {n.value for n in ast.walk(tree)
                    if isinstance(n, ast.Constant) and isinstance(n.value, str) and len(n.value) >= 12}
    for path in (task.suite / "functional").glob("*.tsx"):
        strings |= {next(g for g in m.groups() if g) for m in _LITERAL.finditer(path.read_text())}
    hidden = {s for s in strings if s not in public and "\n" not in s}
    return {*names, *canaries, *hidden}


def _leaks(workspace: Path, texts: set[str]) -> list[str]:
    found = []
    for path in sorted(workspace.rglob("*")):
        if path.is_file() and path.suffix != ".png":
            content = path.read_text(encoding="utf-8", errors="replace")
            found += [f"{path.relative_to(workspace)}: {t!r}" for t in sorted(texts) if t in content]
    return found


def _start(rollout: Path, task: str, *extra: str) -> int:
    return main([f"--tasks-dir={TASKS}", f"--suites-dir={SUITES}", "rollout", "start", "--task", task,
                 "--seed", "1", *extra, str(rollout)])


@pytest.mark.parametrize("task_id", available_tasks(TASKS))
def test_the_workspace_holds_the_public_files_and_nothing_hidden(task_id: str, tmp_path: Path) -> None:
    rollout = tmp_path / "rollout"
    assert _start(rollout, task_id) == 0
    task = load_task(TASKS, SUITES, task_id)
    ws = rollout / WORKSPACE
    files = {str(p.relative_to(ws)) for p in ws.rglob("*") if p.is_file()}
    # The scaffold, without what is never submitted.
    assert {"App.tsx", "package.json", "package-lock.json", "NOTES.md", "tsconfig.json"} <= files
    assert not any(part in ("node_modules", "dist", ".expo") for f in files for part in Path(f).parts)
    # The public files, where the task declares them, byte for byte.
    for public in task.instruction_files:
        rel = public.relative_to(task.folder)
        assert (ws / rel).read_bytes() == public.read_bytes(), rel
    designs = sorted((task.folder / "design").glob("*.png"))
    assert designs and all((ws / "design" / p.name).read_bytes() == p.read_bytes() for p in designs)
    # Nothing else of the task's folder or the suite.
    assert "task.toml" not in files
    assert not any(f.startswith(("suites", "reference", "oracle", "mutants")) for f in files)
    texts = _suite_texts(task)
    assert len(texts) > 20   # the check has something to look for
    assert _leaks(ws, texts) == []
    # How to submit and what comes back.
    agents = (ws / AGENTS_MD).read_text()
    for said in ("revylbench submit --wait", "MCP", "`submit`, `status` and `feedback`",
                 ".feedback/<k>/", "feedback.md", f"You have {task.spec.budgets.max_submissions} graded"):
        assert said in agents
    for stage in task.spec.stages:
        assert stage.instruction in agents
    # What the build charges as tampering is said to the agent before it writes a line.
    from pytest_revylbench.builder.signs import TEXT_SIGNS

    assert "is tampering and\nscores 0" in agents
    assert all(sign in agents for sign in (*TEXT_SIGNS, "NODE_ENV === 'test'", "`jest`", "`expect`"))
    # The service file: this rollout, its token (kept outside the workspace), no endpoint yet.
    service = read_service_file(ws)
    assert service.rollout == str(rollout.resolve()) and service.endpoint is None
    assert service.token == rollout_token(rollout) and len(service.token) == 32


def test_the_leak_check_finds_suite_text(tmp_path: Path) -> None:
    task = load_task(TASKS, SUITES, "budget")
    texts = _suite_texts(task)
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "notes.md").write_text("copied from the grader: " + sorted(suite_markers(task)[1])[0])
    (ws / "App.tsx").write_text(f"// {sorted(suite_markers(task)[0])[0]}\n")
    assert len(_leaks(ws, texts)) == 2


def test_service_endpoint_and_refusals(tmp_path: Path) -> None:
    assert _start(tmp_path / "r1", "budget", "--service", "unix:/run/grader.sock") == 0
    assert read_service_file(tmp_path / "r1" / WORKSPACE).endpoint == "unix:/run/grader.sock"
    assert _start(tmp_path / "r2", "budget", "--service", "http://10.0.0.1:80") == 2
    assert not (tmp_path / "r2").exists()
    assert _start(tmp_path / "r3", "budget", "--no-workspace") == 0
    assert not (tmp_path / "r3" / WORKSPACE).exists()
