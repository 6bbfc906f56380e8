"""The pytest processes the suite starts (grades, `revylbench stability`, pytester's
subprocess runs) load no hypothesis plugin.

hypothesis is a dev extra of the venv, so its pytest plugin loads in every pytest process, and at
each run's end it imports hypothesis (about 0.6 s of CPU) to look for observability files. A
grade never uses it, and CI starts over a hundred of them (bench/RESULTS.md, "CI's wall time",
session 16). `.ci/grade` passes the same option.

Set in each test process once its own options are read, so it reaches only the processes it
starts; never in an xdist controller, whose workers, started after this hook, run the suite's
own hypothesis tests.
"""

from __future__ import annotations

import os

import pytest

NO_HYPOTHESIS = "-p no:hypothesispytest"


def pytest_configure(config: pytest.Config) -> None:
    controller = bool(getattr(config.option, "numprocesses", None)) and \
        "PYTEST_XDIST_WORKER" not in os.environ
    current = os.environ.get("PYTEST_ADDOPTS", "")
    if not controller and NO_HYPOTHESIS not in current:
        os.environ["PYTEST_ADDOPTS"] = f"{current} {NO_HYPOTHESIS}".strip()
