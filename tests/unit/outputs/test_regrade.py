"""`revylbench regrade`: a grade re-judged from its stored evidence alone.

The report is made here the way the reporter makes one: results (with screenshots and a UI
tree), the live grade decided by `grading.finish()` with the scorers the plugin hands it, then
written by `write_grade_json` with its evidence digests. The candidate's visual checkpoints are
two real oracle images of budget (one as is, one with its lower half blanked); four
checkpoints have no shot. Re-judged as graded it reproduces the live grade exactly; with another
floor, other tier weights or another scheme it gives the hand-computed numbers; a tampered,
deleted or edited file is refused by name.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from pytest_revylbench.cli import main
from pytest_revylbench.grading import Collected, GradeInputs, finish
from pytest_revylbench.outputs.feedback import write_feedback
from pytest_revylbench.outputs.grade import write_grade_json
from pytest_revylbench.outputs.regrade import RegradeRefused, regrade
from pytest_revylbench.outputs.sealing import evidence_digests, file_digest
from pytest_revylbench.records.grade import Evidence, GradeRecord, Screenshot, TestResult
from pytest_revylbench.records.vocabulary import Tier, Verdict
from pytest_revylbench.scoring.tiers import TierScheme
from pytest_revylbench.scoring.vector import grade_vector
from pytest_revylbench.tasks.loading import load_task, parse_task_file

REPO = Path(__file__).resolve().parents[3]
TASK_TOML = REPO / "tasks/budget/task.toml"
ORACLE = REPO / "suites/budget/oracle/web"
TREE = "tests/test_stage_2/02-FAILED-the-list-shows-the-row.html"
SHOT = "tests/test_stage_2/02-FAILED-the-list-shows-the-row.png"


def result(nodeid: str, tier: Tier, verdict: Verdict, **extra: object) -> TestResult:
    role = extra.pop("role", "other")
    return TestResult(nodeid=nodeid, name=nodeid.rpartition("::")[2], role=role,
                      tier=tier, verdict=verdict, **extra)


def results(run: Path) -> list[TestResult]:
    shots = run / "tests"
    (shots / "accounts-phone").mkdir(parents=True)
    shutil.copyfile(ORACLE / "accounts@phone.png", shots / "accounts-phone/01-accounts-phone.png")
    (shots / "transactions-phone").mkdir()
    image = Image.open(ORACLE / "transactions@phone.png").convert("RGB")
    ImageDraw.Draw(image).rectangle((0, image.height // 2, image.width, image.height), fill="white")
    image.save(shots / "transactions-phone/01-transactions-phone.png")
    (shots / "test_stage_2").mkdir()
    (run / SHOT).write_bytes((shots / "accounts-phone/01-accounts-phone.png").read_bytes())
    (run / TREE).write_text("<html><body>All transactions</body></html>")
    P, F = Verdict.PASS, Verdict.FAIL
    out = [result(f"budget::build::{n}", Tier.BUILD, P) for n in ("export", "launch", "typecheck")]
    out += [result("budget/functional/a.test.tsx::a", Tier.FUNCTIONAL, P),
            result("budget/functional/a.test.tsx::b", Tier.FUNCTIONAL, F)]
    checked = Evidence(criterion="the list shows the row", expected="'Row'", observed="'Other'",
                       passed=False, after=SHOT, tree=TREE, tree_sha256=file_digest(run / TREE))
    out += [result("budget/test_budget.py::test_stage_1_accounts", Tier.FLOW, P, role="stage",
                   stage="accounts"),
            result("budget/test_budget.py::test_stage_2_transactions", Tier.FLOW, F, role="stage",
                   stage="transactions", evidence=(checked,),
                   screenshots=(Screenshot(path=SHOT, step="FAILED the list shows the row"),)),
            result("budget/test_budget.py::test_stage_3_budgets", Tier.FLOW, F, role="stage",
                   stage="budgets"),
            result("budget/test_budget.py::test_journey_month_close", Tier.FLOW, P, role="journey",
                   stage="month-close")]
    out += [result("budget::contract::tabs", Tier.CONTRACT, P),
            result("budget::contract::network", Tier.CONTRACT, F)]
    for name in ("accounts", "transactions", "categories"):
        for viewport in ("phone", "small"):
            shot = f"tests/{name}-{viewport}/01-{name}-{viewport}.png"
            taken = (run / shot).is_file()
            out.append(result(f"budget::visual::{name}@{viewport}", Tier.VISUAL, P if taken else F,
                              screenshots=(Screenshot(path=shot, step=f"{name}@{viewport}"),)
                              if taken else ()))
    return out


@pytest.fixture(scope="module")
def live_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A report folder with its live grade, decided and written as the reporter does."""
    run = tmp_path_factory.mktemp("report")
    spec = parse_task_file(TASK_TOML)
    collected = results(run)
    inputs = GradeInputs(
        spec=spec, task_toml=str(TASK_TOML), builtin_id="budget", run_id="live",
        platform="web", collected=Collected(results={r.nodeid: r for r in collected}),
        build=None, reward=lambda rs: TierScheme().pytest_revylbench_reward(task=spec, results=rs),
        vector=lambda rs: grade_vector(spec, rs, run_dir=run, oracle_dir=ORACLE),
        started_at="2026-12-01T00:00:00+00:00", finished_at="2026-12-01T00:01:00+00:00",
        evidence_digests=evidence_digests(collected, run),
    )
    record = finish(inputs)
    assert isinstance(record, GradeRecord)
    write_grade_json(run / "grade.json", record)
    return run


