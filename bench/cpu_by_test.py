"""Loaded with `-p cpu_by_test` (PYTHONPATH=bench) by `bench/run cpu-by-test`: the CPU of every
test item, everything it started included, in an xdist run.

Each worker moves itself into a cpuacct cgroup of its own (cgroup v1, root), so everything
it starts stays there, processes orphaned by a stopped Appium server included. (Reading
/proc misses those: init reaps them, and their CPU never reaches the worker; RESULTS.md,
"CI's wall time", session 10.) An item's CPU is the cgroup's usage across its run.
Writes one JSON line per item to $RVB_CPU_BY_TEST; without a writable cpuacct hierarchy it
stops the run, rather than report a part of the CPU as the whole.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CPUACCT = Path("/sys/fs/cgroup/cpuacct")
_group: Path | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _group
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        return
    group = CPUACCT / f"rvb-bench-{os.getppid()}-{worker}"
    try:
        group.mkdir(exist_ok=True)
        (group / "cgroup.procs").write_text(str(os.getpid()))
    except OSError as exc:
        raise pytest.UsageError(f"cpu_by_test needs a writable cpuacct cgroup at {CPUACCT} "
                                f"(cgroup v1, as root): {exc}") from exc
    _group = group


def pytest_unconfigure(config: pytest.Config) -> None:
    """Back to the root group; the worker's group goes once nothing is left in it."""
    if _group is None:
        return
    try:
        (CPUACCT / "cgroup.procs").write_text(str(os.getpid()))
        _group.rmdir()
    except OSError:
        pass  # a process of the run still in it: an empty group costs nothing


def _usage_s() -> float:
    return int((_group / "cpuacct.usage").read_text()) / 1e9 if _group else 0.0


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    cpu, wall = _usage_s(), time.monotonic()
    yield
    line = {"id": item.nodeid, "cpu_s": round(_usage_s() - cpu, 2),
            "wall_s": round(time.monotonic() - wall, 2),
            "worker": os.environ.get("PYTEST_XDIST_WORKER", "-")}
    with open(os.environ["RVB_CPU_BY_TEST"], "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")


def main(path: str) -> None:
    """Print CPU and wall seconds by test file, largest CPU first."""
    by_file: dict[str, list[float]] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        cpu_wall = by_file.setdefault(row["id"].split("::")[0], [0.0, 0.0])
        cpu_wall[0] += row["cpu_s"]
        cpu_wall[1] += row["wall_s"]
    total = sum(cpu for cpu, _ in by_file.values())
    print(f"{total:.0f} CPU-s in all")
    for name, (cpu, wall) in sorted(by_file.items(), key=lambda kv: -kv[1][0]):
        print(f"{cpu:8.0f} CPU-s {wall:8.0f} s  {name}")


if __name__ == "__main__":
    import sys

    main(sys.argv[1])
