"""The one base of every record: frozen, strict about its fields, documented field by field.

A record crosses process boundaries (xdist workers, the reports folder, a later re-scoring) and
many are written by hand (task.toml, pool and campaign manifests), so an unknown field is an
error that names it, never silently dropped.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Record(BaseModel):
    """A frozen pydantic model that rejects unknown fields; field docstrings are its docs."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)
