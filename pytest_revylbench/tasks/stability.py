"""The stability check of a suite: the reference passes every test every time, and every
mutant is caught by exactly its declared tests every time.

Each run is a real grade in its own pytest process, as a grader would run it; identical
submissions reuse their build, so N runs cost one build each.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from pytest_revylbench.records.base import Record
from pytest_revylbench.records.certificate import NullControl
from pytest_revylbench.records.grade import GradeRecord
from pytest_revylbench.records.vocabulary import Fault, Verdict
from pytest_revylbench.tasks.loading import TaskError, load_task
from pytest_revylbench.tasks.mutants import list_mutants, materialize

REFERENCE = "reference"
NULL_CONTROL = "null-control"
"""The run id of the null-submission control's grade (`check_stability(null_control=…)`)."""
GRADE_ARGS = ("--video=off", "--pixel-audit=1")
"""Every stability grade judges verdicts and scores, which no video decides (a video is
evidence for a person): without one, a flow-only grade of budget takes 18 % less CPU when every
test passes and 22 % less when two fail (bench/RESULTS.md, figure 14). Every passing text check
is read back from its screenshot (the pixel audit), so a reference or a mutant whose honest
drawing the audit misreads fails its certificate instead of a campaign's grade. An option in
`extra` given after it still wins."""
NULL_ARGS = ("--check-timeout=1",)
"""On the untouched scaffold no check can succeed: each gives up after 1 s."""


class SubjectResult(Record):
    """One submission (the reference or a mutant), graded `runs` times."""

    subject: str
    expected: dict[str, str]
    """Test name → the verdict it must have on every run."""
    runs: list[dict[str, str]]
    """Per run, test name → verdict (`missing` when the run left no grade)."""
    scores: list[dict[str, float]] = []
    """Per run, the outcome and each tier's score: identical on every run when stable."""
    lowers: list[str] = []
    """Tiers whose score must be below the reference's."""
    not_lowered: list[str] = []
    """Declared `lowers` tiers that were not below the reference's score."""
    bundles: list[bool] = []
    """Per run, the grade wrote its feedback bundle for the agent (`feedback/feedback.json`)."""
    redactions: list[int] = []
    """Per run, the fields that bundle withheld because they would reveal a hidden check."""
    seconds: list[float] = []
    """Per run, the wall seconds its grade took."""
    reproduced: list[bool] = []
    """Per run, `revylbench regrade` of its report reproduced the live grade exactly (all
    verdicts, rewards, vector, visual numbers); empty when the runs were not re-judged."""
    regrade_differences: list[str] = []
    """What re-judging changed or refused, `run N: …`, for the runs it did not reproduce."""
    checks: list[int] = []
    """Per run, the checks its device tests (stages and journey) recorded."""
    faults: list[str] = []
    """What a run's grade said of its own trouble, `run N: …`: a status other than
    completed, and each test that ended with a fault other than a failed check (its fault and
    reason)."""

    @property
    def stable(self) -> bool:
        same = all(s == self.scores[0] for s in self.scores) if self.scores else True
        return (all(run == self.expected for run in self.runs) and same and not self.not_lowered
                and all(self.bundles) and all(self.reproduced))


class StabilityReport(Record):
    version: int = 1
    task: str
    platform: str
    runs: int
    """Runs of the reference (and of every mutant unless `mutant_runs` says otherwise)."""
    mutant_runs: int | None = None
    subjects: list[SubjectResult]
    null: NullControl | None = None
    """The untouched scaffold graded against the task, when asked for (`--certify`)."""

    @property
    def stable(self) -> bool:
        return all(s.stable for s in self.subjects) and (self.null is None or self.null.earns_nothing)


Graded = tuple[dict[str, str], dict[str, float], tuple[bool, int], list[str], int]
"""A run's verdicts, scores, (bundle written, fields it redacted), what its grade said of its
own trouble (`SubjectResult.faults`) and the checks its device tests recorded."""

Rejudge = Callable[[Path], list[str]]
"""Re-judge the grade in a report folder from its stored evidence: what differs from the live
grade (empty: reproduced exactly); a refusal is one difference naming what did not match."""


