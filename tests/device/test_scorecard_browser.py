"""The scorecard in a real headless Chromium: the key facts are visible and the screenshots load;
each test's timeline renders, a check's moment seeks the test's video (it plays), a check's UI
tree opens on demand; the redacted page (what the agent was shown) renders from the feedback
bundle alone. Screenshots of both pages are kept in the report folder."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from pytest_revylbench.devices.video import encode
from pytest_revylbench.outputs.grade import write_feedback_bundle
from pytest_revylbench.outputs.scorecard import REDACTED_SCORECARD, write_grade_scorecard
from pytest_revylbench.records.build import BuildResult
from pytest_revylbench.records.grade import Evidence, GradeRecord, Screenshot, TestResult, Video
from pytest_revylbench.records.vocabulary import Fault, GradeStatus, Verdict
from pytest_revylbench.scoring.stages import stage_outcome
from pytest_revylbench.tasks.loading import load_task

REPO = Path(__file__).resolve().parents[2]
TASK = load_task(REPO / "tasks", REPO / "suites", "budget")
SPEC = TASK.spec
PHONE = (390, 844)
FAILED = "an edit changes the account balance exactly once"
MOMENTS = (1.2, 2.6)
"""When stage 3's two checks were decided in its video (seconds)."""
TREE_TEXT = "Checking -$502.75 (the tree the failed check judged)"


def recording(run_dir: Path, rel: str, shots: list[str]) -> Video:
    """A real WebM/VP9 of the screens `shots`, one a second, encoded as a grade encodes one."""
    frames = [(float(n), (run_dir / shot).read_bytes()) for n, shot in enumerate(shots)]
    video = encode(frames, end_s=4.0, out=run_dir / rel)
    return video.model_copy(update={"path": rel})


def phone_screen(path: Path, heading: str, lines: list[str], alarm: str | None = None) -> None:
    """A phone-sized PNG that looks enough like an app screen to judge the page by eye."""
    image = Image.new("RGB", PHONE, "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, PHONE[0], 90), fill=(32, 85, 150))
    draw.text((20, 50), heading, fill="white", font_size=24)
    for n, line in enumerate(lines):
        y = 120 + 56 * n
        draw.rectangle((16, y, PHONE[0] - 16, y + 44), outline=(200, 200, 200))
        draw.text((28, y + 12), line, fill=(20, 20, 20), font_size=18)
    if alarm:
        draw.rectangle((16, 700, PHONE[0] - 16, 760), fill=(255, 235, 233), outline=(207, 34, 46), width=3)
        draw.text((28, 718), alarm, fill=(207, 34, 46), font_size=18)
    draw.rectangle((0, PHONE[1] - 70, PHONE[0], PHONE[1]), fill=(246, 248, 250))
    draw.text((30, PHONE[1] - 45), "Accounts    Transactions    Budgets", fill=(87, 96, 106), font_size=16)
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path)


def tree(run_dir: Path, shot: str, lines: list[str]) -> str:
    """A UI tree stored beside `shot`, as a web grade stores the DOM a check judged."""
    rel = shot.removesuffix(".png") + ".html"
    items = "".join(f'<div data-testid="row-{n}">{line}</div>' for n, line in enumerate(lines))
    (run_dir / rel).write_text(f"<html><body><main>{items}</main></body></html>", encoding="utf-8")
    return rel


def passing_test(run_dir: Path, name: str, stage: str, criteria: list[str]) -> TestResult:
    shot = f"tests/{name}/01-ok-{stage}.png"
    phone_screen(run_dir / shot, stage.title(), criteria)
    judged = tree(run_dir, shot, criteria)
    evidence = tuple(
        Evidence(criterion=c, expected=f"'{c}'", observed=f"'{c}'", passed=True, after=shot, tree=judged)
        for c in criteria
    )
    return TestResult(nodeid=f"suites/budget/test_budget.py::{name}", name=name, role="stage", stage=stage,
                      verdict=Verdict.PASS, duration_s=6.4, evidence=evidence,
                      screenshots=(Screenshot(path=shot, step="end of test"),))


