"""The fixture ladder of a grade: build (once per run) → Appium → device → a fresh `app`.

Expensive things are session-scoped and shared; `app` is per test, so no state leaks from
one test into the next. Under xdist, the build is done once for all workers (file lock).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from filelock import FileLock

from pytest_revylbench.app.evidence import EvidenceRecorder
from pytest_revylbench.app.facade import App
from pytest_revylbench.app.hangs import gate_closed, record_launch_hang
from pytest_revylbench.app.locators import LOCATORS
from pytest_revylbench.app.recording import finish_recording, keeps_video, start_recording
from pytest_revylbench.builder.artifacts import ArtifactStore, artifact_key
from pytest_revylbench.builder.deps import InstallRetry
from pytest_revylbench.builder.pipeline import SandboxUnavailable, build_submission
from pytest_revylbench.builder.submission import digest
from pytest_revylbench.checks.source import CheckRecord, checks_for_grade
from pytest_revylbench.devices.calibration import Calibration, EnvironmentMismatch, compare, photograph
from pytest_revylbench.devices.errors import AppHung, AppLaunchFailed, DeviceError
from pytest_revylbench.devices.lease import LeaseBoard
from pytest_revylbench.devices.protocol import DeviceSession
from pytest_revylbench.devices.rack import DeviceRack
from pytest_revylbench.devices.web import WebDevice
from pytest_revylbench.outputs.allure import attach_evidence
from pytest_revylbench.outputs.provenance import calibration_environment
from pytest_revylbench.plugin.config import GradeConfig
from pytest_revylbench.plugin.keys import grade_config_key, phase_key, recorder_key, stop_key, viewport_key
from pytest_revylbench.plugin.outcomes import BuilderFault, BuildFailed
from pytest_revylbench.records.build import BuildResult
from pytest_revylbench.records.vocabulary import Fault, Verdict


def grade_owner(run_id: str, worker: str) -> str:
    """The owner marker of this grader's processes: `<run id>/<worker>/<pid>`. The pid makes it
    unique on the machine, so two graders with the same run id (two tasks' `reference-1`, two
    `oracle` captures) never take each other's processes for their own."""
    return f"{run_id}/{worker}/{os.getpid()}"


def worker_id(config: pytest.Config) -> str:
    workerinput = getattr(config, "workerinput", None)
    return str(workerinput["workerid"]) if workerinput else "main"


def build_work_dir(grade: GradeConfig) -> Path:
    """The grade's private build folder: keyed by its report folder, not its run id, which two
    grades writing to different report folders may share."""
    key = hashlib.sha256(str(grade.run_dir.resolve()).encode()).hexdigest()[:16]
    return grade.cache_dir / "work" / f"{grade.run_id[:40]}-{key}"


@pytest.fixture(scope="session")
def revylbench_grade(pytestconfig: pytest.Config) -> GradeConfig:
    """The resolved grade configuration; only present when pytest runs with `--task`."""
    grade = pytestconfig.stash.get(grade_config_key, None)
    if grade is None:
        raise pytest.UsageError("hidden device tests need --task ID (and --submission DIR)")
    return grade


@pytest.fixture(scope="session")
def revylbench_build(revylbench_grade: GradeConfig, pytestconfig: pytest.Config) -> Path:
    """The built artifact of the submission, built once per run whatever the worker count."""
    grade = revylbench_grade
    grade.run_dir.mkdir(parents=True, exist_ok=True)
    record = grade.run_dir / "build.json"
    work = build_work_dir(grade)
    work.parent.mkdir(parents=True, exist_ok=True)
    store = ArtifactStore(grade.cache_dir / "artifacts")
    key = artifact_key(digest(grade.submission), grade.platform, sandboxed=grade.sandbox)
    with FileLock(str(work) + ".lock"):
        kept = None if grade.rebuild else store.get(key)
        if record.is_file():  # another worker of this run built it already
            result = BuildResult.model_validate_json(record.read_text(encoding="utf-8"))
            artifact = (kept[1] if kept else work / (result.artifact or "dist")) if result.ok else None
        elif kept is not None:
            result, artifact, log = kept[0].model_copy(update={"reused": True}), kept[1], kept[2]
            shutil.copy2(log, grade.run_dir / "build.log")
            record.write_text(result.model_dump_json(indent=2), encoding="utf-8")
        else:
            try:
                built = build_submission(
                    grade.submission, grade.platform, work=work, cache_dir=grade.cache_dir,
                    log=grade.run_dir / "build.log", log_name="build.log",
                    timeout_s=grade.build_timeout_s, sandbox=grade.sandbox,
                    hidden=(grade.reports, grade.task.suite.parent,
                            *([grade.rollout] if grade.rollout else [])),
                    install_retry=install_retry(grade),
                )
            except SandboxUnavailable as exc:
                raise pytest.UsageError(str(exc)) from exc
            result, artifact = built.result, built.artifact
            if artifact is not None:  # a store that cannot keep it fails the build, not the run
                result = store.keep(key, result, artifact, grade.run_dir / "build.log")
                kept_now = None if grade.rebuild or not result.ok else store.get(key)
                if kept_now is not None:  # serve the kept, immutable copy, as later grades will
                    artifact = kept_now[1]
                elif not result.ok:
                    artifact = None
            record.write_text(result.model_dump_json(indent=2), encoding="utf-8")
    if artifact is None:
        if result.fault is Fault.BUILDER_FAULT:
            raise BuilderFault(result.reason)
        raise BuildFailed(f"the build failed ({result.reason}); see build.log")
    return artifact


