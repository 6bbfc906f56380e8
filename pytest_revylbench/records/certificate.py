"""A task's stability certificate (`suites/<id>/stability.json`): what `revylbench stability
--certify` saw when it graded the reference and every mutant, and the digests it saw it with.

The rule for the `grader` digest: it is the package version, not the source's digest, so a
refactor does not stale every certificate (recertifying a task takes 10-25 minutes). A change
that alters any grade must bump the version; CI's rotating sample re-grades a few tasks against
their certificates and catches a change that should have bumped it and did not.
"""

from __future__ import annotations

from pytest_revylbench.records.base import Record

CERTIFICATE_VERSION = 1


class CertifiedSubject(Record):
    """One submission (the reference or a mutant) as graded when certified."""

    subject: str
    """`reference` or the mutant's name."""
    expected: dict[str, str]
    """Test name → the verdict it must have on every run."""
    runs: list[dict[str, str]]
    """Per run, test name → verdict."""
    scores: list[dict[str, float]]
    """Per run, the outcome and each tier's score."""
    lowers: list[str] = []
    """Tiers whose score the mutant must lower below the reference's (`mutant.toml`)."""
    seconds: list[float] = []
    """Per run, the wall seconds its grade took."""

    @property
    def stable(self) -> bool:
        """Every run gave the expected verdicts and the same scores."""
        return (bool(self.runs) and all(run == self.expected for run in self.runs)
                and all(s == self.scores[0] for s in self.scores))


class CertificateDigests(Record):
    """The digests a certificate was made with; a change to any but `grader_source` stales it."""

    task: str
    """The task's public files (`provenance.task_digest`)."""
    suite: str
    """The hidden suite without reference, oracle and certificate (`provenance.suite_digest`)."""
    reference: str
    """`suites/<id>/reference`, build folders skipped."""
    mutants: str
    """`suites/<id>/mutants`."""
    oracle: str
    """`suites/<id>/oracle`."""
    grader: str
    """The pytest-revylbench package version: bumped by any change that alters a grade."""
    environment: str
    """sha256 over the environment versions that decide a grade (`ENVIRONMENT_KEYS`)."""
    grader_source: str = ""
    """The grader's source tree digest when certified; information, not checked."""


class Certificate(Record):
    """A task's stability certificate: every subject's verdicts and scores on each run."""

    version: int = CERTIFICATE_VERSION
    task: str
    platform: str
    runs: int
    """Runs of the reference."""
    mutant_runs: int
    """Runs of every mutant."""
    made_at: str
    """When it was made (UTC, ISO 8601)."""
    machine: str
    """What it was made on: host, cores, system."""
    digests: CertificateDigests
    environment: dict[str, str] = {}
    """The versions behind the `environment` digest (`ENVIRONMENT_KEYS`), so a stale
    certificate can say which of them moved."""
    subjects: list[CertifiedSubject]

    @property
    def stable(self) -> bool:
        return bool(self.subjects) and all(s.stable for s in self.subjects)

    def subject(self, name: str) -> CertifiedSubject | None:
        return next((s for s in self.subjects if s.subject == name), None)
