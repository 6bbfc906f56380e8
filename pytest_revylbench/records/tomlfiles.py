"""Read a TOML file into a pydantic model; every error names the file and the field."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


def describe(error: ValidationError) -> str:
    """One line per problem: `field a.b: message (given: value)`."""
    lines = []
    for item in error.errors():
        field = ".".join(str(part) for part in item["loc"]) or "(top level)"
        given = item.get("input")
        shown = "" if isinstance(given, dict) else f" (given: {given!r})"
        lines.append(f"  field {field}: {item['msg']}{shown}")
    return "\n".join(lines)


def load_toml_model(
    path: Path,
    model: type[M],
    *,
    what: str,
    error: type[Exception],
    extra: Mapping[str, Any] | None = None,
) -> M:
    """Parse `path` as TOML and validate it as `model`; `what` names the file in messages
    ("task file", "device pool" …); failures raise `error`."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise error(f"{path}: no such {what}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path}: not valid TOML: {exc}") from exc
    try:
        return model.model_validate({**data, **(extra or {})})
    except ValidationError as exc:
        raise error(f"{path}: invalid {what}\n{describe(exc)}") from exc
