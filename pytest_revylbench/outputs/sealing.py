"""What binds a report folder to its grade.json: the digest of every evidence file the grade
cites (`GradeRecord.evidence_digests`) and the seal over grade.json itself (`GradeRecord.seal`).

`revylbench regrade` re-judges a grade from its stored evidence only after `verify` finds every
file as it was written.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pytest_revylbench.app.evidence import sha256_text
from pytest_revylbench.records.grade import TestResult

SEAL = "seal"


def file_digest(path: Path) -> str:
    return sha256_text(path.read_bytes())


def cited_files(tests: Iterable[TestResult]) -> list[str]:
    """Every report-relative evidence file the tests cite: screenshots, before/after, UI trees,
    videos."""
    cited: set[str] = set()
    for test in tests:
        cited.update(s.path for s in test.screenshots)
        if test.video is not None and test.video.path:
            cited.add(test.video.path)
        for item in test.evidence:
            cited.update(p for p in (item.before, item.after, item.tree) if p)
    return sorted(cited)


def evidence_digests(tests: Iterable[TestResult], run_dir: Path,
                     also: Iterable[str] = ()) -> dict[str, str]:
    """`sha256:` of each cited file that exists (a shot the test could not take is not cited),
    and of the report-relative files `also` (the pixel audit's crops of the checks it failed)."""
    return {rel: file_digest(run_dir / rel) for rel in sorted({*cited_files(tests), *also})
            if (run_dir / rel).is_file()}


def canonical(raw: dict[str, Any]) -> bytes:
    """grade.json's content without its seal: sorted keys, no spaces, UTF-8."""
    body = {k: v for k, v in raw.items() if k != SEAL}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def seal_of(raw: dict[str, Any]) -> str:
    return sha256_text(canonical(raw))


def sealed(raw: dict[str, Any]) -> dict[str, Any]:
    """`raw` (a grade record dumped as JSON) with its seal."""
    return {**raw, SEAL: seal_of(raw)}


def verify(report_dir: Path, raw: dict[str, Any]) -> list[str]:
    """What does not match in `report_dir`: grade.json's seal, then each evidence file missing
    or altered (by name); empty when every file is as the grade wrote it."""
    problems: list[str] = []
    seal = raw.get(SEAL, "")
    if not seal:
        problems.append("grade.json: no seal (written before regrade existed, or edited)")
    elif seal != seal_of(raw):
        problems.append(f"grade.json: altered (its content no longer matches its seal {seal})")
    digests: dict[str, str] = raw.get("evidence_digests") or {}
    for rel, digest in sorted(digests.items()):
        path = report_dir / rel
        if not path.is_file():
            problems.append(f"{rel}: missing")
        elif file_digest(path) != digest:
            problems.append(f"{rel}: altered (sha256 {file_digest(path)}, grade.json says {digest})")
    return problems
