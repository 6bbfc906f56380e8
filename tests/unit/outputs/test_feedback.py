"""The feedback bundle: what it carries by whitelist, and the leak guard that redacts a
grader-authored field (never the bundle) when it would show hidden text."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pytest_revylbench.outputs.feedback import Feedback, build_feedback, withheld, write_feedback
from pytest_revylbench.outputs.leakguard import (
    FeedbackLeak,
    check_leaks,
    find_leak,
    item_names,
    normalise,
    task_index,
)
from pytest_revylbench.outputs.redacted_scorecard import write_redacted_scorecard
from pytest_revylbench.records.build import BuildResult
from pytest_revylbench.records.grade import Evidence, GradeRecord, Redaction, Screenshot, TestResult
from pytest_revylbench.records.reward import Reward
from pytest_revylbench.records.vocabulary import BENCH_FAULTS, Fault, GradeStatus, Verdict
from pytest_revylbench.tasks.loading import Task, load_task

REPO = Path(__file__).resolve().parents[3]
BUDGET_SUITE = REPO / "suites/budget/test_budget.py"
CANARIES = (
    "rvb-canary-7f3a9c1e-budget-suite",  # a module constant
    "rvb-canary-comment-c09e63a7",  # a comment
    "rvb-canary-docstring-5b81d2e4",  # the module docstring
)
PNG = b"\x89PNG\r\n\x1a\n-fake"


@pytest.fixture(scope="module")
def budget() -> Task:
    return load_task(REPO / "tasks", REPO / "suites", "budget")


def result(name: str, role: str, stage: str | None, verdict: Verdict, **kw: object) -> TestResult:
    return TestResult.model_validate({
        "nodeid": f"suites/budget/test_budget.py::{name}", "name": name, "role": role, "stage": stage,
        "verdict": verdict, **kw,
    })


def record(*tests: TestResult, build: BuildResult | None = None, run_id: str = "r1") -> GradeRecord:
    return GradeRecord(
        run_id=run_id, task="budget", task_version="1.0.0", platform="web",
        submission_digest="sha256:abc", status=GradeStatus.COMPLETED, outcome=0.0,
        reward=Reward(scheme="stages", score=0.0), build=build, tests=tests,
        started_at="2026-11-30T00:00:00+00:00", finished_at="2026-11-30T00:01:00+00:00",
    )


def passing(name: str, role: str, stage: str | None, criterion: str = "a check that held") -> TestResult:
    ok = Evidence(criterion=criterion, expected="'x'", observed="'x'", passed=True)
    return result(name, role, stage, Verdict.PASS, evidence=[ok])


# Shaped on a real grade of the `edit-applied-twice` mutant (same criteria, values, paths).
STAGE_3_BEFORE = (
    "tests/test_stage_3_budgets/24-ok-pressing-the-Accounts-tab-shows-the-heading-Your-accounts.png"
)
STAGE_3_AFTER = "tests/test_stage_3_budgets/25-FAILED-an-edit-changes-the-account-balance-exactly-once.png"
JOURNEY_AFTER = "tests/test_journey_month_close/27-FAILED-account-balance-checking-shows-2-642.05.png"


def mutant_record(run_dir: Path) -> GradeRecord:
    for rel in (STAGE_3_BEFORE, STAGE_3_AFTER, JOURNEY_AFTER):
        (run_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (run_dir / rel).write_bytes(PNG + rel.encode())
    stage_3 = result(
        "test_stage_3_budgets", "stage", "budgets", Verdict.FAIL, fault=Fault.CHECK_FAILED,
        reason="an edit changes the account balance exactly once",
        evidence=[
            Evidence(criterion="an over-budget category shows by how much it is over",
                     expected="'Over by $19.15'", observed="'Over by $19.15'", passed=True),
            Evidence(criterion="an edit changes the account balance exactly once", expected="'-$532.75'",
                     observed="'-$502.75'", passed=False, before=STAGE_3_BEFORE, after=STAGE_3_AFTER),
        ],
        screenshots=[Screenshot(path=STAGE_3_AFTER, step="end of test")],
    )
    journey = result(
        "test_journey_month_close", "journey", "month-close", Verdict.FAIL, fault=Fault.CHECK_FAILED,
        evidence=[Evidence(criterion="'account-balance-checking' shows '$2,642.05'", expected="'$2,642.05'",
                           observed="'$2,542.05'", passed=False, before=None, after=JOURNEY_AFTER)],
        console_errors=["Warning: Each child in a list should have a unique key prop."],
    )
    return record(
        passing("test_stage_1_accounts", "stage", "accounts",
                "Checking's balance is its opening balance plus its seed transactions"),
        passing("test_stage_2_transactions", "stage", "transactions"),
        stage_3, journey,
    )


def bundle_text(folder: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("feedback.*")))


def test_a_mutant_grade_gives_public_names_reasons_and_screenshots(budget: Task, tmp_path: Path) -> None:
    folder = write_feedback(mutant_record(tmp_path), budget, tmp_path).folder
    assert folder == tmp_path / "feedback"
    feedback = Feedback.model_validate_json((folder / "feedback.json").read_text())
    assert next(iter(json.loads((folder / "feedback.json").read_text()))) == "version"
    assert feedback.verdicts == {
        "Stage 1: Accounts and tabs": Verdict.PASS, "Stage 2: Transactions": Verdict.PASS,
        "Stage 3: Budgets and edits": Verdict.FAIL, "Journey: Closing the month": Verdict.FAIL,
    }
    stage_3, journey = feedback.failures
    assert (stage_3.name, stage_3.criterion, stage_3.expected, stage_3.observed) == (
        "Stage 3: Budgets and edits", "an edit changes the account balance exactly once",
        "'-$532.75'", "'-$502.75'",
    )
    assert (stage_3.before, stage_3.after) == ("stage-3-before.png", "stage-3-after.png")
    assert stage_3.message is None
    # The journey's failed check had no earlier screenshot; its test ID is named by the spec.
    assert (journey.before, journey.after) == (None, "journey-after.png")
    assert journey.criterion == "'account-balance-checking' shows '$2,642.05'"
    assert journey.launch_errors == ("Warning: Each child in a list should have a unique key prop.",)
    assert sorted(p.name for p in folder.iterdir()) == [
        "feedback.json", "feedback.md", "journey-after.png", "stage-3-after.png", "stage-3-before.png",
    ]
    assert (folder / "stage-3-before.png").read_bytes() == PNG + STAGE_3_BEFORE.encode()
    markdown = (folder / "feedback.md").read_text()
    assert "## Stage 3: Budgets and edits: fail" in markdown
    assert "Criterion: an edit changes the account balance exactly once" in markdown
    assert "'-$502.75'" in markdown and "before `stage-3-before.png`" in markdown
    text = bundle_text(folder)
    for never in ("test_stage", "test_journey", "tests/", "suites/", "Over by $19.15",
                  "Checking's balance", "FAILED", "r1", "timeout"):
        assert never not in text, never
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".feedback")] == []


def test_untested_stages_are_not_run_and_a_rewrite_replaces_the_bundle(budget: Task, tmp_path: Path) -> None:
    write_feedback(mutant_record(tmp_path), budget, tmp_path)
    passed = record(passing("test_stage_1_accounts", "stage", "accounts"))
    folder = write_feedback(passed, budget, tmp_path).folder
    feedback = Feedback.model_validate_json((folder / "feedback.json").read_text())
    assert list(feedback.verdicts.values()) == [Verdict.PASS] + [Verdict.NOT_RUN] * 3
    assert feedback.failures == ()
    assert sorted(p.name for p in folder.iterdir()) == ["feedback.json", "feedback.md"]


@pytest.mark.parametrize(
    ("verdict", "fault", "message"),
    [
        (Verdict.FAIL, Fault.CHECK_FAILED, "A check of this stage did not hold."),
        (Verdict.NOT_RUN, Fault.DRIVER_ERROR,
         "This stage could not be checked to the end: the app stopped responding to the test."),
        (Verdict.FAIL, Fault.CANDIDATE_ERROR, "This stage could not be checked to the end: the app did not"),
        (Verdict.NOT_RUN, Fault.RUNNER_CRASH, "Not run: the grading machine had a fault"),
        (Verdict.FAIL, Fault.APP_CRASH, "The app did not start, or did not stay up, after launch."),
        (Verdict.FAIL, None, "This stage did not pass."),
    ],
)
def test_a_test_without_a_failed_check_gets_a_fixed_message_not_its_exception(
    budget: Task, tmp_path: Path, verdict: Verdict, fault: Fault | None, message: str
) -> None:
    shot = tmp_path / "tests/t/03-step.png"
    shot.parent.mkdir(parents=True)
    shot.write_bytes(PNG)
    broken = result(
        "test_stage_2_transactions", "stage", "transactions", verdict, fault=fault,
        reason="InvalidSessionIdException: invalid session id at suites/budget/test_budget.py:71 timeout_s=5",
        evidence=[Evidence(criterion="the tab bar shows the Accounts tab", expected="'Accounts'",
                           observed="'Accounts'", passed=True)],
        screenshots=[Screenshot(path="tests/t/03-step.png", step="end of test")],
    )
    folder = write_feedback(record(broken), budget, tmp_path).folder
    (entry,) = Feedback.model_validate_json((folder / "feedback.json").read_text()).failures
    assert entry.message is not None and entry.message.startswith(message)
    assert (entry.criterion, entry.expected, entry.observed) == (None, None, None)
    assert entry.after == "stage-2-after.png" and (folder / "stage-2-after.png").read_bytes() == PNG
    text = bundle_text(folder)
    assert "InvalidSession" not in text and "test_budget" not in text and "tab bar" not in text


def test_a_failed_build_sends_the_log_tail_without_grader_paths(budget: Task, tmp_path: Path) -> None:
    tail = ("npm run build\n/root/.cache/revylbench/work/r1/src/App.tsx:12:3 - error TS2304: "
            "Cannot find name 'Foo'.\n")
    build = BuildResult(ok=False, seconds=3.0, log_path="build.log", log_tail=tail,
                        reason="expo export failed after 600 s", fault=Fault.BUILD_FAILED)
    names = (("test_stage_1_accounts", "accounts"), ("test_stage_2_transactions", "transactions"))
    tests = [result(n, "stage", s, Verdict.NOT_RUN, fault=Fault.BUILD_FAILED, reason="not run: expo failed")
             for n, s in names]
    feedback = build_feedback(record(*tests, build=build), budget, tmp_path)
    assert feedback.build_log == "npm run build\nsrc/App.tsx:12:3 - error TS2304: Cannot find name 'Foo'."
    assert [f.message for f in feedback.failures] == ["Not run: the build failed."] * 2
    assert set(feedback.verdicts.values()) == {Verdict.NOT_RUN}
    assert "600" not in feedback.model_dump_json()


def test_screenshots_outside_the_run_folder_are_not_copied(budget: Task, tmp_path: Path) -> None:
    (tmp_path / "secret.png").write_bytes(PNG)
    run_dir = tmp_path / "run"
    failed = Evidence(criterion="net worth is the sum of all account balances", expected="'a'",
                      observed="'b'", passed=False, before="../secret.png", after="tests/missing.png")
    test = result("test_stage_1_accounts", "stage", "accounts", Verdict.FAIL, evidence=[failed])
    folder = write_feedback(record(test), budget, run_dir).folder
    (entry,) = Feedback.model_validate_json((folder / "feedback.json").read_text()).failures
    assert (entry.before, entry.after) == (None, None)
    assert sorted(p.name for p in folder.iterdir()) == ["feedback.json", "feedback.md"]


# -- canaries ------------------------------------------------------------------------------


def test_the_canaries_are_planted_in_the_hidden_suite() -> None:
    source = BUDGET_SUITE.read_text()
    assert all(canary in source for canary in CANARIES)


def test_an_exception_carrying_a_canary_never_reaches_the_bundle(budget: Task, tmp_path: Path) -> None:
    """A non-CheckFailed exception: its text sits in reason and a passing check's observation."""
    canary = CANARIES[0]
    crashed = result(
        "test_stage_3_budgets", "stage", "budgets", Verdict.FAIL, fault=Fault.CANDIDATE_ERROR,
        reason=f"RuntimeError: lookup of {canary} failed",
        evidence=[Evidence(criterion="the app opens on the Accounts screen", expected="'Your accounts'",
                           observed=f"RuntimeError: {canary}", passed=True)],
        console_errors=["TypeError: undefined is not a function"],
    )
    folder = write_feedback(record(crashed), budget, tmp_path).folder
    text = bundle_text(folder)
    assert "could not be checked to the end" in text
    assert not any(canary in text for canary in CANARIES)


