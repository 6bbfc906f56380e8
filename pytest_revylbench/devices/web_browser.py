"""What browser the web device starts: Chromium's flags, the emulated phone (metrics, user
agent, client hints), the profile's preferences and a session's W3C capabilities."""

from __future__ import annotations

import functools
import json
import re
import subprocess
from typing import Any

from pytest_revylbench.devices.devtools import Command
from pytest_revylbench.devices.protocol import Screen
from pytest_revylbench.devices.rendering import PIXEL_FLAGS

PHONE = {"width": 393, "height": 852, "pixelRatio": 3, "touch": True, "mobile": True}
PHONE_MODEL = "Pixel 8"
ANDROID_VERSION = "14"
PHONE_USER_AGENT = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/{major}.0.0.0 Mobile Safari/537.36"
)
"""An Android Chrome phone, the one phone Chromium can be without contradicting itself: its
user agent, `navigator.userAgentData` and client hints name Android, Chrome of the browser's
own major version and a Pixel (an iPhone's Safari would disagree with `navigator.vendor`,
`userAgentData` and the engine's own features)."""
UNSEEN_FLAGS = ("--disable-blink-features=AutomationControlled",)
"""Flags that keep the browser's automation out of the page's sight: `navigator.webdriver`
is false, as in a person's browser, by the engine itself rather than a patched getter. They
decide no pixel, so they are recorded apart from the rendering record, under the environment's
own key (`outputs/provenance.environment`, "web-unseen")."""
HIDE_DRIVER_GLOBALS = (
    "(function () { var w = window, names = Object.getOwnPropertyNames(w);"
    " for (var i = 0; i < names.length; i++) if (/^cdc_/.test(names[i])) {"
    " try { delete w[names[i]]; } catch (e) {} } })();"
)
"""Run on every new document before the app's first script (`pin_session`): chromedriver adds
seven `cdc_…` globals to each document for its element commands, which the grader does not use
on the page; a page must not find them."""
CHROMIUM = "/usr/bin/chromium"
"""The device's browser (Debian's package, installed by .ci/setup)."""
CHROMIUM_ARGS = (
    "--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--no-default-browser-check", *PIXEL_FLAGS,
)
QUIET_UI_FLAGS = (
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI",
)
"""Browser-UI pages a headless phone never shows. At every start Chromium 156 loads its two
omnibox popups (`chrome://omnibox-popup.top-chrome/`) in a WebUI renderer of their own: half
of a browser start's CPU (≈ 0.7 of 1.5 CPU-s) and a process, for nothing on the page. They
decide no pixel (the calibration page, compared at every grade's start, is unchanged), so
they are recorded apart from the rendering record, under the environment's own key
(`outputs/provenance.environment`, "web-browser-ui"). ChromeDriver merges this
`--disable-features` list with its own."""
# Every request goes through a proxy that does not exist, loopback included (`<-loopback>`
# removes Chromium's implicit bypass), except those to the app's own origin: the app's code
# cannot reach the grader's Appium server or any other service on 127.0.0.1.
NO_PROXY_PORT = 9


def network_args(origin: str) -> list[str]:
    """Flags that confine the browser's requests to `origin` (host:port)."""
    return [f"--proxy-server=http://127.0.0.1:{NO_PROXY_PORT}",
            f"--proxy-bypass-list=<-loopback>;{origin}"]


@functools.cache
def chromium_major(chromium: str) -> str:
    """The browser's major version (its user agent names it, as a real Chrome's does)."""
    try:
        out = subprocess.run([chromium, "--version"], capture_output=True, text=True, timeout=30,
                             check=False).stdout
    except (OSError, subprocess.TimeoutExpired):
        out = ""
    found = re.search(r"(\d+)\.\d+\.\d+", out)
    return found.group(1) if found else "0"


def user_agent(chromium: str) -> str:
    return PHONE_USER_AGENT.format(major=chromium_major(chromium))


# Navigation does not wait for the page's load (pageLoadStrategy "none"): a page whose script
# never yields would hold `get` until Appium's proxy gives up (240 s). The render wait bounds
# the launch instead, and each script call is bounded, so a busy page is found in seconds.
PAGE_LOAD_TIMEOUT_S = 30.0
SCRIPT_TIMEOUT_S = 10.0
"""A page script (the render probe, a fingerprint) not back by then is held by the app's own
script: the page has hung."""
def device_metrics(viewport: Screen | None) -> dict[str, Any]:
    if viewport is None:
        return dict(PHONE)
    return {"width": viewport.width, "height": viewport.height, "pixelRatio": viewport.scale,
            "touch": True, "mobile": True}


