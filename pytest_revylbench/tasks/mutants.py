"""Planted bugs: small declared edits on top of a task's reference app.

`suites/<task>/mutants/<name>/mutant.toml` holds a description, the hidden tests that must
fail on it (`catches`; every other test must pass), and one or more exact find/replace edits.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, model_validator

from pytest_revylbench.builder.submission import copy_source
from pytest_revylbench.records.base import Record
from pytest_revylbench.records.tomlfiles import load_toml_model
from pytest_revylbench.records.vocabulary import Tier
from pytest_revylbench.tasks.loading import TaskError


class Edit(Record):
    file: str
    """Path relative to the reference folder."""
    find: str = Field(min_length=1)
    """Text that occurs exactly once in that file."""
    replace: str


class Mutant(Record):
    name: str = ""
    description: str
    catches: tuple[str, ...] = ()
    """Names of the hidden tests that must fail; all others must pass."""
    lowers: tuple[Tier, ...] = ()
    """Tiers whose score must be below the reference's (the visual tier has no verdicts to
    fail: a layout shift only lowers its score)."""
    edit: tuple[Edit, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _caught_somehow(self) -> Mutant:
        if not self.catches and not self.lowers:
            raise ValueError("declare the tests that catch it (catches) or the tiers it lowers (lowers)")
        return self


def load_mutant(folder: Path) -> Mutant:
    return load_toml_model(folder / "mutant.toml", Mutant, what="mutant file", error=TaskError,
                           extra={"name": folder.name})


def list_mutants(suite: Path) -> list[Mutant]:
    """Every mutant of a suite, sorted by name."""
    return [load_mutant(p.parent) for p in sorted((suite / "mutants").glob("*/mutant.toml"))]


def materialize(suite: Path, mutant: Mutant, dest: Path) -> Path:
    """Write the reference with `mutant`'s edits applied into the new folder `dest`."""
    copy_source(suite / "reference", dest)
    where = suite / "mutants" / mutant.name / "mutant.toml"
    for number, edit in enumerate(mutant.edit, 1):
        target = dest / edit.file
        if not target.is_file():
            raise TaskError(f"{where}: edit {number}: file {edit.file!r} is not in the reference")
        text = target.read_text(encoding="utf-8")
        count = text.count(edit.find)
        if count != 1:
            raise TaskError(
                f"{where}: edit {number}: `find` occurs {count} times in {edit.file}, expected once"
            )
        target.write_text(text.replace(edit.find, edit.replace), encoding="utf-8")
    return dest
