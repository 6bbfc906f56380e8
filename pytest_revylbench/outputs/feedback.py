"""The feedback bundle that goes back to the agent after every grade.

`reports/<run>/feedback/` holds `feedback.json` (a `Feedback`), `feedback.md` and the
screenshots of what did not pass, under neutral names (`stage-3-before.png`), with the video
of a stage or journey that did not pass when the grade kept one (`stage-3-video.webm`). The bundle is
built from the `GradeRecord` by an explicit whitelist: each field is set from one chosen
record field. Exception texts, test names, node ids, suite paths, timeouts and report paths
are never chosen; a test that stopped without a failed check gets a fixed message. Test IDs
of the suite that the public files do not name (`{id}` in a name stands for any key) are
replaced by "(a test ID)".

Two kinds of text reach the bundle, and only one is leak-checked:
- **What the grader authored** (item names, criteria, expected values, reasons) may carry
  words of the hidden suite, so each such field is checked by the leak guard (`leakguard`).
  A field that would show hidden text is *redacted*: replaced, alone, by a neutral message
  ("expected value withheld: it would reveal a hidden check"); the rest of the bundle is
  written as built, `feedback.json` counts the withheld fields (`withheld`) and the grade
  records which field and which hidden file (`GradeRecord.feedback.redactions`).
- **What the agent's app produced** (the observed screen text, the console errors of its own
  code, its screenshots, its build log) goes back unchecked. The app can only show what its
  own code renders, so showing it back reveals nothing the agent does not have; and checking
  it withheld feedback for ordinary bugs, because a screen shares phrases with the hidden
  component tests (`1 category over budget`). The grader's own words around it are fixed
  phrases of `App` ("the screen shows: …"), the texts the check looked for (which a suite may
  only take from the specification: `specstrings`, tests/unit/tasks/test_suite_strings.py) and test
  IDs, scrubbed as above.

A grade that ended as the bench's fault (a kind outside `AGENT_FAULTS`: `builder_fault`,
`device_fault`, `timeout` …) is graded again and never charged, so its bundle says only that:
no item, verdict, screenshot, video or build log. Otherwise any submission that could make its
grade end as the bench's (a build that trips the builder after the component tests ran) would
get the hidden tests' verdicts for free, again and again.

A bundle is never withheld: `write_feedback` either writes it or raises the error that
stopped it (a full disk, a permission), which the grade records as a bench fault.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pytest_revylbench.outputs.leakguard import ITEM_LABELS, LeakIndex, task_index
from pytest_revylbench.records.base import Record
from pytest_revylbench.records.grade import GradeRecord, Redaction, TestResult
from pytest_revylbench.records.ledger import party_of
from pytest_revylbench.records.vocabulary import BENCH_FAULTS, Fault, Tier, Verdict
from pytest_revylbench.tasks.loading import Task

_MAX_ERRORS, _MAX_ERROR_CHARS, _MAX_LOG_LINES = 20, 500, 40
_UNFINISHED = "This {kind} could not be checked to the end: "
_MESSAGES = {
    Fault.CHECK_FAILED: "A check of this {kind} did not hold.",
    Fault.CANDIDATE_ERROR: _UNFINISHED + "the app did not accept one of the test's actions "
    "(a control was covered, detached or not interactable).",
    Fault.APP_CRASH: "The app did not start, or did not stay up, after launch.",
    Fault.APP_HANG: "The app stopped answering: it rendered nothing within the launch time "
    "limit, its page stopped responding (its script never yields), or its code kept the "
    "component tests running past their time limit.",
    Fault.BUILD_FAILED: "Not run: the build failed.",
    Fault.TAMPERED: "Not credited: the submission's code interfered with the recording of the "
    "hidden component tests' results, so the whole functional tier scores 0 (charged to you).",
    Fault.DRIVER_ERROR: _UNFINISHED + "the app stopped responding to the test.",
    Fault.TIMEOUT: "Not run: the grade ran out of time; this is not counted against you.",
}
_DRAWN = ("Not credited: what the app draws differs from the text its page holds (the grader read "
          "a passing check's element back from its screenshot), so no device test of this grade "
          "is credited (charged to you).")
"""A device test failed by the pixel audit (`scoring/pixel_audit.py`)."""
_BENCH = "Not run: the grading machine had a fault; this is not counted against you."
_BENCH_GRADE = ("This grade was stopped by a fault of the grading machine ({kind}), not of your "
                "submission: it is not counted against you, and the submission will be graded "
                "again. A grade the bench did not finish shows no results.")
BENCH_GRADE_MESSAGES = frozenset(_BENCH_GRADE.format(kind=fault.value) for fault in BENCH_FAULTS)
"""The whole message of a bench-fault grade's bundle, for each bench fault: the plugin's words."""
_DID_NOT_PASS = "This {kind} did not pass."
GraderField = Literal["name", "criterion", "expected", "message"]
_WITHHELD_WHAT: dict[GraderField, str] = {
    "name": "name", "criterion": "criterion", "expected": "expected value", "message": "reason",
}


def withheld(field: GraderField) -> str:
    """The neutral message that replaces a grader-authored field carrying hidden text."""
    return f"{_WITHHELD_WHAT[field]} withheld: it would reveal a hidden check"


class FailedTest(Record):
    """A stage or the journey that did not pass, in the task's own words."""

    name: str
    """Public name: `Stage 3: Budgets and edits` or `Journey: Closing the month`."""
    verdict: Verdict
    """`fail` (a check did not hold, or the test could not finish) or `not_run`."""
    criterion: str | None = None
    """The requirement that did not hold, in plain words; None when no check decided."""
    expected: str | None = None
    """What the check expected the screen to show."""
    observed: str | None = None
    """What the screen showed instead."""
    message: str | None = None
    """Why the test ended without a failed check, when it did."""
    before: str | None = None
    """File name (in this folder) of the screenshot taken before the failed check."""
    after: str | None = None
    """File name of the screenshot taken when the check failed, or when the test stopped."""
    launch_errors: tuple[str, ...] = ()
    """Errors the app wrote to its console during the test (web: the browser log)."""
    crop: str | None = None
    """File name (in this folder) of the part of a screenshot where the app's page held a
    check's text and drew something else (the pixel audit), when that is why it failed."""
    video: str | None = None
    """File name (in this folder) of the screen recording of a stage or the journey that did
    not pass, when the grade kept one (`--video`): it shows only the app's own screen."""


