"""A pytest plugin loaded into a grade (`-p tests.device.soak_faults`) by the soak test: it
injects device faults, killing in turn the grade's Appium server, chromedriver and Chromium
as a test's call starts, and records the grader's figures at every call.

Environment: `SOAK_OWNER` (the grade's owner marker), `SOAK_FAULTS` (how many faults in
all), `SOAK_PER_TEST` (at most this many per test: its last attempt runs clean), `SOAK_OUT`
(the JSON file the figures go to).
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Generator
from pathlib import Path

import psutil
import pytest

from pytest_revylbench.builder.proctree import command_line, running
from pytest_revylbench.devices.reaper import marked_processes

VICTIMS = ("appium", "chromedriver", "chromium")


def is_victim(victim: str, line: str) -> bool:
    return {
        "chromedriver": "/usr/bin/chromedriver" in line,
        "chromium": "chromium" in line and "--type=" not in line and "chromedriver" not in line,
        "appium": "appium" in line and " server " in f" {line} ",
    }[victim]


def _tree_rss(procs: list[psutil.Process]) -> int:
    total = 0
    for proc in procs:
        try:
            total += proc.memory_info().rss
        except psutil.Error:
            continue
    return total


class Soak:
    def __init__(self) -> None:
        self.owner = f"{os.environ['SOAK_OWNER']}/{os.getpid()}"  # this grader's marker
        self.faults = int(os.environ["SOAK_FAULTS"])
        self.per_test = int(os.environ["SOAK_PER_TEST"])
        self.out = Path(os.environ["SOAK_OUT"])
        self.me = psutil.Process()
        self.calls: dict[str, int] = {}
        self.figures: dict[str, list[dict[str, object]]] = {"calls": [], "faults": []}

    def measure(self, nodeid: str) -> None:
        grade = marked_processes(self.owner)
        self.figures["calls"].append({
            "test": nodeid.rpartition("::")[2], "t": time.time(),
            "num_fds": self.me.num_fds(), "rss": self.me.memory_info().rss,
            "grade_processes": len(grade), "grade_rss": _tree_rss(grade),
        })

    def inject(self, nodeid: str) -> None:
        victim = VICTIMS[len(self.figures["faults"]) % len(VICTIMS)]
        killed = []
        for proc in marked_processes(self.owner):
            if is_victim(victim, command_line(proc)):
                os.kill(proc.pid, signal.SIGKILL)
                killed.append(proc.pid)
        deadline = time.monotonic() + 5
        while any(running(pid) for pid in killed) and time.monotonic() < deadline:
            time.sleep(0.02)
        self.figures["faults"].append({"test": nodeid.rpartition("::")[2], "victim": victim,
                                       "killed": killed})

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, object, object]:
        attempt = self.calls[item.nodeid] = self.calls.get(item.nodeid, 0) + 1
        self.measure(item.nodeid)
        if len(self.figures["faults"]) < self.faults and attempt <= self.per_test:
            self.inject(item.nodeid)
        self.out.write_text(json.dumps(self.figures, indent=1))
        return (yield)

    @pytest.hookimpl(wrapper=True)
    def pytest_sessionfinish(self) -> Generator[None, object, object]:
        result = yield  # after the grade's own finish: its devices are stopped
        left = marked_processes(self.owner)
        self.figures["end"] = [{"t": time.time(), "num_fds": self.me.num_fds(),
                                "rss": self.me.memory_info().rss, "grade_processes": len(left),
                                "left": [command_line(p)[:160] for p in left]}]
        self.out.write_text(json.dumps(self.figures, indent=1))
        return result


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(Soak(), "revylbench-soak")
