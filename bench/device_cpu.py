"""Figure 14: where a web grade's CPU goes, measured by process from /proc.

A. Per operation of the web device (budget's reference, one kept browser): CPU milliseconds of
   Chromium (every process), Appium (node) and chromedriver for a trivial script, a find, a
   quick and an evidence screenshot, a UI tree, a screen fingerprint and a launch (wipe, new
   tab, render), and for idle seconds after a launch.
B. Whole flow-only grades (`--tiers=flow --scheme=stages`) of the reference (every test passes)
   and of the `edit-applied-twice` mutant (two fail), `--video=off` and `--video=on-failure`,
   interleaved after a warm-up: CPU seconds by process (every descendant of the grade's pytest,
   sampled every 0.2 s).

    .venv/bin/python bench/device_cpu.py [--reps N]
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, copy_reference, export_web, loadavg, machine, median, save, warm_node_modules

from pytest_revylbench.devices.appium import AppiumServer
from pytest_revylbench.devices.web import WebDevice

TICK = os.sysconf("SC_CLK_TCK")
PYTEST = Path(sys.executable).with_name("pytest")
REVYLBENCH = Path(sys.executable).with_name("revylbench")


def _stat(pid: str) -> tuple[str, int, float] | None:
    """(command name, parent pid, CPU seconds) of a live process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    comm = text[text.index("(") + 1:text.rindex(")")]
    fields = text[text.rindex(")") + 2:].split()
    return comm, int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def kind(comm: str) -> str:
    low = comm.lower()
    if "chromedriver" in low or low.startswith(("e454", "chromedriver io")):
        return "chromedriver"
    if "chrom" in low or low.startswith(("viz", "threadpool", "compositor")):
        return "chromium"
    return "appium (node)" if low.startswith("node") else ("pytest" if low == "pytest" else comm)


def cpu_by_kind() -> dict[str, float]:
    totals: dict[str, float] = collections.Counter()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        st = _stat(pid)
        if st:
            totals[kind(st[0])] += st[2]
    return totals


def per_operation(bundle: Path, scratch: Path) -> dict[str, dict[str, float]]:
    appium = AppiumServer(ROOT / ".revylbench" / "appium", log=scratch / "appium.log",
                          scratch=scratch / "appium")
    device = WebDevice(bundle=bundle, appium=appium).start()
    driver = device.launch()
    out: dict[str, dict[str, float]] = {}

    def phase(name: str, op: Callable[[], object], n: int) -> None:
        before, started = cpu_by_kind(), time.monotonic()
        for _ in range(n):
            op()
        after, wall = cpu_by_kind(), time.monotonic() - started
        out[name] = {"wall_ms": round(1000 * wall / n, 1), **{
            k: round(1000 * (after.get(k, 0) - before.get(k, 0)) / n, 1)
            for k in ("chromium", "appium (node)", "chromedriver")}}
        print(f"{name:24s} {out[name]}", flush=True)

    def relaunch() -> None:
        nonlocal driver
        device.keeps(driver, hung=False)
        driver = device.launch()

    try:
        phase("idle 5 s after launch", lambda: time.sleep(5), 1)
        phase("idle 5 s, settled", lambda: time.sleep(5), 1)
        phase("script (return 1)", lambda: driver.execute_script("return 1"), 100)
        phase("find elements", lambda: driver.find_elements("css selector", "[data-testid]"), 100)
        phase("ui tree", lambda: device.ui_tree(driver), 20)
        phase("screen fingerprint", lambda: device.screen_fingerprint(driver), 20)
        phase("evidence screenshot", lambda: device.evidence_screenshot(driver), 20)
        phase("launch (wipe + render)", relaunch, 5)
    finally:
        device.stop()
        appium.stop()
    return out


def grade_cpu(submission: Path, reports: Path, video: str) -> dict[str, float]:
    """CPU seconds by process kind of one flow-only grade (its descendants, sampled)."""
    proc = subprocess.Popen(
        [str(PYTEST), "--task", "budget", "--platform", "web", f"--submission={submission}",
         f"--reports={reports}", "--run-id", "g", "--tiers=flow", "--scheme=stages",
         f"--video={video}", "-p", "no:cacheprovider", "-q"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen: dict[int, tuple[str, float]] = {}
    mine = {proc.pid}
    started = time.monotonic()
    while proc.poll() is None:
        table = {int(p): st for p in filter(str.isdigit, os.listdir("/proc")) if (st := _stat(p))}
        grew = True
        while grew:
            new = {pid for pid, (_, ppid, _) in table.items() if ppid in mine} - mine
            mine |= new
            grew = bool(new)
        seen.update({pid: (kind(table[pid][0]), table[pid][2]) for pid in mine if pid in table})
        time.sleep(0.2)
    totals: dict[str, float] = collections.Counter()
    for name, seconds in seen.values():
        totals[name] += seconds
    return {"wall_s": round(time.monotonic() - started, 1),
            **{k: round(v, 1) for k, v in totals.items()}, "total_cpu_s": round(sum(totals.values()), 1)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=1)
    args = parser.parse_args()
    data: dict = {"machine": machine(), "load_before": loadavg()}
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        work = copy_reference(scratch / "app")
        export_web(work, warm_node_modules())
        data["per_operation"] = per_operation(work / "dist", scratch)
        mutant = scratch / "mutant"
        subprocess.run([str(REVYLBENCH), "mutant", "budget", "edit-applied-twice", str(mutant)],
                       check=True, capture_output=True)
        subjects = {"reference": ROOT / "suites/budget/reference", "edit-applied-twice": mutant}
        runs: dict[str, list[dict[str, float]]] = {}
        for rep in range(args.reps + 1):
            for name, folder in subjects.items():
                for video in ("off", "on-failure"):
                    figures = grade_cpu(folder, scratch / f"r{rep}-{name}-{video}", video)
                    print(f"rep {rep} {name} video={video}: {figures} (load {loadavg()})", flush=True)
                    if rep:
                        runs.setdefault(f"{name} video={video}", []).append(figures)
        data["grades"] = runs
        data["medians"] = {key: {k: median([r[k] for r in rs if k in r]) for k in rs[0]}
                           for key, rs in runs.items()}
    data["load_after"] = loadavg()
    for key, figures in data["medians"].items():
        print(f"{key:34s} {figures}")
    print(save("device_cpu", data))


if __name__ == "__main__":
    main()
