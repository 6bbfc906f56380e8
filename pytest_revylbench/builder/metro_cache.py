"""A Metro transform cache per lockfile, written only by a grader-owned seed build.

Metro keeps each transformed module in a file store under TMPDIR (`metro-cache/`), keyed by
the transformer's config, the module's path relative to the project root and its content.
A web export that starts with the transforms of its dependencies already there skips most
of its work (about 1,000 modules of react-native-web and expo).

Why a seed, not the submissions' own caches: a store entry is a key and a value, and a
build that runs the submission's code (its babel or metro config, its app.config.js) can
write any value under any key, including the key a clean build of a dependency would look
up. So nothing a submission's build writes is ever kept. The shared store is made once per
lockfile digest by exporting a grader-owned app (its own package.json, app.json and entry
file, no babel or metro config) against the lockfile's node_modules, sandboxed like any
build; its inputs are the grader's files and the dependencies, which every submission with
that lockfile runs anyway. Each build then gets a private copy of the store in its own
TMPDIR: what it writes there dies with its work folder.

Every export sees its project at the same path (sandbox.FIXED_WORK): Metro's keys hold
module paths relative to the project root, and the dependencies live outside it (the
shared node_modules entry), so a project at another depth would miss every dependency.
A build whose transformer config differs from the seed's (its own babel config, other
transform options) simply misses: the store changes speed, never output.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

from filelock import FileLock

from pytest_revylbench.builder.process import StepFailed, run_step
from pytest_revylbench.builder.sandbox import FIXED_WORK, SCRATCH_NAME, SandboxPolicy

FOLDER = "metro"
"""`<cache>/metro/<lockfile digest>/metro-cache`, beside the `deps/` entry of the lockfile."""
STORE = "metro-cache"
"""Expo's file store folder under os.tmpdir() (@expo/metro-config's default cacheStores)."""
SEED_STEP = "seed the Metro cache"
FAILED_SUFFIX = ".failed"
RETRY_FAILED_S = 3600
"""A failed seed (say, a build's time limit under load) is tried again after this long."""
SEED_IMPORTS = ("expo", "react", "react-native", "react-native-web", "react-dom",
                "expo-status-bar", "@expo/metro-runtime")
"""What the seed app imports when the dependencies have it: the modules every Expo web app
bundles. The seed never imports a package the lockfile does not install."""


def store_for(cache_dir: Path, digest: str) -> Path:
    return cache_dir / FOLDER / digest[:16] / STORE


def seed_store(
    node_modules: Path,
    cache_dir: Path,
    digest: str,
    *,
    policy: SandboxPolicy,
    export_argv: list[str],
    export_env: dict[str, str],
    deadline: float,
) -> Path | None:
    """The lockfile's Metro store, made by a seed export if there is none yet; None when
    the seed could not be made (the build then starts cold, as without a store).

    A failed seed is remembered (its log kept beside it) and not tried again for
    RETRY_FAILED_S: a lockfile whose seed fails would mostly fail again.
    """
    node_modules = node_modules.resolve()  # the link must resolve inside the sandbox too
    store = store_for(cache_dir, digest)
    entry = store.parent
    entry.parent.mkdir(parents=True, exist_ok=True)
    failed = entry.with_name(entry.name + FAILED_SUFFIX)
    with FileLock(str(entry) + ".lock"):
        if store.is_dir():
            return store
        if failed.exists() and time.time() - failed.stat().st_mtime < RETRY_FAILED_S:
            return None
        scratch = entry.with_name(entry.name + ".partial")
        shutil.rmtree(scratch, ignore_errors=True)
        work = scratch / "app"
        work.mkdir(parents=True)
        _write_seed_app(work, node_modules)
        log = scratch / "seed.log"
        sandbox = policy.for_build(work, read_only=(node_modules,), work_at=FIXED_WORK)
        sandbox.prepare()
        try:
            run_step(SEED_STEP, export_argv, cwd=work, log=log, deadline=deadline,
                     env=export_env, sandbox=sandbox)
            made = work / SCRATCH_NAME / STORE
            if not made.is_dir():
                raise StepFailed(SEED_STEP, f"the seed export wrote no {STORE}/")
        except StepFailed as exc:
            remember_failed_seed(failed, scratch, log, exc)
            return None
        return publish_seed(made, store, scratch)


def provide(store: Path, work: Path) -> None:
    """A private copy of `store` as the build's own Metro store (in its TMPDIR)."""
    target = work / SCRATCH_NAME / STORE
    shutil.rmtree(target, ignore_errors=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(store, target, copy_function=shutil.copyfile)


def _write_seed_app(work: Path, node_modules: Path) -> None:
    package = {"name": "revylbench-metro-seed", "version": "1.0.0", "main": "index.js",
               "private": True}
    (work / "package.json").write_text(json.dumps(package, indent=2), encoding="utf-8")
    app = {"expo": {"name": "seed", "slug": "seed", "version": "1.0.0"}}
    (work / "app.json").write_text(json.dumps(app, indent=2), encoding="utf-8")
    imports = [name for name in SEED_IMPORTS if (node_modules / name / "package.json").is_file()
               and name != "expo"]
    lines = ["import { registerRootComponent } from 'expo';"]
    lines += [f"import * as m{i} from '{name}';" for i, name in enumerate(imports)]
    lines += [f"globalThis.__seed = [{', '.join(f'm{i}' for i in range(len(imports)))}];",
              "registerRootComponent(function App() { return null; });", ""]
    (work / "index.js").write_text("\n".join(lines), encoding="utf-8")
    link = work / "node_modules"
    link.symlink_to(node_modules.resolve(), target_is_directory=True)


def seal_read_only(store: Path) -> None:
    """Read-only for everyone, the folders too: no later step writes into the shared store."""
    for path in (*sorted(store.rglob("*"), reverse=True), store):
        os.chown(path, os.geteuid(), os.getegid(), follow_symlinks=False)
        path.chmod(0o555 if path.is_dir() else 0o444)


def remember_failed_seed(failed: Path, scratch: Path, log: Path, exc: StepFailed) -> None:
    """Keep why a seed failed (with its log's end) in `failed`, whose age says when to try
    again, and drop its scratch folder; the caller goes on without a store.

    A seed killed by a signal (a grade interrupted while it seeded, a reaper) did not fail:
    its scratch is dropped and nothing is held against the next try."""
    if exc.killed:
        shutil.rmtree(scratch, ignore_errors=True)
        return
    failed.parent.mkdir(parents=True, exist_ok=True)
    failed.write_text(f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())} {exc}\n"
                      + log.read_text(encoding="utf-8", errors="replace")[-20_000:],
                      encoding="utf-8")
    shutil.rmtree(scratch, ignore_errors=True)


def publish_seed(made: Path, store: Path, scratch: Path) -> Path:
    """Seal the store a seed `made` and move it into place as `store`; drop the scratch."""
    store.parent.mkdir(exist_ok=True)
    store.parent.with_name(store.parent.name + FAILED_SUFFIX).unlink(missing_ok=True)
    seal_read_only(made)
    made.rename(store)
    shutil.rmtree(scratch, ignore_errors=True)
    return store
