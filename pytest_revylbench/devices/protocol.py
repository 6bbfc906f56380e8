"""What every device offers the grader, and what a launched app's session offers `App`.

Every device class (web, iOS, Android, remote) implements all of `Device` explicitly: a member
that does not apply on a platform returns its neutral value and its docstring says why, so the
fixtures call the protocol and never probe a device with `getattr`. `DeviceSession` binds a
device to one launched app's driver: the one object `App` is given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, runtime_checkable

from pytest_revylbench.devices.video import VideoCapture

Driver: TypeAlias = Any
"""An Appium (W3C WebDriver) session on the launched app. Kept untyped: the Appium client is
imported only inside the functions that open sessions, so loading the plugin stays fast."""


class Screen(Protocol):
    """A screen size a web device can emulate (a visual checkpoint's viewport)."""

    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def scale(self) -> float: ...


PAGE_SOURCE_SUFFIX = ".xml"
"""A phone's UI tree: Appium's page source, the accessibility tree as XML."""


@runtime_checkable
class Device(Protocol):
    """One device of a pool, whatever its provider: started once, launched once per test."""

    @property
    def platform(self) -> str:
        """The platform the device runs apps of: "web", "ios" or "android"."""
        ...

    launch_timeout_s: float
    """How long a launch waits for the app's first screen; the grade sets it before launching."""

    def start(self) -> Device:
        """Make the device ready for launches (boot, install, serve); returns the device."""
        ...

    def healthy(self) -> bool:
        """The check before every lease: the device and its Appium endpoint still answer."""
        ...

    def launch(self, viewport: Screen | None = None) -> Driver:
        """A fresh app (nothing left by the previous test) showing its first screen.

        `viewport`: a screen size to emulate, where the device can (only the web does).
        """
        ...

    def relaunch(self, driver: Driver) -> None:
        """Quit and start the app again in the same session: memory gone, storage kept."""
        ...

    def press(self, driver: Driver, element: Any) -> None:
        """Tap `element` (found through `driver`) as a finger would: the driver's own click on
        a phone; on the web the same touch events as chromedriver's click, sent faster."""
        ...

    def keeps(self, driver: Driver, *, hung: bool) -> bool:
        """At the end of a test: whether the device keeps `driver`'s session for its next
        launch (which then makes it as fresh as a new one). False: the caller quits it. `hung`:
        the app stopped answering in the test, and its session is never kept."""
        ...

    def console_errors(self, driver: Driver) -> list[str]:
        """Errors the app logged since the last call ([] where the device cannot read them)."""
        ...

    def screen_fingerprint(self, driver: Driver) -> str | None:
        """A cheap token that changes whenever the screen may have; None where the device has
        none, and a screenshot is the only way to tell."""
        ...

    def requested_urls(self, driver: Driver) -> list[str] | None:
        """URLs the app requested since the last call; None where the device does not observe
        the app's traffic (not the same as an app that requested nothing)."""
        ...

    @property
    def own_hosts(self) -> tuple[str, ...]:
        """Hosts (host:port) the grader serves the app from; its requests there are its own."""
        ...

    def record_video(self, driver: Driver) -> VideoCapture:
        """Start recording the screen of `driver`'s app (see `devices.video`)."""
        ...

    def ui_tree(self, driver: Driver) -> str:
        """The UI tree a check judges: the page's DOM on the web, the accessibility tree (the
        page source) on a phone."""
        ...

    @property
    def ui_tree_suffix(self) -> str:
        """The suffix of the file that stores a `ui_tree`: `.html` or `.xml`."""
        ...

    def evidence_screenshot(self, driver: Driver) -> bytes:
        """A PNG of the screen for an evidence shot by the fastest capture the device has; a
        visual checkpoint's shot never comes from here (`AppSession.screenshot`)."""
        ...

    def evidence_prefetch(self, driver: Driver) -> Callable[[], bytes] | None:
        """Start an `evidence_screenshot` of the screen as it is now and return a callable for
        its PNG, so the test goes on while the device answers; None where the device cannot
        start one ahead (the shot is then captured when it is needed)."""
        ...

    def stop(self) -> None:
        """Release everything the device started; never raises."""
        ...


@runtime_checkable
class AppSession(Protocol):
    """One launched app, as `App` sees it: its driver and what its device observes of it."""

    @property
    def driver(self) -> Driver:
        """The session's driver (locators find elements through it)."""
        ...

    @property
    def own_hosts(self) -> tuple[str, ...]:
        """Hosts the app is served from (see `Device.own_hosts`)."""
        ...

    def screenshot(self) -> bytes:
        """A PNG of the screen as it is now."""
        ...

    def relaunch(self) -> None:
        """Quit and start the app again (see `Device.relaunch`)."""
        ...

    def press(self, element: Any) -> None:
        """Tap an element the locators found (see `Device.press`)."""
        ...

    def console_errors(self) -> list[str]:
        """Errors the app logged since the last call (see `Device.console_errors`)."""
        ...

    def screen_fingerprint(self) -> str | None:
        """See `Device.screen_fingerprint`."""
        ...

    def requested_urls(self) -> list[str] | None:
        """See `Device.requested_urls`."""
        ...


@dataclass(frozen=True)
class DeviceSession:
    """A device and the driver of the app it launched: the `AppSession` of every grade."""

    device: Device
    driver: Driver

    @property
    def own_hosts(self) -> tuple[str, ...]:
        return self.device.own_hosts

    def screenshot(self) -> bytes:
        return bytes(self.driver.get_screenshot_as_png())

    def relaunch(self) -> None:
        self.device.relaunch(self.driver)

    def press(self, element: Any) -> None:
        self.device.press(self.driver, element)

    def console_errors(self) -> list[str]:
        return self.device.console_errors(self.driver)

    def screen_fingerprint(self) -> str | None:
        return self.device.screen_fingerprint(self.driver)

    def requested_urls(self) -> list[str] | None:
        return self.device.requested_urls(self.driver)
