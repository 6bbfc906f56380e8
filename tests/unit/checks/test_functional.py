# ruff: noqa: RUF001  (the jest separator in item names)
"""Hidden jest files become items by their titles; jest's report becomes their verdicts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pytest_revylbench.checks.functional import (
    JestCase,
    SuiteFileError,
    parse_cases,
    verdict_of,
    verdicts,
)
from pytest_revylbench.checks.jest_config import jest_config

SOURCE = r'''
import { render } from "@testing-library/react-native";
import App from "../App";
// test("a commented test", () => {});
/* describe("a commented block", () => { test("x", () => {}); }); */
describe("settle-up", () => {
  test("three members need two transfers", async () => {
    expect(screen.getByText("test(")).toBeTruthy();
  });
  test('it\'s exact to the cent', () => {});
});
test("top level \u2713", () => { const s = `describe("no", () => {})`; });
'''


def write(tmp_path: Path, text: str, name: str = "balances.test.tsx") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_titles_are_read_statically_with_their_describe(tmp_path: Path) -> None:
    cases = parse_cases(write(tmp_path, SOURCE))
    assert [c.name for c in cases] == [
        "balances › settle-up › three members need two transfers",
        "balances › settle-up › it's exact to the cent",
        "balances › top level ✓",
    ]
    assert [c.line for c in cases] == [7, 10, 12]


@pytest.mark.parametrize(("text", "message"), [
    ('test.only("x", () => {});', "focused, skipped or table tests are not allowed"),
    ('test.each([1])("x %s", () => {});', "focused, skipped or table tests are not allowed"),
    ("test(`x ${1}`, () => {});", "must be a plain string literal"),
    ("const name = 'x'; test(name, () => {});", "must be a plain string literal"),
    ('test("x", () => {});\ntest("x", () => {});', "test names must be unique"),
])
def test_titles_the_grader_cannot_name_are_refused_with_file_and_line(
    tmp_path: Path, text: str, message: str
) -> None:
    with pytest.raises(SuiteFileError, match=message) as info:
        parse_cases(write(tmp_path, text))
    assert "balances.test.tsx" in str(info.value)


REPORT = {
    "testResults": [
        {"name": "/w/__hidden_tests__/balances.test.tsx", "status": "failed", "assertionResults": [
            {"ancestorTitles": ["settle-up"], "title": "three members need two transfers",
             "status": "passed", "failureMessages": []},
            {"ancestorTitles": ["settle-up"], "title": "it's exact to the cent", "status": "failed",
             "failureMessages": ["\x1b[31mError: expected $3.34\x1b[39m\n  at x"]},
        ]},
        {"name": "/w/__hidden_tests__/broken.test.tsx", "status": "failed", "assertionResults": [],
         "message": "Cannot find module '../App'"},
    ],
}


def test_jest_verdicts_map_to_items_and_a_file_that_did_not_run_fails_each_of_its_tests() -> None:
    found = verdicts(REPORT)
    passed = JestCase("balances.test.tsx", ("settle-up", "three members need two transfers"), 1)
    failed = JestCase("balances.test.tsx", ("settle-up", "it's exact to the cent"), 2)
    broken = JestCase("broken.test.tsx", ("renders",), 1)
    unreported = JestCase("balances.test.tsx", ("not in the report",), 3)
    assert verdict_of(passed, found).status == "passed"
    assert verdict_of(failed, found).status == "failed"
    assert verdict_of(failed, found).message.startswith("Error: expected $3.34")  # colours gone
    assert verdict_of(broken, found).message == "Cannot find module '../App'"
    assert verdict_of(unreported, found).status == "not_run"


def test_the_jest_configuration_is_the_grader_s_own(tmp_path: Path) -> None:
    config = json.loads(jest_config(tmp_path, reporter={"keyFd": 3, "channelFd": 4}))
    assert config["preset"] == "jest-expo"
    assert config["rootDir"] == str(tmp_path)
    assert config["setupFilesAfterEnv"] == ["<rootDir>/__hidden_tests__/revylbench-setup.js"]
    assert config["reporters"][1] == ["<rootDir>/__hidden_tests__/revylbench-reporter.js",
                                      {"keyFd": 3, "channelFd": 4}]
    # Test files run in workers, never in the recorder's process; jest's cache is never read back;
    # Babel never reads the submission's config.
    assert config["workerIdleMemoryLimit"] and config["maxWorkers"] == 1
    assert config["cache"] is False
    # A loaded bench must not fail a test at jest's 5 s default.
    assert config["testTimeout"] == 60_000
    # The grader's transformer (babel-jest behind the read-only transform store), with Babel
    # options of the grader's own.
    transformer, babel = config["transform"]["\\.[jt]sx?$"]
    assert transformer == "<rootDir>/__hidden_tests__/revylbench-transform.js"
    assert babel["store"] == "/tmp/revylbench/jest-store"
    assert babel["babelrc"] is False and babel["configFile"] is False
    denied = re.compile(next(iter(config["moduleNameMapper"])))
    assert all(denied.match(m) for m in ("child_process", "node:worker_threads", "inspector", "v8", "vm"))
    assert not any(denied.match(m) for m in ("fs", "path", "react-native", "child_process_x"))


@pytest.mark.parametrize(("message", "kept"), [
    ("expect(received).toBe(expected)", True),
    ("thrown: \"Exceeded timeout of 60000 ms for a test.\"", False),
])
def test_a_run_with_a_test_past_its_limit_is_not_kept_for_the_next_grade(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, message: str, kept: bool) -> None:
    from pytest_revylbench.checks import source
    from pytest_revylbench.checks.functional import JestVerdict

    def ran(**_: object) -> source.CheckRecord:
        step = source.StepVerdict(ok=False, seconds=1.0)
        return source.CheckRecord(typecheck=step, functional=step,
                                  tests={"t › x": JestVerdict("failed", message)})

    monkeypatch.setattr(source, "run_checks", ran)
    submission = tmp_path / "app"
    submission.mkdir()
    (submission / "App.tsx").write_text("export default 1;\n")
    test = tmp_path / "t.test.tsx"
    test.write_text("test('x', () => {});\n")
    cache = tmp_path / "cache"
    run = tmp_path / "run"
    run.mkdir()
    source.checks_for_grade(run, tmp_path / "work", submission=submission, tests=[test],
                            sandbox=False, cache_dir=cache)
    assert (run / source.RECORD).is_file()
    assert bool(list((cache / "checks").glob("*.json"))) is kept
