"""One web session's plumbing below the device: DevTools commands through the session, the
session's pinning, its command limit, presses' points and touch events, the logs chromedriver
keeps, and the wipe that makes a kept browser as fresh as a new one."""

from __future__ import annotations

import base64
import json
import time
from typing import Any

from pytest_revylbench.devices.devtools import (
    Command,
    DevToolsError,
    PageSilent,
    PageSocket,
    debugger_address,
    target_socket,
)
from pytest_revylbench.devices.errors import AppHung, DeviceError
from pytest_revylbench.devices.rendering import CDP_OVERRIDES
from pytest_revylbench.devices.traffic import request_url
from pytest_revylbench.devices.web_browser import HIDE_DRIVER_GLOBALS
from pytest_revylbench.devices.web_reads import ElementRef, PageReader, StaleElement

COMMAND_TIMEOUT_S = 20.0
"""The longest one driver command may take in a test (the HTTP read limit) unless the grade
says otherwise (`--command-timeout`): a command that needs the page (find, click, a log read)
waits for it without a limit of its own."""


def _hung(exc: BaseException) -> bool:
    """The driver gave up waiting for the page: a script timeout, the renderer's silence, or
    our own read limit on the command (or the grader's socket heard nothing in time)."""
    if isinstance(exc, AppHung | PageSilent):
        return True
    name = type(exc).__name__
    text = str(exc).lower()
    return (name == "TimeoutException" or "timed out receiving message from renderer" in text
            or "script timeout" in text or "read timed out" in text)


def command_limit(driver: Any, seconds: float) -> None:
    """Bound every later HTTP command of `driver` to `seconds` (the client's read timeout)."""
    driver.command_executor.client_config.timeout = seconds



EVIDENCE_CAPTURE = {"format": "png", "optimizeForSpeed": True, "fromSurface": False}
"""DevTools' capture of the view: one pixel per CSS pixel (393×852 on the 3× phone) whatever
the emulated pixel ratio, in one command, with its fastest PNG encoding. Its bytes are those
of a capture clipped to the visual viewport at scale 1/ratio (checked on budget's screens),
without the layout-metrics call such a clip needs. Measured on this machine (2026-12-02, 15
captures each, idle): 38-43 ms and 11-15 ms of Chromium's CPU per capture, against 99-108 ms
and 81-89 ms for WebDriver's screenshot at the device's 1179×2556."""


def evidence_screenshot(driver: Any) -> bytes:
    """`WebDevice.evidence_screenshot` through the session (needs the DevTools command
    `pin_session` adds): where the grader's own DevTools socket to the tab cannot be used."""
    return base64.b64decode(cdp(driver, "Page.captureScreenshot", dict(EVIDENCE_CAPTURE))["data"])


def press_point(reader: PageReader, element: ElementRef) -> tuple[float, float]:
    """Where a finger presses `element` (`web_reads._PRESS`, in the grader's own world), or
    the error WebDriver's element click gives: not interactable (no box, or gone), or
    intercepted by the element on top."""
    from selenium.common.exceptions import (
        ElementClickInterceptedException,
        ElementNotInteractableException,
        StaleElementReferenceException,
    )

    try:
        at = reader.press_point(element)
    except StaleElement as exc:
        raise StaleElementReferenceException(f"stale element reference: {exc}") from exc
    if at.get("x") is None:
        raise ElementNotInteractableException("element not interactable: it has no box")
    if not at.get("ok"):
        raise ElementClickInterceptedException(
            f"element click intercepted: Element {at.get('el')} is not clickable at point "
            f"({at['x']}, {at['y']}). Other element would receive the click: {at.get('hit')}")
    return float(at["x"]), float(at["y"])


def touch_events(x: float, y: float) -> list[dict[str, Any]]:
    """The DevTools events of one finger's tap at (x, y), CSS pixels of the viewport: what
    chromedriver's element click sends on an emulated phone (the page sees pointerdown,
    touchstart, pointerup, touchend, then mousedown, mouseup and click, all of pointer type
    touch)."""
    return [{"type": "touchStart", "touchPoints": [{"x": x, "y": y}]},
            {"type": "touchEnd", "touchPoints": []}]


def console_errors(driver: Any) -> list[str]:
    """Errors the page logged since the last call (the browser log is drained by reading)."""
    try:
        entries = driver.get_log("browser")
    except Exception:  # a driver without the log endpoint: no evidence, not a failure
        return []
    return [str(e.get("message", "")) for e in entries if e.get("level") == "SEVERE"]


def requested_urls(driver: Any) -> list[str]:
    """URLs the page requested since the last call, from Chromium's performance log
    (drained by reading): every fetch, image, script and WebSocket, failed ones included."""
    urls: list[str] = []
    for entry in driver.get_log("performance"):
        try:
            message = json.loads(entry["message"])["message"]
        except (KeyError, TypeError, ValueError):
            continue
        url = request_url(message)
        if url is not None:
            urls.append(url)
    return urls