@pytest.mark.parametrize("canary", CANARIES)
@pytest.mark.parametrize("field", ["expected", "criterion"])
def test_a_canary_in_a_grader_field_redacts_that_field_only(
    budget: Task, tmp_path: Path, canary: str, field: str
) -> None:
    texts = {"criterion": "the app opens on the Accounts screen", "expected": "'Your accounts'",
             "observed": "'Accounts'"}
    texts[field] = f"the screen shows: Accounts {canary} Net worth"
    failed = Evidence(passed=False, **texts)
    test = result("test_stage_1_accounts", "stage", "accounts", Verdict.FAIL, fault=Fault.CHECK_FAILED,
                  evidence=[failed])
    bundle = write_feedback(record(test), budget, tmp_path)
    (entry,) = bundle.feedback.failures
    assert getattr(entry, field) == withheld(field)  # type: ignore[arg-type]
    kept = {"criterion", "expected"} - {field}
    assert all(getattr(entry, k) == texts[k] for k in kept) and entry.observed == "'Accounts'"
    assert bundle.redactions == (Redaction(item="Stage 1: Accounts and tabs", field=field,
                                           hidden_file="suites/budget/test_budget.py"),)
    text = bundle_text(bundle.folder)
    assert canary not in text and withheld(field) in text  # type: ignore[arg-type]


