"""Isolation "context" on the web device, without a browser: which session a launch reuses,
which it quits, and when a test's session is kept (the real wipe is proven by
tests/device/test_isolation.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pytest_revylbench.devices import web
from pytest_revylbench.devices.appium import RemoteAppium
from pytest_revylbench.devices.web import WebDevice


@dataclass(frozen=True)
class Small:
    width: int = 360
    height: int = 640
    scale: float = 2


@dataclass
class Session:
    """A browser session that records what was asked of it."""

    name: str
    answers: bool = True
    wipe_fails: bool = False
    quit_called: bool = False
    command_executor: Any = field(
        default_factory=lambda: SimpleNamespace(client_config=SimpleNamespace(timeout=0.0)))

    @property
    def session_id(self) -> str:
        return self.name

    def quit(self) -> None:
        self.quit_called = True

    def get(self, url: str) -> None:
        pass


@dataclass
class Reads:
    """The grader's world on a session's tab: its page answers, or does not."""

    driver: Session

    def alive(self) -> bool:
        if not self.driver.answers:
            raise TimeoutError("read timed out")
        return True


@pytest.fixture
def device(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> WebDevice:
    started: list[Session] = []

    def session(self: WebDevice, origin: str, viewport: Any = None) -> Session:
        started.append(Session(f"{len(started)}:{'phone' if viewport is None else 'small'}"))
        return started[-1]

    def wipe(driver: Session, origin: str, browser: Any, identity: Any, *,
             logs: bool = True) -> tuple[str, None]:
        if driver.wipe_fails:
            raise ConnectionError("chrome not reachable")
        return driver.name, None

    monkeypatch.setattr(WebDevice, "_session", session)
    monkeypatch.setattr(WebDevice, "app_url", property(lambda self: "http://127.0.0.1:4242/"))
    monkeypatch.setattr(web, "wipe_browser", wipe)
    monkeypatch.setattr(WebDevice, "_wait_rendered", lambda self, driver: None)
    monkeypatch.setattr(WebDevice, "reads", lambda self, driver: Reads(driver))
    return WebDevice(bundle=tmp_path, appium=RemoteAppium("http://127.0.0.1:9"), isolation="context")


def kept_browser(device: WebDevice, viewport: Any = None) -> Session:
    driver: Session = device._kept_browser(viewport)
    return driver


def test_one_browser_per_device_a_new_screen_quits_the_kept_one_first(device: WebDevice) -> None:
    phone = kept_browser(device)
    assert kept_browser(device) is phone and not phone.quit_called  # reused, wiped
    small = kept_browser(device, Small())
    assert small is not phone and phone.quit_called  # quit: one browser alive
    assert list(device._kept.values()) == [small]
    phone_again = kept_browser(device)
    assert phone_again not in (phone, small) and small.quit_called
    assert list(device._kept.values()) == [phone_again]


def test_a_browser_whose_wipe_fails_is_replaced_and_forgotten(device: WebDevice) -> None:
    dead = kept_browser(device)
    assert kept_browser(device) is dead and dead.name in device._tabs   # wiped once: tracked
    dead.wipe_fails = True  # a killed Chromium or chromedriver
    fresh = kept_browser(device)
    assert fresh is not dead and dead.quit_called
    assert list(device._kept.values()) == [fresh]
    assert dead.name not in device._tabs   # its sockets closed with it, not left to the device


def test_a_session_is_kept_only_when_it_is_the_kept_one_and_its_page_answers(
    device: WebDevice,
) -> None:
    driver = kept_browser(device)
    assert device.keeps(driver, hung=False)
    assert not device.keeps(Session("another"), hung=False)  # not the device's: quit it
    driver.answers = False  # a page that hung without the test saying so
    assert not device.keeps(driver, hung=False) and device._kept == {}
    hung = kept_browser(device)
    assert not device.keeps(hung, hung=True) and device._kept == {}
    device.isolation = "browser"
    assert not device.keeps(kept_browser(device), hung=False)


def test_a_page_of_the_graders_own_opens_in_the_kept_phone_browser(
    device: WebDevice, tmp_path: Path,
) -> None:
    """The calibration photo costs no browser of its own: the kept phone browser, wiped."""
    from pytest_revylbench.devices.site import StaticSite

    page = tmp_path / "calibration.html"
    page.write_text("<p>calibration</p>")
    device._site = StaticSite(tmp_path).start()
    try:
        opens_in_the_kept_browser(device, page)
    finally:
        device._site.stop()


def opens_in_the_kept_browser(device: WebDevice, page: Path) -> None:
    kept = kept_browser(device)
    opened = device.open_page(page)
    assert opened is kept and not kept.quit_called and list(device._kept.values()) == [kept]
    small = kept_browser(device, Small())
    assert device.open_page(page) is not small and small.quit_called  # the phone's screen
    device.isolation = "browser"
    other = device.open_page(page)
    assert other not in device._kept.values()
    assert not device.keeps(other, hung=False)  # a session of its own: quit after the photo


def test_a_kept_browser_whose_clock_ran_past_the_instant_is_replaced(device: WebDevice) -> None:
    """Every test's app starts within KEPT_CLOCK_S of the grader's instant (builder/clock.py)."""
    import time

    from pytest_revylbench.builder.clock import KEPT_CLOCK_S

    phone = kept_browser(device)
    device._born[web._session_id(phone)] = time.monotonic() - KEPT_CLOCK_S / 2
    assert kept_browser(device) is phone and not phone.quit_called
    device._born[web._session_id(phone)] = time.monotonic() - KEPT_CLOCK_S - 1
    fresh = kept_browser(device)
    assert fresh is not phone and phone.quit_called
    assert list(device._kept.values()) == [fresh]
