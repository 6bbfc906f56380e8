"""The bar every task must meet (issue 21, "What every new task must have"), checked statically:
what `revylbench validate` says is still missing, each gap naming the file and what is expected.

Nothing here grades: the checks the reference records are read from a stability certificate
when it records them, else reported as not checked.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pytest_revylbench.checks.functional import SUFFIX, SuiteFileError, parse_cases
from pytest_revylbench.records.certificate import Certificate
from pytest_revylbench.records.vocabulary import Tier
from pytest_revylbench.tasks.certificate import (
    FIX,
    certificate_path,
    certificate_problems,
    read_certificate,
)
from pytest_revylbench.tasks.derivation import (
    DerivationError,
    derivation_path,
    derived_values,
    disagreements,
)
from pytest_revylbench.tasks.design import design_faults, oracle_folder
from pytest_revylbench.tasks.items import tier_item_names
from pytest_revylbench.tasks.loading import Task
from pytest_revylbench.tasks.mutants import Mutant, list_mutants
from pytest_revylbench.tasks.skeleton import PLACEHOLDER
from pytest_revylbench.tasks.specstrings import unfounded_strings
from pytest_revylbench.tasks.transcript import suite_markers

STAGE_TESTS = 3
JOURNEY_TESTS = 1
VISUAL_CHECKPOINTS = 3
MIN_COMPONENT_TESTS = 8
MIN_MUTANTS = 10
MIN_COMPONENT_ONLY_MUTANTS = 3
MIN_REFERENCE_CHECKS = 80
CHECK_CALLS = frozenset({"see", "not_see", "see_in_order"})
"""The App calls that record a check (README "Writing a suite")."""
PRESSABLES = frozenset({"Pressable", "TouchableOpacity", "TouchableHighlight",
                        "TouchableWithoutFeedback", "Button"})
SCROLLERS = frozenset({"ScrollView", "FlatList", "SectionList"})
_TAG = re.compile(r"<(/?)([A-Z][A-Za-z0-9_.]*)\b")


@dataclass(frozen=True)
class Gap:
    """One thing the task lacks: the file it concerns and what is expected there."""

    file: Path | None
    """None when `expected` names its files itself."""
    expected: str

    def __str__(self) -> str:
        return f"{self.file}: {self.expected}" if self.file is not None else self.expected


@dataclass(frozen=True)
class BarReport:
    gaps: list[Gap]
    notes: list[str]
    """What could not be checked statically, and why."""


def bar_report(task: Task, environment: dict[str, str]) -> BarReport:
    """Every gap between `task` and the bar; `environment` decides whether its certificate is
    current (`tasks/certificate.py`)."""
    gaps: list[Gap] = []
    notes: list[str] = []
    oracle = oracle_folder(task) / "oracle.json"
    if not oracle.is_file():
        gaps.append(Gap(oracle, f"the visual oracle and, from it, the design images in "
                        f"{task.folder / 'design'} (`revylbench oracle --task {task.spec.id}`)"))
    faults = design_faults(task) if oracle.is_file() else []
    if faults:
        gaps.append(Gap(None, "its design images are not the web oracle's: "
                        + "; ".join(faults)))
    gaps += _spec_gaps(task)
    gaps += _placeholder_gaps(task)
    gaps += _suite_gaps(task)
    cases, functional_gaps = _component_tests(task)
    gaps += functional_gaps
    gaps += _mutant_gaps(task, cases)
    gaps += _reference_gaps(task)
    problems = certificate_problems(task, environment)
    gaps += [Gap(certificate_path(task), f"{problem}; make it with `{FIX.format(task=task.spec.id)}`")
             for problem in problems]
    certificate = None if problems else read_certificate(task)
    gaps += _twin_gaps(task, certificate)
    checks_gap, checks_note = _reference_checks(task, certificate)
    gaps += checks_gap
    notes += checks_note
    derivation_gap, derivation_note = _derivation_gaps(task)
    gaps += derivation_gap
    notes += derivation_note
    return BarReport(gaps, notes)


def _derivation_gaps(task: Task) -> tuple[list[Gap], list[str]]:
    """The independent derivation exists, runs, and derives every computed string the suite
    expects (`tasks/derivation.py`); values it derives that no test asserts are a note."""
    script = derivation_path(task)
    if not script.is_file():
        return [Gap(script, "an independent derivation: a standalone script (stdlib only, no code "
                    "of the reference) printing as one JSON object every derived string the "
                    "suite asserts, computed from the public seed data and rules "
                    "(suites/shop/derive.py)")], []
    try:
        values = derived_values(task)
    except DerivationError as exc:
        return [Gap(script, f"a derivation that runs: {exc}")], []
    try:
        found = disagreements(task, values)
    except SyntaxError:
        return [], []  # a suite that does not parse is named by _suite_gaps
    underived = [d for d in found if d.what == "underived"]
    unasserted = [d for d in found if d.what == "unasserted"]
    gaps = [Gap(script, f"every computed string the suite expects derived; {len(underived)} not: "
                + "; ".join(map(str, underived[:5])))] if underived else []
    notes = [f"{script}: {len(unasserted)} derived values no test asserts (dead derivations), "
             f"e.g. {unasserted[0]}"] if unasserted else []
    return gaps, notes


def _spec_gaps(task: Task) -> list[Gap]:
    toml = task.folder / "task.toml"
    spec = task.spec
    gaps = []
    missing = [str(t) for t in Tier if t not in spec.tiers]
    if missing:
        gaps.append(Gap(toml, f"all five tiers in `tiers`; missing {', '.join(missing)}"))
    if spec.contract is None or not spec.contract.screens:
        gaps.append(Gap(toml, "contract screens ([[contract.screens]])"))
    if spec.contract is None or spec.contract.tabs is None:
        gaps.append(Gap(toml, "contract tabs ([contract.tabs])"))
    visual = spec.scoring.visual
    count = len(visual.checkpoints) if visual is not None else 0
    if count < VISUAL_CHECKPOINTS:
        gaps.append(Gap(toml, f"{VISUAL_CHECKPOINTS} visual checkpoints "
                        f"([[scoring.visual.checkpoints]]), found {count}"))
    return gaps


def _placeholder_gaps(task: Task) -> list[Gap]:
    files = [*task.instruction_files, task.folder / "task.toml",
             *sorted(task.suite.glob("test_*.py")), *sorted((task.suite / "functional").glob(f"*{SUFFIX}"))]
    gaps = []
    for file in files:
        if not file.is_file():
            continue
        lines = [n for n, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1)
                 if PLACEHOLDER.search(line)]
        if lines:
            gaps.append(Gap(file, f"skeleton placeholders still present (TODO / todo-…) on "
                            f"line{'s' if len(lines) > 1 else ''} {_lines(lines)}"))
    return gaps


def _lines(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:12]))
    return shown + (f" and {len(numbers) - 12} more" if len(numbers) > 12 else "")


@dataclass(frozen=True)
class _SuiteTest:
    file: Path
    name: str
    stage: str | None
    journey: bool


def _suite_gaps(task: Task) -> list[Gap]:
    modules = sorted(task.suite.glob("test_*.py"))
    if not modules:
        return [Gap(task.suite / f"test_{task.spec.id.replace('-', '_')}.py",
                    f"the device suite: {STAGE_TESTS} @stage tests and {JOURNEY_TESTS} @journey test")]
    gaps: list[Gap] = []
    tests: list[_SuiteTest] = []
    always = _always_shown(task)
    for module in modules:
        try:
            tree = ast.parse(module.read_text(encoding="utf-8"), filename=str(module))
        except SyntaxError as exc:
            return [Gap(module, f"Python that parses: line {exc.lineno}: {exc.msg}")]
        tests += _marked_tests(module, tree)
        bare = [call.lineno for call in _check_calls(tree)
                if not any(k.arg == "criterion" for k in call.keywords)]
        if bare:
            gaps.append(Gap(module, f"a criterion= on every check (see, not_see, see_in_order); "
                            f"{len(bare)} without one, line{'s' if len(bare) > 1 else ''} {_lines(bare)}"))
        idle = list(unfailing_sees(tree, always))
        if idle:
            shown = "; ".join(f"line {line}: {text!r}" for line, text in idle[:6])
            gaps.append(Gap(module, f"checks that can fail: a `see` without `at=` of a text the tab "
                            f"bar always shows passes on any screen; {len(idle)} such: {shown} "
                            f"(scope it, e.g. at=\"heading\" or at=\"tab-…\", or check a text only "
                            f"that screen shows)"))
    where = modules[0] if len(modules) == 1 else task.suite
    staged = [t for t in tests if t.stage is not None]
    if len(staged) != STAGE_TESTS:
        gaps.append(Gap(where, f"{STAGE_TESTS} @stage tests, found {len(staged)}"))
    declared = [s.id for s in task.spec.stages]
    unmatched = [s for s in declared if s not in {t.stage for t in staged}]
    if unmatched:
        gaps.append(Gap(where, f"a @stage test for each stage of task.toml; none for {', '.join(unmatched)}"))
    journeys = [t for t in tests if t.journey]
    if len(journeys) != JOURNEY_TESTS:
        gaps.append(Gap(where, f"{JOURNEY_TESTS} @journey test, found {len(journeys)}"))
    _, canaries = suite_markers(task)
    if not canaries:
        gaps.append(Gap(where, "leak canaries: a `_CANARY = \"rvb-canary-…\"` constant (and "
                        "rvb-canary-… in the docstring and a comment), as suites/budget/test_budget.py has"))
    unfounded = unfounded_strings(list(task.instruction_files), modules)
    if unfounded:
        shown = "; ".join(f"line {a.line}: {a.text!r}" for a in unfounded[:5])
        gaps.append(Gap(where, f"only strings the public instruction files found "
                        f"(tests/unit/tasks/test_suite_strings.py); {len(unfounded)} unfounded: {shown}"))
    return gaps


def _marked_tests(module: Path, tree: ast.Module) -> Iterator[_SuiteTest]:
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
            continue
        stage: str | None = None
        is_journey = False
        for decorator in node.decorator_list:
            if (isinstance(decorator, ast.Call) and _name(decorator.func) == "stage" and decorator.args
                    and isinstance(decorator.args[0], ast.Constant)):
                stage = str(decorator.args[0].value)
            elif _name(decorator) == "journey":
                is_journey = True
        yield _SuiteTest(module, node.name, stage, is_journey)


def _always_shown(task: Task) -> frozenset[str]:
    """Texts on every screen of the app: the contract's tab labels."""
    contract = task.spec.contract
    tabs = contract.tabs if contract is not None else None
    return frozenset(" ".join(label.split()) for label in tabs.labels) if tabs is not None else frozenset()