@pytest.mark.parametrize("field", ["observed", "console"])
def test_what_the_app_showed_goes_back_unchecked(budget: Task, tmp_path: Path, field: str) -> None:
    """A phrase the app rendered (here one of the hidden component tests' titles) is the app's."""
    shown = "Categories all five expense categories can be over budget at once Total: $9.00"
    assert find_leak(shown, budget) is not None  # the guard would flag it in a grader field
    failed = Evidence(criterion="the app opens on the Accounts screen", expected="'Your accounts'",
                      observed=shown if field == "observed" else "'Accounts'", passed=False)
    console = [f"Error: {shown}"] if field == "console" else []
    test = result("test_stage_1_accounts", "stage", "accounts", Verdict.FAIL, fault=Fault.CHECK_FAILED,
                  evidence=[failed], console_errors=console)
    bundle = write_feedback(record(test), budget, tmp_path)
    (entry,) = bundle.feedback.failures
    assert (entry.observed, entry.launch_errors) == (
        (shown, ()) if field == "observed" else ("'Accounts'", (f"Error: {shown}",)))
    assert bundle.redactions == () and bundle.feedback.withheld == 0
    assert shown in bundle_text(bundle.folder)


def test_a_criterion_carrying_a_hidden_string_is_redacted_and_the_rest_is_intact(
    budget: Task, tmp_path: Path
) -> None:
    """The stage-3 failure of the mutant grade, its criterion a hidden component test's title."""
    hidden = "all five expense categories can be over budget at once"
    plain = write_feedback(mutant_record(tmp_path / "plain"), budget, tmp_path / "plain")
    grade = mutant_record(tmp_path)
    stage_3 = grade.tests[2]
    evidence = (stage_3.evidence[0], stage_3.evidence[1].model_copy(update={"criterion": hidden}))
    tests = (*grade.tests[:2], stage_3.model_copy(update={"evidence": evidence}), *grade.tests[3:])
    bundle = write_feedback(grade.model_copy(update={"tests": tests}), budget, tmp_path)
    stage, journey = bundle.feedback.failures
    assert stage.criterion == "criterion withheld: it would reveal a hidden check"
    redacted = {"criterion"}
    assert stage.model_dump(exclude=redacted) == plain.feedback.failures[0].model_dump(exclude=redacted)
    assert journey == plain.feedback.failures[1]
    assert bundle.feedback.verdicts == plain.feedback.verdicts
    assert bundle.feedback.withheld == 1 and plain.feedback.withheld == 0
    assert bundle.redactions == (Redaction(item="Stage 3: Budgets and edits", field="criterion",
                                           hidden_file="suites/budget/functional/totals.test.tsx"),)
    assert sorted(p.name for p in bundle.folder.iterdir()) == sorted(p.name for p in plain.folder.iterdir())
    markdown = (bundle.folder / "feedback.md").read_text()
    assert "1 field of this feedback withheld: it would reveal a hidden check" in markdown
    assert "Criterion: criterion withheld: it would reveal a hidden check" in markdown
    assert "'-$502.75'" in markdown and hidden not in bundle_text(bundle.folder)


