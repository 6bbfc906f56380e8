"""One submission to one artifact: copy, dependencies, platform build, with one time limit."""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from ..models import BuildResult, Fault, Platform
from ..submission import copy_source
from .deps import cached_node_modules
from .process import StepFailed, log_tail
from .web import build_web


class BuildNotImplemented(Exception):
    """The platform has no builder on this host yet."""


@dataclass(frozen=True)
class BuiltArtifact:
    result: BuildResult
    artifact: Path | None
    """The web bundle folder, `.app` or `.apk`; None when the build failed."""


def build_submission(
    submission: Path,
    platform: Platform,
    *,
    work: Path,
    cache_dir: Path,
    log: Path,
    log_name: str,
    timeout_s: float,
) -> BuiltArtifact:
    """Build `submission` for `platform` in the fresh folder `work`.

    A failure of any step is the candidate's fault and comes back as a failed BuildResult
    carrying the log's tail; it is never raised.
    """
    if platform != "web":
        raise BuildNotImplemented(f"no {platform} builder is implemented yet; only web builds")
    started = time.monotonic()
    deadline = started + timeout_s
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(f"[revylbench] building {submission} for {platform}\n", encoding="utf-8")
    shutil.rmtree(work, ignore_errors=True)
    cache_hit = False
    try:
        copy_source(submission, work)
        node_modules, cache_hit = cached_node_modules(
            work, cache_dir, log=log, deadline=deadline
        )
        artifact: Path | None = build_web(
            work, node_modules=node_modules, log=log, deadline=deadline
        )
        reason, fault = "", None
    except StepFailed as exc:
        artifact, reason = None, str(exc)
        fault = Fault.TIMEOUT if exc.timed_out else Fault.BUILD_FAILED
    except OSError as exc:  # a tool of the builder is missing or broken: not the agent's doing
        artifact, reason, fault = None, f"the builder could not run: {exc}", Fault.BUILDER_FAULT
    seconds = round(time.monotonic() - started, 3)
    with log.open("a", encoding="utf-8") as out:
        out.write(f"\n[revylbench] build {'ok' if artifact else 'FAILED: ' + reason} in {seconds}s\n")
    result = BuildResult(
        ok=artifact is not None, seconds=seconds, log_path=log_name,
        log_tail="" if artifact else log_tail(log), reason=reason, fault=fault,
        cache_hit=cache_hit,
    )
    return BuiltArtifact(result=result, artifact=artifact)
