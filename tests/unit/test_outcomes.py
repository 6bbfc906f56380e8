"""Which exception means which verdict, and whose fault."""

from __future__ import annotations

import pytest
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    InvalidSessionIdException,
)

from pytest_revylbench.app import CheckFailed
from pytest_revylbench.devices.errors import AppLaunchFailed, DeviceError
from pytest_revylbench.models import Fault, Verdict
from pytest_revylbench.outcomes import BuildFailed, classify


@pytest.mark.parametrize(
    ("exc", "verdict", "fault"),
    [
        (CheckFailed("the total is right", "'$1.00'", "'$2.00'"), Verdict.FAIL, Fault.CHECK_FAILED),
        (AssertionError("plain assert"), Verdict.FAIL, Fault.CHECK_FAILED),
        (AppLaunchFailed("blank page"), Verdict.FAIL, Fault.CANDIDATE_ERROR),
        (ElementClickInterceptedException("covered"), Verdict.FAIL, Fault.CANDIDATE_ERROR),
        (BuildFailed("syntax error"), Verdict.NOT_RUN, Fault.BUILD_FAILED),
        (DeviceError("appium died"), Verdict.NOT_RUN, Fault.INFRA_ERROR),
        (InvalidSessionIdException("invalid session id"), Verdict.NOT_RUN, Fault.INFRA_ERROR),
        (ConnectionRefusedError("refused"), Verdict.NOT_RUN, Fault.INFRA_ERROR),
        (KeyError("suite bug"), Verdict.NOT_RUN, Fault.SUITE_ERROR),
    ],
)
def test_classify(exc: BaseException, verdict: Verdict, fault: Fault) -> None:
    outcome = classify(exc)
    assert (outcome.verdict, outcome.fault) == (verdict, fault)
    assert outcome.reason


def test_a_failed_check_reports_its_criterion() -> None:
    assert classify(CheckFailed("net worth is exact", "a", "b")).reason == "net worth is exact"