def screen_key(viewport: Screen | None) -> str:
    """The emulated screen of a launch on `viewport` (None: the default phone), as the kept
    browser's key: numbers compared as numbers, so a checkpoint's 393×852 at scale 3.0 is the
    default phone's 393×852 at 3 and reuses its browser."""
    metrics = {k: float(v) if isinstance(v, int | float) and not isinstance(v, bool) else v
               for k, v in device_metrics(viewport).items()}
    return json.dumps(metrics, sort_keys=True)


BROWSER_PREFS: dict[str, Any] = {"download_restrictions": 3}
"""Chromium profile preferences of every device browser: no download, ever (3: block all). A
headless Chromium otherwise saves what a page downloads (a blob of any size, made in the page)
into the grading host's ~/Downloads, where it outlives the grade."""


PHONE_PLATFORM = "Linux armv81"
"""`navigator.platform` of Chrome on an Android phone (Chromium's own value there, matching its
reduced user agent)."""


def _hints(major: str) -> dict[str, Any]:
    """What the phone's `navigator.userAgentData` and client-hint headers say: the user agent's
    own phone, its form factor included."""
    brands = [{"brand": "Chromium", "version": major}, {"brand": "Google Chrome", "version": major},
              {"brand": "Not-A.Brand", "version": "99"}]
    return {"platform": "Android", "platformVersion": ANDROID_VERSION, "model": PHONE_MODEL,
            "mobile": True, "architecture": "", "bitness": "", "wow64": False, "brands": brands,
            "fullVersionList": [{"brand": b["brand"], "version": f"{b['version']}.0.0.0"}
                                for b in brands],
            "formFactors": ["Mobile"]}


def _identity(major: str) -> Command:
    return ("Emulation.setUserAgentOverride",
            {"userAgent": PHONE_USER_AGENT.format(major=major), "platform": PHONE_PLATFORM,
             "userAgentMetadata": _hints(major)})


def phone_identity(chromium: str) -> Command:
    """The DevTools command that makes a tab say it is the phone: user agent, `navigator.platform`
    and client hints (`userAgentData`, the `Sec-CH-UA-*` headers).

    Given by the grader on every tab (`web_session.pin_session`, `opened_tabs`), not by
    chromedriver's `mobileEmulation.userAgent`/`clientHints`: chromedriver writes its user agent
    again at every navigation with no platform (so `navigator.platform` fell back to the host's
    `Linux x86_64`) and drops a form factor (so the high-entropy `formFactors` said `Desktop`);
    an override of the session's own, which chromedriver never rewrites, lasts for the tab's
    life, every document of it. A worker's `navigator.platform` stays the build's: Blink reads
    the override from the page's settings, which a worker has none of
    (tests/device/test_botd.py, `KNOWN_GAPS`)."""
    return _identity(chromium_major(chromium))


def phone_record() -> str:
    """What the page is told of the phone, for the grade's environment ("web-phone"), with the
    browser's major version as `{major}`: a browser upgrade is recorded on its own."""
    return json.dumps(_identity("{major}"), sort_keys=True)


def web_capabilities(
    *, chromium: str, chromedriver: str, chromedriver_port: int, overrides: dict[str, Any],
    viewport: Screen | None = None, origin: str | None = None, logs: bool = False,
) -> dict[str, Any]:
    """W3C capabilities of a pinned session; `origin` (host:port) is the only one its
    requests may reach. `logs`: chromedriver keeps the console's messages and the network's
    events, for a device that cannot read them over its own sockets to the tab
    (`devices/console.py` and `devices/traffic.py` say why not otherwise)."""
    caps: dict[str, Any] = {
        "platformName": "linux",
        "browserName": "chrome",
        "appium:automationName": "Chromium",
        "appium:executable": chromedriver,
        "appium:chromedriverPort": chromedriver_port,
        "appium:newCommandTimeout": 120,
        "pageLoadStrategy": "none",
        "timeouts": {"pageLoad": int(PAGE_LOAD_TIMEOUT_S * 1000),
                     "script": int(SCRIPT_TIMEOUT_S * 1000)},
        "goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"} if logs else
                             {"browser": "OFF", "performance": "OFF"},
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [*CHROMIUM_ARGS, *QUIET_UI_FLAGS, *UNSEEN_FLAGS,
                     *(network_args(origin) if origin else [])],
            "excludeSwitches": ["enable-automation"],
            # The screen only: the grader gives the phone's identity itself (`phone_identity`).
            "mobileEmulation": {"deviceMetrics": device_metrics(viewport)},
            "prefs": dict(BROWSER_PREFS),
        },
    }
    if logs:
        caps["goog:chromeOptions"]["perfLoggingPrefs"] = {"enableNetwork": True, "enablePage": False}
    caps.update(overrides)
    return caps
