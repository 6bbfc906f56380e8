"""The grader, not the host, decides what the web device draws and what it can reach."""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from pytest_revylbench.devices.appium import AppiumServer
from pytest_revylbench.devices.calibration import compare, photograph
from pytest_revylbench.devices.rendering import pinned_browser_env
from pytest_revylbench.devices.web import WebDevice
from pytest_revylbench.outputs.provenance import calibration_environment

from .conftest import REPO, grade, verdicts

ORACLE = REPO / "suites" / "budget" / "oracle" / "web"

DEJAVU_ONLY = """<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>{cache}</cachedir></fontconfig>
"""
# A host whose every sans-serif name is drawn in a serif face: if the device saw the host's
# fonts, every checkpoint would change.
SERIF_HOST = """<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig><dir>/usr/share/fonts</dir><dir>/usr/local/share/fonts</dir><cachedir>{cache}</cachedir>
<match target="pattern"><edit name="family" mode="prepend" binding="strong">
<string>DejaVu Serif</string></edit></match></fontconfig>
"""


def _checkpoints(tmp_path: Path, name: str, host_fonts: str) -> dict[str, str]:
    """Photograph budget's checkpoints from its reference with the host's FONTCONFIG_FILE set
    to `host_fonts`; returns each image's sha256 (from the written oracle manifest)."""
    conf = tmp_path / f"{name}.conf"
    conf.write_text(host_fonts.format(cache=tmp_path / f"{name}-cache"))
    out = tmp_path / name
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--task", "budget", "--platform", "web",
         f"--submission={REPO / 'suites/budget/reference'}", f"--reports={tmp_path / 'reports'}",
         f"--run-id={name}", f"--oracle-out={out}", "-p", "no:cacheprovider", "-q",
         str(REPO / "tasks/budget/task.toml") + "::visual"],
        cwd=REPO, capture_output=True, text=True, timeout=900,
        env={**os.environ, "FONTCONFIG_FILE": str(conf), "TZ": "Asia/Tokyo", "LANG": "de_DE.UTF-8"},
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    calibration = json.loads((tmp_path / "reports" / name / "calibration.json").read_text())
    assert calibration["status"] == "identical", calibration
    return json.loads((out / "oracle.json").read_text())["shots"]


def test_host_fonts_and_locale_change_no_checkpoint_image(tmp_path: Path) -> None:
    committed = json.loads((ORACLE / "oracle.json").read_text())["shots"]
    dejavu_only = _checkpoints(tmp_path, "dejavu-only", DEJAVU_ONLY)
    serif_host = _checkpoints(tmp_path, "serif-host", SERIF_HOST)
    assert dejavu_only == serif_host == committed


def test_an_unpinned_browser_is_an_environment_mismatch_never_a_low_score(tmp_path: Path) -> None:
    """A server somebody else started (`--appium-url`) whose browsers see the host's fonts:
    the calibration catches it and the visual tier is the bench's fault."""
    scratch = Path(os.environ.get("TMPDIR", "/tmp")) / f"rvb-unpinned-{os.getpid()}"
    server = AppiumServer(REPO / ".revylbench/appium", log=tmp_path / "appium.log",
                          scratch=scratch).start()
    try:
        record = grade(REPO / "suites/budget/reference", tmp_path / "reports", "unpinned",
                       f"--appium-url={server.url}", "--tiers=flow,visual", "--scheme=stages",
                       "--infra-retries=0")
    finally:
        server.stop()
    results = {t["name"]: t for t in record["tests"]}
    shots = [r for r in results.values() if r.get("tier") == "visual"]
    assert shots and all(r["verdict"] == "not_run" and r["fault"] == "environment_mismatch"
                         for r in shots), shots
    assert all(v == "pass" for n, v in verdicts(record).items() if results[n].get("tier") == "flow")
    assert record["status"] == "infra_failure"
    calibration = json.loads((tmp_path / "reports" / "unpinned" / "calibration.json").read_text())
    assert calibration["status"] == "mismatch"
    assert any(d.startswith("pixels:") for d in calibration["differences"])


class _Counter(http.server.BaseHTTPRequestHandler):
    hits: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        _Counter.hits.append(self.path)
        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(b"reached")

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def loopback_service() -> Iterator[int]:
    """A service of the grader's on 127.0.0.1 that counts who reached it."""
    _Counter.hits = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Counter)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


PROBE = """<!doctype html><html><body><div id="root"><p id="r">pending</p></div><script>
var port = location.hash.slice(1);
fetch('http://127.0.0.1:' + port + '/fetch', {{mode: 'no-cors'}})
  .then(function () {{ document.getElementById('r').textContent = 'reached'; }})
  .catch(function () {{ document.getElementById('r').textContent = 'blocked'; }});
new Image().src = 'http://localhost:' + port + '/image';
try {{ new WebSocket('ws://127.0.0.1:' + port + '/socket'); }} catch (e) {{}}
</script></body></html>"""


