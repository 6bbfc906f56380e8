"""What the seal binds beside the tests' own evidence: the pixel audit's crops."""

from __future__ import annotations

from pathlib import Path

from pytest_revylbench.outputs.sealing import evidence_digests, file_digest, sealed, verify
from pytest_revylbench.records.grade import Screenshot, TestResult
from pytest_revylbench.records.vocabulary import Verdict


def test_the_audits_crops_are_sealed_with_the_evidence_and_an_edit_is_found(tmp_path: Path) -> None:
    shot, crop = "tests/t/01-ok-shot.png", "audit/t-01.png"
    for rel, data in ((shot, b"shot"), (crop, b"crop")):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(data)
    test = TestResult(nodeid="s::t", name="t", role="stage", verdict=Verdict.FAIL,
                      screenshots=(Screenshot(step="end", path=shot),))
    digests = evidence_digests([test], tmp_path, also=[crop, "audit/never-written.png"])
    assert digests == {shot: file_digest(tmp_path / shot), crop: file_digest(tmp_path / crop)}
    raw = sealed({"evidence_digests": digests})
    assert verify(tmp_path, raw) == []
    (tmp_path / crop).write_bytes(b"another crop")
    assert [p.split(":")[0] for p in verify(tmp_path, raw)] == [crop]