@pytest.fixture
def report(live_report: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "report"
    shutil.copytree(live_report, copy)
    return copy


def live(report: Path) -> GradeRecord:
    return GradeRecord.model_validate_json((report / "grade.json").read_text())


def task_file(tmp_path: Path, floor: str = "0.43", weights: tuple[str, ...] = ()) -> Path:
    text = TASK_TOML.read_text()
    text = re.sub(r"(?m)^floor = 0\.43$", f"floor = {floor}", text)
    for line in weights:
        tier = line.split(" = ")[0]
        text = re.sub(rf"(?m)^{tier} = 0\.\d+$", line, text, count=1)
    path = tmp_path / "task.toml"
    path.write_text(text)
    return path


def test_the_live_grade_binds_every_evidence_file_and_is_sealed(report: Path) -> None:
    record = live(report)
    assert set(record.evidence_digests) == {
        SHOT, TREE, "tests/accounts-phone/01-accounts-phone.png",
        "tests/transactions-phone/01-transactions-phone.png"}
    assert record.evidence_digests[TREE] == file_digest(report / TREE)
    assert record.seal.startswith("sha256:")
    assert record.outcome == pytest.approx(0.6, abs=1e-12)  # .2×1 + .3×.5 + .35×.5 + .15×.5


def test_regrade_as_graded_reproduces_the_live_grade_exactly(report: Path) -> None:
    again = regrade(report, spec=parse_task_file(TASK_TOML), task_file=TASK_TOML, oracle_dir=ORACLE)
    assert again.changes == ()
    assert again.grade.model_dump(exclude={"seal"}) == live(report).model_dump(exclude={"seal"})
    assert again.regraded and again.source_seal == live(report).seal
    assert set(again.evidence_verified) == set(live(report).evidence_digests)


def test_another_floor_gives_the_hand_computed_visual_numbers(report: Path, tmp_path: Path) -> None:
    toml = task_file(tmp_path, floor="0.6")
    before = live(report)
    assert before.vector is not None and before.vector.visual is not None
    visual = {c.name: c.visual for c in before.vector.visual.checkpoints}
    assert visual["accounts@phone"] == 1.0
    blanked = visual["transactions@phone"]
    assert blanked is not None and 0.6 < blanked < 1.0
    again = regrade(report, spec=parse_task_file(toml), task_file=toml, oracle_dir=ORACLE)
    vector = again.grade.vector
    assert vector is not None and vector.visual is not None
    normalized = {c.name: c.normalized for c in vector.visual.checkpoints}
    assert normalized["accounts@phone"] == 1.0
    assert normalized["transactions@phone"] == round((blanked - 0.6) / (1 - 0.6), 6)
    assert vector.visual.normalized_visual == round((1.0 + normalized["transactions@phone"]) / 6, 6)
    assert vector.tiers["visual"].score == vector.visual.normalized_visual
    assert again.grade.outcome == before.outcome  # the tiers scheme does not weigh visual
    assert "vector.visual.floor: 0.43 → 0.6" in again.changes


def test_other_tier_weights_give_the_hand_computed_reward(report: Path, tmp_path: Path) -> None:
    toml = task_file(tmp_path, weights=("build = 0.10", "functional = 0.40", "flow = 0.40",
                                        "contract = 0.10"))
    again = regrade(report, spec=parse_task_file(toml), task_file=toml, oracle_dir=ORACLE)
    # 0.1×3/3 + 0.4×1/2 + 0.4×2/4 + 0.1×1/2
    assert again.grade.outcome == pytest.approx(0.55, abs=1e-12)
    assert again.grade.reward.arithmetic[-1] == (
        "reward = 0.10×1.00 + 0.40×0.50 + 0.40×0.50 + 0.10×0.50 = 0.55")
    assert [t.verdict for t in again.grade.tests] == [t.verdict for t in live(report).tests]


def test_another_scheme_scores_the_outcome_by_it(report: Path) -> None:
    again = regrade(report, spec=parse_task_file(TASK_TOML), task_file=TASK_TOML,
                    oracle_dir=ORACLE, scheme="visual")
    vector = live(report).vector
    assert vector is not None and vector.visual is not None
    # 0.5 × normalized_visual + 0.5 × functional 1/2
    assert again.grade.outcome == pytest.approx(0.5 * vector.visual.normalized_visual + 0.25, abs=1e-9)
    assert again.grade.reward.scheme == "visual" and again.scheme == "visual"


@pytest.mark.parametrize("harm, named", [
    ("tamper-screenshot", "tests/transactions-phone/01-transactions-phone.png: altered"),
    ("delete-tree", f"{TREE}: missing"),
    ("edit-grade", "grade.json: altered"),
])
def test_altered_evidence_is_refused_by_name(report: Path, harm: str, named: str) -> None:
    if harm == "tamper-screenshot":
        path = report / "tests/transactions-phone/01-transactions-phone.png"
        path.write_bytes(path.read_bytes() + b"\0")
    elif harm == "delete-tree":
        (report / TREE).unlink()
    else:
        raw = json.loads((report / "grade.json").read_text())
        raw["outcome"] = 1.0  # a better score than the evidence earned
        (report / "grade.json").write_text(json.dumps(raw, indent=2))
    with pytest.raises(RegradeRefused) as refused:
        regrade(report, spec=parse_task_file(TASK_TOML), task_file=TASK_TOML, oracle_dir=ORACLE)
    assert [p for p in refused.value.problems if p.startswith(named)], refused.value.problems
    assert len(refused.value.problems) == 1


def test_the_command_refuses_with_exit_2_and_writes_regrade_json_otherwise(
        report: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dirs = [f"--tasks-dir={REPO / 'tasks'}", f"--suites-dir={REPO / 'suites'}"]
    out = tmp_path / "out"
    assert main([*dirs, "regrade", str(report), "--out", str(out)]) == 0
    written = json.loads((out / "regrade.json").read_text())
    assert written["regraded"] is True and written["changes"] == []
    assert written["grade"]["outcome"] == live(report).outcome
    assert "changes: 0" in capsys.readouterr().out
    (report / SHOT).unlink()
    assert main([*dirs, "regrade", str(report)]) == 2
    assert f"{SHOT}: missing" in capsys.readouterr().err


def test_trees_never_reach_the_feedback_bundle(report: Path) -> None:
    """The failed check's screenshot goes to the agent; the tree it judged does not."""
    record = live(report)
    bundle = write_feedback(record, load_task(REPO / "tasks", REPO / "suites", "budget"), report)
    files = sorted(p.name for p in bundle.folder.rglob("*") if p.is_file())
    assert any(name.endswith(".png") for name in files), files
    assert not [n for n in files if n.endswith((".html", ".xml", ".gz"))], files
    text = "".join(p.read_text(errors="replace") for p in bundle.folder.rglob("*.json"))
    assert "tree" not in text and "All transactions" not in text


def test_stability_rejudges_every_grade_and_fails_on_one_not_reproduced(
        live_report: Path, tmp_path: Path) -> None:
    """`revylbench stability` hands check_stability this re-judge: each run's report is
    re-judged, `regrade reproduced N of M` is reported, and a run it cannot reproduce (here an
    oracle image swapped under the second run's screenshot) makes the subject unstable."""
    import functools

    from pytest_revylbench.outputs.regrade import reproduces
    from pytest_revylbench.tasks.stability import check_stability, table

    out = tmp_path / "stability"
    # A folder left by an earlier run is removed before the grade, never read as its own.
    (out / "runs/reference-1").mkdir(parents=True)
    (out / "runs/reference-1/left-by-an-earlier-run").write_text("stale")
    # The "grader": copies the live report in as the run's, the second one with its shot cut.
    shot_path = "tests/transactions-phone/01-transactions-phone.png"
    grader = tmp_path / "grader.sh"
    grader.write_text(
        "#!/bin/sh\nprev=''\nfor a in \"$@\"; do\n"
        "  case \"$a\" in --reports=*) reports=\"${a#--reports=}\";; esac\n"
        "  [ \"$prev\" = --run-id ] && run=\"$a\"\n  prev=\"$a\"\ndone\n"
        f"mkdir -p \"$reports\" && cp -r {live_report} \"$reports/$run\"\n"
        f"if [ \"$run\" = reference-2 ]; then f=\"$reports/$run/{shot_path}\"; "
        "head -c -1 \"$f\" > \"$f.cut\" && mv \"$f.cut\" \"$f\"; fi\n")
    grader.chmod(0o755)
    shot = out / "runs/reference-2" / shot_path
    report = check_stability(
        "budget", platform="web", runs=2, out=out, tasks_dir=REPO / "tasks",
        suites_dir=REPO / "suites", cwd=tmp_path, only=["reference"], python=str(grader),
        progress=False,
        rejudge=functools.partial(reproduces, tasks_dir=REPO / "tasks", suites_dir=REPO / "suites"))
    subject = report.subjects[0]
    assert subject.reproduced == [True, False]
    assert subject.regrade_differences == [
        "run 2: refused: tests/transactions-phone/01-transactions-phone.png: altered "
        f"(sha256 {file_digest(shot)}, grade.json says "
        f"{live(live_report).evidence_digests['tests/transactions-phone/01-transactions-phone.png']})"]
    assert not subject.stable
    assert "regrade reproduced 1 of 2 grades exactly" in table(report)
    assert json.loads((out / "runs/reference-1/regrade.json").read_text())["changes"] == []
    assert not (out / "runs/reference-1/left-by-an-earlier-run").exists()


def test_with_its_ledger_the_rollout_is_scored_again_with_the_rejudged_grade(
        report: Path, tmp_path: Path) -> None:
    """The grade is submission 1 of a tiers rollout: re-judged with other tier weights, the
    rollout's outcome is re-derived with them (0.6 → 0.55) and every factor is kept."""
    from pytest_revylbench.outputs.ledger import append_submission, end_rollout, start_rollout

    rollout = tmp_path / "rollout"
    spec = parse_task_file(TASK_TOML)
    start_rollout(rollout, spec, seed=1, agent_started_at="2026-12-01T00:00:00+00:00")
    append_submission(rollout, live(report), spec=spec, agent_seconds=None)
    end_rollout(rollout, "done", ended_at="2026-12-01T00:02:00+00:00")
    ledger_before = (rollout / "ledger.jsonl").read_text()
    toml = task_file(tmp_path, weights=("build = 0.10", "functional = 0.40", "flow = 0.40",
                                        "contract = 0.10"))
    again = regrade(report, spec=parse_task_file(toml), task_file=toml, oracle_dir=ORACLE,
                    ledger=rollout)
    assert again.rollout is not None and again.rollout.k == 1
    before, after = again.rollout.before, again.rollout.after
    assert before is not None and after is not None
    assert before.outcome == pytest.approx(0.6, abs=1e-12)
    assert after.outcome == pytest.approx(0.55, abs=1e-12)
    assert before.score_percent is not None and after.score_percent is not None
    factors = before.submissions_factor * before.time_factor * before.regressions_factor
    assert after.score_percent == round(100 * 0.55 * factors + 1e-9, 1)
    assert (rollout / "ledger.jsonl").read_text() == ledger_before  # read, never rewritten
    unrelated = tmp_path / "other"
    start_rollout(unrelated, spec, seed=2)
    with pytest.raises(RegradeRefused, match="no submission with run id 'live'"):
        regrade(report, spec=spec, task_file=TASK_TOML, oracle_dir=ORACLE, ledger=unrelated)
