"""Which exception means which verdict, and whose fault."""

from __future__ import annotations

import pytest
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    InvalidSessionIdException,
    UnknownMethodException,
)
from urllib3.exceptions import ProtocolError

from pytest_revylbench.app.facade import CheckFailed
from pytest_revylbench.devices.errors import AppLaunchFailed, DeviceError
from pytest_revylbench.plugin.outcomes import BuilderFault, BuildFailed, classify
from pytest_revylbench.records.vocabulary import Fault, Verdict


@pytest.mark.parametrize(
    ("exc", "verdict", "fault"),
    [
        (CheckFailed("the total is right", "'$1.00'", "'$2.00'"), Verdict.FAIL, Fault.CHECK_FAILED),
        (AssertionError("plain assert"), Verdict.FAIL, Fault.CHECK_FAILED),
        (AppLaunchFailed("blank page"), Verdict.FAIL, Fault.APP_CRASH),
        (ElementClickInterceptedException("covered"), Verdict.FAIL, Fault.CANDIDATE_ERROR),
        (BuildFailed("syntax error"), Verdict.NOT_RUN, Fault.BUILD_FAILED),
        (BuilderFault("npx missing"), Verdict.NOT_RUN, Fault.BUILDER_FAULT),
        (DeviceError("appium died"), Verdict.NOT_RUN, Fault.DEVICE_FAULT),
        (InvalidSessionIdException("invalid session id"), Verdict.NOT_RUN, Fault.DRIVER_ERROR),
        (ConnectionRefusedError("refused"), Verdict.NOT_RUN, Fault.DRIVER_ERROR),
        (ProtocolError("Connection aborted.", ConnectionResetError(104, "Connection reset by peer")),
         Verdict.NOT_RUN, Fault.DRIVER_ERROR),
        (UnknownMethodException("-ios predicate string"), Verdict.NOT_RUN, Fault.RUNNER_CRASH),
    ],
)
def test_classify(exc: BaseException, verdict: Verdict, fault: Fault) -> None:
    outcome = classify(exc)
    assert (outcome.verdict, outcome.fault) == (verdict, fault)
    assert outcome.reason


def test_a_failed_check_reports_its_criterion() -> None:
    assert classify(CheckFailed("net worth is exact", "a", "b")).reason == "net worth is exact"


def test_an_unrecognised_exception_is_quarantined_as_a_bench_fault() -> None:
    with pytest.warns(UserWarning, match="quarantined an unrecognised KeyError"):
        outcome = classify(KeyError("suite bug"))
    assert (outcome.verdict, outcome.fault) == (Verdict.NOT_RUN, Fault.RUNNER_CRASH)
