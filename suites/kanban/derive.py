"""Independent derivation of every computed string the `kanban` suite asserts.

Standalone (stdlib only, no code shared with the reference app): it models the seed data and
the rules of tasks/kanban/instruction.md and replays the suite's scenarios, printing each
derived string as JSON ({"<name>": "<string>"}). Run: python3 suites/kanban/derive.py

Orders are printed as " | "-joined titles (or card test IDs where a component test compares
test IDs); an empty string stands for a text that is not shown.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

TODAY = (2026, 12, 1)
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
LABELS = {"bug": "Bug", "feature": "Feature", "design": "Design", "docs": "Docs"}
PEOPLE = {"ana": "Ana", "ben": "Ben", "chloe": "Chloe", "dev": "Dev"}
# key: (name, WIP limit or None)
COLUMNS: dict[str, tuple[str, int | None]] = {
    "backlog": ("Backlog", None),
    "ready": ("Ready", 3),
    "doing": ("In Progress", 3),
    "review": ("Review", 2),
    "done": ("Done", None),
}
COLUMN_BY_NAME = {name: key for key, (name, _) in COLUMNS.items()}


@dataclass
class Card:
    number: int
    title: str
    labels: tuple[str, ...]
    assignee: str | None
    due: tuple[int, int, int]
    items: list[list]  # [text, checked]
    column: str = ""


# number: (title, column, labels, assignee, due (y, m, d), checklist [(text, checked)])
SEED = (
    (1, "Dark mode", "backlog", ("feature", "design"), "chloe", (2026, 12, 18),
     [("Pick palette", False), ("Theme tokens", False), ("Settings toggle", False)]),
    (2, "Audit log export", "backlog", (), None, (2026, 12, 22), []),
    (3, "Typo on pricing page", "backlog", ("bug", "docs"), "ben", (2026, 11, 27),
     [("Fix copy", False)]),
    (4, "Password reset email", "ready", ("bug",), "ana", (2026, 12, 4),
     [("Reproduce", True), ("Fix template", False), ("Add test", False)]),
    (5, "Onboarding tour", "ready", ("feature", "design"), "dev", (2026, 12, 10),
     [("Write copy", False), ("Draw screens", False), ("Build steps", False),
      ("Track completion", False)]),
    (6, "Fix login timeout", "doing", ("bug",), "ana", (2026, 11, 30),
     [("Reproduce on staging", True), ("Find root cause", True), ("Raise session limit", False),
      ("Add regression test", False), ("Update changelog", False)]),
    (7, "Search filters", "doing", ("feature",), "ben", (2026, 12, 8),
     [("Filter model", True), ("Filter chips", True), ("Query params", True),
      ("Empty state", False)]),
    (8, "API rate limits", "doing", ("feature", "docs"), "dev", (2026, 12, 1),
     [("Pick limits", True), ("Document headers", False)]),
    (9, "Invoice PDF layout", "review", ("bug", "design"), "chloe", (2026, 12, 2),
     [("Page margins", True), ("Logo size", True), ("Totals table", True), ("Footer", True)]),
    (10, "Sign-up form validation", "done", ("bug",), "ben", (2026, 11, 25),
     [("Email rule", True), ("Password rule", True), ("Error texts", True)]),
    (11, "Release notes", "done", ("docs",), "ana", (2026, 11, 28),
     [("Draft", True), ("Proofread", True)]),
)
# newest first: (card title, from, to)
SEED_ACTIVITY = (("Invoice PDF layout", "doing", "review"), ("Release notes", "review", "done"))


def date_text(date: tuple[int, int, int]) -> str:
    year, month, day = date
    return f"{MONTHS[month - 1]} {day}, {year}"


@dataclass
class Board:
    cards: dict[int, Card] = field(default_factory=dict)
    order: dict[str, list[int]] = field(default_factory=dict)
    activity: list[tuple[str, str, str]] = field(default_factory=list)
    labels: set[str] = field(default_factory=set)
    assignee: str = "anyone"

    def __post_init__(self) -> None:
        self.order = {key: [] for key in COLUMNS}
        for number, title, column, labels, assignee, due, items in SEED:
            self.cards[number] = Card(number, title, labels, assignee, due,
                                      [[text, checked] for text, checked in items], column)
            self.order[column].append(number)
        self.activity = list(SEED_ACTIVITY)

    # -- rules ----------------------------------------------------------------------------------

    def overdue(self, number: int) -> bool:
        card = self.cards[number]
        return card.due < TODAY and card.column != "done"

    def progress(self, number: int) -> str | None:
        items = self.cards[number].items
        return f"{sum(checked for _, checked in items)}/{len(items)}" if items else None

    def count(self, column: str) -> str:
        limit = COLUMNS[column][1]
        n = len(self.order[column])
        return str(n) if limit is None else f"{n}/{limit}"

    def at_limit(self, column: str) -> bool:
        limit = COLUMNS[column][1]
        return limit is not None and len(self.order[column]) >= limit

    def toggle(self, number: int, n: int) -> str:
        item = self.cards[number].items[n - 1]
        item[1] = not item[1]
        return self.item_text(number, n)

    def item_text(self, number: int, n: int) -> str:
        text, checked = self.cards[number].items[n - 1]
        return f"{'[x]' if checked else '[ ]'} {text}"

    def question(self, number: int) -> str | None:
        """The question before a move to Done, or None when the move needs none."""
        items = self.cards[number].items
        still_open = sum(not checked for _, checked in items)
        if not still_open:
            return None
        return f"{still_open} of {len(items)} checklist items are still open. Move to Done anyway?"

    def move(self, number: int, target: str, confirmed: bool = True) -> str | None:
        """Moves a card; returns the refusal message, or None when the move was made."""
        card = self.cards[number]
        name, limit = COLUMNS[target]
        if limit is not None and len(self.order[target]) >= limit:
            return f"Limit reached: {name} holds at most {limit} cards"
        if target == "done" and self.question(number) and not confirmed:
            return "cancelled"
        self.order[card.column].remove(number)
        self.activity.insert(0, (card.title, card.column, target))
        card.column = target
        self.order[target].append(number)
        return None

    # -- filters --------------------------------------------------------------------------------

    def shown(self, number: int) -> bool:
        card = self.cards[number]
        if self.labels and not self.labels & set(card.labels):
            return False
        if self.assignee == "anyone":
            return True
        if self.assignee == "unassigned":
            return card.assignee is None
        return card.assignee == self.assignee

    def summary(self) -> str:
        return f"Showing {sum(self.shown(n) for n in self.cards)} of {len(self.cards)} cards"

    def board_order(self) -> list[int]:
        return [n for column in COLUMNS for n in self.order[column] if self.shown(n)]

    def titles(self) -> str:
        """The board top to bottom: each column's name followed by the titles it shows."""
        out = []
        for column, (name, _) in COLUMNS.items():
            out.append(name)
            out += [self.cards[n].title for n in self.order[column] if self.shown(n)]
        return " | ".join(out)

    def ids(self) -> str:
        return " | ".join(f"card-{n}" for n in self.board_order())

    def empty(self, column: str) -> str:
        if not self.order[column]:
            return "No cards"
        return "No matching cards" if not any(self.shown(n) for n in self.order[column]) else ""

    def log(self) -> dict[str, str]:
        out = {"count": f"Moves today: {len(self.activity)}"}
        for i, (title, source, target) in enumerate(self.activity, 1):
            out[str(i)] = f"{title} | {COLUMNS[source][0]} | {COLUMNS[target][0]}"
        return out

    def counts(self) -> dict[str, str]:
        return {column: self.count(column) for column in COLUMNS}


