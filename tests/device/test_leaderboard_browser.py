"""A leaderboard over campaigns graded by the framework itself, re-derived by hand from the ledgers,
and its HTML page in a real headless Chromium.

Eleven real grades of the five tasks (references and planted bugs, with the agent's seconds
given), in two campaigns that both plan all five tasks:

- alpha, 1 seed planned (a complete matrix):
  budget seed 1 submits categories-tab-missing after 900 s (stage 1 fails while stage 2 passes:
  a repair history, not flagged, since only the final vector is), then the reference after
  1800 s;
  split seed 1 the reference after 600 s (solved at the first try);
  auction seed 1 sold-at-winner-max after 1200 s;
  bookings seed 1 the reference after 2400 s, then promotion-ignores-limit after 3000 s
  (the journey fails after passing: a regression);
  till seed 1 exact-cash-refused after 600 s;
- beta, 3 seeds planned (a partial matrix: a provisional row):
  budget seed 1 edit-applied-twice after 1200 s; budget seed 2 categories-tab-missing (stage 1
  fails while stage 2 passes: its final vector is flagged, and it counts, scoring 0);
  budget seed 3 state-lost-on-tab-switch after 600 s; till seed 2 refund-not-subtracted after
  900 s; and a smoke run declared excluded (a copy of budget seed 1).

Each rollout is started (`revylbench rollout start`, scheme stages as the grades are scored)
before its grades and ended (`revylbench rollout end`, the last grade's agent seconds) after.
The same rollouts also show each factor of a rollout's score as the package computes it, and a
rollout's own page in a real browser.
"""

from __future__ import annotations

import base64
import json
import math
import os
import shutil
import subprocess
import sys
import textwrap
import tomllib
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest

from pytest_revylbench.cli import main

from .conftest import FLOW_ONLY, REPO

# One set of real grades feeds every test here: keep them on one xdist worker.
pytestmark = pytest.mark.xdist_group("leaderboard-campaign")

PROTOCOL = "revylbench-web-v1"
HARNESS = ("revyl-harness", "1.0")
STARTED = "2026-11-30T09:00:00Z"
REVYLBENCH = Path(sys.executable).with_name("revylbench")
PYTEST = Path(sys.executable).with_name("pytest")
TASKS = ("budget", "split", "auction", "bookings", "till")
PLAN: dict[str, dict[tuple[str, int], list[tuple[str, int]]]] = {
    "alpha": {
        ("budget", 1): [("categories-tab-missing", 900), ("reference", 1800)],
        ("split", 1): [("reference", 600)],
        ("auction", 1): [("sold-at-winner-max", 1200)],
        ("bookings", 1): [("reference", 2400), ("promotion-ignores-limit", 3000)],
        ("till", 1): [("exact-cash-refused", 600)],
    },
    "beta": {
        ("budget", 1): [("edit-applied-twice", 1200)],
        ("budget", 2): [("categories-tab-missing", 900)],
        ("budget", 3): [("state-lost-on-tab-switch", 600)],
        ("till", 2): [("refund-not-subtracted", 900)],
    },
}
SEEDS = {"alpha": 1, "beta": 3}
SMOKE = '\n[[exclude]]\nrollout = "budget/smoke"\nreason = "harness smoke test"\n'
ALPHA, BETA = (f"{model} ({HARNESS[0]} {HARNESS[1]})" for model in ("alpha", "beta"))


def frozen_sources(root: Path) -> tuple[str, str]:
    """Snapshots of the public tasks and the hidden suites (mutants included), as the options
    that grade with them. A grade records digests of both, every grade of a task must share
    them, and tasks/ and suites/ may be edited while the grades run. The scaffold (and its
    node_modules) is linked, not copied."""
    tasks, suites = root / "tasks", root / "suites"
    skip = shutil.ignore_patterns("node_modules", "dist", ".expo", "__pycache__")
    for task in TASKS:
        shutil.copytree(REPO / "tasks" / task, tasks / task, ignore=skip)
    (tasks / "scaffold").symlink_to(REPO / "tasks/scaffold", target_is_directory=True)
    shutil.copytree(REPO / "suites", suites, ignore=skip)
    return f"--tasks-dir={tasks}", f"--suites-dir={suites}"


def submission_dir(task: str, name: str, sources: tuple[str, str], scratch: Path) -> Path:
    if name == "reference":
        return Path(sources[1].partition("=")[2]) / task / "reference"
    dest = scratch / task / name
    if not dest.exists():
        assert main([*sources, "mutant", task, name, str(dest)]) == 0
    return dest


