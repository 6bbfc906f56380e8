"""Shared helpers for the plugin's own tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.leftovers import (  # noqa: F401  (hooks: every session checks for leftovers)
    pytest_configure,
    pytest_sessionfinish,
    pytest_testnodedown,
)
from tests.xdist_groups import pytest_collection_modifyitems  # noqa: F401  (hook)

REPO = Path(__file__).resolve().parent.parent

TASK_TOML = """\
schema = 1
id = "demo"
title = "Demo"
version = "0.1.0"
archetype = "test-fixture"
platforms = ["web"]

[[stages]]
id = "one"
name = "One"
instruction = "steps/01/instruction.md"

[[stages]]
id = "two"
name = "Two"
instruction = "steps/02/instruction.md"

[[stages]]
id = "three"
name = "Three"
instruction = "steps/03/instruction.md"

[journey]
id = "trip"
name = "Trip"
"""


@pytest.fixture
def demo_task(pytester: pytest.Pytester) -> pytest.Pytester:
    """A project in pytester's folder with task `demo`, an empty suite and a submission."""
    pytester.makefile(".toml", **{"tasks/demo/task": TASK_TOML})
    pytester.makefile(".md", **{"tasks/demo/instruction": "# Demo\nShows `Hello`.\n"})
    for n in ("01", "02", "03"):
        pytester.makefile(".md", **{f"tasks/demo/steps/{n}/instruction": "Stage.\n"})
    pytester.mkdir("suites")
    pytester.mkdir("suites/demo")
    pytester.makefile(".json", **{"submission/package": "{}"})
    return pytester


def pytest_report_header(config: pytest.Config) -> str:
    """Say in the CI log which tasks and mutants the rotating sample re-grades this run."""
    from tests.device.sample import describe

    return describe()