def budget_record(run_dir: Path) -> GradeRecord:
    """Stages 1 and 2 pass, stage 3 fails a check, the journey did not run: outcome 0.4."""
    before = "tests/test_stage_3_budgets/04-ok-pressing-Edit-opens-the-form.png"
    after = "tests/test_stage_3_budgets/05-FAILED-an-edit-changes-the-account-balance-exactly-once.png"
    phone_screen(run_dir / before, "Edit transaction", ["Amount  $30.00", "Account  Checking", "Save"])
    phone_screen(run_dir / after, "Your accounts", ["Checking  -$502.75", "Savings  $4,120.00"],
                 alarm="Checking shows -$502.75")
    failing = TestResult(
        nodeid="suites/budget/test_budget.py::test_stage_3_budgets", name="test_stage_3_budgets",
        role="stage", stage="budgets", verdict=Verdict.FAIL, fault=Fault.CHECK_FAILED, reason=FAILED,
        duration_s=9.1,
        evidence=(
            Evidence(criterion="pressing Edit opens the form", expected="'Edit transaction'",
                     observed="'Edit transaction'", passed=True, after=before,
                     tree=tree(run_dir, before, ["Edit transaction", "Amount $30.00"]), video_s=MOMENTS[0]),
            Evidence(criterion=FAILED, expected="'-$532.75'", observed="'-$502.75'", passed=False,
                     before=before, after=after, tree=tree(run_dir, after, [TREE_TEXT]), video_s=MOMENTS[1]),
        ),
        video=recording(run_dir, "tests/test_stage_3_budgets/video.webm", [before, after]),
    )
    journey = TestResult(
        nodeid="suites/budget/test_budget.py::test_journey_month_close", name="test_journey_month_close",
        role="journey", stage="month-close", verdict=Verdict.NOT_RUN, fault=Fault.APP_CRASH,
        reason="the app did not come up within 30 s",
    )
    tests = (
        passing_test(run_dir, "test_stage_1_accounts", "accounts",
                     ["Checking  $2,612.05", "Savings  $4,120.00", "Total  $6,732.05"]),
        passing_test(run_dir, "test_stage_2_transactions", "transactions",
                     ["Groceries  -$82.40", "Salary  $3,100.00"]),
        failing, journey,
    )
    reward = stage_outcome(SPEC, tests)
    return GradeRecord(
        run_id="20261130T033911Z-budget", task="budget", task_version=SPEC.version, platform="web",
        submission_digest="sha256:7cbff65fe83c133d6db30349e44715c9ab0dd2017984cd34e13dda0fbb80419c",
        status=GradeStatus.CANDIDATE_FAILURE, failure_kind=Fault.APP_CRASH, outcome=reward.score,
        reward=reward, tests=tests,
        build=BuildResult(ok=True, seconds=41.3, log_path="build.log", cache_hit=True),
        started_at="2026-11-30T03:39:11+00:00", finished_at="2026-11-30T03:39:58+00:00",
    )


@pytest.fixture(scope="module")
def scorecard(tmp_path_factory: pytest.TempPathFactory) -> Path:
    run_dir = tmp_path_factory.mktemp("scorecard")
    record = budget_record(run_dir)
    # As a grade does: the bundle (and the page of it) first, then grade.json and the scorecard.
    feedback = write_feedback_bundle(record, TASK, run_dir)
    assert feedback.result.written, feedback.result.error
    record = record.model_copy(update={"feedback": feedback.result})
    (run_dir / "grade.json").write_text(json.dumps(record.model_dump(mode="json"), indent=2))
    return write_grade_scorecard(record, run_dir)


@pytest.fixture(scope="module")
def browser(scorecard: Path) -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,900", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    try:
        driver.get(scorecard.as_uri())
        yield driver
    finally:
        driver.quit()


def element(browser: Any, css: str) -> Any:
    from selenium.webdriver.common.by import By

    return browser.find_element(By.CSS_SELECTOR, css)


def rgb(colour: str) -> tuple[int, int, int]:
    r, g, b = (int(part) for part in colour[colour.index("(") + 1:].split(",")[:3])
    return r, g, b