def frozen_grader(root: Path) -> dict[str, str]:
    """An environment that grades with a snapshot of the package. Every grade of a campaign
    must share the grader's digest (a hash of the package), and the package may be edited while
    the grades run; the console script, unlike `python -m`, puts no working folder before it."""
    snapshot = root / "grader"
    shutil.copytree(REPO / "pytest_revylbench", snapshot / "pytest_revylbench",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return {**os.environ, "PYTHONPATH": str(snapshot)}


def grade_into(task: str, rollout: Path, submission: Path, reports: Path, run_id: str, seconds: int,
               env: dict[str, str], sources: tuple[str, str]) -> None:
    """One real grade appended to the rollout's ledger, as a harness would run it."""
    proc = subprocess.run(
        [str(PYTEST), "--task", task, "--platform", "web", f"--submission={submission}",
         *sources, f"--reports={reports}", "--run-id", run_id,
         f"--rollout={rollout}", "--agent-seconds", str(seconds),
         "-p", "no:cacheprovider", *FLOW_ONLY],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=900,
    )
    assert (reports / run_id / "grade.json").is_file(), \
        f"no grade.json; pytest said:\n{proc.stdout[-3000:]}\n{proc.stderr[-2000:]}"


def write_campaign_toml(folder: Path, model: str, seeds: int, exclude: str = "") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    tasks = ", ".join(f'"{t}"' for t in TASKS)
    (folder / "campaign.toml").write_text(
        f'schema = 1\nprotocol = "{PROTOCOL}"\ntasks = [{tasks}]\nseeds = {list(range(1, seeds + 1))}\n'
        f'legitimacy = "official"\n\n[contestant]\n'
        f'model = "{model}"\nharness = "{HARNESS[0]}"\nharness_version = "{HARNESS[1]}"\n{exclude}')


def write_rollout_toml(rollout: Path, task: str, model: str, seed: int) -> None:
    rollout.mkdir(parents=True, exist_ok=True)
    (rollout / "rollout.toml").write_text(
        f'task = "{task}"\nseed = {seed}\nprotocol = "{PROTOCOL}"\n\n[contestant]\nmodel = "{model}"\n'
        f'harness = "{HARNESS[0]}"\nharness_version = "{HARNESS[1]}"\n')


GRADES_AT_ONCE = 3
"""Rollouts graded side by side (each rollout's own grades stay in order). A flow grade spends
most of its wall time waiting on the page and on failed checks' timeouts, so three at once
take about a third of the wall time of eleven in a row for the same CPU; every grade starts
its own Appium server and browser, as on a grading host with several workers."""


@pytest.fixture(scope="module")
def campaigns(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Both campaigns, every rollout graded for real (eleven grades: the slow part)."""
    root = tmp_path_factory.mktemp("leaderboard")
    env = frozen_grader(root)
    sources = frozen_sources(root)
    folders, jobs = {}, []
    for model, rollouts in PLAN.items():
        folder = root / model
        write_campaign_toml(folder, model, SEEDS[model], exclude=SMOKE if model == "beta" else "")
        for (task, seed), submissions in rollouts.items():
            rollout = folder / "rollouts" / task / f"seed-{seed}"
            write_rollout_toml(rollout, task, model, seed)
            assert main([*sources, "rollout", "start", "--task", task, "--seed", str(seed),
                         "--scheme", "stages", "--agent-started-at", STARTED, str(rollout)]) == 0
            grades = [(submission_dir(task, name, sources, root / "submissions"),
                       f"{model}-{task}-{seed}-{k}", seconds)
                      for k, (name, seconds) in enumerate(submissions, 1)]
            jobs.append((task, rollout, grades))
        folders[model] = folder

    def grade_rollout(task: str, rollout: Path, grades: list[tuple[Path, str, int]]) -> None:
        for submission, run_id, seconds in grades:
            grade_into(task, rollout, submission, root / "reports", run_id, seconds, env, sources)

    # The longest rollouts first, so that the last one to finish is not a long one started late.
    jobs.sort(key=lambda job: -len(job[2]))
    with ThreadPoolExecutor(GRADES_AT_ONCE) as pool:
        for done in [pool.submit(grade_rollout, *job) for job in jobs]:
            done.result()
    for _task, rollout, grades in jobs:
        assert main(["rollout", "end", str(rollout), "--agent-seconds", str(grades[-1][2])]) == 0
    shutil.copytree(folders["beta"] / "rollouts/budget/seed-1", folders["beta"] / "rollouts/budget/smoke")
    return folders


# ---- the ledgers read by hand: plain JSON and TOML, none of the package's scoring ----

def ledger(rollout: Path) -> list[dict[str, Any]]:
    """The submission lines of a ledger, read as plain JSON (not through the package)."""
    lines = [json.loads(line) for line in (rollout / "ledger.jsonl").read_text().splitlines()]
    assert lines[0]["kind"] == "start" and lines[0]["agent_started_at"] == "2026-11-30T09:00:00+00:00"
    assert lines[-1]["kind"] == "end" and lines[-1]["agent_seconds"] == lines[-2]["agent_seconds"]
    return lines[1:-1]


def letters(record: dict[str, Any]) -> str:
    return "".join(record["verdicts"][s][0] for s in record["stages"])   # p/f/n per stage, journey last


def by_hand(outcome: float, counted: int, seconds: float, regressions: int = 0) -> float:
    """The rollout score's formula, written out: 100 × Outcome × 0.8^(k−1) × Time × 0.8^R."""
    time = 1 - 0.40 * min(1.0, math.log(max(seconds, 300) / 300) / math.log(24000 / 300))
    return 100 * outcome * 0.8 ** (counted - 1) * time * 0.8 ** regressions


def one_decimal(value: Decimal | float | None) -> str:
    """As a person rounds: one decimal, a half up."""
    if value is None:
        return "—"
    return str(Decimal(str(value)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def excluded_of(folder: Path) -> set[str]:
    """The rollouts the campaign's manifest declares not contestant runs."""
    return {e["rollout"] for e in tomllib.loads((folder / "campaign.toml").read_text()).get("exclude", [])}


@dataclass
class HandRollout:
    task: str
    seed: int
    state: str                      # scored or excluded (no other state arises here)
    score: Decimal | None = None    # one decimal, set when scored
    solved: bool = False
    first_try: bool = False
    regressions: int = 0


def hand_rollout(folder: Path, name: str, excluded: set[str]) -> HandRollout:
    """One rollout judged from its ledger: every submission here is clean (no fault)."""
    records = ledger(folder / "rollouts" / name)
    assert all(r["party"] == "clean" for r in records)
    seed = tomllib.loads((folder / "rollouts" / name / "rollout.toml").read_text())["seed"]
    marks = [letters(r) for r in records]
    # Regressions: a test failing in a submission after passing in an earlier one.
    regressions, passed = 0, set()
    for record in records:
        regressions += sum(v == "fail" and t in passed for t, v in record["verdicts"].items())
        passed |= {t for t, v in record["verdicts"].items() if v == "pass"}
    last = marks[-1]
    outcome = 0.2 * (len(last[:-1]) - len(last[:-1].lstrip("p"))) + 0.4 * (last[-1] == "p")
    score = by_hand(outcome, len(records), records[-1]["agent_seconds"], regressions)
    state = "excluded" if name in excluded else "scored"     # a flag never changes the state
    return HandRollout(task=name.split("/")[0], seed=seed, state=state,
                       score=Decimal(f"{score:.1f}") if state == "scored" else None,
                       solved=last == "pppp", first_try=marks[0] == "pppp", regressions=regressions)


@dataclass
class HandCell:
    scores: list[Decimal]
    planned: int
    solved: bool

    @property
    def exact(self) -> Decimal | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    @property
    def mean(self) -> Decimal | None:
        """The cell as published: the mean of its seeds rounded to 0.1, a half up."""
        return None if self.exact is None else Decimal(one_decimal(self.exact))


@dataclass
class HandRow:
    label: str
    model: str
    harness: str
    cells: dict[str, HandCell]
    mean: Decimal
    interval: tuple[Decimal, Decimal]
    solved: int
    first_try: int
    counted: int
    planned: int
    provisional: list[str]
    left_out: str


def hand_row(folder: Path) -> HandRow:
    """A leaderboard row worked out by hand from the campaign's manifest and ledgers."""
    manifest = tomllib.loads((folder / "campaign.toml").read_text())
    excluded = excluded_of(folder)
    names = sorted(p.relative_to(folder / "rollouts").as_posix() for p in (folder / "rollouts").glob("*/*"))
    rollouts = [hand_rollout(folder, name, excluded) for name in names]
    scored = sorted((r for r in rollouts if r.state == "scored"), key=lambda r: r.seed)
    cells = {}
    for task in sorted(manifest["tasks"]):
        mine = [r for r in scored if r.task == task]
        cells[task] = HandCell([r.score for r in mine if r.score is not None], len(manifest["seeds"]),
                               bool(mine) and all(r.solved for r in mine))
    means = [c.mean for c in cells.values() if c.mean is not None]
    # The bootstrap resamples each task's seeds. With one seed per task but one, and at most three
    # in that one, a resample draws all of its seeds the same with probability 1/27 or more each
    # way: ~74 of the 2000 resamples (or more) sit at each end, more than the 50 below the 2.5th
    # percentile, so the 2.5th and 97.5th percentiles are the ends themselves, the mean of the
    # tasks' lowest seeds and the mean of their highest.
    assert sum(len(c.scores) > 1 for c in cells.values()) <= 1
    assert all(len(c.scores) <= 3 for c in cells.values())
    low = sum(min(c.scores) for c in cells.values() if c.scores) / len(means)
    high = sum(max(c.scores) for c in cells.values() if c.scores) / len(means)
    counted, planned = len(scored), sum(c.planned for c in cells.values())
    provisional = [f"task {t}: no scored seed" for t, c in cells.items() if not c.scores]
    assert all(len(c.scores) <= c.planned for c in cells.values())
    if counted < planned:
        provisional.append(f"{counted} of {planned} planned seeds scored")
    left = Counter(r.state for r in rollouts if r.state != "scored")
    return HandRow(
        label=f"{manifest['contestant']['model']} ({manifest['contestant']['harness']} "
              f"{manifest['contestant']['harness_version']})",
        model=manifest["contestant"]["model"],
        harness=f"{manifest['contestant']['harness']} {manifest['contestant']['harness_version']}",
        cells=cells, mean=sum(means) / len(means), interval=(low, high),
        solved=sum(c.solved for c in cells.values()), first_try=sum(r.first_try for r in scored),
        counted=counted, planned=planned, provisional=provisional,
        left_out=", ".join(f"{n} {state}" for state, n in sorted(left.items())) or "—",
    )


def hand_board(campaigns: dict[str, Path]) -> list[HandRow]:
    """The rows, best mean first."""
    return sorted((hand_row(folder) for folder in campaigns.values()), key=lambda r: -r.mean)


def summary_cells(rank: int, row: HandRow) -> list[str]:
    """A row of the terminal table's summary, as the table shows it."""
    return [
        str(rank), row.model, row.harness, "provisional" if row.provisional else "official",
        one_decimal(row.mean) + ("*" if row.provisional else ""),
        f"[{one_decimal(row.interval[0])}, {one_decimal(row.interval[1])}]",
        f"{row.solved}/{len(row.cells)}",
        f"{row.first_try}/{row.counted} ({100 * row.first_try / row.counted:.0f}%)",
        f"{row.counted}/{row.planned}",
    ]


def row_cells(rank: int, row: HandRow) -> list[str]:
    """A row as the Markdown table shows it: the summary with every task cell and what was left out."""
    summary = summary_cells(rank, row)
    return [*summary[:6], *(one_decimal(c.mean) for c in row.cells.values()), *summary[6:], row.left_out]


def header(tasks: list[str]) -> list[str]:
    return ["rank", "contestant", "harness", "status", "score %", "95% interval", *tasks, "solved",
            "first try", "seeds", "left out"]


def provisional_notes(rows: list[HandRow]) -> list[str]:
    return [f"* provisional, {r.label}: {'; '.join(r.provisional)}" for r in rows if r.provisional]


def left_out_notes(rows: list[HandRow]) -> list[str]:
    return [f"left out, {r.label}: {r.left_out}" for r in rows if r.left_out != "—"]


# ---- the tests ----

def test_the_ledgers_hold_what_was_graded(campaigns: dict[str, Path]) -> None:
    seen = {
        f"{model}/{rollout.relative_to(folder / 'rollouts').as_posix()}":
            [(letters(r), r["party"], r["agent_seconds"]) for r in ledger(rollout)]
        for model, folder in campaigns.items()
        for rollout in sorted((folder / "rollouts").glob("*/*"))
    }
    assert seen == {
        "alpha/auction/seed-1": [("ppff", "clean", 1200.0)],
        "alpha/bookings/seed-1": [("pppp", "clean", 2400.0), ("pppf", "clean", 3000.0)],
        "alpha/budget/seed-1": [("fpff", "clean", 900.0), ("pppp", "clean", 1800.0)],
        "alpha/split/seed-1": [("pppp", "clean", 600.0)],
        "alpha/till/seed-1": [("pppf", "clean", 600.0)],
        "beta/budget/seed-1": [("ppff", "clean", 1200.0)],
        "beta/budget/seed-2": [("fpff", "clean", 900.0)],
        "beta/budget/seed-3": [("pfff", "clean", 600.0)],
        "beta/budget/smoke": [("ppff", "clean", 1200.0)],
        "beta/till/seed-2": [("ppff", "clean", 900.0)],
    }
    by_task: dict[str, list[dict[str, Any]]] = {}
    for folder in campaigns.values():
        for rollout in (folder / "rollouts").glob("*/*"):
            by_task.setdefault(rollout.parent.name, []).extend(ledger(rollout))
    assert sorted(by_task) == sorted(TASKS)
    for task, records in by_task.items():
        assert {r["stages"][-1] for r in records} == {records[0]["journey"]}
        for key in ("task", "suite"):
            assert len({r["digests"].get(key) for r in records}) == 1, f"{task}: one {key} digest"
    everything = [r for records in by_task.values() for r in records]
    for key in ("grader", "environment"):
        assert len({r["digests"].get(key) for r in everything}) == 1, f"every grade shares its {key} digest"
    assert len({r["digests"]["task"] for r in everything}) == len(TASKS)


def test_campaign_scores_every_rollout_with_its_state(campaigns: dict[str, Path]) -> None:
    for folder in campaigns.values():
        subprocess.run([str(REVYLBENCH), "campaign", str(folder)], check=True, capture_output=True)
    scores = {model: json.loads((folder / "scores.json").read_text())["rollouts"]
              for model, folder in campaigns.items()}
    states = {model: {r["rollout"]: (r["state"], r["score_percent"]) for r in rollouts}
              for model, rollouts in scores.items()}
    assert states == {
        "alpha": {"auction/seed-1": ("scored", 34.9), "bookings/seed-1": ("scored", 30.3),
                  "budget/seed-1": ("scored", 66.9), "split/seed-1": ("scored", 93.7),
                  "till/seed-1": ("scored", 56.2)},
        "beta": {"budget/seed-1": ("scored", 34.9), "budget/seed-2": ("scored", 0.0),
                 "budget/seed-3": ("scored", 18.7), "budget/smoke": ("excluded", None),
                 "till/seed-2": ("scored", 36.0)},
    }
    # The same states and scores, judged by hand from the ledgers.
    for model, folder in campaigns.items():
        excluded = excluded_of(folder)
        by_hand_states = {name: (r.state, float(r.score) if r.score is not None else None)
                          for name in states[model]
                          for r in [hand_rollout(folder, name, excluded)]}
        assert by_hand_states == states[model]
    beta = {r["rollout"]: r for r in scores["beta"]}
    # Its only (so final) vector is incoherent: flagged for a person, and counted (outcome 0).
    assert beta["budget/seed-2"]["flags"] == ["incoherent_steps (submission 1): a stage after 'accounts' "
                                              "passes while it does not"]
    assert beta["budget/seed-2"]["reason"].startswith("outcome 0.00 (stages) from submission 1")
    assert beta["budget/smoke"]["reason"] == "declared not a contestant run: harness smoke test"
    alpha = {r["rollout"]: r for r in scores["alpha"]}
    # Its first vector was incoherent, its final one is not: a repair history, not flagged.
    assert alpha["budget/seed-1"]["flags"] == []
    bookings = alpha["bookings/seed-1"]
    journey = ledger(campaigns["alpha"] / "rollouts/bookings/seed-1")[-1]["journey"]
    assert bookings["score"]["regressed"] == [f"2:{journey}"]
    assert (bookings["solved"], bookings["first_try"]) == (False, True)


def test_each_factor_of_a_rollout_s_score(campaigns: dict[str, Path]) -> None:
    """The package's own scoring of two real rollouts, factor by factor."""
    from pytest_revylbench.outputs.ledger import read_ledger
    from pytest_revylbench.scoring.rollout import score_ledger, time_factor

    # The reference, then a planted bug that fails the journey it passed: a regression.
    ledger_ = read_ledger(campaigns["alpha"] / "rollouts/bookings/seed-1")
    records = ledger_.records
    assert [r.party for r in records] == ["clean"] * 2
    assert [(r.scheme, r.reward) for r in records] == [("stages", 1.0), ("stages", 0.6)]
    journey = records[-1].stages[-1]
    assert [r.verdicts[journey].value for r in records] == ["pass", "fail"]
    score = score_ledger(ledger_)
    assert score.state == "scored"
    assert score.outcome == 0.6 and score.outcome_from_k == 2      # stages 1-3, no journey
    assert score.submissions_factor == 0.8
    assert score.time_factor == time_factor(3000)
    assert score.regressed == (f"2:{journey}",)
    assert score.regressions_factor == 0.8
    assert score.score_percent == round(100 * 0.6 * 0.8 * time_factor(3000) * 0.8, 1) == 30.3
    assert score.flags == ()
    # A planted bug whose vector is incoherent, then the reference: nothing regressed.
    ledger_ = read_ledger(campaigns["alpha"] / "rollouts/budget/seed-1")
    assert [(r.scheme, r.reward) for r in ledger_.records] == [("stages", 0.0), ("stages", 1.0)]
    score = score_ledger(ledger_)
    assert (score.outcome, score.outcome_from_k, score.regressed, score.flags) == (1.0, 2, (), ())
    assert score.score_percent == round(100 * 0.8 * time_factor(1800), 1) == 66.9


def test_the_leaderboard_prints_the_table_derived_by_hand_from_the_ledgers(
        campaigns: dict[str, Path]) -> None:
    # Each score from the ledger's verdicts and agent seconds, the formula written out.
    def seconds(model: str, rollout: str) -> float:
        return ledger(campaigns[model] / "rollouts" / rollout)[-1]["agent_seconds"]

    worked = {
        "alpha/auction": by_hand(0.2 * 2, 1, seconds("alpha", "auction/seed-1")),
        "alpha/bookings": by_hand(0.2 * 3, 2, seconds("alpha", "bookings/seed-1"), regressions=1),
        "alpha/budget": by_hand(1.0, 2, seconds("alpha", "budget/seed-1")),
        "alpha/split": by_hand(1.0, 1, seconds("alpha", "split/seed-1")),
        "alpha/till": by_hand(0.2 * 3, 1, seconds("alpha", "till/seed-1")),
        "beta/budget-1": by_hand(0.2 * 2, 1, seconds("beta", "budget/seed-1")),
        "beta/budget-3": by_hand(0.2 * 1, 1, seconds("beta", "budget/seed-3")),
        "beta/till-2": by_hand(0.2 * 2, 1, seconds("beta", "till/seed-2")),
    }
    assert {k: round(v, 1) for k, v in worked.items()} == {
        "alpha/auction": 34.9, "alpha/bookings": 30.3, "alpha/budget": 66.9, "alpha/split": 93.7,
        "alpha/till": 56.2, "beta/budget-1": 34.9, "beta/budget-3": 18.7, "beta/till-2": 36.0,
    }
    rows = hand_board(campaigns)
    tasks = list(rows[0].cells)
    assert tasks == ["auction", "bookings", "budget", "split", "till"]
    # alpha: (34.9 + 30.3 + 66.9 + 93.7 + 56.2) / 5 = 56.4, one seed a task: the interval is a point.
    # beta: budget (34.9 + 0.0 + 18.7) / 3 = 17.87 → 17.9, till 36.0, mean (17.9 + 36.0) / 2 = 26.95
    # → 27.0; the interval runs from (0.0 + 36.0) / 2 = 18.0 to (34.9 + 36.0) / 2 = 35.45 → 35.5.
    # (Before cells were rounded and final-vector flags counted: beta 31.4 [27.4, 35.5], 3/15 seeds.)
    cells = [row_cells(n, row) for n, row in enumerate(rows, 1)]
    assert cells == [
        ["1", "alpha", "revyl-harness 1.0", "official", "56.4", "[56.4, 56.4]",
         "34.9", "30.3", "66.9", "93.7", "56.2", "2/5", "2/5 (40%)", "5/5", "—"],
        ["2", "beta", "revyl-harness 1.0", "provisional", "27.0*", "[18.0, 35.5]",
         "—", "—", "17.9", "—", "36.0", "0/5", "0/4 (0%)", "4/15", "1 excluded"],
    ]
    notes = provisional_notes(rows)
    assert notes == [f"* provisional, {BETA}: task auction: no scored seed; task bookings: no scored "
                     "seed; task split: no scored seed; 4 of 15 planned seeds scored"]
    notes += left_out_notes(rows)
    assert notes[1:] == [f"left out, {BETA}: 1 excluded"]
    trust = ledger(campaigns["alpha"] / "rollouts/split/seed-1")[0]["trust"]
    heading = f"protocol {PROTOCOL} · {trust}"
    footer = "95% bootstrap intervals: 2000 resamples of seeds within tasks, RNG seed 20261130."
    folders = [str(campaigns["alpha"]), str(campaigns["beta"])]

    # text: the summary, then the task cells under codes T1 … T5 with their legend; each grid's
    # columns padded to their widest entry, two spaces apart
    def padded(grid: list[list[str]]) -> list[str]:
        widths = [max(len(line[i]) for line in grid) for i in range(len(grid[0]))]
        return ["  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in grid]

    summary = [["rank", "contestant", "harness", "status", "score %", "95% interval", "solved", "first try",
                "seeds"], *(summary_cells(n, row) for n, row in enumerate(rows, 1))]
    codes = [f"T{n}" for n in range(1, len(tasks) + 1)]
    blocks = [["rank", *codes], *([str(n), *(one_decimal(c.mean) for c in row.cells.values())]
                                  for n, row in enumerate(rows, 1))]
    legend = "tasks: " + "  ".join(f"{c} {t}" for c, t in zip(codes, tasks, strict=True))
    wrapped = [part for note in notes
               for part in textwrap.wrap(note, 100, subsequent_indent="  ", break_on_hyphens=False)]
    text = [heading, *padded(summary), legend, *padded(blocks), *wrapped, "", footer]
    proc = subprocess.run([str(REVYLBENCH), "leaderboard", *folders],
                          check=True, capture_output=True, text=True)
    print(proc.stdout)
    assert proc.stdout.splitlines() == text
    assert max(len(line) for line in text) <= 100

    # markdown: every cell in one table, `*` and `_` escaped, figures right-aligned
    def md(line: list[str]) -> str:
        return "| " + " | ".join(c.replace("*", "\\*").replace("_", "\\_") for c in line) + " |"

    width = len(header(tasks))
    rule = "|" + "|".join("---" if i in (1, 2, 3, width - 1) else "---:" for i in range(width)) + "|"
    markdown = ["# Leaderboard", "", f"## {heading}", "", md(header(tasks)), rule,
                *(md(c) for c in cells), "",
                *(f"- {n.replace('*', chr(92) + '*')}" for n in notes), "", footer]
    proc = subprocess.run([str(REVYLBENCH), "leaderboard", *folders, "--format", "markdown"],
                          check=True, capture_output=True, text=True)
    assert proc.stdout.splitlines() == markdown

    # json: every figure, unrounded
    proc = subprocess.run([str(REVYLBENCH), "leaderboard", *folders, "--format", "json"],
                          check=True, capture_output=True, text=True)
    (table,) = json.loads(proc.stdout)["tables"]
    assert (table["protocol"], table["trust"]) == (PROTOCOL, trust)
    assert table["tasks"] == tasks and table["not_separated"] == []
    for rank, (shown, row) in enumerate(zip(table["rows"], rows, strict=True), 1):
        assert shown["rank"] == rank and shown["contestant"]["model"] == row.model
        assert shown["tasks_own"] == len(row.cells)
        assert shown["mean_percent"] == pytest.approx(float(row.mean), abs=1e-4)
        assert shown["interval"] == pytest.approx([float(row.interval[0]), float(row.interval[1])], abs=1e-4)
        assert (shown["tasks_solved"], shown["first_try"], shown["seeds_counted"], shown["seeds_planned"]) \
            == (row.solved, row.first_try, row.counted, row.planned)
        assert shown["first_try_rate"] == pytest.approx(row.first_try / row.counted, abs=1e-4)
        assert list(shown["provisional"]) == row.provisional
        for cell in shown["cells"]:
            mine = row.cells[cell["task"]]
            assert [s["score_percent"] for s in cell["seeds"]] == [float(s) for s in mine.scores]
            assert cell["mean_percent"] == (
                None if mine.mean is None else pytest.approx(float(mine.mean), abs=1e-4))
            assert (cell["seeds_planned"], cell["solved"]) == (mine.planned, mine.solved)


@pytest.fixture(scope="module")
def page(campaigns: dict[str, Path]) -> Path:
    html = campaigns["alpha"].parent / "leaderboard.html"
    proc = subprocess.run([str(REVYLBENCH), "leaderboard", str(campaigns["alpha"]), str(campaigns["beta"]),
                           "--format", "json", "--html", str(html)],
                          check=True, capture_output=True, text=True)
    board = json.loads(proc.stdout)
    assert [r["mean_percent"] for r in board["tables"][0]["rows"]] == \
        [pytest.approx(float(r.mean), abs=1e-4) for r in hand_board(campaigns)]
    return html


@pytest.fixture(scope="module")
def browser(page: Path) -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,900", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    try:
        driver.get(page.as_uri())
        yield driver
    finally:
        driver.quit()


def rows(browser: Any) -> dict[str, Any]:
    return {tr.get_attribute("data-contestant"): tr
            for tr in browser.find_elements("css selector", "table.leaderboard tr.row")}


def test_the_rows_are_visible_in_rank_order_with_score_and_interval(browser: Any) -> None:
    shown = rows(browser)
    assert list(shown) == [ALPHA, BETA]
    alpha, beta = shown.values()
    assert all(tr.is_displayed() for tr in shown.values())
    assert [tr.find_element("css selector", "td.rank").text for tr in (alpha, beta)] == ["1", "2"]
    assert alpha.find_element("css selector", "td.score").text == "56.4"
    assert beta.find_element("css selector", "td.score").text == "27.0*"
    assert alpha.find_element("css selector", ".ci-text").text == "[56.4, 56.4]"
    assert beta.find_element("css selector", ".ci-text").text == "[18.0, 35.5]"
    bar = beta.find_element("css selector", ".ci-bar")
    track = beta.find_element("css selector", ".ci-track")
    assert bar.is_displayed()
    # The bar spans 18.0 % to 35.45 % of a track from 0 to 100.
    assert bar.size["width"] == pytest.approx(track.size["width"] * (35.45 - 18.0) / 100, abs=3)
    assert [tr.find_element("css selector", "td.status").text for tr in (alpha, beta)] == [
        "official", "provisional"]
    assert alpha.find_element("css selector", "td.harness").text == "revyl-harness 1.0"
    headings = [th.text for th in browser.find_elements("css selector", "table.leaderboard th.task")]
    assert headings == ["auction", "bookings", "budget", "split", "till"]


def test_each_task_cell_shows_its_mean_and_the_seeds_it_is_made_of(
        browser: Any, campaigns: dict[str, Path]) -> None:
    by_hand_rows = {r.label: r for r in hand_board(campaigns)}
    shown_cells: dict[str, dict[str, tuple[str, str, bool]]] = {}
    for label, tr in rows(browser).items():
        seen = shown_cells[label] = {}
        for task in TASKS:
            cell = tr.find_element("css selector", f"td.task-cell[data-task='{task}']")
            assert cell.is_displayed()
            seen[task] = (cell.find_element("css selector", ".cell-mean").text,
                          cell.find_element("css selector", ".cell-seeds").text,
                          bool(cell.find_elements("css selector", ".solved")))
        # Each cell as worked out by hand: its mean, its seeds' scores in seed order, solved.
        row = by_hand_rows[label]
        assert seen == {
            task: (one_decimal(c.mean),
                   " · ".join(one_decimal(s) for s in c.scores) + f" ({len(c.scores)}/{c.planned} seeds)"
                   if c.scores else f"({len(c.scores)}/{c.planned} seeds)", c.solved)
            for task, c in row.cells.items()
        }
    assert shown_cells == {
        ALPHA: {"auction": ("34.9", "34.9 (1/1 seeds)", False),
                "bookings": ("30.3", "30.3 (1/1 seeds)", False),
                "budget": ("66.9", "66.9 (1/1 seeds)", True),
                "split": ("93.7", "93.7 (1/1 seeds)", True),
                "till": ("56.2", "56.2 (1/1 seeds)", False)},
        BETA: {"auction": ("—", "(0/3 seeds)", False),
               "bookings": ("—", "(0/3 seeds)", False),
               "budget": ("17.9", "34.9 · 0.0 · 18.7 (3/3 seeds)", False),
               "split": ("—", "(0/3 seeds)", False),
               "till": ("36.0", "36.0 (1/3 seeds)", False)},
    }


def test_the_provisional_row_is_marked_and_says_why(browser: Any) -> None:
    alpha, beta = rows(browser).values()
    assert "provisional" in beta.get_attribute("class").split()
    assert "provisional" not in alpha.get_attribute("class").split()
    assert not alpha.find_elements("css selector", ".badge.provisional")
    why = ("task auction: no scored seed; task bookings: no scored seed; task split: no scored seed; "
           "4 of 15 planned seeds scored")
    badge = beta.find_element("css selector", ".badge.provisional")
    assert badge.is_displayed() and badge.get_attribute("title") == why
    shade = [tr.find_element("css selector", "td.rank").value_of_css_property("background-color")
             for tr in (alpha, beta)]
    assert shade[0] != shade[1], "the provisional row is shaded"
    notes = browser.find_elements("css selector", "ul.notes li.provisional-note")
    assert [n.text for n in notes] == [f"* provisional, {BETA}: {why}"]
    assert [tr.find_element("css selector", "td.solved-count").text for tr in (alpha, beta)] == ["2/5", "0/5"]
    assert [tr.find_element("css selector", "td.first-try").text for tr in (alpha, beta)] == \
        ["2/5 (40%)", "0/4 (0%)"]
    assert [tr.find_element("css selector", "td.seeds").text for tr in (alpha, beta)] == ["5/5", "4/15"]
    assert alpha.find_element("css selector", "td.left-out").text == "—"
    assert beta.find_element("css selector", "td.left-out").text == "1 excluded"


def test_the_trace_lists_every_rollout_behind_the_numbers(browser: Any) -> None:
    browser.find_element("css selector", "details.trace summary").click()
    lines = [tr.text for tr in browser.find_elements("css selector", "table.rollouts tr")[1:]]
    assert len(lines) == 10
    for rollout in ("auction/seed-1", "bookings/seed-1", "budget/seed-1", "split/seed-1", "till/seed-1",
                    "budget/seed-2", "budget/seed-3", "till/seed-2"):
        assert any(rollout in line and "scored" in line for line in lines), rollout
    assert any("split/seed-1" in line and "solved, first try" in line for line in lines)
    assert any("budget/seed-2" in line and "scored" in line and "flag: incoherent_steps" in line
               for line in lines), "flagged, and counted"
    assert any("budget/smoke" in line and "excluded" in line and "harness smoke test" in line
               for line in lines)


def test_a_screenshot_of_the_whole_page_is_kept(browser: Any, page: Path) -> None:
    from PIL import Image

    content = browser.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": content["width"], "height": content["height"], "scale": 1},
    })
    path = page.with_suffix(".png")
    path.write_bytes(base64.b64decode(shot["data"]))
    with Image.open(path) as image:
        assert image.size == (round(content["width"]), round(content["height"]))
    print(f"leaderboard screenshot: {path}")


def test_a_rollout_s_own_page_in_a_real_browser(campaigns: dict[str, Path]) -> None:
    """The page `revylbench rollout` writes for a real graded rollout (the reference, solved at
    the first try after 600 s): its key elements are visible."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By

    rollout = campaigns["alpha"] / "rollouts/split/seed-1"
    assert main(["rollout", str(rollout)]) == 0
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1100,1400"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get((rollout / "scorecard.html").as_uri())
        outcome = driver.find_element(By.ID, "outcome")
        assert outcome.is_displayed() and outcome.text.startswith("93.7%")  # 1.0 × time(600 s)
        assert driver.find_element(By.ID, "score-factors").is_displayed()
        rows = driver.find_elements(By.CSS_SELECTOR, "tr.submission.clean")
        assert len(rows) == 1 and rows[0].is_displayed()
        driver.save_screenshot(str(rollout / "scorecard.png"))
    finally:
        driver.quit()
    assert (rollout / "scorecard.png").stat().st_size > 10_000
