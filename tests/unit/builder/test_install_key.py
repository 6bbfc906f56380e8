"""The dependency cache is keyed by what `npm ci` checks: the lockfile and package.json's
dependency fields. A package.json out of sync with its lockfile built from a warm cache (the
lockfile's install was there) and failed `npm ci` on a cold one."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from pytest_revylbench.builder.deps import InstallFailed, InstallRetry, install_dependencies, install_key

LOCK = {"name": "app", "version": "1.0.0", "lockfileVersion": 3, "requires": True,
        "packages": {"": {"name": "app", "version": "1.0.0"}}}
IN_SYNC = {"name": "app", "version": "1.0.0"}


def project(folder: Path, package: dict[str, Any]) -> Path:
    folder.mkdir(parents=True)
    (folder / "package.json").write_text(json.dumps(package))
    (folder / "package-lock.json").write_text(json.dumps(LOCK))
    return folder


def install(folder: Path, cache: Path) -> tuple[str, str]:
    """('ok', 'cached'|'installed') or the failure's (party, npm code)."""
    try:
        deps = install_dependencies(folder, cache, log=cache.parent / f"{cache.name}.log",
                                    deadline=time.monotonic() + 120,
                                    retry=InstallRetry(retries=0))
    except InstallFailed as exc:
        assert exc.diagnosis is not None
        return exc.diagnosis.party, exc.diagnosis.code
    return "ok", "cached" if deps.cached else "installed"


def test_the_key_covers_dependency_fields_not_the_rest(tmp_path: Path) -> None:
    base = install_key(project(tmp_path / "a", IN_SYNC))
    renamed = {**IN_SYNC, "name": "other", "scripts": {"start": "expo start"}, "private": True}
    assert install_key(project(tmp_path / "b", renamed)) == base
    for field, value in [("dependencies", {"left-pad": "1.3.0"}), ("devDependencies", {"x": "1"}),
                         ("optionalDependencies", {"x": "1"}), ("peerDependencies", {"x": "1"}),
                         ("overrides", {"x": "1"}), ("workspaces", ["w"]), ("os", ["darwin"])]:
        changed = project(tmp_path / field, {**IN_SYNC, field: value})
        assert install_key(changed) != base, field
    broken = tmp_path / "broken"
    project(broken, IN_SYNC)
    (broken / "package.json").write_text('{"name": ')
    assert install_key(broken) != base
    reordered = project(tmp_path / "reordered", {"dependencies": {"b": "1", "a": "2"}})
    again = project(tmp_path / "again", {"dependencies": {"a": "2", "b": "1"}})
    assert install_key(reordered) == install_key(again)


def test_an_out_of_sync_package_json_gets_the_same_verdict_warm_and_cold(tmp_path: Path) -> None:
    """A real `npm ci` (it asks the registry for left-pad's versions before it refuses)."""
    warm = tmp_path / "warm-cache"
    assert install(project(tmp_path / "synced", IN_SYNC), warm) == ("ok", "installed")
    # Another submission of the same lockfile, whose package.json only renames: a warm hit.
    renamed = project(tmp_path / "renamed", {**IN_SYNC, "scripts": {"web": "expo start --web"}})
    assert install(renamed, warm) == ("ok", "cached")

    drifted = project(tmp_path / "drifted", {**IN_SYNC, "dependencies": {"left-pad": "1.3.0"}})
    cold = install(drifted, tmp_path / "cold-cache")
    if cold[0] == "bench":
        pytest.skip(f"the registry could not be asked: {cold}")
    assert cold == ("agent", "EUSAGE")
    assert install(drifted, warm) == cold  # was ('ok', 'cached'): it built and scored
