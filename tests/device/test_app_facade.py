"""The suite author's API against a real Chromium through Appium, on a hand-written page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.app.facade import App, CheckFailed
from pytest_revylbench.app.locators import WebLocators
from pytest_revylbench.devices.appium import RemoteAppium
from pytest_revylbench.devices.protocol import DeviceSession
from pytest_revylbench.devices.web import WebDevice
from pytest_revylbench.records.visual import Viewport

from .conftest import launched_app

# Shaped like React Native Web's output: data-testid, aria-label, text in nested divs.
# The content appears after 300 ms, like an app whose script loads after the page.
PAGE = """<!doctype html><html><head><meta name="viewport" content="width=device-width">
</head><body><div id="root"></div><script>
setTimeout(function () {
  var root = document.getElementById('root');
  root.innerHTML =
    '<div data-testid="total">Total: <span>$1,234.56</span></div>' +
    '<div role="button" aria-label="Add one" id="add"><div>Add one</div></div>' +
    '<div data-testid="count">0</div>' +
    '<input data-testid="name" placeholder="Name" />' +
    '<div data-testid="echo"></div>' +
    '<div>First</div><div>Second</div><div>Third</div>' +
    '<div style="display:none">Hidden words</div>' +
    '<div id="late"></div>';
  document.getElementById('add').addEventListener('click', function () {
    var c = document.querySelector('[data-testid=count]');
    c.textContent = String(Number(c.textContent) + 1);
    setTimeout(function () { document.getElementById('late').textContent = 'Saved'; }, 700);
  });
  document.querySelector('[data-testid=name]').addEventListener('input', function (e) {
    document.querySelector('[data-testid=echo]').textContent = 'Hello ' + e.target.value;
  });
}, 300);
</script></body></html>"""


@pytest.fixture(scope="module")
def device(appium_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDevice]:
    bundle = tmp_path_factory.mktemp("bundle")
    (bundle / "index.html").write_text(PAGE)
    dev = WebDevice(bundle=bundle, appium=RemoteAppium(appium_url)).start()
    yield dev
    dev.stop()


@pytest.fixture
def app(device: WebDevice, tmp_path: Path) -> Iterator[App]:
    with launched_app(device, tmp_path, "facade", timeout_s=2.0) as launched:
        yield launched


def test_text_split_over_elements_is_one_text(app: App) -> None:
    app.see("Total: $1,234.56")
    app.see("Total: $1,234.56", at="total")
    assert app.read("total") == "Total: $1,234.56"


def test_tap_by_label_and_poll_for_late_results(app: App) -> None:
    app.tap("Add one")
    app.see("1", at="count")
    app.see("Saved", criterion="the save confirmation appears")  # arrives 700 ms later


def test_type_into_an_input_by_test_id_or_placeholder(app: App) -> None:
    app.type(into="name", text="Ada")
    app.see("Hello Ada", at="echo")
    app.type(into="Name", text="Grace")  # clears first
    app.see("Grace", at="name")
    app.see("Hello Grace", at="echo")


def test_order_and_absence(app: App) -> None:
    app.see_in_order("First", "Second", "Third")
    with pytest.raises(CheckFailed):
        app.see_in_order("Third", "First")
    app.not_see("Hidden words")
    app.not_see(at="nothing-here")


def test_failed_check_records_what_the_screen_showed(app: App, tmp_path: Path) -> None:
    with pytest.raises(CheckFailed) as info:
        app.see("$9.99", at="total", criterion="the total is exact to the cent", timeout_s=0.3)
    failure = info.value
    assert failure.criterion == "the total is exact to the cent"
    assert failure.expected == "'$9.99'"
    assert failure.observed == "'Total: $1,234.56'"
    evidence = app._rec.evidence[-1]
    assert evidence.passed is False and evidence.after is not None
    assert (tmp_path / evidence.after).stat().st_size > 10_000


def test_missing_text_shows_the_screen_in_the_failure(app: App) -> None:
    with pytest.raises(CheckFailed) as info:
        app.see("Goodbye", timeout_s=0.2)
    assert "Total: $1,234.56" in info.value.observed
    with pytest.raises(CheckFailed, match="there is a control 'Delete' to press"):
        app.tap("Delete")


def test_relaunch_forgets_memory(app: App) -> None:
    app.tap("Add one")
    app.see("1", at="count")
    app.relaunch()
    app.see("0", at="count")


def test_screenshot_is_a_phone_screen(app: App, tmp_path: Path) -> None:
    from PIL import Image

    path = app.screenshot("home")
    assert path is not None
    with Image.open(tmp_path / path) as image:
        assert image.size == (1179, 2556)


@pytest.mark.parametrize("screen", [None, Viewport(name="small", width=320, height=568, scale=2.0)],
                         ids=["phone", "small"])
def test_an_evidence_shot_has_one_pixel_per_css_pixel(device: WebDevice, screen: Viewport | None) -> None:
    """The lazy evidence's capture (one DevTools command) gives the screen at CSS resolution,
    byte for byte what a capture clipped to the viewport at 1/ratio gives, and WebDriver's
    screenshot (checkpoints, eager evidence) stays at the device's pixels."""
    import base64
    import io

    from PIL import Image

    from pytest_revylbench.devices.web_session import cdp

    driver = device.launch(screen)
    try:
        App(DeviceSession(device, driver), WebLocators(), EvidenceRecorder(Path("."), "t")).see(
            "Total: $1,234.56", at="total")
        css = (393, 852) if screen is None else (screen.width, screen.height)
        ratio = 3 if screen is None else int(screen.scale)
        shot = device.evidence_screenshot(driver)
        with Image.open(io.BytesIO(shot)) as image:
            assert image.size == css
        clipped = base64.b64decode(cdp(driver, "Page.captureScreenshot", {
            "format": "png", "optimizeForSpeed": True,
            "clip": {"x": 0, "y": 0, "width": css[0], "height": css[1], "scale": 1 / ratio}})["data"])
        assert clipped == shot
        with Image.open(io.BytesIO(driver.get_screenshot_as_png())) as image:
            assert image.size == (css[0] * ratio, css[1] * ratio)
    finally:
        driver.quit()


