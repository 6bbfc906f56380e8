"""Figure 6: the full visual metric set (scoring/visual.py `compare`) on two real 1179×2556
screenshots of budget's Transactions screen (the seed list vs the list after the journey's
edits), taken from a grade's reports/<run>/tests/ folders into bench/fixtures/.

Times each metric apart too (imaging.* on the aligned pair), so the costly one is named.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import loadavg, median, save

from pytest_revylbench.scoring import imaging
from pytest_revylbench.scoring.visual import compare

FIX = Path(__file__).resolve().parent / "fixtures"
REPS = int(sys.argv[1]) if len(sys.argv) > 1 else 7


def main() -> None:
    cand, orac = FIX / "candidate-transactions.png", FIX / "oracle-transactions.png"
    load0 = loadavg()
    compare(cand, orac)  # warm-up: imports (numpy, scikit-image) and caches
    whole = []
    for _ in range(REPS):
        t = time.perf_counter()
        score = compare(cand, orac)
        whole.append(time.perf_counter() - t)
    parts: dict[str, list[float]] = {}
    for _ in range(REPS):
        t = time.perf_counter()
        c, o = imaging.load(cand), imaging.load(orac)
        parts.setdefault("load", []).append(time.perf_counter() - t)
        t = time.perf_counter()
        aligned = imaging.align(c, o, [])
        parts.setdefault("align", []).append(time.perf_counter() - t)
        for name in ("pixel", "ssim", "thumbnail", "foreground", "edge"):
            fn = getattr(imaging, f"{name}_similarity")
            t = time.perf_counter()
            fn(aligned)
            parts.setdefault(name, []).append(time.perf_counter() - t)
    data = {"reps": REPS, "load_start": load0, "load_end": loadavg(),
            "size": list(score.candidate_size), "metrics": score.metrics, "visual": score.visual,
            "compare_s": whole, "median_compare_s": median(whole),
            "median_part_s": {k: median(v) for k, v in parts.items()}}
    print(json.dumps({k: v for k, v in data.items() if k != "compare_s"}, indent=1))
    print("saved", save("visual", data))


if __name__ == "__main__":
    main()
