"""The records that flow through a grade: task specification in, grade record out.

Every record crosses process boundaries (xdist workers, the reports folder, a later
re-scoring), so each is a pydantic model with a schema version first.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from pytest_revylbench.scoring.tiers import TierWeights, VisualMix
from pytest_revylbench.scoring.visual import VisualScore, VisualSpec, VisualSummary
from pytest_revylbench.tasks.contract import ContractSpec

Platform = Literal["web", "ios", "android"]
PLATFORMS: tuple[Platform, ...] = ("web", "ios", "android")
_ID = re.compile(r"^[a-z][a-z0-9-]*$")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


def _check_id(value: str) -> str:
    if not _ID.match(value):
        raise ValueError("must be lower-case letters, digits and dashes, starting with a letter")
    return value


Ident = Annotated[str, AfterValidator(_check_id)]

TierName = Literal["build", "functional", "flow", "contract", "visual"]
TIER_NAMES: tuple[TierName, ...] = ("build", "functional", "flow", "contract", "visual")


class StageSpec(_Frozen):
    """One cumulative build stage of a task."""

    id: Ident
    """Stable key, referenced by the suite's `stage(...)` marker."""
    name: str
    """Human name shown in reports."""
    instruction: str
    """Path of the stage's instruction file, relative to the task folder."""



class JourneySpec(_Frozen):
    """The end-to-end journey that closes a task."""

    id: Ident
    name: str



class ScoringSpec(_Frozen):
    scheme: str = "stages"
    """Name of the reward scheme; schemes are `pytest_revylbench_reward` hook implementations."""
    tiers: TierWeights = TierWeights()
    """`tiers` scheme: weight of each tier (build, functional, flow, contract), summing to 1."""
    mix: VisualMix = VisualMix()
    """`visual` scheme: weights of normalized visual fidelity and the functional tier."""
    visual: VisualSpec | None = None
    """`visual` scheme: checkpoints, floor, metric weights and masked regions."""


class BudgetSpec(_Frozen):
    max_submissions: int = Field(5, ge=1)
    """How many times an agent may submit within one rollout."""
    agent_minutes: int = Field(480, ge=1)
    """The agent's working-time budget."""


class TaskSpec(_Frozen):
    """A task as declared in `tasks/<id>/task.toml`."""

    version_schema: Literal[1] = Field(1, alias="schema")
    """Version of this file format."""
    id: Ident
    title: str
    version: str
    """The task's own version; bump it when the contract changes."""
    archetype: str
    platforms: tuple[Platform, ...]
    instruction: str = "instruction.md"
    stages: tuple[StageSpec, ...]
    journey: JourneySpec
    tiers: tuple[TierName, ...] = ("flow",)
    """The tiers the task declares; the grader collects their subtests (build: type-check,
    export, launch; functional: `suites/<id>/functional/*.test.tsx`; flow: the device tests;
    contract: `[contract]`; visual: `[scoring.visual]` checkpoints)."""
    contract: ContractSpec | None = None
    scoring: ScoringSpec = ScoringSpec()
    budgets: BudgetSpec = BudgetSpec()


    @field_validator("stages")
    @classmethod
    def _three_stages(cls, stages: tuple[StageSpec, ...]) -> tuple[StageSpec, ...]:
        if len(stages) != 3:
            raise ValueError(f"a task has exactly 3 stages, got {len(stages)}")
        ids = [s.id for s in stages]
        if len(set(ids)) != len(ids):
            raise ValueError(f"stage ids must be distinct, got {ids}")
        return stages

    @field_validator("platforms")
    @classmethod
    def _some_platform(cls, platforms: tuple[Platform, ...]) -> tuple[Platform, ...]:
        if not platforms:
            raise ValueError(f"declare at least one of {list(PLATFORMS)}")
        return platforms

    @model_validator(mode="after")
    def _journey_id_is_not_a_stage(self) -> TaskSpec:
        if self.journey.id in {s.id for s in self.stages}:
            raise ValueError(f"journey id {self.journey.id!r} repeats a stage id")
        return self

    @model_validator(mode="after")
    def _tiers_are_declared(self) -> TaskSpec:
        declared = set(self.tiers)
        if len(declared) != len(self.tiers) or "flow" not in declared:
            raise ValueError(f"tiers: list each tier once, flow included; got {list(self.tiers)}")
        if "contract" in declared and self.contract is None:
            raise ValueError("tiers: 'contract' is declared but there is no [contract] table")
        if "visual" in declared and self.scoring.visual is None:
            raise ValueError("tiers: 'visual' is declared but there is no [scoring.visual] table")
        if self.scoring.scheme == "tiers":
            weighted = [t for t, w in self.scoring.tiers.as_dict().items() if w > 0]
            missing = [t for t in weighted if t not in declared]
            if missing:
                raise ValueError(
                    f"scoring.tiers: {missing} have a weight but are not in tiers = "
                    f"{list(self.tiers)}; declare them or give them weight 0"
                )
        if self.scoring.scheme == "visual":
            needed = ["visual", *(["functional"] if self.scoring.mix.functional > 0 else [])]
            missing = [t for t in needed if t not in declared]
            if missing:
                raise ValueError(f"scoring.scheme 'visual' needs tiers {missing} declared")
        return self


