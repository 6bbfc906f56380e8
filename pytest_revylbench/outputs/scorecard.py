"""The HTML scorecard: one self-contained page per grade, written beside its grade.json.

The page reads only the record: no wall clock, no network. Screenshots are linked by their
report-relative paths, so the run folder stays portable. Each visual checkpoint's capture is
shown beside the task's published design image, copied into the run folder's `design/` when
the scorecard is written.

Each test is a timeline of its checks in order: criterion, verdict, what was expected and seen,
the screenshots before and after, the moment in the test's video (a link that seeks the player;
the page's only script, with the one that loads a tree), and the UI tree the check judged, shown
on demand from `scorecard-trees/` (`tree_views`). `redacted_scorecard` writes the same viewer
restricted to the feedback bundle.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_revylbench.app.evidence import slug
from pytest_revylbench.outputs.tree_views import TreeView, cited_trees
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
TREE_TEMPLATE = "tree.html.j2"
REDACTED_SCORECARD = "scorecard-redacted.html"
"""The page of what the feedback bundle showed the agent (`redacted_scorecard`)."""
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


def compile_templates() -> None:
    """Compile every page template now (≈ 0.3 s), not when a page is first rendered."""
    for template in sorted(TEMPLATES.glob("*.j2")):
        _environment().get_template(template.name)


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
class TimelineCheck:
    """One check of a test's timeline, in the order the test made it."""

    n: int
    evidence: Evidence
    anchor: str
    tree: TreeView | None
    """The readable view of the tree it judged; None when the page has none (see `stored`)."""

    @property
    def stored(self) -> str | None:
        """The tree file the check cites, whether or not a view of it was written."""
        return self.evidence.tree

    @property
    def before(self) -> str | None:
        """The screenshot before the check, when it differs from the one the check judged."""
        e = self.evidence
        return e.before if e.before and e.before != e.after else None


@dataclass(frozen=True)
class ResultCard:
    result: TestResult
    anchor: str
    failed: tuple[Evidence, ...]
    held: tuple[Evidence, ...]
    timeline: tuple[TimelineCheck, ...] = ()

    @property
    def video_id(self) -> str:
        return f"video-{self.anchor}"


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


def result_cards(record: GradeRecord, trees: Mapping[str, TreeView] | None = None) -> list[ResultCard]:
    """A card per test; `trees` maps a stored tree's path to its view (see `write_tree_views`)."""
    cards = []
    for r in record.tests:
        anchor = "test-" + slug(r.name, 120)
        timeline = tuple(
            TimelineCheck(n, e, f"{anchor}-check-{n}", (trees or {}).get(e.tree) if e.tree else None)
            for n, e in enumerate(r.evidence, 1)
        )
        cards.append(ResultCard(
            result=r, anchor=anchor, failed=tuple(e for e in r.evidence if not e.passed),
            held=tuple(e for e in r.evidence if e.passed), timeline=timeline,
        ))
    return cards


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


def render_grade_scorecard(
    record: GradeRecord, designs: Mapping[str, str] | None = None,
    trees: Mapping[str, TreeView] | None = None,
) -> str:
    """The page of `record`; `designs` maps a checkpoint@viewport to its design image's
    report-relative path, `trees` a stored UI tree to its view (see `write_grade_scorecard`)."""
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
        cards=result_cards(record, trees),
        counts={v.value: sum(r.verdict is v for r in record.tests) for v in Verdict},
        metrics=METRICS,
        pairs=design_pairs(record, designs or {}),
        redacted_page=REDACTED_SCORECARD,
        scripted=bool(trees) or any(r.video is not None and r.video.path for r in record.tests),
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


def write_tree_views(record: GradeRecord, run_dir: Path) -> dict[str, TreeView]:
    """Write `run_dir/scorecard-trees/`: a view of each UI tree `record` cites that is in
    `run_dir`; returns stored path -> its view."""
    views: dict[str, TreeView] = {}
    written: set[str] = set()
    for view, text in cited_trees(record, run_dir):
        views[view.stored] = view
        if view.view in written:  # the same screen's tree, judged by another check
            continue
        target = run_dir / view.view
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(render_scorecard(TREE_TEMPLATE, view=view, record=record, text=text),
                          encoding="utf-8")
        written.add(view.view)
    return views


def write_grade_scorecard(record: GradeRecord, run_dir: Path, design: Path | None = None) -> Path:
    """Write `run_dir/scorecard.html` for `record` (and its tree views); returns its path.

    :param design: the task's design folder (`tasks/<id>/design/`): its images are copied into
        the run folder and shown beside each checkpoint's capture.
    """
    path = run_dir / GRADE_SCORECARD
    run_dir.mkdir(parents=True, exist_ok=True)
    designs = copy_designs(record, design, run_dir) if design is not None else {}
    trees = write_tree_views(record, run_dir)
    path.write_text(render_grade_scorecard(record, designs, trees), encoding="utf-8")
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
