"""The scorecard's redacted mode (`scorecard-redacted.html`): the viewer built from the feedback
bundle alone shows no hidden text, where the full page shows every criterion and tree."""

from __future__ import annotations

import html
import json
from pathlib import Path
from urllib.parse import unquote

import pytest

from pytest_revylbench.outputs.feedback import write_feedback
from pytest_revylbench.outputs.grade import write_feedback_bundle
from pytest_revylbench.outputs.leakguard import FeedbackLeak, LeakIndex, task_index
from pytest_revylbench.outputs.redacted_scorecard import write_redacted_scorecard
from pytest_revylbench.outputs.scorecard import REDACTED_SCORECARD, write_grade_scorecard
from pytest_revylbench.records.grade import Evidence, GradeRecord, Screenshot, TestResult, Video
from pytest_revylbench.records.reward import Reward
from pytest_revylbench.records.vocabulary import Fault, GradeStatus, Verdict
from pytest_revylbench.tasks.loading import Task, load_task

from .test_scorecard import Node, parse

REPO = Path(__file__).resolve().parents[3]
HIDDEN = "rvb-canary-7f3a9c1e-budget-suite"
"""A module constant of suites/budget/test_budget.py: hidden text the leak guard knows."""
HELD = "Checking's balance is its opening balance plus its seed transactions"
FAILED = "an edit changes the account balance exactly once"
PNG = b"\x89PNG\r\n\x1a\n-fake"


@pytest.fixture(scope="module")
def budget() -> Task:
    return load_task(REPO / "tasks", REPO / "suites", "budget")


@pytest.fixture(scope="module")
def index(budget: Task) -> LeakIndex:
    return task_index(budget)


def stored(run_dir: Path, rel: str, data: bytes) -> str:
    (run_dir / rel).parent.mkdir(parents=True, exist_ok=True)
    (run_dir / rel).write_bytes(data)
    return rel


def graded(run_dir: Path) -> GradeRecord:
    """Stage 1 passes; stage 3 fails a check whose criterion a (careless) suite wrote with hidden
    text in it, and the journey a check of its own; every check has a tree, stage 3 a video."""
    tree = f'<div data-testid="{HIDDEN}">Checking -$502.75</div>'.encode()
    s1 = stored(run_dir, "tests/test_stage_1_accounts/01-ok.png", PNG + b"1")
    s1_tree = stored(run_dir, "tests/test_stage_1_accounts/01-ok.html", b"<p>Checking $2,612.05</p>")
    before = stored(run_dir, "tests/test_stage_3_budgets/01-ok.png", PNG + b"2")
    after = stored(run_dir, "tests/test_stage_3_budgets/02-FAILED.png", PNG + b"3")
    before_tree = stored(run_dir, "tests/test_stage_3_budgets/01-ok.html", b"<p>Edit transaction</p>")
    after_tree = stored(run_dir, "tests/test_stage_3_budgets/02-FAILED.html", tree)
    video = stored(run_dir, "tests/test_stage_3_budgets/video.webm", b"\x1aE\xdf\xa3-fake-webm")
    journey_after = stored(run_dir, "tests/test_journey_month_close/01-FAILED.png", PNG + b"4")

    def result(name: str, role: str, stage: str, verdict: Verdict, **kw: object) -> TestResult:
        return TestResult.model_validate({"nodeid": f"suites/budget/test_budget.py::{name}", "name": name,
                                          "role": role, "stage": stage, "verdict": verdict, **kw})

    tests = (
        result("test_stage_1_accounts", "stage", "accounts", Verdict.PASS, evidence=[
            Evidence(criterion=HELD, expected="'$2,612.05'", observed="'$2,612.05'", passed=True, after=s1,
                     tree=s1_tree, video_s=0.5)], screenshots=[Screenshot(path=s1, step="end of test")]),
        result("test_stage_3_budgets", "stage", "budgets", Verdict.FAIL, fault=Fault.CHECK_FAILED,
               reason=FAILED, evidence=[
                   Evidence(criterion="pressing Edit opens the form", expected="'Edit transaction'",
                            observed="'Edit transaction'", passed=True, after=before, tree=before_tree,
                            video_s=1.0),
                   Evidence(criterion=f"{FAILED} ({HIDDEN})", expected="'-$532.75'", observed="'-$502.75'",
                            passed=False, before=before, after=after, tree=after_tree, video_s=2.5)],
               video=Video(path=video, duration_s=3.0, frames=30, bytes=20)),
        result("test_journey_month_close", "journey", "month-close", Verdict.FAIL, fault=Fault.CHECK_FAILED,
               evidence=[Evidence(criterion="'account-balance-checking' shows '$2,642.05'",
                                  expected="'$2,642.05'", observed="'$2,542.05'", passed=False,
                                  after=journey_after)]),
    )
    return GradeRecord(
        run_id="r-9", task="budget", task_version="1.0.0", platform="web", submission_digest="sha256:abc",
        status=GradeStatus.COMPLETED, outcome=0.2, tests=tests,
        reward=Reward(scheme="stages", score=0.2, stages_passed=1),
        started_at="2026-11-30T00:00:00+00:00", finished_at="2026-11-30T00:01:00+00:00",
    )


