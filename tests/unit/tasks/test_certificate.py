"""Stability certificates (`tasks/certificate.py`, `revylbench certificates`): a certificate
round-trips, goes stale naming the digest whose files changed, is missing or incomplete when
it should be, and an unstable run writes none and leaves a good one alone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pytest_revylbench.cli import main
from pytest_revylbench.cli.certificates import add_null_control, certify, digests_now
from pytest_revylbench.outputs.provenance import environment
from pytest_revylbench.records.certificate import Certificate, NullControl
from pytest_revylbench.tasks.certificate import (
    CHECKED,
    ENVIRONMENT_KEYS,
    certificate_path,
    certificate_problems,
    current_digests,
    environment_digest,
    make_certificate,
    read_certificate,
    write_certificate,
)
from pytest_revylbench.tasks.digests import scaffold_digest, suite_digest
from pytest_revylbench.tasks.loading import Task, load_task
from pytest_revylbench.tasks.mutants import list_mutants
from pytest_revylbench.tasks.stability import StabilityReport, SubjectResult, table

REPO = Path(__file__).resolve().parents[3]
APPIUM = REPO / ".revylbench/appium"
ENV = {key: f"{key} 1.0" for key in ENVIRONMENT_KEYS} | {"os": "Linux 6.1", "python": "3.12.1"}
_BUILT = shutil.ignore_patterns("node_modules", "dist", ".expo", "stability.json")


@pytest.fixture
def till(tmp_path: Path) -> Task:
    """A copy of till's public folder and hidden suite (without any committed certificate), and
    of the scaffold's source."""
    shutil.copytree(REPO / "tasks/till", tmp_path / "tasks/till", ignore=_BUILT)
    shutil.copytree(REPO / "tasks/scaffold", tmp_path / "tasks/scaffold", ignore=_BUILT)
    shutil.copytree(REPO / "suites/till", tmp_path / "suites/till", ignore=_BUILT)
    return load_task(tmp_path / "tasks", tmp_path / "suites", "till")


def _null(task: Task, **change: object) -> NullControl:
    return NullControl(scaffold=scaffold_digest(task), status="candidate_failure", outcome=0.0,
                       schemes={"stages": 0.0, "tiers": 0.0, "visual": 0.0}, build_passed=3,
                       seconds=46.0).model_copy(update=change)


def _report(task: Task, *, flaky: str | None = None, null: NullControl | None = None) -> StabilityReport:
    """A report of the reference 3x and every mutant once; `flaky` names a mutant whose run
    gave the wrong verdict."""
    subjects = [SubjectResult(
        subject="reference", expected={"test_a": "pass", "test_b": "pass"},
        runs=[{"test_a": "pass", "test_b": "pass"}] * 3,
        scores=[{"outcome": 1.0, "flow": 1.0}] * 3, bundles=[True] * 3, redactions=[0] * 3,
        seconds=[61.5, 60.2, 64.0])]
    for mutant in list_mutants(task.suite):
        seen = "pass" if mutant.name == flaky else "fail"
        subjects.append(SubjectResult(
            subject=mutant.name, expected={"test_a": "pass", "test_b": "fail"},
            runs=[{"test_a": "pass", "test_b": seen}], scores=[{"outcome": 0.5, "flow": 0.5}],
            bundles=[True], redactions=[0], seconds=[58.0]))
    return StabilityReport(task="till", platform="web", runs=3, mutant_runs=1, subjects=subjects,
                           null=null)


def _certify(task: Task) -> Certificate:
    certificate = make_certificate(_report(task), current_digests(task, ENV), ENV)
    write_certificate(task, certificate)
    return certificate


def test_a_certificate_round_trips_with_every_subject_and_digest(till: Task) -> None:
    made = _certify(till)
    read = read_certificate(till)
    assert read == made
    assert certificate_path(till) == till.suite / "stability.json"
    assert {s.subject for s in read.subjects} == {"reference", *(m.name for m in list_mutants(till.suite))}
    reference = read.subject("reference")
    assert reference is not None and reference.seconds == [61.5, 60.2, 64.0]
    assert reference.scores == [{"outcome": 1.0, "flow": 1.0}] * 3
    assert read.runs == 3 and read.mutant_runs == 1 and read.stable
    assert read.digests.grader[0].isdigit()
    assert read.digests.grader_source.startswith("sha256:")
    assert certificate_problems(till, ENV) == []


def test_the_certificate_is_no_part_of_the_suite_digest(till: Task) -> None:
    before = suite_digest(till)
    _certify(till)
    assert suite_digest(till) == before


