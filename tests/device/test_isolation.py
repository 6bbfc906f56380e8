"""Isolation between tests on one web device: whatever an app leaves in one test (storage of
every kind, cookies, a service worker, history), the next test on that device does not see,
whether each test gets a new browser (`--isolation=browser`) or the device's kept browser
wiped clean (`--isolation=context`); and the pinned settings draw the same pixels either way."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from selenium.common.exceptions import WebDriverException

from pytest_revylbench.builder.proctree import command_line
from pytest_revylbench.devices import web
from pytest_revylbench.devices.appium import RemoteAppium
from pytest_revylbench.devices.web import Isolation, WebDevice

PROBE = Path(__file__).parent / "isolation_probe"
KINDS = ("localStorage", "sessionStorage", "cookie", "indexedDB", "cacheStorage",
         "serviceWorker", "history", "pagehide")
NOTHING = dict.fromkeys(KINDS)
EVERYTHING = dict.fromkeys(KINDS, "left")


@dataclass(frozen=True)
class Checkpoint:
    """A visual checkpoint's own screen (see `devices.protocol.Screen`)."""

    width: int = 360
    height: int = 640
    scale: float = 2


def _run(driver: Any, call: str) -> Any:
    result = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        f"{call}().then(done, function (e) {{ done({{error: String(e)}}); }});")
    assert "error" not in result, result
    return result


@dataclass
class Item:
    """What one test on the device saw at launch, and its browser session."""

    seen: dict[str, Any]
    screenshot: bytes
    session: str


def _item(device: WebDevice, viewport: Checkpoint | None, *, write: bool) -> Item:
    driver = device.launch(viewport)
    try:
        item = Item(_run(driver, "probeRead"), driver.get_screenshot_as_png(), driver.session_id)
        if write:
            written = _run(driver, "probeWrite")
            assert written == {"pushed": "left", "worker": True}
            # The probe reads what it wrote (history: one entry more, short of a leak's count;
            # its pagehide write comes as the tab goes).
            seen = _run(driver, "probeRead")
            assert {**seen, "history": "left", "pagehide": "left"} == EVERYTHING
    finally:
        if not device.keeps(driver, hung=False):
            driver.quit()
    return item


@pytest.fixture
def device(appium_url: str) -> Iterator[Callable[[Isolation], WebDevice]]:
    """Starts probe devices on the test server; stops them after the test."""
    made: list[WebDevice] = []

    def start(isolation: Isolation) -> WebDevice:
        # Reuse is the point here, not the clock: a loaded host may take longer than the
        # kept browser's clock limit between launches (test_web_isolation.py has that).
        made.append(WebDevice(bundle=PROBE, appium=RemoteAppium(appium_url),
                              isolation=isolation, kept_clock_s=3600.0).start())
        return made[-1]

    yield start
    for each in made:
        each.stop()


def _two_items(device: WebDevice, viewport: Checkpoint | None = None) -> tuple[Item, Item]:
    first = _item(device, viewport, write=True)
    return first, _item(device, viewport, write=False)


def test_the_next_test_sees_nothing_in_either_mode_and_the_same_pixels(
    device: Callable[[Isolation], WebDevice], monkeypatch: pytest.MonkeyPatch,
) -> None:
    new_each_time = device("browser")
    browser_first, browser_next = _two_items(new_each_time)
    assert browser_first.seen == browser_next.seen == NOTHING
    assert browser_first.session != browser_next.session  # a new browser each test

    kept = device("context")
    context_first, context_next = _two_items(kept)
    assert context_first.seen == context_next.seen == NOTHING
    assert context_first.session == context_next.session  # one browser, wiped between tests
    # The wipe went over the grader's own socket to the browser (`wipe_browser`).
    assert [s is not None for s in kept._browsers.values()] == [True]
    # A wiped tab draws exactly what a new browser draws (emulation and pinned overrides).
    assert context_next.screenshot == context_first.screenshot == browser_next.screenshot

    # A checkpoint's own screen: a browser started for it replaces the kept one (one browser
    # per device is alive), kept in turn, and draws the same pixels as a new one.
    shot_browser = _item(new_each_time, Checkpoint(), write=False).screenshot
    wide_first, wide_next = _two_items(kept, Checkpoint())
    assert wide_next.seen == NOTHING and wide_first.session == wide_next.session
    assert wide_first.session != context_first.session
    assert wide_next.screenshot == wide_first.screenshot == shot_browser != browser_next.screenshot
    # Back to the phone: a new browser again, the checkpoint's quit before it started.
    [wide] = kept._kept.values()
    phone_again = kept.launch(None)
    assert phone_again.session_id not in (wide_first.session, context_first.session)
    assert list(kept._kept.values()) == [phone_again]
    # A checkpoint on the phone's own screen (its scale a float) reuses the phone's browser.
    assert kept.keeps(phone_again, hung=False)
    assert kept.launch(Checkpoint(393, 852, 3.0)).session_id == phone_again.session_id
    assert kept.keeps(phone_again, hung=False)
    with pytest.raises(WebDriverException, match="session"):
        wide.title  # noqa: B018 (the wide browser's session is gone)

    # The probe finds leaks: a kept browser that is not wiped shows the next test everything.
    def no_wipe(driver: Any, origin: str, browser: Any, identity: Any, *,
                logs: bool = True) -> tuple[str, None]:
        driver.get("about:blank")
        return driver.current_window_handle, None

    monkeypatch.setattr(web, "wipe_browser", no_wipe)
    # (Its pagehide write may land after the next page has read: not asked of the leak.)
    assert {**_two_items(kept)[1].seen, "pagehide": "left"} == EVERYTHING


