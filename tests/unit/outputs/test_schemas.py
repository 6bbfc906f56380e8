"""JSON Schemas of the stored records: complete, documented, and met by the grades the bench
writes (a fixture grade built from the records, and a grade a pytester run writes).

Validation is `jsonschema`'s draft 2020-12 validator, so every keyword pydantic emits is checked.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from pydantic import BaseModel

from pytest_revylbench.checks import source as source_checks
from pytest_revylbench.outputs.schemas import (
    DIALECT,
    SCHEMA_HELP,
    SCHEMAS,
    add_schema_arguments,
    run_schema,
    schema,
    schema_json,
    schema_main,
    write_schemas,
)
from pytest_revylbench.records import audit, build, contract, grade, reward, task, visual
from pytest_revylbench.records.build import BuildResult, InstallAttempt, StepDiagnosis
from pytest_revylbench.records.grade import (
    Evidence,
    FeedbackResult,
    GradeRecord,
    Interruption,
    Redaction,
    Screenshot,
    TestResult,
)
from pytest_revylbench.records.reward import GradeVector, Reward, TierSummary
from pytest_revylbench.records.visual import CheckpointVisual, VisualScore, VisualSummary
from pytest_revylbench.records.vocabulary import Fault, GradeStatus, Tier, Verdict

RECORD_MODULES: tuple[ModuleType, ...] = (grade, audit, build, reward, visual, contract, task,
                                          source_checks)

Json = Any


def violations(instance: Json, name: str = "grade") -> list[str]:
    """Where `instance` breaks schema `name`: `<json path>: <jsonschema's message>`, sorted."""
    validator = Draft202012Validator(schema(name))
    return sorted(f"{error.json_path}: {error.message}" for error in validator.iter_errors(instance))


def record_models(name: str) -> dict[str, type[BaseModel]]:
    """The schema's object definitions, keyed by title, mapped to the models they describe."""
    body = schema(name)
    defs = {d["title"]: d for d in body["$defs"].values() if d.get("type") == "object"}
    return {title: next(getattr(m, title) for m in RECORD_MODULES if hasattr(m, title))
            for title in [body["title"], *defs]}


def attribute_docstrings() -> dict[tuple[str, str], str]:
    """(class, field) → the docstring written under the field in the records' modules."""
    docs = {}
    classes = [n for m in RECORD_MODULES
               for n in ast.parse(Path(inspect.getfile(m)).read_text(encoding="utf-8")).body
               if isinstance(n, ast.ClassDef)]
    for cls in classes:
        for field, doc in zip(cls.body, cls.body[1:], strict=False):
            if (isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name)
                    and isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant)
                    and isinstance(doc.value.value, str)):
                docs[cls.name, field.target.id] = inspect.cleandoc(doc.value.value)
    return docs


def full_grade() -> GradeRecord:
    """A grade with every optional part filled: build and its diagnosis, vector with tiers,
    visual summary and shots, feedback with a redaction, an interruption."""
    diagnosis = StepDiagnosis(step="install dependencies", party="bench", rule="registry down",
                              code="ECONNREFUSED", evidence="npm error code ECONNREFUSED")
    build = BuildResult(ok=True, seconds=12.5, log_path="r/build.log", cache_hit=False, sandboxed=True,
                        artifact="dist", install_attempts=(
                            InstallAttempt(seconds=3.0, ok=False, diagnosis=diagnosis),
                            InstallAttempt(seconds=9.0, waited_s=2.0, ok=True, fresh_npm_cache=True)))
    evidence = Evidence(criterion="shows the total", expected="'$2.00'", observed="'$1.00'",
                        passed=False, before="shots/a.png", after="shots/b.png")
    tests = (
        TestResult(nodeid="s::one", name="one", role="stage", stage="one", verdict=Verdict.PASS,
                   tier=Tier.FLOW, duration_s=1.5, bench_s=0.5, device="web-0",
                   screenshots=(Screenshot(path="shots/home@phone.png", step="home@phone"),)),
        TestResult(nodeid="s::two", name="two", role="stage", stage="two", verdict=Verdict.FAIL,
                   fault=Fault.CHECK_FAILED, reason="shows the total", tier=Tier.FLOW,
                   evidence=(evidence,), console_errors=("TypeError: x",)),
        TestResult(nodeid="s::trip", name="trip", role="journey", stage="trip",
                   verdict=Verdict.NOT_RUN, fault=Fault.TIMEOUT, tier=Tier.FLOW, attempts=2),
    )
    score = VisualScore(metrics={"pixel": 0.9}, weights={"pixel": 1.0}, visual=0.9,
                        candidate_size=(1179, 2556), oracle_size=(1179, 2556), masked_fraction=0.05)
    summary = VisualSummary(floor=0.5, checkpoints=(CheckpointVisual(name="home@phone", visual=0.9,
                                                                     normalized=0.8),),
                            visual=0.9, normalized_visual=0.8, arithmetic=("home@phone: … = 0.80",))
    stages = Reward(scheme="stages", score=0.25, stages_passed=1, vector={"one": 1.0, "two": 0.0},
                    arithmetic=("reward = 0.25",))
    vector = GradeVector(tiers={"flow": TierSummary(score=1 / 3, passed=1, total=3,
                                                    subtests=("s::one", "s::two", "s::trip"))},
                         visual=summary, shots={"home@phone": score, "list@phone": None},
                         schemes={"stages": stages}, refused={"tiers": "no build subtests"})
    return GradeRecord(
        run_id="r1", task="demo", task_version="1", platform="web", submission_digest="sha256:0",
        status=GradeStatus.INTERRUPTED, failure_kind=Fault.TIMEOUT, outcome=0.25, reward=stages,
        vector=vector, build=build, trust="trusted", digests={"task": "sha256:1"},
        environment={"node": "20"}, tests=tests,
        started_at="2026-01-01T00:00:00+00:00", finished_at="2026-01-01T00:00:01+00:00",
        interruption=Interruption(reason="SIGTERM", fault=Fault.NO_REPORT, finished=("s::one", "s::two"),
                                  not_finished=("s::trip",)),
        feedback=FeedbackResult(written=True, redactions=(
            Redaction(item="Stage 2: two", field="expected", hidden_file="suites/demo/test_suite.py"),)),
    )


