"""Stability certificates: `revylbench stability --certify` writes one when a task's suite is
stable (`records/certificate.py`), and `revylbench certificates` says of each task whether its
certificate is current, missing, stale (which digest changed) or incomplete (a mutant added
since).

The environment's versions come from the caller (`outputs/provenance.environment`, a layer
above this one); only `ENVIRONMENT_KEYS` of them decide a certificate.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

from pydantic import ValidationError

from pytest_revylbench.builder.submission import tree_digest
from pytest_revylbench.records.certificate import Certificate, CertificateDigests, CertifiedSubject
from pytest_revylbench.tasks.digests import (
    CERTIFICATE_FILE,
    mutants_digest,
    oracle_digest,
    reference_digest,
    scaffold_digest,
    scaffold_folder,
    suite_digest,
    task_digest,
)
from pytest_revylbench.tasks.loading import Task
from pytest_revylbench.tasks.mutants import list_mutants
from pytest_revylbench.tasks.stability import REFERENCE, StabilityReport

ENVIRONMENT_KEYS = ("chromium", "chromedriver", "appium", "appium-chromium-driver",
                    "web-rendering", "web-calibration", "clock", "libfaketime")
"""The environment versions that decide a grade; the kernel, Python's patch level and the
host name do not. The grader's clock decides one too (an app may show the date): its instant
and how it is held (`clock`) and the library that holds it (`libfaketime`)."""
CHECKED = ("task", "suite", "reference", "mutants", "oracle", "grader", "environment")
"""The digests whose change stales a certificate (`grader_source` is information only)."""
PACKAGE_ROOT = Path(__file__).resolve().parents[1]


def certificate_path(task: Task) -> Path:
    return task.suite / CERTIFICATE_FILE


def environment_digest(environment: dict[str, str]) -> str:
    """sha256 over the `ENVIRONMENT_KEYS` of `environment` (`missing` for an absent key)."""
    chosen = environment_versions(environment)
    return "sha256:" + hashlib.sha256(json.dumps(chosen, sort_keys=True).encode()).hexdigest()


def current_digests(task: Task, environment: dict[str, str]) -> CertificateDigests:
    """The digests a certificate of `task` made now would record."""
    return CertificateDigests(
        task=task_digest(task), suite=suite_digest(task), reference=reference_digest(task),
        mutants=mutants_digest(task), oracle=oracle_digest(task),
        grader=metadata.version("pytest-revylbench"),
        environment=environment_digest(environment), grader_source=tree_digest(PACKAGE_ROOT),
    )


def machine() -> str:
    return f"{platform.node()} ({os.cpu_count()} cores, {platform.system()} {platform.machine()})"


def environment_versions(environment: dict[str, str]) -> dict[str, str]:
    """The `ENVIRONMENT_KEYS` of `environment` (`missing` for an absent key)."""
    return {key: environment.get(key, "missing") for key in ENVIRONMENT_KEYS}


def make_certificate(report: StabilityReport, digests: CertificateDigests,
                     environment: dict[str, str] | None = None) -> Certificate:
    """The certificate of a stable report; ValueError when the report is not stable or some
    subject was left out."""
    if not report.stable:
        raise ValueError(unstable_reason(report))
    return Certificate(
        task=report.task, platform=report.platform, runs=report.runs,
        mutant_runs=report.mutant_runs if report.mutant_runs is not None else report.runs,
        made_at=datetime.now(UTC).isoformat(timespec="seconds"), machine=machine(),
        digests=digests, environment=environment_versions(environment or {}),
        subjects=[CertifiedSubject(subject=s.subject, expected=s.expected, runs=s.runs,
                                   scores=s.scores, lowers=s.lowers, seconds=s.seconds,
                                   checks=s.checks)
                  for s in report.subjects],
        null=report.null,
    )


def unstable_reason(report: StabilityReport) -> str:
    parts = []
    for s in report.subjects:
        if s.stable:
            continue
        why = [f"{test} expected {want}, got {', '.join(run.get(test, 'missing') for run in s.runs)}"
               for test, want in s.expected.items() if any(run.get(test) != want for run in s.runs)]
        if s.scores and any(x != s.scores[0] for x in s.scores):
            why.append("scores differ between runs")
        if s.not_lowered:
            why.append(f"did not lower {', '.join(s.not_lowered)}")
        if not all(s.bundles):
            why.append("a grade wrote no feedback bundle")
        parts.append(f"{s.subject}: {'; '.join(why) or 'unstable'}")
    if report.null is not None and not report.null.earns_nothing:
        parts.append(f"null control: {report.null.why()}")
    return "unstable: " + " | ".join(parts)


def write_certificate(task: Task, certificate: Certificate) -> Path:
    """Write `suites/<id>/stability.json` (only ever from a stable certificate)."""
    if not certificate.stable:
        raise ValueError(f"{task.spec.id}: refusing to write an unstable certificate")
    path = certificate_path(task)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(certificate.model_dump_json(indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def read_certificate(task: Task) -> Certificate | None:
    """The task's certificate; None when there is none. ValueError naming the file when it is
    not a valid certificate."""
    path = certificate_path(task)
    if not path.is_file():
        return None
    try:
        return Certificate.model_validate_json(path.read_text(encoding="utf-8"))
    except ValidationError as exc:
        raise ValueError(f"{path}: not a valid stability certificate: {exc}") from exc


@dataclass(frozen=True)
class Problem:
    """Why a task's certificate is not current: `MISSING`, `STALE`, `INCOMPLETE`, `UNSTABLE`."""

    kind: str
    text: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.text}" if self.text else self.kind


