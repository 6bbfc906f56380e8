"""JSON Schemas of the stored records: complete, documented, and met by real grade.json files.

The venv has no `jsonschema`, so `violations` below checks the keywords pydantic emits, and
refuses any other keyword rather than pass it unchecked.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import json
from pathlib import Path
from typing import Any

import pytest
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
from pytest_revylbench.records import models
from pytest_revylbench.records.grade import GradeRecord
from pytest_revylbench.scoring import visual
from pytest_revylbench.tasks import contract

REPO = Path(__file__).resolve().parents[2]
STORED_GRADES = sorted((REPO / "reports").glob("*/grade.json"))

Json = Any
_KNOWN = {"$ref", "anyOf", "type", "const", "enum", "minimum", "maximum", "properties", "required",
          "additionalProperties", "items", "prefixItems", "minItems", "maxItems", "title",
          "description", "default", "$defs", "$schema", "$id"}
_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,), "array": (list,), "string": (str,), "boolean": (bool,),
    "integer": (int,), "number": (int, float), "null": (type(None),),
}


def violations(instance: Json, node: dict[str, Any], root: dict[str, Any], path: str = "$") -> list[str]:
    """Where `instance` breaks `node` (a subset of draft 2020-12: what pydantic writes)."""
    unknown = set(node) - _KNOWN
    assert not unknown, f"{path}: the test validator does not check {sorted(unknown)}"
    if "$ref" in node:
        return violations(instance, root["$defs"][node["$ref"].removeprefix("#/$defs/")], root, path)
    if "anyOf" in node:
        if any(not violations(instance, option, root, path) for option in node["anyOf"]):
            return []
        return [f"{path}: {instance!r} matches none of {node['anyOf']}"]
    kind = node.get("type")
    if kind is not None and (
        not isinstance(instance, _TYPES[kind]) or (isinstance(instance, bool) and kind != "boolean")
    ):
        return [f"{path}: {instance!r} is not {kind}"]
    errors = []
    if "const" in node and instance != node["const"]:
        errors.append(f"{path}: {instance!r} is not {node['const']!r}")
    if "enum" in node and instance not in node["enum"]:
        errors.append(f"{path}: {instance!r} is not one of {node['enum']}")
    if "minimum" in node and instance < node["minimum"]:
        errors.append(f"{path}: {instance!r} < {node['minimum']}")
    if "maximum" in node and instance > node["maximum"]:
        errors.append(f"{path}: {instance!r} > {node['maximum']}")
    if kind == "object":
        properties = node.get("properties", {})
        extra = node.get("additionalProperties", True)
        errors += [f"{path}: missing {key!r}" for key in node.get("required", []) if key not in instance]
        for key, value in instance.items():
            if key in properties:
                errors += violations(value, properties[key], root, f"{path}.{key}")
            elif extra is False:
                errors.append(f"{path}: unexpected {key!r}")
            elif isinstance(extra, dict):
                errors += violations(value, extra, root, f"{path}.{key}")
    if kind == "array":
        if "minItems" in node and len(instance) < node["minItems"]:
            errors.append(f"{path}: fewer than {node['minItems']} items")
        if "maxItems" in node and len(instance) > node["maxItems"]:
            errors.append(f"{path}: more than {node['maxItems']} items")
        fixed = node.get("prefixItems", [])
        for n, value in enumerate(instance):
            item = fixed[n] if n < len(fixed) else node.get("items")
            if item is not None:
                errors += violations(value, item, root, f"{path}[{n}]")
    return errors


def record_models(name: str) -> dict[str, type[BaseModel]]:
    """The schema's object definitions, keyed by title, mapped to the models they describe."""
    body = schema(name)
    defs = {d["title"]: d for d in body["$defs"].values() if d.get("type") == "object"}
    homes = (models, visual, contract, source_checks)
    return {title: next(getattr(m, title) for m in homes if hasattr(m, title))
            for title in [body["title"], *defs]}


def attribute_docstrings() -> dict[tuple[str, str], str]:
    """(class, field) → the docstring written under the field in models.py."""
    docs = {}
    classes = [n for m in (models, visual, contract, source_checks)
               for n in ast.parse(Path(inspect.getfile(m)).read_text(encoding="utf-8")).body
               if isinstance(n, ast.ClassDef)]
    for cls in classes:
        for field, doc in zip(cls.body, cls.body[1:], strict=False):
            if (isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name)
                    and isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant)
                    and isinstance(doc.value.value, str)):
                docs[cls.name, field.target.id] = inspect.cleandoc(doc.value.value)
    return docs


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
        "StepDiagnosis", "InstallAttempt", "FeedbackResult", "Redaction", "Interruption",
    }
    body = schema("grade")
    defs = {d["title"]: d for d in body["$defs"].values()}
    for title, model in described.items():
        node = body if title == "GradeRecord" else defs[title]
        assert set(node["properties"]) == set(model.model_fields), title
        assert node["additionalProperties"] is False, title
    assert defs["Fault"]["enum"] == [f.value for f in models.Fault]
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
    body = schema("grade")
    assert violations(record, body, body) == []
    assert [t["verdict"] for t in record["tests"]] == ["pass", "fail", "pass"]


@pytest.mark.parametrize(
    "path",
    STORED_GRADES or [pytest.param(None, marks=pytest.mark.skip(reason="no reports/*/grade.json here"))],
    ids=lambda p: p.parent.name if p else "none",
)
def test_stored_grade_json_validates(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    body = schema("grade")
    assert violations(record, body, body) == []
    # Older runs lack fields added since: the model fills defaults and keeps everything else.
    assert GradeRecord.model_validate(record).model_dump(mode="json", exclude_unset=True) == record


def sample_record() -> dict[str, Any]:
    evidence = models.Evidence(criterion="c", expected="'a'", observed="'b'", passed=False)
    test = models.TestResult(nodeid="s::t", name="t", role="stage", stage="one",
                             verdict=models.Verdict.FAIL, evidence=(evidence,))
    reward = models.Reward(scheme="stages", score=0.0, vector={"one": 0.0})
    return GradeRecord(
        run_id="r", task="demo", task_version="1", platform="web", submission_digest="sha256:0",
        status=models.GradeStatus.COMPLETED, outcome=0.0, reward=reward, tests=(test,),
        started_at="2026-01-01T00:00:00+00:00", finished_at="2026-01-01T00:00:01+00:00",
    ).model_dump(mode="json")


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda r: r["reward"].update(score=1.5), "$.reward.score: 1.5 > 1.0"),
        (lambda r: r.update(status="finished"), "$.status: 'finished' is not one of"),
        (lambda r: r["tests"][0].update(verdict="maybe"), "$.tests[0].verdict: 'maybe' is not one of"),
        (lambda r: r["tests"][0]["evidence"][0].pop("passed"), "$.tests[0].evidence[0]: missing 'passed'"),
        (lambda r: r.update(colour="red"), "$: unexpected 'colour'"),
        (lambda r: r.update(version=2), "$.version: 2 is not 1"),
    ],
)
def test_a_broken_record_is_refused(change: Any, complaint: str) -> None:
    record = sample_record()
    body = schema("grade")
    assert violations(record, body, body) == []
    change(record)
    found = violations(record, body, body)
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
            "campaign", "grade", "ledger-end", "ledger-start", "ledger-submission", "rollout", "scores")
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
        "rollout, scores) or give --out DIR\n"
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
