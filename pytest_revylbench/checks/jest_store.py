"""A store of jest transforms per lockfile, written only by a grader-owned seed run.

Without it every grade's hidden component tests transform React Native and its test tools
anew (about 40 s of a 55 s run on an idle machine, past three minutes under load, where a
correct app's tests could reach `--functional-timeout` and be charged as a hang).

Why a seed, not a grade's own cache: an entry is a key and a transform, and a jest run
executes the submission's code in the process that transforms, which could write any
transform under any key (the key of a hidden test file, say), so nothing a grade writes is
ever kept or read back. The store is made once per lockfile digest and jest configuration by
running the grader's own seed app and seed test (`jest/seed/`: the components and test
tools component tests use) against the lockfile's node_modules, sandboxed like any
check, with `REVYLBENCH_JEST_RECORD=1`. Its inputs are the grader's files and the
dependencies, which every submission with that lockfile runs anyway, and it holds nothing of
any task (no hidden test, no reference).

A grade mounts the store read-only at `jest_config.INNER_STORE` (sealed, and outside what
Node's permission model lets the workers write). Entries are keyed by babel-jest's own cache
key, which covers the file's content and path, the Babel options and the project config; so
the seed and every grade see their project at the same path (sandbox.FIXED_WORK). A file the
seed did not transform is simply transformed, as without a store: the store changes speed,
never a verdict.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import time
from pathlib import Path

from filelock import FileLock

from pytest_revylbench.builder.metro_cache import (
    FAILED_SUFFIX,
    RETRY_FAILED_S,
    publish_seed,
    remember_failed_seed,
)
from pytest_revylbench.builder.process import StepFailed, run_step
from pytest_revylbench.builder.sandbox import FIXED_WORK, SCRATCH_NAME, Mount, SandboxPolicy
from pytest_revylbench.checks.jest_config import (
    HIDDEN_FOLDER,
    INNER_STORE,
    JEST_FILES,
    SES_BUNDLE,
    install_grader_files,
    jest_config,
)

FOLDER = "jest"
"""`<cache>/jest/<lockfile digest>-<config digest>/store`, beside `deps/` and `metro/`."""
SEED_STEP = "seed the jest transform store"
RECORD_ENV = "REVYLBENCH_JEST_RECORD"
JEST = "node_modules/.bin/jest"

SEED = JEST_FILES / "seed"
"""The seed app (`App.tsx`: the components component tests use) and its test."""
SEED_FILES = frozenset({"App.tsx", f"{HIDDEN_FOLDER}/seed.test.tsx"})
"""Transformed only once the environment and setup files loaded and the seed test ran: a
store without them is a run cut short (a store of 2 entries once slowed every later grade)."""
TESTS_FAILED = 1
"""jest's status when a test failed: the seed's transforms are still each exactly what
babel-jest makes for its key, so the store is kept."""


def config_digest(node_modules: Path) -> str:
    """The jest configuration a grade's transforms are keyed by (its project at FIXED_WORK),
    the grader's jest files (the transformer that writes and reads the store, the environment
    and setup the seed runs under, ses) and the seed: a change to any makes a new store."""
    h = hashlib.sha256(jest_config(FIXED_WORK, node_modules=node_modules.resolve()).encode())
    for path in (*sorted(JEST_FILES.glob("*.js")), SES_BUNDLE, *sorted(SEED.iterdir())):
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


def store_for(cache_dir: Path, lockfile: str, node_modules: Path) -> Path:
    return cache_dir / FOLDER / f"{lockfile[:16]}-{config_digest(node_modules)}" / "store"


def seed_store(
    node_modules: Path, cache_dir: Path, lockfile: str, *, policy: SandboxPolicy, deadline: float,
) -> Path | None:
    """The lockfile's transform store, made by a seed run if there is none yet; None when the
    seed could not be made (the grade's jest run then transforms everything itself).

    A failed seed is remembered (its log kept beside it) and not tried again for
    RETRY_FAILED_S. The seed needs no test of it to pass (each entry it wrote is exactly what
    babel-jest makes for that key), but it must have run to its end: a store missing the seed's
    own files is a failed seed, and a seed killed by a signal is dropped, not remembered.
    """
    node_modules = node_modules.resolve()
    store = store_for(cache_dir, lockfile, node_modules)
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
        made = work / SCRATCH_NAME / "jest-store"
        made.mkdir(parents=True)
        _write_seed_app(work, node_modules)
        log = scratch / "seed.log"
        sandbox = policy.for_build(work, read_only=(node_modules,), work_at=FIXED_WORK,
                                   mounts=(Mount(made, INNER_STORE, writable=True),))
        sandbox.prepare()
        config = jest_config(FIXED_WORK, node_modules=node_modules)
        argv = [JEST, "--ci", "--colors=false", f"--config={config}"]
        try:
            try:
                run_step(SEED_STEP, argv, cwd=work, log=log, deadline=deadline, sandbox=sandbox,
                         env={"FORCE_COLOR": "0", "NO_COLOR": "1", RECORD_ENV: "1"})
            except StepFailed as exc:
                # Stopped at its limit, killed, or jest itself failed: no store.
                if exc.exit_code != TESTS_FAILED:
                    raise
            for partial in made.rglob("*.partial"):
                partial.unlink()
            missing = SEED_FILES - {_source_of(p) for p in made.rglob("*.json")}
            if missing:
                raise StepFailed(SEED_STEP, "the seed run ended before it transformed "
                                 + ", ".join(sorted(missing)))
        except StepFailed as exc:
            remember_failed_seed(failed, scratch, log, exc)
            return None
        return publish_seed(made, store, scratch)


def _source_of(entry: Path) -> str:
    try:
        return str(json.loads(entry.read_text(encoding="utf-8")).get("file", ""))
    except (OSError, ValueError, AttributeError):
        return ""


def _write_seed_app(work: Path, node_modules: Path) -> None:
    shutil.copy2(SEED / "App.tsx", work / "App.tsx")
    (work / "package.json").write_text('{"name": "revylbench-jest-seed", "private": true}\n',
                                       encoding="utf-8")
    install_grader_files(work, [SEED / "seed.test.tsx"])
    (work / "node_modules").symlink_to(node_modules, target_is_directory=True)
