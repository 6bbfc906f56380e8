"""Figure 15: what an evidence shot costs on the web device, and why it cannot cost less here.

On `budget`'s reference (its first screen, one kept browser), per capture of the lazy
evidence's shot (`EVIDENCE_CAPTURE`, 393×852 PNG): wall time and CPU milliseconds of Chromium,
Appium and chromedriver,
  session   through the session (Appium → chromedriver → the tab), session 11's path;
  socket    over the grader's own DevTools socket to the tab (`WebDevice.evidence_screenshot`);
then, with the same browser, the CPU Chromium spends per second on a still page, on a page with
a CSS animation and on a page with a requestAnimationFrame loop. Both are measured twice: with
the device's pinned flags, and with `--disable-frame-rate-limit` added (the one switch that
lets the compositor draw without waiting for its 60 Hz clock), to show where a capture's time
goes and what lifting that wait would cost.

    .venv/bin/python bench/capture.py [N]      (N captures per variant, default 30)
"""

from __future__ import annotations

import base64
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, copy_reference, export_web, loadavg, machine, save, warm_node_modules
from device_cpu import cpu_by_kind

import pytest_revylbench.devices.web as web
import pytest_revylbench.devices.web_browser as web_browser
from pytest_revylbench.devices.appium import AppiumServer

N = int(sys.argv[1]) if len(sys.argv) > 1 else 30
KINDS = ("chromium", "appium (node)", "chromedriver")
FLAG_SETS = {"pinned": (), "unlimited frame rate": ("--disable-frame-rate-limit",)}
ANIMATE = (
    "var e = document.createElement('div'); e.id = 'rvb-spin';"
    "e.style.cssText = 'position:fixed;top:0;left:0;width:40px;height:40px;background:red';"
    "document.body.appendChild(e); var s = document.createElement('style');"
    "s.textContent = '@keyframes rvbspin {from {transform: rotate(0)} to {transform: rotate(360deg)}}"
    " #rvb-spin {animation: rvbspin 1s linear infinite}'; document.head.appendChild(s);")
RAF_LOOP = ("document.getElementById('rvb-spin').remove(); (function f() { var b = document.body;"
            " b.style.opacity = b.style.opacity === '0.99' ? '1' : '0.99'; requestAnimationFrame(f); })();")


def per_call(op: Callable[[], object], n: int) -> dict[str, float]:
    op()
    before, started = cpu_by_kind(), time.monotonic()
    for _ in range(n):
        op()
    after, wall = cpu_by_kind(), time.monotonic() - started
    return {"wall_ms": round(1000 * wall / n, 1),
            **{k: round(1000 * (after.get(k, 0) - before.get(k, 0)) / n, 1) for k in KINDS}}


def idle(seconds: float = 3.0) -> float:
    """Chromium's CPU milliseconds per second while the test sends nothing."""
    before = cpu_by_kind().get("chromium", 0)
    time.sleep(seconds)
    return round(1000 * (cpu_by_kind().get("chromium", 0) - before) / seconds, 1)


def measure(bundle: Path, scratch: Path, extra: tuple[str, ...]) -> dict[str, object]:
    pinned = web_browser.CHROMIUM_ARGS
    web_browser.CHROMIUM_ARGS = (*pinned, *extra)  # this bench's browser only
    scratch.mkdir(parents=True, exist_ok=True)
    appium = AppiumServer(ROOT / ".revylbench" / "appium", log=scratch / "appium.log",
                          scratch=scratch / "appium")
    device = None
    try:
        device = web.WebDevice(bundle=bundle, appium=appium).start()
        driver = device.launch()
        through_session = per_call(lambda: base64.b64decode(web.cdp(
            driver, "Page.captureScreenshot", dict(web.EVIDENCE_CAPTURE))["data"]), N)
        socket = per_call(lambda: device.evidence_screenshot(driver), N)
        same = device.evidence_screenshot(driver) == web.evidence_screenshot(driver)
        still = idle()
        driver.execute_script(ANIMATE)
        animated = idle()
        driver.execute_script(RAF_LOOP)
        raf = idle()
        out = {"session": through_session, "socket": socket, "same_bytes": same,
               "idle_chromium_ms_per_s": {"still": still, "css animation": animated,
                                          "requestAnimationFrame loop": raf}}
        print(f"{' '.join(extra) or 'pinned flags'}: {out}", flush=True)
        return out
    finally:
        web_browser.CHROMIUM_ARGS = pinned
        if device is not None:
            device.stop()
        appium.stop()


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="rvb-bench-capture-"))
    load0 = loadavg()
    try:
        work = copy_reference(tmp / "app")
        export_web(work, warm_node_modules())
        # Short folder names: Chromium's profile lands in the scratch folder, and its socket
        # path must fit in 108 bytes.
        results = {name: measure(work / "dist", tmp / f"f{i}", flags)
                   for i, (name, flags) in enumerate(FLAG_SETS.items())}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    data = {"captures_per_variant": N, "machine": machine(), "load_start": load0,
            "load_end": loadavg(), "results": results}
    print("saved", save("capture", data))


if __name__ == "__main__":
    main()
