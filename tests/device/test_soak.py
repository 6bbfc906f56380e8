"""Soak: many device faults in a row within one grade session leave nothing behind.

The grade's Appium server, chromedriver and Chromium are killed in turn as test calls start
(`soak_faults.py`, loaded into the grade); each fault is a bench fault, retried on a fresh
device. At the end no process carries the grade's marker, the grader's open files and memory
are back at their starting figures, and the verdicts are those of a clean grade.

The per-PR variant injects SOAK_FAULTS faults (3 by default, one of each kind);
`bench/soak.py` runs the full twenty and reports the figures (bench/RESULTS.md, figure 9).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .conftest import FLOW_ONLY, REPO, survivors, verdicts

ALL_PASS = {
    "test_stage_1_accounts": "pass", "test_stage_2_transactions": "pass",
    "test_stage_3_budgets": "pass", "test_journey_month_close": "pass",
}
FD_TOLERANCE = 4
"""Open files of the grader: a leaked pipe or log per fault would show as 1 a fault."""
RSS_TOLERANCE = 48 * 1024 * 1024
"""The grader's RSS may grow by this much (evidence and results it keeps): a leaked browser
is ~500 MB, and it lives in its own process, counted by the marker check."""


def soak(faults: int, reports: Path, run_id: str) -> dict[str, Any]:
    """One grade of `budget`'s reference with `faults` injected device faults; its figures."""
    tests = len(ALL_PASS)
    per_test = -(-faults // tests)  # spread over the four tests; their last attempts clean
    out = reports / f"{run_id}-soak.json"
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--task", "budget", "--platform", "web",
         "--submission=suites/budget/reference", f"--reports={reports}", "--run-id", run_id,
         "-p", "no:cacheprovider", "-p", "tests.device.soak_faults", *FLOW_ONLY,
         # The default video (on-failure), not FLOW_ONLY's none: each failed attempt's video is
         # encoded in a process of its own (devices/vp9.py), so the codec adds nothing to the
         # grader's memory.
         "--video=on-failure",
         "--infra-retries", str(per_test)],
        cwd=REPO, capture_output=True, text=True, timeout=1800,
        env={**os.environ, "SOAK_OWNER": f"{run_id}/main", "SOAK_FAULTS": str(faults),
             "SOAK_PER_TEST": str(per_test), "SOAK_OUT": str(out)},
    )
    wall = time.monotonic() - started
    record = json.loads((reports / run_id / "grade.json").read_text())
    figures = json.loads(out.read_text())
    calls, end = figures["calls"], figures["end"][-1]
    return {
        "faults": len(figures["faults"]), "victims": [f["victim"] for f in figures["faults"]],
        "killed_each": [len(f["killed"]) for f in figures["faults"]],
        "wall_s": round(wall, 1), "exit": proc.returncode,
        "verdicts": verdicts(record), "status": record["status"],
        "attempts": {t["name"]: t["attempts"] for t in record["tests"]},
        "fds_start": calls[0]["num_fds"], "fds_last_call": calls[-1]["num_fds"],
        "rss_start": calls[0]["rss"], "rss_last_call": calls[-1]["rss"],
        "grade_processes_per_call": [c["grade_processes"] for c in calls],
        "grade_rss_start": calls[0]["grade_rss"], "grade_rss_last_call": calls[-1]["grade_rss"],
        "left_at_end": end["left"], "survivors": survivors(run_id),
        "output": proc.stdout[-3000:],
    }


BROWSER_IN_TRANSIT = 8
"""A Chromium's processes (browser, zygotes, GPU, network, crashpad handlers)."""


def check(result: dict[str, Any], faults: int) -> None:
    assert result["faults"] == faults, result["output"]
    assert all(n >= 1 for n in result["killed_each"]), "every fault killed its victim"
    assert result["verdicts"] == ALL_PASS and result["status"] == "completed", result["output"]
    # Every Chromium killed fails its attempt; a killed Appium server or chromedriver only when
    # the test needs it again (its reads, presses and typing go over the grader's own socket).
    browsers = sum(1 for v in result["victims"] if v == "chromium")
    assert len(ALL_PASS) + browsers <= sum(result["attempts"].values()) <= len(ALL_PASS) + faults, \
        result["attempts"]
    assert result["left_at_end"] == [] and result["survivors"] == []
    counts = result["grade_processes_per_call"]
    # Sampled as each test starts: right after a fault, the killed browser's helpers may still
    # be exiting while its replacement starts (a Chromium is up to 8 processes), so one browser
    # in transit is allowed; what is left at the end is held to nothing above.
    assert max(counts) <= counts[0] + 3 + BROWSER_IN_TRANSIT, f"the grade's processes grew: {counts}"
    assert abs(result["fds_last_call"] - result["fds_start"]) <= FD_TOLERANCE, result
    assert result["rss_last_call"] - result["rss_start"] <= RSS_TOLERANCE, result


def test_device_faults_in_a_row_leave_nothing_behind(tmp_path: Path) -> None:
    faults = int(os.environ.get("SOAK_FAULTS", "3"))
    result = soak(faults, tmp_path, f"soak-{os.getpid()}")
    print(json.dumps({k: v for k, v in result.items() if k != "output"}, indent=1))
    check(result, faults)
