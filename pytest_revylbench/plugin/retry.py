"""Run a hidden test again on a fresh device when the bench, not the app, made it fail.

Only the last attempt's reports reach pytest's reporters (and so the grade), the way
pytest-rerunfailures does it; candidate failures are never retried.
"""

from __future__ import annotations

import pytest
from _pytest.runner import runtestprotocol

from pytest_revylbench.plugin.keys import attempt_key, phase_key
from pytest_revylbench.records.vocabulary import Fault

RETRIED = frozenset({Fault.DEVICE_FAULT, Fault.DRIVER_ERROR, Fault.NO_REPORT})


def run_with_retries(item: pytest.Item, nextitem: pytest.Item | None, retries: int) -> None:
    """The whole test protocol for `item`, repeated while a retriable bench fault ends it."""
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    attempt = 1
    while True:
        item.stash[attempt_key] = attempt
        item.stash[phase_key] = {}
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
        fault = last_fault(item)
        if fault not in RETRIED or attempt > retries:
            break
        attempt += 1
        # A fresh request, so function fixtures (the app, its browser) are made anew.
        if hasattr(item, "_initrequest"):
            item._initrequest()
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)


def last_fault(item: pytest.Item) -> Fault | None:
    phases = item.stash.get(phase_key, {})
    faults = [phases[p].fault for p in ("setup", "call", "teardown") if p in phases]
    return next((f for f in faults if f is not None), None)
