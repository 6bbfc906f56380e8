"""The longest work first, so that no long item starts last while the other workers idle.

xdist (`--dist loadgroup`) hands out work units in collection order. The leaderboard's eleven
serial grades (one xdist group, 10 to 20 minutes under CI's load) used to start about 35 minutes
into the run, after the device tests before it alphabetically, and end it alone. Moving the
longest units to the front of the collection lets the other workers share out the rest
meanwhile. The order within each prefix, and of everything else, is kept.
"""

from __future__ import annotations

import pytest

FIRST = (
    "tests/device/test_leaderboard_browser.py",   # 11 serial grades in one group
    "tests/device/test_stability.py::test_sampled_task_matches_its_certificate",  # 6 every-tier grades
    "tests/device/test_run_agent_grades.py",      # a group of rollouts with an agent
    "tests/device/test_hangs.py",                 # apps that hang until a time limit
    "tests/device/test_lazy_evidence.py",
)
"""Node id prefixes, longest first (from `--durations` of CI runs)."""


def rank(nodeid: str) -> int:
    return next((n for n, prefix in enumerate(FIRST) if nodeid.startswith(prefix)), len(FIRST))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: rank(item.nodeid))  # stable: each group keeps its own order
