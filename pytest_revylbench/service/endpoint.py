"""Who a client speaks for and where the grading service is: a `ServiceIdentity`.

Under `revylbench run-agent` the identity is fixed by the run that started the rollout and
handed to the host-side tools in their environment (`identity_from_env`): nothing in the
agent's workspace is read for it, and no credential lies where the agent can read it.

A workspace laid out by `revylbench rollout start` for an agent that runs on the host (no
sandbox: the agent is the grader's user, nothing is enforced against it) keeps its identity in
`<workspace>/.revylbench/service.json`, written by `rollout start` (the rollout and its submit
token) and completed by `revylbench serve` (the endpoint). It is read and written without
following a link (`service.nofollow`). The token is the rollout's own (`<rollout>/.submit-token`,
outside the workspace): a client can submit to its rollout and to no other.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from pytest_revylbench.records.base import Record
from pytest_revylbench.service.nofollow import UnsafePath, folder, read_file, replace_file

SERVICE_DIR = ".revylbench"
SERVICE_FILE = "service.json"
TOKEN_FILE = ".submit-token"
ENDPOINT_VAR = "REVYLBENCH_SERVICE"
"""Overrides the endpoint of service.json: `unix:/path/to.sock` or `http://127.0.0.1:PORT`."""
ROLLOUT_VAR = "REVYLBENCH_ROLLOUT"
TOKEN_VAR = "REVYLBENCH_TOKEN"
"""With ROLLOUT_VAR and ENDPOINT_VAR: the identity a tool gateway gives its host-side tools."""
SERVICE_FILE_LIMIT = 64 * 1024


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


@dataclass(frozen=True)
class ServiceIdentity:
    """The rollout a client acts for, its token, and the service's endpoint."""

    rollout: str
    token: str
    endpoint: str

    def env(self) -> dict[str, str]:
        return {ROLLOUT_VAR: self.rollout, TOKEN_VAR: self.token, ENDPOINT_VAR: self.endpoint}


def identity_from_env(env: dict[str, str] | None = None) -> ServiceIdentity:
    """The identity a tool gateway fixed for its tools (never read from a workspace)."""
    env = dict(os.environ) if env is None else env
    missing = [v for v in (ROLLOUT_VAR, TOKEN_VAR, ENDPOINT_VAR) if not env.get(v)]
    if missing:
        raise EndpointError(f"the tool gateway gave no {', '.join(missing)}")
    parse_endpoint(env[ENDPOINT_VAR])
    return ServiceIdentity(env[ROLLOUT_VAR], env[TOKEN_VAR], env[ENDPOINT_VAR])


def service_path(workspace: Path) -> Path:
    return workspace / SERVICE_DIR / SERVICE_FILE


def write_service_file(workspace: Path, service: ServiceFile) -> Path:
    """Write service.json, making `.revylbench/` if needed; a link on the way is refused."""
    try:
        with folder(workspace, SERVICE_DIR, create=True) as fd:
            replace_file(fd, SERVICE_FILE, (service.model_dump_json(indent=2) + "\n").encode())
    except OSError as exc:
        raise EndpointError(f"{service_path(workspace)}: not written: {exc}") from exc
    return service_path(workspace)


def find_workspace(start: Path) -> Path:
    """The workspace holding `start`: the nearest folder upwards with a service.json."""
    here = start.resolve()
    for candidate in (here, *here.parents):
        if service_path(candidate).is_file():
            return candidate
    raise EndpointError(f"no {SERVICE_DIR}/{SERVICE_FILE} in {here} or any folder above it: run "
                        "`revylbench submit` inside the workspace `revylbench rollout start` laid out")


def read_service_file(workspace: Path) -> ServiceFile:
    """service.json, read without following a link; what fails says why, never what it read."""
    path = service_path(workspace)
    try:
        with folder(workspace, SERVICE_DIR) as fd:
            data = read_file(fd, SERVICE_FILE, SERVICE_FILE_LIMIT)
    except UnsafePath as exc:
        raise EndpointError(f"{path}: refused: {exc}") from exc
    except OSError as exc:
        raise EndpointError(f"{path}: cannot be read: {exc.strerror}") from exc
    try:
        return ServiceFile.model_validate_json(data)
    except ValidationError as exc:
        fields = ", ".join(".".join(str(p) for p in e["loc"]) or "(the file)" for e in exc.errors())
        raise EndpointError(f"{path}: not a service file (fields: {fields})") from exc


def identity_of_workspace(workspace: Path) -> ServiceIdentity:
    service = read_service_file(workspace)
    return ServiceIdentity(service.rollout, service.token, endpoint_of(service))


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