def unfailing_sees(tree: ast.Module, always: frozenset[str]) -> Iterator[tuple[int, str]]:
    """`see(text)` calls with no `at=` whose text is one of `always`: each passes whatever the
    screen, so it proves nothing. A text given literally, or as the variable of an enclosing
    `for` over a literal tuple or list, is resolved."""
    loops: dict[int, dict[str, list[str]]] = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.For) and isinstance(node.target, ast.Name)
                and isinstance(node.iter, (ast.Tuple, ast.List))):
            continue
        values = [e.value for e in node.iter.elts
                  if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        if len(values) == len(node.iter.elts):   # every item a literal string
            for inner in ast.walk(node):
                loops.setdefault(id(inner), {})[node.target.id] = values
    for call in _check_calls(tree):
        if call.func.attr != "see" or not call.args or any(k.arg == "at" for k in call.keywords):  # type: ignore[attr-defined]
            continue
        first = call.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            texts = [first.value]
        elif isinstance(first, ast.Name):
            texts = loops.get(id(call), {}).get(first.id, [])
        else:
            texts = []
        for text in texts:
            if " ".join(text.split()) in always:
                yield call.lineno, text


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _check_calls(tree: ast.Module) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in CHECK_CALLS):
            yield node


def _component_tests(task: Task) -> tuple[set[str], list[Gap]]:
    folder = task.suite / "functional"
    files = sorted(folder.glob(f"*{SUFFIX}"))
    names: set[str] = set()
    gaps: list[Gap] = []
    for file in files:
        try:
            names |= {case.name for case in parse_cases(file)}
        except SuiteFileError as exc:
            gaps.append(Gap(file, f"a readable hidden test file: {exc}"))
    if len(names) < MIN_COMPONENT_TESTS:
        gaps.append(Gap(folder, f">= {MIN_COMPONENT_TESTS} hidden component tests (test(/it( in "
                        f"*{SUFFIX}), found {len(names)}"))
    return names, gaps


