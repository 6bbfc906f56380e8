"""Independent derivation of every computed string the `split` suite asserts.

Standalone and stdlib-only: it models the public seed data and rules of
tasks/split/instruction.md and its steps (it shares no code with the reference app), replays
the device tests' and the component tests' scenarios, and prints one JSON object mapping a
name to the exact full string the suite expects. `python3 suites/split/derive.py`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

MEMBERS = ("ana", "ben", "cleo", "dev")  # the member order
NAMES = {"ana": "Ana", "ben": "Ben", "cleo": "Cleo", "dev": "Dev"}
ALL = MEMBERS

# id, description, payer, amount, split: ("equal", participants) or ("exact", {member: amount})
SEED = (
    ("e1", "Cabin rental", "ana", "480.00", ("equal", ALL)),
    ("e2", "Groceries", "ben", "187.45", ("equal", ALL)),
    ("e3", "Fuel", "cleo", "64.00", ("equal", ("ana", "cleo", "dev"))),
    ("e4", "Kayak hire", "dev", "95.00", ("exact", {"ben": "40.00", "cleo": "25.00", "dev": "30.00"})),
    ("e5", "Boat tour", "cleo", "263.30", ("equal", ALL)),
)

TYPED = re.compile(r"^(\d*)(?:\.(\d{0,2}))?$")


def cents(typed: str) -> int | None:
    """A typed amount of dollars (`45`, `45.5`, `45.00`) in cents; None unless well-formed."""
    match = TYPED.match(typed.strip())
    if not match or (match.group(1) == "" and not match.group(2)):
        return None
    return int(match.group(1) or "0") * 100 + int((match.group(2) or "").ljust(2, "0"))


def money(amount: int) -> str:
    return f"${amount // 100:,}.{amount % 100:02d}"


def equal_shares(amount: int, participants: tuple[str, ...] | list[str]) -> dict[str, int]:
    """Rounded down to the cent; leftover cents one each to the first in member order."""
    ordered = [m for m in MEMBERS if m in participants]
    base, left = divmod(amount, len(ordered))
    return {m: base + (1 if i < left else 0) for i, m in enumerate(ordered)}


def shares_of(split: tuple, amount: int) -> dict[str, int]:
    kind, how = split
    if kind == "equal":
        return equal_shares(amount, how)
    given = {m: cents(how.get(m, "") or "0") or 0 for m in MEMBERS}
    return {m: c for m, c in given.items() if c > 0}


def count(n: int) -> str:
    return "No transfers needed" if n == 0 else "1 transfer" if n == 1 else f"{n} transfers"


@dataclass
class Trip:
    expenses: list[tuple[str, str, str, int, tuple]] = field(default_factory=list)
    payments: list[tuple[str, str, str, int]] = field(default_factory=list)
    order: list[str] = field(default_factory=list)  # ids in the order they were added

    def __post_init__(self) -> None:
        for eid, title, payer, amount, split in SEED:
            self.expenses.append((eid, title, payer, cents(amount) or 0, split))
            self.order.append(eid)

    def add(self, title: str, amount: str, payer: str, split: tuple) -> str:
        eid = f"e{len(self.expenses) + 1}"
        self.expenses.append((eid, title, payer, cents(amount) or 0, split))
        self.order.append(eid)
        return eid

    def form_error(self, title: str, amount: str, mode: str, on: tuple[str, ...],
                   exact: dict[str, str]) -> str | None:
        """The first message that applies to the New expense form, or None."""
        total = cents(amount)
        if title.strip() == "" or total is None or total <= 0:
            return "Enter a description and an amount greater than $0.00"
        if mode == "equal":
            return "Choose at least one member to split with" if not on else None
        typed = [exact.get(m, "").strip() for m in MEMBERS]
        if any(t != "" and cents(t) is None for t in typed):
            return "Enter each share as an amount like 12.50"
        given = sum(cents(t) or 0 for t in typed if t)
        if given != total:
            return f"Exact shares add up to {money(given)}, not {money(total)}"
        return None

    def expense(self, eid: str) -> tuple[str, str, str, int, tuple]:
        return next(e for e in self.expenses if e[0] == eid)

    def paid_text(self, eid: str) -> str:
        _, _, payer, amount, _ = self.expense(eid)
        return f"{NAMES[payer]} paid {money(amount)}"

    def split_text(self, eid: str) -> str:
        _, _, _, amount, split = self.expense(eid)
        if split[0] == "exact":
            return "Split by exact amounts"
        return f"Split equally among {len(shares_of(split, amount))}"

    def share_text(self, eid: str, member: str) -> str | None:
        _, _, _, amount, split = self.expense(eid)
        share = shares_of(split, amount).get(member)
        return None if share is None else f"{NAMES[member]}: {money(share)}"

    def paid(self, member: str) -> int:
        return sum(e[3] for e in self.expenses if e[2] == member)

    def share(self, member: str) -> int:
        return sum(shares_of(e[4], e[3]).get(member, 0) for e in self.expenses)

    def balance(self, member: str) -> int:
        made = sum(p[3] for p in self.payments if p[1] == member)
        received = sum(p[3] for p in self.payments if p[2] == member)
        return self.paid(member) - self.share(member) + made - received

    def balance_text(self, member: str) -> str:
        b = self.balance(member)
        if b > 0:
            return f"{NAMES[member]} gets back {money(b)}"
        if b < 0:
            return f"{NAMES[member]} owes {money(-b)}"
        return f"{NAMES[member]} is settled up"

    def totals_text(self, member: str) -> str:
        return f"Paid {money(self.paid(member))}, share {money(self.share(member))}"

    def total_spent(self) -> str:
        return f"Total spent: {money(sum(e[3] for e in self.expenses))}"

    def plan(self) -> list[tuple[str, str, int]]:
        left = {m: self.balance(m) for m in MEMBERS}
        out = []
        while True:
            debtors = [m for m in MEMBERS if left[m] < 0]
            creditors = [m for m in MEMBERS if left[m] > 0]
            if not debtors or not creditors:
                return out
            # max() keeps the first of equals, and the lists are in member order.
            debtor = max(debtors, key=lambda m: -left[m])
            creditor = max(creditors, key=lambda m: left[m])
            amount = min(-left[debtor], left[creditor])
            out.append((debtor, creditor, amount))
            left[debtor] += amount
            left[creditor] -= amount

    def plan_texts(self) -> list[str]:
        return [f"{NAMES[a]} pays {NAMES[b]} {money(c)}" for a, b, c in self.plan()]

    def record(self, n: int) -> str:
        payer, receiver, amount = self.plan()[n - 1]
        pid = f"p{len(self.payments) + 1}"
        self.payments.append((pid, payer, receiver, amount))
        self.order.append(pid)
        return pid

    def payment_text(self, pid: str) -> str:
        _, payer, receiver, amount = next(p for p in self.payments if p[0] == pid)
        return f"{NAMES[payer]} paid {NAMES[receiver]} {money(amount)}"

    def newest_first(self) -> list[str]:
        """The Expenses list: descriptions of expenses and texts of payments, newest first."""
        out = []
        for entry in reversed(self.order):
            if entry.startswith("p"):
                out.append(self.payment_text(entry))
            else:
                out.append(self.expense(entry)[1])
        return out


def derive() -> dict[str, str]:
    out: dict[str, str] = {}

    def balances(prefix: str, trip: Trip, members: str = "ana ben cleo dev",
                 totals: str = "") -> None:
        for m in members.split():
            out[f"{prefix}.balance.{m}"] = trip.balance_text(m)
        for m in totals.split():
            out[f"{prefix}.totals.{m}"] = trip.totals_text(m)

    def plan(prefix: str, trip: Trip, rows: int | None = None) -> None:
        texts = trip.plan_texts()
        out[f"{prefix}.count"] = count(len(texts))
        for n, text in enumerate(texts[:rows], 1):
            out[f"{prefix}.transfer{n}"] = text

    def details(prefix: str, trip: Trip, eid: str, members: str, paid: bool = False) -> None:
        out[f"{prefix}.split"] = trip.split_text(eid)
        if paid:
            out[f"{prefix}.paid"] = trip.paid_text(eid)
        for m in members.split():
            out[f"{prefix}.share.{m}"] = trip.share_text(eid, m) or f"no share for {m}"

    # Stage 1: the seed expenses and their shares.
    trip = Trip()
    out["s1.total"] = trip.total_spent()
    out["s1.list"] = " | ".join(trip.newest_first())
    out["s1.e2.row"] = trip.paid_text("e2")
    details("s1.e2", trip, "e2", "ana ben dev")
    details("s1.e3", trip, "e3", "ana cleo")
    assert trip.share_text("e3", "ben") is None
    details("s1.e4", trip, "e4", "cleo")
    assert trip.share_text("e4", "ana") is None
    details("s1.e5", trip, "e5", "ben cleo")

    # Stage 2: balances, two new expenses.
    balances("s2.a", trip, totals="ana")
    out["s2.error.empty"] = trip.form_error("", "", "equal", ALL, {}) or ""
    out["s2.error.nobody"] = trip.form_error("Firewood", "25", "equal", (), {}) or ""
    e6 = trip.add("Firewood", "25", "dev", ("equal", ("ana", "ben", "dev")))
    out["s2.e6.row"] = trip.paid_text(e6)
    details("s2.e6", trip, e6, "ana ben dev")
    assert trip.share_text(e6, "cleo") is None
    ski = {"ana": "30", "ben": "30", "cleo": "20"}
    out["s2.error.sum"] = trip.form_error("Ski lessons", "90", "exact", (), ski) or ""
    ski["dev"] = "10"
    e7 = trip.add("Ski lessons", "90", "cleo", ("exact", ski))
    details("s2.e7", trip, e7, "dev")
    out["s2.total"] = trip.total_spent()
    balances("s2.b", trip, totals="cleo")

    # Stage 3: the seed plan, recorded one transfer at a time.
    trip = Trip()
    plan("s3.a", trip)
    out["s3.p1"] = trip.payment_text(trip.record(1))
    plan("s3.b", trip, rows=1)
    balances("s3.b", trip, "ana dev", totals="dev")
    out["s3.list"] = " | ".join(trip.newest_first()[:2])
    trip.record(1)
    plan("s3.c", trip)
    trip.record(1)
    plan("s3.d", trip)
    balances("s3.d", trip)

    # The journey: two more expenses, then the whole plan recorded from the last transfer.
    trip = Trip()
    lift = trip.add("Lift tickets", "212", "ben",
                    ("exact", {"ana": "70", "cleo": "70", "dev": "72.00"}))
    assert trip.share_text(lift, "ben") is None
    snacks = trip.add("Snacks", "10", "dev", ("equal", ("ben", "cleo", "dev")))
    out["j.list"] = " | ".join(trip.newest_first()[:3])
    out["j.total"] = trip.total_spent()
    details("j.lift", trip, lift, "dev")
    details("j.snacks", trip, snacks, "ben cleo")
    balances("j.a", trip)
    plan("j.a", trip)
    trip.record(3)
    plan("j.b", trip)
    trip.record(1)
    plan("j.c", trip)
    trip.record(1)
    plan("j.d", trip)
    out["j.total.after"] = trip.total_spent()
    out["j.list.after"] = " | ".join(trip.newest_first()[:4])
    balances("j.d", trip, totals="ben")

    # Component tests: functional/expenses.test.tsx.
    trip = Trip()
    # Ana and Cleo switched off and on again: all four take part.
    museum = trip.add("Museum", "100.03", "ben", ("equal", ("cleo", "ana", "ben", "dev")))
    out["c.museum.row"] = trip.paid_text(museum)
    details("c.museum", trip, museum, "ana ben cleo dev")
    out["c.museum.total"] = trip.total_spent()
    balances("c.museum", trip, "ben dev", totals="ben")

    trip = Trip()
    parking = trip.add("Parking", "45.5", "ana", ("equal", ("dev",)))
    out["c.parking.row"] = trip.paid_text(parking)
    details("c.parking", trip, parking, "dev", paid=True)
    assert all(trip.share_text(parking, m) is None for m in ("ana", "ben", "cleo"))
    balances("c.parking", trip, "ana ben dev", totals="ana dev")

    trip = Trip()
    chalet = trip.add("Chalet deposit", "1234567.8", "ben", ("equal", ALL))
    out["c.chalet.total"] = trip.total_spent()
    out["c.chalet.row"] = trip.paid_text(chalet)
    details("c.chalet", trip, chalet, "ana dev", paid=True)
    balances("c.chalet", trip, "ana ben", totals="ben")
    plan("c.chalet", trip)

    trip = Trip()
    out["c.validate.empty"] = trip.form_error("", "90", "equal", (), {}) or ""
    out["c.validate.zero"] = trip.form_error("Ski lessons", "0", "equal", (), {}) or ""
    out["c.validate.nobody"] = trip.form_error("Ski lessons", "90", "equal", (), {}) or ""
    out["c.validate.decimals"] = trip.form_error(
        "Ski lessons", "90", "exact", (), {"ana": "12.345", "ben": "50"}) or ""
    out["c.validate.total"] = trip.total_spent()

    trip = Trip()
    out["c.ski.error"] = trip.form_error(
        "Ski lessons", "90", "exact", (), {"ana": "50", "ben": "60"}) or ""
    ski = {"ana": "12.5", "ben": "77.50"}
    assert trip.form_error("Ski lessons", "90", "exact", (), ski) is None
    e6 = trip.add("Ski lessons", "90", "cleo", ("exact", ski))
    out["c.ski.row"] = trip.paid_text(e6)
    out["c.ski.total"] = trip.total_spent()
    details("c.ski", trip, e6, "ana ben")
    assert trip.share_text(e6, "cleo") is None and trip.share_text(e6, "dev") is None
    balances("c.ski", trip, "ana ben cleo", totals="cleo")

    trip = Trip()
    out["c.taxi.total.cancelled"] = trip.total_spent()
    taxi = trip.add("Taxi", "30", "dev", ("equal", ("ben", "cleo", "dev")))
    out["c.taxi.id"] = f"expense-title-{taxi}"
    out["c.taxi.row"] = trip.paid_text(taxi)
    details("c.taxi", trip, taxi, "ben dev")
    assert trip.share_text(taxi, "ana") is None

    # Component tests: functional/settle.test.tsx.
    trip = Trip()
    trip.add("Ski pass", "103.77", "ana", ("exact", {"ben": "103.77"}))
    balances("c.tie-owe", trip, "ana ben dev")
    plan("c.tie-owe", trip)

    trip = Trip()
    trip.add("Ski pass", "177.67", "cleo", ("exact", {"ben": "177.67"}))
    balances("c.tie-owed", trip, "ana ben cleo")
    plan("c.tie-owed", trip)

    trip = Trip()
    plan("c.middle.a", trip)
    out["c.middle.p1"] = trip.payment_text(trip.record(2))
    plan("c.middle.b", trip)
    balances("c.middle", trip, "ana ben cleo", totals="cleo")
    out["c.middle.total"] = trip.total_spent()

    trip = Trip()
    for _ in range(3):
        trip.record(1)
    plan("c.settled.a", trip)
    dinner = trip.add("Dinner", "40", "ana", ("equal", ALL))
    out["c.settled.rows"] = " | ".join(
        f"payment-{i}" if i.startswith("p") else f"expense-title-{i}" for i in reversed(trip.order))
    out["c.settled.p3"] = trip.payment_text("p3")
    out["c.settled.row"] = trip.paid_text(dinner)
    out["c.settled.total"] = trip.total_spent()
    balances("c.settled", trip, "ana cleo", totals="dev")
    plan("c.settled.b", trip)
    return out


if __name__ == "__main__":
    print(json.dumps(derive(), indent=1))
