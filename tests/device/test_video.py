"""A video of each device test (issue 20 item 1): a budget mutant that fails a stage, graded
with `--video=on-failure` (flow tier), keeps a playable video of each test that did not pass
and of none that passed; each check is placed within it; grade.json binds it in its evidence
digests; the scorecard plays it beside the timeline of the test's checks, each a link to its
moment, with the UI tree each check judged one click away; the feedback bundle holds the videos
of the failed stages (and journey) only, and the redacted page (`scorecard-redacted.html`)
plays them from the bundle."""

from __future__ import annotations

import json
from pathlib import Path

from pytest_revylbench.devices.video import probe
from pytest_revylbench.outputs.scorecard import REDACTED_SCORECARD
from pytest_revylbench.outputs.sealing import file_digest
from pytest_revylbench.outputs.tree_views import view_path
from pytest_revylbench.tasks.mutants import list_mutants, materialize

from .conftest import REPO, grade

MUTANT = "edit-applied-twice"
"""Stage 3 and the journey fail a value check after edits; stages 1, 2 and 4 pass."""


def test_on_failure_keeps_a_playable_video_of_each_failed_test_only(tmp_path: Path) -> None:
    suite = REPO / "suites/budget"
    mutant = {m.name: m for m in list_mutants(suite)}[MUTANT]
    submission = materialize(suite, mutant, tmp_path / MUTANT)
    record = grade(submission, tmp_path / "reports", "video", "--video=on-failure")
    run_dir = tmp_path / "reports" / "video"
    assert record["status"] == "completed", record["_stdout"][-2000:]
    device_tests = [t for t in record["tests"] if t["role"] in ("stage", "journey")]
    failed = [t for t in device_tests if t["verdict"] == "fail"]
    passed = [t for t in device_tests if t["verdict"] == "pass"]
    assert failed and passed, [(t["name"], t["verdict"]) for t in device_tests]
    assert all(t["video"] is None for t in passed), "on-failure kept a passing test's video"

    for test in failed:
        video = test["video"]
        assert video is not None and video["path"], f"{test['name']}: no video ({video and video['dropped']})"
        path = run_dir / video["path"]
        assert path.suffix == ".webm" and path.stat().st_size == video["bytes"]
        assert record["evidence_digests"][video["path"]] == file_digest(path)
        decoded = probe(path)  # decoded back whole: it plays
        assert decoded.frames > 0 and decoded.frames == video["frames"]
        assert (decoded.width, decoded.height) == (392, 852)
        assert abs(decoded.duration_s - video["duration_s"]) < 0.5
        # The video runs from the app's launch to the end of the test's teardown.
        assert test["duration_s"] - 1 <= decoded.duration_s <= test["duration_s"] + 20, (
            test["duration_s"], decoded.duration_s)
        moments = [e["video_s"] for e in test["evidence"]]
        assert moments and all(m is not None and 0 <= m <= decoded.duration_s for m in moments)
        assert moments == sorted(moments)

    page = (run_dir / "scorecard.html").read_text()
    for test in failed:
        assert f'src="{test["video"]["path"]}"' in page
        for item in test["evidence"]:
            assert f'data-t="{item["video_s"]}"' in page
            # The tree it judged: bound by the grade's digests, viewable from the page.
            assert item["tree"] and record["evidence_digests"][item["tree"]] == item["tree_sha256"]
            assert (run_dir / view_path(item["tree_sha256"])).is_file()
            assert f'href="{view_path(item["tree_sha256"])}"' in page

    bundle = run_dir / "feedback"
    feedback = json.loads((bundle / "feedback.json").read_text())
    named = {f["video"] for f in feedback["failures"] if f.get("video")}
    videos = {p.name for p in bundle.iterdir() if p.suffix in (".webm", ".mp4")}
    assert named == videos and len(videos) == len(failed), (named, videos)
    for name in videos:
        assert probe(bundle / name).frames > 0
    redacted = (run_dir / REDACTED_SCORECARD).read_text()
    assert sorted(videos) == sorted(n for n in videos if f'src="feedback/{n}"' in redacted)
    assert "tests/" not in redacted and "scorecard-trees" not in redacted