def install_retry(grade: GradeConfig) -> InstallRetry:
    return InstallRetry(retries=grade.install_retries, backoff_s=grade.install_backoff_s)


def source_checks(grade: GradeConfig) -> CheckRecord:
    """The grade's type-check and hidden jest run, done once whatever the worker count (the
    first caller runs them; later ones, in any process, wait for its record)."""
    grade.run_dir.mkdir(parents=True, exist_ok=True)
    work = build_work_dir(grade)
    return checks_for_grade(
        grade.run_dir, work.with_name(work.name + "-checks"), submission=grade.submission,
        tests=sorted((grade.task.suite / "functional").glob("*.test.tsx")),
        cache_dir=grade.cache_dir, timeout_s=grade.build_timeout_s, sandbox=grade.sandbox,
        install_retry=install_retry(grade), step_timeout_s=grade.functional_timeout_s,
        hidden=(grade.reports, grade.task.suite.parent, *([grade.rollout] if grade.rollout else [])),
        reuse=not grade.rebuild,
    )


@pytest.fixture(scope="session")
def revylbench_source_checks(revylbench_grade: GradeConfig) -> CheckRecord:
    """The grade's type-check and hidden jest run (started early, see `SourceChecksAhead`)."""
    return source_checks(revylbench_grade)


@pytest.fixture(scope="session")
def revylbench_leases(revylbench_grade: GradeConfig) -> LeaseBoard:
    """The run's leases on its device pool, shared by every worker through the run folder."""
    grade = revylbench_grade
    pool = grade.pool
    return LeaseBoard(
        grade.run_dir / ".leases" / pool.name, pool.slots, timeout_s=pool.lease_timeout_s,
        say=lambda message: print(f"[revylbench] {message}", file=sys.stderr, flush=True),
    )


@pytest.fixture(scope="session")
def revylbench_rack(
    revylbench_grade: GradeConfig,
    revylbench_build: Path,
    revylbench_leases: LeaseBoard,
    pytestconfig: pytest.Config,
) -> Iterator[DeviceRack]:
    """The devices this worker has started; each is stopped when the session ends."""
    grade = revylbench_grade
    worker = worker_id(pytestconfig)
    rack = DeviceRack(
        pool=grade.pool, artifact=revylbench_build, appium_dir=grade.appium_dir,
        logs=grade.run_dir, owner=grade_owner(grade.run_id, worker), appium_url=grade.appium_url,
        fonts_dir=grade.fonts_dir, on_server_start=revylbench_leases.own_processes,
        isolation=grade.isolation, presses=grade.presses, command_timeout_s=grade.command_timeout_s,
    )
    try:
        yield rack
    finally:
        for slot in rack.stop_all():
            revylbench_leases.forget_processes(slot)


