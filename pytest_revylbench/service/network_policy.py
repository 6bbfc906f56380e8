"""What an agent run under `revylbench run-agent` may reach: a TOML file of `host:port` pairs.

```toml
# network.toml
allow = ["api.model.example:443"]   # host:port, exactly; nothing else is reachable
```

No file, or an empty list, allows nothing. The sandbox has no network of its own
(`--unshare-net`); allowed hosts are reached only through the run's CONNECT proxy
(`service.connect_proxy`), which asks `NetworkPolicy.allows` for every request.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, field_validator

from pytest_revylbench.records.base import Record
from pytest_revylbench.records.tomlfiles import load_toml_model


class PolicyError(Exception):
    """A network policy file that cannot be read or does not validate."""


class NetworkPolicy(Record):
    """`--network-policy FILE`: the host:port pairs the agent may reach."""

    allow: tuple[str, ...] = Field(default=())
    """`host:port` pairs, e.g. `api.model.example:443`; compared exactly (host case-folded)."""

    @field_validator("allow")
    @classmethod
    def _host_port(cls, allow: tuple[str, ...]) -> tuple[str, ...]:
        for entry in allow:
            host, sep, port = entry.rpartition(":")
            if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
                raise ValueError(f"{entry!r} is not host:port (e.g. \"api.model.example:443\")")
        return tuple(entry.lower() for entry in allow)

    def allows(self, host: str, port: int) -> bool:
        return f"{host.lower()}:{port}" in self.allow


def load_policy(path: Path | None) -> NetworkPolicy:
    """The policy in `path`; None: nothing allowed."""
    if path is None:
        return NetworkPolicy()
    return load_toml_model(path, NetworkPolicy, what="network policy", error=PolicyError)
