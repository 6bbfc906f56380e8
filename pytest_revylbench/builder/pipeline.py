"""One submission to one artifact: copy, dependencies, platform build, with one time limit."""

from __future__ import annotations

import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pytest_revylbench.builder.android import build_android, host_abis
from pytest_revylbench.builder.build_output import refuse_strange_output
from pytest_revylbench.builder.deps import STEP as INSTALL_STEP
from pytest_revylbench.builder.deps import InstallFailed, InstallRetry, install_dependencies
from pytest_revylbench.builder.install_faults import read_npm_failure
from pytest_revylbench.builder.ios import build_ios
from pytest_revylbench.builder.process import StepFailed, log_tail
from pytest_revylbench.builder.sandbox import Limits, SandboxPolicy, build_uid, sandbox_problem
from pytest_revylbench.builder.signs import SignsRead, scan_signs
from pytest_revylbench.builder.submission import copy_source
from pytest_revylbench.builder.web import build_web
from pytest_revylbench.records.build import BuildResult, InstallAttempt, StepDiagnosis
from pytest_revylbench.records.vocabulary import Fault, Platform

BUILD_TIMEOUT_S: dict[str, float] = {"web": 600.0, "android": 1800.0, "ios": 2700.0}
"""The default build limit per platform: a cold `pod install` plus a Release `xcodebuild`, or
a cold Gradle run, takes far longer than an Expo web export (estimates, docs/PLATFORMS.md)."""

GRADER_ROOT = Path(__file__).resolve().parents[2]
"""The folder holding pytest_revylbench/ (and, in the repository, suites/ and reports/)."""


class SandboxUnavailable(Exception):
    """A sandboxed build was required but bubblewrap cannot run here."""


@dataclass(frozen=True)
class BuiltArtifact:
    result: BuildResult
    artifact: Path | None
    """The web bundle folder, `.app` or `.apk`; None when the build failed."""
    sandboxed: bool = False
    """Every step that ran submission code ran in the sandbox (the grade is `trusted`)."""


def build_submission(
    submission: Path,
    platform: Platform,
    *,
    work: Path,
    cache_dir: Path,
    log: Path,
    log_name: str,
    timeout_s: float,
    sandbox: bool | None = None,
    offline: bool = False,
    limits: Limits | None = None,
    hidden: Sequence[Path] = (),
    install_retry: InstallRetry | None = None,
) -> BuiltArtifact:
    """Build `submission` for `platform` in the fresh folder `work`.

    A failure comes back as a failed BuildResult carrying the log's tail and a diagnosis:
    whose failure it is (the submission's: build_failed; the bench's: builder_fault or
    timeout) by a rule read from the tool's own output; it is never raised. Bench faults
    of the dependency install are retried per `install_retry`.

    `sandbox`: None sandboxes when bubblewrap works here, True requires it (raising
    SandboxUnavailable), False runs the steps unconfined. `offline` refuses to fetch
    dependencies missing from the cache. `hidden` adds folders the steps must not see to
    the grader's own (its repository, $HOME, the cache, the log's folder).
    """
    native = platform in ("ios", "android")
    if native:
        # Native toolchains (Xcode, Gradle) cannot run in this Linux sandbox: such grades are
        # built unconfined and so marked dev-untrusted.
        sandbox = False
    policy = sandbox_policy(sandbox, cache_dir=cache_dir, log=log, hidden=hidden, limits=limits)
    started = time.monotonic()
    deadline = started + timeout_s
    log.parent.mkdir(parents=True, exist_ok=True)
    how = "sandboxed" if policy else "NOT sandboxed"
    log.write_text(f"[revylbench] building {submission} for {platform} ({how})\n", encoding="utf-8")
    shutil.rmtree(work, ignore_errors=True)
    cache_hit = False
    attempts: tuple[InstallAttempt, ...] = ()
    diagnosis: StepDiagnosis | None = None
    try:
        copy_source(submission, work)  # the intake's rules first: SubmissionRefused
        check_signs(work, log)
        deps = install_dependencies(
            work, cache_dir, log=log, deadline=deadline, offline=offline, policy=policy,
            retry=install_retry,
        )
        node_modules, cache_hit, attempts = deps.node_modules, deps.cached, deps.attempts
        artifact: Path | None
        if platform == "ios":
            artifact = build_ios(work.resolve(), node_modules=node_modules, log=log, deadline=deadline)
        elif platform == "android":
            artifact = build_android(
                work.resolve(), node_modules=node_modules, log=log, deadline=deadline,
                abis=host_abis(),
            )
        else:  # walks its bundle itself, before it reads dist/index.html
            artifact = build_web(
                work.resolve(), node_modules=node_modules, log=log, deadline=deadline,
                policy=policy, cache_dir=cache_dir, limit_s=timeout_s,
            )
        if native:
            refuse_strange_output(artifact, step=f"build ({platform})",
                                  shown_as=str(artifact.relative_to(work.resolve())))
        reason, fault = "", None
    except StepFailed as exc:
        artifact, reason = None, str(exc)
        diagnosis = exc.diagnosis or plain_diagnosis(exc)
        fault = failure_fault(exc, diagnosis)
        if isinstance(exc, InstallFailed):
            attempts = exc.attempts
    except OSError as exc:  # a tool of the builder is missing or broken: not the agent's doing
        artifact, reason, fault = None, f"the builder could not run: {exc}", Fault.BUILDER_FAULT
        diagnosis = StepDiagnosis(step="build", party="bench", rule="a tool of the builder is "
                                  "missing or broken", code=type(exc).__name__, evidence=str(exc))
    if artifact is None:  # nothing in it is needed, and a hostile build may have filled it
        shutil.rmtree(work, ignore_errors=True)
    seconds = round(time.monotonic() - started, 3)
    with log.open("a", encoding="utf-8") as out:
        out.write(f"\n[revylbench] build {'ok' if artifact else 'FAILED: ' + reason} in {seconds}s\n")
    result = BuildResult(
        ok=artifact is not None, seconds=seconds, log_path=log_name,
        log_tail="" if artifact else failure_tail(log, diagnosis), reason=reason, fault=fault,
        cache_hit=cache_hit, sandboxed=policy is not None,
        artifact=str(artifact.relative_to(work.resolve())) if artifact is not None else None,
        diagnosis=diagnosis, install_attempts=attempts,
    )
    return BuiltArtifact(result=result, artifact=artifact, sandboxed=policy is not None)


