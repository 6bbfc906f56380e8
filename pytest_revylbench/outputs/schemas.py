"""JSON Schemas of the records the bench writes, so other tools can read them without Python.

`revylbench schema [NAME] [--out DIR]` prints one schema, or writes them all to DIR.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from pytest_revylbench.records.campaign import CampaignManifest, CampaignScores, RolloutManifest
from pytest_revylbench.records.grade import GradeRecord
from pytest_revylbench.records.ledger import RolloutEnd, RolloutStart, SubmissionRecord
from pytest_revylbench.records.regrade import RegradeRecord

DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_HELP = "print the JSON Schema of a record the bench writes, or write them all to a folder"

SCHEMAS: dict[str, type[BaseModel]] = {
    "grade": GradeRecord,
    "ledger-start": RolloutStart,
    "ledger-submission": SubmissionRecord,
    "ledger-end": RolloutEnd,
    "campaign": CampaignManifest,
    "rollout": RolloutManifest,
    "scores": CampaignScores,
    "regrade": RegradeRecord,
}
"""Schema name → the record it describes; the name is also the file stem, `<name>.schema.json`."""


def _model(name: str) -> type[BaseModel]:
    try:
        return SCHEMAS[name]
    except KeyError:
        raise KeyError(f"no schema named {name!r}; known: {', '.join(sorted(SCHEMAS))}") from None


def schema_id(name: str) -> str:
    """A stable URN naming the record and its format version, e.g. `urn:revylbench:grade:v1`."""
    fields = _model(name).model_fields
    version = fields.get("version") or fields.get("version_schema")
    # A file format's version may be required (`schema = 1`): its only allowed value names it.
    number = version.default if version is not None and version.default is not PydanticUndefined \
        else (get_args(version.annotation)[0] if version is not None else None)
    return f"urn:revylbench:{name}" + (f":v{number}" if number is not None else "")


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) that a stored record named `name` validates against."""
    model = _model(name)
    # Validation mode: the schema accepts exactly what `model_validate_json` accepts, so a
    # record written by an older run (fields defaulted) is still valid.
    body = model.model_json_schema(mode="validation")
    return {"$schema": DIALECT, "$id": schema_id(name), **body}


def schema_json(name: str) -> str:
    return json.dumps(schema(name), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def schema_filename(name: str) -> str:
    return f"{name}.schema.json"


def write_schemas(dest_dir: Path, names: list[str] | None = None) -> list[Path]:
    """Write `<name>.schema.json` for each schema (all by default); returns the paths, sorted."""
    dest_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in sorted(names if names is not None else SCHEMAS):
        path = dest_dir / schema_filename(name)
        path.write_text(schema_json(name), encoding="utf-8")
        paths.append(path)
    return paths


def add_schema_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of `revylbench schema`, for cli.py's subparser."""
    parser.add_argument("name", nargs="?", choices=sorted(SCHEMAS), help="which record")
    parser.add_argument("--out", type=Path, help="write <name>.schema.json files to this folder")


def run_schema(args: argparse.Namespace) -> int:
    if args.out is not None:
        for path in write_schemas(args.out, [args.name] if args.name else None):
            print(path)
        return 0
    if args.name is None:
        print(f"revylbench schema: name a schema ({', '.join(sorted(SCHEMAS))}) or give --out DIR",
              file=sys.stderr)
        return 2
    sys.stdout.write(schema_json(args.name))
    return 0


def schema_main(argv: list[str]) -> int:
    """`revylbench schema [NAME] [--out DIR]`; `argv` is what follows the word `schema`."""
    parser = argparse.ArgumentParser(prog="revylbench schema", description=SCHEMA_HELP.capitalize())
    add_schema_arguments(parser)
    return run_schema(parser.parse_args(argv))