def test_a_wipe_without_the_browser_s_socket_goes_through_the_session(
    device: Callable[[Isolation], WebDevice], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the grader cannot reach the browser's DevTools address (a browser on another host
    behind a remote Appium), the kept browser is wiped with WebDriver commands instead: the next
    test sees nothing either way."""
    monkeypatch.setattr(web, "browser_socket", lambda address: (_ for _ in ()).throw(
        web.DevToolsError("not this host's")))
    kept = device("context")
    first, following = _two_items(kept)
    assert first.seen == following.seen == NOTHING
    assert first.session == following.session
    assert list(kept._browsers.values()) == [None]


def test_the_device_browser_loads_no_browser_ui_pages(device: Callable[[Isolation], WebDevice]) -> None:
    """A headless phone never shows Chromium's omnibox popups; without `QUIET_UI_FLAGS` every
    browser start loads two of them in a WebUI renderer of its own (half of a start's CPU)."""
    for isolation in ("browser", "context"):
        driver = device(isolation).launch(None)
        targets = web.cdp(driver, "Target.getTargets", {})["targetInfos"]
        assert [t["type"] for t in targets] == ["page"], [(t["type"], t["url"]) for t in targets]


def test_a_hung_page_s_browser_is_killed_not_left_spinning(
    device: Callable[[Isolation], WebDevice],
) -> None:
    """A page that hung holds its session, so quitting it waits in vain while its renderer
    spins a core: each hang of a grade left one more busy core for the next tests. The device
    kills that browser (and its chromedriver) when the test ends hung."""
    kept = device("context")
    driver = kept.launch(None)
    [chromedriver] = web.chromedriver_processes(kept.chromedriver, kept._chromedrivers[driver.session_id])
    browser = [chromedriver, *chromedriver.children(recursive=True)]
    assert any("--type=renderer" in command_line(p) for p in browser)
    driver.execute_script("setTimeout(function () { for (;;) {} }, 0); return 1;")
    assert not kept.keeps(driver, hung=True)
    left = [p for p in browser if p.is_running() and command_line(p)]  # zombies have none
    assert left == []
    assert kept.launch(None).execute_script("return 1;") == 1  # the device goes on


def test_a_download_writes_nothing_on_the_grading_host(device: Callable[[Isolation], WebDevice]) -> None:
    """A page can make a file of any size and download it; a headless Chromium saves it into
    the host's ~/Downloads, where it outlives the grade. The device's browsers block downloads
    (`web_browser.BROWSER_PREFS`)."""
    kept = device("context")
    driver = kept.launch(None)
    [chromedriver] = web.chromedriver_processes(kept.chromedriver, kept._chromedrivers[driver.session_id])
    [browser] = [p for p in chromedriver.children() if "--type=" not in command_line(p)]
    downloads = Path(browser.environ().get("HOME", str(Path.home()))) / "Downloads"
    name = f"revylbench-download-probe-{os.getpid()}.bin"
    driver.execute_script(
        "var a = document.createElement('a');"
        "a.href = URL.createObjectURL(new Blob([new Uint8Array(1 << 20)]));"
        f"a.download = {name!r}; document.body.appendChild(a); a.click(); return 1;")
    time.sleep(3)  # a download of 1 MB from memory is written within a second
    assert sorted(downloads.glob(name.replace(".bin", "*"))) == []
