"""The HTML scorecard of a grade: what it shows, how it escapes, and that it needs nothing else."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pytest_revylbench.outputs.scorecard import (
    render_grade_scorecard,
    render_scorecard,
    write_grade_scorecard,
)
from pytest_revylbench.records.audit import AuditedCheck, PixelAudit
from pytest_revylbench.records.build import BuildResult
from pytest_revylbench.records.grade import Evidence, GradeRecord, TestResult
from pytest_revylbench.records.reward import Reward
from pytest_revylbench.records.vocabulary import Fault, GradeStatus, Verdict

TRICKY = 'the total reads "$1,089.75" <b>& more</b>'


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    @property
    def text(self) -> str:
        return " ".join(
            " ".join((c if isinstance(c, str) else c.text).split()) for c in self.children
        ).strip()

    def walk(self) -> list[Node]:
        found = [self]
        for child in self.children:
            if isinstance(child, Node):
                found += child.walk()
        return found

    def by_id(self, element_id: str) -> Node:
        (node,) = [n for n in self.walk() if n.attrs.get("id") == element_id]
        return node

    def by_class(self, *names: str) -> list[Node]:
        return [n for n in self.walk() if set(names) <= n.classes]

    def by_tag(self, tag: str) -> list[Node]:
        return [n for n in self.walk() if n.tag == tag]


class _TreeBuilder(HTMLParser):
    VOID = frozenset({"meta", "img", "br", "hr", "link", "input", "source"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack[-1].tag == tag, f"</{tag}> closes <{self.stack[-1].tag}>"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(page: str) -> Node:
    builder = _TreeBuilder()
    builder.feed(page)
    builder.close()
    assert builder.stack == [builder.root], "unclosed elements"
    return builder.root


def check(criterion: str, passed: bool, n: int, test: str = "test_stage_3_budgets") -> Evidence:
    state = "ok" if passed else "FAILED"
    return Evidence(
        criterion=criterion, expected="'-$532.75'", observed="'-$532.75'" if passed else "'-$502.75'",
        passed=passed, before=f"tests/{test}/{n - 1:02d}-ok-before.png" if n > 1 else None,
        after=f"tests/{test}/{n:02d}-{state}-shot.png",
    )


def make_record(**changes: object) -> GradeRecord:
    """Budget graded: stage 1 passes, stage 2 fails, stage 3 passes after the gap, journey not run."""
    tests = (
        TestResult(nodeid="suites/budget/test_budget.py::test_stage_1_accounts",
                   name="test_stage_1_accounts", role="stage", stage="accounts", verdict=Verdict.PASS,
                   duration_s=4.2,
                   evidence=tuple(check(f"account {n} is listed", True, n) for n in (1, 2, 3))),
        TestResult(nodeid="suites/budget/test_budget.py::test_stage_2_transactions",
                   name="test_stage_2_transactions", role="stage", stage="transactions",
                   verdict=Verdict.FAIL, fault=Fault.CHECK_FAILED, reason=TRICKY, attempts=2,
                   evidence=(check("the list opens", True, 1), check(TRICKY, False, 2)),
                   console_errors=("TypeError: x is undefined",)),
        TestResult(nodeid="suites/budget/test_budget.py::test_stage_3_budgets",
                   name="test_stage_3_budgets", role="stage", stage="budgets", verdict=Verdict.PASS,
                   evidence=(check("a budget shows", True, 1),)),
        TestResult(nodeid="suites/budget/test_budget.py::test_journey_month_close",
                   name="test_journey_month_close", role="journey", stage="month-close",
                   verdict=Verdict.NOT_RUN, fault=Fault.DRIVER_ERROR, reason="the browser went away"),
    )
    fields: dict[str, object] = dict(
        run_id="r-7", task="budget", task_version="1.2.0", platform="web",
        submission_digest="sha256:abc", status=GradeStatus.INFRA_FAILURE, failure_kind=Fault.DRIVER_ERROR,
        outcome=0.2,
        reward=Reward(scheme="stages", score=0.2, stages_passed=1, journey_passed=False,
                      vector={"accounts": 1.0, "transactions": 0.0, "budgets": 1.0, "month-close": 0.0}),
        build=BuildResult(ok=True, seconds=12.5, log_path="build.log", cache_hit=True),
        tests=tests, started_at="2026-11-30T03:39:11+00:00", finished_at="2026-11-30T03:39:40+00:00",
    )
    fields.update(changes)
    return GradeRecord.model_validate(fields)


@pytest.fixture(scope="module")
def page() -> Node:
    return parse(render_grade_scorecard(make_record()))


def test_header_names_task_platform_run_status_and_whose_fault(page: Node) -> None:
    assert page.by_tag("title")[0].text == "budget on web: 0.20 (r-7)"
    assert page.by_id("task").text == "budget v1.2.0 on web"
    assert page.by_id("platform").text == "web"
    assert page.by_id("run-id").text == "r-7"
    assert page.by_id("status").classes >= {"status", "infra_failure"}
    assert page.by_id("failure-kind").text == (
        "driver_error: the bench's fault, not charged to the submission"
    )


def test_outcome_and_vector_show_each_component_in_order_with_its_colour(page: Node) -> None:
    assert page.by_id("outcome").text.startswith("0.20 ")
    items = page.by_id("reward-vector").by_tag("li")
    assert [(li.attrs["data-component"], (li.classes - {"component"}).pop()) for li in items] == [
        ("accounts", "pass"), ("transactions", "fail"), ("budgets", "pass"), ("month-close", "not_run"),
    ]
    assert [li.by_class("kind")[0].text for li in items] == ["stage 1", "stage 2", "stage 3", "journey"]
    assert items[2].by_class("note")[0].text == "passed, not counted: an earlier stage did not pass"
    assert not items[0].by_class("note")


def test_score_factors_show_the_arithmetic(page: Node) -> None:
    rows = [[td.text for td in tr.by_tag("td")] for tr in page.by_id("score-factors").by_class("factor")]
    assert rows == [
        ["stages passed in a row", "1", "×", "0.2", "0.20", "accounts"],
        ["journey passed", "0", "×", "0.4", "0.00", "not passed"],
    ]
    assert page.by_id("arithmetic").text == "1 × 0.2 + 0 × 0.4 = 0.20"
    assert not page.by_class("warning")


def test_a_failed_test_shows_its_failed_criteria_with_screenshots(page: Node) -> None:
    section = page.by_id("test-test_stage_2_transactions")
    assert section.classes == {"test", "fail"}
    assert section.by_class("verdict")[0].classes >= {"verdict", "fail"}
    assert section.by_class("reason")[0].text == f"check_failed {TRICKY}"
    (failed,) = section.by_class("criterion", "failed")
    assert failed.by_class("criterion-text")[0].text == TRICKY
    assert failed.by_class("expected")[0].text == "'-$532.75'"
    assert failed.by_class("observed")[0].text == "'-$502.75'"
    images = failed.by_tag("img")
    assert [img.attrs["src"] for img in images] == [
        "tests/test_stage_3_budgets/01-ok-before.png", "tests/test_stage_3_budgets/02-FAILED-shot.png",
    ]
    assert {img.attrs["alt"] for img in images} == {TRICKY}
    assert section.by_class("criteria-count")[0].text == "1 criterion held"
    assert "2 attempts" in section.by_class("meta")[0].text
    assert "TypeError: x is undefined" in section.by_class("console")[-1].text


def test_a_passed_test_is_collapsed_to_its_criteria(page: Node) -> None:
    section = page.by_id("test-test_stage_1_accounts")
    assert section.classes == {"test", "pass"}
    assert not section.by_class("criterion", "failed")
    (timeline,) = section.by_class("timeline", "held")
    assert timeline.tag == "details" and "open" not in timeline.attrs
    # Its screenshots are only in the closed timeline, never shown up front.
    assert section.by_tag("img") == timeline.by_tag("img")
    assert section.by_class("criteria-count")[0].text == "3 criteria held"
    assert [c.by_class("check-criterion")[0].text for c in timeline.by_class("check")] == [
        "account 1 is listed", "account 2 is listed", "account 3 is listed",
    ]


def test_a_test_that_did_not_run_says_why(page: Node) -> None:
    section = page.by_id("test-test_journey_month_close")
    assert section.classes == {"test", "not_run"}
    assert section.by_class("reason")[0].text == "driver_error the browser went away"


def test_text_from_the_app_is_escaped_not_interpreted() -> None:
    html = render_grade_scorecard(make_record())
    assert "<b>&" not in html
    assert "&lt;b&gt;&amp; more&lt;/b&gt;" in html
    assert not parse(html).by_tag("b")


def test_the_page_is_self_contained() -> None:
    root = parse(render_grade_scorecard(make_record()))
    assert not root.by_tag("script")
    assert not root.by_tag("link")
    assert not [n for n in root.walk() if any(k.startswith("on") for k in n.attrs)]
    links = [n.attrs[a] for n in root.walk() for a in ("src", "href") if a in n.attrs]
    assert links and all(not link.startswith("/") and ":" not in link for link in links)
    css = root.by_tag("style")[0].text
    assert "url(" not in css and "@import" not in css


def test_a_failed_build_shows_its_log_tail() -> None:
    build = BuildResult(ok=False, seconds=3.0, log_path="build.log", reason="expo export exited 1",
                        fault=Fault.BUILD_FAILED, log_tail="error TS2304: Cannot find name 'x'.\n")
    record = make_record(
        build=build, status=GradeStatus.CANDIDATE_FAILURE, failure_kind=Fault.BUILD_FAILED, outcome=0.0,
        reward=Reward(scheme="stages", score=0.0), tests=(),
    )
    root = parse(render_grade_scorecard(record))
    assert root.by_id("build").classes == {"build", "failed"}
    assert root.by_id("build").by_class("reason")[0].text == "build_failed expo export exited 1"
    assert root.by_id("build-log-tail").text == "error TS2304: Cannot find name 'x'."
    assert root.by_id("failure-kind").text == "build_failed: charged to the submission"
    assert root.by_id("status").classes >= {"candidate_failure"}


def test_a_scheme_it_cannot_explain_shows_the_score_without_factors() -> None:
    record = make_record(outcome=0.5, reward=Reward(scheme="tiers", score=0.5, vector={"tier-1": 0.5}))
    root = parse(render_grade_scorecard(record))
    assert not root.by_class("factor")
    assert "Scheme tiers scored 0.50" in root.by_id("score-factors").text
    (item,) = root.by_id("reward-vector").by_tag("li")
    assert item.classes == {"component", "fail"}


def test_factors_that_disagree_with_the_outcome_are_flagged() -> None:
    root = parse(render_grade_scorecard(make_record(outcome=0.3, reward=Reward(
        scheme="stages", score=0.3, stages_passed=1, vector={"accounts": 1.0}))))
    assert "add up to 0.20, not the recorded outcome 0.30" in root.by_class("warning")[0].text


def test_write_grade_scorecard_writes_the_same_page_beside_grade_json(tmp_path: Path) -> None:
    path = write_grade_scorecard(make_record(), tmp_path / "r-7")
    assert path == tmp_path / "r-7" / "scorecard.html"
    assert path.read_text(encoding="utf-8") == render_grade_scorecard(make_record())


def test_render_scorecard_gives_other_pages_the_base_layout() -> None:
    root = parse(render_scorecard("base.html.j2"))
    assert root.by_tag("title")[0].text == "revylbench"
    assert "--pass:" in root.by_tag("style")[0].text
    assert [n.tag for n in root.by_tag("body")[0].children if isinstance(n, Node)] == [
        "header", "main", "footer",
    ]


def test_the_whole_vector_shows_each_tier_scheme_and_visual_metric() -> None:
    from pytest_revylbench.records.reward import GradeVector, TierSummary
    from pytest_revylbench.records.visual import CheckpointVisual, VisualScore, VisualSummary

    metrics = {"dimension": 1.0, "pixel": 0.95, "ssim": 0.7, "thumbnail": 0.55, "foreground": 0.27,
               "edges": 0.32}
    shot = VisualScore(metrics=metrics, weights={m: 1.0 for m in metrics}, visual=0.58,
                       candidate_size=(1179, 2556), oracle_size=(1179, 2556), masked_fraction=0.0)
    vector = GradeVector(
        tiers={"flow": TierSummary(score=0.75, passed=3, total=4, arithmetic="flow = 3/4 = 0.75"),
               "visual": TierSummary(score=0.0633, arithmetic="normalized_visual = 0.0633")},
        visual=VisualSummary(floor=0.55, visual=0.29, normalized_visual=0.0633, arithmetic=("x",),
                             checkpoints=(CheckpointVisual(name="accounts@phone", visual=0.58,
                                                           normalized=0.1266),
                                          CheckpointVisual(name="budgets@phone", visual=None,
                                                           normalized=0.0))),
        shots={"accounts@phone": shot, "budgets@phone": None},
        schemes={"stages": Reward(scheme="stages", score=0.2)},
        refused={"tiers": "tiers ['functional'] have a weight but no subtests"},
    )
    root = parse(render_grade_scorecard(make_record(vector=vector)))
    tiers = {n.attrs["data-tier"]: n.attrs["data-score"] for n in root.by_class("tier")}
    assert tiers == {"flow": "0.75", "visual": "0.0633"}
    rows = {n.attrs["data-shot"]: n.text for n in root.by_class("shot") if n.tag == "tr"}
    assert "0.950" in rows["accounts@phone"] and "0.127" in rows["accounts@phone"]
    assert "not photographed: scores 0" in rows["budgets@phone"]
    schemes = root.by_id("schemes").text
    assert "stages 0.20" in schemes and "tiers not scored: tiers ['functional']" in schemes


def test_each_checkpoint_shows_the_design_beside_the_capture(tmp_path: Path) -> None:
    from urllib.parse import unquote

    from pytest_revylbench.records.grade import GradeVector, Screenshot
    from pytest_revylbench.records.visual import CheckpointVisual, VisualScore, VisualSummary

    metrics = {"dimension": 1.0, "pixel": 0.9, "ssim": 0.8, "thumbnail": 0.7, "foreground": 0.6,
               "edges": 0.5}
    shot = VisualScore(metrics=metrics, weights={m: 1.0 for m in metrics}, visual=0.75,
                       candidate_size=(1179, 2556), oracle_size=(1179, 2556), masked_fraction=0.0)
    vector = GradeVector(
        visual=VisualSummary(floor=0.43, visual=0.375, normalized_visual=0.28, arithmetic=("x",),
                             checkpoints=(CheckpointVisual(name="accounts@phone", visual=0.75,
                                                           normalized=0.56),
                                          CheckpointVisual(name="categories@phone", visual=None,
                                                           normalized=0.0))),
        shots={"accounts@phone": shot, "categories@phone": None},
    )
    visual = TestResult(
        nodeid="tasks/budget/task.toml::visual::accounts@phone", name="accounts@phone",
        role="other", tier="visual", verdict=Verdict.PASS,
        screenshots=(Screenshot(path="tests/accounts-phone/01-accounts-phone.png", step="accounts@phone"),))
    record = make_record(vector=vector, tests=(*make_record().tests, visual))
    design = tmp_path / "tasks/budget/design"
    design.mkdir(parents=True)
    for name in ("accounts@phone", "categories@phone", "transactions@phone"):
        (design / f"{name}.png").write_bytes(b"\x89PNG\r\n\x1a\n" + name.encode())
    run_dir = tmp_path / "r-7"

    root = parse(write_grade_scorecard(record, run_dir, design=design).read_text(encoding="utf-8"))

    pairs = {n.attrs["data-shot"]: n for n in root.by_id("design-vs-capture").by_class("pair")}
    assert list(pairs) == ["accounts@phone", "categories@phone"]
    design_img, capture_img = (unquote(i.attrs["src"]) for i in pairs["accounts@phone"].by_tag("img"))
    assert design_img == "design/accounts@phone.png"
    assert capture_img == "tests/accounts-phone/01-accounts-phone.png"
    captions = [f.text for f in pairs["accounts@phone"].by_tag("figcaption")]
    assert captions == ["design: accounts@phone", "capture: accounts@phone, visual 0.750"]
    assert [unquote(i.attrs["src"]) for i in pairs["categories@phone"].by_tag("img")] == [
        "design/categories@phone.png"]
    assert "categories@phone: not photographed" in pairs["categories@phone"].text
    # Only the grade's checkpoints are copied, byte for byte, so the folder moves as a whole.
    assert sorted(p.name for p in (run_dir / "design").iterdir()) == [
        "accounts@phone.png", "categories@phone.png"]
    assert (run_dir / design_img).read_bytes() == (design / "accounts@phone.png").read_bytes()
    # Without a design folder the page shows the captures alone and copies nothing.
    bare = parse(write_grade_scorecard(record, tmp_path / "r-8").read_text(encoding="utf-8"))
    (pair,) = bare.by_id("design-vs-capture").by_class("pair")
    assert [unquote(i.attrs["src"]) for i in pair.by_tag("img")] == [capture_img]
    assert "accounts@phone: no design image" in pair.text
    assert not (tmp_path / "r-8" / "design").exists()


def test_a_tiered_schemes_chips_say_tier_and_its_score_shows_its_weights() -> None:
    """Tiers are not stages: the header's chips of a `tiers` grade say "tier", and the Score
    section gives the scheme's own arithmetic instead of saying it does not know the weights."""
    arithmetic = ("build = 3/3 = 1.00", "functional = 1/2 = 0.50",
                  "reward = 0.20×1.00 + 0.30×0.50 + 0.35×1.00 + 0.15×1.00 = 0.85")
    reward = Reward(scheme="tiers", score=0.85, arithmetic=arithmetic,
                    vector={"build": 1.0, "functional": 0.5, "flow": 1.0, "contract": 1.0})
    root = parse(render_grade_scorecard(make_record(reward=reward, outcome=0.85)))
    items = root.by_id("reward-vector").by_tag("li")
    assert [li.by_class("kind")[0].text for li in items] == ["tier"] * 4
    score = root.by_id("score-factors")
    assert "does not know" not in score.text
    assert score.by_tag("pre")[0].text == " ".join(" ".join(arithmetic).split())