# -- the guard on the real budget suite ----------------------------------------------------


def test_hidden_names_and_test_source_are_leaks(budget: Task) -> None:
    for hidden in ("test_stage_3_budgets", "def add_expense(app: App", "edit_amount(app, \"Sushi Bar\"",
                   "amounts in the millions get every thousands comma"):  # a jest title
        with pytest.raises(FeedbackLeak):
            check_leaks(f"the screen shows {hidden}", budget)


def test_what_the_spec_and_the_criteria_say_is_public(budget: Task) -> None:
    criteria = re.findall(r'criterion="([^"{]+)"', BUDGET_SUITE.read_text())
    assert len(criteria) > 20
    for text in [*criteria, "'account-balance-checking' shows '$2,642.05'",
                 "'Net worth: $9,979.14'",
                 "pressing the Categories tab shows the heading 'Budgets by category'",
                 "no visible element with test ID 'over-dining'; the screen shows: Your accounts Checking",
                 "Enter a payee and an amount greater than $0.00", "Total: $2,162.70 of $2,270.00",
                 "Credit Card shows `-$532.75`, not `-$502.75`"]:
        check_leaks(text, budget)


def test_a_reason_quoting_what_a_mutant_app_did_is_not_redacted(budget: Task, tmp_path: Path) -> None:
    """Measured on the CI mutants: the network contract's reason names the host the app
    requested, which the `calls-outside-host` mutant's definition also holds. The grader never
    writes from mutant definitions: their text reaches a grader field only through the app."""
    reason = ("ContractBroken: the app requested 1 URL(s) outside the allowed hosts: "
              "https://metrics.example.net/collect")
    assert "https://metrics.example.net/collect" in (
        REPO / "suites/budget/mutants/calls-outside-host/mutant.toml").read_text()
    network = TestResult(nodeid="tasks/budget/task.toml::contract::network", name="network", role="other",
                         tier="contract", verdict=Verdict.FAIL, fault=Fault.CHECK_FAILED, reason=reason)
    bundle = write_feedback(record(network), budget, tmp_path)
    (entry,) = bundle.feedback.failures
    assert (entry.name, entry.message) == ("Contract: network", reason.removeprefix("ContractBroken: "))
    assert bundle.redactions == ()
    check_leaks("records a per-account balance adjustment that is added on top", budget)


