"""What of a submission runs as code in `expo export`: the grader's list against the pinned
loaders themselves, and whose an export stopped at the time limit is, in real sandboxed builds.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from pytest_revylbench.builder import export_code
from pytest_revylbench.builder.deps import cached_node_modules
from pytest_revylbench.builder.pipeline import build_submission, sandbox_policy
from pytest_revylbench.builder.sandbox import build_uid, processes_of, sandbox_problem
from pytest_revylbench.builder.submission import copy_source
from pytest_revylbench.records.build import BuildResult
from pytest_revylbench.records.vocabulary import Fault

from .conftest import REPO

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason=f"no sandbox: {sandbox_problem()}")

CACHE = Path(os.environ.get("REVYLBENCH_CACHE") or Path.home() / ".cache" / "revylbench")
SCAFFOLD = REPO / "tasks" / "scaffold"
BLOCKS_FOREVER = ("Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);\n"
                  "module.exports = {};\n")


@pytest.fixture(scope="module")
def node_modules(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scaffold's dependencies as every build gets them (the lockfile's cache entry)."""
    log = tmp_path_factory.mktemp("deps") / "install.log"
    policy = sandbox_policy(True, cache_dir=CACHE, log=log)
    found, _ = cached_node_modules(SCAFFOLD, CACHE, log=log, deadline=time.monotonic() + 900,
                                   policy=policy)
    return found


def strings(source: str, name: str) -> list[str]:
    """The string items of the array literal a loader assigns to `name`."""
    found = re.search(rf"\b{name}\s*=\s*(?:exports\.{name}\s*=\s*)?\[([^\]]*)\]", source)
    assert found, f"{name} not found: the loader changed, read it again"
    return re.findall(r"""["']([^"']+)["']""", found.group(1))


def loader(node_modules: Path, *candidates: str) -> str:
    for relative in candidates:
        if (node_modules / relative).is_file():
            return (node_modules / relative).read_text()
    raise AssertionError(f"none of {candidates} in the scaffold's dependencies")


def test_every_file_the_pinned_loaders_name_is_code_of_the_submission(node_modules: Path) -> None:
    babel = loader(node_modules, "@babel/core/lib/config/files/configuration.js")
    expo_babel = loader(node_modules, "expo/node_modules/@expo/metro-config/build/loadBabelConfig.js",
                        "@expo/metro-config/build/loadBabelConfig.js")
    metro = loader(node_modules, "metro-config/src/loadConfig.js")
    expo_config = loader(node_modules, "@expo/config/build/Config.js")
    postcss = loader(node_modules,
                     "expo/node_modules/@expo/metro-config/build/transform-worker/postcss.js",
                     "@expo/metro-config/build/transform-worker/postcss.js")
    postcss_exts = re.search(r"for \(const ext of \[([^\]]*)\]\)", postcss)
    assert postcss_exts, "postcss.js's config search changed, read it again"
    named = {
        *strings(babel, "ROOT_CONFIG_FILENAMES"), *strings(babel, "RELATIVE_CONFIG_FILENAMES"),
        *strings(expo_babel, "BABEL_CONFIG_NAMES"),
        *(f"{stem}{ext}" for stem in ("metro.config", ".config/metro")
          for ext in strings(metro, "SEARCH_JS_EXTS") + strings(metro, "SEARCH_TS_EXTS")),
        *(f"app.config{ext}" for ext in strings(expo_config, "DYNAMIC_CONFIG_EXTS")),
        *(f"postcss.config{ext}" for ext in (
            *re.findall(r"'([^']+)'", postcss_exts.group(1)), ".json")),
    }
    assert 'path.join(".config", "metro")' in metro and '"metro.config"' in metro
    assert "'./app.config'" in expo_config and "CONFIG_FILE_NAME = 'postcss.config'" in postcss
    assert sorted(named - set(export_code.CONFIG_FILES)) == []
    # The package.json keys each loader reads as a config.
    assert "file.options.babel" in babel and "babel" in export_code.PACKAGE_KEYS
    assert 'PACKAGE_JSON_PROP_NAME = "metro"' in metro and "metro" in export_code.PACKAGE_KEYS
    static = re.findall(r"resolveFrom\)\(projectRoot, '\./(app(?:\.config)?\.json)'\)", expo_config)
    assert tuple(static) == export_code.EXPO_CONFIGS


def submission_with(tmp_path: Path, files: dict[str, str]) -> Path:
    submission = tmp_path / "submission"
    copy_source(SCAFFOLD, submission)
    for name, text in files.items():
        (submission / name).write_text(text)
    return submission


def build(tmp_path: Path, submission: Path, timeout_s: float) -> tuple[BuildResult, float]:
    started = time.monotonic()
    built = build_submission(
        submission, "web", work=tmp_path / "work", cache_dir=CACHE,
        log=tmp_path / "run" / "build.log", log_name="build.log", timeout_s=timeout_s,
        sandbox=True, hidden=(tmp_path / "run",),
    )
    assert built.sandboxed
    return built.result, time.monotonic() - started


def test_a_babel_config_that_blocks_forever_is_charged_to_the_submission(
    tmp_path: Path, node_modules: Path,
) -> None:
    """Before, it ended `timeout` (the bench's): refunded, after the whole build limit."""
    result, seconds = build(tmp_path, submission_with(tmp_path, {"babel.config.js": BLOCKS_FOREVER}),
                            timeout_s=40)
    assert result.fault is Fault.BUILD_FAILED, result
    assert result.diagnosis is not None
    assert (result.diagnosis.party, result.diagnosis.code) == ("agent", "timeout")
    assert result.diagnosis.rule.startswith("the export ran the submission's babel.config.js")
    assert re.match(r"the export had \d+ s of the build's 40 s limit; ", result.diagnosis.evidence)
    assert 40 <= seconds < 55
    uid = build_uid()
    assert uid is None or processes_of(uid) == []


def test_a_timeout_with_no_code_of_the_submission_running_stays_the_bench_s(
    tmp_path: Path, node_modules: Path,
) -> None:
    submission = submission_with(tmp_path, {})
    assert export_code.code_run_by_export(submission) == []
    # A limit no export meets, even warm (about 2-3 s with the lockfile's Metro store): 4 s
    # was met once the store was warm and the host idle.
    result, _ = build(tmp_path, submission, timeout_s=1.5)
    assert result.fault is Fault.TIMEOUT, result
    assert result.diagnosis is not None
    assert (result.diagnosis.party, result.diagnosis.code) == ("bench", "timeout")
    assert "no code of the submission running in the export" in result.diagnosis.rule
    assert re.match(r"the export had \d s of the build's 2 s limit; ", result.diagnosis.evidence), \
        result.diagnosis.evidence


def test_the_list_is_read_before_the_export_runs(tmp_path: Path, node_modules: Path) -> None:
    """A config that removes itself, then blocks, is still the submission's."""
    hides = ("require('fs').rmSync(__filename);\n" + BLOCKS_FOREVER)
    result, _ = build(tmp_path, submission_with(tmp_path, {".babelrc.cjs": hides}), timeout_s=40)
    assert result.fault is Fault.BUILD_FAILED, result
    assert result.diagnosis is not None and ".babelrc.cjs" in result.diagnosis.rule
