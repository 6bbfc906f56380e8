"""Figure 3b (what would close figure 3): `expo export --platform web` of budget's reference
with a fresh Metro transform cache (as every grader build has today: the sandbox gives each
build its own TMPDIR, where Metro keeps its cache) vs a Metro cache kept from an earlier build.

Both exports run unsandboxed with the warm node_modules, each in a fresh copy of the
reference; only TMPDIR differs (fresh vs one shared folder). Interleaved cold, warm, …
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import EXPORT_ENV, copy_reference, interleaved, loadavg, median, save, warm_node_modules

REPS = int(sys.argv[1]) if len(sys.argv) > 1 else 5


def export(work: Path, tmpdir: Path) -> float:
    (work / "node_modules").symlink_to(warm_node_modules().resolve(), target_is_directory=True)
    tmpdir.mkdir(parents=True, exist_ok=True)
    t = time.monotonic()
    subprocess.run(["node_modules/.bin/expo", "export", "--platform", "web", "--output-dir", "dist"],
                   cwd=work, env={**os.environ, **EXPORT_ENV, "TMPDIR": str(tmpdir)}, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - t


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="rvb-bench-metro-"))
    load0 = loadavg()

    def one(kind: str, rep: int) -> float:
        work = copy_reference(tmp / f"{kind}{rep}")
        s = export(work, tmp / (f"tmp-cold{rep}" if kind == "cold" else "tmp-shared"))
        shutil.rmtree(work)
        return s

    try:
        runs = interleaved(REPS, one, unit="export")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    med = {k: median(v) for k, v in runs.items()}
    data = {"reps": REPS, "load_start": load0, "load_end": loadavg(), "export_s": runs,
            "median_s": med, "ratio_warm_vs_cold": med["warm"] / med["cold"]}
    print(json.dumps(data, indent=1))
    print("saved", save("metro_cache", data))


if __name__ == "__main__":
    main()
