"""The jest transform store (checks/jest_store): made by the grader's seed run alone, holding
nothing of any task, read by every sandboxed grade, and out of reach of a submission's code.
Real sandboxed jest runs of budget's reference and of a hostile submission."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from pathlib import Path

import pytest

from pytest_revylbench.builder.deps import cached_node_modules, lockfile_digest
from pytest_revylbench.builder.pipeline import sandbox_policy
from pytest_revylbench.builder.sandbox import sandbox_problem
from pytest_revylbench.checks import source
from pytest_revylbench.checks.functional import parse_cases, verdict_of
from pytest_revylbench.checks.jest_store import seed_store

from .conftest import REPO
from .test_hostile_jest import CASES, HONEST_PASSED, TOTALS, hostile, passed, told

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")

CACHE = Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache" / "revylbench")
REFERENCE = REPO / "suites" / "budget" / "reference"
PROBE = "read from the store"
PROBE_TEST = f"""/// <reference types="jest" />
import "react-native";

test("react-native's transform came from the store", () => {{
  expect((globalThis as any).__revylbenchStoreProbe).toBe({json.dumps(PROBE)});
}});
"""
GRADER_FILES = {"App.tsx", "__hidden_tests__/seed.test.tsx"}
"""The seed's own sources: the seed app and test (the grader's jest files start `revylbench-`)."""


def the_store(tmp_path: Path) -> Path:
    """The store of budget's lockfile, seeded now if this cache has none."""
    log = tmp_path / "seed" / "log"
    log.parent.mkdir(parents=True)
    policy = sandbox_policy(True, cache_dir=CACHE, log=log)
    assert policy is not None
    deadline = time.monotonic() + 900
    node_modules, _ = cached_node_modules(REFERENCE, CACHE, log=log, deadline=deadline, policy=policy)
    store = seed_store(node_modules, CACHE, lockfile_digest(REFERENCE), policy=policy, deadline=deadline)
    assert store is not None, sorted(CACHE.glob("jest/*.failed"))
    return store


def entries(store: Path) -> dict[str, Path]:
    """Each entry's source file (relative to the project) -> the entry."""
    return {json.loads(p.read_text())["file"]: p for p in sorted(store.rglob("*.json"))}


def digest(store: Path) -> str:
    """Every path, mode, owner and byte of the store."""
    h = hashlib.sha256()
    for path in sorted(store.rglob("*")):
        st = path.lstat()
        h.update(f"{path.relative_to(store)} {st.st_mode:o} {st.st_uid}\n".encode())
        if path.is_file():
            h.update(path.read_bytes())
    return h.hexdigest()


def test_the_store_holds_only_the_seed_and_the_dependencies_and_grades_read_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = the_store(tmp_path)
    made = entries(store)
    # The dependencies every component test loads, the grader's seed app and jest files;
    # nothing of a task (no hidden test, no reference): a submission may read the store.
    assert len(made) > 200
    ours = {f for f in made if "node_modules/" not in f}
    assert ours <= GRADER_FILES | {f for f in ours if f.startswith("__hidden_tests__/revylbench-")}, ours
    assert not any("suites/" in f for f in made)
    assert all(p.stat().st_mode & 0o222 == 0 for p in (store, *store.rglob("*"))), "the store is sealed"

    # A grade reads it: a copy whose react-native entry sets a mark is what the test sees.
    rn = next(f for f in made if f.endswith("node_modules/react-native/index.js"))
    probe = tmp_path / "probe-store"
    shutil.copytree(store, probe, copy_function=shutil.copyfile)
    entry = probe / made[rn].relative_to(store)
    value = json.loads(entry.read_text())
    value["code"] = f"globalThis.__revylbenchStoreProbe = {json.dumps(PROBE)};\n" + value["code"]
    entry.write_text(json.dumps(value))
    monkeypatch.setattr(source, "seed_store", lambda *a, **k: probe)
    test = tmp_path / "hidden" / "probe.test.tsx"
    test.parent.mkdir()
    test.write_text(PROBE_TEST)
    record = source.run_checks(REFERENCE, work=tmp_path / "work", tests=[test], cache_dir=CACHE,
                               log=tmp_path / "checks.log", timeout_s=600, sandbox=True)
    log = (tmp_path / "checks.log").read_text(errors="replace")
    [case] = parse_cases(test)
    assert verdict_of(case, record.tests).status == "passed", log[-3000:]


def test_a_submission_cannot_change_the_store(tmp_path: Path) -> None:
    """The store is mounted read-only and lies outside what the workers may write: the attack
    sees its entries and fails to add, overwrite, replace, remove or unseal any of them."""
    store = the_store(tmp_path)
    before = digest(store)
    record = source.run_checks(hostile(tmp_path, "poison-store"), work=tmp_path / "work", tests=[TOTALS],
                               cache_dir=CACHE, log=tmp_path / "run" / "checks.log", timeout_s=600,
                               sandbox=True)
    log = (tmp_path / "run" / "checks.log").read_text(errors="replace")
    seen = told(log, "poison-store")
    assert seen["entries_tried"] > 0, seen  # it could see the store's entries
    tried = {k: v for k, v in seen.items() if k != "entries_tried" and not k.startswith("list ")}
    assert tried and all(v.startswith("error:") for v in tried.values()), tried
    assert digest(store) == before
    assert passed(record) <= HONEST_PASSED and len(CASES) > HONEST_PASSED


def test_a_seed_killed_part_way_leaves_no_store_and_no_failure(tmp_path: Path) -> None:
    """A grade interrupted while its checks seed the store kills the seed run part way: a store
    of what it had transformed so far (2 entries, once) would slow every later grade, and a
    remembered failure would stop the next grade seeding for an hour."""
    import signal
    import threading

    import psutil

    log = tmp_path / "log"
    policy = sandbox_policy(True, cache_dir=CACHE, log=log)
    assert policy is not None
    deadline = time.monotonic() + 900
    node_modules, _ = cached_node_modules(REFERENCE, CACHE, log=log, deadline=deadline, policy=policy)
    cache = tmp_path / "cache"
    answer: list[Path | None] = []
    seeding = threading.Thread(target=lambda: answer.append(seed_store(
        node_modules, cache, lockfile_digest(REFERENCE), policy=policy, deadline=deadline)))
    seeding.start()
    partial: Path | None = None
    while seeding.is_alive():
        made = list(cache.glob("jest/*.partial/app/*/jest-store"))
        if made and any(made[0].rglob("*.json")):
            partial = made[0].parents[1]
            break
        time.sleep(0.05)
    assert partial is not None, "the seed never stored a transform"
    for proc in psutil.process_iter(["cwd"]):
        if proc.info["cwd"] == str(partial):
            os.killpg(proc.pid, signal.SIGKILL)
    seeding.join(timeout=120)
    assert answer == [None]
    assert not list(cache.glob("jest/*/store")), "a cut-short seed was kept as the store"
    assert not list(cache.glob("jest/*.failed")), "a killed seed was remembered as a failure"
