"""The HTML scorecard: one self-contained page per grade, written beside its grade.json.

The page reads only the record: no wall clock, no network, no script. Screenshots are linked
by their report-relative paths, so the run folder stays portable. Each visual checkpoint's
capture is shown beside the task's published design image, copied into the run folder's
`design/` when the scorecard is written.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_revylbench.app.evidence import slug
from pytest_revylbench.records.grade import Evidence, GradeRecord, TestResult
from pytest_revylbench.records.visual import METRICS
from pytest_revylbench.records.vocabulary import AGENT_FAULTS, Tier, Verdict
from pytest_revylbench.scoring import stages
from pytest_revylbench.scoring.tiers import checkpoint_screenshots

if TYPE_CHECKING:
    import jinja2

TEMPLATES = Path(__file__).parent / "templates"
GRADE_SCORECARD = "scorecard.html"
GRADE_TEMPLATE = "grade.html.j2"
DESIGN_COPY = "design"
"""The run folder's copy of the task's design images the scorecard shows."""


@cache
def _environment() -> jinja2.Environment:
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        # Criteria and observed text carry quotes, `$` and whatever the app rendered.
        autoescape=jinja2.select_autoescape(enabled_extensions=("html", "html.j2"), default=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def render_scorecard(template_name: str, **context: Any) -> str:
    """Render a template of `report/templates/`; pages extend `base.html.j2`."""
    return _environment().get_template(template_name).render(**context)


@dataclass(frozen=True)
class Component:
    """One entry of the reward vector, with the verdict its tests reached."""

    id: str
    kind: str
    value: float
    verdict: Verdict
    note: str = ""


@dataclass(frozen=True)
class Factor:
    """One term of the outcome's sum: `count × weight`."""

    label: str
    count: int
    detail: str
    weight: float

    @property
    def points(self) -> float:
        return self.count * self.weight


@dataclass(frozen=True)
class ResultCard:
    result: TestResult
    anchor: str
    failed: tuple[Evidence, ...]
    held: tuple[Evidence, ...]


def _journey_id(record: GradeRecord) -> str | None:
    journeys = [r.stage for r in record.tests if r.role == "journey" and r.stage]
    if journeys:
        return journeys[0]
    # No journey test reported: the stage scheme still puts the journey last in its vector.
    keys = list(record.reward.vector)
    return keys[-1] if keys and record.reward.scheme == stages.SCHEME else None


def _verdict(value: float, related: list[TestResult]) -> Verdict:
    if value >= 1.0:
        return Verdict.PASS
    ran = [r for r in related if r.verdict is not Verdict.NOT_RUN]
    if not ran and value == 0.0:
        return Verdict.NOT_RUN
    return Verdict.FAIL


TIER_NAMES = frozenset(t.value for t in Tier)


def reward_components(record: GradeRecord) -> list[Component]:
    """The reward vector in its own order, each with a kind, a verdict and why it did not count."""
    reward = record.reward
    journey = _journey_id(record)
    components = []
    stage_number = 0
    for key, value in reward.vector.items():
        related = [r for r in record.tests if r.stage == key]
        verdict = _verdict(value, related)
        note = ""
        if key == journey:
            kind = "journey"
        elif reward.scheme != stages.SCHEME and key in TIER_NAMES:  # tiers are not stages
            kind = "tier"
        else:
            stage_number += 1
            kind = f"stage {stage_number}"
            counted = stage_number <= reward.stages_passed
            if reward.scheme == stages.SCHEME and verdict is Verdict.PASS and not counted:
                note = "passed, not counted: an earlier stage did not pass"
        components.append(Component(key, kind, value, verdict, note))
    return components


