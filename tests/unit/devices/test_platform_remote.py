"""The remote provider: how the app reaches a hub (a reference the pool names, an upload, or
a local path), the capabilities a session asks for, and capacity bounding the sessions.
Uploads go to a real HTTP server on 127.0.0.1 that stands in for a farm's upload endpoint;
a real session against a hub is in tests/device/test_fake_driver_locators.py."""

from __future__ import annotations

import base64
import io
import plistlib
import time
import zipfile
from collections.abc import Iterator
from email.parser import BytesParser
from email.policy import HTTP
from pathlib import Path
from typing import Any

import pytest

from pytest_revylbench.devices.android import TEXT_ATTRIBUTES as ANDROID_TEXT
from pytest_revylbench.devices.android import AndroidEmulator
from pytest_revylbench.devices.appium import RemoteAppium
from pytest_revylbench.devices.errors import DeviceError
from pytest_revylbench.devices.ios import TEXT_ATTRIBUTES as IOS_TEXT
from pytest_revylbench.devices.ios import ios_app
from pytest_revylbench.devices.lease import LeaseBoard
from pytest_revylbench.devices.pool import PoolSpec, load_pool
from pytest_revylbench.devices.rack import DeviceRack
from pytest_revylbench.devices.remote import NativeApp, RemoteDevice, app_reference, shows_something
from pytest_revylbench.devices.web import WebDevice
from tests.standins import Farm


@pytest.fixture
def farm() -> Iterator[Farm]:
    server = Farm({"data": {"app_url": "bs://c0ffee"}})
    yield server
    server.close()


@pytest.fixture
def app(tmp_path: Path) -> Path:
    bundle = tmp_path / "budget.app"
    bundle.mkdir()
    (bundle / "Info.plist").write_bytes(plistlib.dumps({"CFBundleIdentifier": "com.anonymous.budget"}))
    (bundle / "budget").write_bytes(b"\xcf\xfa\xed\xfe")
    return bundle


def _file_part(request: dict[str, Any]) -> tuple[str, bytes]:
    """(filename, content) of the multipart field `file`, parsed by the standard library."""
    head = f"Content-Type: {request['headers']['Content-Type']}\r\n\r\n".encode()
    message = BytesParser(policy=HTTP).parsebytes(head + request["body"])
    for part in message.iter_parts():  # type: ignore[attr-defined]
        if part.get_param("name", header="content-disposition") == "file":
            return str(part.get_filename()), bytes(part.get_payload(decode=True))
    raise AssertionError("no multipart field named file")


def test_a_reference_the_pool_names_is_used_as_it_is(app: Path) -> None:
    assert app_reference(app, {"appium:app": "storage:filename=budget.zip"}) == "storage:filename=budget.zip"


def test_without_reference_or_upload_the_hub_gets_the_local_path(app: Path) -> None:
    assert app_reference(app, {}) == str(app.resolve())


