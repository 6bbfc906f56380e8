"""The tiered schemes' arithmetic at its boundaries: weights, empty tiers, the build gate and
the progress gate."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from pytest_revylbench.records.grade import TestResult
from pytest_revylbench.records.task import TierWeights, VisualMix
from pytest_revylbench.records.visual import CheckpointVisual, VisualSummary
from pytest_revylbench.records.vocabulary import Fault, Verdict
from pytest_revylbench.scoring.tiers import (
    RewardRefused,
    TierScheme,
    build_failed,
    tiers_reward,
    verdicts_by_tier,
    visual_scheme_reward,
)

ALL_PASS = {"build": ["pass"], "functional": ["pass"] * 4, "flow": ["pass", "pass"], "contract": ["pass"]}


def tiers(**changes: list[str]) -> dict[str, list[str]]:
    return {**ALL_PASS, **changes}


def test_the_worked_example() -> None:
    reward = tiers_reward(tiers(functional=["pass", "pass", "fail", "pass"]))
    assert reward.score == pytest.approx(0.925)
    assert reward.vector == {"build": 1.0, "functional": 0.75, "flow": 1.0, "contract": 1.0}
    assert reward.arithmetic == (
        "build = 1/1 = 1.00",
        "functional = 3/4 = 0.75",
        "flow = 2/2 = 1.00",
        "contract = 1/1 = 1.00",
        "gates open: build 1/1, flow 2/2 passed",
        "reward = 0.20×1.00 + 0.30×0.75 + 0.35×1.00 + 0.15×1.00 = 0.925",
    )
    assert not reward.gated


@pytest.mark.parametrize(("changes", "score"), [
    ({}, 1.0),
    ({"functional": ["fail"] * 4, "flow": ["pass", "fail"], "contract": ["fail"]}, 0.20 + 0.175),
    ({"build": ["pass", "fail"]}, 0.90),                      # half a build is half its weight
    ({"flow": ["pass", "fail", "fail"]}, 0.20 + 0.30 + 0.35 / 3 + 0.15),
    ({"contract": ["not_run"]}, 0.85),                         # not run counts as not passed
    ({"functional": ["pass", "not_run", "fail", "not_run"]}, 0.20 + 0.075 + 0.35 + 0.15),
])
def test_each_tier_is_the_mean_of_its_subtests(changes: dict[str, list[str]], score: float) -> None:
    assert tiers_reward(tiers(**changes)).score == pytest.approx(score)


def test_non_repeating_means_are_shown_to_four_places() -> None:
    reward = tiers_reward(tiers(flow=["pass", "fail", "fail"]))
    assert "flow = 1/3 = 0.3333" in reward.arithmetic
    assert reward.arithmetic[-1] == "reward = 0.20×1.00 + 0.30×1.00 + 0.35×0.3333 + 0.15×1.00 = 0.7667"


@pytest.mark.parametrize("build", [["fail"], ["not_run"], ["fail", "not_run"]])
def test_no_passing_build_subtest_closes_the_gate(build: list[str]) -> None:
    reward = tiers_reward(tiers(build=build))
    assert reward.score == 0.0
    assert reward.gated
    assert reward.arithmetic[-1].startswith("build gate: no build subtest passed")
    assert reward.vector["functional"] == 1.0  # the parts stay visible


def test_a_build_failure_fault_closes_the_gate_whatever_else_passed() -> None:
    reward = tiers_reward(ALL_PASS, build_failed=True)
    assert (reward.score, reward.gated) == (0.0, True)
    assert reward.arithmetic[-1] == "build gate: the submission did not build (build_failed) → reward = 0"


# What the untouched scaffold passes on budget (issue 13: 0.219 before the progress gate), and
# the scaffold with a `throw` in App (0.152): build, the dependencies check, nothing the task asks.
SCAFFOLD = {"build": ["pass"] * 3, "functional": ["fail"] * 8, "flow": ["fail"] * 4,
            "contract": ["pass"] + ["fail"] * 7}
THROWS_ON_LAUNCH = {**SCAFFOLD, "build": ["pass", "pass", "fail"]}


@pytest.mark.parametrize(("verdicts", "ungated"), [(SCAFFOLD, "0.2188"), (THROWS_ON_LAUNCH, "0.1521")])
def test_doing_nothing_the_task_asks_earns_nothing(verdicts: dict[str, list[str]], ungated: str) -> None:
    reward = tiers_reward(verdicts)
    assert (reward.score, reward.gated) == (0.0, True)
    assert reward.arithmetic[-2:] == (
        f"ungated = 0.20×{'1.00' if verdicts is SCAFFOLD else '0.6667'} + 0.30×0.00 + 0.35×0.00 "
        f"+ 0.15×0.125 = {ungated}",
        "progress gate: no stage or journey test passed (flow 0/4) → reward = 0",
    )
    assert reward.vector["build"] > 0 and reward.vector["contract"] == 0.125  # the parts stay visible


@pytest.mark.parametrize("flow", [["pass", "fail", "fail", "fail"], ["fail", "fail", "fail", "pass"]])
def test_one_passing_stage_or_journey_test_opens_the_progress_gate(flow: list[str]) -> None:
    reward = tiers_reward({**SCAFFOLD, "flow": flow})
    assert not reward.gated
    assert reward.score == pytest.approx(0.20 + 0.35 / 4 + 0.15 / 8)
    assert reward.arithmetic[-2] == "gates open: build 3/3, flow 1/4 passed"


def test_no_flow_subtests_no_progress_gate() -> None:
    weights = TierWeights(build=0.5, functional=0.5, flow=0.0, contract=0.0)
    reward = tiers_reward({"build": ["pass"], "functional": ["fail"]}, weights=weights)
    assert (reward.score, reward.gated) == (0.5, False)
    assert reward.arithmetic[-2] == "gates open: build 1/1 passed"


def test_the_build_gate_is_named_before_the_progress_gate() -> None:
    reward = tiers_reward({**SCAFFOLD, "build": ["fail"] * 3})
    assert reward.arithmetic[-1].startswith("build gate: no build subtest passed (0/3)")


def test_a_weighted_tier_without_subtests_is_refused_not_counted_as_passed() -> None:
    partial = {k: v for k, v in ALL_PASS.items() if k != "contract"}
    with pytest.raises(RewardRefused, match=r"\['contract'\] have a weight but no subtests"):
        tiers_reward(partial)
    with pytest.raises(RewardRefused, match="no subtests"):
        tiers_reward(tiers(flow=[]))


def test_a_tier_weighted_zero_may_be_empty_and_is_left_out() -> None:
    weights = TierWeights(build=0.25, functional=0.25, flow=0.5, contract=0.0)
    partial = {k: v for k, v in ALL_PASS.items() if k != "contract"}
    reward = tiers_reward({**partial, "flow": ["pass", "fail"]}, weights=weights)
    assert reward.score == pytest.approx(0.75)
    assert reward.arithmetic[-1] == "reward = 0.25×1.00 + 0.25×1.00 + 0.50×0.50 = 0.75"
    assert "contract" not in reward.vector


@pytest.mark.parametrize(("verdicts", "message"), [
    ({**ALL_PASS, "style": ["pass"]}, "unknown tiers"),
    (tiers(flow=["passed"]), "unknown verdicts"),
])
def test_unknown_tiers_and_verdicts_are_refused(verdicts: dict[str, list[str]], message: str) -> None:
    with pytest.raises(RewardRefused, match=message):
        tiers_reward(verdicts)


def test_default_weights_and_their_validation() -> None:
    assert TierWeights().as_dict() == {"build": 0.20, "functional": 0.30, "flow": 0.35, "contract": 0.15}
    assert TierWeights(build=0.1, functional=0.2, flow=0.3, contract=0.4).flow == 0.3  # float sum ≈ 1
    with pytest.raises(ValueError, match="sum to 1"):
        TierWeights(build=0.5)
    with pytest.raises(ValueError):
        TierWeights(build=-0.2, functional=0.5, flow=0.5, contract=0.2)
    with pytest.raises(ValueError):
        TierWeights.model_validate({"build": 0.2, "style": 0.1})
    with pytest.raises(ValueError, match="sum to 1"):
        VisualMix(visual=0.7)


# -- the visual scheme's mix -----------------------------------------------------------------


def summary(normalized: float) -> VisualSummary:
    return VisualSummary(floor=0.5, visual=0.5 + normalized / 2, normalized_visual=normalized,
                         checkpoints=(CheckpointVisual(name="home", visual=0.5 + normalized / 2,
                                                       normalized=normalized),),
                         arithmetic=("home: …",))


@pytest.mark.parametrize(("normalized", "functional", "mix", "score"), [
    (1.0, ["pass"], VisualMix(), 1.0),
    (0.0, ["fail"], VisualMix(), 0.0),
    (0.8, ["pass", "fail"], VisualMix(), 0.65),
    (0.8, ["pass", "fail"], VisualMix(visual=0.7, functional=0.3), 0.71),
    (0.8, ["fail"], VisualMix(visual=1.0, functional=0.0), 0.8),
])
def test_visual_mix(normalized: float, functional: list[str], mix: VisualMix, score: float) -> None:
    reward = visual_scheme_reward(summary(normalized), {"functional": functional}, mix=mix)
    assert reward.score == pytest.approx(score)
    assert reward.vector["normalized_visual"] == normalized
    assert reward.vector["checkpoint:home"] == normalized


def test_visual_mix_arithmetic_and_gate() -> None:
    reward = visual_scheme_reward(summary(0.8), {"functional": ["pass", "fail"]})
    assert reward.arithmetic == ("home: …", "functional = 1/2 = 0.50",
                                 "reward = 0.50×0.80 + 0.50×0.50 = 0.65")
    gated = visual_scheme_reward(summary(0.8), {"functional": ["pass"]}, build_failed=True)
    assert (gated.score, gated.gated) == (0.0, True)
    gated = visual_scheme_reward(summary(0.8), {"functional": ["pass"], "build": ["fail"]})
    assert (gated.score, gated.gated) == (0.0, True)


def test_the_visual_scheme_has_the_progress_gate_when_flow_is_graded() -> None:
    # Components that pass their jest tests in an app that does nothing on the device.
    gated = visual_scheme_reward(summary(0.0), {"functional": ["pass"], "flow": ["fail", "fail"]})
    assert (gated.score, gated.gated) == (0.0, True)
    assert gated.arithmetic[-2:] == ("ungated = 0.50×0.00 + 0.50×1.00 = 0.50",
                                     "progress gate: no stage or journey test passed (flow 0/2) → reward = 0")
    opened = visual_scheme_reward(summary(0.0), {"functional": ["pass"], "flow": ["fail", "pass"]})
    assert opened.score == 0.5
    assert opened.arithmetic[-2:] == ("gates open: flow 1/2 passed", "reward = 0.50×0.00 + 0.50×1.00 = 0.50")


def test_visual_scheme_needs_functional_subtests_when_they_weigh() -> None:
    with pytest.raises(RewardRefused, match="functional"):
        visual_scheme_reward(summary(1.0), {})
    only_visual = VisualMix(visual=1.0, functional=0.0)
    assert visual_scheme_reward(summary(0.4), {}, mix=only_visual).score == pytest.approx(0.4)


# -- adapters over TestResult and the hook ----------------------------------------------------


class TieredResult(TestResult):
    """TestResult with the `tier` field the tier marker will add."""

    tier: str | None = None


def result(name: str, verdict: str, tier: str | None, fault: Fault | None = None) -> TestResult:
    return TieredResult(nodeid=f"t::{name}", name=name, role="other", verdict=Verdict(verdict),
                        tier=tier, fault=fault)


def test_results_are_grouped_by_their_tier_and_untiered_ones_ignored() -> None:
    results = [result("a", "pass", "build"), result("b", "fail", "functional"),
               result("c", "pass", "functional"), result("d", "pass", None)]
    plain = TestResult(nodeid="t::e", name="e", role="stage", verdict=Verdict.PASS)
    assert verdicts_by_tier([*results, plain]) == {"build": ["pass"], "functional": ["fail", "pass"]}
    assert not build_failed(results)
    not_built = [result(n, "not_run", t, Fault.BUILD_FAILED) for n, t in [("a", "build"), ("b", "flow")]]
    assert build_failed(not_built)


def test_the_tier_scheme_hook_answers_for_its_own_scheme_only() -> None:
    results = [result(f"{t}-{n}", "pass" if n else "fail", t)
               for t in ("build", "functional", "flow", "contract") for n in (0, 1)]
    # One of each tier's two subtests fails, the build tier's too: every tier is 0.5.
    task: Any = SimpleNamespace(scoring=SimpleNamespace(scheme="tiers"))
    reward = TierScheme().pytest_revylbench_reward(task=task, results=results)
    assert reward is not None
    assert reward.scheme == "tiers"
    assert reward.score == pytest.approx(0.5)
    assert reward.vector == dict.fromkeys(("build", "functional", "flow", "contract"), 0.5)
    weighted: Any = SimpleNamespace(scoring=SimpleNamespace(
        scheme="tiers", tiers=TierWeights(build=0.0, functional=0.0, flow=1.0, contract=0.0)))
    assert TierScheme().pytest_revylbench_reward(task=weighted, results=results) is not None
    not_built = [result("x", "not_run", "build", Fault.BUILD_FAILED),
                 *[result(t, "not_run", t, Fault.BUILD_FAILED) for t in ("functional", "flow", "contract")]]
    gated = TierScheme().pytest_revylbench_reward(task=task, results=not_built)
    assert gated is not None and gated.score == 0.0
    stages: Any = SimpleNamespace(scoring=SimpleNamespace(scheme="stages"))
    assert TierScheme().pytest_revylbench_reward(task=stages, results=results) is None
