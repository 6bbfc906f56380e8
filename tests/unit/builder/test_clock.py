"""The grader's clock without a browser: the instant is far from every task's "today", the
start script takes its offset when the command starts, and a host without libfaketime is told
how to get it (by `revylbench doctor` and by the device, never by a grade on the host's clock)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from pytest_revylbench.builder import clock
from pytest_revylbench.cli.doctor import _clock

REPO = Path(__file__).resolve().parents[3]


def test_the_instant_is_years_from_every_tasks_today() -> None:
    years = {int(y) for path in (REPO / "tasks").glob("*/instruction.md")
             for y in re.findall(r"\b(20\d\d)\b", path.read_text(encoding="utf-8"))}
    assert years, "no task pins a year"
    assert all(abs(clock.PINNED_INSTANT.year - year) >= 5 for year in years), sorted(years)
    assert clock.PINNED_INSTANT.hour == 12  # midday: a grade ends on the date it started


def test_the_start_script_runs_its_command_at_the_instant() -> None:
    shown = subprocess.run(clock.pinned_argv(["date", "-u", "+%Y-%m-%dT%H:%M"]), check=True,
                           capture_output=True, text=True).stdout.strip()
    assert shown == clock.PINNED_INSTANT.strftime("%Y-%m-%dT%H:%M")


def test_a_host_without_libfaketime_is_told_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _clock().ok
    monkeypatch.setattr(clock, "LIBRARY_GLOBS", ("/nowhere/libfaketimeMT.so.1",))
    with pytest.raises(clock.ClockUnpinned, match=r"run \.ci/setup"):
        clock.pinned_argv(["true"])
    finding = _clock()
    assert not finding.ok and "libfaketime" in finding.fix