def _mutant_gaps(task: Task, component_tests: set[str]) -> list[Gap]:
    folder = task.suite / "mutants"
    mutants = list_mutants(task.suite)
    gaps: list[Gap] = []
    if len(mutants) < MIN_MUTANTS:
        gaps.append(Gap(folder, f">= {MIN_MUTANTS} mutants (<name>/mutant.toml), found {len(mutants)}"))
    only = [m for m in mutants if component_only(m, component_tests)]
    if len(only) < MIN_COMPONENT_ONLY_MUTANTS:
        gaps.append(Gap(folder, f">= {MIN_COMPONENT_ONLY_MUTANTS} mutants only the component tests "
                        f"catch (every name in `catches` a test of functional/), found {len(only)}"))
    for tier in (Tier.CONTRACT, Tier.VISUAL):
        if not any(lowers(m, task, tier) for m in mutants):
            gaps.append(Gap(folder, f">= 1 mutant that lowers the {tier} tier (lowers = [\"{tier}\"] "
                            f"or a {tier} item in `catches`), found none"))
    return gaps


def component_only(mutant: Mutant, component_tests: set[str]) -> bool:
    """Caught by component tests alone: every test it declares is a hidden jest test, and it
    lowers no tier but the functional one."""
    return (bool(mutant.catches) and all(name in component_tests for name in mutant.catches)
            and all(tier == Tier.FUNCTIONAL for tier in mutant.lowers))


def lowers(mutant: Mutant, task: Task, tier: Tier) -> bool:
    """The mutant declares that it lowers `tier`: in `lowers`, or by failing one of its items."""
    items = set(tier_item_names(task.spec, tier))
    return tier in mutant.lowers or any(name in items for name in mutant.catches)