def test_a_probe_brings_the_tree_once_per_screen_and_never_a_huge_one(device: WebDevice) -> None:
    """The web probe returns the page's outerHTML with its screen mark, not again while the mark
    stays, and not at all past PROBE_TREE_CHARS (a shot's tree is then read when it is taken)."""
    from pytest_revylbench.devices.web_reads import TREE_LIMIT

    driver = device.launch()
    try:
        loc = WebLocators()
        assert loc.visible(driver, loc.test_id("total"))
        first = loc.take_judged()
        assert first.mark and first.tree and 'data-testid="total"' in first.tree
        locators = [(by, value, None) for by, value in loc.test_id("total")]
        assert device.reads(driver).probe(locators, first.mark)[2] is None  # not resent
        loc.visible(driver, loc.test_id("total"))
        assert loc.take_judged() == first  # same mark: the tree it already has
        driver.execute_script(
            "var d = document.createElement('div'); d.textContent = 'x'.repeat(arguments[0]);"
            "document.body.appendChild(d);", TREE_LIMIT + 1)
        assert loc.visible(driver, loc.test_id("total"))
        huge = loc.take_judged()
        assert huge.mark and huge.mark != first.mark and huge.tree is None
    finally:
        driver.quit()


def test_an_evidence_shot_goes_over_the_graders_own_socket_to_the_sessions_tab(device: WebDevice) -> None:
    """The lazy evidence's capture skips Appium (no command through the session), brings the
    same bytes as the session's path, and shows the tab the session drives: the new tab of a
    wiped kept browser, and not another tab on the same URL that shows something else."""
    from pytest_revylbench.devices.web_session import evidence_screenshot as through_session

    first = device.launch()
    driver = device.launch()  # the kept browser, wiped: a new tab
    assert driver is first
    try:
        App(DeviceSession(device, driver), WebLocators(), EvidenceRecorder(Path("."), "t")).see(
            "Total: $1,234.56", at="total")
        issued: list[str] = []
        execute = driver.execute
        driver.execute = lambda command, params=None: (issued.append(command), execute(command, params))[1]
        shot = device.evidence_screenshot(driver)
        assert issued == []
        driver.execute = execute
        assert shot == through_session(driver)
        own = driver.current_window_handle
        driver.switch_to.new_window("tab")
        driver.get(device.app_url)
        driver.execute_script("document.body.innerHTML = '<h1 style=\"background:red\">decoy</h1>';")
        driver.switch_to.window(own)
        assert device.evidence_screenshot(driver) == shot
    finally:
        driver.quit()


