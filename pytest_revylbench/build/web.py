"""The web builder: `expo export --platform web` into a static bundle."""

from __future__ import annotations

from pathlib import Path

from .process import StepFailed, run_step
from .sandbox import SandboxPolicy

STEP = "expo export (web)"
EXPORT_ENV = {"EXPO_OFFLINE": "1", "CI": "1", "EXPO_NO_TELEMETRY": "1"}
EXPO_BIN = "node_modules/.bin/expo"


def build_web(
    work: Path,
    *,
    node_modules: Path,
    log: Path,
    deadline: float,
    policy: SandboxPolicy | None = None,
) -> Path:
    """Export the project in `work` for the web and return the bundle folder.

    `work` is a private copy of the submission. The export runs the submission's code (its
    babel and metro configs, its modules at bundle time), so with a `policy` it runs
    sandboxed: no network, only `work` writable, the dependencies read-only.
    """
    node_modules = node_modules.resolve()  # the link must resolve inside the sandbox too
    link = work / "node_modules"
    if link.exists() or link.is_symlink():
        link.unlink()
    link.symlink_to(node_modules, target_is_directory=True)
    if not (work / EXPO_BIN).exists():
        raise StepFailed(STEP, f"the dependencies do not provide the expo command ({EXPO_BIN})")
    sandbox = None
    if policy is not None:
        sandbox = policy.for_build(work, read_only=(node_modules,))
        sandbox.prepare()
    # The local binary, not `npx`: npx falls back to asking the registry, and in a sandbox
    # without network that stalls for a minute of DNS retries before failing.
    run_step(
        STEP, [EXPO_BIN, "export", "--platform", "web", "--output-dir", "dist"],
        cwd=work, log=log, deadline=deadline, env=EXPORT_ENV, sandbox=sandbox,
    )
    bundle = work / "dist"
    if not (bundle / "index.html").is_file():
        raise StepFailed(STEP, "finished without writing dist/index.html")
    return bundle
