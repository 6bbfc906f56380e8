"""The local web device: Chromium in phone emulation, driven by Appium's Chromium driver.

`web_browser` says what browser it starts, `web_session` holds a session's plumbing (pinning,
presses' events, the wipe), `web_reads` every read of the screen in the grader's own world;
this module is the device: launches, kept browsers, the grader's sockets to each tab."""

from __future__ import annotations

import base64
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import psutil

from pytest_revylbench.builder.clock import KEPT_CLOCK_S
from pytest_revylbench.builder.proctree import GONE, kill_and_reap
from pytest_revylbench.devices.appium import AppiumServer, RemoteAppium
from pytest_revylbench.devices.console import read_console
from pytest_revylbench.devices.devtools import (
    Command,
    DevToolsError,
    PageSilent,
    PageSocket,
    SocketFailed,
    browser_socket,
    debugger_address,
    target_socket,
)
from pytest_revylbench.devices.errors import AppHung, AppLaunchFailed, DeviceError
from pytest_revylbench.devices.opened_tabs import OpenedTabs, phone_emulation
from pytest_revylbench.devices.ports import free_port
from pytest_revylbench.devices.protocol import Driver, Screen
from pytest_revylbench.devices.site import StaticSite
from pytest_revylbench.devices.traffic import RequestWatch
from pytest_revylbench.devices.video import Screencast, VideoCapture
from pytest_revylbench.devices.web_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    QUIET_UI_FLAGS,
    SCRIPT_TIMEOUT_S,
    UNSEEN_FLAGS,
    device_metrics,
    phone_identity,
    screen_key,
    web_capabilities,
)
from pytest_revylbench.devices.web_reads import PageReader
from pytest_revylbench.devices.web_session import (
    COMMAND_TIMEOUT_S,
    EVIDENCE_CAPTURE,
    _hung,
    cdp,
    command_limit,
    console_errors,
    evidence_screenshot,
    pin_session,
    press_point,
    requested_urls,
    touch_events,
    wipe_browser,
)

__all__ = ["CHROMIUM_ARGS", "PHONE", "QUIET_UI_FLAGS", "UNSEEN_FLAGS", "WebDevice", "cdp",
           "command_limit", "evidence_screenshot"]

CRASH_GRACE_S = 3.0

CONSOLE_READ_S = 5.0
"""The longest a read of the page's console store may wait for the page (`console_errors`)."""
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
"""Appium hosts whose browsers run on this host (`WebDevice._local`)."""
ANSWER_S = 5.0
"""isolation "context": a kept browser's page must answer a trivial script within this at the
end of a test (a page that answers nothing sooner has hung)."""
SESSION_TIMEOUT_S = 180.0
"""Starting a browser session under a loaded CPU can take tens of seconds."""


Isolation = Literal["browser", "context"]
ISOLATIONS: tuple[Isolation, ...] = ("browser", "context")
"""How launches are kept apart: "browser", a new Chromium per launch; "context", one Chromium
per device for the whole grade, wiped to a fresh state before each launch (a launch on another
screen size replaces it: see `WebDevice._kept_browser`)."""
DEFAULT_ISOLATION: Isolation = "context"

PressMode = Literal["devtools", "driver"]
PRESS_MODES: tuple[PressMode, ...] = ("devtools", "driver")
"""How the web device sends a press's touch events (found at the same point either way, in the
grader's own world: `press_point`): "devtools", over the grader's own DevTools socket to the
tab (`WebDevice.press`); "driver", through the session (chromedriver's DevTools connection)."""
DEFAULT_PRESS: PressMode = "devtools"


