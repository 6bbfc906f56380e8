"""The Android builder: `expo prebuild -p android`, then `./gradlew assembleRelease`.

Runs on a host with the Android SDK and a JDK, unsandboxed (Gradle fetches its plugins and
dependencies): a grade built here is not `trusted`. Expo's template signs the release build
with the debug key, so the APK installs on an emulator as it is.
"""

from __future__ import annotations

import json
import platform
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from pytest_revylbench.builder.ios import expo_prebuild, link_node_modules
from pytest_revylbench.builder.process import StepFailed, run_step

GRADLE_ENV = {"CI": "1"}
HOST_ABIS = {"x86_64": "x86_64", "amd64": "x86_64", "arm64": "arm64-v8a", "aarch64": "arm64-v8a"}
"""The emulator ABI that runs at full speed on each host machine (`platform.machine()`)."""
OUTPUTS = Path("app/build/outputs/apk/release")


def build_android(
    work: Path,
    *,
    node_modules: Path,
    log: Path,
    deadline: float,
    abis: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
) -> Path:
    """Build the project in `work` into a release APK and return it.

    `abis` (e.g. `("x86_64",)` for an x86_64 emulator) limits the native code built; empty
    builds every ABI the template lists.
    """
    link_node_modules(work, node_modules)
    android = expo_prebuild(work, "android", log=log, deadline=deadline)
    argv = ["./gradlew", "assembleRelease", "--no-daemon", "--console=plain"]
    if abis:
        argv.append(f"-PreactNativeArchitectures={','.join(abis)}")
    with gradle_turn(node_modules, log=log, deadline=deadline):
        run_step("gradlew assembleRelease", argv, cwd=android, log=log, deadline=deadline,
                 env={**GRADLE_ENV, **(env or {})})
    return release_apk(android / OUTPUTS)


@contextmanager
def gradle_turn(node_modules: Path, *, log: Path, deadline: float) -> Iterator[None]:
    """Hold the Gradle lock of a shared dependency install for the Gradle run.

    Gradle builds every native package in place (`node_modules/<pkg>/android/build`, `.cxx`,
    the React Native Gradle plugin's own `build/`), and `node_modules` is the cache's install,
    shared by every build of the same lockfile: two Gradle runs at once on it would overwrite
    each other's outputs. The wait counts against the build's deadline.
    """
    lock = FileLock(str(gradle_lock_path(node_modules)))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        with log.open("a", encoding="utf-8") as out:
            out.write(f"[revylbench] waiting for another build's Gradle run on {node_modules.resolve()}\n")
        try:
            lock.acquire(timeout=max(deadline - time.monotonic(), 0.0))
        except Timeout:
            raise StepFailed("gradlew assembleRelease", "another build held the shared dependencies' "
                             "Gradle lock until the build's time limit", timed_out=True) from None
    try:
        yield
    finally:
        lock.release()


def gradle_lock_path(node_modules: Path) -> Path:
    """The lock file beside the shared install (never inside it: the install is read-only data)."""
    install = node_modules.resolve()
    return install.parent / f"{install.name}.gradle.lock"


def host_abis(machine: str | None = None) -> tuple[str, ...]:
    """The one ABI this host's emulators run (an x86_64 or arm64 system image), so Gradle
    compiles the native code once instead of for all four ABIs; empty (all) on another host."""
    abi = HOST_ABIS.get((machine or platform.machine()).lower())
    return (abi,) if abi else ()


def release_apk(outputs: Path) -> Path:
    """The APK named by the Android Gradle plugin's `output-metadata.json` in `outputs`."""
    metadata = outputs / "output-metadata.json"
    try:
        data = json.loads(metadata.read_text(encoding="utf-8"))
        name = data["elements"][0]["outputFile"]
        app_id = data["applicationId"]
    except (OSError, ValueError, KeyError, IndexError, TypeError) as exc:
        raise StepFailed("gradlew assembleRelease", f"no usable {metadata}: {exc!r}") from exc
    apk = outputs / str(name)
    if not apk.is_file() or not app_id:
        raise StepFailed("gradlew assembleRelease", f"{metadata} names {name}, which was not written")
    return apk
