"""W3C sessions on native apps, and the `remote` provider: devices a hub serves.

A hub is a Selenium Grid 4, an appium-device-farm or a cloud farm: one W3C endpoint that
hands out devices. The pool's `capacity` is its slot count, so the LeaseBoard never asks
for more sessions than the hub takes. The app reaches the hub one of three ways, in order:
an `appium:app` the pool already names (an upload made beforehand: `bs://…`,
`storage:filename=…`, a URL); an upload to the pool's `revylbench:uploadUrl`; or the
artifact's absolute path, for a hub on this host (or sharing its file system).
"""

from __future__ import annotations

import base64
import io
import json
import os
import time
import urllib.parse
import urllib.request
import uuid
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pytest_revylbench.devices.errors import AppLaunchFailed, DeviceError
from pytest_revylbench.devices.protocol import PAGE_SOURCE_SUFFIX, Driver, Screen
from pytest_revylbench.devices.video import AppiumRecording, VideoCapture

UPLOAD_URL = "revylbench:uploadUrl"
"""Pool capability: POST the artifact here (multipart field `file`); credentials go in the
URL, best as `${VARIABLES}` of the environment so that the pool file holds no secret."""
UPLOAD_FIELD = "revylbench:uploadField"
"""Pool capability: dotted path of the app reference in the upload's JSON answer."""
UPLOAD_TIMEOUT_S = 600.0
POLL_S = 0.25
# XCUITest's words when the app under test died while the session started: the app's fault.
CRASH_HINTS = ("possibly crashed",)


@dataclass(frozen=True)
class NativeApp:
    """What a device needs to know of a built native app."""

    platform: Literal["ios", "android"]
    app_id: str
    """The bundle identifier (iOS) or application id (Android)."""
    artifact: Path
    capabilities: dict[str, Any]
    """The driver's own capabilities for a hub (platform, automation name)."""
    text_attributes: tuple[str, ...]
    """Page-source attributes that carry what the screen shows."""


def open_session(url: str, capabilities: dict[str, Any], *, what: str) -> Any:
    """A new Appium session; a refusal is the bench's fault unless the app died starting."""
    from appium import webdriver
    from appium.options.common import AppiumOptions
    from selenium.common.exceptions import WebDriverException

    options = AppiumOptions()
    options.load_capabilities(
        {k: v for k, v in capabilities.items() if not k.startswith("revylbench:")}
    )
    try:
        return webdriver.Remote(url, options=options)
    except WebDriverException as exc:
        message = str(exc.msg or exc)
        if any(hint in message for hint in CRASH_HINTS):
            raise AppLaunchFailed(f"the app did not stay up while {what} started: {message}") from exc
        raise DeviceError(f"could not start {what}: {message}") from exc


def shows_something(source: str, app: NativeApp) -> bool:
    """Whether a page source has an element of the app showing a text or a test ID.

    The application root itself does not count (its label is the app's name), nor, on
    Android, anything of another package (the status bar's clock) or a native view's
    resource id (`android:id/content`, `<package>:id/action_bar_root`): a React Native test
    ID carries no `:id/`.
    """
    try:
        nodes = list(ET.fromstring(source).iter())
    except ET.ParseError:
        return False
    for node in nodes[1:]:
        if node.attrib.get("type") == "XCUIElementTypeApplication":
            continue
        if "package" in node.attrib and node.attrib["package"] != app.app_id:
            continue
        for attr in app.text_attributes:
            value = node.attrib.get(attr, "").strip()
            if value and not (attr == "resource-id" and ":id/" in value):
                return True
    return False


def launch_app(url: str, capabilities: dict[str, Any], *, what: str, app: NativeApp,
               timeout_s: float) -> Any:
    """Open a session and wait for the app's first screen; the session is closed on failure."""
    driver = open_session(url, capabilities, what=what)
    try:
        wait_for_app(driver, app, timeout_s=timeout_s)
    except BaseException:
        driver.quit()
        raise
    return driver


def wait_for_app(driver: Any, app: NativeApp, *, timeout_s: float) -> None:
    """Poll the page source until the app shows its first screen, or fail as the app's fault."""
    started = time.monotonic()
    while True:
        if shows_something(str(driver.page_source), app):
            return
        waited = time.monotonic() - started
        if waited >= timeout_s:
            raise AppLaunchFailed(f"the app showed nothing within {waited:.0f}s of launching")
        time.sleep(POLL_S)


def without_credentials(url: str) -> str:
    """`url` as it may be shown in a report: no user or key."""
    parts = urllib.parse.urlsplit(url)
    return parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()


def _request(url: str, **kwargs: Any) -> urllib.request.Request:
    """A request to `url` with the URL's user and key, if any, as basic auth."""
    parts = urllib.parse.urlsplit(url)
    request = urllib.request.Request(without_credentials(url), **kwargs)
    if parts.username:
        token = f"{urllib.parse.unquote(parts.username)}:{urllib.parse.unquote(parts.password or '')}"
        request.add_header("Authorization", "Basic " + base64.b64encode(token.encode()).decode())
    return request


def hub_up(url: str) -> bool:
    """Whether the hub answers `GET /status` (busy or not: leases bound the load, not this)."""
    try:
        with urllib.request.urlopen(_request(url.rstrip("/") + "/status"), timeout=10) as response:
            return 200 <= int(response.status) < 300
    except (OSError, ValueError):
        return False


