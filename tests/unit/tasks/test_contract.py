"""The contract tier's pure checks: dependencies against the scaffold, outside hosts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from pytest_revylbench.records.contract import ContractSpec
from pytest_revylbench.tasks.contract import (
    ContractBroken,
    dependency_changes,
    outside_message,
    outside_requests,
)

SCAFFOLD = {"dependencies": {"expo": "~56.0.21", "react": "19.2.3"},
            "devDependencies": {"typescript": "~6.0.3"}}


def project(root: Path, data: object) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "package.json").write_text(json.dumps(data))
    return root


@pytest.fixture
def scaffold(tmp_path: Path) -> Path:
    return project(tmp_path / "scaffold", SCAFFOLD)


def test_the_scaffold_itself_changes_nothing(tmp_path: Path, scaffold: Path) -> None:
    assert dependency_changes(project(tmp_path / "s", SCAFFOLD), scaffold) == []


def test_added_removed_and_changed_dependencies_are_named(tmp_path: Path, scaffold: Path) -> None:
    data = {"dependencies": {"expo": "~56.0.21", "lodash": "^4"},
            "devDependencies": {"typescript": "~5.0.0"}}
    changes = dependency_changes(project(tmp_path / "s", data), scaffold)
    assert changes == ["added lodash@^4 (not in the allowlist)", "removed react (the scaffold's)",
                       "changed typescript from ~6.0.3 to ~5.0.0"]


def test_an_allowed_addition_passes(tmp_path: Path, scaffold: Path) -> None:
    data = {**SCAFFOLD, "dependencies": {**SCAFFOLD["dependencies"], "date-fns": "^4"}}
    assert dependency_changes(project(tmp_path / "s", data), scaffold, ["date-fns"]) == []


@pytest.mark.parametrize(("content", "message"), [
    (None, "the submission has no package.json"),
    ("{not json", "package.json is not readable JSON"),
    ("[]", "package.json is not a JSON object"),
    ('{"dependencies": []}', "package.json: field dependencies is not an object"),
])
def test_unreadable_package_files_break_the_contract(
    tmp_path: Path, scaffold: Path, content: str | None, message: str
) -> None:
    sub = tmp_path / "s"
    sub.mkdir()
    if content is not None:
        (sub / "package.json").write_text(content)
    with pytest.raises(ContractBroken, match=message):
        dependency_changes(sub, scaffold)


def test_outside_requests_skip_the_grader_own_host_local_schemes_and_allowed_hosts() -> None:
    urls = [
        "http://127.0.0.1:41234/", "http://127.0.0.1:41234/_expo/static/js/web/index.js",
        "data:image/png;base64,AAAA", "blob:http://127.0.0.1:41234/x", "about:blank",
        "https://fonts.example.org/a.woff", "https://metrics.example.net/collect?app=1",
        "https://metrics.example.net/collect?app=2", "wss://live.example.com/socket",
        "http://127.0.0.1:9999/other-port",
    ]
    found = outside_requests(urls, own=["127.0.0.1:41234"], allowed=["fonts.example.org"])
    assert found == ["http://127.0.0.1:9999/other-port", "https://metrics.example.net/collect",
                     "wss://live.example.com/socket"]


def test_a_contract_declares_something_and_pairs_tab_labels() -> None:
    with pytest.raises(ValidationError, match="declare at least one"):
        ContractSpec()
    with pytest.raises(ValidationError, match="give one label per tab"):
        ContractSpec.model_validate({"tabs": {"test_ids": ["a", "b"], "labels": ["A"]}})
    with pytest.raises(ValidationError, match="screen names must be distinct"):
        ContractSpec.model_validate({"screens": [{"name": "x", "test_ids": ["a"]},
                                                 {"name": "x", "test_ids": ["b"]}]})


def test_a_missing_scaffold_is_the_task_s_fault_not_the_submission_s(tmp_path: Path) -> None:
    from pytest_revylbench.tasks.loading import TaskError

    with pytest.raises(TaskError, match=r"no scaffold package\.json to hold the dependencies against"):
        dependency_changes(project(tmp_path / "s", SCAFFOLD), tmp_path / "no-scaffold")


def test_the_network_item_names_five_outside_urls_each_cut() -> None:
    outside = sorted(f"https://tracker{n}.example.com/" + "q" * 500_000 for n in range(7))
    message = outside_message(outside)
    assert message.startswith("the app requested 7 URL(s) outside the allowed hosts: "
                              "https://tracker0.example.com/qqq")
    assert message.count(" …") == 5 and "tracker5" not in message
    assert len(message) < 1_200
