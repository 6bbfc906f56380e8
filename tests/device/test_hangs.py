"""Unresponsive apps, each graded in bounded time with the hang charged to the agent.

Each app is a small edit of the budget reference (tests/device/hangs/<name>/mutant.toml, the
mutant format). The busy loop in the root render is graded on every tier (jest's bound is
proven there); the others on the flow tier only, to keep CI time down. Each grade's wall
time is printed (`-s`) and kept in bench/RESULTS.md.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pytest_revylbench.builder.submission import copy_source
from pytest_revylbench.tasks.mutants import load_mutant

from .conftest import FLOW_ONLY, NO_VIDEO, REPO
from .test_cleanup import processes_owned_by

HANGS = Path(__file__).parent / "hangs"
BOUND_S = 600.0
"""A bound that only a grade whose hang handling works keeps on any machine: without it, each
hung command waits out the driver's own limits, and four hung tests take far longer. The goal
(a grade after its build within 180 s on an idle 2-core machine) is a speed goal: it is
measured, not asserted, and its figures are in bench/RESULTS.md (section 8, "Unresponsive
apps"), since a loaded machine misses it without any fault of the feature."""


def hung_app(name: str, dest: Path) -> Path:
    """The budget reference with the edits of hangs/<name>/mutant.toml applied."""
    mutant = load_mutant(HANGS / name)
    copy_source(REPO / "suites/budget/reference", dest)
    for edit in mutant.edit:
        target = dest / edit.file
        text = target.read_text(encoding="utf-8")
        assert text.count(edit.find) == 1, f"{name}: {edit.find!r}"
        target.write_text(text.replace(edit.find, edit.replace), encoding="utf-8")
    return dest


def timed_grade(app: Path, reports: Path, run_id: str, *extra: str) -> tuple[dict, float]:
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--task", "budget", "--platform", "web",
         f"--submission={app}", f"--reports={reports}", "--run-id", run_id,
         "-p", "no:cacheprovider", NO_VIDEO, *extra],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )
    seconds = time.monotonic() - started
    path = reports / run_id / "grade.json"
    assert path.is_file(), f"no grade.json; pytest said:\n{proc.stdout[-3000:]}\n{proc.stderr[-2000:]}"
    record = json.loads(path.read_text())
    build_s = record["build"]["seconds"] if record.get("build") else 0.0
    print(f"\n{run_id}: graded in {seconds:.0f} s "
          f"(build {build_s:.0f} s, after it {seconds - build_s:.0f} s)")
    assert processes_owned_by(f"{run_id}/main") == []
    assert seconds < BOUND_S, f"{seconds:.0f} s, build {build_s:.0f} s"
    return record, seconds


def test_a_busy_loop_in_the_root_render_is_graded_on_every_tier(tmp_path: Path) -> None:
    app = hung_app("busy-root-render", tmp_path / "app")
    # The limit set low on purpose: the default (240 s) leaves room for a loaded machine, and
    # until the limit jest's busy loop holds a core (120 s here until session 16, then 45, now
    # 30: bench/RESULTS.md, "CI's wall time"). Whichever step the limit stops (the type-check,
    # jest's warm-up, the hung render), it is the app's hang, named by its limit.
    record, _ = timed_grade(app, tmp_path / "reports", "busy-root-render", "--functional-timeout=30")
    tests = {t["name"]: t for t in record["tests"]}
    flow = [t for t in tests.values() if t["tier"] == "flow"]
    functional = [t for t in tests.values() if t["tier"] == "functional"]
    assert flow and all((t["verdict"], t["fault"]) == ("fail", "app_hang") for t in flow), flow
    assert all(t["attempts"] == 1 for t in flow), "a hang is never retried as the bench's"
    # After two hung launches (whichever items made them: the journey and a visual item run
    # first) the app is not launched again: every later device item is gated.
    gated = [t for t in tests.values() if "did not render in 2 launches" in t["reason"]]
    launched = [t for t in tests.values() if t["fault"] == "app_hang" and t not in gated
                and t["tier"] != "functional"]
    assert len(launched) == 2, [(t["name"], t["reason"][:80]) for t in launched]
    assert all(t in gated for t in flow if t not in launched), flow
    assert functional and all(t["fault"] == "app_hang" and "--functional-timeout" in t["reason"]
                              for t in functional), functional
    assert record["status"] == "candidate_failure" and record["failure_kind"] == "app_hang"
    assert record["outcome"] == 0.0


@pytest.mark.parametrize("name", ["busy-after-first-tap", "starving-interval", "never-settling-promise"])
def test_an_app_that_stops_answering_is_an_app_hang(name: str, tmp_path: Path) -> None:
    app = hung_app(name, tmp_path / "app")
    # Limits set low on purpose (defaults 20 s and 25 s, with room for a loaded machine): a page
    # spinning in a tap's handler holds a core until its command's limit (four taps, 80 CPU-s at
    # the default), and a render that never comes is waited out twice.
    record, _ = timed_grade(app, tmp_path / "reports", name, *FLOW_ONLY,
                            "--command-timeout=8", "--launch-timeout=12")
    faults = {(t["verdict"], t["fault"]) for t in record["tests"]}
    assert faults == {("fail", "app_hang")}, [(t["name"], t["fault"], t["reason"]) for t in record["tests"]]
    assert record["failure_kind"] == "app_hang" and record["status"] == "candidate_failure"
    if name == "busy-after-first-tap":  # each test's own tap hung it, at the grade's limit
        assert all("had no answer within 8s" in t["reason"] for t in record["tests"]), \
            [t["reason"] for t in record["tests"]]


def test_state_set_in_render_is_stopped_by_react_and_is_an_app_crash(tmp_path: Path) -> None:
    """React gives up on an endless re-render from state set in render ("Too many
    re-renders", minified error #301) and throws: the app crashed; it did not hang."""
    app = hung_app("endless-rerender", tmp_path / "app")
    record, _ = timed_grade(app, tmp_path / "reports", "endless-rerender", *FLOW_ONLY)
    assert {(t["verdict"], t["fault"]) for t in record["tests"]} == {("fail", "app_crash")}
    assert all("#301" in t["reason"] for t in record["tests"]), [t["reason"] for t in record["tests"]]
    assert record["failure_kind"] == "app_crash"
