"""The grader owns the clock (builder/clock.py): a page and the hidden component tests read
the pinned instant, whatever the host's date, and every clock they can read agrees.

Another host date is played by an outer libfaketime around the device's browser (or the whole
jest run): what the host's `date` says moves 400 days, the app's clocks do not. The control, a
browser without the pin under the same outer clock, shows the moved date: the test can fail.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from pytest_revylbench.app.facade import App
from pytest_revylbench.builder.clock import PINNED_INSTANT, library, pinned_argv, pinned_browser
from pytest_revylbench.builder.sandbox import sandbox_problem
from pytest_revylbench.checks.functional import parse_cases, verdict_of
from pytest_revylbench.checks.source import run_checks
from pytest_revylbench.devices.appium import RemoteAppium
from pytest_revylbench.devices.web import WebDevice
from pytest_revylbench.devices.web_browser import CHROMIUM

from .conftest import REPO, launched_app

PROBE = Path(__file__).parent / "clock_probe"
MOVED = "+400d"
"""Another host date: 400 days after this host's."""
PINNED_MINUTE = PINNED_INSTANT.strftime("%Y-%m-%d %H:%M")
TEN_MINUTES = PINNED_INSTANT.strftime("%Y-%m-%dT%H:%M")[:15]
CLOCKS = ("date", "origin", "intl", "worker", "frame", "agree", "timer", "frames", "header")


def host_moved(executable: Path, scratch: Path) -> Path:
    """`executable` run on a host whose clock says 400 days later."""
    script = scratch / f"{executable.name}-moved"
    script.write_text(f"#!/bin/sh\nexport LD_PRELOAD={library()} FAKETIME={MOVED}\n"
                      f"exec {executable} \"$@\"\n")
    script.chmod(0o755)
    return script


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    folder = tmp_path / "bin"
    folder.mkdir()
    return folder


def clocks(appium_url: str, chromium: Path, reports: Path) -> tuple[dict[str, str], bytes]:
    device = WebDevice(bundle=PROBE, appium=RemoteAppium(appium_url), chromium=str(chromium)).start()
    try:
        app: App
        with launched_app(device, reports, "clocks", timeout_s=5.0) as app:
            app.see("Frames advance")
            app.not_see("…")  # every clock has answered (a timer's, a worker's, a frame's)
            app.see("Server clock not sent, file time not sent")
            seen = {name: app.read(name) for name in CLOCKS}
            rel = app.screenshot("clocks", keep=True)  # a checkpoint's exact capture
        assert rel is not None
        return seen, next(reports.rglob(Path(rel).name)).read_bytes()
    finally:
        device.stop()


def test_the_page_reads_the_pinned_instant_on_any_host_date(appium_url: str, scratch: Path,
                                                            tmp_path: Path) -> None:
    here, here_shot = clocks(appium_url, pinned_browser(CHROMIUM, scratch), tmp_path / "here")
    assert here == {
        "date": f"Date {PINNED_MINUTE}", "origin": f"Performance {PINNED_MINUTE}",
        "intl": "Intl " + PINNED_INSTANT.strftime("%B %-d, %Y at %H:%M"),
        "worker": f"Worker {PINNED_MINUTE}", "frame": f"Frame {PINNED_MINUTE}",
        "agree": "Date and Performance agree", "timer": "A 300 ms timer took 300 ms or more",
        "frames": "Frames advance", "header": "Server clock not sent, file time not sent",
    }, json.dumps(here, indent=1)
    moved, moved_shot = clocks(appium_url, host_moved(pinned_browser(CHROMIUM, scratch), scratch),
                               tmp_path / "moved")
    assert moved == here
    assert moved_shot == here_shot, "the same clocks drew a different screen"
    # The control: the same host date without the pin is what the page would show.
    unpinned, _ = clocks(appium_url, host_moved(Path(CHROMIUM), scratch), tmp_path / "control")
    assert unpinned["date"] != here["date"]


CLOCK_TEST = f"""/// <reference types="jest" />
test("the run starts at the grader's instant", () => {{
  expect(new Date().toISOString().slice(0, 15)).toBe({json.dumps(TEN_MINUTES)});
  expect(new Intl.DateTimeFormat("en-US", {{ year: "numeric", timeZone: "UTC" }}).format(new Date()))
    .toBe({json.dumps(PINNED_INSTANT.strftime("%Y"))});
}});

test("nothing of the pin is in the test's sight", () => {{
  expect(process.env.LD_PRELOAD).toBeUndefined();
  expect(process.env.FAKETIME).toBeUndefined();
}});

test("time advances normally, past libfaketime's 10 s re-read of its settings", async () => {{
  const before = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 10500));
  const took = Date.now() - before;
  expect(took).toBeGreaterThanOrEqual(10495);
  expect(took).toBeLessThan(30000);
  expect(new Date().toISOString().slice(0, 13)).toBe({json.dumps(TEN_MINUTES[:13])});
}}, 40000);
"""


@pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")
def test_the_component_tests_run_at_the_pinned_instant(tmp_path: Path) -> None:
    hidden = tmp_path / "hidden" / "clock.test.tsx"
    hidden.parent.mkdir()
    hidden.write_text(CLOCK_TEST)
    cache = Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache" / "revylbench")
    record = run_checks(REPO / "suites" / "budget" / "reference", work=tmp_path / "work",
                        tests=[hidden], cache_dir=cache, log=tmp_path / "checks.log",
                        timeout_s=600, sandbox=True)
    log = (tmp_path / "checks.log").read_text(errors="replace")
    for case in parse_cases(hidden):
        assert verdict_of(case, record.tests).status == "passed", (case, log[-3000:])


def test_the_start_script_reads_the_hosts_own_clock() -> None:
    """Under an outer libfaketime (another host date) the pinned command still starts at the
    instant: its offset comes from the host's clock, never from the faked one."""
    outer = {**os.environ, "LD_PRELOAD": str(library()), "FAKETIME": MOVED}
    shown = [subprocess.run(pinned_argv(["date", "-u", "+%Y-%m-%d %H:%M"]), env=env, check=True,
                            capture_output=True, text=True).stdout.strip() for env in (None, outer)]
    assert shown == [PINNED_MINUTE, PINNED_MINUTE]
    moved = subprocess.run(["date", "-u", "+%Y"], env=outer, check=True, capture_output=True, text=True)
    assert moved.stdout.strip() != PINNED_INSTANT.strftime("%Y")  # the outer clock does move
