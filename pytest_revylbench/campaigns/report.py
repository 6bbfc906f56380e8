"""The leaderboard as a terminal table, Markdown, JSON and a static HTML page, and its command."""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections import Counter
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from pytest_revylbench.campaigns.campaign import score_campaign
from pytest_revylbench.campaigns.leaderboard import Leaderboard, Row, Table, build_leaderboard
from pytest_revylbench.campaigns.manifest import CampaignError

LEADERBOARD_HELP = "rank contestants over campaigns: one row per contestant, every number traceable"
LEADERBOARD_TEMPLATE = "leaderboard.html.j2"
MISSING = "—"
PROVISIONAL = "*"


def percent(value: float | None) -> str:
    """One decimal, half rounded up as by hand (`f"{35.25:.1f}"` would give 35.2)."""
    if value is None:
        return MISSING
    return str(Decimal(str(value)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def interval(row: Row) -> str:
    return MISSING if row.interval is None else f"[{percent(row.interval[0])}, {percent(row.interval[1])}]"


def first_try(row: Row) -> str:
    if row.first_try_rate is None:
        return MISSING
    return f"{row.first_try}/{row.seeds_counted} ({100 * row.first_try_rate:.0f}%)"


def left_out(row: Row) -> str:
    counts = Counter(o.state for o in row.left_out)
    return ", ".join(f"{n} {state}" for state, n in sorted(counts.items())) or MISSING


WIDTH = 100
"""The terminal table never runs wider: task cells go in blocks under short codes (T1, T2 …)."""


def codes(table: Table) -> list[str]:
    return [f"T{n}" for n in range(1, len(table.tasks) + 1)]


def _summary_header() -> list[str]:
    return ["rank", "contestant", "harness", "status", "score %", "95% interval", "solved",
            "first try", "seeds"]


def _summary(row: Row) -> list[str]:
    marker = PROVISIONAL if row.provisional else ""
    return [
        str(row.rank) if row.rank else MISSING, row.contestant.model,
        f"{row.contestant.harness} {row.contestant.harness_version}", row.status,
        percent(row.mean_percent) + marker, interval(row), f"{row.tasks_solved}/{row.tasks_own}",
        first_try(row), f"{row.seeds_counted}/{row.seeds_planned}",
    ]


def _cell_texts(row: Row) -> list[str]:
    return [percent(c.mean_percent) if c.seeds_planned else "·" for c in row.cells]


def _header(table: Table) -> list[str]:
    return [*_summary_header()[:6], *table.tasks, *_summary_header()[6:], "left out"]


def _cells(table: Table, row: Row) -> list[str]:
    summary = _summary(row)
    return [*summary[:6], *_cell_texts(row), *summary[6:], left_out(row)]


def notes(table: Table) -> list[str]:
    """The footnotes under a table: provisional rows, settled duplicates, rollouts left out and
    ranks that are not separated."""
    lines = [f"{PROVISIONAL} provisional, {row.contestant.label}: {'; '.join(row.provisional)}"
             for row in table.rows if row.provisional]
    lines += [f"duplicate seed, {row.contestant.label}: {note}" for row in table.rows for note in row.notes]
    lines += [f"left out, {row.contestant.label}: {left_out(row)}" for row in table.rows if row.left_out]
    lines += [f"ranks {upper} and {lower} are not separated: their 95% intervals overlap"
              for upper, lower in table.not_separated]
    return lines


def _grid(lines: list[list[str]]) -> list[str]:
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in lines]


def _wrap(words: list[str], lead: str) -> list[str]:
    out, line = [], lead
    for word in words:
        if len(line) + len(word) + 2 > WIDTH and line != lead:
            out.append(line.rstrip())
            line = " " * len(lead)
        line += word + "  "
    return [*out, line.rstrip()]


def _fit(line: str) -> list[str]:
    """A note wrapped to WIDTH, its continuation lines indented."""
    return textwrap.wrap(line, WIDTH, subsequent_indent="  ", break_on_hyphens=False) or [""]


def _task_blocks(table: Table) -> list[str]:
    """The task cells, under short codes, in as many blocks as keep each line within WIDTH."""
    out = _wrap([f"{c} {t}" for c, t in zip(codes(table), table.tasks, strict=True)], "tasks: ")
    ranks = [str(r.rank) if r.rank else MISSING for r in table.rows]
    cells = [_cell_texts(r) for r in table.rows]
    per_block = max(1, (WIDTH - 6) // 7)
    for first in range(0, len(table.tasks), per_block):
        span = slice(first, first + per_block)
        out += _grid([["rank", *codes(table)[span]], *([rank, *row[span]] for rank, row in zip(
            ranks, cells, strict=True))])
    return out


def render_text(board: Leaderboard) -> str:
    out: list[str] = []
    for table in board.tables:
        out += ["", table.heading]
        out += _grid([_summary_header(), *(_summary(row) for row in table.rows)])
        out += _task_blocks(table)
        out += [part for line in notes(table) for part in _fit(line)]
    for v in board.void:
        out += _fit(f"void (never counted): {v.campaign}, {v.contestant.label}, protocol {v.protocol}"
                    + (f": {v.note}" if v.note else ""))
    out.append(f"\n{board.level:.0%} bootstrap intervals: {board.resamples} resamples of seeds within "
               f"tasks, RNG seed {board.rng_seed}.")
    return "\n".join(out).lstrip("\n") + "\n"


def _md_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")


def _md(cells: list[str]) -> str:
    return "| " + " | ".join(_md_escape(c) for c in cells) + " |"


def render_markdown(board: Leaderboard) -> str:
    out = ["# Leaderboard"]
    for table in board.tables:
        header = _header(table)
        # Text columns (contestant, left out) align left, the figures right.
        rule = ["---" if i in (1, 2, 3, len(header) - 1) else "---:" for i in range(len(header))]
        out += ["", f"## {table.heading}", "", _md(header), "|" + "|".join(rule) + "|"]
        out += [_md(_cells(table, row)) for row in table.rows]
        footnotes = notes(table)
        if footnotes:
            out += ["", *(f"- {_md_escape(line)}" for line in footnotes)]
    out += [f"- void (never counted): {_md_escape(v.campaign)}, {_md_escape(v.contestant.label)}"
            + (f": {_md_escape(v.note)}" if v.note else "") for v in board.void]
    out += ["", f"{board.level:.0%} bootstrap intervals: {board.resamples} resamples of seeds within tasks, "
                f"RNG seed {board.rng_seed}."]
    return "\n".join(out) + "\n"


def render_json(board: Leaderboard) -> str:
    return board.model_dump_json(indent=2, by_alias=True) + "\n"


def render_html(board: Leaderboard) -> str:
    from pytest_revylbench.outputs.scorecard import render_scorecard

    return render_scorecard(LEADERBOARD_TEMPLATE, board=board, notes=notes, percent=percent,
                            interval=interval, first_try=first_try, left_out=left_out)


FORMATS = {"text": render_text, "markdown": render_markdown, "json": render_json}


def add_leaderboard_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("campaigns", nargs="+", type=Path, metavar="CAMPAIGN",
                        help="campaign folders, each holding campaign.toml and rollouts/")
    parser.add_argument("--format", choices=sorted(FORMATS), default="text",
                        help="what to print (default: text)")
    parser.add_argument("--html", type=Path, metavar="FILE", help="also write the static HTML page")


def run_leaderboard(args: argparse.Namespace) -> int:
    try:
        campaigns = [(str(folder), score_campaign(folder)) for folder in args.campaigns]
    except CampaignError as exc:
        print(exc, file=sys.stderr)
        return 2
    board = build_leaderboard(campaigns)
    sys.stdout.write(FORMATS[args.format](board))
    if args.html is not None:
        args.html.parent.mkdir(parents=True, exist_ok=True)
        args.html.write_text(render_html(board), encoding="utf-8")
        print(f"html: {args.html}", file=sys.stderr)
    return 0