def certificate_problems(task: Task, environment: dict[str, str]) -> list[Problem]:
    """What is wrong with the task's certificate today; empty when it is current, complete
    and stable."""
    try:
        certificate = read_certificate(task)
    except ValueError as exc:
        return [Problem("INVALID", str(exc))]
    if certificate is None:
        return [Problem("MISSING", "")]
    problems = []
    now = current_digests(task, environment)
    for key in CHECKED:
        was, is_ = getattr(certificate.digests, key), getattr(now, key)
        if was != is_:
            problems.append(Problem("STALE", f"{key} changed (was {was}, now {is_})"
                                    + _moved_versions(certificate, environment, key)))
    if certificate.null is not None:
        if not (folder := scaffold_folder(task)).is_dir():
            problems.append(Problem("STALE", f"no scaffold at {folder}: the null control "
                                             f"graded one ({certificate.null.scaffold})"))
        elif certificate.null.scaffold != (scaffold := scaffold_digest(task)):
            problems.append(Problem("STALE", f"scaffold changed (was {certificate.null.scaffold}, "
                                             f"now {scaffold}): the null control graded another"))
    certified = {s.subject for s in certificate.subjects}
    uncertified = [m.name for m in list_mutants(task.suite) if m.name not in certified]
    if REFERENCE not in certified:
        uncertified.insert(0, REFERENCE)
    if uncertified:
        problems.append(Problem("INCOMPLETE", "mutants not certified: " + ", ".join(uncertified)))
    if not certificate.stable:
        problems.append(Problem("UNSTABLE", ", ".join(
            [s.subject for s in certificate.subjects if not s.stable]
            + (["null control"] if certificate.null is not None and not certificate.null.earns_nothing
               else []))))
    return problems


def _moved_versions(certificate: Certificate, environment: dict[str, str], key: str) -> str:
    """For a stale environment: which versions moved, when the certificate recorded them."""
    if key != "environment" or not certificate.environment:
        return ""
    now = environment_versions(environment)
    moved = [f"{name} {certificate.environment.get(name, 'missing')} → {now[name]}"
             for name in ENVIRONMENT_KEYS if certificate.environment.get(name) != now[name]]
    return f": {'; '.join(moved)}" if moved else ""


FIX = "revylbench stability --task {task} --certify"
"""The command that makes a task's certificate current."""
