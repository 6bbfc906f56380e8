"""The per-lockfile Metro store: a hostile build cannot poison the next one, and a warm build's
bundle is byte for byte its cold build's.

Real sandboxed `expo export` runs of budget's reference, in this order: a cold build (no
store), the grader's seed export (makes the store), a hostile build of the same lockfile (its
babel config rewrites every entry of the store copy it gets, tries to write into the shared
store, and plants `globalThis.POISONED` in every module it transforms), then the clean
reference again, warm.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest

from pytest_revylbench.builder.deps import install_dependencies, lockfile_digest
from pytest_revylbench.builder.metro_cache import STORE, seed_store, store_for
from pytest_revylbench.builder.pipeline import build_submission, sandbox_policy
from pytest_revylbench.builder.sandbox import SCRATCH_NAME, sandbox_problem
from pytest_revylbench.builder.submission import copy_source
from pytest_revylbench.builder.web import EXPO_BIN, EXPORT_ENV, build_web

from .conftest import REPO

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")

REFERENCE = REPO / "suites" / "budget" / "reference"
SHARED = Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache" / "revylbench")
EXPORT = [EXPO_BIN, "export", "--platform", "web", "--output-dir", "dist"]


def tree_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def bundle_text(folder: Path) -> str:
    return "".join(p.read_text(errors="replace") for p in folder.rglob("*.js"))


def test_a_hostile_build_cannot_poison_the_store_and_a_warm_bundle_equals_the_cold_one(
        tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    (SHARED / "deps").mkdir(parents=True, exist_ok=True)
    (cache / "deps").symlink_to(SHARED / "deps")  # the lockfile's install, shared (not the store)
    log = tmp_path / "logs" / "build.log"
    log.parent.mkdir()
    policy = sandbox_policy(True, cache_dir=cache, log=log)
    assert policy is not None

    # Cold: the reference exported with no store at all.
    cold_work = tmp_path / "cold"
    copy_source(REFERENCE, cold_work)
    deps = install_dependencies(cold_work, cache, log=log, deadline=time.monotonic() + 900,
                                policy=policy)
    started = time.monotonic()
    cold = build_web(cold_work.resolve(), node_modules=deps.node_modules, log=log,
                     deadline=time.monotonic() + 600, policy=policy)
    cold_s = time.monotonic() - started

    # The grader's seed export makes the lockfile's store, sealed read-only.
    store = seed_store(deps.node_modules, cache, lockfile_digest(REFERENCE), policy=policy,
                       export_argv=EXPORT, export_env=EXPORT_ENV, deadline=time.monotonic() + 600)
    assert store == store_for(cache, lockfile_digest(REFERENCE)) and store.is_dir(), \
        [p.read_text()[-2000:] for p in (cache / "metro").glob("*.failed")]
    entries = [p for p in store.rglob("*") if p.is_file()]
    assert len(entries) > 100  # the dependencies' modules
    assert all(p.stat().st_mode & 0o222 == 0 for p in entries)
    before = tree_digest(store)

    # The hostile build gets a private copy of the store, poisons all of it, and builds.
    hostile = tmp_path / "hostile"
    copy_source(REFERENCE, hostile)
    shutil.copy(REPO / "tests" / "hostile" / "metro_poison" / "babel.config.js", hostile)
    (hostile / "hostile.json").write_text(json.dumps({"shared_store": str(store)}))
    built = build_submission(hostile, "web", work=tmp_path / "hostile-work", cache_dir=cache,
                             log=tmp_path / "hostile.log", log_name="build.log", timeout_s=600,
                             sandbox=True)
    assert built.result.ok, built.result.log_tail
    reports = [json.loads(line.removeprefix("HOSTILE-REPORT ")) for line in
               (tmp_path / "hostile.log").read_text(errors="replace").splitlines()
               if line.startswith("HOSTILE-REPORT ")]
    assert reports, "the hostile config never ran"
    assert max(r["rewritten"] for r in reports) >= len(entries)  # it did rewrite its copy...
    assert all(r["shared"].startswith("error:") for r in reports)  # ...and never reached the store
    assert built.artifact is not None and "POISONED" in bundle_text(built.artifact)
    assert tree_digest(store) == before  # the shared store is untouched

    # The clean reference again, warm: the very bundle of its cold build.
    started = time.monotonic()
    warm = build_submission(REFERENCE, "web", work=tmp_path / "warm-work", cache_dir=cache,
                            log=tmp_path / "warm.log", log_name="build.log", timeout_s=600,
                            sandbox=True)
    warm_s = time.monotonic() - started
    assert warm.result.ok and warm.artifact is not None, warm.result.log_tail
    assert "POISONED" not in bundle_text(warm.artifact)
    assert tree_digest(warm.artifact) == tree_digest(cold)
    # It did start from the store (a private copy, in its own TMPDIR).
    copy = tmp_path / "warm-work" / SCRATCH_NAME / STORE
    assert {p.relative_to(copy) for p in copy.rglob("*") if p.is_file()} >= \
        {p.relative_to(store) for p in entries}
    print(f"cold export {cold_s:.1f} s, warm build {warm_s:.1f} s")
    assert re.fullmatch(r"[0-9a-f]{64}", before)