def _run_grade(python: str, task: str, platform: str, submission: Path, reports: Path,
               run_id: str, extra: list[str], cwd: Path) -> GradeRecord | None:
    """One real grade in its own pytest process; its record, None when it left none.

    The run folder is removed first: one left by an earlier run with the same reports folder
    would be read as this grade's (its checks record, its evidence)."""
    shutil.rmtree(reports / run_id, ignore_errors=True)
    subprocess.run(
        [python, "-m", "pytest", "--task", task, "--platform", platform,
         f"--submission={submission}", f"--reports={reports}", "--run-id", run_id,
         "-p", "no:cacheprovider", "-q", *extra],
        cwd=cwd, capture_output=True, text=True, check=False,
    )
    path = reports / run_id / "grade.json"
    if not path.is_file():
        return None
    return GradeRecord.model_validate_json(path.read_text(encoding="utf-8"))


def _grade(python: str, task: str, platform: str, submission: Path, reports: Path,
           run_id: str, extra: list[str], cwd: Path) -> Graded:
    record = _run_grade(python, task, platform, submission, reports, run_id, extra, cwd)
    if record is None:
        return {}, {}, (False, 0), ["no grade: the grade's pytest left no grade.json"], 0
    feedback = record.feedback
    written = feedback is not None and feedback.written
    bundle = (written and (reports / run_id / "feedback/feedback.json").is_file(),
              len(feedback.redactions) if feedback is not None else 0)
    scores = {"outcome": record.outcome}
    for tier, summary in (record.vector.tiers if record.vector is not None else {}).items():
        scores[tier] = summary.score
    checks = sum(len(t.evidence) for t in record.tests if t.role in ("stage", "journey"))
    return {t.name: t.verdict.value for t in record.tests}, scores, bundle, _troubles(record), checks


def _troubles(record: GradeRecord) -> list[str]:
    """What a grade said of its own trouble (`SubjectResult.faults`); a failed check is a
    verdict, not trouble."""
    said = [] if record.status.value == "completed" else [f"status {record.status.value}"]
    return said + [f"{t.name}: {t.fault.value}: {t.reason[:300]}" for t in record.tests
                   if t.fault not in (None, Fault.CHECK_FAILED)]


def _null_grade(python: str, task: str, platform: str, scaffold: Path, digest: str,
                reports: Path, extra: list[str], cwd: Path) -> NullControl:
    """The null-submission control: the untouched scaffold graded on every tier."""
    started = time.monotonic()
    record = _run_grade(python, task, platform, scaffold, reports, NULL_CONTROL, [*extra, *NULL_ARGS], cwd)
    seconds = round(time.monotonic() - started, 1)
    if record is None:
        return NullControl(scaffold=digest, status="no grade", outcome=0.0, schemes={},
                           build_passed=0, seconds=seconds)
    vector = record.vector
    build = vector.tiers.get("build") if vector is not None else None
    return NullControl(
        scaffold=digest, status=record.status.value, outcome=record.outcome,
        schemes={name: reward.score for name, reward in (vector.schemes if vector else {}).items()},
        refused=dict(vector.refused) if vector is not None else {},
        build_passed=build.passed if build is not None else 0, seconds=seconds)


