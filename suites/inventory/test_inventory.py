"""Hidden device tests of the `inventory` task: one per stage, and the journey.

Every expected string and number follows from tasks/inventory/instruction.md and its steps.
TODO: write the tests: at least 80 checks across the four, a plain-words criterion= on each.

Leak canary rvb-canary-docstring-736c92fc: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from typing import NoReturn

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-65ac69c5): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-ad12f147-inventory-suite"


def not_written(test: str) -> NoReturn:
    """The skeleton's tests fail (never pass, never skip) until written."""
    raise AssertionError(f"{test} is not written yet: TODO: write it in suites/inventory/"
                         "test_inventory.py")


@stage("first")
def test_stage_1_first(app: App) -> None:
    not_written("test_stage_1_first")


@stage("second")
def test_stage_2_second(app: App) -> None:
    not_written("test_stage_2_second")


@stage("third")
def test_stage_3_third(app: App) -> None:
    not_written("test_stage_3_third")


@journey
def test_journey_journey(app: App) -> None:
    not_written("test_journey_journey")
