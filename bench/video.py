"""Figure 13: what a video of each device test costs (issue 20 item 1).

  video.py N   whole grades of budget's `edit-applied-twice` mutant on web (every tier, build
               reused, serial) with --video=off / on-failure / on, interleaved: one warm-up
               round, then N rounds; wall seconds, the videos' bytes and frames, and how long
               each recorded test ran.

The mutant fails stage 3 and the journey, so `on-failure` keeps two videos and `on` one per
device test; on the reference `on-failure` would keep none.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from common import ROOT, loadavg, median, save

from pytest_revylbench.tasks.mutants import list_mutants, materialize

MUTANT = "edit-applied-twice"
MODES = ("off", "on-failure", "on")


def run_grade(mode: str, submission: Path, reports: Path) -> dict:
    run_id = f"bench-video-{mode}-{time.time_ns() % 10**9}"
    cmd = [str(ROOT / ".venv/bin/pytest"), "--task", "budget", "--platform", "web",
           f"--submission={submission}", f"--reports={reports}", "--run-id", run_id,
           "-p", "no:cacheprovider", "-q", f"--video={mode}"]
    started = time.monotonic()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1200)
    wall = time.monotonic() - started
    path = reports / run_id / "grade.json"
    if not path.is_file():
        raise RuntimeError(f"{mode}: no grade.json\n{proc.stdout[-3000:]}")
    grade = json.loads(path.read_text())
    videos = [t["video"] for t in grade["tests"] if t.get("video")]
    folder = reports / run_id
    return {
        "mode": mode, "wall_s": round(wall, 2), "status": grade["status"],
        "outcome": grade["outcome"],
        "verdicts": [t["verdict"] for t in grade["tests"]],
        "videos": len(videos), "video_bytes": sum(v["bytes"] for v in videos),
        "video_frames": sum(v["frames"] for v in videos),
        "video_seconds": round(sum(v["duration_s"] for v in videos), 2),
        "largest_video_bytes": max((v["bytes"] for v in videos), default=0),
        "device_test_seconds": round(sum(t["duration_s"] for t in grade["tests"]
                                         if t["role"] in ("stage", "journey")), 2),
        "report_bytes": sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()),
        "load": loadavg(),
    }


def main() -> None:
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    suite = ROOT / "suites/budget"
    mutant = {m.name: m for m in list_mutants(suite)}[MUTANT]
    load_start = loadavg()
    runs: dict[str, list[dict]] = {m: [] for m in MODES}
    with tempfile.TemporaryDirectory(prefix="rvb-bench-video-") as tmp:
        submission = materialize(suite, mutant, Path(tmp) / MUTANT)
        reports = Path(tmp) / "reports"
        for round_ in range(reps + 1):
            for mode in MODES:
                result = run_grade(mode, submission, reports)
                result["warm_up"] = round_ == 0
                print(json.dumps(result), flush=True)
                if round_:
                    runs[mode].append(result)
    summary = {m: {k: median([r[k] for r in rs]) for k in
                   ("wall_s", "video_bytes", "videos", "video_frames", "video_seconds",
                    "device_test_seconds", "report_bytes", "largest_video_bytes")}
               for m, rs in runs.items()}
    off = summary["off"]["wall_s"]
    for mode in MODES:
        summary[mode]["wall_vs_off"] = round(summary[mode]["wall_s"] / off, 3)
    save("video", {"mutant": MUTANT, "reps": reps, "load": [load_start, loadavg()],
                   "runs": runs, "summary": summary})
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