def test_a_phrase_the_spec_states_in_backticks_is_public(budget: Task) -> None:
    """Issue 22: `over budget ` (a window of a hidden test title) was flagged on a screen
    that showed `1 category over budget`, a phrase the spec states in backticks."""
    assert normalise("`1 category  over budget`,\n**over budget** 'a' \u201cb\u201d") == (
        "1 category over budget, over budget a b")
    for text in ("Categories 1 category over budget Total: $1,905.20 of $2,270.00",
                 "Budgets per category Housing Over by $19.15 1 category over budget Total",
                 "`1 category over budget` **over budget** when"):
        check_leaks(text, budget)
    with pytest.raises(FeedbackLeak, match=r"functional/totals\.test\.tsx"):
        check_leaks("all five expense `categories` can be **over budget** at once", budget)


def test_the_fixed_messages_are_never_redacted(tmp_path: Path) -> None:
    """Measured on the CI mutants: the app_hang message shares `time limit.` with a hidden
    component test of budget; a fixed message is the plugin's words, never the suite's."""
    from pytest_revylbench.tasks.loading import available_tasks

    tests = [TestResult(nodeid=f"x::t{n}", name=f"t{n}", role=role, tier=tier, stage=stage,
                        verdict=Verdict.FAIL, fault=fault, reason="RuntimeError: t")
             for n, fault in enumerate([None, *Fault])
             for role, tier, stage in (("stage", "flow", "accounts"), ("other", "functional", None))]
    for task_id in available_tasks(REPO / "tasks"):
        task = load_task(REPO / "tasks", REPO / "suites", task_id)
        grade = record(*tests).model_copy(update={"task": task_id})
        bundle = write_feedback(grade, task, tmp_path / task_id)
        assert bundle.redactions == (), task_id
        assert len({f.message for f in bundle.feedback.failures}) > 5


