"""The web builder: `expo export --platform web` into a static bundle."""

from __future__ import annotations

from pathlib import Path

from .process import StepFailed, run_step

EXPORT_ENV = {"EXPO_OFFLINE": "1", "CI": "1", "EXPO_NO_TELEMETRY": "1"}


def build_web(work: Path, *, node_modules: Path, log: Path, deadline: float) -> Path:
    """Export the project in `work` for the web and return the bundle folder.

    `work` is a private copy of the submission: everything it runs (the bundler, its config,
    the app's code) sees only that folder and its dependencies, so a sandbox can wrap this
    one call.
    """
    link = work / "node_modules"
    if link.exists() or link.is_symlink():
        link.unlink()
    link.symlink_to(node_modules, target_is_directory=True)
    run_step(
        "expo export (web)",
        ["npx", "--no-install", "expo", "export", "--platform", "web", "--output-dir", "dist"],
        cwd=work, log=log, deadline=deadline, env=EXPORT_ENV,
    )
    bundle = work / "dist"
    if not (bundle / "index.html").is_file():
        raise StepFailed("expo export (web)", "finished without writing dist/index.html")
    return bundle
