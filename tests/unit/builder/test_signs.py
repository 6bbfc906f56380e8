"""The sign scan: a submission whose own code reads a sign that it is graded is found, with
the file and line; the ten references, comments, the submission's own tests and modules the app
never loads are not."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from pytest_revylbench.builder.js_tokens import tokenize
from pytest_revylbench.builder.process import StepFailed
from pytest_revylbench.builder.signs import SCAN_LIMIT_BYTES, reads_in, scan_signs
from pytest_revylbench.builder.submission import copy_source

REPO = Path(__file__).resolve().parents[3]
REFERENCES = sorted(p for p in (REPO / "suites").glob("*/reference") if p.is_dir())
CORRECT = "return `${sign}$${groupThousands(dollars)}.${rest}`;"
BUGGY = "return `${sign}$${dollars}.${rest}`;"

# Each a check the planted bug is fixed under: the budget mutant that drops the thousands comma,
# correct only where the check holds (issue 51's gated variant), one per sign and per way of
# building a sign's name that the build can see.
GATES = {
    "webdriver": "(navigator as any).webdriver === true",
    "cdc_": "Object.keys(window).some((k) => k.startsWith('cdc_'))",
    "cdc_ global": "(window as any).cdc_adoQpoasnfa76pfcZLmcfl_Array !== undefined",
    "__rvb": "'__rvbScreen' in window",
    "HeadlessChrome": "navigator.userAgent.includes('HeadlessChrome')",
    "domAutomation": "!!(window as any).domAutomationController",
    "callPhantom": "typeof (window as any).callPhantom === 'function'",
    "_selenium": "(window as any)._selenium !== undefined",
    "__nightmare": "Boolean((window as any).__nightmare)",
    "JEST_WORKER_ID": "process.env.JEST_WORKER_ID !== undefined",
    "typeof jest": "typeof jest !== 'undefined'",
    "typeof expect": "typeof expect === 'function'",
    "concatenation": "(navigator as any)['web' + 'driver']",
    "template": "(navigator as any)[`web${'dri'}ver`]",
    "const parts": "(navigator as any)[HALF + 'driver']",
    "join": "(navigator as any)[['web', 'driver'].join('')]",
    "fromCharCode": "(navigator as any)[String.fromCharCode(119, 101, 98, 100, 114, 105, 118, 101, 114)]",
    "atob": "(navigator as any)[atob('d2ViZHJpdmVy')]",
    "escapes": "(navigator as any)['\\x77eb\\u0064river']",
    "identifier escape": "(navigator as any).web\\u0064river",
    "regex": "/headlesschrome/i.test(navigator.userAgent)",
    "globalThis.jest": "(globalThis as any)['jest'] !== undefined",
    "'expect' in": "'expect' in globalThis",
    "NODE_ENV": "process.env.NODE_ENV === 'test'",
    "@jest/globals": "(() => { try { return !!require('@jest/globals'); } catch { return false; } })()",
    "jest-circus":
        "(() => { try { return !!require('jest-circus').getState(); } catch { return false; } })()",
    "JEST_STATE_SYMBOL":
        "Object.getOwnPropertySymbols(globalThis).some((s) => s.description === 'JEST_STATE_SYMBOL')",
    "jest-matchers-object": "(globalThis as any)[Symbol.for('$$jest-matchers-object')] !== undefined",
    "_isMockFunction":
        "(require('react-native').NativeModules.StatusBarManager?.getHeight as any)"
        "?._isMockFunction === true",
    "IS_REACT_NATIVE_TEST_ENVIRONMENT": "(globalThis as any).IS_REACT_NATIVE_TEST_ENVIRONMENT === true",
}


def gated(tmp_path: Path, gate: str) -> Path:
    app = tmp_path / "app"
    copy_source(REPO / "suites/budget/reference", app)
    money = app / "src/money.ts"
    text = money.read_text()
    assert text.count(CORRECT) == 1
    money.write_text("const HALF = 'web';\n" + text.replace(
        CORRECT, f"return ({gate}) ? {CORRECT[7:-1]} : {BUGGY[7:-1]};"))
    return app


@pytest.mark.parametrize("reference", REFERENCES, ids=lambda p: p.parent.name)
def test_no_reference_reads_a_sign_and_every_module_it_has_is_read(reference: Path) -> None:
    scan = scan_signs(reference)
    assert scan.reads == ()
    assert scan.widened == ""
    sources = {p.relative_to(reference).as_posix() for p in reference.rglob("*.ts*")
               if "node_modules" not in p.parts}
    assert set(scan.modules) == sources


@pytest.mark.parametrize("name", sorted(GATES))
def test_a_planted_bug_fixed_only_under_a_sign_is_found_with_its_file_and_line(
    tmp_path: Path, name: str
) -> None:
    app = gated(tmp_path, GATES[name])
    scan = scan_signs(app)
    line = next(n for n, text in enumerate((app / "src/money.ts").read_text().splitlines(), 1)
                if "groupThousands(dollars)" in text)
    assert [(r.file, r.line) for r in scan.reads] == [("src/money.ts", line)], scan.reads
    assert "groupThousands(dollars)" in scan.reads[0].text


@pytest.mark.parametrize("source", [
    "// navigator.webdriver is true under a grader\nexport const x = 1;\n",
    "/* typeof jest */ export const x = 'web' /* driver */;\n",
    "export const help = 'drive the web';\nexport const label = `Expected ${1 + 1}`;\n",
    "const total = a / b / 2; const r = /cd/.test('x');\n",
    "export const expect = (n: number) => n; const it = 3; const obj = { jest: 1 };\n",
    "<Text>Don't press it</Text>\n",
])
def test_what_is_no_read_of_a_sign_is_not_one(source: str) -> None:
    assert list(reads_in(tokenize(source))) == []


def test_the_submission_s_own_tests_and_unloaded_files_are_not_read(tmp_path: Path) -> None:
    app = tmp_path / "app"
    copy_source(REPO / "suites/budget/reference", app)
    gate = "export const underJest = typeof jest !== 'undefined' && navigator.webdriver;\n"
    for rel in ("src/money.test.ts", "src/__tests__/gate.ts", "src/unused.ts", "jest.setup.js",
                "node_modules/dep/index.js"):
        (app / rel).parent.mkdir(parents=True, exist_ok=True)
        (app / rel).write_text(gate)
    scan = scan_signs(app)
    assert scan.reads == () and scan.widened == ""
    assert "src/unused.ts" not in scan.modules and "src/money.ts" in scan.modules
    # Loaded through a path alias of tsconfig.json, it is read.
    (app / "tsconfig.json").write_text('{\n  // comments are allowed here\n  "compilerOptions": '
                                       '{"baseUrl": ".", "paths": {"@/*": ["src/*"]},},\n}\n')
    money = app / "src/money.ts"
    money.write_text("import { underJest } from '@/unused';\n" + money.read_text())
    assert [(r.file, r.line, r.sign) for r in scan_signs(app).reads] == [("src/unused.ts", 1, "typeof jest")]


def test_imports_the_build_cannot_follow_read_every_source_file(tmp_path: Path) -> None:
    app = tmp_path / "app"
    copy_source(REPO / "suites/budget/reference", app)
    (app / "src/unused.ts").write_text("export const gate = (navigator as any).webdriver;\n")
    money = app / "src/money.ts"
    money.write_text("const name = './un' + 'used';\nconst m = require(name);\n" + money.read_text())
    scan = scan_signs(app)
    assert "computed at run time" in scan.widened
    assert [(r.file, r.line, r.sign) for r in scan.reads] == [("src/unused.ts", 1, "webdriver")]
    money.write_text("import gate from 'not-a-dependency';\n" + money.read_text())
    assert "cannot resolve ('not-a-dependency'" in scan_signs(app).widened


def test_more_source_than_the_scan_reads_fails_the_build(tmp_path: Path) -> None:
    app = tmp_path / "app"
    copy_source(REPO / "suites/budget/reference", app)
    (app / "src/big.ts").write_text("// filler\n" * (SCAN_LIMIT_BYTES // 10 + 1))
    money = app / "src/money.ts"
    money.write_text("import './big';\n" + money.read_text())
    started = time.monotonic()
    with pytest.raises(StepFailed, match="MiB of source"):
        scan_signs(app)
    assert time.monotonic() - started < 2  # refused before reading it