def check_signs(work: Path, log: Path) -> None:
    """Read the submission's own modules for reads of a sign that it is graded (`signs`);
    raises SignsRead (the agent's `tampered`) when there is one."""
    scan = scan_signs(work)
    widened = f"; every source file read: {scan.widened}" if scan.widened else ""
    with log.open("a", encoding="utf-8") as out:
        out.write(f"[revylbench] sign scan: {len(scan.modules)} modules in {scan.seconds:.2f}s, "
                  f"{len(scan.reads)} reads of a sign{widened}\n")
        out.writelines(f"[revylbench]   {read.shown()}\n" for read in scan.reads[:20])
    if scan.reads:
        raise SignsRead(scan)


def failure_tail(log: Path, diagnosis: StepDiagnosis | None) -> str:
    """The failed build's log tail. For an npm failure, npm's own error lines (from its
    `npm error code` line) and the grader's notes after them: its usage text after a usage
    error (EUSAGE) is 90 lines of help, and a plain tail showed only its end."""
    tail = log_tail(log)
    if diagnosis is None or diagnosis.step != INSTALL_STEP or not diagnosis.code:
        return tail
    text = log_tail(log, lines=2000)
    failure = read_npm_failure(text)
    if not failure.code:
        return tail
    lines = text.splitlines()
    last = max((n for n, line in enumerate(lines) if " code " in line and "npm " in line), default=0)
    notes = [line for line in lines[last:] if line.startswith("[revylbench]")]
    return "\n".join([failure.shown(), "", *notes[-8:]])


def plain_diagnosis(exc: StepFailed) -> StepDiagnosis:
    """The diagnosis of a failure no tool's output had to be read for: a time limit (the
    bench's), else one of the builder's own checks of the submission (its lockfile, its
    links, what its dependencies provide, what the export wrote)."""
    if exc.timed_out:
        return StepDiagnosis(step=exc.step, party="bench", rule="the build's time limit",
                             code="timeout")
    return StepDiagnosis(step=exc.step, party="agent", rule=exc.reason)


def failure_fault(exc: StepFailed, diagnosis: StepDiagnosis) -> Fault:
    """The fault a failed step stands for: the submission's is build_failed (an export that
    ran its code and ran out of time among them); the bench's time limit stays a timeout,
    except in the install, where it means a hanging registry (builder_fault)."""
    if isinstance(exc, SignsRead):
        return Fault.TAMPERED
    if diagnosis.party == "agent":
        return Fault.BUILD_FAILED
    if exc.timed_out and not isinstance(exc, InstallFailed):
        return Fault.TIMEOUT
    return Fault.BUILDER_FAULT


def sandbox_policy(
    sandbox: bool | None, *, cache_dir: Path, log: Path, hidden: Sequence[Path] = (),
    limits: Limits | None = None,
) -> SandboxPolicy | None:
    """The confinement of every step that runs submission code, or None to run unconfined.

    `sandbox`: None sandboxes when bubblewrap works here, True requires it (raising
    SandboxUnavailable), False runs unconfined. Hidden from the steps: the grader's repository,
    $HOME, the cache, the log's folder and `hidden`.
    """
    problem = sandbox_problem() if sandbox is not False else None
    if sandbox is True and problem is not None:
        raise SandboxUnavailable(f"a sandboxed build needs bubblewrap: {problem}")
    if sandbox is False or problem is not None:
        return None
    return SandboxPolicy(
        hidden=tuple(p.resolve() for p in (GRADER_ROOT, Path.home(), cache_dir, log.parent, *hidden)),
        limits=limits or Limits(), uid=build_uid(),
    )
