"""A node_modules cache keyed by what `npm ci` reads, shared by every build and worker.

The key is the lockfile and the fields of package.json that `npm ci` checks the lockfile
against (install_key): an entry was made by an `npm ci` that accepted that very pair, so a
hit is only ever given to a submission `npm ci` would accept too. Keyed by the lockfile alone,
a package.json out of sync with its lockfile built from a warm cache (and scored) but failed
`npm ci` (EUSAGE) on a cold one: its grade depended on what was graded before.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from filelock import FileLock

from pytest_revylbench.builder.install_faults import (
    configured_registries,
    diagnose_install,
    is_retried,
    lockfile_hosts,
    npm_userconfig,
    wants_fresh_npm_cache,
)
from pytest_revylbench.builder.process import StepFailed, run_step, step_output
from pytest_revylbench.builder.sandbox import SandboxPolicy
from pytest_revylbench.records.build import InstallAttempt, StepDiagnosis

STEP = "install dependencies"
LOCKFILE = "package-lock.json"
MAX_NAMED = 20
CACHE_FOLDER = "deps"
"""`<cache>/deps/<install key>/node_modules`. Not itself named node_modules: tools that
tell dependency code by a `/node_modules/` path segment (jest's transformIgnorePatterns)
would take every file of the entry for a dependency's."""
MAX_BACKOFF_S = 60.0
FAILED_SUFFIX = ".failed.json"
RECENT_FAILURE_S = 120
"""A failed install of the same lockfile this recently is reported again, not repeated."""
PRIVATE_NPM_CACHE = ".revylbench-npm-cache"


PACKAGE_JSON = "package.json"
INSTALL_FIELDS = (
    "dependencies", "devDependencies", "optionalDependencies", "peerDependencies",
    "peerDependenciesMeta", "bundleDependencies", "bundledDependencies", "overrides",
    "workspaces", "engines", "os", "cpu",
)
"""The root package's fields npm's tree builder reads: `npm ci` refuses a lockfile out of
sync with its dependency fields (EUSAGE) and checks the root's platform fields."""


def lockfile_digest(project: Path) -> str:
    lock = project / LOCKFILE
    if not lock.is_file():
        raise StepFailed("dependencies", f"the submission has no {LOCKFILE}")
    return hashlib.sha256(lock.read_bytes()).hexdigest()


def install_key(project: Path) -> str:
    """The cache key of `project`'s install: its lockfile and package.json's INSTALL_FIELDS
    (the whole file when it is not a JSON object: npm fails on it, and no entry fits).
    A package.json that changes its name, scripts or version shares its lockfile's entry."""
    h = hashlib.sha256(lockfile_digest(project).encode() + b"\0")
    try:
        raw = (project / PACKAGE_JSON).read_bytes()
    except FileNotFoundError:
        raw = b""
    try:
        package = json.loads(raw)
    except ValueError:
        package = None
    if isinstance(package, dict):
        fields = {name: package[name] for name in INSTALL_FIELDS if name in package}
        h.update(b"fields\0" + json.dumps(fields, sort_keys=True).encode())
    else:
        h.update(b"raw\0" + raw)
    return h.hexdigest()


@dataclass(frozen=True)
class InstallRetry:
    """How bench faults of the install are retried: a bounded count, with doubling waits, and
    never past the build's deadline (a retry that could not finish in time is not started)."""

    retries: int = 2
    """Installs after the first; 0 never retries."""
    backoff_s: float = 10.0
    """The wait before the first retry; each later wait doubles, up to MAX_BACKOFF_S."""

    def wait_before(self, retry: int) -> float:
        return float(min(self.backoff_s * 2 ** (retry - 1), MAX_BACKOFF_S))


@dataclass(frozen=True)
class Dependencies:
    node_modules: Path
    cached: bool
    """It was already in the cache: nothing was installed."""
    attempts: tuple[InstallAttempt, ...] = ()
    """Each `npm ci` run (none on a cache hit)."""


class InstallFailed(StepFailed):
    """The install failed, after its retries; `diagnosis` says whose failure it is."""

    def __init__(self, reason: str, *, diagnosis: StepDiagnosis,
                 attempts: tuple[InstallAttempt, ...], exit_code: int | None = None) -> None:
        super().__init__(STEP, reason, exit_code=exit_code, diagnosis=diagnosis,
                         timed_out=diagnosis.code == "timeout")
        self.attempts = attempts


def cached_node_modules(
    project: Path,
    cache_dir: Path,
    *,
    log: Path,
    deadline: float,
    offline: bool = False,
    policy: SandboxPolicy | None = None,
    retry: InstallRetry | None = None,
) -> tuple[Path, bool]:
    """(node_modules folder for `project`'s lockfile, whether it was already cached)."""
    deps = install_dependencies(project, cache_dir, log=log, deadline=deadline, offline=offline,
                                policy=policy, retry=retry)
    return deps.node_modules, deps.cached


def install_dependencies(
    project: Path,
    cache_dir: Path,
    *,
    log: Path,
    deadline: float,
    offline: bool = False,
    policy: SandboxPolicy | None = None,
    retry: InstallRetry | None = None,
) -> Dependencies:
    """The node_modules folder for `project`'s lockfile, installed if the cache has none.

    A missing entry is installed with `npm ci --ignore-scripts` (no lifecycle script of the
    submission or of any dependency runs: no submission code runs here) into a scratch
    folder and renamed into place, so a half-finished install is never mistaken for a
    cached one. A failed install is diagnosed from npm's own error code (install_faults);
    the bench's failures are retried per `retry`, the agent's are not. With `offline`, a
    missing entry fails the build instead, naming the packages no cached install has. With
    a `policy`, npm runs sandboxed (network allowed: this is the one step that fetches).
    """
    entry = cache_dir / CACHE_FOLDER / install_key(project)[:16]
    ready = entry / "node_modules"
    entry.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(entry) + ".lock"):
        if ready.is_dir():
            return Dependencies(ready, cached=True)
        if offline:
            raise StepFailed(STEP, offline_refusal(project / LOCKFILE, cache_dir))
        failed = entry.with_name(entry.name + FAILED_SUFFIX)
        recent = _recent_failure(failed)
        if recent is not None:
            _note(log, f"the install of this lockfile failed {recent.age_s:.0f} s ago "
                       f"({recent.error}); not tried again within {RECENT_FAILURE_S} s")
            raise recent.error
        try:
            attempts = _install_with_retries(project, entry, log=log, deadline=deadline,
                                             policy=policy, retry=retry or InstallRetry())
        except InstallFailed as exc:
            _remember_failure(failed, exc)
            raise
        failed.unlink(missing_ok=True)
        return Dependencies(ready, cached=False, attempts=attempts)


