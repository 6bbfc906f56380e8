"""What a build of a submission produced: its result, each `npm ci` attempt, and whose
failure a failed step is."""

from __future__ import annotations

from typing import Literal

from pytest_revylbench.records.base import Record
from pytest_revylbench.records.vocabulary import Fault


class StepDiagnosis(Record):
    """Whose failure a failed build step is, decided by a named rule from the tool's own output."""

    step: str
    """The build step: `install dependencies`, `expo export (web)`, …"""
    party: Literal["agent", "bench"]
    """`agent`: the submission's (build_failed); `bench`: the grader's (builder_fault or
    timeout), refunded in a rollout."""
    rule: str
    """The rule that decided it, in plain words."""
    code: str = ""
    """The tool's own error code (npm's `E404`, `ECONNREFUSED`, …) or the signal that ended it."""
    evidence: str = ""
    """The lines of the tool's output the rule was read from (npm's `npm error code` line first)."""
    quarantined: bool = False
    """No rule recognised the failure: charged to the bench, with a warning."""


class InstallAttempt(Record):
    """One run of `npm ci` for a build's dependencies."""

    seconds: float
    waited_s: float = 0.0
    """The backoff waited before this attempt."""
    ok: bool
    diagnosis: StepDiagnosis | None = None
    """Why the attempt failed (None when it succeeded)."""
    fresh_npm_cache: bool = False
    """It ran with a private, empty npm cache (to rule out a corrupt entry of ours)."""


class BuildResult(Record):
    ok: bool
    seconds: float
    log_path: str
    """Relative to the run's report folder."""
    log_tail: str = ""
    reason: str = ""
    fault: Fault | None = None
    """build_failed (the submission's fault), builder_fault or timeout (the bench's)."""
    cache_hit: bool = False
    """The dependencies came from the node_modules cache."""
    sandboxed: bool = False
    """Every step that ran submission code ran in the bubblewrap sandbox."""
    artifact: str | None = None
    """The artifact's path inside the build's work folder (`dist`, the `.app`, the `.apk`)."""
    reused: bool = False
    """The artifact is an earlier identical build's (same submission, platform and builder)."""
    diagnosis: StepDiagnosis | None = None
    """Why the build failed and whose failure it is: the rule and the tool's output it read."""
    install_attempts: tuple[InstallAttempt, ...] = ()
    """Each `npm ci` run of this build (none on a cache hit); bench faults are retried."""