class Verdict(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    NOT_RUN = "not_run"


class Fault(StrEnum):
    """Why a test (or a whole grade) did not pass, and so whose fault it is."""

    # The agent's: charged to the submission.
    CHECK_FAILED = "check_failed"
    """A criterion of the suite did not hold."""
    CANDIDATE_ERROR = "candidate_error"
    """The driver refused an action on the app's UI (covered, detached, not interactable)."""
    APP_CRASH = "app_crash"
    """The app did not come up, or did not stay up, on launch."""
    BUILD_FAILED = "build_failed"
    """The submission did not build; nothing ran."""
    APP_HANG = "app_hang"
    """The app stopped answering: it rendered nothing within the launch limit, its page stopped
    responding mid-test, or its code kept the component tests past their limit."""
    TAMPERED = "tampered"
    """The submission's code forged or stopped the recording of the hidden component tests'
    verdicts: every functional item fails, the tier scores 0, and it is never refunded."""
    # The bench's: retried on a fresh device, never charged, never counted as a submission.
    DEVICE_FAULT = "device_fault"
    """The device or its server could not be started or stopped answering."""
    DRIVER_ERROR = "driver_error"
    """The driver lost its session or its browser in the middle of a test."""
    RUNNER_CRASH = "runner_crash"
    """An exception the plugin does not recognise: quarantined, never charged to the agent."""
    BUILDER_FAULT = "builder_fault"
    """The build machinery itself failed (a tool missing or broken), not the submission."""
    NO_REPORT = "no_report"
    """A test or grade ended without a report."""
    TIMEOUT = "timeout"
    """The grade ran out of time."""
    FEEDBACK_FAULT = "feedback_fault"
    """The grade's feedback bundle could not be written: the agent got no feedback."""
    ENVIRONMENT_MISMATCH = "environment_mismatch"
    """The device's calibration photo differs from the pinned environment's: no visual score."""


AGENT_FAULTS = frozenset({Fault.CHECK_FAILED, Fault.CANDIDATE_ERROR, Fault.APP_CRASH, Fault.BUILD_FAILED,
                          Fault.TAMPERED, Fault.APP_HANG})
BENCH_FAULTS = frozenset(set(Fault) - AGENT_FAULTS)


class Screenshot(_Frozen):
    path: str
    """Relative to the run's report folder."""
    step: str


class Evidence(_Frozen):
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


class TestResult(_Frozen):
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
    tier: TierName | None = None
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
    """Errors the app wrote to its console while the test ran (web: the browser log)."""


class StepDiagnosis(_Frozen):
    """Whose failure a failed build step is, decided by a named rule from the tool's own output."""

    step: str
    """The build step: `install dependencies`, `expo export (web)`, …"""
    party: Literal["agent", "bench"]
    """`agent`: the submission's (build_failed); `bench`: the grader's (builder_fault or
    timeout), refunded in a rollout."""
    rule: str
    """The rule that decided it, in plain words."""
    code: str = ""
    """The tool's own error code (npm's `E404`, `ECONNREFUSED`, …) or the signal that ended it."""
    evidence: str = ""
    """The lines of the tool's output the rule was read from (npm's `npm error code` line first)."""
    quarantined: bool = False
    """No rule recognised the failure: charged to the bench, with a warning."""


class InstallAttempt(_Frozen):
    """One run of `npm ci` for a build's dependencies."""

    seconds: float
    waited_s: float = 0.0
    """The backoff waited before this attempt."""
    ok: bool
    diagnosis: StepDiagnosis | None = None
    """Why the attempt failed (None when it succeeded)."""
    fresh_npm_cache: bool = False
    """It ran with a private, empty npm cache (to rule out a corrupt entry of ours)."""


class BuildResult(_Frozen):
    ok: bool
    seconds: float
    log_path: str
    """Relative to the run's report folder."""
    log_tail: str = ""
    reason: str = ""
    fault: Fault | None = None
    """build_failed (the submission's fault), builder_fault or timeout (the bench's)."""
    cache_hit: bool = False
    """The dependencies came from the node_modules cache."""
    sandboxed: bool = False
    """Every step that ran submission code ran in the bubblewrap sandbox."""
    artifact: str | None = None
    """The artifact's path inside the build's work folder (`dist`, the `.app`, the `.apk`)."""
    reused: bool = False
    """The artifact is an earlier identical build's (same submission, platform and builder)."""
    diagnosis: StepDiagnosis | None = None
    """Why the build failed and whose failure it is: the rule and the tool's output it read."""
    install_attempts: tuple[InstallAttempt, ...] = ()
    """Each `npm ci` run of this build (none on a cache hit); bench faults are retried."""


class Reward(_Frozen):
    """A scheme's score of one grade, with the parts it was made from."""

    version: Literal[1] = 1
    scheme: str
    score: float = Field(ge=0.0, le=1.0)
    stages_passed: int = 0
    journey_passed: bool = False
    vector: dict[str, float] = {}
    """Per-component scores (stage ids, journey id, tiers …), each in [0, 1]."""
    arithmetic: tuple[str, ...] = ()
    """How the score was computed, line by line, so a person can check it by hand."""


class TierSummary(_Frozen):
    """One tier of a grade: its subtests and its score."""

    score: float = Field(ge=0.0, le=1.0)
    """build, functional, flow, contract: passed / total; visual: normalized visual fidelity."""
    passed: int = 0
    total: int = 0
    subtests: tuple[str, ...] = ()
    """Node ids of the tier's subtests."""
    arithmetic: str = ""


class GradeVector(_Frozen):
    """Every measure of a grade, whichever scheme the task chose: tiers, visual, schemes."""

    version: Literal[1] = 1
    tiers: dict[str, TierSummary] = {}
    visual: VisualSummary | None = None
    shots: dict[str, VisualScore | None] = {}
    """Per checkpoint@viewport: every visual metric (None: the shot was not taken)."""
    schemes: dict[str, Reward] = {}
    """The reward under each built-in scheme the grade has what it needs for."""
    refused: dict[str, str] = {}
    """Schemes that could not score this grade, and why."""


class Redaction(_Frozen):
    """A grader-authored field of the feedback bundle replaced by a neutral message, because
    it would have shown hidden text."""

    item: str
    """The public name of the bundle entry the field belongs to (as in feedback.json)."""
    field: Literal["name", "criterion", "expected", "message"]
    """Which field of that entry was withheld."""
    hidden_file: str
    """The hidden file whose text it carried (`suites/<task>/...`)."""


class FeedbackResult(_Frozen):
    """What became of the grade's feedback bundle (`feedback/`)."""

    written: bool
    """The bundle was written; when False the grade is the bench's fault (feedback_fault)."""
    redactions: tuple[Redaction, ...] = ()
    """Each field withheld from the bundle; the rest of the bundle is as built."""
    error: str = ""
    """Why the bundle could not be written, when it was not."""


class GradeStatus(StrEnum):
    COMPLETED = "completed"
    CANDIDATE_FAILURE = "candidate_failure"
    INFRA_FAILURE = "infra_failure"
    TIMEOUT = "timeout"
    INTERRUPTED = "interrupted"
    """Stopped before every item ran (a signal, the grade's time limit, a crash of the grader)."""


Trust = Literal["trusted", "dev-untrusted"]
"""`trusted`: every step that ran submission code ran sandboxed; `dev-untrusted`: it did not."""


class Interruption(_Frozen):
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


class GradeRecord(_Frozen):
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