def check_stability(
    task_id: str,
    *,
    platform: str,
    runs: int,
    out: Path,
    tasks_dir: Path,
    suites_dir: Path,
    cwd: Path,
    only: list[str] | None = None,
    jobs: int = 1,
    mutant_runs: int | None = None,
    extra: list[str] | None = None,
    python: str = sys.executable,
    progress: bool = True,
    rejudge: Rejudge | None = None,
    null_control: tuple[Path, str] | None = None,
) -> StabilityReport:
    """Grade the reference `runs` times and each mutant `mutant_runs` times (default `runs`),
    `jobs` at once; with `null_control` (the scaffold's folder and digest), also grade the
    untouched scaffold once, alongside."""
    task = load_task(tasks_dir, suites_dir, task_id)
    every = list_mutants(task.suite)
    unknown = sorted(set(only or ()) - {REFERENCE, NULL_CONTROL} - {m.name for m in every})
    if unknown:
        raise TaskError(f"{task.suite / 'mutants'}: no mutant named {', '.join(unknown)} (--only takes "
                        f"{REFERENCE}, {NULL_CONTROL} or a mutant: {', '.join(m.name for m in every)})")
    mutants = [m for m in every if only is None or m.name in only]
    subjects: list[tuple[str, Path, set[str] | None]] = []
    lowers: dict[str, list[str]] = {}
    if only is None or REFERENCE in only:
        subjects.append((REFERENCE, task.suite / REFERENCE, None))
    for mutant in mutants:
        folder = out / "submissions" / mutant.name
        if not folder.exists():
            materialize(task.suite, mutant, folder)
        subjects.append((mutant.name, folder, set(mutant.catches)))
        lowers[mutant.name] = list(mutant.lowers)
    def runs_of(name: str) -> int:
        return runs if name == REFERENCE or mutant_runs is None else mutant_runs

    jobs_list = [(name, folder, n) for name, folder, _ in subjects
                 for n in range(1, runs_of(name) + 1)]
    extra_args = [f"--tasks-dir={tasks_dir}", f"--suites-dir={suites_dir}", *GRADE_ARGS, *(extra or [])]

    def one(job: tuple[str, Path, int]) -> tuple[str, int, dict[str, str], dict[str, float]]:
        name, folder, n = job
        started = time.monotonic()
        verdicts, scores, bundles[(name, n)], troubles[(name, n)], checks[(name, n)] = _grade(
            python, task_id, platform, folder, out / "runs", f"{name}-{n}", extra_args, cwd)
        took[(name, n)] = round(time.monotonic() - started, 1)
        report = out / "runs" / f"{name}-{n}"
        if rejudge is not None and (report / "grade.json").is_file():
            rejudged[(name, n)] = rejudge(report)
        if progress:
            print(f"[stability] {name} run {n}: "
                  + (" ".join(f"{v}" for _, v in sorted(verdicts.items())) or "no grade"),
                  file=sys.stderr, flush=True)
        return name, n, verdicts, scores

    bundles: dict[tuple[str, int], tuple[bool, int]] = {}
    took: dict[tuple[str, int], float] = {}
    troubles: dict[tuple[str, int], list[str]] = {}
    checks: dict[tuple[str, int], int] = {}
    rejudged: dict[tuple[str, int], list[str]] = {}
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        null = (pool.submit(_null_grade, python, task_id, platform, *null_control, out / "runs",
                            extra_args, cwd)
                if null_control is not None and (only is None or NULL_CONTROL in only) else None)
        done = list(pool.map(one, jobs_list))
        null_result = null.result() if null is not None else None
    ordered = sorted(done, key=lambda d: d[1])
    reference = next((s for subject, _n, _v, s in ordered if subject == REFERENCE), None)
    results = []
    for name, _folder, catches in subjects:
        by_run = [v for subject, _n, v, _s in ordered if subject == name]
        scores = [s for subject, _n, _v, s in ordered if subject == name]
        declared = lowers.get(name, [])
        not_lowered = [] if reference is None else [
            t for t in declared
            if any(t not in s or t not in reference or s[t] >= reference[t] for s in scores)]
        tests = sorted({t for run in by_run for t in run})
        expected = {t: (Verdict.FAIL.value if catches is not None and t in catches else Verdict.PASS.value)
                    for t in tests}
        for caught in sorted(catches or ()):
            expected.setdefault(caught, Verdict.FAIL.value)
        runs_filled = [{t: run.get(t, "missing") for t in expected} for run in by_run]
        feedback = [bundles[(name, n)] for subject, n, _v, _s in ordered if subject == name]
        seconds = [took[(name, n)] for subject, n, _v, _s in ordered if subject == name]
        numbers = [n for subject, n, _v, _s in ordered if subject == name and (name, n) in rejudged]
        differences = [f"run {n}: {d}" for n in numbers for d in rejudged[(name, n)][:10]]
        results.append(SubjectResult(subject=name, expected=expected, runs=runs_filled,
                                     scores=scores, lowers=declared, not_lowered=not_lowered,
                                     bundles=[b for b, _ in feedback], redactions=[r for _, r in feedback],
                                     seconds=seconds,
                                     reproduced=[not rejudged[(name, n)] for n in numbers],
                                     regrade_differences=differences,
                                     checks=[checks[(name, n)] for subject, n, _v, _s in ordered
                                             if subject == name],
                                     faults=[f"run {n}: {t}" for subject, n, _v, _s in ordered
                                             if subject == name for t in troubles[(name, n)]]))
    report = StabilityReport(task=task_id, platform=platform, runs=runs, mutant_runs=mutant_runs,
                             subjects=results, null=null_result)
    out.mkdir(parents=True, exist_ok=True)
    (out / "stability.json").write_text(report.model_dump_json(indent=2) + "\n", encoding="utf-8")
    return report


