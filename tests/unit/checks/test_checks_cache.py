"""A cached verdict of the source checks is the whole grader's: any change to a file of the
package, or to a tool that runs the checks, means the checks run again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pytest_revylbench.checks import source

PACKAGE = Path(source.__file__).resolve().parents[1]


def grader_copy(dest: Path) -> Path:
    shutil.copytree(PACKAGE, dest, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def grade_checks(tmp_path: Path, run: str, submission: Path, test: Path) -> source.CheckRecord:
    """The checks of one grade, for real: the submission has no lockfile, so they end at the
    install (the agent's failure, refused before npm runs) and are kept for the next grade."""
    (tmp_path / run).mkdir()
    return source.checks_for_grade(tmp_path / run, tmp_path / f"{run}-work", submission=submission,
                                   tests=[test], cache_dir=tmp_path / "cache", timeout_s=60,
                                   sandbox=False)


@pytest.mark.parametrize("change", ["outputs/feedback.py", "devices/web.py", "a new module"])
def test_a_change_to_any_grader_file_runs_the_checks_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    """None of these files was in the hand-kept list the key used to cover (checks/ and
    builder/ only), so a verdict kept by the old grader was served by the changed one."""
    submission = tmp_path / "app"
    submission.mkdir()
    (submission / "App.tsx").write_text("export default 1;\n")
    test = tmp_path / "t.test.tsx"
    test.write_text("test('x', () => {});\n")
    old, new = grader_copy(tmp_path / "old"), grader_copy(tmp_path / "new")
    if change == "a new module":
        (new / "scoring" / "fix.py").write_text("FIXED = True\n")
    else:
        with (new / change).open("a", encoding="utf-8") as out:
            out.write("\n# a fix\n")

    monkeypatch.setattr(source, "GRADER_PACKAGE", old)
    first = grade_checks(tmp_path, "r1", submission, test)
    assert not first.reused and not first.typecheck.ok
    assert "package-lock.json" in first.typecheck.message
    assert grade_checks(tmp_path, "r2", submission, test).reused  # the same grader: kept

    monkeypatch.setattr(source, "GRADER_PACKAGE", new)
    assert not grade_checks(tmp_path, "r3", submission, test).reused
    assert len(list((tmp_path / "cache" / "checks").glob("*.json"))) == 2


def test_the_key_covers_the_tools_that_run_the_checks(tmp_path: Path) -> None:
    """Another node (here a script answering as one) is another grader, for the same package."""
    fake = tmp_path / "node"
    fake.write_text("#!/bin/sh\necho v0.0.1\n")
    fake.chmod(0o755)
    tools = dict(source.VERDICT_TOOLS)
    other = (("node", (str(fake), "--version")), ("bubblewrap", tools["bubblewrap"]))
    assert source.grader_key(PACKAGE) != source.grader_key(PACKAGE, other)
    missing = (("node", (str(tmp_path / "no-node"), "--version")), ("bubblewrap", tools["bubblewrap"]))
    assert len({source.grader_key(PACKAGE), source.grader_key(PACKAGE, other),
                source.grader_key(PACKAGE, missing)}) == 3


def test_the_key_is_computed_once_per_process(tmp_path: Path) -> None:
    source.grader_key(PACKAGE)
    hits = source.grader_key.cache_info().hits
    assert source.checks_key(tmp_path, [], sandbox=True) == source.checks_key(tmp_path, [], sandbox=True)
    assert source.grader_key.cache_info().hits == hits + 2