@pytest.fixture(scope="module")
def pinned_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppiumServer]:
    scratch = Path(os.environ.get("TMPDIR", "/tmp")) / f"rvb-pinned-{os.getpid()}"
    scratch.mkdir(parents=True, exist_ok=True)
    env = pinned_browser_env(REPO / ".revylbench/fonts", scratch)
    server = AppiumServer(REPO / ".revylbench/appium", log=tmp_path_factory.mktemp("a") / "appium.log",
                          scratch=scratch, browser_env=env).start()
    try:
        yield server
    finally:
        server.stop()


def _unconfined_session(device: WebDevice) -> object:
    """The control: the same browser and flags, without the origin confinement."""
    from appium import webdriver
    from appium.options.common import AppiumOptions

    from pytest_revylbench.devices.ports import free_port
    from pytest_revylbench.devices.web_browser import web_capabilities

    options = AppiumOptions()
    options.load_capabilities(web_capabilities(
        chromium=device.chromium, chromedriver=device.chromedriver,
        chromedriver_port=free_port(), overrides={}))
    return webdriver.Remote(device.appium.url, options=options)


def _probe(device: WebDevice, port: int, *, confined: bool) -> str:
    """Open the probe page and say whether its requests reached the service."""
    driver: Any = device._session(device.own_hosts[0]) if confined else _unconfined_session(device)
    try:
        driver.get(f"{device.app_url}#{port}")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            # The page may not be parsed yet (the session loads with pageLoadStrategy "none").
            said = driver.execute_script(
                "var r = document.getElementById('r'); return r ? r.textContent : 'pending';")
            if said != "pending":
                time.sleep(0.5)  # the image and the socket had their chance too
                return str(said)
            time.sleep(0.1)
        return "pending"
    finally:
        driver.quit()


def test_the_apps_code_cannot_reach_the_graders_loopback_services(
    tmp_path: Path, pinned_server: AppiumServer, loopback_service: int,
) -> None:
    (tmp_path / "index.html").write_text(PROBE.format())
    device = WebDevice(bundle=tmp_path, appium=pinned_server).start()
    try:
        # Control: without the confinement the page does reach the service.
        assert _probe(device, loopback_service, confined=False) == "reached"
        assert _Counter.hits
        _Counter.hits = []
        # A device session as a grade makes it: nothing on 127.0.0.1 but the app's own origin.
        assert _probe(device, loopback_service, confined=True) == "blocked"
        assert _Counter.hits == []
        # …and the app's own origin still serves it.
        assert pinned_server.url.startswith("http://127.0.0.1:")
    finally:
        device.stop()


def test_the_device_photographs_the_calibration_as_pinned(pinned_server: AppiumServer) -> None:
    device = WebDevice(bundle=REPO / "pytest_revylbench" / "calibration", appium=pinned_server).start()
    try:
        photo, observed = photograph(device)
    finally:
        device.stop()
    result = compare(photo, observed, calibration_environment(REPO / ".revylbench/appium"))
    assert result.status == "identical", result.differences
    assert observed["timezone"] == "UTC" and observed["language"] == "en-US"
    assert observed["colorScheme"] == "light" and observed["reducedMotion"] == "reduce"


def test_the_calibration_in_the_kept_browser_after_an_app_is_as_in_a_new_one(
    pinned_server: AppiumServer,
) -> None:
    """The calibration page opens in the device's kept phone browser, wiped, on the app's own
    origin: after an app that wrote to every kind of storage, registered a service worker
    (which would answer the calibration page's request if it were left) and shipped a forged
    page at the calibration's path, the photo is the pinned one, no browser was started for
    it, and the next launch sees nothing of the app."""
    from .test_isolation import NOTHING, PROBE, _item

    bundle = REPO / "tests" / "device" / "isolation_probe"
    assert bundle == PROBE
    # Reuse is the point here, not the clock (a loaded host may pass its limit).
    device = WebDevice(bundle=bundle, appium=pinned_server, isolation="context",
                       kept_clock_s=3600.0).start()
    try:
        first = _item(device, None, write=True)
        photo, observed = photograph(device)
        after = _item(device, None, write=False)
    finally:
        device.stop()
    assert first.session == after.session  # one browser: the app's, the photo's, the app's
    assert after.seen == NOTHING
    result = compare(photo, observed, calibration_environment(REPO / ".revylbench/appium"))
    assert result.status == "identical", result.differences