def table(report: StabilityReport) -> list[str]:
    """The verdict of every test on every run, one line per (subject, test)."""
    most = max(report.runs, report.mutant_runs or 0)
    runs = " ".join(f"run{n}" for n in range(1, most + 1))
    width = max([len(s.subject) for s in report.subjects] + [7])
    tests = max([len(t) for s in report.subjects for t in s.expected] + [4])
    lines = [f"{'subject':<{width}}  {'test':<{tests}}  {'expected':<8}  {runs}  stable"]
    for subject in report.subjects:
        for test, expected in subject.expected.items():
            seen = [run.get(test, "missing") for run in subject.runs]
            ok = all(v == expected for v in seen)
            cells = " ".join(f"{v:<4}"[:4] if len(v) <= 4 else v for v in seen)
            lines.append(f"{subject.subject:<{width}}  {test:<{tests}}  {expected:<8}  {cells}  "
                         + ("yes" if ok else "NO"))
    for subject in report.subjects:
        if subject.scores:
            shown = ", ".join(f"{k} {v:.4f}" for k, v in subject.scores[0].items())
            same = all(s == subject.scores[0] for s in subject.scores)
            lines.append(f"{subject.subject:<{width}}  scores: {shown}"
                         + ("" if same else "  DIFFER between runs"))
        if subject.lowers:
            lines.append(f"{subject.subject:<{width}}  lowers {', '.join(subject.lowers)}: "
                         + (f"NOT lowered: {', '.join(subject.not_lowered)}" if subject.not_lowered
                            else "yes"))
        for line in subject.faults:
            lines.append(f"{subject.subject:<{width}}  {line}")
        for line in subject.regrade_differences:
            lines.append(f"{subject.subject:<{width}}  regrade NOT reproduced: {line}")
    rejudged = [r for s in report.subjects for r in s.reproduced]
    if rejudged:
        lines.append(f"regrade reproduced {sum(rejudged)} of {len(rejudged)} grades exactly")
    if report.null is not None:
        n = report.null
        schemes = ", ".join(f"{k} {v:g}" for k, v in sorted(n.schemes.items()))
        lines.append(f"null control (untouched scaffold, {n.seconds:.0f} s): " + (
            f"scores 0 under every scheme ({schemes})" if n.earns_nothing else f"FAILED: {n.why()}"))
    grades = [b for s in report.subjects for b in s.bundles]
    lines.append(f"feedback: {sum(grades)} of {len(grades)} grades wrote their bundle; "
                 f"{sum(r for s in report.subjects for r in s.redactions)} fields redacted")
    verdict = "STABLE" if report.stable else "UNSTABLE"
    counts = f"{report.runs} runs" if report.mutant_runs in (None, report.runs) else (
        f"their runs (reference {report.runs}, mutants {report.mutant_runs})")
    lines.append(f"{verdict}: {sum(s.stable for s in report.subjects)} of "
                 f"{len(report.subjects)} submissions gave their expected verdicts on all {counts}")
    return lines