def labels_text(card: Card) -> str:
    return ", ".join(LABELS[key] for key in LABELS if key in card.labels) or "No labels"


def derive() -> dict[str, str]:
    out: dict[str, str] = {}

    def put(prefix: str, values: dict[str, str]) -> None:
        for name, value in values.items():
            out[f"{prefix}.{name}"] = value

    # Stage 1: the seed board and a card's detail.
    board = Board()
    out["s1.today"] = f"Today: {date_text(TODAY)}"
    out["s1.summary"] = board.summary()
    put("s1.count", board.counts())
    out["s1.at-limit"] = " | ".join(c for c in COLUMNS if board.at_limit(c))
    out["s1.board"] = board.titles()
    for number, card in board.cards.items():
        out[f"s1.card{number}.assignee"] = PEOPLE.get(card.assignee or "", "Unassigned")
        out[f"s1.card{number}.progress"] = board.progress(number) or ""
        out[f"s1.card{number}.overdue"] = "Overdue" if board.overdue(number) else ""
    for number in (1, 2, 3, 5, 6, 8, 9):
        out[f"s1.card{number}.labels"] = labels_text(board.cards[number])
    for number in (2, 6, 8):
        out[f"s1.card{number}.due"] = date_text(board.cards[number].due)
    out["s1.card6.detail.progress"] = f"Checklist {board.progress(6)}"
    for n in range(1, 6):
        out[f"s1.card6.item{n}"] = board.item_text(6, n)
    out["s1.card6.toggle3"] = board.toggle(6, 3)
    out["s1.card6.after3"] = f"Checklist {board.progress(6)}"
    out["s1.card6.toggle1"] = board.toggle(6, 1)
    out["s1.card6.after1"] = f"Checklist {board.progress(6)}"
    board.toggle(6, 1)
    out["s1.card6.again1"] = f"Checklist {board.progress(6)}"
    out["s1.card6.board"] = board.progress(6) or ""

    # Stage 2: moves, limits, the question and the activity.
    board = Board()
    out["s2.refuse.doing"] = board.move(4, "doing") or ""
    out["s2.card7.detail.progress"] = f"Checklist {board.progress(7)}"
    board.move(7, "review")
    put("s2.a.count", board.counts())
    out["s2.a.board"] = board.titles()
    board.move(4, "doing")
    put("s2.b.count", board.counts())
    out["s2.b.board"] = board.titles()
    out["s2.refuse.review"] = board.move(6, "review") or ""
    out["s2.question6"] = board.question(6) or ""
    board.move(6, "done", confirmed=False)
    board.move(6, "done")
    out["s2.card6.overdue"] = "Overdue" if board.overdue(6) else ""
    put("s2.c.count", board.counts())
    out["s2.c.board"] = board.titles()
    out["s2.question9"] = board.question(9) or ""
    board.move(9, "done")
    out["s2.d.count.review"] = board.count("review")
    put("s2.log", board.log())

    # Stage 3: filters.
    board = Board()
    board.labels = {"bug"}
    out["s3.bug"] = board.summary()
    out["s3.bug.board"] = board.titles()
    board.labels.add("docs")
    out["s3.bug+docs"] = board.summary()
    board.assignee = "ana"
    out["s3.bug+docs+ana"] = board.summary()
    out["s3.bug+docs+ana.board"] = board.titles()
    out["s3.bug+docs+ana.empty-backlog"] = board.empty("backlog")
    out["s3.bug+docs+ana.empty-review"] = board.empty("review")
    out["s3.refuse.doing"] = board.move(4, "doing") or ""
    board.assignee = "unassigned"
    out["s3.bug+docs+unassigned"] = board.summary()
    board.labels = set()
    out["s3.unassigned"] = board.summary()
    out["s3.unassigned.empty-ready"] = board.empty("ready")
    board.assignee = "anyone"
    out["s3.cleared"] = board.summary()
    board.move(9, "done")
    out["s3.empty-review"] = board.empty("review")
    out["s3.count.review"] = board.count("review")

    # The journey: a sprint day.
    board = Board()
    board.assignee = "dev"
    out["j.dev"] = board.summary()
    out["j.dev.board"] = board.titles()
    board.toggle(8, 2)
    out["j.card8.progress"] = f"Checklist {board.progress(8)}"
    board.move(8, "review")
    out["j.card8.board"] = board.progress(8) or ""
    put("j.a.count", board.counts())
    out["j.refuse.review"] = board.move(5, "review") or ""
    board.move(5, "doing")
    put("j.b.count", board.counts())
    board.labels = {"design"}
    out["j.dev+design"] = board.summary()
    board.labels, board.assignee = set(), "anyone"
    out["j.cleared"] = board.summary()
    board.move(9, "done")
    out["j.c.count.review"] = board.count("review")
    board.move(3, "review")
    out["j.card3.overdue"] = "Overdue" if board.overdue(3) else ""
    out["j.d.count.review"] = board.count("review")
    out["j.question3"] = board.question(3) or ""
    board.move(3, "done", confirmed=False)
    board.toggle(3, 1)
    out["j.card3.progress"] = f"Checklist {board.progress(3)}"
    out["j.question3.after"] = board.question(3) or ""
    board.move(3, "done")
    out["j.card10.overdue.before"] = "Overdue" if board.overdue(10) else ""
    board.move(10, "backlog")
    out["j.card10.overdue.after"] = "Overdue" if board.overdue(10) else ""
    board.move(1, "ready")
    out["j.board"] = board.titles()
    put("j.e.count", board.counts())
    put("j.log", board.log())

    # Component tests.
    board = Board()
    out["c.seed.ids"] = board.ids()
    out["c.seed.assignees"] = " | ".join(
        PEOPLE.get(c.assignee or "", "Unassigned") for c in board.cards.values())
    out["c.card10.progress"] = f"Checklist {board.progress(10)}"
    out["c.card10.toggle2"] = board.toggle(10, 2)
    out["c.card10.item1"] = board.item_text(10, 1)
    out["c.card10.after"] = f"Checklist {board.progress(10)}"
    out["c.card10.board"] = board.progress(10) or ""
    out["c.card10.count.done"] = board.count("done")

    board = Board()
    out["c.card2.question"] = board.question(2) or ""
    board.move(2, "done")
    out["c.card2.last3"] = " | ".join(f"card-{n}" for n in board.board_order()[-3:])
    put("c.card2.count", board.counts())
    put("c.card2.log", board.log())

    board = Board()
    board.move(1, "ready")
    out["c.ready.count"] = board.count("ready")
    out["c.ready.first5"] = " | ".join(f"card-{n}" for n in board.board_order()[:5])
    out["c.ready.refuse"] = board.move(2, "ready") or ""
    board.move(2, "review")
    put("c.ready.count", board.counts())

    board = Board()
    out["c.question6"] = board.question(6) or ""
    out["c.refuse.doing"] = board.move(4, "doing") or ""
    out["c.refuse.log"] = board.log()["count"]

    board = Board()
    board.labels = {"bug"}
    out["c.bug"] = board.summary()
    board.assignee = "ben"
    out["c.bug+ben"] = board.summary()
    board.assignee = "anyone"
    out["c.bug+anyone"] = board.summary()
    out["c.bug+anyone.ids"] = board.ids()

    board = Board()
    board.labels = {"design", "docs", "feature"}
    out["c.three"] = board.summary()
    board.assignee = "chloe"
    out["c.three+chloe"] = board.summary()
    out["c.three+chloe.ids"] = board.ids()
    out["c.three+chloe.empty-ready"] = board.empty("ready")
    out["c.three+chloe.count.ready"] = board.count("ready")

    board = Board()
    board.move(9, "done")
    out["c.empty.review"] = board.empty("review")
    out["c.empty.count.review"] = board.count("review")
    board.labels, board.assignee = {"bug"}, "dev"
    out["c.empty.bug+dev"] = board.summary()
    for column in ("backlog", "review", "done"):
        out[f"c.empty.bug+dev.{column}"] = board.empty(column)
    return out


if __name__ == "__main__":
    print(json.dumps(derive(), indent=1))
