"""The web device sees the app's requests through its own watch on the app's tab
(`devices/traffic.py`), never chromedriver's performance log: each request outside the
origin is seen (and fails), the browser's own requests are not the page's, and a flood of
long URLs is read within a bound, what did not fit counted as outside."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from selenium.common.exceptions import InvalidArgumentException

from pytest_revylbench.devices.traffic import KEEP, URL_CHARS
from pytest_revylbench.devices.web import WebDevice
from pytest_revylbench.tasks.contract import outside_requests

PAGE = """<!doctype html><html><head><meta name="viewport" content="width=device-width"></head>
<body><div id="root"><p>ready</p></div><script>%s</script></body></html>"""
CALLS = """
window.outcomes = [];
function note(p) { p.then(function () { outcomes.push('ok'); }, function (e) { outcomes.push(e.name); }); }
note(fetch('http://outside.invalid/a?b=1'));
note(fetch('https://secure.invalid/x'));
note(fetch('/own.json'));
try { new WebSocket('ws://sock.invalid:8080/s'); } catch (e) {}
var img = new Image(); img.src = 'http://img.invalid/p.png';
"""
FLOOD = f"""
var long = 'http://flood.invalid/?' + 'x'.repeat(100000), sent = 0;
var timer = setInterval(function () {{
  for (var i = 0; i < 50; i++) {{ fetch(long + sent++).catch(function () {{}}); }}
  if (sent >= 3 * {KEEP}) clearInterval(timer);
}}, 10);
"""


@pytest.fixture
def device(page_device: Callable[..., WebDevice]) -> Callable[[str], WebDevice]:
    return lambda script: page_device(PAGE % script, {"own.json": "{}"})


def _until(probe: Callable[[], Any], timeout_s: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout_s
    while not (seen := probe()) and time.monotonic() < deadline:
        time.sleep(0.2)
    return seen


def _requested_after(web: WebDevice, seconds: float) -> list[str]:
    """What the app requested in its first `seconds` after a launch."""
    driver = web.launch()
    try:
        time.sleep(seconds)
        return web.requested_urls(driver)
    finally:
        driver.quit()


def test_each_request_outside_the_origin_is_seen_and_fails(device: Callable[[str], WebDevice]) -> None:
    web = device(CALLS)
    driver = web.launch()
    expected = {"http://outside.invalid/a?b=1", "https://secure.invalid/x", "ws://sock.invalid:8080/s",
                "http://img.invalid/p.png"}
    seen: list[str] = []
    try:
        _until(lambda: expected <= set(seen.extend(web.requested_urls(driver)) or seen))
        outcomes = _until(lambda: len(driver.execute_script("return outcomes;")) == 3 and
                          driver.execute_script("return outcomes;"))
        with pytest.raises(InvalidArgumentException, match="log type 'performance' not found"):
            driver.get_log("performance")  # chromedriver keeps none
    finally:
        driver.quit()
    assert sorted(outcomes) == ["TypeError", "TypeError", "ok"]  # the page's own file loads
    assert expected <= set(seen), seen
    assert f"{web.app_url.rstrip('/')}/own.json" in seen
    assert outside_requests(seen, own=web.own_hosts, allowed=()) == sorted(
        {"http://outside.invalid/a", "https://secure.invalid/x", "ws://sock.invalid:8080/s",
         "http://img.invalid/p.png"})


def test_a_quiet_page_requests_nothing_outside(device: Callable[[str], WebDevice]) -> None:
    """The browser's own requests (its sign-in service's, for one) are not the page's."""
    web = device("")
    seen = _requested_after(web, 3)
    assert seen and outside_requests(seen, own=web.own_hosts, allowed=()) == [], seen


def test_a_flood_of_long_urls_is_read_within_a_bound(device: Callable[[str], WebDevice]) -> None:
    """Three times `KEEP` requests of 100 kB URLs: one read keeps `KEEP` of them, each cut,
    and counts the rest as one entry outside every allowed host."""
    web = device(FLOOD)
    urls = _requested_after(web, 8)
    flood = [u for u in urls if "flood.invalid" in u]
    assert len(urls) == KEEP + 1 and len(flood) > KEEP - 10  # the page itself came first
    assert all(len(u) == URL_CHARS for u in flood)
    assert urls[-1].startswith("overflow://") and urls[-1].endswith("-more-requests"), urls[-1]
    assert outside_requests(urls, own=web.own_hosts, allowed=("flood.invalid",)) == [urls[-1]]
