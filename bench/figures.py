"""Render bench/out/*.json into bench/out/figures.md: each figure with its goal and verdict."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import OUT, machine


def load(name: str) -> dict | None:
    p = OUT / f"{name}.json"
    return json.loads(p.read_text()) if p.is_file() else None


def main() -> None:
    rows: list[tuple[str, str, str, str, str]] = []  # figure, value, goal, met, load
    f = load("facade")
    if f:
        ld = f"{f['load_start']} → {f['load_end']}"
        m = f["median_s"]
        rows += [
            ("1 facade / bare Appium script, journey (evidence as shipped)",
             f"{f['ratio_facade_vs_bare']:.2f}× ({m['facade']:.2f} s / {m['bare']:.2f} s)",
             "≤ 1.10×", "no" if f["ratio_facade_vs_bare"] > 1.10 else "yes", ld),
            ("1 … facade without evidence / bare (locator polling alone)",
             f"{f['ratio_facade_noev_vs_bare']:.2f}× ({m['facade-noev']:.2f} s)",
             "≤ 1.10×", "no" if f["ratio_facade_noev_vs_bare"] > 1.10 else "yes", ld),
            ("2 bare script via Appium / direct chromedriver, journey",
             f"{f['ratio_bare_appium_vs_direct']:.2f}× ({m['bare']:.2f} s / {m['direct']:.2f} s)",
             "(none)", "-", ld),
            ("2 session start via Appium / direct",
             f"{f['ratio_start_appium_vs_direct']:.2f}× ({f['median_start_s']['appium']:.2f} s / "
             f"{f['median_start_s']['direct']:.2f} s)", "(none)", "-", ld),
        ]
    b = load("build_cache")
    if b:
        ld = f"{b['load_start']} → {b['load_end']}"
        c, w, r = b["median_s"]["cold"], b["median_s"]["warm"], b["ratio_warm_vs_cold"]
        rows.append(("3 build warm / cold (grader's build: copy+install+export)",
                     f"{r['build_total']:.2f}× ({w['build_total']:.1f} s / {c['build_total']:.1f} s)",
                     "≤ 0.3×", "yes" if r["build_total"] <= 0.3 else "no", ld))
        rows.append(("3 … with the type-check added",
                     f"{r['with_typecheck']:.2f}× ({w['with_typecheck']:.1f} s / "
                     f"{c['with_typecheck']:.1f} s)",
                     "≤ 0.3×", "yes" if r["with_typecheck"] <= 0.3 else "no", ld))
        for ph in ("install", "typecheck", "export"):
            rows.append((f"3 … phase {ph} warm / cold", f"{r[ph]:.2f}× ({w[ph]:.2f} s / {c[ph]:.2f} s)",
                         "-", "-", ld))
    mc = load("metro_cache")
    if mc:
        ld = f"{mc['load_start']} → {mc['load_end']}"
        rows.append(("3b export with a kept Metro cache / fresh Metro cache (unsandboxed)",
                     f"{mc['ratio_warm_vs_cold']:.2f}× ({mc['median_s']['warm']:.1f} s / "
                     f"{mc['median_s']['cold']:.1f} s)", "-", "-", ld))
    g = load("grade-whole")
    if g:
        ld = f"{g['load_start']} → {g['load_end']}"
        m = g["median"]["whole"]
        rows.append(("4 whole grade wall (median)", f"{m['wall_s']:.1f} s", "(none)", "-", ld))
        for k, label in (("build_s", "build"), ("device_start_s_sum", "device start (lease+launch)"),
                         ("tests_s_sum", "tests"), ("scoring_reports_s", "scoring + reports"),
                         ("startup_s", "pytest start-up"),
                         ("other_in_run_s", "teardown, Appium start, other")):
            if k in m:
                rows.append((f"4 … {label}", f"{m[k]:.2f} s ({m[k] / m['wall_s']:.0%})", "-", "-", ld))
        rows.append(("4 … CPU grader / browser / Appium",
                     f"{m['cpu_s_grader']:.1f} / {m['cpu_s_browser']:.1f} / {m['cpu_s_appium']:.1f} s",
                     "-", "-", ld))
        rows.append(("4 … peak RSS grader / browser / Appium",
                     f"{m['peak_rss_mb_grader']:.0f} / {m['peak_rss_mb_browser']:.0f} / "
                     f"{m['peak_rss_mb_appium']:.0f} MB", "-", "-", ld))
    p = load("grade-parallel")
    if p:
        ld = f"{p['load_start']} → {p['load_end']}"
        m = p["median"]
        base = m["n1-1dev"]["wall_s"]
        for tag in (t for t in ("n2-2dev", "n2-1dev") if t in m):
            s = base / m[tag]["wall_s"]
            rows.append((f"5 speed-up {tag} vs n1-1dev (wall)",
                         f"{s:.2f}× (efficiency {s / 2:.0%}; {m[tag]['wall_s']:.1f} s vs {base:.1f} s)",
                         "(none)", "-", ld))
    s = load("grade-scaling")
    if s:
        ld = f"{s['load_start']} → {s['load_end']}"
        m = s["median"]
        for tag in ("tests4", "tests8", "tests16"):
            if tag in m:
                n = int(tag[5:])
                rows.append((f"7 grade with {n} device tests", f"{m[tag]['wall_s']:.1f} s "
                             f"(tests {m[tag]['tests_s_sum']:.1f} s, device start "
                             f"{m[tag]['device_start_s_sum']:.1f} s; {m[tag]['wall_s'] / n:.2f} s/test)",
                             "(none)", "-", ld))
    i = load("grade-isolation")
    if i:
        ld = f"{i['load_start']} → {i['load_end']}"
        m = i["median"]
        if "browser" in m and "context" in m:
            b, c = m["browser"], m["context"]
            same = all(_outcome(r) == _outcome(i["runs"]["browser"][0])
                       for runs in i["runs"].values() for r in runs)
            rows.append(("10 whole grade (every tier, build reused), --isolation=context / browser",
                         f"{c['wall_s'] / b['wall_s']:.2f}× ({c['wall_s']:.1f} s / {b['wall_s']:.1f} s; "
                         f"device start {c['device_start_s_sum']:.1f} s / {b['device_start_s_sum']:.1f} s; "
                         f"verdicts, reward, screenshots {'identical' if same else 'DIFFER'})",
                         "(none)", "-", ld))
    v = load("visual")
    if v:
        ld = f"{v['load_start']} → {v['load_end']}"
        rows.append(("6 full visual metric set, one 1179×2556 pair", f"{v['median_compare_s']:.2f} s",
                     "(none)", "-", ld))
        if g:
            share = v["median_compare_s"] / g["median"]["whole"]["wall_s"]
            rows.append(("6 … share of a whole grade, per compared checkpoint", f"{share:.1%}", "-", "-", ld))
    lines = ["| figure | measured (median) | goal | met | load (1/5/15 min) start → end |",
             "|---|---|---|---|---|"]
    lines += [f"| {a} | {b_} | {c_} | {d} | {e} |" for a, b_, c_, d, e in rows]
    mach = machine()
    lines += ["", "machine: " + ", ".join(f"{k} {v}" for k, v in mach.items())]
    (OUT / "figures.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


def _outcome(run: dict) -> tuple:
    """What must not depend on how tests are isolated: verdicts, reward and every screenshot."""
    return (run["verdicts"], run.get("reward"), run.get("vector"), run.get("screenshots"))


if __name__ == "__main__":
    main()
