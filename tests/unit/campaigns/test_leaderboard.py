"""Leaderboard aggregation over hand-built campaigns: every rule and edge case, worked by hand.

Scores used (one clean submission, 300 agent seconds, so only the outcome matters):
pppp → 100.0, pppf → 60.0, ppff → 40.0, pfff → 20.0; a second submission multiplies by 0.8.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_revylbench.campaigns.campaign import score_campaign
from pytest_revylbench.campaigns.leaderboard import (
    Leaderboard,
    Row,
    bootstrap_interval,
    build_leaderboard,
    percentile,
)
from pytest_revylbench.campaigns.report import percent, render_html, render_markdown, render_text
from pytest_revylbench.cli import main
from pytest_revylbench.records.vocabulary import Fault, Trust

from .test_campaign import submission, write_campaign, write_rollout


def board(*campaigns: Path) -> Leaderboard:
    return build_leaderboard([(c.name, score_campaign(c)) for c in campaigns])


def only_row(leaderboard: Leaderboard) -> Row:
    (table,) = leaderboard.tables
    (row,) = table.rows
    return row


def contestant(root: Path, model: str, seeds: dict[str, list[str]], *, protocol: str = "p1",
               harness_version: str = "1.0", trust: Trust = "dev-untrusted") -> Path:
    """A campaign of `model` whose rollout of task t, seed n, submits `seeds[t][n-1]` in turn
    (verdict letters; `bench`/`agent` for a bench or agent fault)."""
    campaign = write_campaign(root / f"{model}-{protocol}-{harness_version}-{trust}", tasks=list(seeds),
                              seeds=max(len(s) for s in seeds.values()), model=model, protocol=protocol,
                              harness_version=harness_version)
    faults = {"bench": Fault.DEVICE_FAULT, "agent": Fault.BUILD_FAILED}
    for task, rollouts in seeds.items():
        for n, submissions in enumerate(rollouts, 1):
            records = [
                submission(k, "nnnn", faults[s], trust=trust) if s in faults
                else submission(k, s, trust=trust)
                for k, s in enumerate(submissions.split(), 1)
            ]
            write_rollout(campaign, task, f"seed-{n}", n, records, model=model, protocol=protocol,
                          harness_version=harness_version)
    return campaign


def test_a_task_cell_is_the_mean_of_its_scored_seeds_never_the_best(tmp_path: Path) -> None:
    row = only_row(board(contestant(tmp_path, "m", {"budget": ["pppp", "pppf", "ppff"]})))
    (cell,) = row.cells
    assert [s.score_percent for s in cell.seeds] == [100.0, 60.0, 40.0]
    assert cell.mean_percent == 66.7, "(100 + 60 + 40) / 3 = 66.67, rounded to 0.1"
    assert row.mean_percent == cell.mean_percent


def test_a_row_is_the_mean_over_task_cells_not_over_seeds(tmp_path: Path) -> None:
    row = only_row(board(contestant(tmp_path, "m", {"budget": ["pppp", "pppp", "ppff"], "till": ["pfff"]})))
    assert [c.mean_percent for c in row.cells] == [80.0, 20.0]
    assert row.mean_percent == 50.0                 # not (100 + 100 + 40 + 20) / 4 = 65


def test_a_task_with_no_scored_seed_has_no_cell_and_leaves_the_row_provisional(tmp_path: Path) -> None:
    row = only_row(board(contestant(tmp_path, "m", {"budget": ["pppp", "pppf"], "till": ["bench", "bench"]})))
    _, till = row.cells
    assert (till.mean_percent, till.seeds, till.seeds_planned) == (None, (), 2)
    assert row.mean_percent == 80.0, "the empty task is left out of the mean, not counted as 0"
    assert row.provisional == ("task till: no scored seed", "2 of 4 planned seeds scored")
    assert (row.seeds_counted, row.seeds_planned) == (2, 4)
    assert [(o.rollout, o.state) for o in row.left_out] == [("till/seed-1", "no_result"),
                                                            ("till/seed-2", "no_result")]
    lines = render_text(board(tmp_path / "m-p1-1.0-dev-untrusted")).splitlines()
    assert lines[2].split()[4:8] == ["provisional", "80.0*", "[60.0,", "100.0]"]
    assert lines[5].split() == ["1", "80.0", "—"]


def test_bench_fault_rollouts_are_rerun_candidates_and_agent_faults_are_zeros(tmp_path: Path) -> None:
    bench = only_row(board(contestant(tmp_path, "bench", {"budget": ["pppp", "bench bench"]})))
    agent = only_row(board(contestant(tmp_path, "agent", {"budget": ["pppp", "agent agent"]})))
    assert (bench.mean_percent, bench.seeds_counted, bench.provisional) == (
        100.0, 1, ("1 of 2 planned seeds scored",))
    assert (agent.mean_percent, agent.seeds_counted, agent.provisional) == (50.0, 2, ())


def test_a_task_is_solved_when_every_scored_seed_ends_with_all_four_passing(tmp_path: Path) -> None:
    row = only_row(board(contestant(tmp_path, "m", {
        "budget": ["pppp", "ppff pppp"],       # the second seed gets there on its second submission
        "till": ["pppp", "pppf"],
        "split": ["pppp", "bench"],            # solved on the seeds that scored
    })))
    assert {c.task: c.solved for c in row.cells} == {"budget": True, "split": True, "till": False}
    assert row.tasks_solved == 2
    assert row.cells[0].seeds[1].score_percent == 80.0


def test_first_try_rate_is_the_share_of_rollouts_passing_all_four_on_the_first_submission(
        tmp_path: Path) -> None:
    row = only_row(board(contestant(tmp_path, "m", {
        "budget": ["pppp", "ppff pppp", "bench pppp", "agent pppp"],
    })))
    assert [s.first_try for s in row.cells[0].seeds] == [True, False, True, False]
    assert (row.first_try, row.first_try_rate) == (2, 0.5)


def test_a_complete_matrix_is_not_provisional(tmp_path: Path) -> None:
    row = only_row(board(contestant(tmp_path, "m", {"budget": ["pppp", "ppff"], "till": ["pfff", "pppf"]})))
    assert row.provisional == ()
    assert (row.seeds_counted, row.seeds_planned, row.rank) == (4, 4, 1)
    assert "*" not in render_text(board(tmp_path / "m-p1-1.0-dev-untrusted"))


def test_one_table_per_protocol_and_trust_with_harness_versions_side_by_side(tmp_path: Path) -> None:
    campaigns = [
        contestant(tmp_path, "a", {"budget": ["pppp"]}),
        contestant(tmp_path, "b", {"budget": ["ppff"]}),
        contestant(tmp_path, "c", {"budget": ["pppp"]}, protocol="p2"),
        contestant(tmp_path, "a", {"budget": ["pppf"]}, harness_version="2.0"),
        contestant(tmp_path, "a", {"budget": ["pppf"]}, trust="trusted"),
    ]
    tables = board(*campaigns).tables
    assert [(t.heading, [(r.contestant.model, r.contestant.harness_version) for r in t.rows])
            for t in tables] == [
        ("protocol p1 · dev-untrusted", [("a", "1.0"), ("a", "2.0"), ("b", "1.0")]),
        ("protocol p1 · trusted", [("a", "1.0")]),
        ("protocol p2 · dev-untrusted", [("c", "1.0")]),
    ]
    assert [r.mean_percent for r in tables[0].rows] == [100.0, 60.0, 40.0]
    text = render_text(build_leaderboard([(c.name, score_campaign(c)) for c in campaigns]))
    assert text.count("rank  contestant  harness") == 3, "one table per protocol and trust"
    assert "2     a           harn 2.0  official" in text


def test_a_campaign_mixing_trust_levels_gives_a_provisional_row_per_trust(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c", seeds=2)
    write_rollout(campaign, "budget", "s1", 1, [submission(1, trust="trusted")])
    write_rollout(campaign, "budget", "s2", 2, [submission(1, "ppff")])
    tables = board(campaign).tables
    assert [(t.trust, t.rows[0].mean_percent, t.rows[0].provisional) for t in tables] == [
        ("dev-untrusted", 40.0, ("1 of 2 planned seeds scored",)),
        ("trusted", 100.0, ("1 of 2 planned seeds scored",)),
    ]


def test_campaigns_of_one_contestant_merge_into_one_row(tmp_path: Path) -> None:
    first = write_campaign(tmp_path / "first", tasks=["budget"], seeds=2)
    write_rollout(first, "budget", "s1", 1, [submission(1)])
    write_rollout(first, "budget", "s2", 2, [submission(1, "ppff")])
    second = write_campaign(tmp_path / "second", tasks=["till", "budget"], seeds=1)
    write_rollout(second, "till", "s1", 1, [submission(1, "pfff")])
    write_rollout(second, "budget", "s1", 1, [submission(1, "pppf")])
    row = only_row(board(first, second))
    assert row.campaigns == ("first", "second")
    # Plans merge per task by the larger: budget 2 seeds (not 2 + 1), till 1. Seed 1 of budget ran
    # in both (started at the same time: the later campaign name decides): second's 60 counts.
    assert [(c.task, c.mean_percent, c.seeds_planned) for c in row.cells] == [
        ("budget", 50.0, 2), ("till", 20.0, 1)]
    assert [(s.campaign, s.rollout) for s in row.cells[0].seeds] == [
        ("second", "budget/s1"), ("first", "budget/s2")]
    assert (row.seeds_counted, row.seeds_planned, row.provisional) == (3, 3, ())
    assert [(o.campaign, o.rollout, o.state) for o in row.left_out] == [
        ("first", "budget/s1", "superseded")]
    assert row.notes == ("task budget seed 1: second counts, first superseded (older)",)


def test_a_row_missing_a_task_other_rows_planned_is_provisional(tmp_path: Path) -> None:
    tables = board(contestant(tmp_path, "a", {"budget": ["pppp"], "till": ["pppp"]}),
                   contestant(tmp_path, "b", {"budget": ["pppp"]})).tables
    _, b = tables[0].rows
    assert tables[0].tasks == ("budget", "till")
    assert b.provisional == ("task till not planned",)
    assert (b.cells[1].seeds_planned, b.mean_percent) == (0, 100.0)
    line = render_text(board(tmp_path / "a-p1-1.0-dev-untrusted", tmp_path / "b-p1-1.0-dev-untrusted"))
    assert line.splitlines()[7].split() == ["2", "100.0", "·"], "b's till cell: not planned"
    assert line.splitlines()[3].split()[-4] == "1/1", "solved over b's own tasks"


def test_the_bootstrap_interval_worked_by_hand() -> None:
    # Seeds 0 and 100 resample to a mean of 0, 50 or 100 with chances 1/4, 1/2, 1/4: about 500
    # of 2000 resamples sit at each end, so both 2.5th and 97.5th percentiles are the extremes.
    assert bootstrap_interval([[0.0, 100.0]]) == (0.0, 100.0)
    # A second task with one seed: the row mean is (0|50|100 + 50) / 2.
    assert bootstrap_interval([[0.0, 100.0], [50.0]]) == (25.0, 75.0)
    assert bootstrap_interval([[42.5], [57.5]]) == (50.0, 50.0)
    assert bootstrap_interval([[], []]) is None


def test_percentile_interpolates_between_ranks() -> None:
    values = [0.0, 10.0, 20.0, 30.0, 40.0]
    assert [percentile(values, q) for q in (0, 2.5, 50, 97.5, 100)] == [0.0, 1.0, 20.0, 39.0, 40.0]


def test_the_bootstrap_is_reproducible_and_independent_of_other_rows(tmp_path: Path) -> None:
    a = contestant(tmp_path, "a", {"budget": ["pppp", "ppff", "pfff"], "till": ["pppf", "pppp"]})
    b = contestant(tmp_path, "b", {"budget": ["pppf", "pfff", "pfff"], "till": ["ppff", "pppp"]})
    together = board(a, b)
    assert board(a, b) == together
    alone = only_row(board(a))
    row = next(r for r in together.tables[0].rows if r.contestant.model == "a")
    assert row.interval == alone.interval
    assert row.interval is not None and row.mean_percent is not None
    assert row.interval[0] < row.mean_percent < row.interval[1]


def test_adjacent_ranks_with_overlapping_intervals_are_not_separated(tmp_path: Path) -> None:
    table = board(
        contestant(tmp_path, "top", {"budget": ["pppp", "pppp"]}),          # [100, 100]
        contestant(tmp_path, "middle", {"budget": ["pppp", "ppff"]}),       # [40, 100]
        contestant(tmp_path, "bottom", {"budget": ["pfff", "pfff"]}),       # [20, 20]
    ).tables[0]
    assert [(r.rank, r.contestant.model, r.mean_percent, r.interval) for r in table.rows] == [
        (1, "top", 100.0, (100.0, 100.0)), (2, "middle", 70.0, (40.0, 100.0)),
        (3, "bottom", 20.0, (20.0, 20.0))]
    assert table.not_separated == ((1, 2),)
    assert [r.not_separated_from_next for r in table.rows] == [True, False, False]


def test_a_row_without_any_score_is_ranked_last_without_a_rank(tmp_path: Path) -> None:
    table = board(contestant(tmp_path, "none", {"budget": ["bench"]}),
                  contestant(tmp_path, "low", {"budget": ["agent"]})).tables[0]
    assert [(r.rank, r.contestant.model, r.mean_percent, r.interval) for r in table.rows] == [
        (1, "low", 0.0, (0.0, 0.0)), (None, "none", None, None)]


def test_an_excluded_rollout_is_listed_and_a_flagged_one_counts(tmp_path: Path) -> None:
    campaign = write_campaign(tmp_path / "c", seeds=3, exclude=[("budget/smoke", "smoke test")])
    write_rollout(campaign, "budget", "s1", 1, [submission(1)])
    write_rollout(campaign, "budget", "s2", 2, [submission(1, "fpff"), submission(2)])
    write_rollout(campaign, "budget", "smoke", 3, [submission(1, "pfff")])
    row = only_row(board(campaign))
    assert [s.rollout for s in row.cells[0].seeds] == ["budget/s1", "budget/s2"]
    assert [(o.rollout, o.state) for o in row.left_out] == [("budget/smoke", "excluded")]
    assert (row.mean_percent, row.seeds_counted, row.seeds_planned) == (90.0, 2, 3)


def test_percent_rounds_half_up_as_by_hand() -> None:
    assert [percent(v) for v in (35.25, 48.55, 0.0, 100.0, None)] == ["35.3", "48.6", "0.0", "100.0", "—"]


def two_contestants(root: Path) -> list[Path]:
    return [contestant(root, "alpha", {"budget": ["pppp", "ppff pppp"], "till": ["pppf", "bench"]}),
            contestant(root, "beta", {"budget": ["pfff", "ppff"], "till": ["pppp", "agent"]})]


def test_the_terminal_table(tmp_path: Path) -> None:
    text = render_text(board(*two_contestants(tmp_path)))
    # alpha: budget (100 + 80) / 2 = 90, till 60 (seed 2 bench faults only), row (90 + 60) / 2 = 75;
    # beta: budget (20 + 40) / 2 = 30, till (100 + 0) / 2 = 50, row 40.
    # Intervals: alpha's budget resamples to 80, 90 or 100 (1/4, 1/2, 1/4) beside a fixed 60, so
    # the row to 70, 75 or 80; beta's ends, (20 + 0) / 2 and (40 + 100) / 2, each have 1/16 > 2.5%.
    assert text.splitlines()[:13] == [
        "protocol p1 · dev-untrusted",
        "rank  contestant  harness   status       score %  95% interval  solved  first try  seeds",
        "1     alpha       harn 1.0  provisional  75.0*    [70.0, 80.0]  1/2     1/3 (33%)  3/4",
        "2     beta        harn 1.0  official     40.0     [10.0, 70.0]  0/2     1/4 (25%)  4/4",
        "tasks: T1 budget  T2 till",
        "rank  T1    T2",
        "1     90.0  60.0",
        "2     30.0  50.0",
        "* provisional, alpha (harn 1.0): 3 of 4 planned seeds scored",
        "left out, alpha (harn 1.0): 1 no_result",
        "ranks 1 and 2 are not separated: their 95% intervals overlap",
        "",
        "95% bootstrap intervals: 2000 resamples of seeds within tasks, RNG seed 20261130.",
    ]
    assert text.endswith(
        "95% bootstrap intervals: 2000 resamples of seeds within tasks, RNG seed 20261130.\n")


def test_markdown_and_json_carry_the_same_numbers(tmp_path: Path) -> None:
    leaderboard = board(*two_contestants(tmp_path))
    markdown = render_markdown(leaderboard)
    assert "## protocol p1 · dev-untrusted" in markdown
    assert ("| 1 | alpha | harn 1.0 | provisional | 75.0\\* | [70.0, 80.0] | 90.0 | 60.0 | 1/2 | 1/3 (33%) "
            "| 3/4 | 1 no\\_result |") in markdown.splitlines()
    assert "- \\* provisional, alpha (harn 1.0): 3 of 4 planned seeds scored" in markdown.splitlines()
    data = json.loads(leaderboard.model_dump_json())
    alpha = data["tables"][0]["rows"][0]
    assert (alpha["mean_percent"], alpha["interval"], alpha["rank"]) == (75.0, [70.0, 80.0], 1)
    assert [s["score_percent"] for s in alpha["cells"][0]["seeds"]] == [100.0, 80.0]
    assert Leaderboard.model_validate(data) == leaderboard


def test_the_html_page_holds_the_table_cells_and_markers(tmp_path: Path) -> None:
    html = render_html(board(*two_contestants(tmp_path)))
    assert html.count('<tr class="row') == 2
    assert '<tr class="row provisional" data-contestant="alpha (harn 1.0)" data-rank="1">' in html
    assert 'data-task="till"' in html and "100.0 · 80.0 (2/2 seeds)" in html
    assert "[70.0, 80.0]" in html and "<script" not in html


def test_leaderboard_command_prints_each_format_and_writes_html(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    campaigns = [str(c) for c in two_contestants(tmp_path)]
    assert main(["leaderboard", *campaigns]) == 0
    assert "1     alpha       harn 1.0  provisional  75.0*" in capsys.readouterr().out
    assert main(["leaderboard", *campaigns, "--format", "json", "--html", str(tmp_path / "lb.html")]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["campaigns"] == campaigns
    assert captured.err == f"html: {tmp_path / 'lb.html'}\n"
    assert "alpha" in (tmp_path / "lb.html").read_text()
    assert main(["leaderboard", *campaigns, "--format", "markdown"]) == 0
    assert capsys.readouterr().out.startswith("# Leaderboard\n")


def test_leaderboard_command_refuses_a_folder_without_a_manifest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["leaderboard", str(tmp_path)]) == 2
    assert f"{tmp_path / 'campaign.toml'}: no such campaign manifest" in capsys.readouterr().err


def test_a_season_ranks_in_one_table_by_hand(tmp_path: Path) -> None:
    """Five campaigns: alpha 1.0 official with a relaunched seed, a seed-subset campaign of
    alpha 1.0, alpha 2.0 (another harness version), beta calibration, gamma void."""
    def camp(name: str, model: str, tasks: list[str], seeds: list[int], **kw: str) -> Path:
        return write_campaign(tmp_path / name, tasks=tasks, seeds=seeds, model=model, **kw)

    a1 = camp("alpha-s1", "alpha", ["budget", "till"], [1, 2])
    write_rollout(a1, "budget", "seed-1", 1, [submission(1, "pppp")], model="alpha")                   # 100
    write_rollout(a1, "budget", "seed-2", 2, [submission(1, "ppff")], model="alpha",  # 40, superseded
                  started="2026-11-30T08:30:00+00:00")
    write_rollout(a1, "budget", "seed-2b", 2, [submission(1, "pppf")], model="alpha",  # 60, relaunched
                  started="2026-11-30T08:50:00+00:00")
    write_rollout(a1, "till", "seed-1", 1, [submission(1, "pppf")], model="alpha")                     # 60
    a2 = camp("alpha-s2", "alpha", ["till"], [2])                                       # seeds subset
    write_rollout(a2, "till", "seed-2", 2, [submission(1, "pfff")], model="alpha")                     # 20
    v2 = camp("alpha-v2", "alpha", ["budget", "till"], [1], harness_version="2.0")
    write_rollout(v2, "budget", "seed-1", 1, [submission(1, "pppp")], model="alpha", harness_version="2.0")
    write_rollout(v2, "till", "seed-1", 1, [submission(1, "pppp")], model="alpha", harness_version="2.0")
    cal = camp("beta-cal", "beta", ["budget"], [1], legitimacy="calibration")
    write_rollout(cal, "budget", "seed-1", 1, [submission(1, "pppf")], model="beta")    # 60
    void = camp("gamma-void", "gamma", ["budget"], [1], legitimacy="void", note="harness crashed")
    write_rollout(void, "budget", "seed-1", 1, [submission(1, "pppp")], model="gamma")

    leaderboard = board(a1, a2, v2, cal, void)
    (table,) = leaderboard.tables
    shown = [(r.rank, r.contestant.model, r.contestant.harness_version, r.status, r.mean_percent,
              r.interval, r.tasks_solved, r.tasks_own, r.seeds_counted, r.seeds_planned)
             for r in table.rows]
    # alpha 1.0: budget (100 + 60) / 2 = 80.0, till (60 + 20) / 2 = 40.0, row 60.0; plans merge by
    # the larger (till: 2 in alpha-s1, 1 in alpha-s2 → 2), so 4 of 4 seeds: official. Its interval:
    # each cell's ends come up together 1 time in 16 (> 2.5%): (60 + 20) / 2 and (100 + 60) / 2.
    assert shown == [
        (1, "alpha", "2.0", "official", 100.0, (100.0, 100.0), 2, 2, 2, 2),
        (2, "alpha", "1.0", "official", 60.0, (40.0, 80.0), 0, 2, 4, 4),   # budget seed 2 unsolved
        (3, "beta", "1.0", "provisional", 60.0, (60.0, 60.0), 0, 1, 1, 1),
    ]
    alpha1 = table.rows[1]
    assert [(o.campaign, o.rollout, o.state) for o in alpha1.left_out] == [
        ("alpha-s1", "budget/seed-2", "superseded")]
    assert table.not_separated == ((2, 3),)
    # beta did not plan till: provisional, and its calibration campaign marks it calibration.
    assert (table.rows[2].legitimacy, table.rows[2].provisional) == (
        "calibration", ("task till not planned",))
    assert [(v.campaign, v.contestant.model, v.note) for v in leaderboard.void] == [
        ("gamma-void", "gamma", "harness crashed")]
    text = render_text(leaderboard)
    assert "void (never counted): gamma-void, gamma (harn 1.0), protocol p1: harness crashed" in text
    assert text.splitlines()[1:5] == [
        "rank  contestant  harness   status       score %  95% interval    solved  first try   seeds",
        "1     alpha       harn 2.0  official     100.0    [100.0, 100.0]  2/2     2/2 (100%)  2/2",
        "2     alpha       harn 1.0  official     60.0     [40.0, 80.0]    0/2     1/4 (25%)   4/4",
        "3     beta        harn 1.0  provisional  60.0*    [60.0, 60.0]    0/1     0/1 (0%)    1/1",
    ]


def test_cells_are_rounded_to_a_tenth_before_the_row_mean(tmp_path: Path) -> None:
    # budget (100 + 60 + 60) / 3 = 73.33 → 73.3; till (100 + 40 + 40) / 3 = 60.0;
    # split (100 + 100 + 40) / 3 = 80.0 … the row: (73.3 + 60.0) / 2 = 66.65 (not 66.666…).
    row = only_row(board(contestant(tmp_path, "m", {"budget": ["pppp", "pppf", "pppf"],
                                                    "till": ["pppp", "ppff", "ppff"]})))
    assert [c.mean_percent for c in row.cells] == [73.3, 60.0]
    assert row.mean_percent == pytest.approx(66.65)
    assert percent(row.mean_percent) == "66.7"


def test_the_text_table_fits_100_columns_at_20_tasks(tmp_path: Path) -> None:
    tasks = [f"task-{n:02d}-with-a-long-name" for n in range(1, 21)]
    campaigns = [contestant(tmp_path, model, {t: ["pppp", "pppf"] for t in tasks})
                 for model in ("claude-like-model-x", "another-model")]
    text = render_text(board(*campaigns))
    assert max(len(line) for line in text.splitlines()) <= 100
    assert "T20 task-20-with-a-long-name" in text and "tasks: T1 task-01-with-a-long-name" in text
