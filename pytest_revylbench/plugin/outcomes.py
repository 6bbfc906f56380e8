"""From what happened in a test's phases to its verdict and, if it failed, whose fault."""

from __future__ import annotations

import warnings
from dataclasses import dataclass

from pytest_revylbench.app.facade import CheckFailed
from pytest_revylbench.devices.calibration import EnvironmentMismatch
from pytest_revylbench.devices.errors import AppHung, AppLaunchFailed, DeviceError
from pytest_revylbench.records.vocabulary import Fault, Verdict


class BuildFailed(Exception):
    """The submission did not build; every device test is not run because of it."""


class BuilderFault(Exception):
    """The build machinery failed, not the submission: a bench fault."""


class ExportFailed(Exception):
    """The build tier's export subtest: the submission did not build (its verdict is fail)."""


class Tampered(Exception):
    """The hidden component tests' records were forged or their recorder stopped: the agent's."""


class NotRunInTime(Exception):
    """The grade's time limit passed before this item ran: `timeout` (the bench's) or, when
    the app had hung, `app_hang` (the agent's)."""

    def __init__(self, message: str, fault: Fault) -> None:
        super().__init__(message)
        self.fault = fault


@dataclass(frozen=True)
class PhaseOutcome:
    verdict: Verdict
    fault: Fault | None
    reason: str


# Messages of driver errors that mean the session or server went away: the bench's fault.
_LOST_SESSION = (
    "invalid session id", "session deleted", "no such window", "disconnected",
    "chrome not reachable", "connection refused", "max retries exceeded",
    "could not proxy command", "socket hang up", "econnreset", "econnrefused",
    "target window already closed", "not connected to devtools", "tab crashed",
    "unable to receive message from renderer", "session not created",
    # The Appium server died mid-request (urllib3's ProtocolError: 'Connection aborted.',
    # ConnectionResetError): found by the soak test's injected faults.
    "connection aborted", "connection reset",
)


_SUITE_ASKED_THE_IMPOSSIBLE = frozenset({"UnknownMethodException", "InvalidSelectorException"})


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0] if text else ''}".strip()


def classify(exc: BaseException) -> PhaseOutcome:
    """The verdict an exception in a hidden test stands for."""
    if isinstance(exc, CheckFailed):
        return PhaseOutcome(Verdict.FAIL, Fault.CHECK_FAILED, exc.criterion)
    if isinstance(exc, AssertionError):
        return PhaseOutcome(Verdict.FAIL, Fault.CHECK_FAILED, _first_line(exc))
    if isinstance(exc, Tampered):
        return PhaseOutcome(Verdict.FAIL, Fault.TAMPERED, str(exc))
    if isinstance(exc, ExportFailed):
        return PhaseOutcome(Verdict.FAIL, Fault.BUILD_FAILED, str(exc))
    if isinstance(exc, BuildFailed):
        return PhaseOutcome(Verdict.NOT_RUN, Fault.BUILD_FAILED, f"not run: {exc}")
    if isinstance(exc, AppLaunchFailed):
        return PhaseOutcome(Verdict.FAIL, Fault.APP_CRASH, str(exc))
    if isinstance(exc, AppHung):
        return PhaseOutcome(Verdict.FAIL, Fault.APP_HANG, str(exc))
    if isinstance(exc, NotRunInTime):
        return PhaseOutcome(Verdict.NOT_RUN, exc.fault, f"not run: {exc}")
    if isinstance(exc, BuilderFault):
        return PhaseOutcome(Verdict.NOT_RUN, Fault.BUILDER_FAULT, f"not run: {exc}")
    if isinstance(exc, EnvironmentMismatch):
        # The device does not draw as the oracle's did: no visual score, and not a retry.
        return PhaseOutcome(Verdict.NOT_RUN, Fault.ENVIRONMENT_MISMATCH, str(exc))
    if isinstance(exc, DeviceError):
        return PhaseOutcome(Verdict.NOT_RUN, Fault.DEVICE_FAULT, _first_line(exc))
    if type(exc).__name__ in _SUITE_ASKED_THE_IMPOSSIBLE:
        # The driver cannot do what the suite asked (a strategy it does not know): the bench's.
        return PhaseOutcome(Verdict.NOT_RUN, Fault.RUNNER_CRASH, _first_line(exc))
    if _is_driver_exception(exc) and page_hung(exc):
        return PhaseOutcome(Verdict.FAIL, Fault.APP_HANG,
                            "the app's page stopped answering mid-test (its script never yields): "
                            + _first_line(exc))
    if isinstance(exc, ConnectionError) or _is_driver_exception(exc):
        message = str(exc).lower()
        if isinstance(exc, ConnectionError) or any(m in message for m in _LOST_SESSION):
            return PhaseOutcome(Verdict.NOT_RUN, Fault.DRIVER_ERROR, _first_line(exc))
        # The driver refused an action on the candidate's UI (not clickable, detached …).
        return PhaseOutcome(Verdict.FAIL, Fault.CANDIDATE_ERROR, _first_line(exc))
    warnings.warn(
        f"revylbench: quarantined an unrecognised {type(exc).__name__} as a bench fault "
        "(runner_crash); it is not charged to the agent",
        stacklevel=2,
    )
    return PhaseOutcome(Verdict.NOT_RUN, Fault.RUNNER_CRASH, _first_line(exc))


# The driver waited for the page and gave up: a script that never returned, a renderer that
# never answered, or our own read limit on a command (web.COMMAND_TIMEOUT_S). The session and
# the server were there; the page was not.
_PAGE_HUNG = ("timed out receiving message from renderer", "script timeout", "read timed out")


def page_hung(exc: BaseException) -> bool:
    message = str(exc).lower()
    return type(exc).__name__ == "TimeoutException" or any(m in message for m in _PAGE_HUNG)


def _is_driver_exception(exc: BaseException) -> bool:
    return type(exc).__module__.startswith(("selenium", "appium", "urllib3"))


PASSED = PhaseOutcome(Verdict.PASS, None, "")
