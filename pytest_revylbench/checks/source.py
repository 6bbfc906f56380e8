"""The checks that read the submission's source rather than drive the app: the type-check
(build tier) and the hidden jest tests (functional tier).

Both run once per grade, whatever the worker count (a file lock; the record in the report
folder), in a private copy of the submission with the cached dependencies linked in, and
sandboxed like the build: they run the submission's code. The type-check runs before the
hidden tests are copied in, so it judges the submission's files only.

The jest verdicts come from the grader's recorder in jest's parent process, over a signed
channel (`jest_channel`), never from a file in the work folder or from jest's output; the
hidden tests and the grader's jest files are read-only to the run, and the test workers run
under Node's permission model (see the README's trusted-grading section).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

from filelock import FileLock

from pytest_revylbench.builder.clock import pinned_argv
from pytest_revylbench.builder.deps import InstallRetry, cached_node_modules, lockfile_digest
from pytest_revylbench.builder.pipeline import sandbox_policy
from pytest_revylbench.builder.process import StepFailed, run_step
from pytest_revylbench.builder.sandbox import FIXED_WORK, UID_SPAN, Mount, SandboxPolicy
from pytest_revylbench.builder.submission import copy_source, digest, tree_digest
from pytest_revylbench.checks.functional import JestVerdict, parse_cases
from pytest_revylbench.checks.jest_channel import Channel, judge
from pytest_revylbench.checks.jest_config import (
    HIDDEN_FOLDER,
    INNER_STORE,
    install_grader_files,
    jest_config,
    worker_node_options,
)
from pytest_revylbench.checks.jest_store import seed_store
from pytest_revylbench.records.base import Record

_HERE = Path(__file__).resolve().parent
GRADER_PACKAGE = _HERE.parent
"""The grader whose verdicts the checks' cache keeps: every file of it is in the key."""
VERDICT_TOOLS = (("node", ("node", "--version")), ("bubblewrap", ("bwrap", "--version")))
"""The host's tools that run the checks (jest, tsc, their sandbox). The rest that decides a
verdict is the submission's lockfile (its jest, jest-expo, typescript), in its digest."""
JEST_TIMED_OUT = "Exceeded timeout of"
RECORD = "checks.json"
LOG = "checks.log"
TSC = "node_modules/.bin/tsc"
JEST = "node_modules/.bin/jest"


class StepVerdict(Record):
    ok: bool
    seconds: float
    message: str = ""
    """Why it failed: the tool's output tail, or what stopped it."""
    exit_code: int | None = None
    """The tool's exit status (negative: killed by that signal); None when it never exited
    by itself (the time limit, or it could not start)."""
    timed_out: bool = False
    """It ran past its limit (`--functional-timeout`) and was stopped: the app's code hung it."""


class CheckRecord(Record):
    """`checks.json` of a grade: the type-check and the jest run."""

    version: int = 1
    typecheck: StepVerdict
    functional: StepVerdict | None = None
    """None when the task has no hidden jest tests."""
    tests: dict[str, JestVerdict] = {}
    """Each jest test's verdict by item name."""
    tampered: str = ""
    """Evidence that the jest run's records were forged or its recorder stopped: every
    functional item fails as `tampered` (the tier scores 0; never refunded)."""
    bench_fault: str = ""
    """Set when the checks could not run for a reason that is not the submission's."""
    reused: bool = False
    """Taken from an earlier grade of the identical submission with the identical hidden tests."""


def _step(name: str, argv: list[str], *, work: Path, log: Path, deadline: float,
          policy: SandboxPolicy | None, node_modules: Path, mounts: tuple[Mount, ...] = (),
          work_at: Path | None = None, pass_fds: tuple[int, ...] = (),
          env: dict[str, str] | None = None) -> StepVerdict:
    started = time.monotonic()
    box = None
    if policy is not None:
        box = policy.for_build(work, read_only=(node_modules,), work_at=work_at, mounts=mounts)
        box.prepare()
    mark = log.stat().st_size if log.exists() else 0
    try:
        run_step(name, argv, cwd=work, log=log, deadline=deadline, sandbox=box, pass_fds=pass_fds,
                 env={"FORCE_COLOR": "0", "NO_COLOR": "1", **(env or {})})
        return StepVerdict(ok=True, seconds=round(time.monotonic() - started, 3), exit_code=0)
    except StepFailed as exc:
        with log.open("rb") as out:
            out.seek(mark)
            output = out.read().decode("utf-8", "replace")
        tail = "\n".join(output.strip().splitlines()[-30:])
        return StepVerdict(ok=False, seconds=round(time.monotonic() - started, 3),
                           message=f"{exc}\n{tail}".strip(), exit_code=exc.exit_code,
                           timed_out=exc.timed_out)


