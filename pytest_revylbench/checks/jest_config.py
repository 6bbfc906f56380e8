"""The grader's own jest run: its configuration, its files and the workers' Node options.

The submission's jest configuration and Babel config are never read. The run sees its work
copy at a fixed path (`sandbox.FIXED_WORK`) when sandboxed, so that a transform made by the
seed run (`jest_store`) has the key a grade would compute for the same file.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from pytest_revylbench.builder.sandbox import FIXED_WORK, SCRATCH_NAME
from pytest_revylbench.checks.functional import SUFFIX

JEST_FILES = Path(__file__).resolve().parent / "jest"
"""The grader's own jest files: the recorder, the test environment that witnesses each test
and freezes the test realm, the setup that freezes the test API, the module that denied Node
modules resolve to, the transformer that reads the transform store."""
JEST_TOOLS = Path(__file__).resolve().parents[2] / ".revylbench" / "jest" / "node_modules"
"""The grader's own npm packages for the jest run (`.ci/jest`, installed by `.ci/setup`)."""
SES_BUNDLE = JEST_TOOLS / "ses" / "dist" / "ses.umd.min.js"
"""ses's `lockdown()`, evaluated in the test realm by `jest/environment.js`."""
HIDDEN_FOLDER = "__hidden_tests__"
JEST_CACHE = ".jest-cache"
WITNESS_ENV = "REVYLBENCH_WITNESS_FDS"
"""`<key fd>,<ledger fd>` for the test environment's witness (`jest/environment.js`), which
reads and removes it before any test file loads. Not in the jest configuration: that is part
of every transform's key, which must match the seed run's."""
INNER_STORE = FIXED_WORK.parent / "jest-store"
"""Where a sandboxed jest run sees the lockfile's transform store (read-only in a grade)."""
TEST_TIMEOUT_MS = 60_000
"""Each hidden jest test's own limit (a suite's `jest.setTimeout` may raise it)."""
DENIED_MODULES = ("child_process", "cluster", "dgram", "dns", "http", "http2", "https",
                  "inspector", "net", "repl", "tls", "trace_events", "v8", "vm", "worker_threads")
"""Node modules a component test never needs: code under jest gets `jest/denied.js` instead."""


def install_grader_files(work: Path, tests: list[Path]) -> Path:
    """The hidden folder of `work`, made afresh with `tests` and the grader's jest files."""
    folder = work / HIDDEN_FOLDER
    shutil.rmtree(folder, ignore_errors=True)  # a submission's own folder of that name goes
    folder.mkdir()
    for test in tests:
        shutil.copy2(test, folder / test.name)
    for script in sorted(JEST_FILES.glob("*.js")):
        shutil.copy2(script, folder / f"revylbench-{script.name}")
    if not SES_BUNDLE.is_file():
        raise OSError(f"the grader's jest tools are not installed ({SES_BUNDLE} is missing): "
                      "run .ci/setup")
    shutil.copy2(SES_BUNDLE, folder / "revylbench-ses.js")
    return folder


def jest_config(work: Path, *, node_modules: Path | None = None,
                reporter: dict[str, object] | None = None) -> str:
    """The grader's own jest configuration, for a run that sees its project at `work`.

    Every test file runs in a worker process (`workerIdleMemoryLimit` keeps jest from running
    them in its own process, where the recorder lives); jest's own transform cache is never
    read back (the run can write it): transforms come from the read-only store instead (see
    `jest/transform.js`); Babel uses the grader's options, not the submission's
    `babel.config.js`; Node modules a component test never needs resolve to `denied.js`.
    `reporter` None: jest's default reporter alone (the seed run, which records nothing).
    """
    hidden = f"<rootDir>/{HIDDEN_FOLDER}"
    preset = str((node_modules or work / "node_modules") / "expo" / "internal" / "babel-preset.js")
    reporters: list[object] = ["default"]
    if reporter is not None:
        reporters.append([f"{hidden}/revylbench-reporter.js", reporter])
    return json.dumps({
        "preset": "jest-expo", "rootDir": str(work), "roots": [hidden],
        "testEnvironment": f"{hidden}/revylbench-environment.js",
        "testMatch": [f"{hidden}/*{SUFFIX}"],
        "setupFilesAfterEnv": [f"{hidden}/revylbench-setup.js"],
        "reporters": reporters,
        "moduleNameMapper": {f"^(node:)?({'|'.join(DENIED_MODULES)})$": f"{hidden}/revylbench-denied.js"},
        "transform": {"\\.[jt]sx?$": [f"{hidden}/revylbench-transform.js", {
            "store": str(INNER_STORE),
            "root": str(work), "babelrc": False, "configFile": False, "presets": [preset],
            "caller": {"name": "metro", "bundler": "metro", "platform": "ios"}}]},
        "cache": False, "cacheDirectory": f"<rootDir>/{JEST_CACHE}", "watchman": False,
        "maxWorkers": 1, "workerIdleMemoryLimit": "1GB",
        # jest's 5 s default per test is the bench's load as often as the app's: a test that
        # hangs still fails at this limit, and the whole run at --functional-timeout.
        "testTimeout": TEST_TIMEOUT_MS,
    })


def worker_node_options(work: Path, node_modules: Path) -> str:
    """NODE_OPTIONS the recorder gives jest's test workers: Node's permission model (no child
    processes, threads, inspector or addons), reading only the work copy, the dependencies and
    the transform store (so not /proc: no other process's memory, descriptors or environment),
    writing only scratch space the grader never reads back."""
    options = ["--experimental-permission",
               *(f"--allow-fs-read={p}" for p in (work, node_modules, INNER_STORE)),
               *(f"--allow-fs-write={work / p}" for p in (JEST_CACHE, SCRATCH_NAME)),
               "--no-warnings"]
    # Not --disallow-code-generation-from-strings: jest's own worker code needs `new Function`.
    # NODE_OPTIONS knows double quotes only (with backslash escapes).
    return " ".join('"' + o.replace("\\", "\\\\").replace('"', '\\"') + '"' for o in options)
