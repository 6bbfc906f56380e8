"""The pixel audit's record: which passing text checks were read back from their screenshots,
and what the pixels showed (`grade.json`'s `pixel_audit`)."""

from __future__ import annotations

from typing import Literal

from pytest_revylbench.records.base import Record

AuditVerdict = Literal["shown", "not_shown", "unreadable"]
"""`shown`: a read of the crop agrees with the text; `not_shown`: every read clearly disagrees
(the agent fault `tampered`); `unreadable`: the reads disagree, but not in a way a forgery
makes (no verdict)."""


class AuditedCheck(Record):
    """One passing text check, read back from its screenshot."""

    test: str
    """The test's node id."""
    check: int
    """The check's index in the test's evidence."""
    screenshot: str
    """The check's `after` screenshot (report-relative)."""
    verdict: AuditVerdict
    read: str
    """Tesseract's closest read of the element's box."""
    distance: float
    """Edit distance between the read and the checked text, after normalising both."""
    why: str = ""
    """For `not_shown`: what differs (characters missing or added); else ""."""
    crop: str | None = None
    """The crop of a `not_shown` check, kept as evidence (report-relative)."""


class PixelAudit(Record):
    """A grade's audit of its passing text checks against their screenshots."""

    version: Literal[1] = 1
    rate: float
    """The share of eligible checks audited (1.0 in stability runs and certification)."""
    seed: str
    """The sample's seed: drawn by the grader for this grade, never from the submission."""
    eligible: int
    """Passing text checks whose element's box lies inside its screenshot."""
    outside: int
    """Passing text checks not audited because their box was not (wholly) in the viewport."""
    checks: tuple[AuditedCheck, ...] = ()
    seconds: float = 0.0
    """Wall time the audit took (reading crops with tesseract)."""
    cpu_seconds: float = 0.0
    """CPU time it took, the grader's and tesseract's together."""
    error: str = ""
    """Why no check could be audited (tesseract missing); "" otherwise."""

    @property
    def not_shown(self) -> tuple[AuditedCheck, ...]:
        return tuple(c for c in self.checks if c.verdict == "not_shown")