def run_checks(
    submission: Path, *, work: Path, tests: list[Path], cache_dir: Path, log: Path,
    timeout_s: float, sandbox: bool, hidden: tuple[Path, ...] = (),
    install_retry: InstallRetry | None = None, step_timeout_s: float | None = None,
) -> CheckRecord:
    """Type-check `submission`, then run the hidden jest `tests` against it, in `work`.

    `timeout_s` bounds the whole (the dependency install included); `step_timeout_s` each of
    the type-check and the jest run (past it the step is stopped and marked `timed_out`)."""
    deadline = time.monotonic() + timeout_s

    def step_deadline() -> float:
        return deadline if step_timeout_s is None else min(deadline, time.monotonic() + step_timeout_s)

    policy = sandbox_policy(None if sandbox else False, cache_dir=cache_dir, log=log, hidden=hidden)
    if policy is not None and policy.uid is not None:
        # The checks run beside the build (in a thread of the same grader): with the build's
        # uid, the end of a check would sweep the build's processes (its uid) away, and they
        # would share one process budget.
        policy = dataclasses.replace(policy, uid=policy.uid + UID_SPAN)
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(f"[revylbench] source checks of {submission} "
                   f"({'sandboxed' if policy else 'NOT sandboxed'})\n", encoding="utf-8")
    shutil.rmtree(work, ignore_errors=True)
    try:
        copy_source(submission, work)  # the intake's rules first: SubmissionRefused
        node_modules, _ = cached_node_modules(work, cache_dir, log=log, deadline=deadline,
                                              policy=policy, retry=install_retry)
    except StepFailed as exc:
        failed = StepVerdict(ok=False, seconds=0.0, message=str(exc))
        # A registry outage (or another bench failure of the install) is not the submission's.
        bench = str(exc) if exc.diagnosis is not None and exc.diagnosis.party == "bench" else ""
        return CheckRecord(typecheck=failed, functional=failed if tests else None,
                           bench_fault=bench)
    node_modules = node_modules.resolve()
    (work / "node_modules").symlink_to(node_modules, target_is_directory=True)
    try:
        if (work / TSC).exists():
            typecheck = _step("type-check (tsc --noEmit)", [TSC, "--noEmit", "-p", "."], work=work,
                              log=log, deadline=step_deadline(), policy=policy,
                              node_modules=node_modules)
        else:
            typecheck = StepVerdict(ok=False, seconds=0.0, message=(
                "the dependencies do not provide TypeScript (keep the scaffold's devDependencies)"))
        if not tests:
            return CheckRecord(typecheck=typecheck)
        store = None
        if policy is not None and (work / JEST).exists():
            # Before the step's own limit starts: the seed's time is the bench's, never the app's.
            store = seed_store(node_modules, cache_dir, lockfile_digest(work), policy=policy,
                               deadline=deadline)
            _note(log, f"transform store: {store or 'none (the seed failed: see its log in the cache)'}")
        return _jest(work, tests, typecheck, log=log, deadline=step_deadline(), policy=policy,
                     node_modules=node_modules, store=store)
    except OSError as exc:
        failed = StepVerdict(ok=False, seconds=0.0, message=f"the checks could not run: {exc}")
        return CheckRecord(typecheck=failed, functional=failed if tests else None,
                           bench_fault=str(exc))


