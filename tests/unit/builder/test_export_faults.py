"""Whose failure a failed `expo export` is: the submission's compile error or the tools' crash.

The outputs are what `expo export --platform web` (Expo SDK 56, Metro) printed in the
sandbox for broken submissions on this machine, with the build folder renamed to /w.
"""

# ruff: noqa: E501  (the tools' output is kept verbatim, long lines included)

from __future__ import annotations

import json
from pathlib import Path

from pytest_revylbench.builder.export_code import code_run_by_export
from pytest_revylbench.builder.export_faults import CANNOT_TELL, diagnose_export, diagnose_timeout

STEP = "expo export (web)"
DEPS = "/root/.cache/revylbench/deps/925a7feb66e001c6/node_modules"

SYNTAX = """\
$ node_modules/.bin/expo export --platform web --output-dir dist    # expo export (web), sandboxed in /w
Starting Metro Bundler

Web Bundling failed 93621ms index.ts (143 modules)

SyntaxError: Error: /w/App.tsx: Unexpected token (22:10)

\x1b[0m \x1b[90m 20 |\x1b[39m })\x1b[33m;\x1b[39m
\x1b[31m\x1b[1m>\x1b[22m\x1b[39m\x1b[90m 22 |\x1b[39m \x1b[36mconst\x1b[39m x \x1b[33m=\x1b[39m \x1b[33m;\x1b[39m
"""
CONFIG_THROWS = f"""\
Starting Metro Bundler

Failed to construct transformer:  Error: my config broke
    at module.exports (/w/babel.config.js:1:40)
    at loadPartialConfigSync ({DEPS}/@babel/core/lib/config/index.js:37:84)
    at new Transformer ({DEPS}/metro/src/DeltaBundler/Transformer.js:40:43)
Web Bundling failed 31ms index.ts (1 module)

TypeError: Cannot read properties of undefined (reading 'transformFile')
"""
OUT_OF_MEMORY = """\
Starting Metro Bundler
<--- Last few GCs --->

[2:0x16f73d50]    34075 ms: Mark-Compact (reduce) 1540.2 (1543.5) -> 1540.2 (1543.5) MB, 1372.48 / 0.00 ms  allocation failure; scavenge might not succeed

FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory
----- Native stack trace -----
 1: 0xb78db3 node::OOMErrorHandler(char const*, v8::OOMDetails const&) [node]
"""
METRO_CRASH = f"""\
Starting Metro Bundler
TypeError: Cannot read properties of undefined (reading 'get')
    at DependencyGraph.getOrComputeSha1 ({DEPS}/metro/src/node-haste/DependencyGraph.js:212:30)
    at Transformer.transformFile ({DEPS}/metro/src/DeltaBundler/Transformer.js:81:34)
"""
WORKER_CRASH = """\
Starting Metro Bundler
Error: Jest worker encountered 4 child process exceptions, exceeding retry limit
"""


def test_an_error_naming_a_file_of_the_submission_is_its_compile_error(tmp_path: Path) -> None:
    diagnosis = diagnose_export(SYNTAX, step=STEP, exit_code=1, work=Path("/w"))
    assert (diagnosis.party, diagnosis.code) == ("agent", "exit 1")
    assert diagnosis.evidence == "SyntaxError: Error: /w/App.tsx: Unexpected token (22:10)"
    thrown = diagnose_export(CONFIG_THROWS, step=STEP, exit_code=1, work=Path("/w"))
    assert thrown.party == "agent"
    assert thrown.evidence == ("Failed to construct transformer:  Error: my config broke\n"
                               "at module.exports (/w/babel.config.js:1:40)")
    resolve = diagnose_export(
        "Unable to resolve module left-pad from /w/src/App.tsx: left-pad could not be found\n",
        step=STEP, exit_code=1, work=Path("/w"))
    assert resolve.party == "agent"


def test_the_dependencies_and_the_build_s_own_folders_are_not_the_submission_s_files() -> None:
    output = ("TypeError: x is not a function\n"
              "    at f (/w/node_modules/metro/src/a.js:1:1)\n"
              "    at g (/w/.revylbench-tmp/metro-cache/b.js:2:2)\n")
    assert diagnose_export(output, step=STEP, exit_code=1, work=Path("/w")).party == "bench"


def test_metro_crashing_in_its_own_code_is_the_bench_s_unless_the_submission_configures_it(
    tmp_path: Path,
) -> None:
    crash = diagnose_export(METRO_CRASH, step=STEP, exit_code=1, work=tmp_path)
    assert (crash.party, crash.evidence) == (
        "bench", "TypeError: Cannot read properties of undefined (reading 'get')")
    assert "naming no file of the submission" in crash.rule
    worker = diagnose_export(WORKER_CRASH, step=STEP, exit_code=1, work=tmp_path)
    assert worker.party == "bench"
    (tmp_path / "metro.config.js").write_text("module.exports = {};\n")
    configured = diagnose_export(METRO_CRASH, step=STEP, exit_code=1, work=tmp_path)
    assert configured.party == "agent"
    assert configured.rule == (
        CANNOT_TELL + ": it looks like the tools' crash (the bundler crashed inside its own code, "
        "naming no file of the submission), but the submission's metro.config.js runs in the export")


