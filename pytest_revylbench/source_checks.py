"""The checks that read the submission's source rather than drive the app: the type-check
(build tier) and the hidden jest tests (functional tier).

Both run once per grade, whatever the worker count (a file lock; the record in the report
folder), in a private copy of the submission with the cached dependencies linked in, and
sandboxed like the build: they run the submission's code. The type-check runs before the
hidden tests are copied in, so it judges the submission's files only.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import time
from pathlib import Path
from typing import Any

from filelock import FileLock
from pydantic import BaseModel, ConfigDict

from .build.deps import cached_node_modules
from .build.pipeline import refuse_outward_links, sandbox_policy
from .build.process import StepFailed, run_step
from .build.sandbox import SandboxPolicy
from .functional import SUFFIX, JestVerdict, verdicts
from .submission import copy_source, digest, files_digest

_HERE = Path(__file__).resolve().parent
CHECKING_CODE = (_HERE / "source_checks.py", _HERE / "functional.py",
                 *sorted((_HERE / "build").glob("*.py")))
"""The grader's code the checks' verdicts depend on."""
HIDDEN_FOLDER = "__hidden_tests__"
JEST_OUTPUT = ".revylbench-jest.json"
RECORD = "checks.json"
LOG = "checks.log"
TSC = "node_modules/.bin/tsc"
JEST = "node_modules/.bin/jest"

# Runs after jest's globals exist and before a test file (and so the submission) loads: the
# submission cannot swap the assertion functions the hidden tests call.
FREEZE_GLOBALS = """\
for (const name of ["expect", "test", "it", "describe", "beforeEach", "afterEach"]) {
  const value = globalThis[name];
  Object.defineProperty(globalThis, name, { value, writable: false, configurable: false });
}
"""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class StepVerdict(_Frozen):
    ok: bool
    seconds: float
    message: str = ""
    """Why it failed: the tool's output tail, or what stopped it."""


class CheckRecord(_Frozen):
    """`checks.json` of a grade: the type-check and the jest run."""

    version: int = 1
    typecheck: StepVerdict
    functional: StepVerdict | None = None
    """None when the task has no hidden jest tests."""
    tests: dict[str, JestVerdict] = {}
    """Each jest test's verdict by item name."""
    bench_fault: str = ""
    """Set when the checks could not run for a reason that is not the submission's."""
    reused: bool = False
    """Taken from an earlier grade of the identical submission with the identical hidden tests."""


def jest_config(work: Path) -> str:
    """The grader's own jest configuration: the submission's is never read."""
    return json.dumps({
        "preset": "jest-expo", "rootDir": str(work), "roots": [f"<rootDir>/{HIDDEN_FOLDER}"],
        "testMatch": [f"<rootDir>/{HIDDEN_FOLDER}/*{SUFFIX}"],
        "setupFilesAfterEnv": [f"<rootDir>/{HIDDEN_FOLDER}/.freeze.js"],
        "cacheDirectory": "<rootDir>/.jest-cache", "watchman": False,
    })


def _step(name: str, argv: list[str], *, work: Path, log: Path, deadline: float,
          policy: SandboxPolicy | None, node_modules: Path) -> StepVerdict:
    started = time.monotonic()
    box = None
    if policy is not None:
        box = policy.for_build(work, read_only=(node_modules,))
        box.prepare()
    mark = log.stat().st_size if log.exists() else 0
    try:
        run_step(name, argv, cwd=work, log=log, deadline=deadline, sandbox=box,
                 env={"FORCE_COLOR": "0", "NO_COLOR": "1"})
        return StepVerdict(ok=True, seconds=round(time.monotonic() - started, 3))
    except StepFailed as exc:
        with log.open("rb") as out:
            out.seek(mark)
            output = out.read().decode("utf-8", "replace")
        tail = "\n".join(output.strip().splitlines()[-30:])
        return StepVerdict(ok=False, seconds=round(time.monotonic() - started, 3),
                           message=f"{exc}\n{tail}".strip())


