"""A press on the web device (`WebDevice.press`) is chromedriver's element click on an emulated
phone, made with the same DevTools touch events over the grader's own socket: the page sees
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


def _presses(device: WebDevice, press: Callable[[Any, Any], None]) -> list[dict[str, Any]]:
    driver = device.launch()
    try:
        seen = []
        for target in TARGETS:
            press(driver, driver.find_element("css selector", f"#{target}"))
            seen.append({"target": target, **_state(driver)})
        return seen
    finally:
        if not device.keeps(driver, hung=False):
            driver.quit()


def test_a_press_is_chromedrivers_click_event_for_event_and_scroll_for_scroll(
    device: WebDevice,
) -> None:
    clicked = _presses(device, lambda driver, element: element.click())
    pressed = _presses(device, device.press)
    assert pressed == clicked
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
        driver.execute_script("document.getElementById('overlay').style.display = 'block';"
                              "document.getElementById('list').scrollTop = 0;")
        covered = driver.find_element("css selector", "#row-3")  # rows 3 and 4 sit under the overlay
        with pytest.raises(ElementClickInterceptedException) as by_chromedriver:
            covered.click()
        with pytest.raises(ElementClickInterceptedException) as by_press:
            device.press(driver, covered)
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
        device.press(driver, field)
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
    by_one = _typed(device, lambda field: WebLocators().enter_text(field, "12.50", clear=True))
    assert by_one == by_three
    assert by_one[-1][-1] == "12.50" and ["keydown", "Backspace", False, "old text"] in by_one


def test_press_driver_is_chromedrivers_own_click(device: WebDevice, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--press=driver` (the earlier path): no point is worked out, chromedriver clicks."""
    from pytest_revylbench.devices import web

    def unused(*args: Any) -> None:
        raise AssertionError("press_point called with --press=driver")

    monkeypatch.setattr(web, "press_point", unused)
    device.presses = "driver"
    assert _presses(device, device.press) == _presses(device, lambda driver, element: element.click())