def test_grade_schema_is_draft_2020_12_with_a_versioned_id() -> None:
    text = schema_json("grade")
    body = json.loads(text)
    assert body["$schema"] == DIALECT == "https://json-schema.org/draft/2020-12/schema"
    assert body["$id"] == "urn:revylbench:grade:v1"
    assert body["title"] == "GradeRecord"
    assert text == json.dumps(body, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert SCHEMAS["grade"] is GradeRecord


def test_grade_schema_lists_every_field_of_every_record() -> None:
    described = record_models("grade")
    assert set(described) == {
        "GradeRecord", "BuildResult", "Reward", "TestResult", "Evidence", "Screenshot",
        "GradeVector", "TierSummary", "VisualSummary", "CheckpointVisual", "VisualScore",
        "StepDiagnosis", "InstallAttempt", "FeedbackResult", "Redaction", "Interruption", "Video",
        "Shown", "PixelAudit", "AuditedCheck",
    }
    body = schema("grade")
    defs = {d["title"]: d for d in body["$defs"].values()}
    for title, model in described.items():
        node = body if title == "GradeRecord" else defs[title]
        assert set(node["properties"]) == set(model.model_fields), title
        assert node["additionalProperties"] is False, title
    assert defs["Fault"]["enum"] == [f.value for f in Fault]
    assert defs["Tier"]["enum"] == [t.value for t in Tier]
    assert defs["Verdict"]["enum"] == ["pass", "fail", "not_run"]


def test_documented_fields_carry_their_docstring_as_description() -> None:
    body = schema("grade")
    defs = {d["title"]: d for d in body["$defs"].values()}
    checked = 0
    for (title, field), doc in attribute_docstrings().items():
        if title in record_models("grade"):
            node = body if title == "GradeRecord" else defs[title]
            assert node["properties"][field].get("description") == doc, f"{title}.{field}"
            checked += 1
    assert checked >= 10


def test_a_grade_json_written_by_a_run_validates(demo_task: pytest.Pytester) -> None:
    demo_task.makepyfile(**{"suites/demo/test_suite": """
        from pytest_revylbench import journey, stage

        @stage("one")
        def test_one():
            pass

        @stage("two")
        def test_two():
            assert False, 'shows "$2.00"'

        @journey
        def test_trip():
            pass
    """})
    demo_task.runpytest("--task", "demo", "--submission", "submission", "--run-id", "r1",
                        "-p", "no:cacheprovider")
    record = json.loads((demo_task.path / "reports/r1/grade.json").read_text())
    assert violations(record) == []
    assert [t["verdict"] for t in record["tests"]] == ["pass", "fail", "pass"]
    assert GradeRecord.model_validate(record).model_dump(mode="json") == record


def test_a_full_grade_built_from_the_records_validates_and_reads_back() -> None:
    record = full_grade().model_dump(mode="json")
    assert violations(record) == []
    assert GradeRecord.model_validate_json(json.dumps(record)).model_dump(mode="json") == record
    # The enums serialise as their plain values (the JSON the bench always wrote).
    assert record["status"] == "interrupted" and record["failure_kind"] == "timeout"
    assert [t["tier"] for t in record["tests"]] == ["flow", "flow", "flow"]


def sample_record() -> dict[str, Any]:
    evidence = Evidence(criterion="c", expected="'a'", observed="'b'", passed=False)
    test = TestResult(nodeid="s::t", name="t", role="stage", stage="one",
                      verdict=Verdict.FAIL, evidence=(evidence,))
    reward = Reward(scheme="stages", score=0.0, vector={"one": 0.0})
    return GradeRecord(
        run_id="r", task="demo", task_version="1", platform="web", submission_digest="sha256:0",
        status=GradeStatus.COMPLETED, outcome=0.0, reward=reward, tests=(test,),
        started_at="2026-01-01T00:00:00+00:00", finished_at="2026-01-01T00:00:01+00:00",
    ).model_dump(mode="json")


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda r: r["reward"].update(score=1.5), "$.reward.score: 1.5 is greater than the maximum of 1.0"),
        (lambda r: r.update(status="finished"), "$.status: 'finished' is not one of"),
        (lambda r: r["tests"][0].update(verdict="maybe"), "$.tests[0].verdict: 'maybe' is not one of"),
        (lambda r: r["tests"][0]["evidence"][0].pop("passed"),
         "$.tests[0].evidence[0]: 'passed' is a required property"),
        (lambda r: r.update(colour="red"),
         "$: Additional properties are not allowed ('colour' was unexpected)"),
        (lambda r: r.update(version=2), "$.version: 1 was expected"),
        (lambda r: r["tests"][0].update(tier="style"), "$.tests[0].tier: 'style' is not valid under any"),
    ],
)
def test_a_broken_record_is_refused(change: Any, complaint: str) -> None:
    record = sample_record()
    assert violations(record) == []
    change(record)
    found = violations(record)
    assert any(v.startswith(complaint) for v in found), found