class Feedback(Record):
    """What goes back to the agent after a grade: `feedback/feedback.json`."""

    version: Literal[1] = 1
    """Version of this format."""
    task: str
    """The task's id."""
    submission_digest: str
    """Which submission this is about: sha256 over its file names and contents."""
    verdicts: dict[str, Verdict]
    """Each stage and the journey by public name, in task order: pass, fail or not_run."""
    failures: tuple[FailedTest, ...] = ()
    """One entry per stage or journey that did not pass; passing tests are not described."""
    build_log: str | None = None
    """For a submission that did not build: the end of the build's output."""
    withheld: int = 0
    """How many fields above were replaced by a neutral message ("… withheld: it would reveal
    a hidden check") because they would have shown the hidden suite; what they said is not
    recorded here."""
    bench_fault: str | None = None
    """Set when the grade ended in a fault of the grading machine: that it failed and that the
    submission will be graded again. Such a bundle has no verdict, failure or build log."""


@dataclass(frozen=True)
class FeedbackBundle:
    """A written bundle: its folder, its content and the fields it withheld."""

    folder: Path
    feedback: Feedback
    redactions: tuple[Redaction, ...]


class _Guard:
    """Checks the grader-authored fields of one bundle, redacting those that leak."""

    def __init__(self, index: LeakIndex) -> None:
        self.index = index
        self.redactions: list[Redaction] = []
        self.names: dict[str, tuple[str, str | None]] = {}

    def field(self, item: str, field: GraderField, text: str) -> str:
        leak = self.index.find(text)
        if leak is None:
            return text
        self.redactions.append(Redaction(item=item, field=field, hidden_file=leak.hidden_file))
        return withheld(field)

    def name(self, name: str) -> tuple[str, str | None]:
        """(name to show, file stem to use instead of the item's, or None) of an item name."""
        if name not in self.names:
            leak = self.index.find(name)
            if leak is None:
                self.names[name] = (name, None)
            else:
                n = sum(stem is not None for _, stem in self.names.values()) + 1
                shown = f"Item {n} ({withheld('name')})"
                self.names[name] = (shown, f"item-{n}")
                self.redactions.append(Redaction(item=shown, field="name", hidden_file=leak.hidden_file))
        return self.names[name]


