"""Evidence reaches Allure's results: one step per check, with its screenshot, when recording."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from pytest_revylbench.outputs.allure import allure_recording

SUITE = '''
import io

import pytest
from PIL import Image

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.outputs.allure import allure_recording, attach_evidence


def png(colour):
    out = io.BytesIO()
    Image.new("RGB", (12, 24), colour).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def recorder(tmp_path):
    # eager: a capture at each check, so the scripted screens below line up with the checks
    rec = EvidenceRecorder(tmp_path, "test_checks", mode="eager")
    screens = iter([png("white"), png("white"), png("red"), png("blue")])
    rec.attach(lambda: next(screens))
    yield rec
    attach_evidence(rec)


def test_checks(recorder, request):
    assert allure_recording() is request.config.getoption("expect_recording")
    recorder.check('the total reads "$12.00"', "'Total: $12.00'", "'Total: $12.00'", True)
    recorder.check("the menu shows Settings", "'Settings'", "'Settings'", True)
    recorder.check("an edit changes the balance once", "'-$532.75'", "'-$502.75'", False)
    recorder.screenshot("end of test")
'''

CONFTEST = '''
def pytest_addoption(parser):
    parser.addoption("--expect-recording", action="store_true")
'''


def run_suite(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_suite=SUITE)
    # A subprocess keeps allure's process-wide listener registry apart from this session's.
    return pytester.runpytest_subprocess("-p", "no:cacheprovider", *args)


def load(folder: Path, pattern: str) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(folder.glob(pattern))]


def teardown_steps(alluredir: Path, test_name: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The test's result and the steps its fixtures made while tearing down."""
    (result,) = [r for r in load(alluredir, "*-result.json") if r["name"] == test_name]
    steps = [
        step
        for container in load(alluredir, "*-container.json")
        if result["uuid"] in container.get("children", [])
        for after in container.get("afters", [])
        for step in after.get("steps", [])
    ]
    return result, steps


def test_each_check_becomes_a_step_with_its_screenshot(pytester: pytest.Pytester) -> None:
    alluredir = pytester.path / "allure-results"
    result = run_suite(pytester, f"--alluredir={alluredir}", "--expect-recording")
    result.assert_outcomes(passed=1)
    test, steps = teardown_steps(alluredir, "test_checks")
    assert test["status"] == "passed"
    assert [(s["name"], s["status"]) for s in steps] == [
        ('the total reads "$12.00"', "passed"),
        ("the menu shows Settings", "passed"),
        ("an edit changes the balance once", "failed"),
    ]
    assert steps[2]["statusDetails"]["message"].startswith(
        "pytest_revylbench.outputs.allure.CriterionFailed: expected '-$532.75', observed '-$502.75'"
    )
    names = [[a["name"] for a in s["attachments"]] for s in steps]
    # The second check saw the same screen as the first, so its screenshot is not stored twice.
    assert names == [
        ["screenshot", "expected / observed"],
        ["expected / observed"],
        ["screenshot", "expected / observed"],
    ]
    texts = {(alluredir / a["source"]).read_text() for s in steps for a in s["attachments"]
             if a["type"] == "text/plain"}
    assert "expected: '-$532.75'\nobserved: '-$502.75'\n" in texts
    colours = []
    for attachment in [a for s in steps for a in s["attachments"] if a["type"] == "image/png"]:
        with Image.open(alluredir / attachment["source"]) as image:
            colours.append(image.getpixel((0, 0)))
    assert colours == [(255, 255, 255), (255, 0, 0)]


def test_screenshots_without_a_check_are_attached_after_the_steps(pytester: pytest.Pytester) -> None:
    alluredir = pytester.path / "allure-results"
    run_suite(pytester, f"--alluredir={alluredir}", "--expect-recording").assert_outcomes(passed=1)
    test, _ = teardown_steps(alluredir, "test_checks")
    afters = [
        after
        for container in load(alluredir, "*-container.json")
        if test["uuid"] in container.get("children", [])
        for after in container.get("afters", [])
        if after.get("steps")
    ]
    (after,) = afters
    assert [a["name"] for a in after["attachments"]] == ["end of test"]
    with Image.open(alluredir / after["attachments"][0]["source"]) as image:
        assert image.getpixel((0, 0)) == (0, 0, 255)


def test_without_alluredir_nothing_is_attached_and_the_test_passes(pytester: pytest.Pytester) -> None:
    result = run_suite(pytester)
    result.assert_outcomes(passed=1)
    assert not list(pytester.path.rglob("*-result.json"))


def test_without_allure_installed_nothing_is_recording(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "allure_commons", None)  # makes `import allure_commons` fail
    assert allure_recording() is False


VIDEO_SUITE = '''
import io

import pytest
from PIL import Image

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.devices.video import encode
from pytest_revylbench.outputs.allure import attach_evidence


def png(colour):
    out = io.BytesIO()
    Image.new("RGB", (64, 128), colour).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def recorder(tmp_path):
    rec = EvidenceRecorder(tmp_path, "test_recorded", mode="eager")
    screens = iter([png("white"), png("red")])
    trees = iter(['<main><p data-testid="total">Total: $12.00</p></main>',
                  '<main><p data-testid="balance">-$502.75</p></main>'])
    rec.attach(lambda: next(screens), tree=lambda: next(trees))
    yield rec
    # As the grade's fixture does: the test's video is encoded when it ends, then attached.
    video = encode([(0.0, png("white")), (1.0, png("red"))], 2.0, rec.folder / "video.webm")
    rec.video = video.model_copy(update={"path": "tests/test_recorded/video.webm"})
    attach_evidence(rec)


def test_recorded(recorder):
    recorder.check("the total reads $12.00", "'Total: $12.00'", "'Total: $12.00'", True)
    recorder.check("an edit changes the balance once", "'-$532.75'", "'-$502.75'", False)
'''


def test_the_video_and_a_failed_checks_tree_are_attached(pytester: pytest.Pytester) -> None:
    """The test's video (a real WebM) is attached with the test's teardown, and the UI tree a
    failed check judged with that check's step; a passing check's tree is not attached."""
    pytester.makepyfile(test_suite=VIDEO_SUITE)
    alluredir = pytester.path / "allure-results"
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", f"--alluredir={alluredir}")
    result.assert_outcomes(passed=1)
    test, steps = teardown_steps(alluredir, "test_recorded")
    assert [(s["name"], s["status"]) for s in steps] == [
        ("the total reads $12.00", "passed"), ("an edit changes the balance once", "failed")]
    assert [[a["name"] for a in s["attachments"]] for s in steps] == [
        ["screenshot", "expected / observed"],
        ["screenshot", "UI tree", "expected / observed"],
    ]
    (tree,) = [a for a in steps[1]["attachments"] if a["name"] == "UI tree"]
    assert tree["type"] == "text/plain"
    assert (alluredir / tree["source"]).read_text() == '<main><p data-testid="balance">-$502.75</p></main>'
    (after,) = [a for c in load(alluredir, "*-container.json") if test["uuid"] in c.get("children", [])
                for a in c.get("afters", []) if a.get("steps")]
    (video,) = [a for a in after["attachments"] if a["name"] == "video"]
    assert video["type"] == "video/webm" and video["source"].endswith(".webm")
    recorded = next(pytester.path.rglob("tests/test_recorded/video.webm"))
    assert (alluredir / video["source"]).read_bytes() == recorded.read_bytes()
