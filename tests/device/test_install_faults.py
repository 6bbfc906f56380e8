"""Fault injection into the dependency install: real `npm ci`, sandboxed, against registries
that refuse, fail, hang or recover, and against the real registry for a version that does not
exist. A registry's failure is the bench's (builder_fault, retried, refunded in a rollout);
what the lockfile names is the agent's (build_failed, never retried).

Each test forces a real install: a fresh, empty dependency cache (`--cache-dir`) and a fresh,
empty npm cache (`npm_config_cache`). npm's own retries and timeouts are turned down through
the environment the sandbox passes on (`npm_config_*`), so each case ends in seconds.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import socket
import tarfile
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from pytest_revylbench.builder.deps import InstallFailed, InstallRetry, install_dependencies
from pytest_revylbench.builder.pipeline import build_submission, sandbox_policy
from pytest_revylbench.builder.sandbox import sandbox_problem
from pytest_revylbench.builder.submission import copy_source
from pytest_revylbench.cli import main
from pytest_revylbench.records.vocabulary import Fault

from .conftest import REPO, grade

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")

PACKAGE, VERSION = "rvb-tiny", "1.0.0"


def tiny_tarball() -> bytes:
    """A one-file npm package, as a registry serves it."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, text in {"package.json": json.dumps({"name": PACKAGE, "version": VERSION}),
                           "index.js": "module.exports = 42;\n"}.items():
            data = text.encode()
            info = tarfile.TarInfo(f"package/{name}")
            info.size, info.mtime = len(data), 0
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


TARBALL = tiny_tarball()
INTEGRITY = "sha512-" + base64.b64encode(hashlib.sha512(TARBALL).digest()).decode()


def project(folder: Path, *, name: str = PACKAGE, version: str = VERSION,
            integrity: str | None = INTEGRITY) -> Path:
    """package.json and a lockfile naming one dependency (no `resolved`: fetched from the
    configured registry)."""
    folder.mkdir(parents=True)
    (folder / "package.json").write_text(json.dumps(
        {"name": "app", "version": "1.0.0", "dependencies": {name: f"^{version.split('.')[0]}.0.0"}}))
    locked: dict[str, object] = {"version": version}
    if integrity:
        locked["integrity"] = integrity
    (folder / "package-lock.json").write_text(json.dumps({
        "name": "app", "version": "1.0.0", "lockfileVersion": 3, "requires": True,
        "packages": {"": {"name": "app", "version": "1.0.0",
                          "dependencies": {name: f"^{version.split('.')[0]}.0.0"}},
                     f"node_modules/{name}": locked},
    }))
    return folder


class Registry:
    """A registry on 127.0.0.1 that answers `failures` requests with `status` (or hangs when
    status is 0), then serves the one package."""

    def __init__(self, *, status: int, failures: int = 10_000) -> None:
        self.status, self.failures = status, failures
        self.requests: list[str] = []
        self.release = threading.Event()
        registry = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                registry.requests.append(self.path)
                if len(registry.requests) <= registry.failures:
                    if registry.status == 0:
                        registry.release.wait(30)  # hang: never answer while the test runs
                        return
                    self._send(registry.status, b"", "text/plain")
                elif self.path == f"/{PACKAGE}":
                    self._send(200, json.dumps(registry.packument()).encode(), "application/json")
                elif self.path == f"/{PACKAGE}/-/{PACKAGE}-{VERSION}.tgz":
                    self._send(200, TARBALL, "application/octet-stream")
                else:
                    self._send(404, b"{}", "application/json")

            def _send(self, code: int, body: bytes, kind: str) -> None:
                self.send_response(code)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def packument(self) -> dict[str, object]:
        return {"name": PACKAGE, "dist-tags": {"latest": VERSION}, "versions": {VERSION: {
            "name": PACKAGE, "version": VERSION,
            "dist": {"tarball": f"{self.url}{PACKAGE}/-/{PACKAGE}-{VERSION}.tgz", "integrity": INTEGRITY},
        }}}

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def npm_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty npm cache, and npm's own retries off and its fetch timeout short."""
    cache = tmp_path / "npm-cache"
    cache.mkdir()
    monkeypatch.setenv("npm_config_cache", str(cache))
    monkeypatch.setenv("npm_config_fetch_retries", "0")
    monkeypatch.setenv("npm_config_fetch_timeout", "2000")
    return cache


@pytest.fixture
def registry_503() -> Iterator[Registry]:
    server = Registry(status=503)
    yield server
    server.close()


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # closed again when the block ends: nothing listens


