"""Every stash key of the plugin, in one place: what it holds, who writes it, who reads it."""

from __future__ import annotations

import pytest

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.plugin.config import GradeConfig
from pytest_revylbench.plugin.outcomes import PhaseOutcome
from pytest_revylbench.plugin.stopping import StopNote
from pytest_revylbench.records.grade import TestResult
from pytest_revylbench.records.visual import Viewport

# On `config.stash`

grade_config_key = pytest.StashKey[GradeConfig]()
"""The grade's configuration, set by `pytest_configure` when `--task` is given; without it
every hook of the plugin stands aside and pytest runs as plain pytest."""

stop_key = pytest.StashKey[StopNote]()
"""What stopped the grade early (a signal or its time limit); read by the reporter."""

planned_key = pytest.StashKey[list[TestResult]]()
"""Every item the grade collected, as a not-run result (the reporter's list of what to finish)."""

# On `item.stash`

recorder_key = pytest.StashKey[EvidenceRecorder]()
"""The evidence (screenshots, console errors, device) of the item's `app`; read into its result."""

viewport_key = pytest.StashKey[Viewport]()
"""Set on a visual checkpoint's item: the screen its app is launched on."""

attempt_key = pytest.StashKey[int]()
"""Which attempt of the item this is (1, then 2… when a bench fault had it run again)."""

phase_key = pytest.StashKey[dict[str, PhaseOutcome]]()
"""The outcome of each phase (setup, call, teardown) of the item's current attempt."""

duration_key = pytest.StashKey[float]()
"""How long the item's call phase took, in seconds."""
