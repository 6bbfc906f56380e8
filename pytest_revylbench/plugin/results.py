"""An item's result as the grade records it: planned when collected, finished at teardown.

The result travels as JSON in the teardown report's `user_properties`, so it survives xdist.
"""

from __future__ import annotations

import pytest

from pytest_revylbench.plugin.config import GradeConfig
from pytest_revylbench.plugin.keys import attempt_key, duration_key, phase_key, recorder_key
from pytest_revylbench.plugin.outcomes import PASSED, PhaseOutcome, classify
from pytest_revylbench.plugin.roles import role_of, tier_of
from pytest_revylbench.records.grade import TestResult
from pytest_revylbench.records.vocabulary import Fault, Verdict


def planned(items: list[pytest.Item], grade: GradeConfig) -> list[TestResult]:
    """Every item as a not-run result: what the reporter finishes if the grade stops first."""
    results = []
    for item in items:
        role, stage = role_of(item, grade)
        results.append(TestResult(nodeid=item.nodeid, name=item.name, role=role, stage=stage,
                                  tier=tier_of(item, role), verdict=Verdict.NOT_RUN,
                                  fault=Fault.NO_REPORT, reason="not run: the grade stopped first"))
    return results


def record_phase(item: pytest.Item, call: pytest.CallInfo[None], report: pytest.TestReport) -> None:
    """Note the outcome of the phase `call` ended on the item (`phase_key`)."""
    phases = item.stash.setdefault(phase_key, {})
    if call.excinfo is not None:
        if report.skipped:
            phases[call.when] = PhaseOutcome(Verdict.NOT_RUN, None, f"skipped: {call.excinfo.value}")
        else:
            phases[call.when] = classify(call.excinfo.value)
    elif call.when == "call":
        phases[call.when] = PASSED
    if call.when == "call":
        item.stash[duration_key] = report.duration


def result_json(item: pytest.Item, grade: GradeConfig) -> str:
    """The item's result from its phases and its app's evidence, as JSON."""
    phases = item.stash.get(phase_key, {})
    outcome = phases.get("setup") or phases.get("call") or PhaseOutcome(
        Verdict.NOT_RUN, None, "not run"
    )
    if outcome.verdict is Verdict.PASS and "teardown" in phases:
        outcome = phases["teardown"]
    role, stage = role_of(item, grade)
    tier = tier_of(item, role)
    recorder = item.stash.get(recorder_key, None)
    result = TestResult(
        nodeid=item.nodeid, name=item.name, role=role, stage=stage, tier=tier,
        verdict=outcome.verdict, fault=outcome.fault, reason=outcome.reason,
        duration_s=round(float(item.stash.get(duration_key, 0.0)), 3),
        evidence=tuple(recorder.evidence) if recorder else (),
        console_errors=tuple(recorder.console_errors) if recorder else (),
        console_dropped=recorder.console_dropped if recorder else 0,
        bench_s=recorder.bench_seconds if recorder else 0.0,
        device=recorder.device if recorder else None,
        attempts=item.stash.get(attempt_key, 1),
        screenshots=tuple(recorder.screenshots) if recorder else (),
        video=recorder.video if recorder else None,
    )
    return result.model_dump_json()
