"""A leaderboard over campaigns graded by the framework itself, re-derived by hand from the ledgers,
and its HTML page in a real headless Chromium.

Six real grades of the budget task (the reference and planted bugs, with the agent's seconds
given), in two campaigns:

- alpha, 2 seeds planned: seed 1 submits the reference after 600 s; seed 2 submits
  newest-last-in-group after 900 s, then the reference after 1800 s;
- beta, 3 seeds planned: seed 1 submits edit-applied-twice after 1200 s; seed 2
  categories-tab-missing (stage 1 fails while stage 2 passes: flagged); seed 3
  state-lost-on-tab-switch after 600 s; and a smoke run declared excluded (a copy of seed 1).
"""

from __future__ import annotations

import base64
import json
import math
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_revylbench.cli import main

from .conftest import FLOW_ONLY, REPO

# One set of real grades feeds every test here: keep them on one xdist worker.
pytestmark = pytest.mark.xdist_group("leaderboard-campaign")

PROTOCOL = "budget-web-v1"
HARNESS = ("revyl-harness", "1.0")
STARTED = "2026-11-30T09:00:00Z"
REVYLBENCH = Path(sys.executable).with_name("revylbench")
PYTEST = Path(sys.executable).with_name("pytest")
PLAN: dict[str, dict[int, list[tuple[str, int]]]] = {
    "alpha": {1: [("reference", 600)], 2: [("newest-last-in-group", 900), ("reference", 1800)]},
    "beta": {1: [("edit-applied-twice", 1200)], 2: [("categories-tab-missing", 900)],
             3: [("state-lost-on-tab-switch", 600)]},
}
SEEDS = {"alpha": 2, "beta": 3}


def submission_dir(name: str, scratch: Path) -> Path:
    if name == "reference":
        return REPO / "suites/budget/reference"
    dest = scratch / name
    if not dest.exists():
        assert main(["--tasks-dir", str(REPO / "tasks"), "--suites-dir", str(REPO / "suites"),
                     "mutant", "budget", name, str(dest)]) == 0
    return dest


def frozen_grader(root: Path) -> dict[str, str]:
    """An environment that grades with a snapshot of the package. Every grade of a campaign
    must share the grader's digest (a hash of the package), and the package may be edited while
    the grades run; the console script, unlike `python -m`, puts no working folder before it."""
    snapshot = root / "grader"
    shutil.copytree(REPO / "pytest_revylbench", snapshot / "pytest_revylbench",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return {**os.environ, "PYTHONPATH": str(snapshot)}


def grade_into(rollout: Path, submission: Path, reports: Path, run_id: str, seconds: int,
               env: dict[str, str]) -> None:
    """One real grade appended to the rollout's ledger, as a harness would run it."""
    proc = subprocess.run(
        [str(PYTEST), "--task", "budget", "--platform", "web", f"--submission={submission}",
         f"--reports={reports}", "--run-id", run_id, f"--rollout={rollout}",
         "--agent-started-at", STARTED, "--agent-seconds", str(seconds), "-p", "no:cacheprovider",
         *FLOW_ONLY],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=900,
    )
    assert (reports / run_id / "grade.json").is_file(), \
        f"no grade.json; pytest said:\n{proc.stdout[-3000:]}\n{proc.stderr[-2000:]}"


def write_campaign_toml(folder: Path, model: str, seeds: int, exclude: str = "") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "campaign.toml").write_text(
        f'schema = 1\nprotocol = "{PROTOCOL}"\ntasks = ["budget"]\nseeds = {seeds}\n\n[contestant]\n'
        f'model = "{model}"\nharness = "{HARNESS[0]}"\nharness_version = "{HARNESS[1]}"\n{exclude}')


def write_rollout_toml(rollout: Path, model: str, seed: int) -> None:
    rollout.mkdir(parents=True, exist_ok=True)
    (rollout / "rollout.toml").write_text(
        f'task = "budget"\nseed = {seed}\nprotocol = "{PROTOCOL}"\n\n[contestant]\nmodel = "{model}"\n'
        f'harness = "{HARNESS[0]}"\nharness_version = "{HARNESS[1]}"\n')


