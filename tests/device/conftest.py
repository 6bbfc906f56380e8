"""Real devices: a project-local Appium server and headless Chromium, started by the tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import psutil
import pytest

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.app.facade import App
from pytest_revylbench.app.locators import WebLocators
from pytest_revylbench.devices.appium import AppiumServer, RemoteAppium
from pytest_revylbench.devices.protocol import DeviceSession
from pytest_revylbench.devices.reaper import marked_processes
from pytest_revylbench.devices.rendering import pinned_browser_env
from pytest_revylbench.devices.web import WebDevice

REPO = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.device)


@pytest.fixture(scope="session")
def appium_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    logs = tmp_path_factory.mktemp("appium")
    scratch = Path(os.environ.get("TMPDIR", "/tmp")) / f"rvb-test-{os.getpid()}"
    scratch.mkdir(parents=True, exist_ok=True)
    # Pinned like a grade's own server: its browsers see the project's fonts only.
    server = AppiumServer(
        REPO / ".revylbench/appium", log=logs / "appium.log", scratch=scratch,
        browser_env=pinned_browser_env(REPO / ".revylbench/fonts", scratch),
    )
    try:
        yield server.start().url
    finally:
        server.stop()


@pytest.fixture
def page_device(appium_url: str, tmp_path: Path) -> Iterator[Callable[..., WebDevice]]:
    """Web devices serving pages of the test's own: `page_device(index_html, files)` starts one
    on the test server, its bundle the page and `files` (name: text); each is stopped after
    the test."""
    started: list[WebDevice] = []

    def serving(index_html: str, files: dict[str, str] | None = None) -> WebDevice:
        bundle = tmp_path / f"bundle-{len(started)}"
        bundle.mkdir()
        for name, text in {"index.html": index_html, **(files or {})}.items():
            (bundle / name).write_text(text)
        started.append(WebDevice(bundle=bundle, appium=RemoteAppium(appium_url)).start())
        return started[-1]

    yield serving
    for device in started:
        device.stop()


NO_VIDEO = "--video=off"
"""For a grade whose test looks at no video (only test_video.py and test_soak.py do): the
default `on-failure` screencast costs a flow-only grade of budget 22 % more CPU when every test
passes and 28 % when two fail (bench/RESULTS.md, figure 14)."""
FLOW_ONLY = ("--tiers=flow", "--scheme=stages", NO_VIDEO)
"""The device tests only, scored by stages, without video: what the plumbing tests need, at
a quarter of the time of every tier."""


@contextmanager
def launched_app(device: WebDevice, reports: Path, name: str, timeout_s: float) -> Iterator[App]:
    """The suite author's `App` on a fresh launch of `device`, its evidence under `reports`;
    the session is quit at the end."""
    driver = device.launch()
    session = DeviceSession(device, driver)
    recorder = EvidenceRecorder(reports, name)
    recorder.attach(session.screenshot, session.screen_fingerprint)
    try:
        yield App(session, WebLocators(), recorder, timeout_s=timeout_s)
    finally:
        driver.quit()


def grade(
    submission: Path, reports: Path, run_id: str, *extra: str, task: str = "budget",
    every_tier: bool = False,
) -> dict:
    """Grade `submission` in a separate pytest process, as a grader would; return grade.json.
    Every grade's scorecard is checked on the way: each image it shows is found beside it."""
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--task", task, "--platform", "web",
         f"--submission={submission}", f"--reports={reports}", "--run-id", run_id,
         "-p", "no:cacheprovider", *((NO_VIDEO,) if every_tier else FLOW_ONLY), *extra],
        cwd=REPO, capture_output=True, text=True, timeout=900,
    )
    path = reports / run_id / "grade.json"
    assert path.is_file(), f"no grade.json; pytest said:\n{proc.stdout[-3000:]}\n{proc.stderr[-2000:]}"
    record = json.loads(path.read_text())
    scorecard = path.parent / "scorecard.html"
    if scorecard.is_file():
        missing = [src for src in _image_sources(scorecard.read_text(encoding="utf-8"))
                   if not (path.parent / src).is_file()]
        assert missing == [], f"{scorecard}: images not found beside it"
    record["_stdout"] = proc.stdout
    record["_exit"] = proc.returncode
    return record


class _Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        src = dict(attrs).get("src")
        if tag in ("img", "source", "video") and src and not src.startswith("data:"):
            self.sources.append(unquote(src))


def _image_sources(page: str) -> list[str]:
    """The files a scorecard page shows (every image and video, inline data aside)."""
    parser = _Images()
    parser.feed(page)
    parser.close()
    return parser.sources


def verdicts(record: dict) -> dict[str, str]:
    return {t["name"]: t["verdict"] for t in record["tests"]}


def survivors(run_id: str, wait_s: float = 10.0) -> list[str]:
    """The processes of grade `run_id` (any of its workers, by the owner marker) still alive
    after a bounded wait; described, for the assertion's message."""
    deadline = time.monotonic() + wait_s
    while (left := marked_processes(f"{run_id}/", prefix=True)) and time.monotonic() < deadline:
        time.sleep(0.2)
    described = []
    for proc in left:
        try:
            described.append(f"{proc.pid} {' '.join(proc.cmdline())[:120]}")
        except psutil.Error:
            continue
    return described