def timeline_record(run_dir: Path) -> GradeRecord:
    """make_record's failed stage 2, recorded with a video and a UI tree for each check; the
    two checks judged the same screen (one tree, one view), a third tree is gzip'd."""
    import gzip

    from pytest_revylbench.records.grade import Video

    trees = {"tests/t2/01-ok-shot.html": '<html><body><div data-testid="list">Groceries</div></body></html>',
             "tests/t2/02-FAILED-shot.html.gz": "<html><body><p>Checking -$502.75</p></body></html>"}
    for rel, text in trees.items():
        (run_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        data = text.encode()
        (run_dir / rel).write_bytes(gzip.compress(data, mtime=0) if rel.endswith(".gz") else data)
    stage_2 = make_record().tests[1]
    held, failed = stage_2.evidence
    evidence = (
        held.model_copy(update={"tree": "tests/t2/01-ok-shot.html", "video_s": 1.25}),
        failed.model_copy(update={"tree": "tests/t2/02-FAILED-shot.html.gz", "video_s": 3.5}),
        Evidence(criterion="the list still opens", expected="'x'", observed="'x'", passed=True,
                 after="tests/t2/01-ok-shot.png", tree="tests/t2/01-ok-shot.html", video_s=4.0),
        Evidence(criterion="a check whose tree is gone", expected="'y'", observed="'y'", passed=True,
                 tree="tests/t2/09-gone.html", video_s=None),
    )
    video = Video(path="tests/t2/video.webm", duration_s=5.0, frames=40, bytes=1000)
    tests = list(make_record().tests)
    tests[1] = stage_2.model_copy(update={"evidence": evidence, "video": video})
    return make_record(tests=tuple(tests))


def test_each_test_is_a_timeline_of_its_checks_in_order(tmp_path: Path) -> None:
    """Criterion, verdict, expected/observed, screenshots, video moment and tree, per check."""
    from urllib.parse import unquote

    record = timeline_record(tmp_path)
    page = write_grade_scorecard(record, tmp_path).read_text(encoding="utf-8")
    root = parse(page)
    section = root.by_id("test-test_stage_2_transactions")
    (timeline,) = section.by_class("timeline", "held")
    assert "open" in timeline.attrs  # a failed test's timeline is open
    assert timeline.by_tag("summary")[0].text == "3 criteria held , 1 failed: the 4 checks in order"
    checks = timeline.by_class("check")
    assert [(c.attrs["data-check"], c.classes - {"check"}, c.by_class("check-criterion")[0].text)
            for c in checks] == [
        ("1", {"held"}, "the list opens"), ("2", {"failed"}, TRICKY),
        ("3", {"held"}, "the list still opens"), ("4", {"held"}, "a check whose tree is gone"),
    ]
    assert [c.by_class("verdict")[0].text for c in checks] == ["pass", "fail", "pass", "pass"]
    assert [[dd.text for dd in c.by_tag("dd")] for c in checks][1] == ["'-$532.75'", "'-$502.75'"]
    # Thumbnails open the full-size file; a "before" equal to the judged screen is not repeated.
    thumbs = [[(unquote(a.attrs["href"]), a.by_tag("img")[0].attrs["src"]) for a in c.by_tag("a")
               if a.by_tag("img")] for c in checks]
    assert thumbs[1] == [("tests/test_stage_3_budgets/01-ok-before.png",) * 2,
                         ("tests/test_stage_3_budgets/02-FAILED-shot.png",) * 2]
    assert all(img.attrs["loading"] == "lazy" for img in timeline.by_tag("img"))
    # Each moment seeks this test's player, which plays the recorded file.
    (video,) = section.by_tag("video")
    assert video.attrs["src"] == "tests/t2/video.webm"
    moments = [(m.attrs["data-video"], m.attrs["data-t"]) for m in timeline.by_class("moment")]
    assert moments == [(video.attrs["id"], "1.25"), (video.attrs["id"], "3.5"), (video.attrs["id"], "4.0")]
    # Trees on demand: a closed <details> per check, its view loaded only when opened.
    views = [c.by_class("tree-open") for c in checks]
    opened = [unquote(v[0].attrs["href"]) for v in views if v]
    assert len(opened) == 3 and opened[0] == opened[2] != opened[1], "one view per distinct tree"
    assert all("src" not in f.attrs for f in timeline.by_tag("iframe"))
    assert "not in this folder" in checks[3].by_class("tree-missing")[0].text
    assert sorted(p.name for p in (tmp_path / "scorecard-trees").iterdir()) == sorted(
        Path(v).name for v in set(opened))
    view = (tmp_path / opened[1]).read_text(encoding="utf-8")
    assert "<p>Checking -$502.75</p>" in unescape(parse(view).by_id("tree").text)  # unzipped
    assert "Checking -$502.75" not in page and "Groceries" not in page  # not inlined
    stored = [[unquote(a.attrs["href"]) for a in c.by_class("tree")[0].by_tag("a") if "mono" in a.classes]
              for c in checks[:3]]
    assert stored == [["tests/t2/01-ok-shot.html"], ["tests/t2/02-FAILED-shot.html.gz"],
                      ["tests/t2/01-ok-shot.html"]]


def unescape(text: str) -> str:
    import html

    return html.unescape(text)


def test_a_moment_link_and_a_tree_need_the_pages_one_script_and_nothing_else(tmp_path: Path) -> None:
    record = timeline_record(tmp_path)
    root = parse(write_grade_scorecard(record, tmp_path).read_text(encoding="utf-8"))
    (script,) = root.by_tag("script")
    assert not script.attrs and "fetch" not in script.text and "XMLHttpRequest" not in script.text
    assert not [n for n in root.walk() if any(k.startswith("on") for k in n.attrs)]
    links = [n.attrs[a] for n in root.walk() for a in ("src", "href", "data-src") if a in n.attrs]
    assert links and all(not link.startswith("/") and ":" not in link for link in links)


def test_a_tree_is_shown_one_tag_a_line_indented_by_depth() -> None:
    from pytest_revylbench.outputs.tree_views import indented

    dom = ('<html><head><meta charset="utf-8"></head><body><div id="root"><p>Total: $12.00</p>'
           '<br><img src="x"/><div>A<span>b</span></div></div></body></html>')
    assert indented(dom).splitlines() == [
        "<html>", "  <head>", '    <meta charset="utf-8">', "  </head>", "  <body>",
        '    <div id="root">', "      <p>Total: $12.00</p>", "      <br>", '      <img src="x"/>',
        "      <div>A<span>b</span>", "      </div>", "    </div>", "  </body>", "</html>",
    ]  # text stays on its tag's line, with what follows it up to the next tag boundary
    source = '<?xml version="1.0"?>\n<hierarchy>\n    <node text="Total"/>\n</hierarchy>'
    assert indented(source).splitlines() == [
        '<?xml version="1.0"?>', "<hierarchy>", '  <node text="Total"/>', "</hierarchy>"]


def test_the_pixel_audit_shows_its_counts_and_each_check_it_failed_with_its_crop() -> None:
    shot = "tests/test_stage_3_budgets/01-ok-shot.png"
    checks = (
        AuditedCheck(test="s::a", check=1, screenshot=shot, verdict="shown", read="$1,089.75",
                     distance=0.0),
        AuditedCheck(test="s::a", check=2, screenshot=shot, verdict="unreadable", read="Gy",
                     distance=2.0),
        AuditedCheck(test="suites/budget/test_budget.py::test_stage_3_budgets", check=3,
                     screenshot=shot, verdict="not_shown", read="$1089.75", distance=1.0,
                     why="missing ','", crop="audit/test_stage_3_budgets-03.png"),
    )
    audit = PixelAudit(rate=1.0, seed="s", eligible=4, outside=1, checks=checks, seconds=0.8)
    root = parse(render_grade_scorecard(make_record(pixel_audit=audit)))
    section = root.by_id("pixel-audit")
    assert "3 of 4 passing text checks" in section.text
    assert "1 not audited" in section.text
    assert "1 shown, 1 not shown, 1 unreadable" in section.text
    (failed,) = section.by_class("not-shown")
    assert "tampered" in failed.text and "check 3" in failed.text and "$1089.75" in failed.text
    assert [img.attrs["src"] for img in failed.by_tag("img")] == ["audit/test_stage_3_budgets-03.png"]
    # A grade with no audit (native, or --pixel-audit 0) shows no such section.
    assert not [n for n in parse(render_grade_scorecard(make_record())).walk()
                if n.attrs.get("id") == "pixel-audit"]
    # An audit that could not run says why, and claims no count.
    broken = PixelAudit(rate=1.0, seed="s", eligible=0, outside=0, error="not audited: tesseract missing")
    text = parse(render_grade_scorecard(make_record(pixel_audit=broken))).by_id("pixel-audit").text
    assert "tesseract missing" in text and "passing text checks" not in text