@pytest.fixture(scope="module")
def campaigns(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Both campaigns, every rollout graded for real (about six grades: the slow part)."""
    root = tmp_path_factory.mktemp("leaderboard")
    env = frozen_grader(root)
    folders = {}
    for model, seeds in PLAN.items():
        folder = root / model
        smoke = '\n[[exclude]]\nrollout = "budget/smoke"\nreason = "harness smoke test"\n'
        write_campaign_toml(folder, model, SEEDS[model], exclude=smoke if model == "beta" else "")
        for seed, submissions in seeds.items():
            rollout = folder / "rollouts/budget" / f"seed-{seed}"
            write_rollout_toml(rollout, model, seed)
            for k, (name, seconds) in enumerate(submissions, 1):
                grade_into(rollout, submission_dir(name, root / "submissions"), root / "reports",
                           f"{model}-{seed}-{k}", seconds, env)
        folders[model] = folder
    shutil.copytree(folders["beta"] / "rollouts/budget/seed-1", folders["beta"] / "rollouts/budget/smoke")
    return folders


def ledger(rollout: Path) -> list[dict[str, Any]]:
    """The submission lines of a ledger, read as plain JSON (not through the package)."""
    lines = [json.loads(line) for line in (rollout / "ledger.jsonl").read_text().splitlines()]
    assert lines[0]["kind"] == "start" and lines[0]["agent_started_at"] == "2026-11-30T09:00:00+00:00"
    return lines[1:]


def letters(record: dict[str, Any]) -> str:
    return "".join(record["verdicts"][s][0] for s in record["stages"])   # p/f/n per stage, journey last


def by_hand(outcome: float, counted: int, seconds: float, regressions: int = 0) -> float:
    """The rollout score's formula, written out: 100 × Outcome × 0.8^(k−1) × Time × 0.8^R."""
    time = 1 - 0.40 * min(1.0, math.log(max(seconds, 300) / 300) / math.log(24000 / 300))
    return 100 * outcome * 0.8 ** (counted - 1) * time * 0.8 ** regressions


def test_the_ledgers_hold_what_was_graded(campaigns: dict[str, Path]) -> None:
    alpha, beta = (campaigns[m] / "rollouts/budget" for m in ("alpha", "beta"))
    seen = {
        f"{campaign}/{seed}": [(letters(r), r["party"], r["agent_seconds"]) for r in ledger(folder / seed)]
        for campaign, folder in (("alpha", alpha), ("beta", beta))
        for seed in sorted(p.name for p in folder.iterdir())
    }
    assert seen == {
        "alpha/seed-1": [("pppp", "clean", 600.0)],
        "alpha/seed-2": [("pppf", "clean", 900.0), ("pppp", "clean", 1800.0)],
        "beta/seed-1": [("ppff", "clean", 1200.0)],
        "beta/seed-2": [("fpff", "clean", 900.0)],
        "beta/seed-3": [("pfff", "clean", 600.0)],
        "beta/smoke": [("ppff", "clean", 1200.0)],
    }
    records = [r for folder in (alpha, beta) for seed in folder.iterdir() for r in ledger(seed)]
    for key in ("task", "suite", "grader", "environment"):
        assert len({r["digests"].get(key) for r in records}) == 1, f"every grade shares its {key} digest"


def test_campaign_scores_every_rollout_with_its_state(campaigns: dict[str, Path]) -> None:
    for folder in campaigns.values():
        subprocess.run([str(REVYLBENCH), "campaign", str(folder)], check=True, capture_output=True)
    states = {
        model: {r["rollout"]: (r["state"], r["score_percent"])
                for r in json.loads((folder / "scores.json").read_text())["rollouts"]}
        for model, folder in campaigns.items()
    }
    assert states == {
        "alpha": {"budget/seed-1": ("scored", 93.7), "budget/seed-2": ("scored", 66.9)},
        "beta": {"budget/seed-1": ("scored", 34.9), "budget/seed-2": ("flagged", None),
                 "budget/seed-3": ("scored", 18.7), "budget/smoke": ("excluded", None)},
    }
    beta = json.loads((campaigns["beta"] / "scores.json").read_text())["rollouts"]
    assert beta[1]["reason"] == ("incoherent_steps (submission 1): a stage after 'accounts' passes "
                                 "while it does not")


def test_the_leaderboard_prints_the_table_derived_by_hand_from_the_ledgers(
        campaigns: dict[str, Path]) -> None:
    rollouts = {m: campaigns[m] / "rollouts/budget" for m in campaigns}
    # Each score from the ledger's verdicts and agent seconds, the formula written out.
    alpha_1 = by_hand(1.0, 1, ledger(rollouts["alpha"] / "seed-1")[-1]["agent_seconds"])
    alpha_2 = by_hand(1.0, 2, ledger(rollouts["alpha"] / "seed-2")[-1]["agent_seconds"])
    beta_1 = by_hand(0.2 * 2, 1, ledger(rollouts["beta"] / "seed-1")[-1]["agent_seconds"])
    beta_3 = by_hand(0.2 * 1, 1, ledger(rollouts["beta"] / "seed-3")[-1]["agent_seconds"])
    scores = [round(s, 1) for s in (alpha_1, alpha_2, beta_1, beta_3)]
    assert scores == [93.7, 66.9, 34.9, 18.7]
    # Cells are means over scored seeds: (93.7 + 66.9) / 2 = 80.3, (34.9 + 18.7) / 2 = 26.8.
    # With two seeds a resampled mean is one seed twice (1/4 each) or both: the 2.5th and
    # 97.5th percentiles are the two seeds themselves.
    trust = ledger(rollouts["alpha"] / "seed-1")[0]["trust"]
    proc = subprocess.run([str(REVYLBENCH), "leaderboard", str(campaigns["alpha"]), str(campaigns["beta"])],
                          check=True, capture_output=True, text=True)
    assert proc.stdout.splitlines() == [
        f"protocol budget-web-v1 · harness version 1.0 · {trust}",
        "rank  contestant                 score %  95% interval  budget  solved  first try  seeds  left out",
        "1     alpha (revyl-harness 1.0)  80.3     [66.9, 93.7]  80.3    1/1     1/2 (50%)  2/2    —",
        "2     beta (revyl-harness 1.0)   26.8*    [18.7, 34.9]  26.8    0/1     0/2 (0%)   2/3    "
        "1 excluded, 1 flagged",
        "* provisional, beta (revyl-harness 1.0): 2 of 3 planned seeds scored",
        "",
        "95% bootstrap intervals: 2000 resamples of seeds within tasks, RNG seed 20261130.",
    ]


@pytest.fixture(scope="module")
def page(campaigns: dict[str, Path]) -> Path:
    html = campaigns["alpha"].parent / "leaderboard.html"
    proc = subprocess.run([str(REVYLBENCH), "leaderboard", str(campaigns["alpha"]), str(campaigns["beta"]),
                           "--format", "json", "--html", str(html)],
                          check=True, capture_output=True, text=True)
    board = json.loads(proc.stdout)
    assert [r["mean_percent"] for r in board["tables"][0]["rows"]] == [80.3, 26.8]
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
    assert list(shown) == ["alpha (revyl-harness 1.0)", "beta (revyl-harness 1.0)"]
    alpha, beta = shown.values()
    assert all(tr.is_displayed() for tr in shown.values())
    assert [tr.find_element("css selector", "td.rank").text for tr in (alpha, beta)] == ["1", "2"]
    assert alpha.find_element("css selector", "td.score").text == "80.3"
    assert beta.find_element("css selector", "td.score").text == "26.8*"
    assert alpha.find_element("css selector", ".ci-text").text == "[66.9, 93.7]"
    bar = alpha.find_element("css selector", ".ci-bar")
    track = alpha.find_element("css selector", ".ci-track")
    assert bar.is_displayed()
    # The bar spans 66.9 % to 93.7 % of a track from 0 to 100.
    assert bar.size["width"] == pytest.approx(track.size["width"] * (93.7 - 66.9) / 100, abs=3)


def test_each_task_cell_shows_its_mean_and_the_seeds_it_is_made_of(browser: Any) -> None:
    alpha, beta = rows(browser).values()
    cell = alpha.find_element("css selector", "td.task-cell[data-task='budget']")
    assert cell.is_displayed()
    assert cell.find_element("css selector", ".cell-mean").text == "80.3"
    assert cell.find_element("css selector", ".cell-seeds").text == "93.7 · 66.9 (2/2 seeds)"
    assert cell.find_element("css selector", ".solved").text == "solved"
    beta_cell = beta.find_element("css selector", "td.task-cell[data-task='budget']")
    assert beta_cell.find_element("css selector", ".cell-seeds").text == "34.9 · 18.7 (2/3 seeds)"
    assert not beta_cell.find_elements("css selector", ".solved")


def test_the_provisional_row_is_marked_and_says_why(browser: Any) -> None:
    alpha, beta = rows(browser).values()
    assert "provisional" in beta.get_attribute("class").split()
    assert "provisional" not in alpha.get_attribute("class").split()
    badge = beta.find_element("css selector", ".badge.provisional")
    assert badge.is_displayed() and badge.get_attribute("title") == "2 of 3 planned seeds scored"
    shade = [tr.find_element("css selector", "td.rank").value_of_css_property("background-color")
             for tr in (alpha, beta)]
    assert shade[0] != shade[1], "the provisional row is shaded"
    note = browser.find_element("css selector", "ul.notes li.provisional-note")
    assert note.text == "* provisional, beta (revyl-harness 1.0): 2 of 3 planned seeds scored"
    assert beta.find_element("css selector", "td.left-out").text == "1 excluded, 1 flagged"


def test_the_trace_lists_every_rollout_behind_the_numbers(browser: Any) -> None:
    browser.find_element("css selector", "details.trace summary").click()
    lines = [tr.text for tr in browser.find_elements("css selector", "table.rollouts tr")[1:]]
    assert len(lines) == 6
    assert any("budget/seed-2" in line and "flagged" in line and "incoherent_steps" in line
               for line in lines)
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
