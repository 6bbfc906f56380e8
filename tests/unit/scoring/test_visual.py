"""Visual fidelity on synthetic phone screens: orderings, masks, normalization, timing."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image, ImageDraw

from pytest_revylbench.records.grade import Screenshot, TestResult
from pytest_revylbench.records.visual import (
    METRICS,
    CheckpointSpec,
    Region,
    VisualScore,
    VisualSpec,
    VisualWeights,
)
from pytest_revylbench.records.vocabulary import Verdict
from pytest_revylbench.scoring.tiers import RewardRefused, VisualScheme
from pytest_revylbench.scoring.visual import compare, normalize, visual_reward

WIDTH, HEIGHT = 1179, 2556
STATUS_BAR = Region(0, 0, WIDTH, 150)
INK = (30, 30, 40)
BLUE = (33, 99, 214)


def phone(
    width: int = WIDTH, height: int = HEIGHT, *, dx: int = 0, dy: int = 0, clock: str = "9:41",
    header: tuple[int, int, int] = BLUE, card: tuple[int, int, int] = (244, 246, 250),
    ink: tuple[int, int, int] = INK, background: tuple[int, int, int] = (255, 255, 255),
    badge: bool = False,
) -> Image.Image:
    """A phone-like screen: status bar, header, five cards of text-ish lines, a tab bar."""
    image = Image.new("RGB", (width, height), background)
    draw = ImageDraw.Draw(image)
    s = width / WIDTH

    def box(x0: float, y0: float, x1: float, y1: float) -> list[int]:
        return [int(x0 * s) + dx, int(y0 * s) + dy, int(x1 * s) + dx, int(y1 * s) + dy]

    for i, char in enumerate(clock):
        if char != ":":
            draw.rectangle(box(60 + i * 30, 50, 80 + i * 30, 95), fill=ink)
    draw.rectangle(box(0, 160, WIDTH, 330), fill=header)
    draw.rectangle(box(60, 220, 560, 280), fill=(255, 255, 255))
    for n in range(5):
        top = 400 + n * 360
        draw.rounded_rectangle(box(48, top, 1131, top + 300), radius=int(36 * s), fill=card,
                               outline=(210, 214, 222), width=max(1, int(3 * s)))
        for line in range(3):
            length = 700 - 150 * line - 40 * (n % 3)
            draw.rectangle(box(96, top + 50 + line * 80, 96 + length, top + 90 + line * 80), fill=ink)
        draw.ellipse(box(960, top + 90, 1080, top + 210), fill=header)
    if badge:
        draw.ellipse(box(1000, 420, 1100, 520), fill=(220, 40, 40))
    draw.rectangle(box(0, 2350, WIDTH, HEIGHT), fill=(250, 250, 252))
    for n in range(4):
        draw.rectangle(box(90 + n * 290, 2390, 190 + n * 290, 2470), fill=ink)
    return image


@pytest.fixture(scope="module")
def oracle() -> Image.Image:
    return phone()


@pytest.fixture(scope="module")
def scores(oracle: Image.Image) -> dict[str, VisualScore]:
    candidates = {
        "identical": phone(),
        "shifted-2": phone(dx=2, dy=2),
        "shifted-20": phone(dx=20, dy=20),
        "recoloured": phone(header=(20, 160, 90), card=(255, 244, 230), ink=(90, 30, 30)),
        "blank": Image.new("RGB", oracle.size, "white"),
        "smaller": phone(1080, 2400),
    }
    return {name: compare(image, oracle) for name, image in candidates.items()}


def test_identical_images_score_exactly_one_on_every_metric(scores: dict[str, VisualScore]) -> None:
    score = scores["identical"]
    assert score.metrics == dict.fromkeys(METRICS, 1.0)
    assert score.visual == 1.0
    assert score.masked_fraction == 0.0


def test_identical_files_and_transparency_score_one(oracle: Image.Image, tmp_path: Path) -> None:
    oracle.save(tmp_path / "oracle.png")
    oracle.convert("RGBA").save(tmp_path / "candidate.png")
    score = compare(tmp_path / "candidate.png", str(tmp_path / "oracle.png"))
    assert score.visual == 1.0
    # A transparent screenshot is seen on white, as a screen shows it.
    see_through = Image.new("RGBA", (40, 80), (0, 0, 0, 0))
    assert compare(see_through, Image.new("RGB", (40, 80), "white")).visual == 1.0


def test_every_metric_is_in_the_unit_interval(scores: dict[str, VisualScore]) -> None:
    for score in scores.values():
        assert set(score.metrics) == set(METRICS)
        assert all(0.0 <= value <= 1.0 for value in score.metrics.values())
        assert 0.0 <= score.visual <= 1.0


def test_identical_beats_a_small_shift_beats_a_large_shift_beats_blank(
    scores: dict[str, VisualScore],
) -> None:
    visual = {name: s.visual for name, s in scores.items()}
    assert visual["identical"] > visual["shifted-2"] > visual["shifted-20"] > visual["blank"]
    for metric in ("pixel", "ssim", "foreground", "edges"):
        m = {name: s.metrics[metric] for name, s in scores.items()}
        assert m["identical"] > m["shifted-2"] > m["shifted-20"], metric
    # Edges tolerate a 2 px shift, not a 20 px one.
    assert scores["shifted-2"].metrics["edges"] > 0.95
    assert scores["shifted-20"].metrics["edges"] < 0.2


def test_a_blank_screen_has_no_layout(scores: dict[str, VisualScore]) -> None:
    blank = scores["blank"].metrics
    assert blank["thumbnail"] == blank["foreground"] == blank["edges"] == 0.0
    # A white screen still matches the white background pixel by pixel: why the floor exists.
    assert blank["pixel"] > 0.7


def test_recolouring_keeps_edges_and_layout_but_costs_pixels(scores: dict[str, VisualScore]) -> None:
    recoloured = scores["recoloured"].metrics
    assert recoloured["edges"] > 0.95
    assert recoloured["thumbnail"] > 0.95
    assert recoloured["edges"] > scores["shifted-20"].metrics["edges"]
    assert recoloured["pixel"] < scores["shifted-2"].metrics["pixel"]
    assert recoloured["pixel"] < 0.97


def test_a_different_size_lowers_dimension_similarity(scores: dict[str, VisualScore]) -> None:
    smaller = scores["smaller"]
    assert smaller.candidate_size == (1080, 2400)
    assert smaller.metrics["dimension"] == pytest.approx((1080 / WIDTH) * (2400 / HEIGHT), abs=1e-6)
    assert all(scores[n].metrics["dimension"] == 1.0 for n in ("shifted-20", "blank", "recoloured"))
    assert smaller.visual < scores["shifted-2"].visual


def test_a_difference_only_inside_the_masked_status_bar_scores_one(oracle: Image.Image) -> None:
    other_clock = phone(clock="10:02")
    assert compare(other_clock, oracle).visual < 1.0
    masked = compare(other_clock, oracle, masks=[STATUS_BAR])
    assert masked.metrics == dict.fromkeys(METRICS, 1.0)
    assert masked.masked_fraction == pytest.approx(150 / HEIGHT, abs=1e-6)


def test_a_mask_in_the_middle_excludes_its_region_from_every_windowed_metric(
    oracle: Image.Image,
) -> None:
    with_badge = phone(badge=True)
    assert compare(with_badge, oracle).metrics["edges"] < 1.0
    # The mask's edge is not aligned with the analysis grid: the badge must still vanish.
    masked = compare(with_badge, oracle, masks=[Region(997, 413, 110, 110)])
    assert masked.metrics == dict.fromkeys(METRICS, 1.0)


def test_masked_agreement_does_not_inflate_a_score() -> None:
    oracle = Image.new("RGB", (100, 200), "white")
    ImageDraw.Draw(oracle).rectangle([0, 100, 99, 199], fill="black")
    candidate = Image.new("RGB", (100, 200), "white")
    # Unmasked: half the pixels differ by 255 → 0.5. Masking the agreeing top half leaves
    # only the differing bottom: 0.0, not 0.5.
    assert compare(candidate, oracle).metrics["pixel"] == pytest.approx(0.5)
    assert compare(candidate, oracle, masks=[Region(0, 0, 100, 100)]).metrics["pixel"] == 0.0


def test_comparison_is_deterministic(oracle: Image.Image) -> None:
    candidate = phone(dx=7, dy=-3, header=(200, 80, 30))
    assert compare(candidate, oracle).model_dump() == compare(candidate, oracle).model_dump()


def test_a_full_size_pair_takes_well_under_a_second(oracle: Image.Image, tmp_path: Path) -> None:
    oracle.save(tmp_path / "oracle.png")
    phone(dx=2, dy=2).save(tmp_path / "candidate.png")
    compare(tmp_path / "candidate.png", tmp_path / "oracle.png")  # imports scikit-image once
    started = time.process_time()
    compare(tmp_path / "candidate.png", tmp_path / "oracle.png", masks=[STATUS_BAR])
    # CPU time, so a busy machine does not fail it; measured ≈ 0.17 s (PNG decoding included).
    assert time.process_time() - started < 1.0


# -- weights -------------------------------------------------------------------------------


def test_visual_is_the_weighted_mean_of_the_metrics(
    scores: dict[str, VisualScore], oracle: Image.Image,
) -> None:
    metrics = scores["shifted-20"].metrics
    default = VisualWeights().as_dict()
    assert sum(default.values()) == pytest.approx(1.0)
    expected = sum(default[m] * metrics[m] for m in METRICS)
    assert scores["shifted-20"].visual == pytest.approx(expected, abs=1e-6)
    only_edges = VisualWeights(dimension=0, pixel=0, ssim=0, thumbnail=0, foreground=0, edges=2)
    assert compare(phone(dx=20, dy=20), oracle, weights=only_edges).visual == metrics["edges"]


@pytest.mark.parametrize("bad", [
    {"pixel": -0.1},
    dict.fromkeys(METRICS, 0.0),
    {"colour": 0.5},
])
def test_bad_weights_are_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        VisualWeights(**bad)


@pytest.mark.parametrize("bad", [(-1, 0, 10, 10), (0, 0, 0, 10), (0, 0, 10, -5)])
def test_bad_regions_are_refused(bad: tuple[int, int, int, int]) -> None:
    with pytest.raises(ValueError):
        Region(*bad)


def test_visual_spec_reads_a_task_table() -> None:
    spec = VisualSpec.model_validate({
        "floor": 0.55,
        "masks": [{"x": 0, "y": 0, "width": 1179, "height": 150}],
        "weights": {"edges": 0.4},
        "checkpoints": [{"name": "accounts"}, {"name": "budgets", "masks": [
            {"x": 0, "y": 2350, "width": 1179, "height": 206}]}],
    })
    assert spec.masks == (STATUS_BAR,)
    assert spec.weights.edges == 0.4 and spec.weights.pixel == 0.15
    assert spec.checkpoints[1].masks == (Region(0, 2350, 1179, 206),)
    with pytest.raises(ValueError, match="distinct"):
        VisualSpec.model_validate({"floor": 0.5, "checkpoints": [{"name": "a"}, {"name": "a"}]})
    with pytest.raises(ValueError, match="less than 1"):
        VisualSpec.model_validate({"floor": 1.0, "checkpoints": [{"name": "a"}]})


# -- normalization -------------------------------------------------------------------------


@pytest.mark.parametrize(("visual", "floor", "expected"), [
    (0.60, 0.60, 0.0),       # at the floor
    (0.59, 0.60, 0.0),       # below it: clipped, never negative
    (0.0, 0.60, 0.0),
    (0.61, 0.60, 0.025),     # just above
    (0.80, 0.60, 0.5),
    (1.00, 0.60, 1.0),
    (0.37, 0.0, 0.37),       # no floor: unchanged
])
def test_normalize(visual: float, floor: float, expected: float) -> None:
    assert normalize(visual, floor) == pytest.approx(expected)


@pytest.mark.parametrize("floor", [-0.1, 1.0, 1.5])
def test_normalize_refuses_a_floor_outside_0_to_1(floor: float) -> None:
    with pytest.raises(ValueError, match="floor"):
        normalize(0.5, floor)


def score_of(visual: float) -> VisualScore:
    return VisualScore(metrics=dict.fromkeys(METRICS, visual), weights=VisualWeights().as_dict(),
                       visual=visual, candidate_size=(1, 1), oracle_size=(1, 1), masked_fraction=0.0)


def test_a_missing_checkpoint_scores_zero_and_stays_in_the_denominator() -> None:
    summary = visual_reward({"accounts": score_of(1.0), "budgets": None}, floor=0.6,
                            checkpoints=["accounts", "budgets", "transactions"])
    assert [c.normalized for c in summary.checkpoints] == [1.0, 0.0, 0.0]
    assert [c.visual for c in summary.checkpoints] == [1.0, None, None]
    assert summary.normalized_visual == pytest.approx(1 / 3, abs=1e-6)
    assert summary.visual == pytest.approx(1 / 3, abs=1e-6)
    assert summary.arithmetic[1] == "budgets: missing = 0.00"
    assert summary.arithmetic[-1] == "normalized_visual = (1.00 + 0.00 + 0.00) / 3 = 0.3333"


def test_each_checkpoint_is_normalized_before_averaging() -> None:
    summary = visual_reward({"a": score_of(0.8), "b": score_of(0.4)}, floor=0.6, checkpoints=["a", "b"])
    # (0.5 + 0) / 2, not max(0, (0.6 − 0.6) / 0.4) = 0 as averaging first would give.
    assert summary.normalized_visual == pytest.approx(0.25)
    assert summary.arithmetic[0] == "a: max(0, (0.80 − 0.60) / (1 − 0.60)) = 0.50"


def test_visual_reward_refuses_undeclared_or_no_checkpoints() -> None:
    with pytest.raises(ValueError, match="undeclared"):
        visual_reward({"extra": score_of(1.0)}, floor=0.5, checkpoints=["a"])
    with pytest.raises(ValueError, match="no checkpoints"):
        visual_reward({}, floor=0.5, checkpoints=[])


# -- the visual scheme over a run's screenshots ---------------------------------------------


class TieredResult(TestResult):
    """TestResult with the `tier` field the tier marker will add."""

    tier: str | None = None


def result(name: str, verdict: str, shots: dict[str, str], tier: str | None = None) -> TestResult:
    return TieredResult(
        nodeid=f"t::{name}", name=name, role="other", verdict=Verdict(verdict), tier=tier,
        screenshots=tuple(Screenshot(path=path, step=step) for step, path in shots.items()),
    )


def test_the_visual_scheme_compares_checkpoint_screenshots_with_the_oracle(tmp_path: Path) -> None:
    oracle_dir, run_dir = tmp_path / "oracle", tmp_path / "run"
    (run_dir / "tests").mkdir(parents=True)
    oracle_dir.mkdir()
    phone(393, 852).save(oracle_dir / "accounts@phone.png")
    phone(393, 852, header=(200, 80, 30)).save(oracle_dir / "budgets@phone.png")
    phone(393, 852, clock="10:10").save(run_dir / "tests" / "accounts.png")
    spec = VisualSpec(floor=0.5, masks=(Region(0, 0, 393, 50),),
                      checkpoints=(CheckpointSpec(name="accounts"), CheckpointSpec(name="budgets")))
    task: Any = SimpleNamespace(id="demo", scoring=SimpleNamespace(scheme="visual", visual=spec, mix=None))
    results = [
        result("one", "pass", {"accounts@phone": "tests/accounts.png"}, tier="functional"),
        result("two", "fail", {}, tier="functional"),
    ]
    breakdown = VisualScheme(run_dir, oracle_dir).breakdown(task, results)
    # accounts matches once the status bar is masked; budgets was never photographed.
    assert breakdown.vector["checkpoint:accounts@phone"] == 1.0
    assert breakdown.vector["checkpoint:budgets@phone"] == 0.0
    assert breakdown.score == pytest.approx(0.5 * 0.5 + 0.5 * 0.5)
    assert breakdown.arithmetic[-1] == "reward = 0.50×0.50 + 0.50×0.50 = 0.50"
    reward = VisualScheme(run_dir, oracle_dir).pytest_revylbench_reward(task=task, results=results)
    assert reward is not None and reward.scheme == "visual" and reward.score == breakdown.score

    (oracle_dir / "budgets@phone.png").unlink()
    with pytest.raises(RewardRefused, match="no oracle screenshot"):
        VisualScheme(run_dir, oracle_dir).breakdown(task, results)
    other: Any = SimpleNamespace(id="demo", scoring=SimpleNamespace(scheme="stages"))
    assert VisualScheme(run_dir, oracle_dir).pytest_revylbench_reward(task=other, results=results) is None
