"""A node_modules cache keyed by the lockfile's digest, shared by every build and worker."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from filelock import FileLock

from .process import StepFailed, run_step
from .sandbox import SandboxPolicy

STEP = "install dependencies"
LOCKFILE = "package-lock.json"
MAX_NAMED = 20
CACHE_FOLDER = "deps"
"""`<cache>/deps/<lockfile digest>/node_modules`. Not itself named node_modules: tools that
tell dependency code by a `/node_modules/` path segment (jest's transformIgnorePatterns)
would take every file of the entry for a dependency's."""


def lockfile_digest(project: Path) -> str:
    lock = project / LOCKFILE
    if not lock.is_file():
        raise StepFailed("dependencies", f"the submission has no {LOCKFILE}")
    return hashlib.sha256(lock.read_bytes()).hexdigest()


def cached_node_modules(
    project: Path,
    cache_dir: Path,
    *,
    log: Path,
    deadline: float,
    offline: bool = False,
    policy: SandboxPolicy | None = None,
) -> tuple[Path, bool]:
    """Return (node_modules folder for `project`'s lockfile, whether it was already cached).

    A missing entry is installed once with `npm ci --ignore-scripts` (no lifecycle script
    of the submission or of any dependency runs: no submission code runs here) into a
    scratch folder and renamed into place, so a half-finished install is never mistaken
    for a cached one. With `offline`, a missing entry fails the build instead, naming the
    packages no cached install has. With a `policy`, npm runs sandboxed (network allowed:
    this is the one step that fetches).
    """
    digest = lockfile_digest(project)
    entry = cache_dir / CACHE_FOLDER / digest[:16]
    ready = entry / "node_modules"
    entry.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(entry) + ".lock"):
        if ready.is_dir():
            return ready, True
        if offline:
            raise StepFailed(STEP, offline_refusal(project / LOCKFILE, cache_dir))
        scratch = entry.with_name(entry.name + ".partial")
        shutil.rmtree(scratch, ignore_errors=True)
        scratch.mkdir()
        for name in ("package.json", LOCKFILE):
            shutil.copy2(project / name, scratch / name)
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
        try:
            run_step(
                STEP,
                ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=scratch, log=log, deadline=deadline, sandbox=sandbox,
            )
            entry.mkdir(exist_ok=True)
            (scratch / "node_modules").mkdir(exist_ok=True)  # npm makes none for no dependencies
            (scratch / "node_modules").rename(ready)
            # Kept beside the install: what an offline refusal compares a lockfile against.
            shutil.copy2(scratch / LOCKFILE, entry / LOCKFILE)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        return ready, False


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