def _install_with_retries(
    project: Path, entry: Path, *, log: Path, deadline: float, policy: SandboxPolicy | None,
    retry: InstallRetry,
) -> tuple[InstallAttempt, ...]:
    lock_text = (project / LOCKFILE).read_text(encoding="utf-8", errors="replace")
    attempts: list[InstallAttempt] = []
    waited, fresh_cache, retries_done = 0.0, False, 0
    while True:
        started = time.monotonic()
        try:
            _install_once(project, entry, log=log, deadline=deadline, policy=policy,
                          fresh_cache=fresh_cache)
        except _AttemptFailed as exc:
            seconds = round(time.monotonic() - started, 3)
            diagnosis = diagnose_install(
                exc.output, step=STEP, exit_code=exc.failure.exit_code,
                timed_out=exc.failure.timed_out, registries=exc.registries,
                chosen_hosts=lockfile_hosts(lock_text), fresh_npm_cache=fresh_cache,
            )
            attempts.append(InstallAttempt(seconds=seconds, waited_s=waited, ok=False,
                                           diagnosis=diagnosis, fresh_npm_cache=fresh_cache))
            # A suspected corrupt entry of our npm cache is checked once with an empty one at
            # once, whatever the retry budget: it decides whose failure this is.
            recheck = wants_fresh_npm_cache(diagnosis) and not fresh_cache
            wait = 0.0 if recheck else retry.wait_before(retries_done + 1)
            why_not = "" if recheck and time.monotonic() + seconds < deadline else \
                _why_not_retried(diagnosis, retries_done, retry, wait, seconds, deadline)
            _note(log, f"install attempt {len(attempts)}: {diagnosis.party}'s failure by the rule "
                       f"'{diagnosis.rule}' ({diagnosis.code or 'no npm code'})"
                       + (f"; {why_not}" if why_not else f"; retrying in {wait:g} s"))
            if why_not:
                raise _final_failure(diagnosis, tuple(attempts), exc.failure.exit_code) from None
            time.sleep(wait)
            waited, fresh_cache = wait, fresh_cache or recheck
            retries_done += 0 if recheck else 1
            continue
        attempts.append(InstallAttempt(seconds=round(time.monotonic() - started, 3),
                                       waited_s=waited, ok=True, fresh_npm_cache=fresh_cache))
        return tuple(attempts)


