"""The leaderboard as a terminal table, Markdown, JSON and a static HTML page, and its command."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from .campaign import score_campaign
from .campaign_manifest import CampaignError
from .leaderboard import Leaderboard, Row, Table, build_leaderboard

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


def _header(table: Table) -> list[str]:
    return ["rank", "contestant", "score %", "95% interval", *table.tasks,
            "solved", "first try", "seeds", "left out"]


def _cells(table: Table, row: Row) -> list[str]:
    marker = PROVISIONAL if row.provisional else ""
    return [
        str(row.rank) if row.rank else MISSING, row.contestant.label,
        percent(row.mean_percent) + marker, interval(row),
        *(percent(c.mean_percent) if c.seeds_planned else "·" for c in row.cells),
        f"{row.tasks_solved}/{len(table.tasks)}", first_try(row),
        f"{row.seeds_counted}/{row.seeds_planned}", left_out(row),
    ]


def notes(table: Table) -> list[str]:
    """The footnotes under a table: provisional rows and ranks that are not separated."""
    lines = [f"{PROVISIONAL} provisional, {row.contestant.label}: {'; '.join(row.provisional)}"
             for row in table.rows if row.provisional]
    lines += [f"ranks {upper} and {lower} are not separated: their 95% intervals overlap"
              for upper, lower in table.not_separated]
    return lines


def render_text(board: Leaderboard) -> str:
    out: list[str] = []
    for table in board.tables:
        grid = [_header(table)] + [_cells(table, row) for row in table.rows]
        widths = [max(len(line[i]) for line in grid) for i in range(len(grid[0]))]
        out += ["", table.heading]
        out += ["  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in grid]
        out += notes(table)
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
        rule = ["---" if i in (1, len(header) - 1) else "---:" for i in range(len(header))]
        out += ["", f"## {table.heading}", "", _md(header), "|" + "|".join(rule) + "|"]
        out += [_md(_cells(table, row)) for row in table.rows]
        footnotes = notes(table)
        if footnotes:
            out += ["", *(f"- {_md_escape(line)}" for line in footnotes)]
    out += ["", f"{board.level:.0%} bootstrap intervals: {board.resamples} resamples of seeds within tasks, "
                f"RNG seed {board.rng_seed}."]
    return "\n".join(out) + "\n"


def render_json(board: Leaderboard) -> str:
    return board.model_dump_json(indent=2, by_alias=True) + "\n"


def render_html(board: Leaderboard) -> str:
    from .report.scorecard import render_scorecard

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
