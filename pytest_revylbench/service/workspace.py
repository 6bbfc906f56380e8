"""The agent's workspace: `<rollout>/workspace/`, laid out by `revylbench rollout start`.

It holds the scaffold (without node_modules, dist, .expo), the task's public files as the task
declares them (instruction.md, each stage's step file, the design/ images), an AGENTS.md that
says how to submit and what the feedback looks like, and (for an agent on the host)
`.revylbench/service.json`. Nothing of the hidden suite, the task's scoring file or the grader
goes in.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from pytest_revylbench.service.endpoint import ServiceFile, new_token, write_service_file
from pytest_revylbench.service.tarball import EXCLUDED
from pytest_revylbench.tasks.design import design_folder
from pytest_revylbench.tasks.loading import Task

WORKSPACE = "workspace"
SCAFFOLD = "scaffold"
AGENTS_MD = "AGENTS.md"

_AGENTS = """\
# {title}

You are building the app this folder's `instruction.md` specifies.{steps}
The folder is an Expo (SDK 56) TypeScript app; `NOTES.md` says what the grader expects of it.
{design}

## Submitting

Submit the whole folder for grading, either way:

- a shell: `revylbench submit --wait` (run anywhere inside this folder);
- an MCP tool: the `revylbench` server's tools `submit`, `status` and `feedback`.

The folder is sent without `node_modules`, `dist`, `.expo`, `.feedback` and `.revylbench`.
You have {budget} graded submissions; one is graded at a time (a second one while the first is
queued or grading is refused, and costs nothing). A grade that failed by the bench's fault
(not your app's) is graded again and never counted against you. Once the budget is used, or
the rollout has ended, a submission is refused with the reason.

## Graded as a person would use it

Your app is graded as it behaves for anyone who opens it. Code of yours (not your own tests)
that looks for signs of being graded or tested, to behave differently then, is tampering and
scores 0: reading `navigator.webdriver`, a `cdc_…` or `__rvb…` global, `HeadlessChrome`,
`domAutomation`, `callPhantom`, `_selenium`, `__nightmare`, `JEST_WORKER_ID`,
`process.env.NODE_ENV === 'test'`, the test runner's `@jest/globals` or `jest-circus`, its
`JEST_STATE_SYMBOL` or `$$jest-matchers-object`, a mock's `_isMockFunction`,
`IS_REACT_NATIVE_TEST_ENVIRONMENT`, or whether `jest` or `expect` exist.

## Feedback

After each grade the submit command prints `feedback.md` and unpacks the bundle into
`.feedback/<k>/` (k = 1, 2, 3 … in the order of your submissions): `feedback.md` (what passed,
what did not and why, in plain words), `feedback.json` (the same as data) and the screenshots
of what did not pass (`stage-3-before.png`, `stage-3-after.png` …). `revylbench submit
--status` and the MCP tool `status` say what is queued or grading and how much budget is left.
"""


def _copy_scaffold(scaffold: Path, dest: Path) -> None:
    shutil.copytree(scaffold, dest, symlinks=True,
                    ignore=shutil.ignore_patterns(*EXCLUDED), dirs_exist_ok=True)


def public_files(task: Task) -> list[Path]:
    """The task's public files, relative to its folder: instruction files, then design images."""
    files = [p.relative_to(task.folder) for p in task.instruction_files]
    design = design_folder(task)
    if design.is_dir():
        files += sorted(p.relative_to(task.folder) for p in design.iterdir() if p.suffix == ".png")
    return files


def agents_md(task: Task) -> str:
    spec = task.spec
    steps = ""
    if spec.stages:
        listed = ", ".join(f"`{s.instruction}`" for s in spec.stages)
        steps = f"\nIt comes in {len(spec.stages)} steps, each building on the one before: {listed}."
    design = ("`design/` holds screenshots of the reference app: the look to build to."
              if design_folder(task).is_dir() else "")
    return _AGENTS.format(title=spec.title, steps=steps, design=design,
                          budget=spec.budgets.max_submissions)


def lay_out_workspace(task: Task, scaffold: Path | None, rollout: Path, *,
                      service_file: bool = True) -> Path:
    """Write `<rollout>/workspace/` (from the scaffold, unless None); refuses a rollout that
    already has one. `service_file`: write `.revylbench/service.json` with the rollout's token,
    for an agent on the host (`rollout start`); a sandboxed agent's tools get their identity from
    the run (`run-agent`), so its workspace holds no credential."""
    dest = rollout / WORKSPACE
    if dest.exists():
        raise FileExistsError(f"{dest}: the rollout already has a workspace")
    dest.mkdir(parents=True)
    if scaffold is not None:
        _copy_scaffold(scaffold, dest)
    for rel in public_files(task):
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(task.folder / rel, target)
    (dest / AGENTS_MD).write_text(agents_md(task), encoding="utf-8")
    if service_file:
        write_service_file(dest, ServiceFile(rollout=str(rollout.resolve()), token=new_token(rollout)))
    return dest
