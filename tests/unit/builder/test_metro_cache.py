"""The Metro store's parts that need no export: the fixed in-sandbox project path, the
private copy each build gets, the sealed shared store and the grader-owned seed app."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from pytest_revylbench.builder import metro_cache, web
from pytest_revylbench.builder.export_faults import submission_lines
from pytest_revylbench.builder.metro_cache import STORE, provide, seed_store, store_for
from pytest_revylbench.builder.sandbox import (
    FIXED_WORK,
    SCRATCH_NAME,
    Sandbox,
    SandboxPolicy,
    build_uid,
    sandbox_problem,
)


def test_a_build_sandbox_sees_its_work_folder_at_the_fixed_path(tmp_path: Path) -> None:
    work = tmp_path / "deep" / "er" / "work"
    work.mkdir(parents=True)
    sandbox = SandboxPolicy(hidden=()).for_build(work, work_at=FIXED_WORK)
    argv = sandbox.command(["true"])
    bind = argv.index("--bind")
    assert argv[bind:bind + 3] == ["--bind", str(work), str(FIXED_WORK)]
    assert argv[argv.index("--chdir") + 1] == str(FIXED_WORK)
    env = sandbox.environment()
    assert env["TMPDIR"] == str(FIXED_WORK / SCRATCH_NAME) and env["HOME"] == str(FIXED_WORK)
    assert sandbox.tmpdir == work / SCRATCH_NAME  # the grader's side of the same folder


@pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")
def test_the_fixed_path_is_the_work_folder_inside_a_real_sandbox(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    sandbox = Sandbox(work=work, uid=build_uid(), work_at=FIXED_WORK)
    sandbox.prepare()
    proc = subprocess.run(sandbox.command(["sh", "-c", 'pwd; echo "$TMPDIR"; touch made; touch "$TMPDIR/t"']),
                          env=sandbox.environment(), capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == [str(FIXED_WORK), str(FIXED_WORK / SCRATCH_NAME)]
    assert (work / "made").is_file() and (work / SCRATCH_NAME / "t").is_file()


def sealed_store(cache: Path) -> Path:
    store = store_for(cache, "ab" * 32)
    (store / "0f").mkdir(parents=True)
    (store / "0f" / "entry").write_text('{"code":"x"}')
    metro_cache.seal_read_only(store)
    return store


def test_the_shared_store_is_sealed_and_each_build_gets_a_private_writable_copy(tmp_path: Path) -> None:
    store = sealed_store(tmp_path / "cache")
    assert store == tmp_path / "cache" / "metro" / ("ab" * 8) / STORE
    assert all(p.stat().st_mode & 0o222 == 0 for p in (store, *store.rglob("*")))
    work = tmp_path / "work"
    provide(store, work)
    copy = work / SCRATCH_NAME / STORE / "0f" / "entry"
    copy.write_text("poison")  # the copy is the build's own: writable, and not the store
    (copy.parent / "new").write_text("more")
    assert (store / "0f" / "entry").read_text() == '{"code":"x"}'
    assert sorted(p.name for p in store.rglob("*")) == ["0f", "entry"]


def test_an_existing_store_is_served_and_a_recent_failed_seed_is_not_retried(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    store = sealed_store(cache)
    policy = SandboxPolicy(hidden=())
    never = ["false"]  # an export that would fail: neither call may run one
    assert seed_store(tmp_path, cache, "ab" * 32, policy=policy, export_argv=never, export_env={},
                      deadline=time.monotonic() + 60) == store
    failed = store_for(cache, "cd" * 32).parent.with_name("cd" * 8 + metro_cache.FAILED_SUFFIX)
    failed.write_text("earlier failure")
    assert seed_store(tmp_path, cache, "cd" * 32, policy=policy, export_argv=never, export_env={},
                      deadline=time.monotonic() + 60) is None
    assert failed.read_text() == "earlier failure"


def test_the_seed_app_is_the_graders_and_imports_only_installed_packages(tmp_path: Path) -> None:
    node_modules = tmp_path / "deps" / "node_modules"
    for name in ("expo", "react", "react-native", "@expo/metro-runtime"):
        (node_modules / name).mkdir(parents=True)
        (node_modules / name / "package.json").write_text("{}")
    work = tmp_path / "app"
    work.mkdir()
    metro_cache._write_seed_app(work, node_modules)
    entry = (work / "index.js").read_text()
    assert "from 'expo'" in entry and "from 'react-native'" in entry
    assert "from '@expo/metro-runtime'" in entry and "react-native-web" not in entry
    assert sorted(p.name for p in work.iterdir()) == ["app.json", "index.js", "node_modules", "package.json"]
    assert (work / "node_modules").resolve() == node_modules.resolve()


def test_the_export_log_names_the_work_folder_where_the_grader_has_it(tmp_path: Path) -> None:
    log = tmp_path / "build.log"
    earlier = f"$ npm ci    # earlier step, in {FIXED_WORK}\n"
    log.write_text(earlier)
    mark = log.stat().st_size
    with log.open("a") as out:
        out.write(f"SyntaxError: {FIXED_WORK}/App.tsx: Unexpected token (3:1)\n")
    work = tmp_path / "reports" / "work"
    web._name_work_as_the_grader_does(log, mark, FIXED_WORK, work)
    assert log.read_text() == earlier + f"SyntaxError: {work}/App.tsx: Unexpected token (3:1)\n"
    named = submission_lines(log.read_text().splitlines(), work)
    assert named == [f"SyntaxError: {work}/App.tsx: Unexpected token (3:1)"]