@pytest.mark.parametrize(("digest", "edit"), [
    ("task", "tasks/till/task.toml"),
    ("suite", "suites/till/test_till.py"),
    ("reference", "suites/till/reference/package.json"),
    ("mutants", "suites/till/mutants/change-skips-five/mutant.toml"),
    ("oracle", "suites/till/oracle/web/oracle.json"),
])
def test_editing_a_part_stales_the_certificate_naming_its_digest(
    till: Task, tmp_path: Path, digest: str, edit: str
) -> None:
    certificate = _certify(till)
    path = tmp_path / edit
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as f:
        f.write("\n# edited\n")
    problems = [str(p) for p in certificate_problems(till, ENV)]
    was = getattr(certificate.digests, digest)
    assert f"STALE: {digest} changed (was {was}, now " in "\n".join(problems), problems
    stale = {p.split()[1] for p in problems if p.startswith("STALE")}
    # A mutant's files are part of the suite too; nothing else moves.
    assert stale == ({"suite", "mutants"} if digest == "mutants" else {digest}), problems


def test_a_new_grader_version_or_environment_stales_it(till: Task) -> None:
    certificate = _certify(till)
    moved = ENV | {"chromium": "Chromium 999"}
    assert [str(p).split(" changed")[0] for p in certificate_problems(till, moved)] == [
        "STALE: environment"]
    # The certificate keeps the versions behind its digest, so the problem names what moved.
    assert certificate.environment == {key: ENV[key] for key in ENVIRONMENT_KEYS}
    assert str(certificate_problems(till, moved)[0]).endswith(": chromium chromium 1.0 → Chromium 999")
    # Another instant, or another library holding it, stales it: an app may show the date.
    for key in ("clock", "libfaketime"):
        assert [str(p).split(" changed")[0] for p in certificate_problems(till, ENV | {key: "moved"})] == [
            "STALE: environment"], key
    # What does not decide a grade does not stale it.
    assert certificate_problems(till, ENV | {"os": "Linux 6.9", "python": "3.12.9"}) == []
    assert environment_digest(ENV) == certificate.digests.environment
    assert "grader" in CHECKED and "grader_source" not in CHECKED
    older = certificate.model_copy(update={"digests": certificate.digests.model_copy(
        update={"grader": "0.0.1", "grader_source": "sha256:old"})})
    write_certificate(till, older)
    assert [str(p) for p in certificate_problems(till, ENV)] == [
        f"STALE: grader changed (was 0.0.1, now {certificate.digests.grader})"]


def test_a_task_without_a_certificate_is_missing(till: Task) -> None:
    assert [str(p) for p in certificate_problems(till, ENV)] == ["MISSING"]


def test_a_mutant_added_since_makes_it_incomplete(till: Task) -> None:
    _certify(till)
    shutil.copytree(till.suite / "mutants/change-skips-five", till.suite / "mutants/change-skips-fifty")
    problems = [str(p) for p in certificate_problems(till, ENV)]
    assert "INCOMPLETE: mutants not certified: change-skips-fifty" in problems, problems


def test_an_unstable_run_writes_no_certificate_and_keeps_a_good_one(
    till: Task, capsys: pytest.CaptureFixture[str]
) -> None:
    flaky = _report(till, flaky="change-skips-ten")
    assert not flaky.stable
    with pytest.raises(ValueError, match="change-skips-ten: test_b expected fail, got pass"):
        make_certificate(flaky, current_digests(till, ENV))
    assert certify(till, flaky, digests_now(till, APPIUM), APPIUM) == 1
    assert "no certificate written for till: unstable: change-skips-ten" in capsys.readouterr().out
    assert not certificate_path(till).exists()
    good = _certify(till)
    assert certify(till, flaky, digests_now(till, APPIUM), APPIUM) == 1
    assert read_certificate(till) == good


