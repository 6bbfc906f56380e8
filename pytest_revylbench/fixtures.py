"""The fixture ladder of a grade: build (once per run) → Appium → device → a fresh `app`.

Expensive things are session-scoped and shared; `app` is per test, so no state leaks from
one test into the next. Under xdist, the build is done once for all workers (file lock).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from filelock import FileLock

from .app import App
from .build.pipeline import BuildNotImplemented, build_submission
from .config import GradeConfig, build_result_key, grade_config_key
from .devices.appium import AppiumServer, RemoteAppium
from .devices.errors import AppLaunchFailed, DeviceError
from .devices.web import WebDevice, console_errors
from .evidence import EvidenceRecorder
from .report.allure import attach_evidence
from .locators import LOCATORS
from .models import BuildResult, Fault
from .outcomes import BuilderFault, BuildFailed

recorder_key = pytest.StashKey[EvidenceRecorder]()


def worker_id(config: pytest.Config) -> str:
    workerinput = getattr(config, "workerinput", None)
    return str(workerinput["workerid"]) if workerinput else "main"


def build_work_dir(grade: GradeConfig) -> Path:
    return grade.cache_dir / "work" / grade.run_id


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
    with FileLock(str(work) + ".lock"):
        if record.is_file():
            result = BuildResult.model_validate_json(record.read_text(encoding="utf-8"))
            artifact = work / "dist" if result.ok else None
        else:
            try:
                built = build_submission(
                    grade.submission, grade.platform, work=work, cache_dir=grade.cache_dir,
                    log=grade.run_dir / "build.log", log_name="build.log",
                    timeout_s=grade.build_timeout_s,
                )
            except BuildNotImplemented as exc:
                raise pytest.UsageError(str(exc)) from exc
            result, artifact = built.result, built.artifact
            record.write_text(result.model_dump_json(indent=2), encoding="utf-8")
    pytestconfig.stash[build_result_key] = result
    if artifact is None:
        if result.fault is Fault.BUILDER_FAULT:
            raise BuilderFault(result.reason)
        raise BuildFailed(f"the build failed ({result.reason}); see build.log")
    return artifact


@pytest.fixture(scope="session")
def revylbench_appium(
    revylbench_grade: GradeConfig, pytestconfig: pytest.Config
) -> Iterator[AppiumServer | RemoteAppium]:
    """The Appium server: `--appium-url`, or one this session (worker) starts and stops."""
    grade = revylbench_grade
    if grade.appium_url:
        yield RemoteAppium(grade.appium_url)
        return
    worker = worker_id(pytestconfig)
    # Short on purpose: Chromium puts a unix socket in TMPDIR, and socket paths are capped
    # at 108 bytes.
    scratch = Path(tempfile.mkdtemp(prefix="rvb-"))
    server = AppiumServer(
        grade.appium_dir, log=grade.run_dir / f"appium-{worker}.log", scratch=scratch,
        owner=f"{grade.run_id}/{worker}",
    )
    try:
        yield server.start()
    finally:
        server.stop()
        shutil.rmtree(scratch, ignore_errors=True)


@pytest.fixture(scope="session")
def revylbench_device(
    revylbench_grade: GradeConfig,
    revylbench_build: Path,
    revylbench_appium: AppiumServer | RemoteAppium,
) -> Iterator[WebDevice]:
    """The device the app is installed on, started once per worker."""
    if revylbench_grade.platform != "web":
        raise DeviceError(f"no {revylbench_grade.platform} device provider is implemented yet")
    device = WebDevice(bundle=revylbench_build, appium=revylbench_appium.ensure).start()
    try:
        yield device
    finally:
        device.stop()


@pytest.fixture
def app(
    request: pytest.FixtureRequest, revylbench_grade: GradeConfig, revylbench_device: WebDevice
) -> Iterator[App]:
    """A freshly launched app for this test, recording evidence as the test runs."""
    recorder = EvidenceRecorder(revylbench_grade.run_dir, request.node.name)
    request.node.stash[recorder_key] = recorder
    try:
        driver = revylbench_device.launch()
    except AppLaunchFailed as exc:
        recorder.console_errors += exc.console
        raise
    recorder.attach(driver.get_screenshot_as_png)
    try:
        yield App(
            driver, LOCATORS[revylbench_grade.platform](), recorder,
            timeout_s=revylbench_grade.check_timeout_s,
            relaunch=lambda: revylbench_device.relaunch(driver),
        )
        recorder.screenshot("end of test")
        recorder.console_errors += console_errors(driver)
    finally:
        quit_quietly(driver)
        attach_evidence(recorder)


def quit_quietly(driver: Any) -> None:
    """End the session; one that already died needs no ending, and its error is not news."""
    from selenium.common.exceptions import WebDriverException

    try:
        driver.quit()
    except (WebDriverException, OSError):
        pass

