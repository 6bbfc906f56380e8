"""Hidden device tests of the `gradebook` task: one per stage, and the journey.

Every expected string and number follows from tasks/gradebook/instruction.md and its steps.
TODO: write the tests: at least 80 checks across the four, a plain-words criterion= on each.

Leak canary rvb-canary-docstring-59ed8ab7: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from typing import NoReturn

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-47ceefd1): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-c5e2ae18-gradebook-suite"


def not_written(test: str) -> NoReturn:
    """The skeleton's tests fail (never pass, never skip) until written."""
    raise AssertionError(f"{test} is not written yet: TODO: write it in suites/gradebook/"
                         "test_gradebook.py")


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