def test_every_tasks_item_names_are_public() -> None:
    """Names are built from the public task.toml: no real task gets one redacted."""
    from pytest_revylbench.tasks.loading import available_tasks

    for task_id in available_tasks(REPO / "tasks"):
        task = load_task(REPO / "tasks", REPO / "suites", task_id)
        names = [*item_names(task), "Component test 7", "Additional check 3"]
        assert len(names) > 15 and "Contract: screen[transactions]" in item_names(load_task(
            REPO / "tasks", REPO / "suites", "budget"))
        assert [n for n in names if find_leak(n, task)] == [], task_id


# -- a task of our own: unnamed test IDs, and properties of build + guard ------------------

TASK_TOML = """\
schema = 1
id = "demo"
title = "Demo"
version = "0.1.0"
archetype = "test-fixture"
platforms = ["web"]
[[stages]]
id = "one"
name = "One"
instruction = "steps/01/instruction.md"
[[stages]]
id = "two"
name = "Two"
instruction = "steps/02/instruction.md"
[[stages]]
id = "three"
name = "Three"
instruction = "steps/03/instruction.md"
[journey]
id = "trip"
name = "Trip"
"""


def make_task(root: Path, instruction: str, hidden: str, suite_py: str = "") -> Task:
    for rel, text in {"tasks/demo/task.toml": TASK_TOML, "tasks/demo/instruction.md": instruction,
                      **{f"tasks/demo/steps/0{n}/instruction.md": "Stage.\n" for n in (1, 2, 3)},
                      "suites/demo/test_demo.py": suite_py, "suites/demo/mutants/m/mutant.toml": hidden,
                      "suites/demo/reference/App.tsx": "<Text>Reference heading</Text>\n"}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return load_task(root / "tasks", root / "suites", "demo")


def test_test_ids_the_public_files_do_not_name_are_replaced(tmp_path: Path) -> None:
    suite = (
        "def test_one(app):\n"
        "    app.see('Hello', at='greeting-panel-x', criterion='the greeting is shown')\n"
        "    app.see('Bye', at='row-one')\n"
        "    app.tap(test_id=f'secretive-{n}')\n"
    )
    task = make_task(tmp_path, "Show `Hello` (test ID `row-{key}`).\n", "", suite)
    failed = Evidence(criterion="'row-one' shows 'Bye'", expected="'Bye'",
                      observed="no visible element with test ID 'greeting-panel-x'; nor secretive-7",
                      passed=False)
    test = TestResult(nodeid="n", name="test_one", role="stage", stage="one", verdict=Verdict.FAIL,
                      evidence=(failed,))
    (entry,) = build_feedback(record(test).model_copy(update={"task": "demo"}), task, tmp_path).failures
    assert entry.criterion == "'row-one' shows 'Bye'"
    assert entry.observed == "no visible element with test ID '(a test ID)'; nor (a test ID)"


SECRET = st.text("0123456789", min_size=10, max_size=16).map(lambda s: f"QX{s}")
WORDS = st.lists(st.text("abcdefghij", min_size=1, max_size=9), min_size=1, max_size=6).map(" ".join)
GRADER_FIELDS = ("criterion", "expected", "message")


def _leaks(secrets: list[str], text: str) -> bool:
    folded = normalise(text)
    return any(s[i:i + 12] in folded for s in secrets for i in range(len(s) - 11))


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(public=st.lists(WORDS, min_size=1, max_size=5), secrets=st.lists(SECRET, min_size=1, max_size=3),
       data=st.data())