_BUILTIN = ITEM_LABELS
"""Tiers whose items are made from the public task.toml: their names and reasons are public."""


def _identity(test: TestResult, task: Task, others: int) -> tuple[str, str, str]:
    """(public name, neutral file stem, kind word) of a test; never its function name.

    A built-in subtest of the build, contract or visual tier is named after its public
    declaration; a hidden jest test only by its number (its title is hidden text).
    """
    if test.role == "stage":
        for n, stage in enumerate(task.spec.stages, 1):
            if stage.id == test.stage:
                return f"Stage {n}: {stage.name}", f"stage-{n}", "stage"
    if test.role == "journey":
        return f"Journey: {task.spec.journey.name}", "journey", "journey"
    if test.tier in _BUILTIN and test.nodeid.rsplit("::", 1)[-1] == test.name:
        stem = re.sub(r"[^a-z0-9]+", "-", f"{test.tier}-{test.name}".lower()).strip("-")
        return f"{_BUILTIN[test.tier]}: {test.name}", stem, "check"
    if test.tier == Tier.FUNCTIONAL:
        return f"Component test {others}", f"component-{others}", "component test"
    return f"Additional check {others}", f"check-{others}", "check"


def _public_reason(test: TestResult) -> str | None:
    """The reason of a built-in build or contract subtest: made from the public task.toml,
    the submission's own files and the tools' output on them, never from the hidden suite."""
    if test.tier in (Tier.BUILD, Tier.CONTRACT) and test.fault is Fault.CHECK_FAILED and test.reason:
        return test.reason.removeprefix("ContractBroken: ")[:_MAX_ERROR_CHARS]
    return None


def _screenshot(rel: str | None, run_dir: Path) -> Path | None:
    if not rel:
        return None
    path = (run_dir / rel).resolve()
    inside = path.is_relative_to(run_dir.resolve())
    return path if inside and path.suffix.lower() == ".png" and path.is_file() else None


_VIDEO_SUFFIXES = (".webm", ".mp4")


def _video(test: TestResult, run_dir: Path) -> Path | None:
    """The recording of a failed stage or journey (never of a hidden component test, which
    has none), when it is a video file inside the report folder."""
    if test.role not in ("stage", "journey") or test.video is None or not test.video.path:
        return None
    path = (run_dir / test.video.path).resolve()
    inside = path.is_relative_to(run_dir.resolve())
    return path if inside and path.suffix.lower() in _VIDEO_SUFFIXES and path.is_file() else None


_KINDS = ("stage", "journey", "check", "component test")
FIXED_MESSAGES = frozenset(
    template.format(kind=kind)
    for template in (*_MESSAGES.values(), _BENCH, _DID_NOT_PASS, _DRAWN) for kind in _KINDS
)
"""Every fixed test-level message: the plugin's own words, which show nothing of a suite."""