@dataclass
class WebDevice:
    """One emulated phone; nothing leaks from one `launch()` into the next: with isolation
    "browser" each launch is a new browser, with "context" the device's one kept browser wiped
    clean (`wipe_browser`), or a new one where it cannot be (`_kept_browser`)."""

    bundle: Path
    appium: AppiumServer | RemoteAppium
    """The Appium server this device's sessions go through."""
    chromium: str = CHROMIUM
    chromedriver: str = "/usr/bin/chromedriver"
    launch_timeout_s: float = 20.0
    overrides: dict[str, Any] = field(default_factory=dict)
    isolation: Isolation = DEFAULT_ISOLATION
    presses: PressMode = DEFAULT_PRESS
    command_timeout_s: float = COMMAND_TIMEOUT_S
    """How long the app's page may hold one command of a test (a tap, a probe, a screenshot,
    a relaunch's navigation) before it has hung: the session's read limit from the first
    screen on (`--command-timeout`). The grader's own commands to the browser (a wipe, a new
    tab) keep COMMAND_TIMEOUT_S."""
    kept_clock_s: float = KEPT_CLOCK_S
    """isolation "context": how far past the grader's instant a kept browser's clock may run
    before the next launch replaces it (builder/clock.py)."""
    _site: StaticSite | None = None
    _chromedrivers: dict[str, int] = field(default_factory=dict)
    """The port of each live session's chromedriver, by session id (`stop_hung`)."""
    _kept: dict[str, Any] = field(default_factory=dict)
    """isolation "context": the kept browser by the emulated screen (device metrics) it was
    started with; at most one entry, so at most one browser per device is alive."""
    _tabs: dict[str, _Tab] = field(default_factory=dict)
    """The tab each live session drives, by session id: its DevTools target id and, once a
    capture needed it, the grader's own socket to it (`evidence_screenshot`)."""
    _browsers: dict[str, PageSocket | None] = field(default_factory=dict)
    """isolation "context": the grader's socket to each kept browser, by session id, opened
    at its first wipe (None: it could not be; the wipe goes through the session)."""
    _born: dict[str, float] = field(default_factory=dict)
    """When each live session's browser started (monotonic), by session id: its clock started
    at the grader's instant then (`_kept_browser`)."""
    _unread: dict[str, list[str]] = field(default_factory=dict)
    """Console errors read from a page a relaunch left, by session id, for the next read."""
    _opened: dict[str, OpenedTabs] = field(default_factory=dict)
    """The grader's socket to each live session's browser that makes a tab the page opens the
    same phone (`devices/opened_tabs.py`), by session id; on this host's browsers only."""

    platform = "web"

    def start(self) -> WebDevice:
        for binary in (self.chromium, self.chromedriver):
            if not Path(binary).exists():
                raise DeviceError(f"{binary} is not installed; run .ci/setup to install it")
        own = self.appium if isinstance(self.appium, AppiumServer) and not self.appium.running else None
        if own is not None:
            own.spawn()
        self._site = StaticSite(self.bundle).start()
        import appium.webdriver  # noqa: F401 (the first session's client, while the server boots)

        if own is not None:
            own.wait_ready()
        return self

    def healthy(self) -> bool:
        """The health check before a lease: the browser exists and Appium answers (our own
        server is restarted when it died)."""
        try:
            self.appium.ensure()
        except DeviceError:
            return False
        return self._site is not None and Path(self.chromium).exists()

    @property
    def _local(self) -> bool:
        """Whether the device's browsers run on this host, their DevTools sockets in reach:
        behind an Appium server on this host's loopback (the grader's own, or `--appium-url`'s),
        not a hub elsewhere."""
        return urlsplit(self.appium.url).hostname in LOOPBACK

    @property
    def _identity(self) -> Command:
        """The phone's identity, set on every tab (`web_browser.phone_identity`)."""
        return phone_identity(self.chromium)

    @property
    def _hello(self) -> tuple[Command, ...]:
        """What each socket of the grader's to a tab says first: the phone's identity (a socket
        that said none would put the host's `navigator.platform` back, `devtools.connect`)."""
        return (self._identity,)

    def console_errors(self, driver: Driver) -> list[str]:
        """Errors the app's page logged since the last call: read from the page's own console
        store over the grader's socket to its tab (`devices/console.py`), or from
        chromedriver's browser log on a device behind a hub elsewhere. A page that does not
        answer within `CONSOLE_READ_S` gives none: whether it hung is for the command that
        needs it to say.

        :raises DeviceError: the grader's socket to a local tab is gone (chromedriver keeps no
            log there to read instead): a bench fault, never a clean console.
        """
        unread = self._unread.pop(_session_id(driver), [])
        if not self._local:
            return unread + console_errors(driver)
        socket = self._socket(driver)
        if socket is None:
            raise DeviceError("the grader's socket to the app's tab failed: its console cannot be read")
        try:
            return unread + read_console(socket, timeout_s=CONSOLE_READ_S)
        except PageSilent:
            return unread
        except DevToolsError as exc:
            self._drop_socket(driver)
            raise DeviceError(f"the app's console could not be read: {exc}") from exc

    def requested_urls(self, driver: Driver) -> list[str]:
        """Every URL the page requested since the last call (Chromium's network events): from
        the tab's request watch (`devices/traffic.py`), or chromedriver's performance log.

        :raises DeviceError: the launched tab has no watch (its socket failed: a bench fault).
        """
        if not self._local:
            return requested_urls(driver)
        tab = self._tabs.get(_session_id(driver))
        if tab is None or tab.watch is None:
            raise DeviceError("the app's tab has no request watch: its requests cannot be seen")
        return tab.watch.drain()

    @property
    def own_hosts(self) -> tuple[str, ...]:
        """Where the app itself is served from: requests there never leave the grader."""
        return (urlsplit(self.app_url).netloc,)

    def screen_fingerprint(self, driver: Driver) -> str:
        """A new document, a DOM mutation or a scroll changes it (one read in the grader's
        own world: the page can neither see nor set it)."""
        return self.reads(driver).mark()

    def reads(self, driver: Driver) -> PageReader:
        """The grader's own world on the tab `driver` drives (`devices/web_reads.py`)."""
        tab = self._tabs.get(_session_id(driver))
        if tab is None:
            raise DeviceError("the web device does not know this session's tab")
        if tab.reader is None:
            tab.reader = PageReader(lambda method, params: self._devtools(driver, method, params))
        return tab.reader

    def _devtools(self, driver: Any, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """One DevTools command to the tab: over the grader's socket, within the session's
        command limit (a page that holds it has hung), else through the session."""
        socket = self._socket(driver)
        if socket is not None:
            try:
                return socket.call(method, params, timeout_s=driver.command_executor.client_config.timeout)
            except PageSilent as exc:
                raise AppHung(f"the app's page stopped answering the grader ({method}): {exc}") from exc
            except SocketFailed:
                self._drop_socket(driver)
                tab = self._tabs.get(_session_id(driver))
                if tab is not None and tab.reader is not None:
                    tab.reader.forget()   # its world was made over the socket
        return dict(cdp(driver, method, params) or {})

    def record_video(self, driver: Driver) -> VideoCapture:
        """A DevTools screencast of the app's tab, over a DevTools socket of its own."""
        tab = self._tabs.get(_session_id(driver))
        target = tab.target if tab is not None else str(driver.current_window_handle)
        return Screencast.of(target_socket(debugger_address(driver), target), self._hello)

    def ui_tree(self, driver: Driver) -> str:
        """The page's DOM, as the grader's own world reads it."""
        return self.reads(driver).tree()

    @property
    def ui_tree_suffix(self) -> str:
        return ".html"

    def evidence_screenshot(self, driver: Driver) -> bytes:
        """A PNG of the screen for lazy evidence at one pixel per CSS pixel (`EVIDENCE_CAPTURE`:
        the phone's 393×852, a ninth of its device pixels, in a third of the time). A visual
        checkpoint's shot, and every shot of `--evidence=eager`, comes from WebDriver's
        `get_screenshot_as_png` at the device's pixels, which the oracle's are compared with.

        Sent over the grader's own DevTools socket to the session's tab (`devices/devtools.py`):
        the same command and bytes as through the session, without Appium's and chromedriver's
        ≈ 12 ms of CPU per shot (figure 15; the wall time is the compositor's, see
        `evidence_prefetch`). A tab that does not answer within the session's command limit has
        hung, as a command through the session would say; a socket that fails in any other way
        is closed and the capture goes through the session, whose error says what went wrong."""
        return self.evidence_prefetch(driver)()

    def evidence_prefetch(self, driver: Driver) -> Callable[[], bytes]:
        """Start `evidence_screenshot`'s capture of the screen as it is now; the callable
        returns its PNG, waiting for it if need be. The capture is sent over the grader's socket
        and answered while the test goes on (its next probes, its next checks): most of a
        capture is waiting for the compositor's next frames, not work. Without a socket the
        callable captures through the session when called."""
        socket = self._socket(driver)
        if socket is None:
            return lambda: evidence_screenshot(driver)
        try:
            ident = socket.send("Page.captureScreenshot", dict(EVIDENCE_CAPTURE))
        except DevToolsError:
            self._drop_socket(driver)
            return lambda: evidence_screenshot(driver)

        def collect() -> bytes:
            try:
                answer = socket.wait(ident, timeout_s=driver.command_executor.client_config.timeout)
                return base64.b64decode(answer["data"])
            except PageSilent as exc:
                raise AppHung(f"the app's page stopped answering a screenshot: {exc}") from exc
            except (DevToolsError, KeyError, TypeError, ValueError):
                self._drop_socket(driver)
            return evidence_screenshot(driver)

        return collect

    def press(self, driver: Driver, element: Any) -> None:
        """Tap `element` as a finger would: the events and the checks of WebDriver's element
        click on an emulated phone (`press_point`, found in the grader's own world, and
        `touch_events`), sent over the grader's own socket to the app's tab (presses
        "devtools") or through the session ("driver"). chromedriver's click took 130 to 180 ms
        a press, against 10 to 15 ms for the same events sent here (idle, 2026-12-03)."""
        point = press_point(self.reads(driver), element)
        events = touch_events(*point)
        socket = self._socket(driver) if self.presses == "devtools" else None
        if socket is not None:
            limit = driver.command_executor.client_config.timeout
            try:
                while events:
                    socket.wait(socket.send("Input.dispatchTouchEvent", events[0]), timeout_s=limit)
                    events.pop(0)
            except PageSilent as exc:
                raise AppHung(f"the app's page stopped answering a tap: {exc}") from exc
            except DevToolsError:
                self._drop_socket(driver)
        for event in events:  # what the socket did not send
            cdp(driver, "Input.dispatchTouchEvent", event)

    def _socket(self, driver: Any) -> PageSocket | None:
        """The grader's socket to the tab `driver` drives, opened at its first use (None: the
        tab is unknown or its socket failed; the session's own path is used)."""
        tab = self._tabs.get(_session_id(driver))
        if tab is None or tab.failed:
            return None
        if tab.socket is None:
            try:
                tab.socket = PageSocket(target_socket(debugger_address(driver), tab.target),
                                        hello=self._hello)
            except DevToolsError:
                tab.failed = True
                return None
        return tab.socket

    def _watch(self, driver: Any) -> None:
        """Watch the requests of the tab `driver` drives, before the app loads in it, on a
        device whose browsers run on this host. :raises DeviceError: it cannot be watched."""
        tab = self._tabs.get(_session_id(driver))
        if not self._local or tab is None:
            return
        if tab.watch is not None:
            tab.watch.drain()  # what an earlier page requested is not the app's
            return
        try:
            tab.watch = RequestWatch(target_socket(debugger_address(driver), tab.target),
                                     hello=self._hello)
        except DevToolsError as exc:
            raise DeviceError(f"could not watch the app's requests: {exc}") from exc

    def _drop_socket(self, driver: Any) -> None:
        tab = self._tabs.get(_session_id(driver))
        if tab is not None and tab.socket is not None:
            tab.socket.close()
            tab.socket = None
            tab.failed = True

    def _track(self, driver: Any, target: str, socket: PageSocket | None = None) -> None:
        """`driver` now drives the tab `target` (a new session, or a wiped kept browser), to
        which `socket` is the grader's own if one is open already."""
        sid = _session_id(driver)
        old = self._tabs.pop(sid, None)
        if old is not None:
            old.close()
        self._unread.pop(sid, None)
        self._tabs[sid] = _Tab(target, socket)
        driver.rvb_device = self   # how the web locators reach this session's reads

    def _browser_socket(self, driver: Any) -> PageSocket | None:
        """The grader's socket to the browser `driver` runs, opened at its first use (None:
        it cannot be, e.g. the browser runs on another host behind a remote Appium)."""
        sid = _session_id(driver)
        if sid not in self._browsers:
            try:
                self._browsers[sid] = PageSocket(browser_socket(debugger_address(driver)))
            except DevToolsError:
                self._browsers[sid] = None
        return self._browsers[sid]

    @property
    def app_url(self) -> str:
        if self._site is None:
            raise DeviceError("the web device is not started")
        return self._site.url

    def launch(self, viewport: Screen | None = None) -> Any:
        """A fresh app showing its first screen: in a new browser session, or (isolation
        "context") in this device's kept browser for the screen, wiped clean first.

        `viewport`: emulate that screen instead of the default phone (visual checkpoints).
        """
        if self.isolation == "context":
            driver = self._kept_browser(viewport)
        else:
            driver = self._session(self.own_hosts[0], viewport)
        try:
            self._watch(driver)
            driver.get(self.app_url)
            self._wait_rendered(driver)
        except BaseException as exc:
            command_limit(driver, SCRIPT_TIMEOUT_S)  # a hung page's session may not answer
            if isinstance(exc, AppHung):
                self.stop_hung(driver)
            else:
                self._forget(driver)
            try:
                driver.quit()
            except Exception:
                pass
            raise
        command_limit(driver, self.command_timeout_s)
        return driver

    def keeps(self, driver: Driver, *, hung: bool) -> bool:
        """At the end of a test: whether `driver` stays open for the next launch (isolation
        "context", the device's kept browser, and its page answers a script within
        `ANSWER_S`). When False the caller quits it: a page that hung (whether or not the test
        said so), a dialog left open or a dead browser is never reused."""
        if hung:
            self.stop_hung(driver)
            return False
        if self.isolation != "context" or not any(k is driver for k in self._kept.values()):
            self._forget(driver)
            return False
        command_limit(driver, ANSWER_S)
        try:
            answered = self.reads(driver).alive()
        except Exception:
            answered = False
        if not answered:  # a page that hangs without the test noticing
            self.stop_hung(driver)
            return False
        command_limit(driver, self.command_timeout_s)
        return True

    def stop_hung(self, driver: Any) -> list[int]:
        """Kill the browser of a page that hung, with its chromedriver; returns the pids.

        Quitting is not enough: the session's quit waits behind the command the page holds,
        and the renderer spins a core until it is killed, so each hang of a grade left one
        more core busy (four in a grade of four hung tests), slowing every other grade on the
        host. Appium sees its chromedriver gone and ends the session at the quit."""
        port = self._forget(driver)
        if port is None:
            return []
        return kill_and_reap(chromedriver_processes(self.chromedriver, port), wait_s=5.0)

    def _kept_browser(self, viewport: Screen | None) -> Any:
        """The device's kept browser, wiped clean; a new one when none is kept, the kept one
        no longer answers (a killed chromedriver or Chromium, a session Appium ended as idle),
        its wipe fails in any way, or it emulates another screen than `viewport`.

        Another screen: the kept browser is quit before the new one starts, so one browser per
        device is alive at a time. (Its metrics cannot be switched in place: chromedriver puts
        back the session's own mobile emulation at every navigation of the tab, and an
        override set after the app's first render would resize an app that may have read its
        size once, e.g. `Dimensions.get` at module scope.)"""
        key = screen_key(viewport)
        driver = self._kept.pop(key, None)
        self._quit_kept()  # another screen's
        born = self._born.get(_session_id(driver)) if driver is not None else None
        if born is not None and time.monotonic() - born > self.kept_clock_s:
            # Its clock has run too far past the grader's instant (builder/clock.py).
            self._forget(driver)
            _quit(driver)
            driver = None
        if driver is not None:
            try:
                command_limit(driver, COMMAND_TIMEOUT_S)
                origin = f"{urlsplit(self.app_url).scheme}://{self.own_hosts[0]}"
                self._track(driver, *wipe_browser(driver, origin, self._browser_socket(driver),
                                                  self._identity, logs=not self._local))
            except Exception:
                self._forget(driver)
                _quit(driver)
                driver = None
        if driver is None:
            driver = self._session(self.own_hosts[0], viewport)
        self._kept[key] = driver
        return driver

    def _quit_kept(self) -> None:
        for driver in list(self._kept.values()):
            self._forget(driver)
            _quit(driver)

    def _forget(self, driver: Any) -> int | None:
        """Drop `driver` from the kept browsers and the sessions (closing the grader's socket
        to its tab); returns its chromedriver's port (None when unknown)."""
        for key, kept in list(self._kept.items()):
            if kept is driver:
                del self._kept[key]
        sid = _session_id(driver)
        self._unread.pop(sid, None)
        self._born.pop(sid, None)
        tab = self._tabs.pop(sid, None)
        if tab is not None:
            tab.close()
        browser = self._browsers.pop(sid, None)
        if browser is not None:
            browser.close()
        opened = self._opened.pop(sid, None)
        if opened is not None:
            opened.close()
        return self._chromedrivers.pop(sid, None)

    def _session(self, origin: str, viewport: Screen | None = None) -> Any:
        """A new pinned browser session whose requests may reach `origin` only."""
        from appium import webdriver
        from appium.options.common import AppiumOptions
        from selenium.common.exceptions import WebDriverException

        options = AppiumOptions()
        port = free_port()
        options.load_capabilities(web_capabilities(
            chromium=self.chromium, chromedriver=self.chromedriver,
            chromedriver_port=port, overrides=self.overrides, viewport=viewport,
            origin=origin, logs=not self._local,
        ))
        try:
            driver = webdriver.Remote(self.appium.url, options=options)
        except WebDriverException as exc:
            raise DeviceError(f"could not start a Chromium session: {exc.msg}") from exc
        self._chromedrivers[str(driver.session_id)] = port
        self._born[str(driver.session_id)] = time.monotonic()
        command_limit(driver, SESSION_TIMEOUT_S)
        try:
            pin_session(driver, self._identity)
            if self._local:
                self._opened[str(driver.session_id)] = OpenedTabs(
                    debugger_address(driver),
                    phone_emulation(self._identity, device_metrics(viewport)), self._hello)
            self._track(driver, str(driver.current_window_handle))
        except DevToolsError as exc:
            driver.quit()
            raise DeviceError(f"could not pin the tabs a page opens: {exc}") from exc
        except BaseException:
            driver.quit()
            raise
        return driver

    def open_page(self, page: Path) -> Any:
        """The grader's own HTML file `page` (the calibration page) on the device, once it
        has rendered: served from the app's own site at a reserved path no file of the bundle
        can take (`StaticSite.serve`), in a session pinned as the app's, on the default phone.

        Isolation "context": in the device's kept browser for the default phone, wiped first
        as before a launch (the next launch wipes it again), so the photo costs no browser of
        its own; "browser": in a new session. Hand the session back as after a test: kept when
        `keeps` says so, else quit."""
        if self._site is None:
            raise DeviceError("the web device is not started")
        url = self._site.serve(page)
        if self.isolation == "context":
            driver = self._kept_browser(None)
        else:
            driver = self._session(self.own_hosts[0])
        try:
            driver.get(url)
            self._wait_rendered(driver)
        except BaseException:
            self._forget(driver)
            _quit(driver)
            raise
        return driver

    def relaunch(self, driver: Any) -> None:
        """Reload the app: in-memory state is gone, storage the app persisted stays."""
        # The page's console store goes with the page: what it holds is read first.
        self._unread[_session_id(driver)] = self.console_errors(driver)
        try:
            self.reads(driver).leave()   # in the grader's world: the page sees no mark of it
            driver.get(self.app_url)
        except Exception as exc:
            if _hung(exc):
                raise AppHung(f"the app's page stopped answering before a relaunch: {exc}") from exc
            raise
        self._wait_rendered(driver)
        command_limit(driver, self.command_timeout_s)

    def _wait_rendered(self, driver: Any) -> None:
        """Wait for the first screen: a throw is a crash, a page that renders nothing within
        the launch limit or stops answering (its script never yields) has hung."""
        started = time.monotonic()
        errors: list[str] = []
        # Each probe is bounded by the script timeout; the read limit catches a log read or a
        # probe queued behind one that the busy page holds.
        command_limit(driver, SCRIPT_TIMEOUT_S + 5)
        try:
            while time.monotonic() - started < self.launch_timeout_s:
                if self.reads(driver).rendered():
                    return
                errors += self.console_errors(driver)
                # An app that threw while starting does not come back: do not wait it out.
                if errors and time.monotonic() - started > CRASH_GRACE_S:
                    break
                time.sleep(0.1)
        except Exception as exc:
            if not _hung(exc):
                raise
            waited = time.monotonic() - started
            raise AppHung(
                f"the app's page stopped answering {waited:.0f}s after loading: its script "
                f"never yields ({type(exc).__name__}: {str(exc).strip().splitlines()[0][:160]})",
                console=errors,
            ) from exc
        waited = time.monotonic() - started
        if errors:
            raise AppLaunchFailed(
                f"the app showed nothing within {waited:.0f}s of loading; its console said: "
                f"{errors[0]}", console=errors,
            )
        raise AppHung(
            f"the app rendered nothing within {waited:.0f}s of loading (the launch limit), "
            "and logged no error", console=errors,
        )

    def stop(self) -> None:
        self._quit_kept()
        for tab in self._tabs.values():
            tab.close()
        self._tabs.clear()
        for browser in self._browsers.values():
            if browser is not None:
                browser.close()
        self._browsers.clear()
        for opened in self._opened.values():
            opened.close()
        self._opened.clear()
        if self._site is not None:
            self._site.stop()
            self._site = None


@dataclass
class _Tab:
    """The tab a session drives (`WebDevice._tabs`)."""

    target: str
    """Its DevTools target id: chromedriver's window handle."""
    socket: PageSocket | None = None
    failed: bool = False
    """The grader's socket to it could not be opened or failed: the session's path is used."""
    watch: RequestWatch | None = None
    """Its requests, once launched on a device whose browsers run on this host."""
    reader: PageReader | None = None
    """The grader's own world on it (`WebDevice.reads`)."""

    def close(self) -> None:
        """Close the grader's sockets to the tab, if open."""
        if self.socket is not None:
            self.socket.close()
            self.socket = None
        if self.watch is not None:
            self.watch.close()
            self.watch = None


def _session_id(driver: Any) -> str:
    """The key of `driver`'s session in `WebDevice._tabs` and `_chromedrivers`."""
    return str(getattr(driver, "session_id", ""))


def chromedriver_processes(executable: str, port: int) -> list[psutil.Process]:
    """The chromedriver serving on `port` (its browser runs under it)."""
    found = []
    for proc in psutil.process_iter(["cmdline"]):
        try:
            cmdline = proc.info["cmdline"] or []
        except GONE:
            continue
        if cmdline[:1] == [executable] and f"--port={port}" in cmdline:
            found.append(proc)
    return found


def _quit(driver: Any) -> None:
    """End a kept session without waiting long on one that no longer answers."""
    command_limit(driver, SCRIPT_TIMEOUT_S)
    try:
        driver.quit()
    except Exception:
        pass
