"""Figure 3: the web build of budget's reference with a cold vs a warm dependency cache.

Each repetition runs the grader's own build steps (pipeline.build_submission's sequence,
sandboxed exactly as it would be) timing each phase, plus a type-check the grader does not
run yet (`tsc --noEmit`, unsandboxed, in the same work folder):
  install    cached_node_modules: `npm ci --ignore-scripts` on a miss, a lookup on a hit
  typecheck  node_modules/.bin/tsc --noEmit
  export     build_web: `expo export --platform web`, starting from a private copy of the
             lockfile's Metro store (builder/metro_cache.py); with an empty cache that
             includes making the store (the grader's seed export) first
Cold = an empty --cache-dir (the npm download cache ~/.npm stays warm: the registry is not
re-downloaded): install + seed export + export. Warm = the user's cache entry (node_modules
and Metro store of the lockfile). Order: cold, warm, cold, warm… after a warm-up of each.
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
from common import REFERENCE, loadavg, median, save

from pytest_revylbench.builder.deps import cached_node_modules
from pytest_revylbench.builder.pipeline import GRADER_ROOT
from pytest_revylbench.builder.sandbox import Limits, SandboxPolicy, build_uid, sandbox_problem
from pytest_revylbench.builder.submission import copy_source
from pytest_revylbench.builder.web import build_web

REPS = int(sys.argv[1]) if len(sys.argv) > 1 else 5


def one_build(cache_dir: Path, tmp: Path) -> dict[str, float]:
    work, log = tmp / "work", tmp / "logs" / "build.log"
    shutil.rmtree(work, ignore_errors=True)
    log.parent.mkdir(parents=True, exist_ok=True)
    policy = None
    if sandbox_problem() is None:
        policy = SandboxPolicy(hidden=tuple(p.resolve() for p in (
            GRADER_ROOT, Path.home(), cache_dir, log.parent)), limits=Limits(), uid=build_uid())
    deadline = time.monotonic() + 900
    phases: dict[str, float] = {}
    t0 = time.monotonic()
    copy_source(REFERENCE, work)
    phases["copy"] = time.monotonic() - t0
    t = time.monotonic()
    node_modules, hit = cached_node_modules(work, cache_dir, log=log, deadline=deadline, policy=policy)
    phases["install"] = time.monotonic() - t
    t = time.monotonic()
    build_web(work.resolve(), node_modules=node_modules, log=log, deadline=deadline, policy=policy,
              cache_dir=cache_dir)
    phases["export"] = time.monotonic() - t
    phases["build_total"] = time.monotonic() - t0  # what the grader runs (copy+install+export)
    t = time.monotonic()
    tsc = subprocess.run(["node_modules/.bin/tsc", "--noEmit"], cwd=work, capture_output=True, text=True)
    phases["typecheck"] = time.monotonic() - t
    phases["with_typecheck"] = phases["build_total"] + phases["typecheck"]
    phases["cache_hit"] = float(hit)
    phases["tsc_ok"] = float(tsc.returncode == 0)
    phases["sandboxed"] = float(policy is not None)
    shutil.rmtree(work, ignore_errors=True)
    return phases


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="rvb-bench-build-"))
    warm_cache = Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache/revylbench")
    runs: dict[str, list[dict[str, float]]] = {"cold": [], "warm": []}
    load0 = loadavg()
    try:
        for rep in range(REPS + 1):
            for kind in ("cold", "warm"):
                cache = tmp / f"cache-{rep}" if kind == "cold" else warm_cache
                phases = one_build(cache, tmp)
                if kind == "cold":
                    shutil.rmtree(cache, ignore_errors=True)
                print(f"rep {rep} {kind}: " + " ".join(f"{k}={v:.2f}" for k, v in phases.items()), flush=True)
                if rep:
                    runs[kind].append(phases)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    keys = ("copy", "install", "typecheck", "export", "build_total", "with_typecheck")
    med = {kind: {k: median([r[k] for r in rs]) for k in keys} for kind, rs in runs.items()}
    data = {"reps": REPS, "load_start": load0, "load_end": loadavg(), "runs": runs, "median_s": med,
            "ratio_warm_vs_cold": {k: med["warm"][k] / med["cold"][k] for k in keys}}
    print(json.dumps({k: v for k, v in data.items() if k != "runs"}, indent=1))
    print("saved", save("build_cache", data))


if __name__ == "__main__":
    main()
