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
    checks: list[int] = []
    """Per run, the checks its device tests (stages and journey) recorded: the bar asks at
    least 80 of the reference (`checks/bar.py`). Empty in a certificate made before it was
    recorded."""

    @property
    def stable(self) -> bool:
        """Every run gave the expected verdicts and the same scores."""
        return (bool(self.runs) and all(run == self.expected for run in self.runs)
                and all(s == self.scores[0] for s in self.scores))


class NullControl(Record):
    """The null-submission control: the untouched scaffold graded against the task on every
    tier (`--check-timeout=1`), as `revylbench stability --certify` saw it."""

    scaffold: str
    """The digest of the scaffold's source it graded (`tasks/scaffold`, build folders skipped)."""
    status: str
    """The grade's status: `completed` or `candidate_failure` for a grade that ran."""
    outcome: float
    schemes: dict[str, float]
    """Each built-in scheme's reward: every one must be 0."""
    refused: dict[str, str] = {}
    """Schemes the grade could not score, with why: must be none."""
    build_passed: int
    """Build subtests passed: at least one, so that the zero comes from the progress gate
    (no stage or journey test passed), not from a scaffold that does not build."""
    seconds: float = 0.0

    @property
    def earns_nothing(self) -> bool:
        return (self.status in ("completed", "candidate_failure") and self.outcome == 0.0
                and bool(self.schemes) and all(v == 0.0 for v in self.schemes.values())
                and not self.refused and self.build_passed >= 1)

    def why(self) -> str:
        """What is wrong, in words; empty when it earns nothing as it must."""
        if self.earns_nothing:
            return ""
        if self.status not in ("completed", "candidate_failure"):
            return f"the scaffold's grade ended {self.status}"
        if self.build_passed < 1:
            return "the scaffold did not build: its zero says nothing of the progress gate"
        if self.refused:
            return "schemes refused: " + ", ".join(f"{k} ({v})" for k, v in sorted(self.refused.items()))
        earned = {k: v for k, v in self.schemes.items() if v != 0.0}
        return f"the untouched scaffold earned outcome {self.outcome}, schemes {earned or 'none scored'}"


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
    null: NullControl | None = None
    """The null-submission control; None in a certificate made before it was part of one (CI
    then grades that task's control live on every run)."""

    @property
    def stable(self) -> bool:
        return (bool(self.subjects) and all(s.stable for s in self.subjects)
                and (self.null is None or self.null.earns_nothing))

    def subject(self, name: str) -> CertifiedSubject | None:
        return next((s for s in self.subjects if s.subject == name), None)