class _AttemptFailed(Exception):
    def __init__(self, failure: StepFailed, output: str, registries: tuple[str, ...]) -> None:
        super().__init__(str(failure))
        self.failure, self.output, self.registries = failure, output, registries


def _install_once(
    project: Path, entry: Path, *, log: Path, deadline: float, policy: SandboxPolicy | None,
    fresh_cache: bool,
) -> None:
    """One `npm ci` into a fresh scratch folder, renamed into place when it succeeds."""
    ready = entry / "node_modules"
    scratch = entry.with_name(entry.name + ".partial")
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir()
    for name in ("package.json", LOCKFILE):
        shutil.copy2(project / name, scratch / name)
    # A private, empty npm cache inside the scratch folder: rules out a corrupt shared entry.
    private_cache = scratch / PRIVATE_NPM_CACHE
    env = {"npm_config_cache": str(private_cache.resolve())} if fresh_cache else {}
    sandbox = None
    if policy is not None:
        npm_cache = Path(os.environ.get("npm_config_cache") or Path.home() / ".npm").resolve()
        npm_cache.mkdir(parents=True, exist_ok=True)
        npmrc = Path.home() / ".npmrc"
        sandbox = policy.for_dependency_fill(
            scratch.resolve(), npm_cache=npm_cache,
            npmrc=npmrc.resolve() if npmrc.is_file() else None,
        )
        sandbox.prepare()
    step_env = {**(sandbox.environment() if sandbox else os.environ), **env}
    mark = log.stat().st_size if log.exists() else 0
    try:
        run_step(
            STEP,
            ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=scratch, log=log, deadline=deadline, sandbox=sandbox, env=env,
        )
        entry.mkdir(exist_ok=True)
        (scratch / "node_modules").mkdir(exist_ok=True)  # npm makes none for no dependencies
        (scratch / "node_modules").rename(ready)
        # Kept beside the install: what an offline refusal compares a lockfile against.
        shutil.copy2(scratch / LOCKFILE, entry / LOCKFILE)
    except StepFailed as exc:
        registries = configured_registries(step_env, npm_userconfig(step_env))
        raise _AttemptFailed(exc, step_output(log, mark), registries) from None
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _why_not_retried(
    diagnosis: StepDiagnosis, retries_done: int, retry: InstallRetry, wait: float,
    last_seconds: float, deadline: float,
) -> str:
    """Why the install is not tried again ("" when it is)."""
    if diagnosis.party == "agent":
        return "not retried: the submission's"
    if not is_retried(diagnosis):
        return "not retried: trying again cannot help"
    if retries_done >= retry.retries:
        return f"not retried: {retry.retries} {'retry' if retry.retries == 1 else 'retries'} done"
    if time.monotonic() + wait + last_seconds > deadline:
        return "not retried: another attempt would not finish within the build's time limit"
    return ""


def install_reason(diagnosis: StepDiagnosis, attempts: int) -> str:
    """The reason a failed install gives: its rule, npm's own line, whose fault, npm's code."""
    said = f" ({diagnosis.evidence.splitlines()[-1].removeprefix('npm error ')})" \
        if diagnosis.evidence else ""
    whose = "the submission's fault" if diagnosis.party == "agent" else "the bench's fault"
    tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
    return f"{diagnosis.rule}{said}; {whose} (npm {diagnosis.code or 'gave no code'}, {tries})"


