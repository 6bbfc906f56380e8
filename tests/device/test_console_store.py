"""The web device reads a page's console errors from the page's own console store, bounded by
the browser (`devices/console.py`), never from chromedriver's browser log, which keeps all a
page logs: a page logging a 2 MB error every 5 ms once grew chromedriver to 6.5 GB in one grade.
A flood that pushed an uncaught error out of the store fails the launch check, as the error
would have."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.app.facade import App
from pytest_revylbench.app.locators import WebLocators
from pytest_revylbench.devices.console import OVERFLOW, STORE_CHARS
from pytest_revylbench.devices.protocol import DeviceSession
from pytest_revylbench.devices.web import WebDevice
from pytest_revylbench.plugin.collection import launch
from pytest_revylbench.tasks.contract import ContractBroken

PAGE = """<!doctype html><html><head><meta name="viewport" content="width=device-width"></head>
<body><div id="root"><p>ready</p></div><script>
setTimeout(function () { throw new Error('ledger failed to open'); }, 0);
%s
</script></body></html>"""
FLOOD = """var line = 'flood ' + 'x'.repeat(200000);
setTimeout(function () { setInterval(function () { console.error(line); }, 10); }, 300);"""


@pytest.fixture
def device(page_device: Callable[..., WebDevice]) -> Callable[[str], WebDevice]:
    return lambda script: page_device(PAGE % script)


def _app(device: WebDevice, tmp_path: Path) -> tuple[App, object]:
    driver = device.launch()
    recorder = EvidenceRecorder(tmp_path, "console")
    return App(DeviceSession(device, driver), WebLocators(), recorder, timeout_s=2.0), driver


def test_an_uncaught_error_is_read_from_the_page_and_fails_the_launch_check(
        device: Callable[[str], WebDevice], tmp_path: Path) -> None:
    app, driver = _app(device(""), tmp_path)
    try:
        with pytest.raises(ContractBroken, match="the app logged 1 error") as caught:
            launch(app)
        assert "Uncaught Error: ledger failed to open" in str(caught.value)
        assert driver.get_log("browser") == []  # type: ignore[attr-defined]  # chromedriver kept none
    finally:
        driver.quit()  # type: ignore[attr-defined]


def test_a_flood_is_read_within_the_store_s_bound_and_fails_the_launch_check(
        device: Callable[[str], WebDevice], tmp_path: Path) -> None:
    web = device(FLOOD)
    app, driver = _app(web, tmp_path)
    try:
        with pytest.raises(ContractBroken, match=OVERFLOW):
            launch(app)
        assert driver.get_log("browser") == []  # type: ignore[attr-defined]
        time.sleep(1)  # the store fills again within 0.3 s
        errors = web.console_errors(driver)
        assert errors[0].startswith(OVERFLOW), errors[0][:200]
        assert 0 < sum(map(len, errors)) <= STORE_CHARS
        assert not any("ledger failed to open" in e for e in errors)  # pushed out by the flood
    finally:
        driver.quit()  # type: ignore[attr-defined]