def _reference_gaps(task: Task) -> list[Gap]:
    reference = task.suite / "reference"
    if not (reference / "App.tsx").is_file():
        return [Gap(reference, "the reference app (App.tsx and its sources, from the scaffold)")]
    gaps: list[Gap] = []
    for file in sorted(reference.rglob("*.tsx")):
        if "node_modules" in file.parts:
            continue
        for line, problem in convention_faults(file.read_text(encoding="utf-8")):
            gaps.append(Gap(file, f"line {line}: {problem}"))
    return gaps


def convention_faults(source: str) -> list[tuple[int, str]]:
    """The native-safe conventions a reference breaks (tasks/scaffold/NOTES.md): a testID on a
    <Text> inside a pressable (iOS cannot find it), and a scroller without
    keyboardShouldPersistTaps="handled" (the first tap after typing only closes the keyboard)."""
    faults: list[tuple[int, str]] = []
    open_pressables: list[str] = []
    for match in _TAG.finditer(source):
        closing, name = match.group(1) == "/", match.group(2).split(".")[-1]
        if name not in PRESSABLES | SCROLLERS | {"Text"} or _is_type_argument(source, match.start()):
            continue
        line = source.count("\n", 0, match.start()) + 1
        if closing:
            if name in open_pressables:
                del open_pressables[len(open_pressables) - 1 - open_pressables[::-1].index(name):]
            continue
        attributes, self_closing = _attributes(source, match.end())
        if name == "Text" and open_pressables and re.search(r"\btestID\s*=", attributes):
            faults.append((line, f"testID on a <Text> inside a <{open_pressables[-1]}>: put it on "
                                 "the pressable (iOS hides what is inside one)"))
        if name in SCROLLERS and not re.search(
                r"keyboardShouldPersistTaps\s*=\s*(?:\"handled\"|'handled'|\{\s*['\"]handled['\"]\s*\})",
                attributes):
            faults.append((line, f'<{name}> without keyboardShouldPersistTaps="handled"'))
        if name in PRESSABLES and not self_closing:
            open_pressables.append(name)
    return faults


def _is_type_argument(source: str, at: int) -> bool:
    """`useRef<ScrollView>`: a `<` right after a name (other than `return`) opens type
    arguments, not a JSX element."""
    before = source[:at].rstrip()
    word = re.search(r"[A-Za-z0-9_$]+$", before)
    return word is not None and word.group(0) != "return"


def _attributes(source: str, start: int) -> tuple[str, bool]:
    """The attribute text of the tag opened before `start`, and whether it closes itself."""
    depth = 0
    quote = ""
    for at in range(start, len(source)):
        char = source[at]
        if quote:
            if char == quote:
                quote = ""
        elif char in "\"'`":
            quote = char
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == ">" and depth == 0:
            return source[start:at], source[at - 1] == "/"
    return source[start:], False


def _reference_checks(task: Task, certificate: Certificate | None) -> tuple[list[Gap], list[str]]:
    """The bar's >= 80 checks on the reference, read from its certificate (each run's count of
    the checks its device tests recorded); a note when the certificate does not say."""
    reference = certificate.subject("reference") if certificate is not None else None
    if reference is None or not reference.checks:
        return [], [f">= {MIN_REFERENCE_CHECKS} checks recorded on the reference across the four "
                    f"device tests: not checked: {certificate_path(task)} does not record them "
                    f"(made before it did, or missing); re-make it with "
                    f"`{FIX.format(task=task.spec.id)}`"]
    fewest = min(reference.checks)
    if fewest < MIN_REFERENCE_CHECKS:
        return [Gap(task.suite / f"test_{task.spec.id}.py",
                    f">= {MIN_REFERENCE_CHECKS} checks recorded on the reference across the four "
                    f"device tests, found {fewest} ({certificate_path(task)})")], []
    return [], []


def _twin_gaps(task: Task, certificate: Certificate | None) -> list[Gap]:
    """Mutants that tell the suite nothing one another does not: the same tests caught and,
    where the certificate has them, the same scores."""
    seen: dict[tuple[frozenset[str], tuple[object, ...]], list[str]] = {}
    for mutant in list_mutants(task.suite):
        graded = certificate.subject(mutant.name) if certificate is not None else None
        scores = tuple(sorted(graded.scores[0].items())) if graded is not None and graded.scores else ()
        seen.setdefault((frozenset(mutant.catches), scores), []).append(mutant.name)
    return [Gap(task.suite / "mutants",
                f"no two mutants with the same catch set and score: {', '.join(sorted(names))} "
                f"catch {', '.join(sorted(key[0])) or 'nothing'}"
                + (" with the same scores" if key[1] else ""))
            for key, names in seen.items() if len(names) > 1]
