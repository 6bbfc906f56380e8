"""The published design: the reference's checkpoint screenshots, given to the agent.

`tasks/<id>/design/<checkpoint>@<viewport>.png` is byte for byte the web oracle's image
(`suites/<id>/oracle/web/`): the visual tier measures fidelity to a design the agent can see.
`revylbench oracle --platform web` writes both from one capture (`publish_design`); the
native platforms' oracles are the grader's own and publish nothing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from pytest_revylbench.tasks.loading import Task

DESIGN_DIR = "design"
"""The folder of a task's public files that holds its design images."""
DESIGN_PLATFORM = "web"
"""The oracle the design is copied from: the one captured in the pinned environment."""


def declared_shots(task: Task) -> list[str]:
    """`<checkpoint>@<viewport>` of every declared shot, in declaration order (none without a
    visual tier); the same names as the oracle's images (`records.visual.shot_name`)."""
    visual = task.spec.scoring.visual
    if visual is None:
        return []
    return [f"{checkpoint.name}@{viewport.name}" for checkpoint, viewport in visual.shots()]


def design_folder(task: Task) -> Path:
    return task.folder / DESIGN_DIR


def oracle_folder(task: Task) -> Path:
    return task.suite / "oracle" / DESIGN_PLATFORM


def publish_design(task: Task, oracle: Path | None = None) -> list[Path]:
    """Copy every declared shot of the web oracle into the task's design folder, replacing it.

    :returns: the design images written, in declaration order.
    :raises FileNotFoundError: the oracle has no image of a declared shot (nothing is written).
    """
    source = oracle_folder(task) if oracle is None else oracle
    names = declared_shots(task)
    missing = [n for n in names if not (source / f"{n}.png").is_file()]
    if missing:
        raise FileNotFoundError(f"{source}: no oracle image of {', '.join(missing)}; "
                                f"capture it first (`revylbench oracle --task {task.spec.id}`)")
    dest = design_folder(task)
    staging = dest.with_name(dest.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    for name in names:
        shutil.copyfile(source / f"{name}.png", staging / f"{name}.png")
    shutil.rmtree(dest, ignore_errors=True)
    staging.rename(dest)
    return [dest / f"{n}.png" for n in names]


def design_faults(task: Task) -> list[str]:
    """What keeps the design folder from being the web oracle's images, one line each: a
    declared shot without its design image, an image that differs from the oracle's, a file
    that is no declared shot. Empty when the task ships its design (or has no visual tier)."""
    names = declared_shots(task)
    design, oracle = design_folder(task), oracle_folder(task)
    faults: list[str] = []
    for name in names:
        image, original = design / f"{name}.png", oracle / f"{name}.png"
        if not image.is_file():
            faults.append(f"{image}: missing (checkpoint {name} has no design image)")
        elif not original.is_file():
            faults.append(f"{original}: missing (no oracle to compare {image} with)")
        elif image.read_bytes() != original.read_bytes():
            faults.append(f"{image}: differs from {original}")
    if design.is_dir():
        wanted = {f"{n}.png" for n in names}
        faults += [f"{extra}: not a declared checkpoint@viewport ({', '.join(names) or 'none'})"
                   for extra in sorted(design.iterdir()) if extra.name not in wanted]
    return faults