def install(
    tmp_path: Path, folder: Path, *, retries: int = 2, timeout_s: float = 120,
) -> InstallFailed | None:
    cache = tmp_path / "deps-cache"
    log = tmp_path / "run" / "build.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    policy = sandbox_policy(True, cache_dir=cache, log=log)
    try:
        install_dependencies(folder, cache, log=log, deadline=time.monotonic() + timeout_s,
                             policy=policy, retry=InstallRetry(retries=retries, backoff_s=0.2))
    except InstallFailed as exc:
        assert not list((cache / "deps").glob("*/node_modules"))  # nothing half-installed is kept
        return exc
    return None


def codes(failure: InstallFailed) -> list[str]:
    return [a.diagnosis.code if a.diagnosis else "ok" for a in failure.attempts]


def test_a_registry_that_refuses_connections_is_retried_then_the_bench_s(
    tmp_path: Path, npm_env: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("npm_config_registry", f"http://127.0.0.1:{closed_port()}/")
    started = time.monotonic()
    failure = install(tmp_path, project(tmp_path / "app"))
    assert failure is not None and failure.diagnosis is not None
    assert (failure.diagnosis.party, failure.diagnosis.code) == ("bench", "ECONNREFUSED")
    assert failure.diagnosis.evidence.startswith("npm error code ECONNREFUSED\n")
    assert codes(failure) == ["ECONNREFUSED"] * 3
    assert [a.waited_s for a in failure.attempts] == [0.0, 0.2, 0.4]
    assert "the bench's fault (npm ECONNREFUSED, 3 attempts)" in failure.reason
    assert time.monotonic() - started < 90


def test_a_registry_answering_503_is_retried_then_the_bench_s(
    tmp_path: Path, npm_env: Path, monkeypatch: pytest.MonkeyPatch, registry_503: Registry,
) -> None:
    monkeypatch.setenv("npm_config_registry", registry_503.url)
    failure = install(tmp_path, project(tmp_path / "app"), retries=1)
    assert failure is not None and failure.diagnosis is not None
    assert (failure.diagnosis.party, failure.diagnosis.code) == ("bench", "E503")
    assert codes(failure) == ["E503"] * 2
    assert len(registry_503.requests) >= 2  # each attempt really asked the registry
    assert f"503 Service Unavailable - GET {registry_503.url}{PACKAGE}" in failure.diagnosis.evidence


def test_a_registry_that_recovers_is_retried_and_the_install_succeeds(
    tmp_path: Path, npm_env: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = Registry(status=503, failures=1)
    try:
        monkeypatch.setenv("npm_config_registry", server.url)
        cache = tmp_path / "deps-cache"
        log = tmp_path / "build.log"
        deps = install_dependencies(
            project(tmp_path / "app"), cache, log=log, deadline=time.monotonic() + 120,
            policy=sandbox_policy(True, cache_dir=cache, log=log), retry=InstallRetry(2, 0.2),
        )
    finally:
        server.close()
    assert not deps.cached
    assert [(a.ok, a.diagnosis.code if a.diagnosis else None) for a in deps.attempts] == [
        (False, "E503"), (True, None)]
    assert (deps.node_modules / PACKAGE / "index.js").read_text() == "module.exports = 42;\n"
    assert "install attempt 1: bench's failure" in log.read_text()


def test_a_registry_that_hangs_ends_in_a_bounded_time_as_the_bench_s(
    tmp_path: Path, npm_env: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = Registry(status=0)
    try:
        monkeypatch.setenv("npm_config_registry", server.url)
        started = time.monotonic()
        failure = install(tmp_path, project(tmp_path / "app"), retries=1)
        took = time.monotonic() - started
        assert failure is not None and failure.diagnosis is not None
        assert failure.diagnosis.party == "bench"
        assert codes(failure) == ["FETCH_ERROR"] * 2
        assert "network timeout at" in failure.diagnosis.evidence
        assert took < 60

        # npm waiting longer than the build may: the build's time limit ends it, not retried.
        monkeypatch.setenv("npm_config_fetch_timeout", "120000")
        submission = project(tmp_path / "slow")
        (submission / "index.ts").write_text("export {};\n")
        built = build_submission(
            submission, "web", work=tmp_path / "work", cache_dir=tmp_path / "slow-cache",
            log=tmp_path / "slow-run" / "build.log", log_name="build.log", timeout_s=8, sandbox=True,
            install_retry=InstallRetry(2, 0.2),
        )
    finally:
        server.close()
    result = built.result
    assert result.fault is Fault.BUILDER_FAULT
    assert result.diagnosis is not None and result.diagnosis.code == "timeout"
    assert len(result.install_attempts) == 1
    assert 8 <= result.seconds < 25


def test_an_integrity_mismatch_is_checked_with_an_empty_npm_cache_then_the_agent_s(
    tmp_path: Path, npm_env: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = Registry(status=200, failures=0)
    try:
        monkeypatch.setenv("npm_config_registry", server.url)
        wrong = "sha512-" + base64.b64encode(hashlib.sha512(b"another tarball").digest()).decode()
        # No retries: the empty-cache check is part of deciding whose failure it is.
        failure = install(tmp_path, project(tmp_path / "app", integrity=wrong), retries=0)
    finally:
        server.close()
    assert failure is not None and failure.diagnosis is not None
    assert (failure.diagnosis.party, failure.diagnosis.code) == ("agent", "EINTEGRITY")
    assert [(a.diagnosis.party if a.diagnosis else None, a.fresh_npm_cache, a.waited_s)
            for a in failure.attempts] == [("bench", False, 0.0), ("agent", True, 0.0)]


def test_a_failure_no_rule_knows_is_quarantined_as_the_bench_s_with_a_warning(
    tmp_path: Path, npm_env: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = Registry(status=403)
    try:
        monkeypatch.setenv("npm_config_registry", server.url)
        with pytest.warns(UserWarning, match="quarantined an unrecognised npm failure"):
            failure = install(tmp_path, project(tmp_path / "app"), retries=0)
    finally:
        server.close()
    assert failure is not None and failure.diagnosis is not None
    assert (failure.diagnosis.party, failure.diagnosis.code, failure.diagnosis.quarantined) == (
        "bench", "E403", True)


def test_a_lockfile_naming_a_version_that_does_not_exist_is_the_agent_s(
    tmp_path: Path, npm_env: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The real registry answers: is-number has no version 7.0.99."""
    monkeypatch.delenv("npm_config_registry", raising=False)
    submission = project(tmp_path / "app", name="is-number", version="7.0.99", integrity=None)
    (submission / "index.ts").write_text("export {};\n")
    built = build_submission(
        submission, "web", work=tmp_path / "work", cache_dir=tmp_path / "deps-cache",
        log=tmp_path / "run" / "build.log", log_name="build.log", timeout_s=120, sandbox=True,
        install_retry=InstallRetry(2, 0.2),
    )
    result = built.result
    assert result.fault is Fault.BUILD_FAILED
    assert result.diagnosis is not None
    assert (result.diagnosis.party, result.diagnosis.code) == ("agent", "ETARGET")
    assert result.diagnosis.evidence == (
        "npm error code ETARGET\nnpm error notarget No matching version found for is-number@7.0.99."
    )
    assert len(result.install_attempts) == 1  # the agent's failure is not retried
    record = json.loads(result.model_dump_json())
    assert record["diagnosis"]["rule"] == "the lockfile names a version the registry does not have"


def test_a_grade_during_a_registry_outage_is_refunded_not_charged(
    tmp_path: Path, npm_env: Path, monkeypatch: pytest.MonkeyPatch, registry_503: Registry,
) -> None:
    """One whole grade through pytest, recorded in a rollout: the bench's fault, every test
    not run, the ledger's party `bench` (the submission does not count against the budget)."""
    monkeypatch.setenv("npm_config_registry", registry_503.url)
    submission = tmp_path / "app"
    copy_source(REPO / "suites" / "budget" / "reference", submission)
    # A lockfile of its own (one small package): the install is the one step that runs, and
    # npm reads a small lockfile in a moment.
    tiny = project(tmp_path / "tiny")
    for name in ("package.json", "package-lock.json"):
        (submission / name).write_bytes((tiny / name).read_bytes())
    rollout = tmp_path / "rollout"
    assert main([f"--tasks-dir={REPO / 'tasks'}", f"--suites-dir={REPO / 'suites'}", "rollout",
                 "start", "--task", "budget", "--seed", "1", "--scheme", "stages", str(rollout)]) == 0
    record = grade(submission, tmp_path / "reports", "outage", f"--cache-dir={tmp_path / 'cache'}",
                   "--install-retries=1", "--install-backoff=0.2", f"--rollout={rollout}")
    assert record["status"] == "infra_failure", record["_stdout"][-3000:]
    assert record["failure_kind"] == "builder_fault"
    build = record["build"]
    assert build["fault"] == "builder_fault"
    assert build["diagnosis"]["party"] == "bench" and build["diagnosis"]["code"] == "E503"
    assert [a["diagnosis"]["code"] for a in build["install_attempts"]] == ["E503", "E503"]
    assert {t["verdict"] for t in record["tests"]} == {"not_run"}
    assert {t["fault"] for t in record["tests"]} == {"builder_fault"}
    lines = [json.loads(line) for line in (rollout / "ledger.jsonl").read_text().splitlines()]
    submitted = [line for line in lines if line["kind"] == "submission"]
    assert len(submitted) == 1
    assert submitted[0]["failure_kind"] == "builder_fault" and submitted[0]["party"] == "bench"
    assert "quarantined" not in record["_stdout"]
