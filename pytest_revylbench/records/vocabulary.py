"""The words every layer shares: platforms, tiers, verdicts, faults, grade statuses, schemes.

Each is a `StrEnum` (or a `Literal` where a type checker needs the strings themselves), so a
record serialises to the same JSON strings as before and compares equal to them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

Platform = Literal["web", "ios", "android"]
PLATFORMS: tuple[Platform, ...] = ("web", "ios", "android")


class Tier(StrEnum):
    """A family of subtests scored together (docs/TIERS.md)."""

    BUILD = "build"
    FUNCTIONAL = "functional"
    FLOW = "flow"
    CONTRACT = "contract"
    VISUAL = "visual"


TIER_ORDER: tuple[Tier, ...] = tuple(Tier)
"""Every tier, in the order reports list them."""
WEIGHTED_TIERS: tuple[Tier, ...] = (Tier.BUILD, Tier.FUNCTIONAL, Tier.FLOW, Tier.CONTRACT)
"""The tiers the `tiers` scheme weighs (visual is scored by comparing screenshots)."""
PROGRESS_TIER = Tier.FLOW
"""The tier whose subtests (stage and journey tests) open the progress gate."""


class Scheme(StrEnum):
    """The built-in reward schemes; a plugin may add others under any name."""

    STAGES = "stages"
    TIERS = "tiers"
    VISUAL = "visual"


class Verdict(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    NOT_RUN = "not_run"


class Fault(StrEnum):
    """Why a test (or a whole grade) did not pass, and so whose fault it is."""

    # The agent's: charged to the submission.
    CHECK_FAILED = "check_failed"
    """A criterion of the suite did not hold."""
    CANDIDATE_ERROR = "candidate_error"
    """The driver refused an action on the app's UI (covered, detached, not interactable)."""
    APP_CRASH = "app_crash"
    """The app did not come up, or did not stay up, on launch."""
    BUILD_FAILED = "build_failed"
    """The submission did not build; nothing ran."""
    APP_HANG = "app_hang"
    """The app stopped answering: it rendered nothing within the launch limit, its page stopped
    responding mid-test, or its code kept the component tests past their limit."""
    TAMPERED = "tampered"
    """The submission's code forged or stopped the recording of the hidden component tests'
    verdicts (every functional item fails, the tier scores 0), or reads a sign that it is graded
    (the build fails: `builder/signs.py`); never refunded."""
    # The bench's: retried on a fresh device, never charged, never counted as a submission.
    DEVICE_FAULT = "device_fault"
    """The device or its server could not be started or stopped answering."""
    DRIVER_ERROR = "driver_error"
    """The driver lost its session or its browser in the middle of a test."""
    RUNNER_CRASH = "runner_crash"
    """An exception the plugin does not recognise: quarantined, never charged to the agent."""
    BUILDER_FAULT = "builder_fault"
    """The build machinery itself failed (a tool missing or broken), not the submission."""
    NO_REPORT = "no_report"
    """A test or grade ended without a report."""
    TIMEOUT = "timeout"
    """The grade ran out of time."""
    FEEDBACK_FAULT = "feedback_fault"
    """The grade's feedback bundle could not be written: the agent got no feedback."""
    ENVIRONMENT_MISMATCH = "environment_mismatch"
    """The device's calibration photo differs from the pinned environment's: no visual score."""


AGENT_FAULTS = frozenset({Fault.CHECK_FAILED, Fault.CANDIDATE_ERROR, Fault.APP_CRASH, Fault.BUILD_FAILED,
                          Fault.TAMPERED, Fault.APP_HANG})
BENCH_FAULTS = frozenset(set(Fault) - AGENT_FAULTS)


class GradeStatus(StrEnum):
    COMPLETED = "completed"
    CANDIDATE_FAILURE = "candidate_failure"
    INFRA_FAILURE = "infra_failure"
    TIMEOUT = "timeout"
    INTERRUPTED = "interrupted"
    """Stopped before every item ran (a signal, the grade's time limit, a crash of the grader)."""


Trust = Literal["trusted", "dev-untrusted"]
"""`trusted`: every step that ran submission code ran sandboxed; `dev-untrusted`: it did not."""