def test_every_bundle_is_written_and_no_grader_field_shows_a_secret(
    public: list[str], secrets: list[str], data: st.DataObject
) -> None:
    """Whatever the app shows, the bundle is written; what the app showed comes back as it was;
    a grader field is withheld exactly when it holds a 12-character window of hidden text, and
    is otherwise as graded."""
    piece = st.one_of(st.sampled_from(public), st.sampled_from(secrets),
                      st.sampled_from(secrets).map(lambda s: s[:11]))  # 11 characters are no leak
    mixed = st.lists(piece, min_size=1, max_size=4).map(" ".join)

    def tests() -> list[TestResult]:
        made = []
        stages = data.draw(st.lists(st.sampled_from(["one", "two", "three"]), max_size=3))
        for n, stage in enumerate(stages):
            evidence = [
                Evidence(criterion=data.draw(mixed), expected=data.draw(mixed), observed=data.draw(mixed),
                         passed=data.draw(st.booleans()))
                for _ in range(data.draw(st.integers(0, 2)))
            ]
            made.append(TestResult(
                nodeid=f"n{n}", name=f"t{n}", role="stage", stage=stage, evidence=tuple(evidence),
                verdict=data.draw(st.sampled_from(list(Verdict))),
                fault=data.draw(st.sampled_from([None, *Fault])),
                reason=data.draw(mixed), console_errors=tuple(data.draw(st.lists(mixed, max_size=2))),
            ))
        return made

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        # Hidden text mixes public words and secrets, glued by `¤`, which no bundle holds.
        hidden = "¤".join(public + secrets)
        instruction = "\n".join(public) + "\n"
        task = make_task(root, instruction, f"description = '''{hidden}'''\n", f"'''{hidden}'''\n")
        made = tests()
        grade = record(*made).model_copy(update={"task": "demo"})
        bundle = write_feedback(grade, task, root / "run")  # never refused
        assert (root / "run/feedback/feedback.json").is_file()
        written = Feedback.model_validate_json((root / "run/feedback/feedback.json").read_text())
        assert written == bundle.feedback
        failing = [t for t in made if t.verdict is not Verdict.PASS]
        assert len(written.failures) == len(failing)
        cuts = 0
        for test, entry in zip(failing, written.failures, strict=True):
            failed = next((e for e in test.evidence if not e.passed), None)
            # The app's own output comes back as it was, secrets or not.
            assert entry.observed == (failed.observed if failed else None)
            assert entry.launch_errors == test.console_errors
            graded = {"criterion": failed.criterion, "expected": failed.expected} if failed else {}
            for field in GRADER_FIELDS:
                shown = getattr(entry, field)
                if shown is None:
                    continue
                assert not _leaks(secrets, shown)
                if field in graded:
                    leaked = _leaks(secrets, graded[field])
                    assert shown == (withheld(field) if leaked else graded[field])
                    cuts += leaked
        assert not any(_leaks(secrets, name) for name in written.verdicts)
        assert written.withheld == cuts == len(bundle.redactions)
        assert all(r.hidden_file == "suites/demo/test_demo.py" for r in bundle.redactions)
        event("redacted" if cuts else "nothing to redact")
        text = data.draw(mixed)
        leaked = _leaks(secrets, text)
        try:
            check_leaks(text, task)
        except FeedbackLeak:
            assert leaked
        else:
            assert not leaked


# The hidden component tests' titles, as a grade records them (item names of the functional tier).
JEST_TITLES = ("totals \u203a derived \u203a amounts in the millions get every thousands comma",
               "transactions \u203a forms \u203a an expense saved without picks goes to Housing")


def bench_shaped(run_dir: Path, kind: Fault | None) -> GradeRecord:
    """The edit-applied-twice grade, plus its component tests (one passed, one failed), ended
    with failure kind `kind` as `grading.finish` records it."""
    graded = mutant_record(run_dir)
    component = tuple(
        TestResult(nodeid=f"budget/functional/{title.split(' ')[0]}.test.tsx::{title}", name=title,
                   role="other", tier="functional", verdict=verdict,
                   fault=None if verdict is Verdict.PASS else Fault.CHECK_FAILED,
                   reason="" if verdict is Verdict.PASS else f"expected '$1,234,567.00': {title}")
        for title, verdict in zip(JEST_TITLES, (Verdict.PASS, Verdict.FAIL), strict=True))
    build = None if kind is not Fault.BUILDER_FAULT else BuildResult(
        ok=False, seconds=1.0, log_path="build.log", log_tail="Error: EROFS store",
        reason="keep the build: read-only", fault=kind)
    return graded.model_copy(update={
        "tests": (*graded.tests, *component), "failure_kind": kind, "build": build,
        "status": GradeStatus.COMPLETED if kind is None else GradeStatus.INFRA_FAILURE})


