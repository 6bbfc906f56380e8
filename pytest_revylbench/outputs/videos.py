"""The grade's video budget (`--video-budget-mb`): what one grade's report folder may hold in
videos. Past it, videos are deleted, those of passing tests first (then, among failures, the
latest first), and each dropped one's record says so (`Video.dropped`, its `path` None)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from pytest_revylbench.records.grade import TestResult
from pytest_revylbench.records.vocabulary import Verdict

MB = 1_000_000


def apply_budget(
    results: Mapping[str, TestResult], run_dir: Path, budget_mb: float
) -> dict[str, TestResult]:
    """`results` with the videos past `budget_mb` megabytes deleted from `run_dir` and marked
    dropped; failures' videos are kept first, in test order."""
    budget = int(budget_mb * MB)
    recorded = [(key, r) for key, r in results.items() if r.video is not None and r.video.path]
    order = ([k for k, r in recorded if r.verdict is not Verdict.PASS]
             + [k for k, r in recorded if r.verdict is Verdict.PASS])
    kept = 0
    out = dict(results)
    for key in order:
        video = results[key].video
        assert video is not None and video.path is not None
        if kept + video.bytes <= budget:
            kept += video.bytes
            continue
        (run_dir / video.path).unlink(missing_ok=True)
        reason = (f"dropped: the grade's video budget ({budget_mb:g} MB) was spent "
                  f"({kept / MB:.1f} MB kept, failures first)")
        out[key] = results[key].model_copy(update={
            "video": video.model_copy(update={"path": None, "dropped": reason})})
    return out
