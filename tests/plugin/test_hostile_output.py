"""A build whose output links to the hidden suite (or a large folder, or nowhere) or holds a
FIFO is the submission's failed build: nothing hidden reaches the artifact store or the
feedback. Graded for real through pytest and the sandbox, with a stand-in `expo` (a shell
script in the cached dependencies) that writes a bundle and then the hostile entry, as a
`metro.config.js` of the submission could when the export exits."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from pytest_revylbench.builder.deps import CACHE_FOLDER, install_key
from pytest_revylbench.builder.sandbox import sandbox_problem

GRADE = ["--task", "demo", "--submission", "submission", "--run-id", "r1", "-p", "no:cacheprovider"]
CANARY = "rvb-canary-dist-link-7d20c1"
LOCKFILE = '{"name": "app", "lockfileVersion": 3, "requires": true, "packages": {"": {"name": "app"}}}\n'

EXPO = """#!/bin/sh
set -e
mkdir -p dist/_expo/static/js
echo '<html><body>app</body></html>' > dist/index.html
echo 'console.log(1)' > dist/_expo/static/js/app.js
case "$(cat hostile-mode 2>/dev/null || echo clean)" in
  suites) ln -s {suites} dist/s ;;
  large) ln -s {large} dist/h ;;
  dangling) ln -s /nonexistent/app.js dist/_expo/gone.js ;;
  fifo) mkfifo dist/_expo/static/js/pipe.js ;;
esac
"""

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")


def hostile_grade_project(demo_task: pytest.Pytester, mode: str) -> Path:
    """The demo task with a suite holding the canary, a submission with a lockfile whose
    install is already cached, and that install's stand-in `expo`."""
    root = demo_task.path
    demo_task.makepyfile(**{"suites/demo/test_suite": (
        f"from pytest_revylbench import stage\n# {CANARY}\n"
        f"@stage('one')\ndef test_one(app):\n    app.see({CANARY!r})\n")})
    large = root / "home"
    large.mkdir()
    with (large / "cache.bin").open("wb") as out:
        out.truncate(512 * 1024 * 1024)  # sparse: the copy would have written it all
    (large / "notes.txt").write_text(CANARY)
    submission = root / "submission"
    (submission / "package.json").write_text('{"name": "app"}\n')
    (submission / "package-lock.json").write_text(LOCKFILE)
    (submission / "hostile-mode").write_text(mode)
    cache = root / "cache"
    entry = cache / CACHE_FOLDER / install_key(submission)[:16]
    expo = entry / "node_modules/.bin/expo"
    expo.parent.mkdir(parents=True)
    expo.write_text(EXPO.format(suites=root / "suites", large=large))
    expo.chmod(0o755)
    return cache


def every_file_text(folder: Path) -> str:
    return "".join(p.read_text(errors="replace") for p in folder.rglob("*")
                   if p.is_file() and not p.is_symlink()) if folder.exists() else ""


@pytest.mark.parametrize("mode, named", [
    ("suites", "dist/s is a symbolic link"),
    ("large", "dist/h is a symbolic link"),
    ("dangling", "dist/_expo/gone.js is a symbolic link"),
    ("fifo", "dist/_expo/static/js/pipe.js is a FIFO"),
])
def test_a_hostile_bundle_fails_the_build_and_nothing_hidden_is_kept(
    demo_task: pytest.Pytester, mode: str, named: str,
) -> None:
    cache = hostile_grade_project(demo_task, mode)
    started = time.monotonic()
    result = demo_task.runpytest(*GRADE, "--cache-dir", str(cache))
    assert time.monotonic() - started < 60
    result.assert_outcomes(errors=1)
    grade = json.loads((demo_task.path / "reports/r1/grade.json").read_text())
    build = grade["build"]
    assert build["ok"] is False and build["fault"] == "build_failed"
    assert build["reason"] == (f"expo export (web): {named}: a build's output holds only "
                               "regular files and folders")
    assert build["diagnosis"]["party"] == "agent"
    assert {(t["verdict"], t["fault"]) for t in grade["tests"]} == {("not_run", "build_failed")}
    assert grade["status"] == "candidate_failure"
    feedback = (demo_task.path / "reports/r1/feedback/feedback.md").read_text()
    assert named in feedback  # the agent is told which path, and why
    # Nothing of the suite (nor of the large folder) was kept or shown.
    assert [p.name for p in (cache / "artifacts").glob("*") if not p.name.endswith(".lock")] == []
    assert CANARY not in every_file_text(cache / "artifacts")
    assert CANARY not in every_file_text(demo_task.path / "reports")
    assert not list((cache / "work").glob("*/dist"))  # the failed build's work folder is gone
