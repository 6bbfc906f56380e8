"""`revylbench validate`: what a task still lacks against the bar (`checks/bar.py`), each gap
naming its file; budget's copy meets the bar, and removing a mutant, a canary, a
criterion or a convention makes validate name it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pytest_revylbench.checks.bar import _reference_checks, _twin_gaps, bar_report, convention_faults
from pytest_revylbench.cli import main
from pytest_revylbench.records.certificate import Certificate
from pytest_revylbench.tasks.certificate import read_certificate
from pytest_revylbench.tasks.loading import Task, load_task
from pytest_revylbench.tasks.mutants import list_mutants

REPO = Path(__file__).resolve().parents[3]
@pytest.fixture
def budget(tmp_path: Path) -> Task:
    shutil.copytree(REPO / "tasks/budget", tmp_path / "tasks/budget")
    # The scaffold too: the certificate's null control graded it.
    shutil.copytree(REPO / "tasks/scaffold", tmp_path / "tasks/scaffold",
                    ignore=shutil.ignore_patterns("node_modules", "dist", ".expo"))
    shutil.copytree(REPO / "suites/budget", tmp_path / "suites/budget",
                    ignore=shutil.ignore_patterns("node_modules", "__pycache__"))
    return load_task(tmp_path / "tasks", tmp_path / "suites", "budget")


def _gaps(task: Task) -> list[str]:
    """The gaps, with the environment the certificate was made in (so that the certificate
    check does not depend on this machine's Chromium)."""
    certificate = read_certificate(task)
    assert certificate is not None
    return [str(gap).replace(f"{task.suite.parent.parent}/", "")
            for gap in bar_report(task, certificate.environment).gaps]


def test_a_copy_of_budget_meets_the_bar(budget: Task) -> None:
    """budget, written before the bar was raised, was raised to it (issue 40)."""
    assert _gaps(budget) == []
    assert bar_report(budget, read_certificate(budget).environment).notes == []  # type: ignore[union-attr]


def _with_checks(certificate: Certificate, checks: list[int]) -> Certificate:
    subjects = [s.model_copy(update={"checks": checks}) if s.subject == "reference" else s
                for s in certificate.subjects]
    return certificate.model_copy(update={"subjects": subjects})


def test_the_references_checks_are_read_from_its_certificate(budget: Task) -> None:
    certificate = read_certificate(budget)
    assert certificate is not None
    assert _reference_checks(budget, _with_checks(certificate, [85, 85, 85])) == ([], [])
    (gap,), notes = _reference_checks(budget, _with_checks(certificate, [85, 79, 85]))
    assert notes == []
    assert str(gap).endswith(": >= 80 checks recorded on the reference across the four device "
                             f"tests, found 79 ({budget.suite}/stability.json)")
    assert gap.file == budget.suite / "test_budget.py"


def test_two_mutants_with_the_same_catch_set_are_named(budget: Task) -> None:
    twin = budget.suite / "mutants/currency-no-separator/mutant.toml"
    source = (budget.suite / "mutants/edit-applied-twice/mutant.toml").read_text(encoding="utf-8")
    catches = source[source.index("catches"):source.index("]", source.index("catches")) + 1]
    text = twin.read_text(encoding="utf-8")
    start = text.index("catches")
    twin.write_text(text[:start] + catches + text[text.index("]", start) + 1:], encoding="utf-8")
    (gap,) = [g for g in _gaps(budget) if "same catch set" in g]
    assert gap.startswith("suites/budget/mutants: no two mutants with the same catch set and score: "
                          "currency-no-separator, edit-applied-twice catch ")
    assert "with the same scores" not in gap  # the certificate went stale: declared catches only


def test_mutants_with_the_same_catch_set_but_other_scores_are_told_apart(budget: Task) -> None:
    certificate = read_certificate(budget)
    assert certificate is not None
    assert _twin_gaps(budget, certificate) == []
    by_name = {m.name: m for m in list_mutants(budget.suite)}
    a, b = "currency-no-separator", "edit-applied-twice"
    same = frozenset(by_name[b].catches)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("pytest_revylbench.checks.bar.list_mutants", lambda suite: [
            m if m.name != a else m.model_copy(update={"catches": tuple(same)})
            for m in list_mutants(suite)])
        # Their certified scores differ: the suite tells them apart by score.
        assert _twin_gaps(budget, certificate) == []
        scores = certificate.subject(b).scores
        subjects = [s.model_copy(update={"scores": scores}) if s.subject == a else s
                    for s in certificate.subjects]
        (gap,) = _twin_gaps(budget, certificate.model_copy(update={"subjects": subjects}))
        assert f"{a}, {b} catch" in str(gap) and str(gap).endswith("with the same scores")


def test_removing_a_component_only_mutant_is_named(budget: Task) -> None:
    shutil.rmtree(budget.suite / "mutants/over-budget-at-equal")
    gaps = _gaps(budget)
    assert ("suites/budget/mutants: >= 3 mutants only the component tests catch (every name in "
            "`catches` a test of functional/), found 2") in gaps
    assert any(g.startswith("suites/budget/stability.json: STALE: mutants changed") for g in gaps)


def test_removing_mutants_below_ten_and_the_visual_ones_is_named(budget: Task) -> None:
    for name in ("heading-spacing-shift", "categories-tab-missing", "newest-last-in-group"):
        shutil.rmtree(budget.suite / "mutants" / name)
    gaps = _gaps(budget)
    assert "suites/budget/mutants: >= 10 mutants (<name>/mutant.toml), found 9" in gaps
    assert ("suites/budget/mutants: >= 1 mutant that lowers the visual tier (lowers = [\"visual\"] or a "
            "visual item in `catches`), found none") in gaps
    assert not any("contract tier" in g for g in gaps)


def test_removing_the_canaries_is_named(budget: Task) -> None:
    module = budget.suite / "test_budget.py"
    text = module.read_text(encoding="utf-8").replace("rvb-canary-", "rvb-").replace("_CANARY =", "_NAME =")
    module.write_text(text, encoding="utf-8")
    gaps = _gaps(budget)
    assert ("suites/budget/test_budget.py: leak canaries: a `_CANARY = \"rvb-canary-…\"` constant (and "
            "rvb-canary-… in the docstring and a comment), as suites/budget/test_budget.py has") in gaps


def test_removing_a_criterion_is_named_with_its_line(budget: Task) -> None:
    module = budget.suite / "test_budget.py"
    text = module.read_text(encoding="utf-8")
    cut = ',\n            criterion="net worth is the sum of all account balances")'
    assert text.count(cut) == 1
    module.write_text(text.replace(cut, ")"), encoding="utf-8")
    line = text[:text.index(cut)].count("\n") + 1
    gaps = [g for g in _gaps(budget) if "criterion=" in g]
    assert gaps == ["suites/budget/test_budget.py: a criterion= on every check (see, not_see, "
                    f"see_in_order); 1 without one, line {line}"]


def test_fewer_component_tests_and_a_missing_oracle_are_named(budget: Task) -> None:
    (budget.suite / "functional/totals.test.tsx").unlink()
    shutil.rmtree(budget.suite / "oracle")
    gaps = _gaps(budget)
    assert ("suites/budget/functional: >= 8 hidden component tests (test(/it( in *.test.tsx), found 5"
            in gaps)
    assert ("suites/budget/oracle/web/oracle.json: the visual oracle and, from it, the design images in "
            "tasks/budget/design (`revylbench oracle --task budget`)") in gaps


def test_a_scroller_without_persisted_taps_in_the_reference_is_named(budget: Task) -> None:
    ui = budget.suite / "reference/src/ui.tsx"
    text = ui.read_text(encoding="utf-8")
    assert text.count('keyboardShouldPersistTaps="handled"') == 1
    ui.write_text(text.replace('keyboardShouldPersistTaps="handled"', ""), encoding="utf-8")
    assert ('suites/budget/reference/src/ui.tsx: line 31: <ScrollView> without '
            'keyboardShouldPersistTaps="handled"') in _gaps(budget)


def test_the_conventions_check_reads_jsx_not_type_arguments() -> None:
    source = """
const list = useRef<ScrollView>(null);
export function Row({ id, name }: Props) {
  return (
    <Pressable testID={`row-${id}`} onPress={() => open(id)}>
      <Text>{name}</Text>
    </Pressable>
  );
}
export function Bad({ total }: { total: string }) {
  return (
    <ScrollView keyboardShouldPersistTaps="handled">
      <TouchableOpacity onPress={() => go(a > b)}>
        <View><Text testID="total">{total}</Text></View>
      </TouchableOpacity>
      <Text testID="after">{total}</Text>
      <FlatList data={items} renderItem={render} />
    </ScrollView>
  );
}
"""
    assert convention_faults(source) == [
        (14, "testID on a <Text> inside a <TouchableOpacity>: put it on the pressable (iOS hides what "
             "is inside one)"),
        (17, '<FlatList> without keyboardShouldPersistTaps="handled"'),
    ]


def test_validate_flags_a_new_skeleton_item_by_item(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(REPO / "tasks/scaffold", tmp_path / "tasks/scaffold",
                    ignore=shutil.ignore_patterns("node_modules"))
    argv = ["--tasks-dir", str(tmp_path / "tasks"), "--suites-dir", str(tmp_path / "suites")]
    assert main([*argv, "new-task", "gradebook"]) == 0
    capsys.readouterr()
    assert main([*argv, "validate", "gradebook"]) == 1
    out = capsys.readouterr().out.replace(f"{tmp_path}/", "")
    lines = out.splitlines()
    expected = [
        "FAIL gradebook: suites/gradebook/oracle/web/oracle.json: the visual oracle and, from it, the "
        "design images in tasks/gradebook/design (`revylbench oracle --task gradebook`)",
        "FAIL gradebook: tasks/gradebook/instruction.md: skeleton placeholders still present (TODO / todo-…) "
        "on lines 1, 3, 18, 23, 28, 32",
        *(f"FAIL gradebook: tasks/gradebook/steps/{step}/instruction.md: skeleton placeholders still "
          "present (TODO / todo-…) on lines 1, 3, 7, 9" for step in ("01-first", "02-second", "03-third")),
        "FAIL gradebook: tasks/gradebook/task.toml: skeleton placeholders still present (TODO / todo-…) on "
        "lines 3, 5, 12, 17, 22, 27, 33, 35, 37, 40, 41, 53 and 4 more",
        "FAIL gradebook: suites/gradebook/test_gradebook.py: skeleton placeholders still present "
        "(TODO / todo-…) on lines 4, 22",
        "FAIL gradebook: suites/gradebook/functional/todo.test.tsx: skeleton placeholders still present "
        "(TODO / todo-…) on lines 2, 12",
        "FAIL gradebook: suites/gradebook/functional: >= 8 hidden component tests (test(/it( in *.test.tsx), "
        "found 1",
        "FAIL gradebook: suites/gradebook/mutants: >= 10 mutants (<name>/mutant.toml), found 0",
        "FAIL gradebook: suites/gradebook/mutants: >= 3 mutants only the component tests catch (every name "
        "in `catches` a test of functional/), found 0",
        "FAIL gradebook: suites/gradebook/mutants: >= 1 mutant that lowers the contract tier (lowers = "
        "[\"contract\"] or a contract item in `catches`), found none",
        "FAIL gradebook: suites/gradebook/mutants: >= 1 mutant that lowers the visual tier (lowers = "
        "[\"visual\"] or a visual item in `catches`), found none",
        "FAIL gradebook: suites/gradebook/stability.json: MISSING; make it with "
        "`revylbench stability --task gradebook --certify`",
        "FAIL gradebook: suites/gradebook/derive.py: an independent derivation: a standalone script "
        "(stdlib only, no code of the reference) printing as one JSON object every derived string "
        "the suite asserts, computed from the public seed data and rules (suites/shop/derive.py)",
        "note gradebook: >= 80 checks recorded on the reference across the four device tests: not "
        "checked: suites/gradebook/stability.json does not record them (made before it did, or "
        "missing); re-make it with `revylbench stability --task gradebook --certify`",
    ]
    assert lines == expected


def test_a_suite_that_does_not_parse_is_named_not_a_crash(budget: Task) -> None:
    (budget.suite / "test_budget.py").write_text("def test_stage_1_accounts(app:\n", encoding="utf-8")
    gaps = [g for g in _gaps(budget) if g.startswith("suites/budget/test_budget.py")]
    assert gaps == ["suites/budget/test_budget.py: Python that parses: line 1: '(' was never closed"]


def test_validate_names_a_catch_that_is_no_item_of_the_grade(
    budget: Task, capsys: pytest.CaptureFixture[str]
) -> None:
    toml = budget.suite / "mutants/over-budget-at-equal/mutant.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text.replace("catches = [", 'catches = ["TBD", ', 1), encoding="utf-8")
    argv = ["--tasks-dir", str(budget.folder.parent), "--suites-dir", str(budget.suite.parent),
            "validate", "budget"]
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert (f"FAIL budget: {toml}: every name in `catches` an item of a full grade (a device test, a "
            "component test or a tier's built-in subtest); not one: 'TBD'") in out, out


def test_a_see_of_a_tab_label_without_a_scope_is_a_check_that_cannot_fail() -> None:
    """The tab bar shows its labels on every screen: `see("Courses")` after Back passes whether
    Back worked or not. Scoped, or of a text only one screen shows, a check can fail."""
    import ast

    from pytest_revylbench.checks.bar import unfailing_sees

    source = (
        "def test_x(app):\n"
        "    for tab in ('Courses', 'Rules'):\n"
        "        app.see(tab, criterion='the tab bar shows it')\n"
        "    app.see('Courses', criterion='the app opens on the course list')\n"
        "    app.see('Courses', at='heading', criterion='scoped: can fail')\n"
        "    app.see('Courses', at='tab-courses', criterion='at its tab: can fail')\n"
        "    app.not_see('Rules', criterion='can fail')\n"
        "    app.see('Biology 101', criterion='a name only one screen shows')\n"
        "    for name in ('Maya', 'Rules'):\n"
        "        app.see(name, at='roster', criterion='scoped')\n"
    )
    found = list(unfailing_sees(ast.parse(source), frozenset({"Courses", "Rules"})))
    assert sorted(found) == [(3, "Courses"), (3, "Rules"), (4, "Courses")]


def test_validate_names_a_check_that_cannot_fail(budget: Task) -> None:
    suite = budget.suite / "test_budget.py"
    source = suite.read_text()
    assert "def test_stage_1" in source
    planted = "    app.see('Accounts', criterion='planted')"
    extra = f"def test_extra(app):\n{planted}\n\n\n"
    suite.write_text(source.replace("def test_stage_1", f"{extra}def test_stage_1", 1))
    line = suite.read_text().splitlines().index(planted) + 1
    gaps = [g for g in _gaps(budget) if "checks that can fail" in g]
    assert len(gaps) == 1 and f"line {line}: 'Accounts'" in gaps[0], gaps