def test_write_schemas_writes_one_file_per_schema(tmp_path: Path) -> None:
    paths = write_schemas(tmp_path / "schemas")
    assert [p.name for p in paths] == sorted(f"{name}.schema.json" for name in SCHEMAS)
    assert (tmp_path / "schemas/grade.schema.json").read_text() == schema_json("grade")


def test_cli_prints_one_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert schema_main(["grade"]) == 0
    assert capsys.readouterr().out == schema_json("grade")


def test_cli_writes_all_schemas_to_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert schema_main(["--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        str(tmp_path / f"{name}.schema.json") for name in (
            "campaign", "grade", "ledger-end", "ledger-start", "ledger-submission", "regrade",
            "rollout", "scores")
    ]
    assert json.loads((tmp_path / "grade.schema.json").read_text())["title"] == "GradeRecord"


def test_cli_refuses_an_unknown_schema_naming_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        schema_main(["ledgerr"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'ledgerr'" in err and "grade" in err


def test_cli_without_a_name_or_folder_says_what_to_give(capsys: pytest.CaptureFixture[str]) -> None:
    assert schema_main([]) == 2
    assert capsys.readouterr().err == (
        "revylbench schema: name a schema (campaign, grade, ledger-end, ledger-start, ledger-submission, "
        "regrade, rollout, scores) or give --out DIR\n"
    )


def test_cli_subcommand_wires_into_a_parent_parser(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="revylbench")
    sub = parser.add_subparsers(dest="command", required=True)
    add_schema_arguments(sub.add_parser("schema", help=SCHEMA_HELP))
    assert run_schema(parser.parse_args(["schema", "grade"])) == 0
    assert capsys.readouterr().out == schema_json("grade")


@pytest.mark.parametrize(
    ("name", "urn", "required"),
    [
        ("campaign", "urn:revylbench:campaign:v1", ["schema", "protocol", "contestant", "tasks", "seeds"]),
        ("rollout", "urn:revylbench:rollout:v1", ["task", "seed", "contestant", "protocol"]),
        ("scores", "urn:revylbench:scores:v2", ["campaign", "manifest", "counts", "rollouts"]),
        ("ledger-end", "urn:revylbench:ledger-end:v2", ["reason", "ended_at"]),
    ],
)
def test_campaign_and_rollout_files_have_schemas(name: str, urn: str, required: list[str]) -> None:
    from pytest_revylbench.outputs.schemas import schema

    body = schema(name)
    assert body["$id"] == urn
    assert body["required"] == required
    assert all(field.get("description") for key, field in body["properties"].items()
               if key not in ("version", "kind")), "every field is documented"