def score_factors(record: GradeRecord) -> list[Factor]:
    """The terms of the stage scheme's outcome; empty for a scheme this page cannot explain."""
    reward = record.reward
    if reward.scheme != stages.SCHEME:
        return []
    components = reward_components(record)
    in_a_row = [c.id for c in components if c.kind != "journey"][: reward.stages_passed]
    journey = [c.id for c in components if c.kind == "journey"]
    return [
        Factor("stages passed in a row", reward.stages_passed, ", ".join(in_a_row) or "none",
               stages.STAGE_WEIGHT),
        Factor("journey passed", int(reward.journey_passed),
               ", ".join(journey) if reward.journey_passed else "not passed", stages.JOURNEY_WEIGHT),
    ]


def result_cards(record: GradeRecord) -> list[ResultCard]:
    return [
        ResultCard(
            result=r,
            anchor="test-" + slug(r.name, 120),
            failed=tuple(e for e in r.evidence if not e.passed),
            held=tuple(e for e in r.evidence if e.passed),
        )
        for r in record.tests
    ]


@dataclass(frozen=True)
class DesignPair:
    """One visual checkpoint: the published design beside what the run photographed."""

    name: str
    design: str | None
    """Report-relative path of the design image; None when the page was given none."""
    capture: str | None
    """Report-relative path of the run's screenshot; None when the checkpoint was not taken."""


def design_pairs(record: GradeRecord, designs: Mapping[str, str]) -> list[DesignPair]:
    """Each photographed-or-declared checkpoint of `record`'s vector, in its order."""
    if record.vector is None or not record.vector.shots:
        return []
    names = list(record.vector.shots)
    captures = checkpoint_screenshots(record.tests, names)
    return [DesignPair(n, designs.get(n), captures.get(n)) for n in names
            if designs.get(n) or captures.get(n)]


def render_grade_scorecard(record: GradeRecord, designs: Mapping[str, str] | None = None) -> str:
    """The page of `record`; `designs` maps a checkpoint@viewport to its design image's
    report-relative path (see `write_grade_scorecard`)."""
    factors = score_factors(record)
    total = round(sum(f.points for f in factors), 10)
    return render_scorecard(
        GRADE_TEMPLATE,
        record=record,
        components=reward_components(record),
        factors=factors,
        factors_total=total,
        factors_agree=bool(factors) and abs(total - record.outcome) < 1e-9,
        charged_to_agent=record.failure_kind in AGENT_FAULTS,
        cards=result_cards(record),
        counts={v.value: sum(r.verdict is v for r in record.tests) for v in Verdict},
        metrics=METRICS,
        pairs=design_pairs(record, designs or {}),
    )


def copy_designs(record: GradeRecord, design: Path, run_dir: Path) -> dict[str, str]:
    """Copy the design image of each checkpoint of `record` found in `design` into
    `run_dir/design/`; returns each one's report-relative path."""
    names = list(record.vector.shots) if record.vector is not None else []
    found = [n for n in names if (design / f"{n}.png").is_file()]
    copies: dict[str, str] = {}
    for name in found:
        (run_dir / DESIGN_COPY).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(design / f"{name}.png", run_dir / DESIGN_COPY / f"{name}.png")
        copies[name] = f"{DESIGN_COPY}/{name}.png"
    return copies


def write_grade_scorecard(record: GradeRecord, run_dir: Path, design: Path | None = None) -> Path:
    """Write `run_dir/scorecard.html` for `record`; returns its path.

    :param design: the task's design folder (`tasks/<id>/design/`): its images are copied into
        the run folder and shown beside each checkpoint's capture.
    """
    path = run_dir / GRADE_SCORECARD
    run_dir.mkdir(parents=True, exist_ok=True)
    designs = copy_designs(record, design, run_dir) if design is not None else {}
    path.write_text(render_grade_scorecard(record, designs), encoding="utf-8")
    return path


def write_rollout_scorecard(folder: Path, start: Any, records: list[Any], score: Any) -> Path:
    """`<rollout>/scorecard.html`: the score, each factor, and every submission's verdicts."""
    from pytest_revylbench.scoring.rollout import explain

    page = render_scorecard(
        "rollout.html.j2", folder=str(folder), start=start, records=records, score=score,
        lines=explain(score),
    )
    path = folder / "scorecard.html"
    path.write_text(page, encoding="utf-8")
    return path
