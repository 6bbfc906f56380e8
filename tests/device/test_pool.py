"""Two xdist workers share a two-device web pool: the verdicts serial grades gave, no device
ever leased twice at once, and a dead worker's lease and processes are recovered."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pytest_revylbench.tasks.certificate import read_certificate
from pytest_revylbench.tasks.loading import load_task
from pytest_revylbench.tasks.mutants import list_mutants, materialize

from .conftest import FLOW_ONLY, REPO, grade, survivors, verdicts


def lease_intervals(run: Path) -> dict[str, list[tuple[float, float, str]]]:
    """Per device, the (acquired, released, holder) intervals the lease journal shows."""
    events = [json.loads(line) for line in
              (run / ".leases/local-web/journal.jsonl").read_text().splitlines()]
    open_: dict[str, tuple[float, str]] = {}
    intervals: dict[str, list[tuple[float, float, str]]] = {}
    for event in events:
        if event["event"] == "acquire":
            assert event["slot"] not in open_, f"{event['slot']} leased twice: {event}"
            open_[event["slot"]] = (event["t"], event["holder"])
        elif event["event"] == "release":
            start, holder = open_.pop(event["slot"])
            intervals.setdefault(event["slot"], []).append((start, event["t"], holder))
    assert not open_, f"leases never released: {open_}"
    return intervals


@pytest.mark.parametrize("submission", ["reference", "edit-applied-twice"])
def test_two_workers_give_the_serial_verdicts(submission: str, tmp_path: Path) -> None:
    suite = REPO / "suites/budget"
    folder = suite / "reference" if submission == "reference" else materialize(
        suite, {m.name: m for m in list_mutants(suite)}[submission], tmp_path / "sub"
    )
    # The serial verdicts: budget's certificate, made of one-device grades of every tier (and
    # current, or tests/device/test_certificates.py fails), so no serial grade is made here.
    certificate = read_certificate(load_task(REPO / "tasks", REPO / "suites", "budget"))
    assert certificate is not None
    certified = certificate.subject(submission)
    assert certified is not None
    serial = {name: verdict for name, verdict in certified.runs[0].items() if name.startswith("test_")}
    assert len(serial) == 4 and set(serial.values()) == (
        {"pass"} if submission == "reference" else {"pass", "fail"})
    parallel = grade(folder, tmp_path, "parallel", "-n", "2")
    assert verdicts(parallel) == serial
    # The outcome is a function of the verdicts (tests/unit/scoring): all of it, or not all.
    assert (parallel["outcome"] == 1.0) == (submission == "reference")
    intervals = lease_intervals(tmp_path / "parallel")
    assert set(intervals) == {"web-1", "web-2"}, "both devices should have been used"
    used = {t["device"] for t in parallel["tests"]}
    assert used == {"web-1", "web-2"}
    assert all(t["bench_s"] > 0 for t in parallel["tests"])
    # Each device's own Appium server loads the Chromium driver only (`rack.DRIVERS`): the
    # fake driver installed for our plumbing tests would slow every start by ≈ 0.5 s.
    for slot in ("web-1", "web-2"):
        log = (tmp_path / "parallel" / f"appium-{slot}.log").read_text()
        assert "Attempting to load driver chromium" in log
        assert "Attempting to load driver fake" not in log


def test_a_killed_worker_frees_its_lease_and_its_processes(tmp_path: Path) -> None:
    run_id = f"killworker-{os.getpid()}"
    run = tmp_path / run_id
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "--task", "budget", "--platform", "web",
         "--submission=suites/budget/reference", f"--reports={tmp_path}", "--run-id", run_id,
         "-p", "no:cacheprovider", *FLOW_ONLY, "-n", "2"],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    holder_files = run / ".leases/local-web"
    deadline = time.monotonic() + 300
    victim = None
    while victim is None:
        assert proc.poll() is None and time.monotonic() < deadline
        for holder in holder_files.glob("*.holder") if holder_files.is_dir() else []:
            try:
                info = json.loads(holder.read_text())
            except ValueError:
                continue
            if "test_stage_1" in info["holder"] or "test_stage_2" in info["holder"]:
                victim = (holder.stem, info["pid"])
        time.sleep(0.05)
    slot, pid = victim
    time.sleep(1.0)  # let the test get going on its device
    os.kill(pid, signal.SIGKILL)
    out, _ = proc.communicate(timeout=600)
    record = json.loads((run / "grade.json").read_text())
    crashed = [t for t in record["tests"] if t["fault"] == "no_report"]
    assert len(crashed) == 1, out[-3000:]
    assert record["status"] == "infra_failure"  # a bench fault: the rollout would re-run it
    others = [t for t in record["tests"] if t["fault"] is None]
    assert len(others) == 3 and all(t["verdict"] == "pass" for t in others)
    journal = [json.loads(line) for line in (holder_files / "journal.jsonl").read_text().splitlines()]
    assert any(e["event"] == "recover-stale" and e["slot"] == slot for e in journal) or any(
        e["event"] == "acquire" and e["slot"] == slot and e["pid"] != pid for e in journal
    ), "the dead worker's device was never leased again"
    assert survivors(run_id) == [], "the dead worker's Appium/Chromium survived"
