"""Loaded with `-p timing_plugin` by bench/grade.py: timestamps of a grade's phases.

Writes {event: monotonic seconds} to $RVB_BENCH_TIMING at the end of the session.
"""

from __future__ import annotations

import json
import os
import time

import pytest

_T: dict[str, float] = {}


def pytest_configure(config: pytest.Config) -> None:
    _T.setdefault("configure", time.monotonic())


def pytest_sessionstart(session: pytest.Session) -> None:
    _T["sessionstart"] = time.monotonic()


def pytest_collection_finish(session: pytest.Session) -> None:
    _T["collected"] = time.monotonic()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _T.setdefault("first_report", time.monotonic())
    _T["last_report"] = time.monotonic()


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_sessionfinish(session: pytest.Session):  # type: ignore[no-untyped-def]
    _T["sessionfinish_start"] = time.monotonic()
    yield
    _T["sessionfinish_end"] = time.monotonic()


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_terminal_summary(terminalreporter):  # type: ignore[no-untyped-def]
    _T["summary_start"] = time.monotonic()
    yield
    _T["summary_end"] = time.monotonic()


def pytest_unconfigure(config: pytest.Config) -> None:
    path = os.environ.get("RVB_BENCH_TIMING")
    if path and not hasattr(config, "workerinput"):
        _T["unconfigure"] = time.monotonic()
        with open(path, "w") as out:
            json.dump(_T, out)