def _jest(work: Path, tests: list[Path], typecheck: StepVerdict, *, log: Path, deadline: float,
          policy: SandboxPolicy | None, node_modules: Path, store: Path | None) -> CheckRecord:
    folder = install_grader_files(work, tests)
    # Sandboxed, the run sees its copy at FIXED_WORK, as the seed of the transform store did.
    inner = FIXED_WORK if policy is not None else work
    # The hidden folder is read-only to the run: a test file cannot rewrite the next one.
    mounts = (Mount(folder, inner / HIDDEN_FOLDER),
              *((Mount(store, INNER_STORE),) if store is not None else ()))
    if not (work / JEST).exists():
        missing = StepVerdict(ok=False, seconds=0.0, message=(
            "the dependencies do not provide jest (keep the scaffold's devDependencies)"))
        return CheckRecord(typecheck=typecheck, functional=missing)
    cases = [case for test in tests for case in parse_cases(test)]
    with Channel(owner=policy.uid if policy is not None else None) as channel:
        reporter = {**channel.reporter_options,
                    "workerNodeOptions": worker_node_options(inner, node_modules)}
        # The run's clocks start at the grader's instant (builder/clock.py).
        argv = pinned_argv([JEST, "--ci", "--colors=false",
                            f"--config={jest_config(inner, node_modules=node_modules, reporter=reporter)}"])
        functional = _step("hidden component tests (jest)", argv, work=work, log=log,
                           deadline=deadline, policy=policy, node_modules=node_modules,
                           work_at=inner if policy is not None else None, mounts=mounts,
                           pass_fds=channel.pass_fds, env=channel.witness_env)
        channel.started()
        data = channel.received()
        ledger = channel.ledger()
        overflowed = channel.overflowed
    timed_out = not functional.ok and functional.exit_code is None
    found = judge(data, channel.key, exit_code=None if timed_out else functional.exit_code,
                  cases=cases, overflowed=overflowed, ledger=ledger, witness_key=channel.witness_key)
    if found.bench_fault:
        failed = functional.model_copy(update={"ok": False, "message": found.bench_fault})
        return CheckRecord(typecheck=typecheck, functional=failed, bench_fault=found.bench_fault)
    if found.tampered:
        evidence = "; ".join(found.tampered[:5])
        _note(log, f"hidden component tests: tampering detected: {evidence}")
        return CheckRecord(typecheck=typecheck, functional=functional.model_copy(update={"ok": True}),
                           tests=found.verdicts, tampered=evidence)
    if found.failure:
        # What the witnesses saw fail before the run stopped stays failed.
        return CheckRecord(typecheck=typecheck, functional=functional.model_copy(update={
            "ok": False, "message": f"{found.failure}\n{functional.message}".strip()}),
            tests=found.verdicts)
    return CheckRecord(typecheck=typecheck, functional=functional.model_copy(update={"ok": True}),
                       tests=found.verdicts)


def _note(log: Path, message: str) -> None:
    with log.open("a", encoding="utf-8") as out:
        out.write(f"\n[revylbench] {message}\n")


def _tool_version(argv: tuple[str, ...]) -> str:
    try:
        out = subprocess.run(list(argv), capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"missing ({type(exc).__name__})"
    return f"{out.returncode} {out.stdout.strip()}"


@functools.cache
def grader_key(package: Path, tools: tuple[tuple[str, tuple[str, ...]], ...] = VERDICT_TOOLS) -> str:
    """The grader that made a verdict: sha256 over every file of `package` (`__pycache__`
    aside: a fix in any module, a new module, a changed jest file) and the versions `tools`
    report. Read for every grade's checks, computed once per process."""
    versions = [f"{name}={_tool_version(argv)}" for name, argv in tools]
    return hashlib.sha256("\n".join([tree_digest(package), *versions]).encode()).hexdigest()


def checks_key(submission: Path, tests: list[Path], *, sandbox: bool) -> str:
    """What the checks' verdicts are a function of: the submission (its lockfile with it),
    the hidden tests, the whole grader (`grader_key`) and whether the checks ran sandboxed."""
    parts = [digest(submission), f"sandboxed={sandbox}", grader_key(GRADER_PACKAGE)]
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
            timed_out = (result.typecheck.timed_out or bool(result.functional and result.functional.timed_out)
                         or any(JEST_TIMED_OUT in v.message for v in result.tests.values()))
            if not result.bench_fault and not timed_out:  # a loaded CPU may be why: run again next time
                kept.parent.mkdir(parents=True, exist_ok=True)
                partial = kept.with_suffix(".partial")
                partial.write_text(result.model_dump_json(indent=2), encoding="utf-8")
                partial.rename(kept)
        record.write_text(result.model_dump_json(indent=2), encoding="utf-8")
        return result
