"""Figure 3c: the hidden component tests (sandboxed jest) of budget's reference with the
lockfile's transform store (checks/jest_store: made once by the grader's seed run) vs without
it (every module transformed anew, as every grade did before the store).

Each run is `run_checks` as a grade calls it, in a fresh work copy; only the store differs
(None for "cold"). The seed is made before the first rep and not timed. Interleaved cold,
warm, … with the load recorded; rep 0 is a warm-up and not counted.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import REFERENCE, ROOT, interleaved, loadavg, median, save

from pytest_revylbench.checks import source
from pytest_revylbench.checks.jest_store import seed_store

REPS = int(sys.argv[1]) if len(sys.argv) > 1 else 3
CACHE = Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache" / "revylbench")
TESTS = sorted((ROOT / "suites" / "budget" / "functional").glob("*.test.tsx"))


def checks(work: Path, *, warm: bool) -> float:
    source.seed_store = seed_store if warm else (lambda *a, **k: None)  # type: ignore[assignment]
    record = source.run_checks(REFERENCE, work=work, tests=TESTS, cache_dir=CACHE, log=work.parent / "log",
                               timeout_s=900, sandbox=True, hidden=(ROOT / "suites",))
    assert record.functional is not None and record.functional.ok, record.functional
    assert all(v.status == "passed" for v in record.tests.values()), record.tests
    return record.functional.seconds


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="rvb-bench-jest-"))
    load0 = loadavg()

    def one(kind: str, rep: int) -> float:
        s = checks(tmp / f"{kind}{rep}" / "work", warm=kind == "warm")
        shutil.rmtree(tmp / f"{kind}{rep}")
        return s

    try:
        runs = interleaved(REPS, one, unit="jest")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    med = {k: median(v) for k, v in runs.items()}
    data = {"reps": REPS, "load_start": load0, "load_end": loadavg(), "jest_s": runs,
            "median_s": med, "ratio_warm_vs_cold": med["warm"] / med["cold"]}
    print(json.dumps(data, indent=1))
    print("saved", save("jest_store", data))


if __name__ == "__main__":
    main()
