"""Everything one grade decided: each hidden test's result and the grade record
(`reports/<run>/grade.json`)."""

from __future__ import annotations

from typing import Literal

from pytest_revylbench.records.audit import PixelAudit
from pytest_revylbench.records.base import Record
from pytest_revylbench.records.build import BuildResult
from pytest_revylbench.records.reward import GradeVector, Reward
from pytest_revylbench.records.vocabulary import Fault, GradeStatus, Platform, Tier, Trust, Verdict


class Screenshot(Record):
    path: str
    """Relative to the run's report folder."""
    step: str


class Shown(Record):
    """What a passing text check read of one element, and where it was drawn: what the pixel
    audit (`scoring/pixel_audit.py`) holds the check's screenshot to."""

    text: str
    """The element's rendered text as the grader's read found it, whitespace collapsed."""
    x: float
    y: float
    width: float
    height: float
    """The element's box in CSS pixels of the viewport, when the check judged it."""
    viewport_width: float
    viewport_height: float
    """The viewport in CSS pixels (the screenshot covers it at the device's pixel ratio)."""


class Evidence(Record):
    """One check a test made, with what the screen showed."""

    criterion: str
    """The plain-words requirement this check proves."""
    expected: str
    observed: str
    passed: bool
    before: str | None = None
    """Screenshot taken before the check (report-relative path)."""
    after: str | None = None
    """Screenshot taken when the check was decided."""
    tree: str | None = None
    """The UI tree the check judged (web: the page's DOM; native: the accessibility tree),
    captured with its `after` screenshot and stored beside it (report-relative; `.gz` when
    large)."""
    tree_sha256: str | None = None
    """sha256 of the tree file as stored (`sha256:<hex>`)."""
    video_s: float | None = None
    """When the check was decided, in seconds from the start of its test's video (None: the
    test was not recorded)."""
    shown: tuple[Shown, ...] = ()
    """A passing text check's elements and their boxes, when its `after` screenshot shows the
    screen it judged (web only; empty otherwise)."""


class Video(Record):
    """The screen recording of one test (`--video`)."""

    path: str | None
    """Report-relative (web: WebM/VP9; iOS/Android: Appium's MP4); None when the grade's video
    budget dropped it (`dropped` says why)."""
    duration_s: float
    frames: int
    """Frames in the file (0 where the file was not decoded)."""
    bytes: int
    dropped: str = ""
    """Why there is no file: deleted after the test by the grade's `--video-budget-mb`
    ("dropped: …"), or never made because the recording could not start or end ("not
    recorded: …"); else ""."""


class TestResult(Record):
    """The verdict of one hidden test, with its evidence."""

    __test__ = False  # not a test class, whatever pytest thinks of the name
    version: Literal[1] = 1
    nodeid: str
    name: str
    role: Literal["stage", "journey", "other"]
    stage: str | None = None
    """Stage id for stage tests, journey id for the journey."""
    verdict: Verdict
    fault: Fault | None = None
    reason: str = ""
    """The first failed criterion, or why the test did not run."""
    duration_s: float = 0.0
    tier: Tier | None = None
    """The tier this subtest belongs to (`tier(...)` marker; stage and journey tests: flow)."""
    bench_s: float = 0.0
    """Seconds spent waiting for a device, starting it and launching the app (bench time)."""
    device: str | None = None
    """The pool device the (last attempt of the) test ran on."""
    attempts: int = 1
    """How many times the test ran: more than one after a bench fault was retried."""
    evidence: tuple[Evidence, ...] = ()
    screenshots: tuple[Screenshot, ...] = ()
    console_errors: tuple[str, ...] = ()
    """Errors the app wrote to its console while the test ran (web: the browser log): the
    first 50, each cut to 2,000 characters (`app.evidence.MAX_CONSOLE_ERRORS`)."""
    console_dropped: int = 0
    """Console errors after the first 50: counted, not kept."""
    video: Video | None = None
    """The test's screen recording (`--video`); None when it was not recorded or kept."""


class Redaction(Record):
    """A grader-authored field of the feedback bundle replaced by a neutral message, because
    it would have shown hidden text."""

    item: str
    """The public name of the bundle entry the field belongs to (as in feedback.json)."""
    field: Literal["name", "criterion", "expected", "message"]
    """Which field of that entry was withheld."""
    hidden_file: str
    """The hidden file whose text it carried (`suites/<task>/...`)."""


class FeedbackResult(Record):
    """What became of the grade's feedback bundle (`feedback/`)."""

    written: bool
    """The bundle was written; when False the grade is the bench's fault (feedback_fault)."""
    redactions: tuple[Redaction, ...] = ()
    """Each field withheld from the bundle; the rest of the bundle is as built."""
    error: str = ""
    """Why the bundle could not be written, when it was not."""


class Interruption(Record):
    """Why a grade stopped early, and how far it got."""

    reason: str
    """What stopped it: `SIGTERM`, `SIGINT`, `the grade's time limit (900 s)`, `a crash of the
    grader: …`."""
    fault: Fault
    """`no_report` or `runner_crash` (the bench stopped it), `timeout` (its time limit), or
    `app_hang` (its time limit, after the app hung)."""
    finished: tuple[str, ...] = ()
    """Node ids of the items that ran to a verdict."""
    not_finished: tuple[str, ...] = ()
    """Node ids of the items that did not (each is in `tests` as not_run with `fault`)."""


class GradeRecord(Record):
    """Everything one grade decided: the content of `reports/<run>/grade.json`."""

    version: Literal[1] = 1
    run_id: str
    task: str
    task_version: str
    platform: Platform
    submission_digest: str
    """sha256 over the submission's file names and contents."""
    status: GradeStatus
    failure_kind: Fault | None = None
    """None for a clean grade; else what stopped it (agent: build_failed, app_crash; bench:
    device_fault, driver_error, runner_crash, builder_fault, no_report, timeout)."""
    outcome: float
    """The reward's score under the task's scheme, in [0, 1]."""
    reward: Reward
    vector: GradeVector | None = None
    """The whole vector: per tier, per subtest, per visual metric and checkpoint, per scheme."""
    build: BuildResult | None = None
    trust: Trust = "dev-untrusted"
    digests: dict[str, str] = {}
    """Provenance: sha256 digests of task, suite, submission, oracle, grader, environment."""
    environment: dict[str, str] = {}
    """The versions the environment digest was made from (Python, Node, Appium, drivers …)."""
    tests: tuple[TestResult, ...]
    started_at: str
    finished_at: str
    interruption: Interruption | None = None
    """Set when the grade was stopped before every item ran: why, what finished, what did not."""
    feedback: FeedbackResult | None = None
    """The feedback bundle for the agent: written or not, and the fields it withheld."""
    evidence_digests: dict[str, str] = {}
    """Every evidence file the grade cites (screenshots and UI trees), report-relative path →
    `sha256:<hex>`; `revylbench regrade` refuses a report whose files do not match."""
    pixel_audit: PixelAudit | None = None
    """The pixel audit of the grade's passing text checks (None: not audited: another platform,
    an oracle run, or a share of 0)."""
    seal: str = ""
    """`sha256:<hex>` of this grade.json's canonical JSON without `seal` (sorted keys, no
    spaces), written with the file: an edited grade.json no longer matches it."""