@pytest.fixture
def app(
    request: pytest.FixtureRequest,
    pytestconfig: pytest.Config,
    revylbench_grade: GradeConfig,
    revylbench_rack: DeviceRack,
    revylbench_leases: LeaseBoard,
) -> Iterator[App]:
    """A freshly launched app on a leased device, recording evidence as the test runs."""
    recorder = EvidenceRecorder(revylbench_grade.run_dir, request.node.name,
                                mode=revylbench_grade.evidence)
    request.node.stash[recorder_key] = recorder
    hung = False
    closed = gate_closed(revylbench_grade.run_dir)
    if closed is not None:  # like the build gate: the app had its launches
        raise AppHung(closed)
    started = time.monotonic()
    lease = revylbench_leases.acquire(
        f"{worker_id(pytestconfig)} {request.node.name}", prefer=revylbench_rack.last_slot
    )
    recorder.device = lease.slot
    try:
        device = revylbench_rack.get(lease.slot)
        if not device.healthy():
            revylbench_leases.quarantine(lease.slot, f"failed its health check before {request.node.name}")
            raise DeviceError(f"device {lease.slot} failed its health check and was quarantined")
        device.launch_timeout_s = revylbench_grade.launch_timeout_s
        try:
            # Only the web device emulates a screen size; a phone's screen is its own.
            driver = device.launch(request.node.stash.get(viewport_key, None))
        except AppLaunchFailed as exc:
            recorder.keep_console(exc.console)
            raise
        except AppHung as exc:
            recorder.keep_console(exc.console)
            record_launch_hang(revylbench_grade.run_dir, request.node.name, str(exc))
            raise
        finally:
            recorder.bench_seconds = round(time.monotonic() - started, 3)
        revylbench_rack.snapshot()
        session = DeviceSession(device, driver)
        recorder.attach(session.screenshot, session.screen_fingerprint,
                        quick=lambda: device.evidence_screenshot(driver),
                        prefetch=lambda: device.evidence_prefetch(driver),
                        tree=lambda: device.ui_tree(driver), tree_suffix=device.ui_tree_suffix)
        capture = start_recording(device, driver, revylbench_grade.video, recorder)
        try:
            yield App(
                session, LOCATORS[revylbench_grade.platform](), recorder,
                timeout_s=revylbench_grade.check_timeout_s,
            )
            call = request.node.stash.get(phase_key, {}).get("call")
            hung = call is not None and call.fault is Fault.APP_HANG
            # A grade being stopped (SIGTERM, Ctrl-C, its limit) tears this down after the
            # interrupt broke the test's reads: no end-of-test evidence, whose failing read
            # would end the run as an error instead of interrupted.
            stop = request.config.stash.get(stop_key, None)
            if not hung and not (stop is not None and stop.reason):  # a hung page answers nothing
                recorder.screenshot("end of test")
                recorder.keep_console(device.console_errors(driver))
        finally:
            call = request.node.stash.get(phase_key, {}).get("call")
            finish_recording(capture, recorder, keep=keeps_video(
                revylbench_grade.video, passed=call is not None and call.verdict is Verdict.PASS))
            # isolation "context": the web device keeps its browser, wiped at the next launch
            if not device.keeps(driver, hung=hung):
                quit_quietly(driver, limit_s=HUNG_QUIT_S if hung else QUIT_S)
            recorder.discard_pending()  # a shot the test's end could not take is not cited
            attach_evidence(recorder)
    finally:
        try:  # what a dead server or driver orphaned goes before the device is free again
            revylbench_rack.reap()
        finally:
            lease.release()


QUIT_S = 15.0
HUNG_QUIT_S = 5.0
"""Ending the session of a page that hung: its driver is still waiting on the page, and the
server ends the session (and its browser) whether or not we wait for it."""


def quit_quietly(driver: Any, limit_s: float = QUIT_S) -> None:
    """End the session; one that already died needs no ending, and its error is not news."""
    from selenium.common.exceptions import WebDriverException
    from urllib3.exceptions import HTTPError

    try:
        # A page that hung holds its session: do not wait the whole command limit for it.
        driver.command_executor.client_config.timeout = limit_s
    except AttributeError:  # a driver without an HTTP client (a test double)
        pass
    try:
        driver.quit()
    except (WebDriverException, OSError, HTTPError):
        pass



CALIBRATION = "calibration.json"


@pytest.fixture(scope="session")
def revylbench_calibration(
    revylbench_grade: GradeConfig,
    revylbench_rack: DeviceRack,
    revylbench_leases: LeaseBoard,
    pytestconfig: pytest.Config,
) -> Calibration:
    """The device's calibration photo, judged once per grade (whatever the worker count)
    before any visual item: a mismatch raises `EnvironmentMismatch` in each of them."""
    grade = revylbench_grade
    record = grade.run_dir / CALIBRATION
    with FileLock(str(grade.run_dir / ".calibration.lock")):
        if record.is_file():
            result = Calibration.model_validate_json(record.read_text(encoding="utf-8"))
        else:
            result = _calibrate(grade, revylbench_rack, revylbench_leases, worker_id(pytestconfig))
            record.write_text(result.model_dump_json(indent=2) + "\n", encoding="utf-8")
    if not result.ok:
        raise EnvironmentMismatch(result.reason)
    return result


def _calibrate(grade: GradeConfig, rack: DeviceRack, leases: LeaseBoard, worker: str) -> Calibration:
    if grade.platform != "web":
        return Calibration(platform=grade.platform, status="mismatch", differences=[
            f"calibration of the {grade.platform} device is not implemented: "
            "no visual score is given on it"])
    lease = leases.acquire(f"{worker} calibration", prefer=rack.last_slot)
    try:
        device = rack.get(lease.slot)
        if not isinstance(device, WebDevice):
            return Calibration(platform="web", status="mismatch", differences=[
                f"the pool's {type(device).__name__} cannot be calibrated"])
        photo, observed = photograph(device)
    finally:
        try:
            rack.reap()
        finally:
            lease.release()
    (grade.run_dir / "calibration.png").write_bytes(photo)
    return compare(photo, observed, calibration_environment(grade.appium_dir))