def test_outcome_and_verdict_vector_are_visible_in_colour(browser: Any) -> None:
    outcome = element(browser, "#outcome")
    assert outcome.is_displayed()
    assert outcome.text.splitlines()[0] == "0.40"
    components = {
        li.get_attribute("data-component"): li
        for li in browser.find_elements("css selector", "#reward-vector li")
    }
    assert list(components) == ["accounts", "transactions", "budgets", "month-close"]
    assert all(li.is_displayed() for li in components.values())
    passed, failed, not_run = (
        rgb(components[c].value_of_css_property("background-color"))
        for c in ("accounts", "budgets", "month-close")
    )
    assert passed[1] > passed[0], f"a passed stage should be green, got {passed}"
    assert failed[0] > failed[1], f"a failed stage should be red, got {failed}"
    assert max(not_run) - min(not_run) < 30, f"a stage that did not run should be grey, got {not_run}"
    assert element(browser, "#arithmetic").text == "2 × 0.2 + 0 × 0.4 = 0.40"
    assert "app_crash" in element(browser, "#failure-kind").text


def test_the_failed_criterion_is_visible_with_what_was_expected_and_seen(browser: Any) -> None:
    failed = element(browser, "#test-test_stage_3_budgets .criterion.failed")
    assert failed.is_displayed()
    assert element(browser, "#test-test_stage_3_budgets .criterion-text").text == FAILED
    assert element(browser, "#test-test_stage_3_budgets .expected").text == "'-$532.75'"
    assert element(browser, "#test-test_stage_3_budgets .observed").text == "'-$502.75'"
    held = element(browser, "#test-test_stage_1_accounts .criteria-count")
    assert held.is_displayed() and held.text == "3 criteria held"


def test_the_screenshots_of_the_failed_check_load_inline(browser: Any) -> None:
    images = browser.find_elements("css selector", "#test-test_stage_3_budgets .criterion.failed img")
    assert [img.get_attribute("alt") for img in images] == [FAILED, FAILED]
    for img in images:
        assert img.is_displayed()
        natural = browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", img)
        assert natural == PHONE[0], img.get_attribute("src")
    # A passed test's screenshots wait in its closed timeline.
    held = browser.find_elements("css selector", "#test-test_stage_1_accounts img")
    assert held and not any(img.is_displayed() for img in held)


def test_a_screenshot_of_the_whole_page_is_kept(browser: Any, scorecard: Path) -> None:
    content = browser.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": content["width"], "height": content["height"], "scale": 1},
    })
    path = scorecard.with_name("scorecard.png")
    path.write_bytes(base64.b64decode(shot["data"]))
    with Image.open(path) as image:
        assert image.size == (round(content["width"]), round(content["height"]))
        assert image.height > 1200, "the whole page, not just the first screen"
    print(f"scorecard screenshot: {path}")


def loaded(browser: Any, page: Path) -> None:
    """Open `page` with every lazy image loaded (for a screenshot of the whole of it)."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(page.as_uri())
    browser.execute_script("document.querySelectorAll('img').forEach(i => { i.loading = 'eager'; });")
    WebDriverWait(browser, 10).until(lambda b: b.execute_script(
        "return [...document.images].every(i => i.complete && i.naturalWidth > 0)"))


def keep_screenshot(browser: Any, path: Path, css: str = "body") -> Path:
    """A PNG of the element `css` (the whole of it) saved at `path`. The window is made as tall
    as the page for it: an opened tree's frame is painted only within the window."""
    size = browser.get_window_size()
    height = browser.execute_script("return document.documentElement.scrollHeight")
    browser.set_window_size(size["width"], height + 200)
    try:
        box = browser.execute_script(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return [r.x + scrollX, r.y + scrollY, r.width, r.height];", css)
        shot = browser.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png",
            "clip": {"x": box[0], "y": box[1], "width": box[2], "height": box[3], "scale": 1},
        })
    finally:
        browser.set_window_size(size["width"], size["height"])
    path.write_bytes(base64.b64decode(shot["data"]))
    with Image.open(path) as image:
        assert image.size == (round(box[2]), round(box[3])), path
    print(f"scorecard screenshot: {path}")
    return path