def run_checks(
    submission: Path, *, work: Path, tests: list[Path], cache_dir: Path, log: Path,
    timeout_s: float, sandbox: bool, hidden: tuple[Path, ...] = (),
) -> CheckRecord:
    """Type-check `submission`, then run the hidden jest `tests` against it, in `work`."""
    deadline = time.monotonic() + timeout_s
    policy = sandbox_policy(None if sandbox else False, cache_dir=cache_dir, log=log, hidden=hidden)
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(f"[revylbench] source checks of {submission} "
                   f"({'sandboxed' if policy else 'NOT sandboxed'})\n", encoding="utf-8")
    shutil.rmtree(work, ignore_errors=True)
    try:
        refuse_outward_links(submission)
        copy_source(submission, work)
        node_modules, _ = cached_node_modules(work, cache_dir, log=log, deadline=deadline, policy=policy)
    except StepFailed as exc:
        failed = StepVerdict(ok=False, seconds=0.0, message=str(exc))
        return CheckRecord(typecheck=failed, functional=failed if tests else None)
    node_modules = node_modules.resolve()
    (work / "node_modules").symlink_to(node_modules, target_is_directory=True)
    try:
        if (work / TSC).exists():
            typecheck = _step("type-check (tsc --noEmit)", [TSC, "--noEmit", "-p", "."], work=work,
                              log=log, deadline=deadline, policy=policy, node_modules=node_modules)
        else:
            typecheck = StepVerdict(ok=False, seconds=0.0, message=(
                "the dependencies do not provide TypeScript (keep the scaffold's devDependencies)"))
        if not tests:
            return CheckRecord(typecheck=typecheck)
        return _jest(work, tests, typecheck, log=log, deadline=deadline, policy=policy,
                     node_modules=node_modules)
    except OSError as exc:
        failed = StepVerdict(ok=False, seconds=0.0, message=f"the checks could not run: {exc}")
        return CheckRecord(typecheck=failed, functional=failed if tests else None,
                           bench_fault=str(exc))


def _jest(work: Path, tests: list[Path], typecheck: StepVerdict, *, log: Path, deadline: float,
          policy: SandboxPolicy | None, node_modules: Path) -> CheckRecord:
    folder = work / HIDDEN_FOLDER
    shutil.rmtree(folder, ignore_errors=True)  # a submission's own folder of that name goes
    folder.mkdir()
    for test in tests:
        shutil.copy2(test, folder / test.name)
    (folder / ".freeze.js").write_text(FREEZE_GLOBALS, encoding="utf-8")
    output = work / JEST_OUTPUT
    output.unlink(missing_ok=True)
    if not (work / JEST).exists():
        missing = StepVerdict(ok=False, seconds=0.0, message=(
            "the dependencies do not provide jest (keep the scaffold's devDependencies)"))
        return CheckRecord(typecheck=typecheck, functional=missing)
    argv = [JEST, "--ci", "--json", f"--outputFile={output}", "--runInBand", "--colors=false",
            f"--config={jest_config(work)}"]
    functional = _step("hidden component tests (jest)", argv, work=work, log=log,
                       deadline=deadline, policy=policy, node_modules=node_modules)
    try:
        report = json.loads(output.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return CheckRecord(typecheck=typecheck, functional=functional.model_copy(
            update={"ok": False, "message": functional.message or "jest wrote no report"}))
    return CheckRecord(typecheck=typecheck, functional=functional.model_copy(update={"ok": True}),
                       tests=verdicts(report))


def checks_key(submission: Path, tests: list[Path], *, sandbox: bool) -> str:
    """What the checks' verdicts are a function of: the submission (its lockfile with it),
    the hidden tests, the grader's checking code and whether the checks ran sandboxed."""
    package = Path(__file__).resolve().parent
    code = files_digest(package, [p.relative_to(package) for p in CHECKING_CODE])
    parts = [digest(submission), f"sandboxed={sandbox}", code]
    parts += [f"{t.name}:{hashlib.sha256(t.read_bytes()).hexdigest()}" for t in tests]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:24]


def checks_for_grade(
    run_dir: Path, work: Path, *, reuse: bool = True, **kwargs: Any,
) -> CheckRecord:
    """The grade's record, made by the first worker to ask and read by the others.

    Like a build, a finished clean run (no bench fault) is kept in the cache by `checks_key`:
    grading the identical submission again reuses its verdicts unless `reuse` is False.
    """
    record = run_dir / RECORD
    work.parent.mkdir(parents=True, exist_ok=True)
    kept = Path(kwargs["cache_dir"]) / "checks" / (
        checks_key(kwargs["submission"], kwargs["tests"], sandbox=kwargs["sandbox"]) + ".json")
    with FileLock(str(work) + ".lock"):
        if record.is_file():
            return CheckRecord.model_validate_json(record.read_text(encoding="utf-8"))
        if reuse and kept.is_file():
            result = CheckRecord.model_validate_json(kept.read_text(encoding="utf-8"))
            result = result.model_copy(update={"reused": True})
        else:
            try:
                result = run_checks(work=work, log=run_dir / LOG, **kwargs)
            finally:
                shutil.rmtree(work, ignore_errors=True)
            if not result.bench_fault:
                kept.parent.mkdir(parents=True, exist_ok=True)
                partial = kept.with_suffix(".partial")
                partial.write_text(result.model_dump_json(indent=2), encoding="utf-8")
                partial.rename(kept)
        record.write_text(result.model_dump_json(indent=2), encoding="utf-8")
        return result
