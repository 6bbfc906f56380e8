"""Where a workspace finds its grading service: `<workspace>/.revylbench/service.json`.

Written by `revylbench rollout start` (the rollout and its submit token) and completed by
`revylbench serve` (the endpoint: a Unix socket or a 127.0.0.1 port). The token is the
rollout's own (`<rollout>/.submit-token`, outside the workspace): a workspace can submit to
its rollout and to no other.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from pydantic import ValidationError

from pytest_revylbench.records.base import Record

SERVICE_DIR = ".revylbench"
SERVICE_FILE = "service.json"
TOKEN_FILE = ".submit-token"
ENDPOINT_VAR = "REVYLBENCH_SERVICE"
"""Overrides the endpoint of service.json: `unix:/path/to.sock` or `http://127.0.0.1:PORT`."""


class EndpointError(Exception):
    """No usable service.json, or an endpoint that cannot be parsed."""


class ServiceFile(Record):
    """`<workspace>/.revylbench/service.json`."""

    version: int = 1
    rollout: str
    """The rollout folder (absolute) this workspace submits to."""
    token: str
    """The rollout's submit token: the service refuses a submission without it."""
    endpoint: str | None = None
    """`unix:/path/to.sock` or `http://127.0.0.1:PORT`; None until a service announced itself."""


def new_token(rollout: Path) -> str:
    """Create the rollout's submit token (kept in the rollout folder, outside the workspace)."""
    token = secrets.token_hex(16)
    path = rollout / TOKEN_FILE
    path.write_text(token + "\n", encoding="utf-8")
    path.chmod(0o600)
    return token


def rollout_token(rollout: Path) -> str | None:
    path = rollout / TOKEN_FILE
    return path.read_text(encoding="utf-8").strip() if path.is_file() else None


def service_path(workspace: Path) -> Path:
    return workspace / SERVICE_DIR / SERVICE_FILE


def write_service_file(workspace: Path, service: ServiceFile) -> Path:
    path = service_path(workspace)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(service.model_dump_json(indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path


def find_workspace(start: Path) -> Path:
    """The workspace holding `start`: the nearest folder upwards with a service.json."""
    here = start.resolve()
    for folder in (here, *here.parents):
        if service_path(folder).is_file():
            return folder
    raise EndpointError(f"no {SERVICE_DIR}/{SERVICE_FILE} in {here} or any folder above it: run "
                        "`revylbench submit` inside the workspace `revylbench rollout start` laid out")


def read_service_file(workspace: Path) -> ServiceFile:
    path = service_path(workspace)
    try:
        return ServiceFile.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, ValidationError) as exc:
        raise EndpointError(f"{path}: not a service file: {exc}") from exc


def endpoint_of(service: ServiceFile) -> str:
    """The endpoint to call: $REVYLBENCH_SERVICE, else the service file's."""
    endpoint = os.environ.get(ENDPOINT_VAR) or service.endpoint
    if not endpoint:
        raise EndpointError("no grading service is known to this workspace yet: the operator starts "
                            f"it with `revylbench serve --rollouts DIR` (or set ${ENDPOINT_VAR})")
    parse_endpoint(endpoint)
    return endpoint


def parse_endpoint(endpoint: str) -> tuple[str, str | int]:
    """`("unix", path)` or `("tcp", port)`; anything else is refused."""
    if endpoint.startswith("unix:"):
        return "unix", endpoint.removeprefix("unix:")
    prefix = "http://127.0.0.1:"
    if endpoint.startswith(prefix) and endpoint.removeprefix(prefix).rstrip("/").isdigit():
        return "tcp", int(endpoint.removeprefix(prefix).rstrip("/"))
    raise EndpointError(f"endpoint {endpoint!r}: expected unix:/path/to.sock or "
                        "http://127.0.0.1:PORT (the service listens on nothing else)")
