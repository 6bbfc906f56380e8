"""`[contract]` of a task.toml: the screens, tab bar, dependencies and hosts a task pins
(the checks live in `tasks.contract`)."""

from __future__ import annotations

from pydantic import Field, field_validator, model_validator

from pytest_revylbench.records.base import Record

TestIds = tuple[str, ...]


class ScreenSpec(Record):
    """`[[contract.screens]]`: a screen and the test IDs the spec puts on it."""

    name: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    path: TestIds = ()
    """Test IDs tapped in order from a fresh launch to reach the screen."""
    test_ids: TestIds = Field(min_length=1)
    """Every one must be present on the screen (in the page, not necessarily in view)."""


class TabsSpec(Record):
    """`[contract.tabs]`: the tab bar, each tab a test ID showing its label."""

    test_ids: TestIds = Field(min_length=1)
    labels: tuple[str, ...]

    @model_validator(mode="after")
    def _paired(self) -> TabsSpec:
        if len(self.labels) != len(self.test_ids):
            raise ValueError(
                f"labels has {len(self.labels)} entries, test_ids {len(self.test_ids)}: "
                "give one label per tab"
            )
        return self


class ContractSpec(Record):
    """`[contract]` of a task.toml."""

    dependencies: tuple[str, ...] = ()
    """Package names a submission may add to the scaffold's (none by default)."""
    hosts: tuple[str, ...] = ()
    """Hosts outside the device the app may contact (none by default)."""
    screens: tuple[ScreenSpec, ...] = ()
    tabs: TabsSpec | None = None

    @field_validator("screens")
    @classmethod
    def _distinct(cls, screens: tuple[ScreenSpec, ...]) -> tuple[ScreenSpec, ...]:
        names = [s.name for s in screens]
        if len(set(names)) != len(names):
            raise ValueError(f"screen names must be distinct, got {names}")
        return screens

    @model_validator(mode="after")
    def _something(self) -> ContractSpec:
        if not self.screens and self.tabs is None:
            raise ValueError("declare at least one [[contract.screens]] or [contract.tabs]")
        return self