def texts(root: Node) -> list[str]:
    """Every text of a page a reader can see or follow: its text runs and attribute values."""
    found: list[str] = []
    for node in root.walk():
        found += [html.unescape(c) for c in node.children if isinstance(c, str) and c.strip()]
        found += [unquote(v) for v in node.attrs.values() if v]
    return found


def leaks(root: Node, index: LeakIndex) -> list[str]:
    return [str(leak) for text in texts(root) if (leak := index.find(text)) is not None]


def test_the_redacted_page_shows_no_hidden_text_and_the_full_page_shows_it_all(
    budget: Task, index: LeakIndex, tmp_path: Path
) -> None:
    record = graded(tmp_path)
    folder = write_feedback(record, budget, tmp_path).folder
    page = write_redacted_scorecard(folder, tmp_path, index)
    assert page == tmp_path / REDACTED_SCORECARD
    redacted = parse(page.read_text(encoding="utf-8"))
    full = parse(write_grade_scorecard(record, tmp_path).read_text(encoding="utf-8"))

    # The full page holds every check's criterion and the tree it judged; the guard sees the
    # hidden text in it (the criterion, the nodeids, the tree that names a hidden test ID).
    criteria = [c.by_class("check-criterion")[0].text for c in full.by_class("check")]
    assert criteria == [HELD, "pressing Edit opens the form", f"{FAILED} ({HIDDEN})",
                        "'account-balance-checking' shows '$2,642.05'"]
    views = [unquote(a.attrs["href"]) for a in full.by_class("tree-open")]
    assert len(views) == 3
    assert any(HIDDEN in (tmp_path / v).read_text(encoding="utf-8") for v in views)
    assert leaks(full, index)

    # The redacted page: nothing the guard would stop, and none of what only the grade holds.
    assert leaks(redacted, index) == []
    shown = "\n".join(texts(redacted))
    for never in (HIDDEN, HELD, "pressing Edit opens the form", "test_stage", "suites/", "tests/",
                  "scorecard-trees", ".html", "r-9"):
        assert never not in shown, never
    assert not redacted.by_tag("iframe") and not redacted.by_class("moment")
    assert not [n for n in redacted.walk() if "data-t" in n.attrs]

    # What the bundle carries, it shows: public names, the withheld criterion's message, the
    # expected and observed values, the screenshots and the video, all from the bundle's folder.
    chips = {li.attrs["data-component"]: li.classes - {"component"}
             for li in redacted.by_id("reward-vector").by_tag("li")}
    assert chips == {"Stage 1: Accounts and tabs": {"pass"}, "Stage 2: Transactions": {"not_run"},
                     "Stage 3: Budgets and edits": {"fail"}, "Journey: Closing the month": {"fail"}}
    stage_3, journey = redacted.by_id("tests").by_tag("section")
    assert stage_3.by_tag("h3")[0].text == "Stage 3: Budgets and edits"
    assert stage_3.by_class("check-criterion")[0].text == "criterion withheld: it would reveal a hidden check"
    assert [dd.text for dd in stage_3.by_tag("dd")] == ["'-$532.75'", "'-$502.75'"]
    assert "1 field withheld" in redacted.by_id("withheld").text
    files = [unquote(n.attrs[a]) for n in redacted.walk() for a in ("src", "href") if a in n.attrs]
    bundled = [f for f in files if f.startswith("feedback/")]
    assert sorted(set(bundled)) == ["feedback/feedback.md", "feedback/journey-after.png",
                                    "feedback/stage-3-after.png", "feedback/stage-3-before.png",
                                    "feedback/stage-3-video.webm"]
    assert all((tmp_path / f).is_file() for f in bundled)
    assert journey.by_class("check-criterion")[0].text == "'account-balance-checking' shows '$2,642.05'"


