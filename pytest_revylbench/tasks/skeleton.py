"""`revylbench new-task ID`: a new task's skeleton in `tasks/<id>/` and `suites/<id>/`.

Everything the bar of a task asks for is laid out (public spec and three cumulative steps,
task.toml with every tier, a suite with three `@stage` tests and one `@journey` test, a
functional folder, a reference copied from the scaffold, an empty mutants folder, canaries),
with `TODO` text and `todo-` identifiers that `revylbench validate` flags until written. The
suite's tests fail (never pass, never skip) until their author writes them.
"""

from __future__ import annotations

import re
import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path

from pytest_revylbench.builder.submission import copy_source
from pytest_revylbench.tasks.loading import TaskError

ID_PATTERN = re.compile(r"^[a-z][a-z0-9-]*$")
"""A task id: lower-case letters, digits and dashes, starting with a letter (`TaskSpec.id`)."""
RESERVED = frozenset({"scaffold"})
PLACEHOLDER = re.compile(r"\bTODO\b|\btodo-[a-z0-9-]*")
"""What marks skeleton text not yet written: `TODO` in prose, `todo-…` in identifiers."""
NOT_WRITTEN = "not written yet"
"""The failure message of every skeleton test."""
STAGES = (("first", "01-first"), ("second", "02-second"), ("third", "03-third"))
"""(stage id, step folder) of the skeleton's three stages."""
JOURNEY = "journey"
FUNCTIONAL_STUB = "todo.test.tsx"


@dataclass(frozen=True)
class Skeleton:
    """Where a new task's skeleton was written."""

    task: Path
    suite: Path


def suite_module_name(task_id: str) -> str:
    """`test_<id>.py`, dashes as underscores (pytest imports it as a module)."""
    return f"test_{task_id.replace('-', '_')}.py"


def check_new_id(tasks_dir: Path, suites_dir: Path, task_id: str) -> None:
    """TaskError unless `task_id` is a valid id that neither folder holds yet."""
    if not ID_PATTERN.match(task_id):
        raise TaskError(f"bad task id {task_id!r}: use lower-case letters, digits and dashes, "
                        f"starting with a letter (pattern {ID_PATTERN.pattern})")
    if task_id in RESERVED:
        raise TaskError(f"task id {task_id!r} is reserved (tasks/{task_id} is the agents' scaffold)")
    for folder in (tasks_dir / task_id, suites_dir / task_id):
        if folder.exists():
            raise TaskError(f"task {task_id!r} exists already: {folder} is there; pick another id")


def new_task(tasks_dir: Path, suites_dir: Path, task_id: str, title: str | None = None,
             scaffold: Path | None = None) -> Skeleton:
    """Write the skeleton of task `task_id`; TaskError (and nothing written) on a bad or
    existing id or a missing scaffold."""
    check_new_id(tasks_dir, suites_dir, task_id)
    scaffold = scaffold or tasks_dir / "scaffold"
    if not (scaffold / "App.tsx").is_file():
        raise TaskError(f"no scaffold to copy the reference from: {scaffold / 'App.tsx'} does not exist")
    skeleton = Skeleton(task=tasks_dir / task_id, suite=suites_dir / task_id)
    try:
        _write(skeleton, task_id, title or f"TODO: the title of {task_id}", scaffold)
    except BaseException:
        for folder in (skeleton.task, skeleton.suite):
            shutil.rmtree(folder, ignore_errors=True)
        raise
    return skeleton


def _write(skeleton: Skeleton, task_id: str, title: str, scaffold: Path) -> None:
    files: dict[Path, str] = {
        skeleton.task / "instruction.md": _instruction(task_id, title),
        skeleton.task / "task.toml": _task_toml(task_id, title),
        skeleton.suite / suite_module_name(task_id): _suite_module(task_id),
        skeleton.suite / "functional" / FUNCTIONAL_STUB: _functional_stub(task_id),
        skeleton.suite / "mutants" / ".gitkeep": "",
    }
    for number, (stage_id, folder) in enumerate(STAGES, 1):
        files[skeleton.task / "steps" / folder / "instruction.md"] = _step(number, stage_id)
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    copy_source(scaffold, skeleton.suite / "reference")


