"""The HTML scorecard: one self-contained page per grade, written beside its grade.json.

The page reads only the record: no wall clock, no network, no script. Screenshots are linked
by their report-relative paths, so the run folder stays portable.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_revylbench.app.evidence import slug
from pytest_revylbench.records.grade import Evidence, GradeRecord, TestResult
from pytest_revylbench.records.visual import METRICS
from pytest_revylbench.records.vocabulary import AGENT_FAULTS, Verdict
from pytest_revylbench.scoring import stages

if TYPE_CHECKING:
    import jinja2

TEMPLATES = Path(__file__).parent / "templates"
GRADE_SCORECARD = "scorecard.html"
GRADE_TEMPLATE = "grade.html.j2"


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


def render_grade_scorecard(record: GradeRecord) -> str:
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
    )


def write_grade_scorecard(record: GradeRecord, run_dir: Path) -> Path:
    """Write `run_dir/scorecard.html` for `record`; returns its path."""
    path = run_dir / GRADE_SCORECARD
    run_dir.mkdir(parents=True, exist_ok=True)
    path.write_text(render_grade_scorecard(record), encoding="utf-8")
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