def test_the_certificates_command_says_each_problem_and_exits_1(
    till: Task, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dirs = ["--tasks-dir", str(tmp_path / "tasks"), "--suites-dir", str(tmp_path / "suites")]
    assert main([*dirs, "certificates", "till"]) == 1
    out = capsys.readouterr()
    assert out.out == "till: MISSING\n"
    assert "revylbench stability --task till --certify" in out.err
    assert certify(till, _report(till), digests_now(till, APPIUM), APPIUM) == 0
    capsys.readouterr()
    assert main([*dirs, "certificates", "--appium-dir", str(APPIUM)]) == 0
    assert capsys.readouterr().out == "till: certified\n"


def test_certify_refuses_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stability", "--task", "till", "--certify", "--only", "reference"]) == 2
    assert "drop --only" in capsys.readouterr().err


def test_the_null_control_is_certified_and_a_changed_scaffold_stales_it(till: Task) -> None:
    certificate = make_certificate(_report(till, null=_null(till)), current_digests(till, ENV), ENV)
    write_certificate(till, certificate)
    read = read_certificate(till)
    assert read is not None and read.null == _null(till) and read.stable
    assert certificate_problems(till, ENV) == []
    assert "null control (untouched scaffold, 46 s): scores 0 under every scheme (stages 0, tiers 0, " \
        "visual 0)" in table(_report(till, null=_null(till)))
    with (till.folder.parent / "scaffold/App.tsx").open("a", encoding="utf-8") as f:
        f.write("\n// edited\n")
    problems = [str(p) for p in certificate_problems(till, ENV)]
    assert problems == [f"STALE: scaffold changed (was {certificate.null.scaffold}, now "
                        f"{scaffold_digest(till)}): the null control graded another"], problems
    # The scaffold's build folders are no part of its digest.
    before = scaffold_digest(till)
    (till.folder.parent / "scaffold/node_modules").mkdir()
    (till.folder.parent / "scaffold/node_modules/x.js").write_text("1", encoding="utf-8")
    assert scaffold_digest(till) == before


@pytest.mark.parametrize(("change", "why"), [
    ({"outcome": 0.25, "schemes": {"stages": 0.0, "tiers": 0.25, "visual": 0.0}},
     "the untouched scaffold earned outcome 0.25, schemes {'tiers': 0.25}"),
    ({"build_passed": 0}, "the scaffold did not build: its zero says nothing of the progress gate"),
    ({"refused": {"visual": "no checkpoints"}}, "schemes refused: visual (no checkpoints)"),
    ({"status": "bench_fault"}, "the scaffold's grade ended bench_fault"),
])
def test_a_null_control_that_earns_or_did_not_run_writes_no_certificate(
    till: Task, change: dict[str, object], why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _certify(till)
    report = _report(till, null=_null(till, **change))
    assert not report.stable
    assert certify(till, report, digests_now(till, APPIUM), APPIUM) == 1
    out = capsys.readouterr().out
    assert f"null control: {why}" in out, out
    assert read_certificate(till) == good
    assert any(line.startswith("null control (untouched scaffold, 46 s): FAILED: ") for line in table(report))


def test_only_an_unknown_subject_is_refused_naming_the_valid_ones(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["stability", "--task", "till", "--only", "change-skips-fifty",
                 "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no mutant named change-skips-fifty (--only takes reference, null-control or a mutant: " in err
    assert "change-skips-five" in err and not (tmp_path / "runs").exists()


def _only_null(task: Task, **change: object) -> StabilityReport:
    """The report of `stability --certify --only null-control`: the control alone."""
    return StabilityReport(task="till", platform="web", runs=1, subjects=[], null=_null(task, **change))


def test_a_null_control_is_added_to_a_current_certificate_made_without_one(
    till: Task, capsys: pytest.CaptureFixture[str]
) -> None:
    made = make_certificate(_report(till), digests_now(till, APPIUM), environment(APPIUM.resolve()))
    write_certificate(till, made)
    assert made.null is None
    assert add_null_control(till, _only_null(till), APPIUM) == 0
    assert "(null control added)" in capsys.readouterr().out
    read = read_certificate(till)
    assert read is not None and read.null == _null(till)
    assert read.model_copy(update={"null": None}) == made  # every certified subject kept as it was
    assert certificate_problems(till, environment(APPIUM.resolve())) == []


def test_no_null_control_is_added_to_a_stale_or_missing_certificate_or_from_one_that_earns(
    till: Task, capsys: pytest.CaptureFixture[str]
) -> None:
    assert add_null_control(till, _only_null(till), APPIUM) == 1
    assert "MISSING; certify in full with `revylbench stability --task till --certify" \
        in capsys.readouterr().out
    made = make_certificate(_report(till), digests_now(till, APPIUM), environment(APPIUM.resolve()))
    write_certificate(till, made)
    assert add_null_control(till, _only_null(till, outcome=0.25, schemes={"tiers": 0.25}), APPIUM) == 1
    assert "the untouched scaffold earned outcome 0.25" in capsys.readouterr().out
    with (till.suite / "test_till.py").open("a", encoding="utf-8") as f:
        f.write("\n# edited\n")
    assert add_null_control(till, _only_null(till), APPIUM) == 1
    assert "STALE: suite changed" in capsys.readouterr().out
    assert read_certificate(till) == made


def test_certify_with_only_the_null_control_is_not_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """`--certify --only null-control` is the one --only that --certify takes (it grades, so the
    refusal of any other comes first: this checks the parse only, with an unknown task)."""
    assert main(["stability", "--task", "no-such-task", "--certify", "--only", "null-control"]) == 2
    assert "drop --only" not in capsys.readouterr().err


def test_a_missing_scaffold_is_named_not_digested_as_nothing(till: Task) -> None:
    """A certificate whose null control graded the scaffold, checked where there is none (a copy
    of the task without `tasks/scaffold`): the problem names the missing folder."""
    made = make_certificate(_report(till, null=_null(till)), current_digests(till, ENV), ENV)
    write_certificate(till, made)
    graded = read_certificate(till).null.scaffold  # type: ignore[union-attr]
    shutil.rmtree(till.folder.parent / "scaffold")
    problems = [str(p) for p in certificate_problems(till, ENV)]
    assert problems == [f"STALE: no scaffold at {till.folder.parent / 'scaffold'}: the null control "
                        f"graded one ({graded})"], problems
