"""A press on the web device (`WebDevice.press`) is chromedriver's element click on an emulated
phone, its point found in the grader's own world and made with the same DevTools touch events
over the grader's own socket: the page sees
the same events in the same order, the same scroll views move by the same amounts, and a press
that another element would take fails with the same error."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.common.exceptions import ElementClickInterceptedException

from pytest_revylbench.devices.appium import RemoteAppium
from pytest_revylbench.devices.web import WebDevice

PROBE = Path(__file__).parent / "press_probe"
TARGETS = ("row-1", "row-9", "row-10", "row-25", "chip-6", "chip-1", "row-0", "tall", "row-12",
           "tab-b")
"""A row in view, rows at the scroll view's bottom edge and under the tab bar, one far below,
chips of a sideways strip off its right edge and back, the first row far above, one taller
than the scroll view (pressed by chromedriver itself), a tab of the fixed bar."""


@pytest.fixture
def device(appium_url: str) -> Iterator[WebDevice]:
    made = WebDevice(bundle=PROBE, appium=RemoteAppium(appium_url), isolation="context").start()
    try:
        yield made
    finally:
        made.stop()


def _state(driver: Any) -> dict[str, Any]:
    return driver.execute_script(
        "var e = window.events; window.events = [];"
        "return {events: e, list: document.getElementById('list').scrollTop,"
        " strip: document.getElementById('strip').scrollLeft, window: window.scrollY};")


def _found(device: WebDevice, driver: Any, css: str) -> Any:
    """The element `css` names, as the grader's own world finds it (its `ElementRef`)."""
    refs, _, _ = device.reads(driver).probe([("css selector", css, None)], None)
    assert refs, f"{css} is not shown"
    return refs[0]


def _presses(device: WebDevice, press: Callable[[Any, Any], None], *,
             chromedriver: bool = False) -> list[dict[str, Any]]:
    driver = device.launch()
    try:
        seen = []
        for target in TARGETS:
            element = (driver.find_element("css selector", f"#{target}") if chromedriver
                       else _found(device, driver, f"#{target}"))
            press(driver, element)
            seen.append({"target": target, **_state(driver)})
        return seen
    finally:
        if not device.keeps(driver, hung=False):
            driver.quit()


def _but_oversize(seen: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in press.items() if press["target"] != "tall" or k != "list"}
            for press in seen]


def test_a_press_is_chromedrivers_click_event_for_event_and_scroll_for_scroll(
    device: WebDevice,
) -> None:
    clicked = _presses(device, lambda driver, element: element.click(), chromedriver=True)
    pressed = _presses(device, device.press)
    # A box taller than its scroll view is scrolled by chromedriver its own way (not alike
    # from one start to another); the press lands on it all the same.
    assert _but_oversize(pressed) == _but_oversize(clicked)
    # The probe is a real test of both: every press reached its target as a touch…
    for seen in pressed:
        assert seen["events"][-1] == f"click:touch:{seen['target']}", seen
        assert "touchstart::" + seen["target"] in seen["events"], seen
    # …and the scroll views moved for the rows under the bar, below and above it.
    assert len({seen["list"] for seen in pressed}) >= 4
    assert len({seen["strip"] for seen in pressed}) >= 2


def test_a_press_another_element_would_take_fails_as_chromedrivers_click_does(
    device: WebDevice,
) -> None:
    driver = device.launch()
    try:
        driver.execute_script("document.getElementById('list').scrollTop = 0;")
        found = _found(device, driver, "#row-3")   # found shown, then covered before the press
        driver.execute_script("document.getElementById('overlay').style.display = 'block';")
        covered = driver.find_element("css selector", "#row-3")  # rows 3 and 4 sit under the overlay
        with pytest.raises(ElementClickInterceptedException) as by_chromedriver:
            covered.click()
        with pytest.raises(ElementClickInterceptedException) as by_press:
            device.press(driver, found)
        for raised in (by_chromedriver, by_press):
            assert "is not clickable at point" in str(raised.value)
            assert "Other element would receive the click" in str(raised.value)
        assert _state(driver)["events"] == []  # neither pressed anything
    finally:
        driver.quit()


def _typed(device: WebDevice, enter: Callable[[Any], None]) -> list[Any]:
    driver = device.launch()
    try:
        field = driver.find_element("css selector", "#field")
        device.press(driver, _found(device, driver, "#field"))
        enter(field)
        return list(driver.execute_script("return window.keys;"))
    finally:
        if not device.keeps(driver, hung=False):
            driver.quit()


def test_typing_in_one_command_sends_the_keys_of_three(device: WebDevice) -> None:
    """`WebLocators.enter_text`: select all, delete and type in one send-keys command, key
    event for key event what three commands sent."""
    from selenium.webdriver.common.keys import Keys

    from pytest_revylbench.app.locators import WebLocators

    def three(field: Any) -> None:
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(Keys.BACKSPACE)
        field.send_keys("12.50")

    by_three = _typed(device, three)
    def one(field: Any) -> None:
        locators = WebLocators()
        typed_into = locators.visible(field.parent, [("css selector", "#field")])
        locators.enter_text(typed_into[0], "12.50", clear=True)

    by_one = _typed(device, one)
    assert by_one == by_three
    assert by_one[-1][-1] == "12.50" and ["keydown", "Backspace", False, "old text"] in by_one


def test_press_driver_sends_the_same_touch_through_the_session(device: WebDevice) -> None:
    """`--press=driver`: the same point, its touch events sent through the session rather
    than the grader's socket; the page sees chromedriver's click all the same."""
    device.presses = "driver"
    assert _but_oversize(_presses(device, device.press)) == _but_oversize(_presses(
        device, lambda driver, element: element.click(), chromedriver=True))