def app_reference(artifact: Path, capabilities: dict[str, Any]) -> str:
    """How the hub is to find the app (see the module docstring for the order)."""
    if "appium:app" in capabilities:
        return str(capabilities["appium:app"])
    if UPLOAD_URL in capabilities:
        return upload(artifact, os.path.expandvars(str(capabilities[UPLOAD_URL])),
                      str(capabilities.get(UPLOAD_FIELD, "app_url")))
    return str(artifact.resolve())


def upload(artifact: Path, url: str, answer_field: str) -> str:
    """POST the artifact (a `.app` folder zipped) and return the reference the hub answered."""
    name, body = _payload(artifact)
    boundary = uuid.uuid4().hex
    data = (
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode() + body + f"\r\n--{boundary}--\r\n".encode()
    bare = without_credentials(url)
    request = _request(url, data=data, method="POST", headers={
        "Content-Type": f"multipart/form-data; boundary={boundary}",
    })
    try:
        with urllib.request.urlopen(request, timeout=UPLOAD_TIMEOUT_S) as response:
            answer = json.load(response)
    except (OSError, ValueError) as exc:
        raise DeviceError(f"uploading {artifact.name} to {bare} failed: {exc}") from exc
    value: Any = answer
    for key in answer_field.split("."):
        value = value.get(key) if isinstance(value, dict) else None
    if not isinstance(value, str) or not value:
        raise DeviceError(f"the upload to {bare} answered without {answer_field!r}: {answer}")
    return value


def _payload(artifact: Path) -> tuple[str, bytes]:
    if not artifact.is_dir():
        return artifact.name, artifact.read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(artifact.rglob("*")):
            archive.write(path, Path(artifact.name) / path.relative_to(artifact))
    return artifact.name + ".zip", buffer.getvalue()


class NativeSession:
    """What every device of a native app's W3C session does alike (an emulator, a simulator,
    a hub's device): each launch is a new session, evidence is the driver's own screenshot and
    page source, and the grader serves the app nothing and watches none of its traffic."""

    def screen_fingerprint(self, driver: Driver) -> None:
        """None: a native session has no token of the screen cheaper than a screenshot."""
        return None

    def keeps(self, driver: Driver, *, hung: bool) -> bool:
        """False: each launch of a native app is a new session; the caller quits this one."""
        return False

    def record_video(self, driver: Driver) -> VideoCapture:
        """Appium's screen recording of the session (`start_recording_screen`)."""
        return AppiumRecording(driver).start()

    def ui_tree(self, driver: Driver) -> str:
        """The accessibility tree: Appium's page source."""
        return str(driver.page_source)

    @property
    def ui_tree_suffix(self) -> str:
        return PAGE_SOURCE_SUFFIX

    def evidence_screenshot(self, driver: Driver) -> bytes:
        """The driver's screenshot: the only capture a phone has."""
        return bytes(driver.get_screenshot_as_png())

    def evidence_prefetch(self, driver: Driver) -> None:
        """None: the phone's one capture is taken when the shot is needed."""
        return None

    def requested_urls(self, driver: Driver) -> None:
        """None: a native device's network traffic (an emulator's, a simulator's, a farm's) is
        not observed by the grader."""
        return None

    @property
    def own_hosts(self) -> tuple[str, ...]:
        """(): the grader serves nothing to a native app; it runs from its install."""
        return ()


@dataclass
class RemoteDevice(NativeSession):
    """One of a hub's sessions: every launch is a new session with the app reset by the driver."""

    hub_url: str
    app: NativeApp
    overrides: dict[str, Any] = field(default_factory=dict)
    launch_timeout_s: float = 60.0
    _reference: str | None = None

    @property
    def platform(self) -> str:
        return self.app.platform

    @property
    def shown_url(self) -> str:
        return without_credentials(self.hub_url)

    def start(self) -> RemoteDevice:
        if not hub_up(self.hub_url):
            raise DeviceError(f"the hub at {self.shown_url} does not answer GET /status")
        self._reference = app_reference(self.app.artifact, self.overrides)
        return self

    def healthy(self) -> bool:
        return hub_up(self.hub_url)

    def capabilities(self) -> dict[str, Any]:
        if self._reference is None:
            raise DeviceError("the remote device is not started")
        return {**self.app.capabilities, "appium:noReset": False,
                **self.overrides, "appium:app": self._reference}

    def launch(self, viewport: Screen | None = None) -> Any:
        """A new session on the hub; `viewport` is not emulated: the device's screen is its own."""
        return launch_app(self.hub_url, self.capabilities(),
                          what=f"a {self.platform} session on the hub {self.shown_url}",
                          app=self.app, timeout_s=self.launch_timeout_s)

    def press(self, driver: Any, element: Any) -> None:
        """The driver's own click: the hub's driver taps the element itself."""
        element.click()

    def relaunch(self, driver: Any) -> None:
        driver.terminate_app(self.app.app_id)
        driver.activate_app(self.app.app_id)
        wait_for_app(driver, self.app, timeout_s=self.launch_timeout_s)

    def console_errors(self, driver: Driver) -> list[str]:
        """[]: a hub's device logs are the hub's; farms differ in what they expose."""
        return []

    def stop(self) -> None:
        self._reference = None
