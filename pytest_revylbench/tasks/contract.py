"""The contract tier: the interfaces a task pins in `task.toml` `[contract]`.

Four kinds of subtest, each a binary verdict:

- `screen[<name>]`: after tapping the screen's `path` (test IDs, in order) from a fresh
  launch, every test ID the spec puts on that screen is present.
- `tabs`: the tab bar holds the declared tabs, in order, each showing its label.
- `dependencies`: the submission's `package.json` adds nothing to the scaffold's
  dependencies and devDependencies beyond the task's allowlist (and removes nothing).
- `network`: while the app runs through every declared screen, it requests no host outside
  the allowlist (web: the browser's network events; the grader's own server is allowed).

The declarations are `records.contract`; this module holds the pure checks (the items live
in `plugin.collection`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from pytest_revylbench.builder.intake import SubmissionRefused, read_regular
from pytest_revylbench.tasks.loading import TaskError

DEPENDENCY_FIELDS = ("dependencies", "devDependencies")
LOCAL_SCHEMES = ("data", "blob", "about", "chrome", "chrome-extension", "devtools")
"""URL schemes that never leave the device."""


class ContractBroken(AssertionError):
    """A pinned interface does not hold; the message is the criterion and what was found."""


def _declared(package_json: Path) -> dict[str, str]:
    """Dependencies and devDependencies of a submission's package.json."""
    try:
        # Never through a link, never waiting on a FIFO: the submission's file is hostile.
        data: Any = json.loads(read_regular(package_json).decode("utf-8"))
    except FileNotFoundError as exc:
        raise ContractBroken(f"the submission has no {package_json.name}") from exc
    except SubmissionRefused as exc:
        raise ContractBroken(f"{package_json.name}: {exc.reason}") from exc
    except (OSError, ValueError) as exc:
        raise ContractBroken(f"{package_json.name} is not readable JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ContractBroken(f"{package_json.name} is not a JSON object")
    found: dict[str, str] = {}
    for field in DEPENDENCY_FIELDS:
        section = data.get(field, {})
        if not isinstance(section, dict):
            raise ContractBroken(f"{package_json.name}: field {field} is not an object")
        found.update({str(k): str(v) for k, v in section.items()})
    return found


def scaffold_dependencies(scaffold: Path) -> dict[str, str]:
    """The scaffold's: a missing or broken one is the task's problem, never the submission's.

    :raises TaskError: the scaffold's package.json is missing or malformed.
    """
    if not (scaffold / "package.json").is_file():
        raise TaskError(f"{scaffold}: no scaffold package.json to hold the dependencies against")
    try:
        return _declared(scaffold / "package.json")
    except ContractBroken as exc:
        raise TaskError(f"{scaffold}: the scaffold's package.json: {exc}") from exc


def dependency_changes(
    submission: Path, scaffold: Path, allowed: Iterable[str] = ()
) -> list[str]:
    """What the submission's package.json changed against the scaffold's, beyond `allowed`."""
    base = scaffold_dependencies(scaffold)
    mine = _declared(submission / "package.json")
    allow = set(allowed)
    problems = [f"added {name}@{mine[name]} (not in the allowlist)"
                for name in sorted(set(mine) - set(base)) if name not in allow]
    problems += [f"removed {name} (the scaffold's)" for name in sorted(set(base) - set(mine))]
    problems += [f"changed {name} from {base[name]} to {mine[name]}"
                 for name in sorted(set(base) & set(mine)) if base[name] != mine[name]]
    return problems


def outside_requests(urls: Iterable[str], *, own: Iterable[str], allowed: Iterable[str]) -> list[str]:
    """The requested URLs whose host is neither the grader's own nor allowed, sorted, unique."""
    ok = {h.lower() for h in (*own, *allowed)}
    found: set[str] = set()
    for url in urls:
        parts = urlsplit(url)
        if parts.scheme in LOCAL_SCHEMES or not parts.scheme:
            continue
        host = (parts.hostname or "").lower()
        netloc = parts.netloc.lower()
        if host in ok or netloc in ok:
            continue
        found.add(f"{parts.scheme}://{parts.netloc}{parts.path}")
    return sorted(found)


def outside_message(outside: list[str]) -> str:
    """What the network item says of requests outside the allowed hosts: how many, and the
    first five, each cut to 200 characters (a URL is the app's to make up to 2 MB long)."""
    shown = ", ".join(url if len(url) <= 200 else url[:200] + " …" for url in outside[:5])
    return f"the app requested {len(outside)} URL(s) outside the allowed hosts: {shown}"


def missing_test_ids(present: Mapping[str, bool]) -> list[str]:
    return [test_id for test_id, here in present.items() if not here]
