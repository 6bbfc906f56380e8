"""Figures 4, 5 and 7: whole grades of budget's reference on web, run as a user runs them.

  grade.py whole N     figure 4: `--rebuild` grades (build + every tier), phases, CPU, RSS
  grade.py parallel N  figure 5: -n 1 with one device vs -n 2 with two devices (build reused)
  grade.py scaling N   figure 7: suites of 4, 8, 16 device tests (serial, build reused)
  grade.py isolation N figure 10: every tier, --isolation=browser vs context (build reused)
  grade.py speed N     figure 11: every tier, today's path (--isolation=browser
                       --evidence=eager --press=driver) vs the default options (build
                       reused), with each item's time; the defaults also on the pool's two
                       devices at once (-n 2; off with SPEED_TWO_DEVICES=0)

Each mode runs one warm-up round, then N rounds with its configurations interleaved.
A sampler reads /proc every 0.2 s: the grader's processes (pytest and its xdist workers) and
those carrying REVYLBENCH_OWNER=<run id>/… (Appium's node, chromedriver, Chromium).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, loadavg, median, save

BENCH = ROOT / "bench"
TICK = os.sysconf("SC_CLK_TCK")
CACHE = Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache/revylbench")
ORACLE = {p.stem: hashlib.sha256(p.read_bytes()).hexdigest()
          for p in sorted((ROOT / "suites/budget/oracle/web").glob("*.png"))}


class Sampler(threading.Thread):
    def __init__(self, root_pid: int, run_id: str) -> None:
        super().__init__(daemon=True)
        self.root, self.run_id = root_pid, run_id
        self.stop_flag = threading.Event()
        self.owner: dict[int, str | None] = {}  # pid -> group or None
        self.cpu: dict[int, tuple[str, float]] = {}
        self.peak = {"grader": 0, "browser": 0, "appium": 0}
        self.grader_hwm_kb = 0

    def classify(self, pid: int, comm: str, ppid: int) -> str | None:
        if pid == self.root or (self.owner.get(ppid) == "grader" and comm.startswith("python")):
            return "grader"
        try:
            env = Path(f"/proc/{pid}/environ").read_bytes()
        except OSError:
            return None
        if f"REVYLBENCH_OWNER={self.run_id}/".encode() not in env:
            return None
        return "appium" if comm == "node" else "browser"

    def sample(self) -> None:
        rss = {"grader": 0, "browser": 0, "appium": 0}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            pid = int(entry)
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            comm = stat[stat.index("(") + 1:stat.rindex(")")]
            fields = stat[stat.rindex(")") + 2:].split()
            if pid not in self.owner:
                self.owner[pid] = self.classify(pid, comm, int(fields[1]))
            group = self.owner[pid]
            if group is None:
                continue
            m = re.search(r"VmRSS:\s+(\d+)", status)
            rss[group] += int(m.group(1)) if m else 0
            self.cpu[pid] = (group, (int(fields[11]) + int(fields[12])) / TICK)
            if pid == self.root:
                m = re.search(r"VmHWM:\s+(\d+)", status)
                self.grader_hwm_kb = max(self.grader_hwm_kb, int(m.group(1)) if m else 0)
        for k, v in rss.items():
            self.peak[k] = max(self.peak[k], v)

    def run(self) -> None:
        while not self.stop_flag.is_set():
            self.sample()
            time.sleep(0.2)

    def result(self) -> dict[str, float]:
        out: dict[str, float] = {f"peak_rss_mb_{k}": v / 1024 for k, v in self.peak.items()}
        out["grader_main_hwm_mb"] = self.grader_hwm_kb / 1024
        for group in ("grader", "browser", "appium"):
            out[f"cpu_s_{group}"] = sum(c for g, c in self.cpu.values() if g == group)
        return out


def run_grade(tag: str, extra: list[str], tmp: Path, *, suites: Path | None = None,
              tasks: Path | None = None) -> dict:
    run_id = f"bench-{tag}-{time.time_ns() % 10**9}"
    reports = tmp / "reports"
    timing = tmp / f"{run_id}.timing.json"
    cmd = [str(ROOT / ".venv/bin/pytest"), "--task", "budget", "--platform", "web",
           f"--submission={ROOT / 'suites/budget/reference'}", f"--reports={reports}",
           "--run-id", run_id, "-p", "no:cacheprovider", "-p", "timing_plugin", "-q",
           # A grader's install has no hypothesis (a dev extra); its pytest plugin imports it
           # at every run's end (≈ 0.35 s).
           "-p", "no:hypothesispytest", *extra]
    if suites:
        cmd += ["--suites-dir", str(suites), "--tasks-dir", str(tasks)]
    env = {**os.environ, "RVB_BENCH_TIMING": str(timing),
           "PYTHONPATH": str(BENCH) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    sampler = Sampler(proc.pid, run_id)
    sampler.start()
    out = proc.communicate()[0].decode(errors="replace")
    wall = time.monotonic() - t0
    sampler.stop_flag.set()
    sampler.join()
    grade_path = reports / run_id / "grade.json"
    if not grade_path.is_file():
        raise RuntimeError(f"{tag}: no grade.json\n{out[-3000:]}")
    grade = json.loads(grade_path.read_text())
    t = json.loads(timing.read_text())
    checks_path = reports / run_id / "checks.json"
    checks = json.loads(checks_path.read_text()) if checks_path.is_file() else None
    tests = grade["tests"]
    shots = {str(p.relative_to(reports / run_id)): hashlib.sha256(p.read_bytes()).hexdigest()
             for p in sorted((reports / run_id).rglob("*.png"))}
    res = {
        "tag": tag, "wall_s": wall, "outcome": grade["outcome"], "status": grade["status"],
        "verdicts": [x["verdict"] for x in tests], "n_tests": len(tests),
        "reward": grade.get("reward"), "vector": grade.get("vector"),
        "reasons": [x.get("reason") for x in tests],
        # Each item's time: the lease + launch before its body (bench_s) and its body (duration_s).
        "items": [{"name": x["name"], "verdict": x["verdict"], "bench_s": x.get("bench_s"),
                   "duration_s": x.get("duration_s")} for x in tests],
        "normalized_visual": ((grade.get("vector") or {}).get("visual") or {}).get("normalized_visual"),
        # Every screenshot of the run by name: two modes that draw alike give the same digests.
        "screenshots": shots,
        # Each visual checkpoint's shot (tests/<checkpoint>-<viewport>/) byte for byte the oracle's.
        "checkpoints_as_oracle": {
            name: any(k.startswith(f"tests/{name.replace('@', '-')}/") and v == digest
                      for k, v in shots.items())
            for name, digest in ORACLE.items()},
        # A reused build reports the seconds of the build it reuses: none were spent here.
        "build_reused": bool(grade["build"].get("reused")),
        "build_s": 0.0 if grade["build"].get("reused") else grade["build"]["seconds"],
        "device_start_s_sum": sum(x.get("bench_s") or 0 for x in tests),
        "tests_s_sum": sum(x.get("duration_s") or 0 for x in tests),
        # tsc + jest: run in a thread from the session's start, beside the device tests.
        "checks_s": (checks["typecheck"]["seconds"] + (checks.get("functional") or {}).get("seconds", 0)
                     if checks and not checks.get("reused") else 0.0),
        "startup_s": t["sessionstart"] - t0,
        "collect_s": t.get("collected", t["sessionstart"]) - t["sessionstart"],
        "run_phase_s": t["last_report"] - t.get("collected", t["sessionstart"]),
        "scoring_reports_s": (t["sessionfinish_end"] - t["sessionfinish_start"])
                             + (t.get("summary_end", 0) - t.get("summary_start", 0)),
        "exit_s": time.monotonic() - t["unconfigure"] - (time.monotonic() - t0 - wall),
        **sampler.result(),
    }
    res["other_in_run_s"] = (res["run_phase_s"] - res["build_s"] - res["device_start_s_sum"]
                             - res["tests_s_sum"]) if "-n" not in extra else None
    shutil.rmtree(reports / run_id, ignore_errors=True)
    shutil.rmtree(CACHE / "work" / run_id, ignore_errors=True)
    for lock in (CACHE / "work").glob(f"{run_id}*.lock"):
        lock.unlink()
    print(f"{tag}: wall {wall:.1f}s outcome {res['outcome']} build {res['build_s']:.1f}s "
          f"tests {res['tests_s_sum']:.1f}s bench {res['device_start_s_sum']:.1f}s "
          f"score+reports {res['scoring_reports_s']:.2f}s load {loadavg()}", flush=True)
    return res


def scaled_suites(tmp: Path, size: int) -> tuple[Path, Path]:
    """tasks/ and suites/ copies whose budget suite has `size` device tests (4 = the original)."""
    base = tmp / f"suite{size}"
    if base.exists():
        return base / "suites", base / "tasks"
    shutil.copytree(ROOT / "tasks", base / "tasks", ignore=shutil.ignore_patterns("node_modules"))
    shutil.copytree(ROOT / "suites", base / "suites", ignore=shutil.ignore_patterns(
        "node_modules", "reference", "mutants"))
    suite = base / "suites/budget/test_budget.py"
    src = suite.read_text()
    names = re.findall(r"^def (test_\w+)\(app: App\)", src, re.M)
    # Extra tests are plain (unmarked) copies: markers only matter for the scored stages.
    extra = [f"\n\ndef test_extra{copy}_{name[5:]}(app: App) -> None:\n    {name}(app)\n"
             for copy in range(1, size // len(names)) for name in names]
    suite.write_text(src + "".join(extra))
    return base / "suites", base / "tasks"


def main() -> None:
    mode, reps = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5
    tmp = Path(tempfile.mkdtemp(prefix="rvb-bench-grade-"))
    one_dev = BENCH / "one-web-device.toml"
    two_dev = ROOT / "devices/local-web.toml"
    if mode == "whole":
        configs = {"whole": dict(extra=["--rebuild"])}
    elif mode == "isolation":
        configs = {i: dict(extra=[f"--isolation={i}"]) for i in ("browser", "context")}
    elif mode == "speed":
        # Today's path selected by options, beside whatever the defaults are now.
        configs = {"today": dict(extra=["--isolation=browser", "--evidence=eager", "--press=driver"]),
                   "default": dict(extra=[])}
        if os.environ.get("SPEED_TWO_DEVICES", "1") != "0":  # the pool's two devices at once
            configs["default-n2"] = dict(extra=["-n", "2"])
    elif mode == "parallel":
        configs = {"n1-1dev": dict(extra=["-n", "1", "--device-pool", str(one_dev)]),
                   "n2-2dev": dict(extra=["-n", "2", "--device-pool", str(two_dev)])}
        if os.environ.get("PARALLEL_ONE_DEVICE"):  # -n 2 sharing one device (not in RESULTS.md)
            configs["n2-1dev"] = dict(extra=["-n", "2", "--device-pool", str(one_dev)])
    elif mode == "scaling":
        configs = {}
        for size in (4, 8, 16):
            s, t = scaled_suites(tmp, size)
            # The device tests alone: every other tier's items are the same at every size.
            configs[f"tests{size}"] = dict(extra=["--device-pool", str(one_dev), "--tiers=flow",
                                                  "--scheme=stages"], suites=s, tasks=t)
    else:
        raise SystemExit(__doc__)
    runs: dict[str, list[dict]] = {k: [] for k in configs}
    load0 = loadavg()
    # WARMUP=0 skips the warm-up round when earlier grades of the same build just ran.
    warmup = int(os.environ.get("WARMUP", "1"))
    try:
        for rep in range(reps + warmup):
            for tag, cfg in configs.items():
                r = run_grade(tag, cfg["extra"], tmp, suites=cfg.get("suites"), tasks=cfg.get("tasks"))
                if rep >= warmup:
                    runs[tag].append(r)
            if rep >= warmup:  # keep what is measured so far
                save(f"grade-{mode}", {"mode": mode, "reps": rep + 1 - warmup, "warmup": warmup,
                                       "load_start": load0, "load_end": loadavg(), "runs": runs,
                                       "median": summarize(runs)})
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    med = summarize(runs)
    data = {"mode": mode, "reps": reps, "warmup": warmup, "load_start": load0, "load_end": loadavg(),
            "runs": runs, "median": med}
    print(json.dumps(med, indent=1))
    print("saved", save(f"grade-{mode}", data))


def summarize(runs: dict[str, list[dict]]) -> dict[str, dict[str, float]]:
    med = {}
    for tag, rs in runs.items():
        med[tag] = {k: median([r[k] for r in rs]) for k, v in rs[0].items()
                    if isinstance(v, (int, float)) and not isinstance(v, bool)
                    and all(r.get(k) is not None for r in rs)}
    return med


if __name__ == "__main__":
    main()
