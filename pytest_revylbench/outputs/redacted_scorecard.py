"""The scorecard's redacted mode: the page of what the agent was shown.

`scorecard-redacted.html`, beside the grade's `scorecard.html`, is the same viewer built from
the feedback bundle alone (`feedback/feedback.json` and the files it names): each stage and the
journey with its public name and verdict, and for each one that did not pass the failed
criterion, what was expected and seen, the reason, the screenshots and the video the bundle
carries, the app's console errors and the build log's end (of a grade the bench did not finish:
only that, as the bundle). It cannot show more than the bundle:
it never reads grade.json, so no selector, test code, timeout, UI tree, check time or passing
check of the hidden suite can reach it.

The bundle itself is unchanged (its files, and so what the service sends the agent): the page
lives outside it, and links into it.

Before it is written, the grader-authored texts it shows (names, criteria, expected values,
reasons) go through the bundle's leak guard again; the agent's own output (observed text,
console errors, build log) is the agent's and is not held against hidden text, as in the bundle.
"""

from __future__ import annotations

from pathlib import Path

from pytest_revylbench.outputs.feedback import BENCH_GRADE_MESSAGES, FIXED_MESSAGES, Feedback
from pytest_revylbench.outputs.leakguard import FeedbackLeak, LeakIndex
from pytest_revylbench.outputs.scorecard import REDACTED_SCORECARD, render_scorecard

REDACTED_TEMPLATE = "redacted.html.j2"
BUNDLE = "feedback"
"""The bundle's folder, relative to the page."""


def shown_by_the_grader(feedback: Feedback) -> list[str]:
    """The grader-authored texts the page shows that the leak guard checks: as in the bundle,
    a fixed message is the plugin's own words and is not checked (it may share a window such
    as ` time limit.` with a suite's comment, and shows nothing of it)."""
    texts = list(feedback.verdicts)
    if feedback.bench_fault is not None and feedback.bench_fault not in BENCH_GRADE_MESSAGES:
        texts.append(feedback.bench_fault)
    for item in feedback.failures:
        texts += [t for t in (item.name, item.criterion, item.expected, item.message)
                  if t and t not in FIXED_MESSAGES]
    return texts


def check_page(feedback: Feedback, index: LeakIndex) -> None:
    """Raise FeedbackLeak when a grader-authored text of the page shows hidden text."""
    for text in shown_by_the_grader(feedback):
        leak = index.find(text)
        if leak is not None:
            raise FeedbackLeak(f"{REDACTED_SCORECARD}: {leak}")


def render_redacted_scorecard(feedback: Feedback, bundle: str = BUNDLE) -> str:
    """The page of `feedback`; its files are linked under `bundle/`."""
    return render_scorecard(REDACTED_TEMPLATE, feedback=feedback, bundle=bundle)


def write_redacted_scorecard(folder: Path, run_dir: Path, index: LeakIndex) -> Path:
    """Write `run_dir/scorecard-redacted.html` from the bundle in `folder` (its feedback.json),
    after the leak guard (`index`: the task's) passed its grader-authored texts."""
    feedback = Feedback.model_validate_json((folder / "feedback.json").read_text(encoding="utf-8"))
    check_page(feedback, index)
    bundle = folder.relative_to(run_dir).as_posix() if folder.is_relative_to(run_dir) else BUNDLE
    path = run_dir / REDACTED_SCORECARD
    path.write_text(render_redacted_scorecard(feedback, bundle), encoding="utf-8")
    return path
