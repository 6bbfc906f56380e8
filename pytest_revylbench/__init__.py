"""pytest-revylbench: grade mobile apps built by coding agents on real devices.

What a suite author needs: the `App` a test receives as its `app` fixture, and the markers
that tie a test to the task's stages and journey.
"""

from __future__ import annotations

import pytest

from pytest_revylbench.app.facade import App, CheckFailed

__all__ = ["App", "CheckFailed", "journey", "stage", "tier"]


def stage(stage_id: str) -> pytest.MarkDecorator:
    """Mark a hidden test as the proof of one stage: `@stage("accounts")`."""
    return pytest.mark.stage(stage_id)


journey: pytest.MarkDecorator = pytest.mark.journey
"""Mark the hidden test of the task's end-to-end journey: `@journey`."""


def tier(name: str) -> pytest.MarkDecorator:
    """Mark a subtest's reward tier: `@tier("functional")` (build, functional, flow, contract)."""
    return pytest.mark.tier(name)