def _message(test: TestResult, kind: str) -> str:
    """The fixed test-level message for a test that ended without a failed check."""
    if test.fault is None:
        return _DID_NOT_PASS.format(kind=kind)
    if test.fault is Fault.TAMPERED and test.tier != Tier.FUNCTIONAL:
        return _DRAWN
    fallback = _BENCH if test.fault in BENCH_FAULTS else _DID_NOT_PASS
    return _MESSAGES.get(test.fault, fallback).format(kind=kind)


def _build(
    record: GradeRecord, task: Task, run_dir: Path
) -> tuple[Feedback, dict[str, Path], tuple[Redaction, ...]]:
    if record.failure_kind is not None and party_of(record.failure_kind) == "bench":
        return Feedback(task=record.task, submission_digest=record.submission_digest, verdicts={},
                        bench_fault=_BENCH_GRADE.format(kind=record.failure_kind.value)), {}, ()
    index = task_index(task)
    guard = _Guard(index)
    verdicts = {guard.name(f"Stage {n}: {s.name}")[0]: Verdict.NOT_RUN
                for n, s in enumerate(task.spec.stages, 1)}
    verdicts[guard.name(f"Journey: {task.spec.journey.name}")[0]] = Verdict.NOT_RUN
    rank, seen = {Verdict.PASS: 0, Verdict.NOT_RUN: 1, Verdict.FAIL: 2}, set()
    failures: list[FailedTest] = []
    shots: dict[str, Path] = {}
    others = 0
    for test in record.tests:
        others += test.role not in ("stage", "journey")
        name, stem, kind = _identity(test, task, others)
        name, renamed = guard.name(name)
        stem = renamed or stem
        if name not in seen or rank[test.verdict] > rank[verdicts[name]]:
            verdicts[name] = test.verdict
        seen.add(name)
        if test.verdict is Verdict.PASS:
            continue
        stem = f"{stem}-{len(failures) + 1}" if any(f.name == name for f in failures) else stem
        failed = next((e for e in test.evidence if not e.passed), None)
        last = test.screenshots[-1].path if test.screenshots else None
        moments = {"before": failed.before, "after": failed.after} if failed else {"after": last}
        files: dict[str, str] = {}
        for moment, rel in moments.items():
            source = _screenshot(rel, run_dir)
            if source is not None:
                files[moment] = f"{stem}-{moment}.png"
                shots[files[moment]] = source
        crop = next((c.crop for c in record.pixel_audit.not_shown if c.test == test.nodeid),
                    None) if record.pixel_audit is not None else None
        crop_file = _screenshot(crop, run_dir)
        if crop_file is not None:
            files["crop"] = f"{stem}-crop.png"
            shots[files["crop"]] = crop_file
        video = _video(test, run_dir)
        if video is not None:
            files["video"] = f"{stem}-video{video.suffix.lower()}"
            shots[files["video"]] = video
        # The app's own output: scrubbed of unnamed test IDs, never leak-checked.
        errors = tuple(index.scrub(e[:_MAX_ERROR_CHARS]) for e in test.console_errors[:_MAX_ERRORS])
        observed = index.scrub(failed.observed) if failed else None
        # The grader's words: the first failed check's, never the exception that ended the test.
        if failed is None:
            public = _public_reason(test)
            # A fixed message is the plugin's own words: it shows nothing of the suite, whatever
            # window it happens to share with it (`time limit.`), so only a reason is checked.
            message = guard.field(name, "message", index.scrub(public)) if public else _message(test, kind)
            reasons = {"message": message}
        else:
            reasons = {
                "criterion": guard.field(name, "criterion", index.scrub(failed.criterion)),
                "expected": guard.field(name, "expected", index.scrub(failed.expected)),
            }
        failures.append(FailedTest(name=name, verdict=test.verdict, observed=observed,
                                   launch_errors=errors, **reasons, **files))
    build, log = record.build, None
    if build is not None and not build.ok and build.fault in (None, Fault.BUILD_FAILED, Fault.TAMPERED):
        tail = "\n".join(build.log_tail.splitlines()[-_MAX_LOG_LINES:])
        # Paths in the log point into the grader's work folder; the agent knows its files relatively.
        log = index.scrub(re.sub(rf"\S*/{re.escape(record.run_id)}/", "", tail))
    redactions = tuple(guard.redactions)
    feedback = Feedback(task=record.task, submission_digest=record.submission_digest,
                        verdicts=verdicts, failures=tuple(failures), build_log=log,
                        withheld=len(redactions))
    return feedback, shots, redactions


