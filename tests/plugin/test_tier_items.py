# ruff: noqa: RUF001  (the jest separator in item names)
"""How a task's declared tiers become items: collection, names, narrowing, refusals."""

from __future__ import annotations

import json

import pytest

from ..conftest import TASK_TOML

GRADE = ["--task", "demo", "--submission", "submission", "-p", "no:cacheprovider"]
TIERED = TASK_TOML.replace(
    'platforms = ["web"]\n',
    'platforms = ["web"]\ntiers = ["build", "functional", "flow", "contract", "visual"]\n',
) + """
[contract]
[[contract.screens]]
name = "home"
path = ["tab-home"]
test_ids = ["greeting"]

[contract.tabs]
test_ids = ["tab-home", "tab-more"]
labels = ["Home", "More"]

[scoring]
scheme = "tiers"

[scoring.visual]
floor = 0.4

[[scoring.visual.checkpoints]]
name = "home"

[[scoring.visual.checkpoints]]
name = "more"
path = ["tab-more"]

[[scoring.visual.viewports]]
name = "phone"
width = 393
height = 852

[[scoring.visual.viewports]]
name = "small"
width = 320
height = 640
scale = 2
"""
JEST = """
describe("greeting", () => {
  test("says hello", async () => { expect(1).toBe(1); });
  test("says it once", async () => { expect(1).toBe(1); });
});
"""
SUITE = """
from pytest_revylbench import journey, stage

@stage("one")
def test_one(): pass

@stage("two")
def test_two(): pass

@stage("three")
def test_three(): pass

@journey
def test_trip(): pass
"""


@pytest.fixture
def tiered(demo_task: pytest.Pytester) -> pytest.Pytester:
    demo_task.makefile(".toml", **{"tasks/demo/task": TIERED})
    demo_task.makepyfile(**{"suites/demo/test_suite": SUITE})
    jest_file(demo_task, JEST)
    return demo_task


def jest_file(project: pytest.Pytester, text: str) -> None:
    folder = project.path / "suites/demo/functional"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "greeting.test.tsx").write_text(text)


def test_every_declared_tier_is_collected_as_items(tiered: pytest.Pytester) -> None:
    result = tiered.runpytest(*GRADE, "--collect-only", "-q")
    result.stdout.fnmatch_lines([
        # Longest kinds first (`collection.running_rank`): the visual items, grouped by screen
        # size (the device keeps one browser per size: two starts, not four), the web phone's
        # own size last (the items after them run in its browser) ...
        "demo::visual::home@small",
        "demo::visual::more@small",
        "demo::visual::home@phone",
        "demo::visual::more@phone",
        # ... the built-in items that watch the app, the other built-in device items, the
        # items without a device (this suite's tests use none) ...
        "demo::build::launch",
        "demo::contract::network",
        "demo::contract::screen[home]",
        "demo::contract::tabs",
        "demo/test_suite.py::test_one",
        "demo/test_suite.py::test_trip",
        "demo::build::export",
        "demo::contract::dependencies",
        # ... and last the items that wait for the source checks (tsc, jest).
        "demo/functional/greeting.test.tsx::greeting › greeting › says hello",
        "demo/functional/greeting.test.tsx::greeting › greeting › says it once",
        "demo::build::typecheck",
        "17 tests collected*",
    ])


def test_the_suite_s_device_tests_run_right_after_the_visual_items(tiered: pytest.Pytester) -> None:
    tiered.makepyfile(**{"suites/demo/test_suite": SUITE.replace("def test_one():", "def test_one(app):")})
    result = tiered.runpytest(*GRADE, "--collect-only", "-q")
    lines = [ln for ln in result.stdout.lines if "::" in ln]
    assert lines[3:6] == ["demo::visual::more@phone", "demo/test_suite.py::test_one",
                          "demo::build::launch"], lines


