"""The web builder: `expo export --platform web` into a static bundle."""

from __future__ import annotations

import os
import time
from pathlib import Path

from pytest_revylbench.builder.build_output import refuse_strange_output
from pytest_revylbench.builder.deps import lockfile_digest
from pytest_revylbench.builder.export_code import code_run_by_export
from pytest_revylbench.builder.export_faults import CANNOT_TELL, diagnose_export, diagnose_timeout
from pytest_revylbench.builder.metro_cache import provide, seed_store
from pytest_revylbench.builder.process import StepFailed, run_step, step_output
from pytest_revylbench.builder.sandbox import FIXED_WORK, SandboxPolicy

STEP = "expo export (web)"
EXPORT_ENV = {"EXPO_OFFLINE": "1", "CI": "1", "EXPO_NO_TELEMETRY": "1"}
EXPO_BIN = "node_modules/.bin/expo"


def build_web(
    work: Path,
    *,
    node_modules: Path,
    log: Path,
    deadline: float,
    policy: SandboxPolicy | None = None,
    cache_dir: Path | None = None,
    limit_s: float | None = None,
) -> Path:
    """Export the project in `work` for the web and return the bundle folder.

    `work` is a private copy of the submission. The export runs the submission's code (its
    babel and metro configs, its modules at bundle time), so with a `policy` it runs
    sandboxed: no network, only `work` writable, the dependencies read-only. A failed export
    carries its diagnosis (export_faults): a compile error of the submission, or the tools'
    own crash.

    With a `policy` and a `cache_dir`, the export starts from a private copy of the
    lockfile's Metro store (metro_cache: made by a grader-owned seed export, never by a
    submission's), and sees its project at sandbox.FIXED_WORK, as the seed did.

    `limit_s`, the build's whole time limit, decides whose an export stopped by it is
    (export_faults.diagnose_timeout); None counts what was left as the whole limit.
    """
    node_modules = node_modules.resolve()  # the link must resolve inside the sandbox too
    link = work / "node_modules"
    if link.exists() or link.is_symlink():
        link.unlink()
    link.symlink_to(node_modules, target_is_directory=True)
    if not (work / EXPO_BIN).exists():
        raise StepFailed(STEP, f"the dependencies do not provide the expo command ({EXPO_BIN})")
    argv = [EXPO_BIN, "export", "--platform", "web", "--output-dir", "dist"]
    sandbox = None
    if policy is not None:
        if cache_dir is not None:
            store = seed_store(node_modules, cache_dir, lockfile_digest(work), policy=policy,
                               export_argv=argv, export_env=EXPORT_ENV, deadline=deadline)
            if store is not None:
                provide(store, work)
        sandbox = policy.for_build(work, read_only=(node_modules,), work_at=FIXED_WORK)
        sandbox.prepare()
    # The local binary, not `npx`: npx falls back to asking the registry, and in a sandbox
    # without network that stalls for a minute of DNS retries before failing.
    mark = log.stat().st_size if log.exists() else 0
    own_code = code_run_by_export(work)  # before its code runs, which may remove its files
    given_s = max(0.0, deadline - time.monotonic())
    try:
        try:
            run_step(
                STEP, argv, cwd=work, log=log, deadline=deadline, env=EXPORT_ENV, sandbox=sandbox,
            )
        finally:
            if sandbox is not None:
                _name_work_as_the_grader_does(log, mark, sandbox.inner_work, work)
    except StepFailed as exc:
        if exc.timed_out:
            raise StepFailed(STEP, exc.reason, timed_out=True, diagnosis=diagnose_timeout(
                step_output(log, mark), step=STEP, own_code=own_code, given_s=given_s,
                limit_s=given_s if limit_s is None else limit_s)) from None
        if exc.exit_code is None:  # a sandbox limit stopped it: already decided
            raise
        diagnosis = diagnose_export(step_output(log, mark), step=STEP, exit_code=exc.exit_code,
                                    work=work, own_code=own_code)
        reason = exc.reason
        if diagnosis.party == "bench":
            reason += f": {diagnosis.rule}; the bench's fault"
        elif diagnosis.rule.startswith(CANNOT_TELL):
            reason += f" ({diagnosis.rule})"
        raise StepFailed(STEP, reason, exit_code=exc.exit_code, diagnosis=diagnosis) from None
    bundle = work / "dist"
    if not os.path.lexists(bundle):
        raise StepFailed(STEP, "finished without writing dist/index.html")
    # Before the grader reads a byte of it: the export ran the submission's code.
    refuse_strange_output(bundle, step=STEP, shown_as="dist")
    if not (bundle / "index.html").is_file():
        raise StepFailed(STEP, "finished without writing dist/index.html")
    return bundle


def _name_work_as_the_grader_does(log: Path, mark: int, seen_at: Path, work: Path) -> None:
    """The export's output names the project where the sandbox showed it (FIXED_WORK); the
    log, its diagnosis and the feedback name it where it is, as they always did."""
    if seen_at == work or not log.exists():
        return
    with log.open("rb+") as out:
        out.seek(mark)
        text = out.read()
        fixed = text.replace(str(seen_at).encode(), str(work).encode())
        if fixed != text:
            out.seek(mark)
            out.write(fixed)
            out.truncate()