def build_feedback(record: GradeRecord, task: Task, run_dir: Path) -> Feedback:
    """The agent's feedback on `record`, field by field from whitelisted record fields."""
    return _build(record, task, run_dir)[0]


def _fence(text: str) -> str:
    ticks = "`" * max(3, 1 + max(map(len, re.findall(r"`+", text)), default=0))
    return f"{ticks}text\n{text}\n{ticks}"


def render_markdown(feedback: Feedback) -> str:
    """`feedback.md`: the content of `feedback.json`, for reading."""
    lines = [f"# Feedback on your submission for task `{feedback.task}`", "",
             f"Submission `{feedback.submission_digest}`.", ""]
    if feedback.bench_fault is not None:
        return "\n".join([*lines, feedback.bench_fault]) + "\n"
    lines += [f"- {name}: {verdict.value.replace('_', ' ')}" for name, verdict in feedback.verdicts.items()]
    if feedback.withheld:
        fields = "1 field" if feedback.withheld == 1 else f"{feedback.withheld} fields"
        lines += ["", f"{fields} of this feedback withheld: it would reveal a hidden check; "
                  "everything else is as graded."]
    for item in feedback.failures:
        lines += ["", f"## {item.name}: {item.verdict.value.replace('_', ' ')}", ""]
        lines += [item.message] if item.message is not None else []
        lines += [f"Criterion: {item.criterion}"] if item.criterion is not None else []
        for label, value in (("Expected", item.expected), ("Observed", item.observed)):
            lines += ["", f"{label}:", "", _fence(value)] if value is not None else []
        shots = [f"{moment} `{file}`" for moment, file in (("before", item.before), ("after", item.after))
                 if file]
        lines += ["", "Screenshots: " + ", ".join(shots) + "."] if shots else []
        lines += ["", f"Where the drawn text differs: `{item.crop}`."] if item.crop else []
        lines += ["", f"Video of the test: `{item.video}`."] if item.video else []
        if item.launch_errors:
            lines += ["", "Console errors:", "", _fence("\n".join(item.launch_errors))]
    if feedback.build_log is not None:
        lines += ["", "## The end of the build log", "", _fence(feedback.build_log)]
    return "\n".join(lines) + "\n"


def write_feedback(record: GradeRecord, task: Task, run_dir: Path) -> FeedbackBundle:
    """Write `run_dir/feedback/` at once (built aside, then renamed).

    Grader-authored fields that would show hidden text are redacted, never the bundle; an
    error that stops the writing (OSError …) leaves no partial folder and is raised.
    """
    feedback, shots, redactions = _build(record, task, run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    target = run_dir / "feedback"
    staging = Path(tempfile.mkdtemp(prefix=".feedback-", dir=run_dir))
    retired = staging.with_name(staging.name + "-old")
    try:
        (staging / "feedback.json").write_text(feedback.model_dump_json(indent=2) + "\n", encoding="utf-8")
        (staging / "feedback.md").write_text(render_markdown(feedback), encoding="utf-8")
        for name, source in sorted(shots.items()):
            shutil.copyfile(source, staging / name)
        staging.chmod(0o755)  # mkdtemp makes it private to the grader
        if target.exists():
            target.rename(retired)
        staging.rename(target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(retired, ignore_errors=True)
    return FeedbackBundle(target, feedback, redactions)