def test_an_evidence_shot_falls_back_to_the_session_when_the_socket_fails(device: WebDevice) -> None:
    """A socket that breaks is dropped: the shot comes through the session, and later ones too."""
    from pytest_revylbench.devices.web_session import evidence_screenshot as through_session

    driver = device.launch()
    try:
        App(DeviceSession(device, driver), WebLocators(), EvidenceRecorder(Path("."), "t")).see(
            "Total: $1,234.56", at="total")
        shot = device.evidence_screenshot(driver)
        tab = device._tabs[driver.session_id]
        assert tab.socket is not None
        tab.socket._ws.close()
        assert device.evidence_screenshot(driver) == shot == through_session(driver)
        assert tab.socket is None and tab.failed
    finally:
        driver.quit()


def test_a_page_that_holds_its_renderer_hangs_its_evidence_shot(device: WebDevice) -> None:
    """A capture the tab does not answer within the session's command limit is the app's hang
    (`AppHung`), as the same command through the session would be."""
    import time

    from pytest_revylbench.devices.errors import AppHung
    from pytest_revylbench.devices.web_session import command_limit

    driver = device.launch()
    try:
        device.evidence_screenshot(driver)  # the socket is open
        command_limit(driver, 3)
        driver.execute_script("setTimeout(function () { for (;;) {} }, 0);")
        time.sleep(0.3)
        started = time.monotonic()
        with pytest.raises(AppHung, match="stopped answering a screenshot"):
            device.evidence_screenshot(driver)
        assert time.monotonic() - started < 6
    finally:
        device.stop_hung(driver)


def test_a_video_films_the_sessions_tab_not_another_on_the_same_url(device: WebDevice) -> None:
    """The screencast's socket is the tab the session drives (its window handle), even when
    the page opened another tab on its own URL that shows something else."""
    import io
    import time

    from PIL import Image, ImageStat

    driver = device.launch()
    try:
        own = driver.current_window_handle
        # What a page can do on its own: open itself again and paint the copy.
        driver.execute_script(
            "var w = window.open(location.href, '_blank');"
            "w.addEventListener('load', function () {"
            "  w.document.documentElement.style.background = 'rgb(255,0,0)';"
            "  w.document.body.innerHTML = '<h1>decoy</h1>'; });")
        deadline = time.monotonic() + 5
        while len(driver.window_handles) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(driver.window_handles) == 2
        time.sleep(0.5)
        driver.switch_to.window(own)  # in front again: a tab behind another draws nothing
        capture = device.record_video(driver)
        try:
            app = App(DeviceSession(device, driver), WebLocators(), EvidenceRecorder(Path("."), "t"))
            app.tap("Add one")
            app.see("1", at="count")
            deadline = time.monotonic() + 5
            while not capture.frames and time.monotonic() < deadline:  # type: ignore[attr-defined]
                time.sleep(0.1)
            frames = list(capture.frames)  # type: ignore[attr-defined]
        finally:
            capture.discard()
        assert frames
        for _, jpeg in frames:
            with Image.open(io.BytesIO(jpeg)) as image:
                red, green, _ = ImageStat.Stat(image.convert("RGB")).mean
            assert green > 200, f"a frame of the decoy tab (mean red {red:.0f}, green {green:.0f})"
    finally:
        driver.quit()