def test_a_bundle_whose_grader_text_would_leak_gets_no_page(
    budget: Task, index: LeakIndex, tmp_path: Path
) -> None:
    """The page is built from feedback.json alone, and checked again: a bundle edited to carry
    hidden text in a grader's field (a criterion) is refused, and no page is written."""
    folder = write_feedback(graded(tmp_path), budget, tmp_path).folder
    raw = json.loads((folder / "feedback.json").read_text())
    raw["failures"][1]["criterion"] = f"the check {HIDDEN} did not hold"
    (folder / "feedback.json").write_text(json.dumps(raw))
    with pytest.raises(FeedbackLeak, match=f"{REDACTED_SCORECARD}: .*suites/budget/test_budget.py"):
        write_redacted_scorecard(folder, tmp_path, index)
    assert not (tmp_path / REDACTED_SCORECARD).exists()


def test_the_grade_writes_the_page_beside_a_bundle_it_leaves_as_it_was(budget: Task, tmp_path: Path) -> None:
    """`write_feedback_bundle` adds the page beside the bundle: the bundle's files, and
    feedback.json and feedback.md byte for byte, are those `write_feedback` alone writes."""
    alone, graded_dir = tmp_path / "alone", tmp_path / "graded"
    bundle = write_feedback(graded(alone), budget, alone).folder
    written = write_feedback_bundle(graded(graded_dir), budget, graded_dir)
    assert written.result.written and written.folder == graded_dir / "feedback"
    assert (graded_dir / REDACTED_SCORECARD).is_file()
    assert sorted(p.name for p in written.folder.iterdir()) == sorted(p.name for p in bundle.iterdir())
    for name in ("feedback.json", "feedback.md"):
        assert (written.folder / name).read_bytes() == (bundle / name).read_bytes()
    full = parse(write_grade_scorecard(graded(graded_dir).model_copy(
        update={"feedback": written.result}), graded_dir).read_text(encoding="utf-8"))
    assert full.by_id("redacted-link").attrs["href"] == REDACTED_SCORECARD


def test_a_hung_app_gets_its_page_though_the_fixed_message_shares_words_with_a_comment(
    budget: Task, index: LeakIndex, tmp_path: Path
) -> None:
    """A fixed message is the plugin's own words: the bundle does not hold it against the suite,
    and neither does the page. The app-hang message ends in `time limit.`, a window a comment of
    suites/budget/functional/totals.test.tsx shares; the page used to refuse it, and every hung
    app's grade became the bench's `feedback_fault`. Now the guard itself counts the bench's
    words as public (outputs/bench_words.py): the window is no secret at all."""
    hung = TestResult.model_validate({
        "nodeid": "suites/budget/test_budget.py::test_stage_1_accounts", "name": "test_stage_1_accounts",
        "role": "stage", "stage": "accounts", "verdict": Verdict.FAIL, "fault": Fault.APP_HANG,
        "reason": "the app did not render in 2 launches"})
    record = graded(tmp_path).model_copy(update={"tests": (hung,), "status": GradeStatus.CANDIDATE_FAILURE,
                                                 "failure_kind": Fault.APP_HANG})
    folder = write_feedback(record, budget, tmp_path).folder
    message = json.loads((folder / "feedback.json").read_text())["failures"][0]["message"]
    assert "time limit." in message and "time limit." in (
        budget.suite / "functional/totals.test.tsx").read_text(encoding="utf-8")
    assert index.find(message) is None
    page = write_redacted_scorecard(folder, tmp_path, index)
    assert message in html.unescape(page.read_text(encoding="utf-8"))
