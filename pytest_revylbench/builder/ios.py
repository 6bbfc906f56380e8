"""The iOS builder: `expo prebuild -p ios`, `pod install`, then `xcodebuild` for the simulator.

Runs on macOS with Xcode and CocoaPods, unsandboxed (bubblewrap is Linux-only, and CocoaPods
fetches): a grade built here is not `trusted`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from pytest_revylbench.builder.process import StepFailed, run_step

EXPO_BIN = "node_modules/.bin/expo"
PREBUILD_ENV = {"CI": "1", "EXPO_NO_TELEMETRY": "1"}
# CocoaPods refuses to run in a non-UTF-8 locale, which a CI shell may well have.
POD_ENV = {"LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8", "COCOAPODS_DISABLE_STATS": "true"}
DERIVED_DATA = "build/ios"
SIMULATOR_SDK = "iphonesimulator"


def link_node_modules(work: Path, node_modules: Path) -> None:
    """Point `work/node_modules` at the cached install (shared with the Android builder)."""
    link = work / "node_modules"
    if link.exists() or link.is_symlink():
        link.unlink()
    link.symlink_to(node_modules.resolve(), target_is_directory=True)
    if not (work / EXPO_BIN).exists():
        raise StepFailed("expo prebuild", f"the dependencies do not provide the expo command ({EXPO_BIN})")


def expo_prebuild(work: Path, platform: str, *, log: Path, deadline: float) -> Path:
    """Generate the native project (`work/ios` or `work/android`) from the app's Expo config.

    `--clean` regenerates it even when the submission brought one; `--no-install` leaves
    CocoaPods to its own step, with its own line in the log.
    """
    run_step(
        f"expo prebuild ({platform})",
        [EXPO_BIN, "prebuild", "--platform", platform, "--no-install", "--clean"],
        cwd=work, log=log, deadline=deadline, env=PREBUILD_ENV,
    )
    native = work / platform
    if not native.is_dir():
        raise StepFailed(f"expo prebuild ({platform})", f"finished without writing {platform}/")
    return native


def build_ios(
    work: Path,
    *,
    node_modules: Path,
    log: Path,
    deadline: float,
    scheme: str | None = None,
    configuration: str = "Release",
    env: Mapping[str, str] | None = None,
) -> Path:
    """Build the project in `work` for the iOS simulator and return the `.app`.

    `scheme` defaults to the workspace's name, which prebuild derives from the app's name.
    """
    link_node_modules(work, node_modules)
    ios = expo_prebuild(work, "ios", log=log, deadline=deadline)
    run_step("pod install", ["pod", "install"], cwd=ios, log=log, deadline=deadline,
             env={**POD_ENV, **(env or {})})
    workspaces = sorted(ios.glob("*.xcworkspace"))
    if len(workspaces) != 1:
        found = ", ".join(w.name for w in workspaces) or "none"
        raise StepFailed("pod install", f"expected one ios/*.xcworkspace, found {found}")
    workspace = workspaces[0]
    scheme = scheme or workspace.stem
    run_step(
        "xcodebuild",
        ["xcodebuild", "-workspace", str(workspace.relative_to(work)), "-scheme", scheme,
         "-configuration", configuration, "-sdk", SIMULATOR_SDK,
         "-destination", "generic/platform=iOS Simulator", "-derivedDataPath", DERIVED_DATA,
         "CODE_SIGNING_ALLOWED=NO", "COMPILER_INDEX_STORE_ENABLE=NO", "build"],
        cwd=work, log=log, deadline=deadline, env=env,
    )
    products = work / DERIVED_DATA / "Build" / "Products" / f"{configuration}-{SIMULATOR_SDK}"
    apps = sorted(products.glob("*.app"))
    if len(apps) != 1 or not (apps[0] / "Info.plist").is_file():
        found = ", ".join(a.name for a in apps) or "none"
        raise StepFailed("xcodebuild", f"expected one .app with an Info.plist in {products}, found {found}")
    return apps[0]
