"""The null-submission control: the untouched scaffold, graded against a task on every tier,
scores 0 under every built-in scheme, and its grade is not a bench fault.

Which tasks (tests/device/sample.py `live_null_controls`): each task's certificate carries its
control, graded by `revylbench stability --certify` and stale as soon as the scaffold, the task,
the suite, the grader's version or the environment changes (tests/device/test_certificates.py).
Each run grades live the control of the rotating sample's tasks, and of every task whose
certificate does not carry one, so the cost of this file does not grow with the catalogue.

The scaffold builds, launches, type-checks and adds no dependency; only the progress gate (no
stage or journey test passed) keeps those from earning a reward (README, "Doing nothing earns
nothing"). Cheap: every grade after the first reuses the scaffold's build and its type-check
(the build store is shared by the workers), and every check gives up after 1 s, since on the
scaffold none can succeed. Not grouped on one worker: with one grade per task, a group would
be the longest unit of CI as the catalogue grows (20 tasks: about 20 minutes on one worker).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import REPO, grade
from .sample import live_null_controls

SCAFFOLD = REPO / "tasks" / "scaffold"
SCHEMES = {"stages", "tiers", "visual"}


ALL_CERTIFIED = pytest.param("", id="all-certified", marks=pytest.mark.skip(
    reason="every task's certificate carries its null control: test_certificates.py checks each "
           "earns nothing, test_stability.py grades the sampled task's live"))


@pytest.mark.parametrize("task", live_null_controls() or [ALL_CERTIFIED])
def test_the_untouched_scaffold_earns_nothing(task: str, tmp_path: Path) -> None:
    record = grade(SCAFFOLD, tmp_path, f"null-{task}", "--check-timeout=1", task=task, every_tier=True)
    assert record["status"] in ("completed", "candidate_failure"), (
        record["status"], record["failure_kind"], record["_stdout"][-3000:])
    assert record["outcome"] == 0.0
    vector = record["vector"]
    assert vector["refused"] == {}
    scores = {name: reward["score"] for name, reward in vector["schemes"].items()}
    assert scores == dict.fromkeys(SCHEMES, 0.0)
    # It built and launched: the progress gate, not the build gate, is what zeroes it.
    assert vector["tiers"]["build"]["passed"] >= 1
    assert vector["tiers"]["flow"]["passed"] == 0
    for scheme in ("tiers", "visual"):
        arithmetic = vector["schemes"][scheme]["arithmetic"]
        assert arithmetic[-1].startswith("progress gate: no stage or journey test passed"), arithmetic
    assert "progress gate: no stage or journey test passed" in record["_stdout"]