def test_the_timeline_shows_each_check_and_a_moment_seeks_the_video(browser: Any, scorecard: Path) -> None:
    """Playback in a real browser: the WebM plays, and a check's moment moves the player."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(scorecard.as_uri())
    checks = browser.find_elements("css selector", "#test-test_stage_3_budgets li.check")
    assert [c.get_attribute("class") for c in checks] == ["check held", "check failed"]
    assert all(c.is_displayed() for c in checks), "a failed test's timeline is open"
    assert checks[1].find_element("css selector", ".check-criterion").text == FAILED
    for img in checks[1].find_elements("css selector", ".thumbs img"):
        browser.execute_script("arguments[0].scrollIntoView()", img)
        WebDriverWait(browser, 10).until(lambda b, i=img: b.execute_script(
            "return arguments[0].complete && arguments[0].naturalWidth", i) == PHONE[0])
    video = element(browser, "#test-test_stage_3_budgets video")
    WebDriverWait(browser, 10).until(lambda b: b.execute_script("return arguments[0].readyState", video) >= 1)
    duration = browser.execute_script("return arguments[0].duration", video)
    assert abs(duration - 4.0) < 0.5, duration
    assert browser.execute_script("return arguments[0].currentTime", video) == 0
    for check, moment in zip(checks, MOMENTS, strict=True):
        link = check.find_element("css selector", "a.moment")
        assert float(link.get_attribute("data-t")) == moment
        link.click()
        WebDriverWait(browser, 10).until(lambda b, t=moment: abs(
            b.execute_script("return arguments[0].currentTime", video) - t) < 0.01)
        assert browser.execute_script("return arguments[0].paused", video)
        assert browser.current_url == scorecard.as_uri(), "the link seeks; it does not navigate"
    # It plays: from the last moment the time runs on.
    browser.execute_script("arguments[0].play()", video)
    WebDriverWait(browser, 10).until(lambda b: b.execute_script(
        "return arguments[0].currentTime", video) > MOMENTS[1] + 0.2)


def test_a_checks_tree_loads_only_when_opened(browser: Any, scorecard: Path) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(scorecard.as_uri())
    box = element(browser, "#test-test_stage_3_budgets li.check.failed details.tree")
    frame = box.find_element("css selector", "iframe")
    assert frame.get_attribute("src") in (None, "") and not frame.is_displayed()
    box.find_element("css selector", "summary").click()
    WebDriverWait(browser, 10).until(lambda b: frame.get_attribute("src"))
    assert frame.is_displayed()
    browser.switch_to.frame(frame)
    try:
        WebDriverWait(browser, 10).until(lambda b: TREE_TEXT in b.find_element("id", "tree").text)
    finally:
        browser.switch_to.default_content()
    others = browser.find_elements("css selector", "#test-test_stage_1_accounts details.tree iframe")
    assert others and all(not f.get_attribute("src") for f in others), "no other tree was loaded"


def test_screenshots_of_the_full_and_the_redacted_page_are_kept(browser: Any, scorecard: Path) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    loaded(browser, scorecard)
    box = element(browser, "#test-test_stage_3_budgets li.check.failed details.tree")
    box.find_element("css selector", "summary").click()
    frame = box.find_element("css selector", "iframe")
    WebDriverWait(browser, 10).until(lambda b: frame.get_attribute("src"))
    timeline = keep_screenshot(browser, scorecard.with_name("scorecard-timeline.png"),
                               "#test-test_stage_3_budgets")
    with Image.open(timeline) as image:
        assert image.height > 900, "the failed test's whole timeline, with its tree open"

    redacted = scorecard.with_name(REDACTED_SCORECARD)
    loaded(browser, redacted)
    sections = browser.find_elements("css selector", "#tests section.test")
    assert [s.find_element("css selector", "h3").text for s in sections] == [
        "Stage 3: Budgets and edits", "Journey: Closing the month"]
    assert element(browser, "#tests .check-criterion").text == FAILED
    assert not browser.find_elements("css selector", "iframe, a.moment, details.tree")
    page_text = element(browser, "body").text
    for never in ("test_stage", "pressing Edit opens the form", TREE_TEXT, "tests/"):
        assert never not in page_text, never
    video = element(browser, "#tests video")
    WebDriverWait(browser, 10).until(lambda b: b.execute_script("return arguments[0].readyState", video) >= 1)
    assert abs(browser.execute_script("return arguments[0].duration", video) - 4.0) < 0.5
    keep_screenshot(browser, scorecard.with_name("scorecard-redacted.png"))