def _final_failure(diagnosis: StepDiagnosis, attempts: tuple[InstallAttempt, ...],
                   exit_code: int | None) -> InstallFailed:
    reason = install_reason(diagnosis, len(attempts))
    if diagnosis.quarantined:
        warnings.warn(
            f"revylbench: quarantined an unrecognised npm failure as a bench fault "
            f"(builder_fault); it is not charged to the agent: {diagnosis.evidence or diagnosis.code}",
            stacklevel=3,
        )
    return InstallFailed(reason, diagnosis=diagnosis, attempts=attempts, exit_code=exit_code)


@dataclass(frozen=True)
class _Recent:
    error: InstallFailed
    age_s: float


def _remember_failure(path: Path, exc: InstallFailed) -> None:
    """Kept beside the cache entry, so the grade's other step that installs (the source
    checks) does not wait out the same registry outage a second time."""
    assert exc.diagnosis is not None
    record = {"at": time.time(), "reason": exc.reason, "exit_code": exc.exit_code,
              "diagnosis": exc.diagnosis.model_dump(mode="json"),
              "attempts": [a.model_dump(mode="json") for a in exc.attempts]}
    path.write_text(json.dumps(record), encoding="utf-8")


def _recent_failure(path: Path) -> _Recent | None:
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        age = time.time() - float(record["at"])
        if not 0 <= age < RECENT_FAILURE_S:
            return None
        error = InstallFailed(
            str(record["reason"]), diagnosis=StepDiagnosis.model_validate(record["diagnosis"]),
            attempts=tuple(InstallAttempt.model_validate(a) for a in record["attempts"]),
            exit_code=record["exit_code"],
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return _Recent(error=error, age_s=age)


def _note(log: Path, message: str) -> None:
    with log.open("a", encoding="utf-8") as out:
        out.write(f"\n[revylbench] {message}\n")


def offline_refusal(lockfile: Path, cache_dir: Path) -> str:
    """Why an offline build cannot have its dependencies: the packages no cached install has."""
    try:
        wanted = lockfile_packages(_read_json(lockfile))
    except (OSError, ValueError) as exc:
        return f"offline, and {LOCKFILE} is not readable JSON ({exc})"
    cached: set[str] = set()
    for entry in sorted((cache_dir / CACHE_FOLDER).glob("*/")):
        for record in (entry / LOCKFILE, entry / "node_modules" / ".package-lock.json"):
            try:
                cached |= lockfile_packages(_read_json(record))
                break
            except (OSError, ValueError):
                continue
    missing = sorted(wanted - cached)
    if not missing:
        return (
            "offline, and no cached install matches this package-lock.json (every package it "
            "lists is cached, but installs are cached per whole lockfile)"
        )
    named = ", ".join(missing[:MAX_NAMED])
    more = f" and {len(missing) - MAX_NAMED} more" if len(missing) > MAX_NAMED else ""
    return (
        f"offline, and {len(missing)} package(s) of package-lock.json are not in the "
        f"dependency cache: {named}{more}"
    )


def lockfile_packages(lock: dict[str, Any]) -> set[str]:
    """`name@version` of every installed package a lockfile lists (v2/v3 `packages`, v1 `dependencies`)."""
    found: set[str] = set()
    packages = lock.get("packages")
    if isinstance(packages, dict):
        for path, meta in packages.items():
            if not path or not isinstance(meta, dict) or meta.get("link"):
                continue
            version = meta.get("version")
            name = meta.get("name") or path.rpartition("node_modules/")[2]
            if isinstance(version, str) and name:
                found.add(f"{name}@{version}")
        return found
    for name, version in _v1_dependencies(lock.get("dependencies")):
        found.add(f"{name}@{version}")
    return found


def _v1_dependencies(deps: Any) -> Iterator[tuple[str, str]]:
    if not isinstance(deps, dict):
        return
    for name, meta in deps.items():
        if isinstance(meta, dict):
            if isinstance(meta.get("version"), str):
                yield name, meta["version"]
            yield from _v1_dependencies(meta.get("dependencies"))


def _read_json(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path.name} is not a JSON object")
    return data