def test_an_app_folder_is_zipped_and_uploaded_with_the_urls_credentials(
    app: Path, farm: Farm, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FARM_KEY", "s3cret")
    url = f"http://me%40x.org:${{FARM_KEY}}@127.0.0.1:{farm.port}/app-automate/upload"
    caps = {"revylbench:uploadUrl": url,
            "revylbench:uploadField": "data.app_url"}
    assert app_reference(app, caps) == "bs://c0ffee"
    [request] = farm.requests
    assert request["path"] == "/app-automate/upload"
    assert request["headers"]["Authorization"] == "Basic " + base64.b64encode(b"me@x.org:s3cret").decode()
    name, content = _file_part(request)
    assert name == "budget.app.zip"
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        assert sorted(archive.namelist()) == ["budget.app/Info.plist", "budget.app/budget"]
        info = plistlib.loads(archive.read("budget.app/Info.plist"))
    assert info["CFBundleIdentifier"] == "com.anonymous.budget"


def test_an_apk_is_uploaded_as_it_is(tmp_path: Path, farm: Farm) -> None:
    apk = tmp_path / "app-release.apk"
    apk.write_bytes(b"PK\x03\x04 the apk")
    farm.answer = {"app_url": "bs://apk"}
    assert app_reference(apk, {"revylbench:uploadUrl": f"http://127.0.0.1:{farm.port}/up"}) == "bs://apk"
    assert _file_part(farm.requests[0]) == ("app-release.apk", b"PK\x03\x04 the apk")


def test_an_upload_answer_without_the_reference_is_a_bench_fault(app: Path, farm: Farm) -> None:
    farm.answer = {"error": "quota"}
    with pytest.raises(DeviceError, match=r"answered without 'data.app_url': \{'error': 'quota'\}"):
        app_reference(app, {"revylbench:uploadUrl": f"http://127.0.0.1:{farm.port}/up",
                            "revylbench:uploadField": "data.app_url"})
    assert "s3cret" not in str(farm.requests[0]["headers"])


def test_a_hub_that_does_not_answer_fails_the_start_fast_and_names_it(app: Path) -> None:
    device = RemoteDevice("http://127.0.0.1:9/wd/hub", ios_app(app))
    started = time.monotonic()
    with pytest.raises(DeviceError, match=r"the hub at http://127\.0\.0\.1:9/wd/hub does not answer"):
        device.start()
    assert time.monotonic() - started < 5
    assert not device.healthy()


def test_a_hubs_credentials_are_sent_as_basic_auth_and_never_shown(app: Path, farm: Farm) -> None:
    device = RemoteDevice(f"http://me:s3cret@127.0.0.1:{farm.port}/wd/hub", ios_app(app))
    assert device.start() is device and device.healthy()
    assert [r["path"] for r in farm.requests] == ["/wd/hub/status", "/wd/hub/status"]
    assert farm.requests[0]["headers"]["Authorization"] == "Basic " + base64.b64encode(b"me:s3cret").decode()
    assert device.shown_url == f"http://127.0.0.1:{farm.port}/wd/hub"
    farm.close()
    with pytest.raises(DeviceError) as info:
        device.start()
    assert "s3cret" not in str(info.value) and "does not answer GET /status" in str(info.value)


def test_session_capabilities_for_a_hub(app: Path, farm: Farm) -> None:
    farm.answer = {"app_url": "bs://c0ffee"}
    device = RemoteDevice("http://hub", ios_app(app), overrides={
        "appium:platformVersion": "18", "revylbench:uploadUrl": f"http://127.0.0.1:{farm.port}/up"})
    device._reference = app_reference(app, device.overrides)  # start() without the hub check
    assert device.capabilities() == {
        "platformName": "iOS", "appium:automationName": "XCUITest", "appium:noReset": False,
        "appium:platformVersion": "18", "revylbench:uploadUrl": f"http://127.0.0.1:{farm.port}/up",
        "appium:app": "bs://c0ffee",
    }  # open_session drops the revylbench: keys before they reach the hub


def test_capacity_is_the_pool_size_and_bounds_sessions(tmp_path: Path) -> None:
    pool_file = tmp_path / "hub.toml"
    pool_file.write_text('schema = 1\nname = "hub"\nprovider = "remote"\n'
                         'hub_url = "http://127.0.0.1:4444"\ncapacity = 2\n')
    pool = load_pool(pool_file, "ios")
    assert pool.slots == ("remote-1", "remote-2")
    board = LeaseBoard(tmp_path / "leases", pool.slots, timeout_s=0.5)
    held = [board.acquire("w1"), board.acquire("w2")]
    started = time.monotonic()
    with pytest.raises(DeviceError, match="within 0s; held: remote-1 by w1, remote-2 by w2"):
        board.acquire("w3")
    assert time.monotonic() - started >= 0.5
    held[0].release()
    assert board.acquire("w3").slot == "remote-1"


@pytest.mark.parametrize("artifact", ["budget.app", "app-release.apk", "dist"])
def test_the_rack_makes_the_hubs_device_for_the_artifact(tmp_path: Path, artifact: str) -> None:
    path = tmp_path / artifact
    if artifact.endswith(".app"):
        path.mkdir()
        (path / "Info.plist").write_bytes(plistlib.dumps({"CFBundleIdentifier": "com.anonymous.budget"}))
    elif artifact.endswith(".apk"):
        path.write_bytes(b"PK")
        (tmp_path / "output-metadata.json").write_text('{"applicationId": "com.anonymous.budget"}')
    else:
        path.mkdir()
    pool = PoolSpec.model_validate({"name": "hub", "provider": "remote", "capacity": 3,
                                    "hub_url": "http://hub:4444/wd/hub",
                                    "capabilities": {"appium:newCommandTimeout": 120}})
    rack = DeviceRack(pool=pool, artifact=path, appium_dir=tmp_path, logs=tmp_path, owner="t")
    device = rack._make("remote-2")
    if artifact == "dist":
        assert isinstance(device, WebDevice) and isinstance(device.appium, RemoteAppium)
        assert device.appium.url == "http://hub:4444/wd/hub"
        return
    assert isinstance(device, RemoteDevice) and not isinstance(device, AndroidEmulator)
    assert device.platform == ("ios" if artifact.endswith(".app") else "android")
    assert (device.hub_url, device.app.app_id) == ("http://hub:4444/wd/hub", "com.anonymous.budget")
    assert device.overrides == {"appium:newCommandTimeout": 120}


# Page sources in the shapes XCUITest and UiAutomator2 return (written here from their
# documented formats: no simulator or emulator has produced them on this host).
IOS_BLANK = ('<AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" '
             'name="budget" label="budget"><XCUIElementTypeWindow type="XCUIElementTypeWindow" '
             'name="" label=""/></XCUIElementTypeApplication></AppiumAUT>')
IOS_SHOWN = IOS_BLANK.replace(
    'label=""/>', 'label=""><XCUIElementTypeStaticText type="XCUIElementTypeStaticText" '
    'name="Your accounts" label="Your accounts" value="Your accounts"/></XCUIElementTypeWindow>')
ANDROID_BLANK = (
    '<hierarchy rotation="0"><android.widget.FrameLayout package="com.anonymous.budget" '
    'resource-id="android:id/content" text="" content-desc="">'
    '<android.widget.TextView package="com.android.systemui" resource-id="com.android.systemui:id/clock" '
    'text="12:00" content-desc=""/></android.widget.FrameLayout></hierarchy>')
ANDROID_SHOWN = ANDROID_BLANK.replace(
    '</android.widget.FrameLayout>', '<android.widget.TextView package="com.anonymous.budget" '
    'resource-id="" text="Your accounts" content-desc=""/></android.widget.FrameLayout>')

# What a React Native app's window holds before its first screen renders: the activity's own
# views, resource ids of the app's package (`<package>:id/…`), and no text.
ANDROID_ROOTS = ANDROID_BLANK.replace(
    '</android.widget.FrameLayout>', '<android.widget.FrameLayout package="com.anonymous.budget" '
    'resource-id="com.anonymous.budget:id/action_bar_root" text="" content-desc="">'
    '<android.widget.FrameLayout package="com.anonymous.budget" resource-id="android:id/content" '
    'text="" content-desc=""/></android.widget.FrameLayout></android.widget.FrameLayout>')
ANDROID_TEST_ID = ANDROID_ROOTS.replace(
    'resource-id="android:id/content" text="" content-desc=""/>',
    'resource-id="android:id/content" text="" content-desc=""><android.view.ViewGroup '
    'package="com.anonymous.budget" resource-id="tab-budget" text="" content-desc=""/>'
    '</android.widget.FrameLayout>')


@pytest.mark.parametrize(("platform", "source", "shown"), [
    ("ios", IOS_BLANK, False), ("ios", IOS_SHOWN, True),
    ("android", ANDROID_BLANK, False), ("android", ANDROID_SHOWN, True),
    ("android", ANDROID_ROOTS, False), ("android", ANDROID_TEST_ID, True),
    ("android", "<hierarchy><truncated", False),
])
def test_the_first_screen_counts_only_the_apps_own_texts(platform: str, source: str, shown: bool) -> None:
    app = NativeApp(platform, "com.anonymous.budget", Path("/x"), {},  # type: ignore[arg-type]
                    IOS_TEXT if platform == "ios" else ANDROID_TEXT)
    assert shows_something(source, app) is shown