def _instruction(task_id: str, title: str) -> str:
    return f"""# {title}

TODO: what the app is, for whom, in a paragraph, as a product person would write it for a small
real app in this domain. Build it starting from the blank Expo TypeScript app you were given.
It runs on phones (iOS, Android) and on the web from the same source. Everything below is part
of the contract: the strings, numbers and formats are checked exactly as written.

## The project

- Keep the scaffold's entry point: `App.tsx` default-exports the root component. Hidden
  component tests render `<App />` with @testing-library/react-native and jest-expo, so keep
  the scaffold's `package.json`; add no dependency.
- The project type-checks with `npx tsc --noEmit` (strict, as the scaffold sets it).
- The app makes no network requests.

## Today and the seed data

TODO: the pinned "today" and the seed data, so that every expected string follows from this
text.

## Screens, texts and test IDs

TODO: every screen, each quoted string (the whole text of one element) and its test ID; the
tab bar's tabs and their labels.

## Rules

TODO: the domain's real rules in words: rounding, ordering and ties, limits, edge cases.

## The design

TODO: the table of `design/<screen>@<size>.png` images (`revylbench oracle --task {task_id}`
writes them from the reference).
"""


def _step(number: int, stage_id: str) -> str:
    return f"""# Stage {number} — TODO: the name of stage {number} ({stage_id})

TODO: what this stage adds on top of the previous ones, as the root `instruction.md` pins it
(the stages are cumulative).

Adds:
- TODO

When it works: TODO: the strings a user sees when this stage is done.
"""


def _task_toml(task_id: str, title: str) -> str:
    stages = "\n".join(
        f'[[stages]]\nid = "{stage_id}"\nname = "TODO: the name of stage {n}"\n'
        f'instruction = "steps/{folder}/instruction.md"\n'
        for n, (stage_id, folder) in enumerate(STAGES, 1))
    checkpoints = "\n".join(
        f'[[scoring.visual.checkpoints]]\nname = "todo-checkpoint-{n}"\npath = []\n'
        for n in range(1, 4))
    return f"""schema = 1
id = "{task_id}"
title = {_toml_string(title)}
version = "0.1.0"
archetype = "TODO"
platforms = ["web", "ios", "android"]
instruction = "instruction.md"
tiers = ["build", "functional", "flow", "contract", "visual"]

{stages}
[journey]
id = "{JOURNEY}"
name = "TODO: the name of the journey"

[contract]
dependencies = []
hosts = []

# TODO: each screen: the test IDs tapped from launch to reach it (path) and those on it.
[[contract.screens]]
name = "todo-screen"
path = []
test_ids = ["todo-test-id"]

[contract.tabs]
test_ids = ["todo-tab-1", "todo-tab-2", "todo-tab-3"]
labels = ["TODO", "TODO", "TODO"]

[scoring]
scheme = "tiers"

[scoring.tiers]
build = 0.20
functional = 0.30
flow = 0.35
contract = 0.15

[scoring.visual]
# TODO: the floor: the score of the blank scaffold's screens against the oracle, rounded up.
floor = 0.43

[[scoring.visual.viewports]]
name = "phone"
width = 393
height = 852
scale = 3

[[scoring.visual.viewports]]
name = "small"
width = 360
height = 640
scale = 2

# TODO: three checkpoints: each a screen and the test IDs tapped from launch to reach it.
{checkpoints}
[budgets]
max_submissions = 5
agent_minutes = 480
"""


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _suite_module(task_id: str) -> str:
    token = secrets.token_hex(4)
    tests = "\n\n".join(
        f'@stage("{stage_id}")\ndef test_stage_{n}_{stage_id}(app: App) -> None:\n'
        f'    not_written("test_stage_{n}_{stage_id}")\n'
        for n, (stage_id, _) in enumerate(STAGES, 1))
    return f'''"""Hidden device tests of the `{task_id}` task: one per stage, and the journey.

Every expected string and number follows from tasks/{task_id}/instruction.md and its steps.
TODO: write the tests: at least 80 checks across the four, a plain-words criterion= on each.

Leak canary rvb-canary-docstring-{secrets.token_hex(4)}: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from typing import NoReturn

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-{secrets.token_hex(4)}): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-{token}-{task_id}-suite"


def not_written(test: str) -> NoReturn:
    """The skeleton's tests fail (never pass, never skip) until written."""
    raise AssertionError(f"{{test}} is {NOT_WRITTEN}: TODO: write it in suites/{task_id}/"
                         "{suite_module_name(task_id)}")


{tests}

@journey
def test_journey_{JOURNEY}(app: App) -> None:
    not_written("test_journey_{JOURNEY}")
'''


def _functional_stub(task_id: str) -> str:
    return f"""/// <reference types="jest" />
// Hidden component tests of the {task_id} task. TODO: at least 8 tests, each expected string
// following from tasks/{task_id}/instruction.md; this stub fails until replaced.
import React from "react";
import {{ render }} from "@testing-library/react-native";

import App from "../App";

describe("todo", () => {{
  test("the component tests are {NOT_WRITTEN}", async () => {{
    await render(<App />);
    throw new Error("TODO: write the hidden component tests of {task_id} ({NOT_WRITTEN})");
  }});
}});
"""
