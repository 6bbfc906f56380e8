"""Shared helpers of the benchmarks: medians, load, a web bundle of budget's reference."""

from __future__ import annotations

import json
import os
import platform
import shutil
import statistics
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "suites" / "budget" / "reference"
OUT = ROOT / "bench" / "out"
EXPORT_ENV = {"EXPO_OFFLINE": "1", "CI": "1", "EXPO_NO_TELEMETRY": "1"}


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def machine() -> dict[str, str]:
    cpu = next((ln.split(":", 1)[1].strip() for ln in Path("/proc/cpuinfo").read_text().splitlines()
                if ln.startswith("model name")), "?")
    mem = Path("/proc/meminfo").read_text().splitlines()[0].split()[1]
    return {"cpu": cpu, "cores": str(os.cpu_count()), "mem_gb": f"{int(mem) / 1e6:.1f}",
            "kernel": platform.release(), "python": platform.python_version()}


def median(xs: list[float]) -> float:
    return statistics.median(xs)


def interleaved(reps: int, run: Callable[[str, int], float], kinds: tuple[str, str] = ("cold", "warm"),
                unit: str = "s") -> dict[str, list[float]]:
    """`run(kind, rep)` for rep 0..reps, the kinds interleaved in each rep; each time printed as
    it comes. Rep 0 is a warm-up: its times are not kept."""
    runs: dict[str, list[float]] = {kind: [] for kind in kinds}
    for rep in range(reps + 1):
        for kind in kinds:
            seconds = run(kind, rep)
            print(f"rep {rep} {kind}: {unit} {seconds:.2f}s (load {loadavg()})", flush=True)
            if rep:
                runs[kind].append(seconds)
    return runs


def copy_reference(dest: Path) -> Path:
    """A copy of the reference without node_modules/dist/.expo, as the grader makes."""
    shutil.copytree(REFERENCE, dest, ignore=shutil.ignore_patterns("node_modules", "dist", ".expo"))
    return dest


def warm_node_modules(cache_dir: Path | None = None) -> Path:
    import hashlib
    cache = cache_dir or Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache/revylbench")
    digest = hashlib.sha256((REFERENCE / "package-lock.json").read_bytes()).hexdigest()[:16]
    return cache / "deps" / digest / "node_modules"


def export_web(work: Path, node_modules: Path) -> float:
    link = work / "node_modules"
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(node_modules.resolve(), target_is_directory=True)
    shutil.rmtree(work / "dist", ignore_errors=True)
    t = time.monotonic()
    subprocess.run(["node_modules/.bin/expo", "export", "--platform", "web", "--output-dir", "dist"],
                   cwd=work, env={**os.environ, **EXPORT_ENV}, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - t


def save(name: str, data: dict) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}.json"
    path.write_text(json.dumps(data, indent=1))
    return path
