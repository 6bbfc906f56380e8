"""Independent derivation of every computed string the `till` suite asserts.

Standalone (stdlib only, no code shared with the reference app): it models the seed data and
the rules of tasks/till/instruction.md and replays the scenarios of test_till.py and
functional/*.test.tsx, printing each derived string as JSON ({"<name>": "<string>"}).
Run: python3 suites/till/derive.py
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

# class key: (label on screen, rate)
CLASSES: dict[str, tuple[str, Decimal]] = {
    "standard": ("Standard 8.25%", Decimal("0.0825")),
    "reduced": ("Reduced 2.5%", Decimal("0.025")),
    "zero": ("Zero 0%", Decimal("0")),
}

# key: (name, price, class), in the catalogue's order
ITEMS: dict[str, tuple[str, Decimal, str]] = {
    "notebook": ("Notebook", Decimal("4.00"), "standard"),
    "pen": ("Gel Pen", Decimal("2.00"), "standard"),
    "mug": ("Travel Mug", Decimal("14.00"), "standard"),
    "espresso": ("Espresso Machine", Decimal("1249.00"), "standard"),
    "tea": ("Green Tea", Decimal("3.00"), "reduced"),
    "bread": ("Sourdough", Decimal("5.20"), "reduced"),
    "juice": ("Orange Juice", Decimal("2.20"), "reduced"),
    "gift-card": ("Gift Card", Decimal("25.00"), "zero"),
    "stamp": ("Postage Stamp", Decimal("0.73"), "zero"),
}

OPENING_FLOAT = Decimal("200.00")
FIRST_NEW_RECEIPT = 1003
# receipt: (lines as (key, quantity), cash received)
SEED_RECEIPTS: dict[int, tuple[list[tuple[str, int]], Decimal]] = {
    1001: ([("notebook", 2), ("tea", 1)], Decimal("20.00")),
    1002: ([("mug", 1), ("gift-card", 1)], Decimal("50.00")),
}
DENOMINATIONS = [Decimal(d) for d in ("100.00", "50.00", "20.00", "10.00", "5.00", "1.00",
                                      "0.25", "0.10", "0.05", "0.01")]
CASH_PATTERN = re.compile(r"\d+(\.\d{1,2})?")


def money(amount: Decimal) -> str:
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,.2f}"


def cents(amount: Decimal) -> Decimal:
    return amount.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def line_amount(key: str, qty: int) -> Decimal:
    return ITEMS[key][1] * qty


def line_tax(key: str, qty: int) -> Decimal:
    """Once per line, on price x quantity, rounded half up to the cent."""
    return cents(line_amount(key, qty) * CLASSES[ITEMS[key][2]][1])


def line_text(key: str, qty: int) -> str:
    return f"{ITEMS[key][0]} x {qty}"


def change_lines(change: Decimal) -> list[str]:
    out = []
    for denomination in DENOMINATIONS:
        count = int(change // denomination)
        if count:
            out.append(f"{count} x {money(denomination)}")
            change -= count * denomination
    return out


def cash_value(typed: str) -> Decimal | None:
    """A positive number of dollars with at most two decimals, else None."""
    if not CASH_PATTERN.fullmatch(typed) or Decimal(typed) <= 0:
        return None
    return Decimal(typed)


@dataclass
class Receipt:
    number: int
    lines: list[tuple[str, int]]
    cash: Decimal

    @property
    def subtotal(self) -> Decimal:
        return sum((line_amount(k, q) for k, q in self.lines), Decimal(0))

    @property
    def tax(self) -> Decimal:
        return sum((line_tax(k, q) for k, q in self.lines), Decimal(0))

    @property
    def total(self) -> Decimal:
        return self.subtotal + self.tax

    @property
    def change(self) -> Decimal:
        return self.cash - self.total


@dataclass
class Till:
    basket: list[list[Any]] = field(default_factory=list)  # [key, qty], first-added order
    receipts: dict[int, Receipt] = field(default_factory=dict)
    refunded: list[tuple[int, str]] = field(default_factory=list)
    shown: Receipt | None = None

    def __post_init__(self) -> None:
        for number, (lines, cash) in SEED_RECEIPTS.items():
            self.receipts[number] = Receipt(number, lines, cash)

    # The Sell screen.
    def add(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            for line in self.basket:
                if line[0] == key:
                    line[1] += 1
                    break
            else:
                self.basket.append([key, 1])

    def inc(self, key: str, times: int = 1) -> None:
        self.add(key, times)

    def dec(self, key: str) -> None:
        for line in self.basket:
            if line[0] == key:
                line[1] -= 1
                if line[1] == 0:
                    self.basket.remove(line)
                return

    def line(self, key: str) -> dict[str, str]:
        qty = next(q for k, q in self.basket if k == key)
        return {"line": line_text(key, qty), "amount": money(line_amount(key, qty)),
                "tax": f"Tax {money(line_tax(key, qty))}"}

    def totals(self) -> dict[str, str]:
        sale = Receipt(0, [(k, q) for k, q in self.basket], Decimal(0))
        return {"subtotal": f"Subtotal: {money(sale.subtotal)}",
                "tax": f"Tax: {money(sale.tax)}", "total": f"Total: {money(sale.total)}"}

    def order(self) -> list[str]:
        return [line_text(k, q) for k, q in self.basket]

    def take_cash(self, typed: str) -> dict[str, str]:
        if not self.basket:
            return {"error": "The basket is empty"}
        cash = cash_value(typed)
        sale = Receipt(FIRST_NEW_RECEIPT + len(self.receipts) - len(SEED_RECEIPTS),
                       [(k, q) for k, q in self.basket], cash or Decimal(0))
        if cash is None or cash < sale.total:
            return {"error": "Cash received must cover the total"}
        self.receipts[sale.number] = sale
        self.basket, self.shown = [], sale
        out = {"number": f"Receipt #{sale.number}", "subtotal": f"Subtotal: {money(sale.subtotal)}",
               "tax": f"Tax: {money(sale.tax)}", "total": f"Total: {money(sale.total)}",
               "cash": f"Cash: {money(sale.cash)}", "change": f"Change: {money(sale.change)}"}
        for i, (key, qty) in enumerate(sale.lines, 1):
            out[f"line{i}"] = line_text(key, qty)
            out[f"amount{i}"] = money(line_amount(key, qty))
        pieces = change_lines(sale.change)
        for i, piece in enumerate(pieces, 1):
            out[f"change-{i}"] = piece
        if not pieces:
            out["change-none"] = "No change due"
        return out

    def new_sale(self) -> None:
        self.basket, self.shown = [], None

    # The Refund screen.
    def find(self, typed: str) -> dict[str, str]:
        receipt = self.receipts.get(int(typed))
        if receipt is None:
            return {"error": f"No receipt #{typed}"}
        out = {"receipt": f"Receipt #{receipt.number}"}
        for key, qty in receipt.lines:
            out[f"line.{key}"] = line_text(key, qty)
            out[f"amount.{key}"] = money(line_amount(key, qty) + line_tax(key, qty))
            out[f"action.{key}"] = "Refunded" if (receipt.number, key) in self.refunded else "Refund"
        return out

    def refund(self, number: int, key: str) -> str:
        qty = dict(self.receipts[number].lines)[key]
        assert (number, key) not in self.refunded
        self.refunded.append((number, key))
        return f"Refunded {money(line_amount(key, qty) + line_tax(key, qty))} in cash"

    # The End of day report.
    def report(self) -> dict[str, str]:
        receipts = list(self.receipts.values())
        gross = sum((r.total for r in receipts), Decimal(0))
        refunds = Decimal(0)
        tax = {c: Decimal(0) for c in CLASSES}
        for r in receipts:
            for key, qty in r.lines:
                tax[ITEMS[key][2]] += line_tax(key, qty)
        for number, key in self.refunded:
            qty = dict(self.receipts[number].lines)[key]
            refunds += line_amount(key, qty) + line_tax(key, qty)
            tax[ITEMS[key][2]] -= line_tax(key, qty)
        cash_in = sum((r.cash for r in receipts), Decimal(0))
        change_out = sum((r.change for r in receipts), Decimal(0))
        out = {
            "receipts": f"Receipts: {len(receipts)}",
            "gross": f"Gross sales: {money(gross)}",
            "refunds": f"Refunds: {money(refunds)}",
            "net": f"Net sales: {money(gross - refunds)}",
            "tax": f"Tax collected: {money(sum(tax.values(), Decimal(0)))}",
            "float": f"Opening float: {money(OPENING_FLOAT)}",
            "drawer": f"Cash in drawer: {money(OPENING_FLOAT + cash_in - change_out - refunds)}",
        }
        for c, (label, _) in CLASSES.items():
            out[f"tax-{c}"] = f"{label}: {money(tax[c])}"
        assert out["drawer"] == f"Cash in drawer: {money(OPENING_FLOAT + gross - refunds)}"
        return out


CHANGE_LINES = tuple(f"change-{i}" for i in range(1, len(DENOMINATIONS) + 1))
RECEIPT_SHOWN = ("number", "line1", "total", "cash", "change", *CHANGE_LINES)


def derive() -> dict[str, str]:
    out: dict[str, str] = {}

    def put(prefix: str, values: dict[str, str] | list[str], *names: str) -> None:
        """The values the suite asserts: all of them, or only `names`."""
        if isinstance(values, list):
            values = {str(i): v for i, v in enumerate(values, 1)}
        for name, value in values.items():
            if not names or name in names:
                out[f"{prefix}.{name}"] = value

    # Stage 1: catalogue and basket.
    till = Till()
    put("s1.empty", till.totals())
    for key in ("espresso", "stamp"):
        out[f"s1.price.{key}"] = money(ITEMS[key][1])
    for key in ("juice", "gift-card"):
        out[f"s1.class.{key}"] = CLASSES[ITEMS[key][2]][0]
    till.add("pen")
    till.inc("pen", 2)
    put("s1.pen", till.line("pen"))
    till.add("tea", 2)
    put("s1.tea2", till.line("tea"))
    till.inc("tea")
    put("s1.tea3", till.line("tea"))
    till.add("juice")
    put("s1.juice", till.line("juice"), "line", "tax")
    till.dec("juice")
    till.add("mug")
    put("s1.mug", till.line("mug"), "tax")
    put("s1.order", till.order())
    put("s1", till.totals())

    # Stage 2: cash tender and change.
    till = Till()
    out["s2.empty"] = till.take_cash("")["error"]
    till.add("espresso")
    put("s2.espresso", till.line("espresso"))
    put("s2", till.totals(), "total")
    out["s2.short"] = till.take_cash("1352")["error"]
    put("s2.receipt", till.take_cash("1400"), *RECEIPT_SHOWN)
    till.new_sale()
    put("s2.new", till.totals())

    # Stage 3: refunds and the report.
    till = Till()
    put("s3.seed", till.report())
    put("s3.find1099", till.find("1099"))
    put("s3.find1002", till.find("1002"), "receipt", "line.mug", "amount.mug",
        "amount.gift-card")
    out["s3.refund.mug"] = till.refund(1002, "mug")
    put("s3.after", till.report())
    put("s3.again1002", till.find("1002"), "action.mug", "action.gift-card")

    # The journey: a trading day.
    till = Till()
    till.add("bread")
    till.inc("bread")
    till.add("pen")
    till.add("gift-card")
    put("j.a.bread", till.line("bread"), "amount", "tax")
    put("j.a.pen", till.line("pen"), "tax")
    put("j.a.gift-card", till.line("gift-card"), "tax")
    put("j.a", till.totals())
    put("j.sale1", till.take_cash("40"), "number", "change", *CHANGE_LINES)
    till.new_sale()
    till.add("juice")
    till.inc("juice", 2)
    till.add("mug")
    put("j.b.juice", till.line("juice"), "line", "tax")
    put("j.b", till.totals(), "total")
    put("j.sale2", till.take_cash("21.93"), "number", "change", "change-none")
    till.new_sale()
    put("j.find1003", till.find("1003"), "receipt", "amount.pen")
    out["j.refund.pen"] = till.refund(1003, "pen")
    put("j.find1001", till.find("1001"), "amount.tea")
    out["j.refund.tea"] = till.refund(1001, "tea")
    put("j.report", till.report())

    # Component tests: sale.test.tsx.
    till = Till()
    till.add("espresso")
    till.inc("espresso")
    put("c.large.espresso2", till.line("espresso"))
    till.add("mug")
    till.inc("mug", 2)
    put("c.large.mug", till.line("mug"))
    till.add("stamp")
    put("c.large.stamp", till.line("stamp"), "amount", "tax")
    put("c.large.a", till.totals())
    till.dec("espresso")
    put("c.large.espresso1", till.line("espresso"))
    put("c.large.b", till.totals())

    till = Till()
    till.add("tea")
    till.add("pen")
    till.add("tea")
    put("c.readd.order", till.order())
    put("c.readd.tea2", till.line("tea"))
    put("c.readd.pen", till.line("pen"), "line", "tax")
    put("c.readd.a", till.totals())
    till.dec("tea")
    put("c.readd.tea1", till.line("tea"), "line", "tax")
    till.dec("tea")
    put("c.readd.b", till.totals(), "total")
    till.dec("pen")
    put("c.readd.empty", till.totals())
    out["c.readd.tender"] = till.take_cash("")["error"]

    till = Till()
    till.add("pen")
    put("c.tenths.basket", till.totals(), "total")
    put("c.tenths", till.take_cash("2.5"), "number", "cash", "change", *CHANGE_LINES)

    till = Till()
    till.add("pen")
    for typed in ("abc", "2.345", "", "2.16"):
        out[f"c.invalid.{typed or 'empty'}"] = till.take_cash(typed)["error"]
    put("c.invalid.exact", till.take_cash("2.17"), "number", "change", "change-none")
    till.new_sale()
    put("c.invalid.new", till.totals())
    till.add("stamp")
    put("c.invalid.stamp", till.take_cash("5"), "number", "cash", "change", *CHANGE_LINES)

    till = Till()
    till.add("stamp")
    put("c.notes.basket", till.totals(), "total")
    put("c.notes", till.take_cash("189.61"), "cash", "change", *CHANGE_LINES)

    till = Till()
    till.add("stamp")
    put("c.thousands", till.take_cash("12345.67"), "cash", "change", *CHANGE_LINES)
    put("c.thousands.report", till.report(), "receipts", "gross", "net", "drawer")

    till = Till()
    till.add("bread")
    till.inc("bread", 2)
    till.add("juice")
    till.inc("juice")
    till.add("pen")
    put("c.receipt.basket", till.totals(), "total")
    put("c.receipt", till.take_cash("30"))

    # Component tests: close.test.tsx.
    till = Till()
    put("c.two-units.find", till.find("1001"))
    out["c.two-units.refund.notebook"] = till.refund(1001, "notebook")
    put("c.two-units.find.after", till.find("1001"), "action.notebook", "action.tea")
    put("c.two-units.report1", till.report())
    out["c.two-units.refund.tea"] = till.refund(1001, "tea")
    put("c.two-units.report2", till.report())

    till = Till()
    out["c.zero.refund.gift-card"] = till.refund(1002, "gift-card")
    put("c.zero.report1", till.report())
    put("c.zero.find", till.find("1002"), "action.gift-card", "action.mug")
    out["c.zero.refund.mug"] = till.refund(1002, "mug")
    put("c.zero.report2", till.report())

    till = Till()
    put("c.found.before", till.find("1003"))
    till.add("espresso")
    till.inc("espresso")
    put("c.found.basket", till.totals(), "total")
    put("c.found.sale", till.take_cash("3000"), "number", "change")
    put("c.found.find", till.find("1003"), "receipt", "line.espresso",
        "amount.espresso")
    out["c.found.refund"] = till.refund(1003, "espresso")
    put("c.found.report", till.report())

    till = Till()
    till.add("notebook")
    till.add("juice")
    till.inc("juice", 2)
    till.add("bread")
    till.add("stamp")
    put("c.classes.basket", till.totals(), "tax", "total")
    put("c.classes.sale", till.take_cash("20"), "change")
    put("c.classes.report1", till.report())
    put("c.classes.find", till.find("1003"), "amount.juice")
    out["c.classes.refund"] = till.refund(1003, "juice")
    put("c.classes.report2", till.report())
    return out


if __name__ == "__main__":
    print(json.dumps(derive(), indent=1))