def test_items_select_by_keyword(tiered: pytest.Pytester) -> None:
    result = tiered.runpytest(*GRADE, "--collect-only", "-q", "-k", "contract")
    result.stdout.fnmatch_lines(["*4/17 tests collected (13 deselected)*"])
    result = tiered.runpytest(*GRADE, "--collect-only", "-q", "-k", "visual and small")
    result.stdout.fnmatch_lines(["*2/17 tests collected (15 deselected)*"])


def test_tiers_narrow_the_grade_and_the_scheme_must_still_be_scorable(tiered: pytest.Pytester) -> None:
    result = tiered.runpytest(*GRADE, "--collect-only", "-q", "--tiers=flow")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert ("--scheme/--tiers: the task cannot be scored that way: scoring.tiers: "
            "['build', 'functional', 'contract'] have a weight but are not in tiers = ['flow']"
            in result.stderr.str())
    result = tiered.runpytest(*GRADE, "--collect-only", "-q", "--tiers=flow", "--scheme=stages")
    result.stdout.fnmatch_lines(["4 tests collected*"])
    result = tiered.runpytest(*GRADE, "--collect-only", "-q", "--tiers=flow,colour")
    assert "--tiers: ['colour'] are not tiers of task 'demo'" in result.stderr.str()


def test_a_jest_title_the_grader_cannot_read_is_a_usage_error(tiered: pytest.Pytester) -> None:
    jest_file(tiered, "test(`hello ${name}`, () => {});\n")
    result = tiered.runpytest(*GRADE, "--collect-only", "-q")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines([
        "*greeting.test.tsx:1: the title of test(...) must be a plain string literal*"])


def test_a_declared_functional_tier_without_tests_is_refused(tiered: pytest.Pytester) -> None:
    (tiered.path / "suites/demo/functional/greeting.test.tsx").unlink()
    result = tiered.runpytest(*GRADE, "--collect-only", "-q")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*field scoring.tiers: functional (weight 0.3) has no subtests*"])


def test_every_tier_grades_under_xdist_workers(tiered: pytest.Pytester) -> None:
    """Each item's report crosses from an xdist worker to the controller: nothing in it, the
    tier group's node name included, may be a type execnet cannot send (a `Tier` was, and every
    built-in item crashed its worker)."""
    pytest.importorskip("xdist")
    result = tiered.runpytest(*GRADE, "-n", "2")
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()
    (run,) = (tiered.path / "reports").iterdir()
    record = json.loads((run / "grade.json").read_text())
    assert len(record["tests"]) == 17
    assert {t["name"] for t in record["tests"]} >= {"export", "launch", "tabs", "home@small"}


def test_a_screens_visual_items_go_to_one_xdist_worker(tiered: pytest.Pytester) -> None:
    """Under `-n 2` (xdist's `load`), the grade is scheduled by `ScreenScheduling`: the items
    of one emulated screen run on one worker, so each screen's browser starts on one device,
    even when items are handed out one at a time (`--maxschedchunk=1`), which under plain
    `load` spreads them (tests/unit/plugin/test_scheduling.py). Another `--dist` is left as asked."""
    pytest.importorskip("xdist")
    result = tiered.runpytest(*GRADE, "-n", "2", "-v", "--maxschedchunk=1")
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()
    result.stdout.fnmatch_lines(["*scheduling tests via ScreenScheduling*"])
    workers: dict[str, set[str]] = {}
    for line in result.stdout.lines:
        words = line.split()
        if len(words) >= 5 and words[0].startswith("[gw") and "::visual::" in words[-1]:
            workers.setdefault(words[-1].rsplit("@", 1)[1], set()).add(words[0])
    assert set(workers) == {"phone", "small"}
    assert all(len(ran_on) == 1 for ran_on in workers.values()), workers
    other = tiered.runpytest(*GRADE, "-n", "2", "-v", "--dist=loadfile", "--run-id=loadfile")
    other.stdout.fnmatch_lines(["*scheduling tests via LoadFileScheduling*"])