def pin_session(driver: Any, identity: Command) -> None:
    """Apply the phone's `identity` (`web_browser.phone_identity`), the pinned time zone, locale
    and emulated media to a new session, before the app loads (DevTools overrides last for the
    tab's life, reloads included)."""
    from selenium.common.exceptions import WebDriverException

    driver.command_executor.add_command(
        "executeCdpCommand", "POST", "/session/$sessionId/goog/cdp/execute")
    unseen = [("Page.addScriptToEvaluateOnNewDocument",
               {"source": HIDE_DRIVER_GLOBALS, "runImmediately": True})]
    for command, params in [identity, *CDP_OVERRIDES, *unseen]:
        try:
            driver.execute("executeCdpCommand", {"cmd": command, "params": params})
        except WebDriverException as exc:
            raise DeviceError(f"could not pin the device ({command}): {exc.msg}") from exc


def cdp(driver: Any, command: str, params: dict[str, Any]) -> Any:
    """Run one DevTools command on the session's current tab (see `pin_session`)."""
    return driver.execute("executeCdpCommand", {"cmd": command, "params": params})["value"]


def wipe_browser(driver: Any, origin: str, browser: PageSocket | None,
                 identity: Command, *,
                 logs: bool = True) -> tuple[str, PageSocket | None]:
    """Make a kept browser as fresh as a new one for the app at `origin` (scheme://host:port).

    A new tab replaces every open one (history, sessionStorage, timers and the page's memory
    go with the tabs); then the origin's data, every cookie and the HTTP cache are cleared:
    `storageTypes: "all"` takes local storage, IndexedDB, Cache Storage, service workers,
    file systems and WebSQL with it. The new tab is pinned as a new session's is, and the logs
    the old tabs left are drained (`logs`: where chromedriver keeps them); `identity`: the
    phone's (`pin_session`). (A fresh browser
    context per launch would be neater, but the Chromium driver runs DevTools commands on a
    tab, where `Target.createBrowserContext` is "Not allowed".)

    `browser`: the grader's own socket to the browser (`devtools.browser_socket`). Through
    it, the tabs are opened and closed and the data cleared with DevTools commands sent
    together (`_wipe_over_devtools`); without it (a browser whose DevTools address is not
    this host's), through the session, one WebDriver command at a time: 0.30 to 0.34 s a wipe
    against 0.18 to 0.20 s (idle, 2026-12-02). Returns the new tab's window handle (its DevTools
    target id) and, from the first path, the grader's socket to it.
    """
    if browser is not None:
        target, page = _wipe_over_devtools(driver, origin, browser, identity)
    else:
        target, page = _wipe_through_session(driver, origin), None
    try:
        pin_session(driver, identity)
        if logs:  # chromedriver's logs; a new tab's console store and requests start empty
            console_errors(driver)
            driver.get_log("performance")
    except BaseException:
        if page is not None:
            page.close()
        raise
    return target, page


def _wipe_through_session(driver: Any, origin: str) -> str:
    stale = list(driver.window_handles)
    driver.switch_to.new_window("tab")
    fresh = driver.current_window_handle
    for handle in stale:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(fresh)
    cdp(driver, "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    cdp(driver, "Network.clearBrowserCookies", {})
    cdp(driver, "Network.clearBrowserCache", {})
    return str(fresh)


def _pages(browser: PageSocket) -> set[str]:
    answer = browser.call("Target.getTargets", {}, timeout_s=COMMAND_TIMEOUT_S)
    return {str(t["targetId"]) for t in answer["targetInfos"] if t.get("type") == "page"}


def _wipe_over_devtools(driver: Any, origin: str, browser: PageSocket,
                        identity: Command) -> tuple[str, PageSocket]:
    """The wipe's tabs and data over the grader's own sockets; the session is then switched
    to the new tab (chromedriver gives it the session's mobile emulation as it attaches).

    The data are cleared only once the old tabs are gone: a page's `pagehide` handler may
    still write to storage as its tab closes."""
    stale = _pages(browser)
    created = browser.call("Target.createTarget", {"url": "about:blank"}, timeout_s=COMMAND_TIMEOUT_S)
    fresh = str(created["targetId"])
    for ident in [browser.send("Target.closeTarget", {"targetId": t}) for t in stale]:
        browser.wait(ident, timeout_s=COMMAND_TIMEOUT_S)
    deadline = time.monotonic() + COMMAND_TIMEOUT_S
    while _pages(browser) & stale:
        if time.monotonic() > deadline:
            raise DevToolsError(f"the old tabs were still open {COMMAND_TIMEOUT_S:.0f}s after closing")
        time.sleep(0.01)
    page = PageSocket(target_socket(debugger_address(driver), fresh), hello=(identity,))
    try:
        sent = [(page, page.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})),
                (page, page.send("Network.clearBrowserCache", {})),
                (browser, browser.send("Storage.clearCookies", {}))]
        for socket, ident in sent:
            socket.wait(ident, timeout_s=COMMAND_TIMEOUT_S)
        driver.switch_to.window(fresh)
    except BaseException:
        page.close()
        raise
    return fresh, page