@pytest.mark.parametrize("kind", sorted(BENCH_FAULTS))
def test_a_bench_fault_grade_s_bundle_shows_no_verdict_of_a_hidden_test(
    budget: Task, tmp_path: Path, kind: Fault
) -> None:
    """Graded again and never charged, a bench-fault grade would hand a submission that can end
    its grade as the bench's the hidden tests' verdicts for nothing: its bundle (and the page of
    it) says only that the bench failed and that the submission will be graded again."""
    graded = bench_shaped(tmp_path, kind)
    bundle = write_feedback(graded, budget, tmp_path)
    write_redacted_scorecard(bundle.folder, tmp_path, task_index(budget))
    files = sorted(p.name for p in bundle.folder.iterdir())
    assert files == ["feedback.json", "feedback.md"]  # no screenshot, no video
    written = Feedback.model_validate_json((bundle.folder / "feedback.json").read_text())
    assert written.verdicts == {} and written.failures == () and written.build_log is None
    assert written.bench_fault is not None and f"({kind.value})" in written.bench_fault
    assert "graded again" in written.bench_fault and "not counted against you" in written.bench_fault
    page = (tmp_path / "scorecard-redacted.html").read_text()
    shown = bundle_text(bundle.folder) + page
    hidden_words = [*JEST_TITLES, "Component test", "Stage ", "Journey", "$502.75", "EROFS", "Over by"]
    assert [w for w in hidden_words if w.lower() in shown.lower()] == []
    assert re.findall(r"\b(pass|fail|not.run)\b", bundle_text(bundle.folder)) == []
    assert 'data-component="' not in page and '<section class="test' not in page


def test_the_same_grade_without_a_bench_fault_shows_its_verdicts(budget: Task, tmp_path: Path) -> None:
    """The control of the test above: what it looks for is there when the grade is the agent's."""
    written = write_feedback(bench_shaped(tmp_path, None), budget, tmp_path).feedback
    assert written.bench_fault is None
    assert written.verdicts["Component test 2"] is Verdict.FAIL
    assert written.verdicts["Stage 3: Budgets and edits"] is Verdict.FAIL


def test_a_test_the_pixel_audit_failed_sends_the_crop_and_no_hidden_text(
        budget: Task, tmp_path: Path) -> None:
    from pytest_revylbench.records.audit import AuditedCheck, PixelAudit

    shot, crop = tmp_path / "tests/t/03-step.png", tmp_path / "tests/t/audit-1.png"
    shot.parent.mkdir(parents=True)
    shot.write_bytes(PNG)
    crop.write_bytes(PNG + b"crop")
    node = "suites/budget/test_budget.py::test_stage_1_accounts"
    forged = result(
        "test_stage_1_accounts", "stage", "accounts", Verdict.FAIL, fault=Fault.TAMPERED,
        reason="the pixel audit: ... (',' missing); crop: tests/t/audit-1.png",
        evidence=[Evidence(criterion="Checking's balance is its opening balance",
                           expected="'$2,787.05'", observed="'$2,787.05'", passed=True,
                           after="tests/t/03-step.png")],
        screenshots=[Screenshot(path="tests/t/03-step.png", step="end of test")],
    )
    audit = PixelAudit(rate=1.0, seed="s", eligible=1, outside=0, checks=(AuditedCheck(
        test=node, check=0, screenshot="tests/t/03-step.png", verdict="not_shown",
        read="$2787.05", distance=1, why="',' missing", crop="tests/t/audit-1.png"),))
    graded = record(forged).model_copy(update={"pixel_audit": audit})
    folder = write_feedback(graded, budget, tmp_path).folder
    (entry,) = Feedback.model_validate_json((folder / "feedback.json").read_text()).failures
    assert entry.message is not None and "what the app draws differs" in entry.message
    assert entry.crop == "stage-1-crop.png" and (folder / "stage-1-crop.png").read_bytes() == PNG + b"crop"
    text = bundle_text(folder)
    assert "2,787.05" not in text and "Checking's balance" not in text
