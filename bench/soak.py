"""Figure 9: twenty device faults in a row within one grade session (the soak test's full run).

Kills the grade's Appium server, chromedriver and Chromium in turn as test calls start
(tests/device/soak_faults.py), five faults a test, and records what is left: processes with
the grade's marker, the grader's open files and memory, the verdicts. Raw data:
bench/out/soak.json. Usage: `bench/soak.py [FAULTS]` (default 20).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import OUT, loadavg, machine
from tests.device.test_soak import check, soak


def main() -> None:
    faults = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    reports = Path(tempfile.mkdtemp(prefix="rvb-soak-"))
    try:
        load_start = loadavg()
        result = soak(faults, reports, "bench-soak")
        result["load"] = f"{load_start} → {loadavg()}"
        result["machine"] = machine()
        output = result.pop("output")
        OUT.mkdir(parents=True, exist_ok=True)
        (OUT / "soak.json").write_text(json.dumps(result, indent=1) + "\n")
        print(json.dumps({k: v for k, v in result.items() if k != "machine"}, indent=1))
        try:
            check(result, faults)
        except AssertionError as exc:
            print(f"soak check FAILED: {exc}\n{output}", file=sys.stderr)
            raise SystemExit(1) from None
    finally:
        shutil.rmtree(reports, ignore_errors=True)


if __name__ == "__main__":
    main()