def test_out_of_memory_a_signal_a_full_disk_and_the_sandbox_are_the_bench_s(tmp_path: Path) -> None:
    memory = diagnose_export(OUT_OF_MEMORY, step=STEP, exit_code=134, work=tmp_path)
    assert (memory.party, memory.code) == ("bench", "ENOMEM")
    assert memory.evidence == "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory"
    killed = diagnose_export("Starting Metro Bundler\n", step=STEP, exit_code=137, work=tmp_path)
    assert (killed.party, killed.code) == ("bench", "SIGKILL")
    assert diagnose_export("", step=STEP, exit_code=-11, work=tmp_path).code == "SIGSEGV"
    disk = diagnose_export("Error: ENOSPC: no space left on device, write\n", step=STEP,
                           exit_code=1, work=tmp_path)
    assert (disk.party, disk.code) == ("bench", "ENOSPC")
    bwrap = diagnose_export("bwrap: Creating new namespace failed: No space left\n", step=STEP,
                            exit_code=1, work=tmp_path)
    assert (bwrap.party, bwrap.code) == ("bench", "sandbox")
    # Printed later, by whatever runs in the export, it is not the sandbox's own failure.
    later = diagnose_export("Starting Metro Bundler\nbwrap: oh no\n", step=STEP, exit_code=1,
                            work=tmp_path)
    assert later.party == "agent"


def test_a_crash_the_submission_s_own_code_could_have_caused_cannot_be_told(tmp_path: Path) -> None:
    """Its babel config runs in the export: it can run out of memory, or kill itself, on purpose."""
    (tmp_path / "babel.config.js").write_text("module.exports = {};\n")
    for output, status in ((OUT_OF_MEMORY, 134), ("Starting Metro Bundler\n", 137)):
        diagnosis = diagnose_export(output, step=STEP, exit_code=status, work=tmp_path)
        assert diagnosis.party == "agent"
        assert diagnosis.rule.startswith(CANNOT_TELL + ": it looks like the tools' crash")
        assert diagnosis.rule.endswith("but the submission's babel.config.js runs in the export")


def test_what_runs_in_the_export_besides_the_modules(tmp_path: Path) -> None:
    assert code_run_by_export(tmp_path) == []
    (tmp_path / "app.json").write_text(json.dumps({"expo": {
        "plugins": ["expo-router", ["./plugins/withThing.js", {"x": 1}]], "web": {"output": "static"}}}))
    (tmp_path / "metro.config.js").write_text("module.exports = {};\n")
    assert code_run_by_export(tmp_path) == [
        "app.json plugin ./plugins/withThing.js",
        "app.json web.output 'static' (renders the app at export)",
        "metro.config.js",
    ]
    (tmp_path / "app.json").write_text("[not an object")
    assert code_run_by_export(tmp_path) == ["metro.config.js"]


def test_a_file_at_the_output_limit_is_the_submission_s(tmp_path: Path) -> None:
    assert diagnose_export("", step=STEP, exit_code=153, work=tmp_path).party == "agent"


def test_what_cannot_be_told_is_charged_to_the_submission_and_says_so(tmp_path: Path) -> None:
    (tmp_path / "babel.config.js").write_text("process.exit(3);\n")
    diagnosis = diagnose_export("Starting Metro Bundler\n", step=STEP, exit_code=3, work=tmp_path)
    assert diagnosis.party == "agent"
    assert diagnosis.rule.startswith(CANNOT_TELL)
    assert diagnosis.rule.endswith("the submission's babel.config.js runs in the export")


def test_every_config_the_loaders_read_counts_as_code_of_the_submission(tmp_path: Path) -> None:
    """Each was missed by the hand-kept list: a `.babelrc.cjs` that SIGKILLed the export was
    diagnosed "killed by a signal", the bench's, and refunded."""
    for name in (".babelrc.cjs", ".babelrc.mjs", ".babelrc.cts", "babel.config.ts",
                 "babel.config.cts", "babel.config.mts", "metro.config.cts", ".config/metro.js",
                 "app.config.mjs", "app.config.cts", "postcss.config.js"):
        project = tmp_path / name.replace("/", "_")
        (project / name).parent.mkdir(parents=True)
        (project / name).write_text("module.exports = {};\n")
        assert code_run_by_export(project) == [name]
        killed = diagnose_export("Starting Metro Bundler\n", step=STEP, exit_code=137, work=project)
        assert (killed.party, killed.code) == ("agent", "SIGKILL"), name
    keyed = tmp_path / "keyed"
    keyed.mkdir()
    (keyed / "package.json").write_text(json.dumps({"babel": {"plugins": ["./p.js"]}, "metro": {}}))
    assert code_run_by_export(keyed) == ["package.json 'babel' key", "package.json 'metro' key"]
    (keyed / "app.config.json").write_text(json.dumps({"expo": {"plugins": ["/abs/plugin.js"]}}))
    (keyed / "app.json").write_text(json.dumps({"expo": {"plugins": ["./unread.js"]}}))
    assert "app.config.json plugin /abs/plugin.js" in code_run_by_export(keyed)
    assert not any("unread" in found for found in code_run_by_export(keyed))


def test_a_timeout_is_the_submission_s_when_its_code_ran_with_its_share_of_the_time() -> None:
    output = "$ expo export\nStarting Metro Bundler\n[revylbench] expo export killed\n"
    hung = diagnose_timeout(output, step=STEP, own_code=["babel.config.js"], given_s=590,
                            limit_s=600)
    assert (hung.party, hung.code) == ("agent", "timeout")
    assert hung.rule.startswith("the export ran the submission's babel.config.js and did not finish")
    assert hung.evidence == ("the export had 590 s of the build's 600 s limit; its last line: "
                             "Starting Metro Bundler")
    starved = diagnose_timeout(output, step=STEP, own_code=["babel.config.js"], given_s=200,
                               limit_s=600)
    assert starved.party == "bench"
    assert "left it less than 50% of the limit" in starved.rule
    clean = diagnose_timeout("", step=STEP, own_code=[], given_s=600, limit_s=600)
    assert (clean.party, clean.code) == ("bench", "timeout")
    assert "no code of the submission running in the export" in clean.rule
    assert clean.evidence == "the export had 600 s of the build's 600 s limit; it printed nothing"
