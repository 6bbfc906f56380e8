"""Independent derivation of every computed string the `invoicing` suite asserts.

Standalone (stdlib only, no code shared with the reference app): it models the seed data and
the rules of tasks/invoicing/instruction.md and replays the scenarios of test_invoicing.py and
functional/*.test.tsx, printing each derived string as JSON ({"<name>": "<string>"}).
Run: python3 suites/invoicing/derive.py
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

TODAY = date(2026, 3, 16)
TAX_RATE = Decimal("0.075")
FIRST_NEW_NUMBER = 1008
CLIENTS = {"acme": "Acme Studio", "birch": "Birch & Co.", "cobalt": "Cobalt Labs",
           "dune": "Dune Coffee"}
TERMS = {"receipt": ("Due on receipt", 0), "net15": ("Net 15", 15), "net30": ("Net 30", 30)}
AMOUNT = re.compile(r"\d+(\.\d{1,2})?")
QUANTITY = re.compile(r"\d+")

Line = tuple[str, int, Decimal]  # description, quantity, unit price
Discount = tuple[str, Decimal] | None  # ("percent", 10) or ("fixed", 30.00)


def d(text: str) -> Decimal:
    return Decimal(text)


def money(amount: Decimal) -> str:
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,.2f}"


def half_up(amount: Decimal) -> Decimal:
    return amount.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def day(when: date) -> str:
    return f"{when.strftime('%b')} {when.day}, {when.year}"


def percent_text(percent: Decimal) -> str:
    return format(percent.normalize(), "f")


def amount_value(typed: str) -> Decimal | None:
    """A positive number of dollars with at most two decimals (no commas), else None."""
    if not AMOUNT.fullmatch(typed) or Decimal(typed) <= 0:
        return None
    return Decimal(typed)


def quantity_value(typed: str) -> int | None:
    return int(typed) if QUANTITY.fullmatch(typed) and 1 <= int(typed) <= 999 else None


def discount_amount(subtotal: Decimal, discount: Discount) -> Decimal:
    if discount is None:
        return Decimal(0)
    kind, value = discount
    return half_up(subtotal * value / 100) if kind == "percent" else value


def discount_text(discount: Discount, off: Decimal) -> str:
    assert discount is not None
    kind, value = discount
    label = f"Discount ({percent_text(value)}%)" if kind == "percent" else "Discount"
    return f"{label}: -{money(off)}"


def sums(lines: list[Line], discount: Discount) -> dict[str, Decimal]:
    subtotal = sum((qty * price for _, qty, price in lines), Decimal(0))
    off = discount_amount(subtotal, discount)
    tax = half_up((subtotal - off) * TAX_RATE)
    return {"subtotal": subtotal, "discount": off, "tax": tax, "total": subtotal - off + tax}


@dataclass
class Invoice:
    number: int
    client: str
    issued: date
    terms: str
    lines: list[Line]
    discount: Discount = None
    payments: list[tuple[date, Decimal]] = field(default_factory=list)
    sent: bool = True

    @property
    def due(self) -> date:
        return self.issued + timedelta(days=TERMS[self.terms][1])

    @property
    def total(self) -> Decimal:
        return sums(self.lines, self.discount)["total"]

    @property
    def paid(self) -> Decimal:
        return sum((amount for _, amount in self.payments), Decimal(0))

    @property
    def balance(self) -> Decimal:
        return self.total - self.paid

    @property
    def status(self) -> str:
        if not self.sent:
            return "Draft"
        if self.balance == 0:
            return "Paid"
        return "Overdue" if TODAY > self.due else "Sent"

    @property
    def note(self) -> str:
        status = self.status
        if status == "Draft":
            return "Not sent yet"
        if status == "Paid":
            return "Paid in full"
        if status == "Overdue":
            return f"Overdue by {(TODAY - self.due).days} days"
        left = (self.due - TODAY).days
        return "Due today" if left == 0 else f"Due in {left} days"

    def row(self) -> dict[str, str]:
        return {"client": CLIENTS[self.client], "due": f"Due {day(self.due)}",
                "balance": money(self.balance), "status": self.status}

    def detail(self) -> dict[str, str]:
        s = sums(self.lines, self.discount)
        out = {"heading": f"Invoice INV-{self.number}", "client": CLIENTS[self.client],
               "issued": f"Issued {day(self.issued)}", "terms": TERMS[self.terms][0],
               "due": f"Due {day(self.due)}", "status": self.status, "note": self.note,
               "subtotal": f"Subtotal: {money(s['subtotal'])}",
               "tax": f"Tax (7.5%): {money(s['tax'])}", "total": f"Total: {money(s['total'])}",
               "paid": f"Paid: {money(self.paid)}", "balance": f"Balance due: {money(self.balance)}"}
        if self.discount is not None:
            out["discount"] = discount_text(self.discount, s["discount"])
        for i, (desc, qty, price) in enumerate(self.lines, 1):
            out[f"line-desc-{i}"] = desc
            out[f"line-qty-{i}"] = f"{qty} x {money(price)}"
            out[f"line-amount-{i}"] = money(qty * price)
        for i, (when, amount) in enumerate(self.payments, 1):
            out[f"payment-{i}"] = f"{day(when)}: {money(amount)}"
        return out


def seed() -> dict[int, Invoice]:
    invoices = [
        Invoice(1001, "acme", date(2026, 1, 20), "net30", [("Logo design", 1, d("1200.00"))],
                None, [(date(2026, 2, 10), d("1290.00"))]),
        Invoice(1002, "birch", date(2026, 2, 20), "net15",
                [("Website audit", 1, d("850.00")), ("Copy edits", 3, d("45.50"))],
                ("percent", d("10")), [(date(2026, 3, 1), d("400.00"))]),
        Invoice(1003, "cobalt", date(2026, 3, 2), "receipt", [("Server setup", 4, d("95.00"))],
                ("fixed", d("30.00"))),
        Invoice(1004, "dune", date(2026, 3, 1), "net15", [("Menu layout", 2, d("150.00"))],
                ("percent", d("5")), [(date(2026, 3, 5), d("100.00"))]),
        Invoice(1005, "acme", date(2026, 2, 14), "net30",
                [("Brand guide", 1, d("640.00")), ("Icon set", 12, d("18.35"))]),
        Invoice(1006, "birch", date(2026, 3, 10), "net30",
                [("Newsletter template", 1, d("420.00"))], sent=False),
        Invoice(1007, "cobalt", date(2026, 3, 12), "net15",
                [("Monthly support", 1, d("500.00")), ("Extra hours", 3, d("95.00"))],
                ("fixed", d("85.00"))),
    ]
    return {invoice.number: invoice for invoice in invoices}


@dataclass
class Form:
    client: str | None = None
    terms: str = "net30"
    lines: list[list[str]] = field(default_factory=lambda: [["", "", ""]])
    kind: str = "none"
    discount: str = ""

    def type_line(self, i: int, desc: str | None = None, qty: str | None = None,
                  price: str | None = None) -> None:
        line = self.lines[i - 1]
        for index, value in enumerate((desc, qty, price)):
            if value is not None:
                line[index] = value

    def valid_lines(self) -> list[Line]:
        out = []
        for desc, qty, price in self.lines:
            q, p = quantity_value(qty), amount_value(price)
            if q is not None and p is not None:
                out.append((desc, q, p))
        return out

    def line_amount(self, i: int) -> str:
        _, qty, price = self.lines[i - 1]
        q, p = quantity_value(qty), amount_value(price)
        return money(q * p) if q is not None and p is not None else money(Decimal(0))

    def valid_discount(self) -> Discount:
        subtotal = sums(self.valid_lines(), None)["subtotal"]
        if self.kind == "percent":
            if AMOUNT.fullmatch(self.discount) and 0 < Decimal(self.discount) <= 100:
                return ("percent", Decimal(self.discount))
        elif self.kind == "fixed":
            value = amount_value(self.discount)
            if value is not None and value <= subtotal:
                return ("fixed", value)
        return None

    def preview(self) -> dict[str, str]:
        discount = self.valid_discount()
        s = sums(self.valid_lines(), discount)
        out = {"issued": f"Issue date: {day(TODAY)}",
               "due": f"Due {day(TODAY + timedelta(days=TERMS[self.terms][1]))}",
               "subtotal": f"Subtotal: {money(s['subtotal'])}",
               "tax": f"Tax (7.5%): {money(s['tax'])}", "total": f"Total: {money(s['total'])}"}
        if discount is not None:
            out["discount"] = discount_text(discount, s["discount"])
        return out

    def problem(self) -> str | None:
        if self.client is None:
            return "Choose a client"
        for desc, qty, price in self.lines:
            if not desc.strip() or quantity_value(qty) is None or amount_value(price) is None:
                return "Each line needs a description, a quantity and a price"
        if self.kind == "percent" and self.valid_discount() is None:
            return "Percent off must be from 0.01 to 100"
        if self.kind == "fixed" and self.valid_discount() is None:
            return "Amount off must be from $0.01 to the subtotal"
        return None


@dataclass
class Books:
    invoices: dict[int, Invoice] = field(default_factory=seed)
    form: Form = field(default_factory=Form)

    def order(self) -> list[str]:
        listed = sorted(self.invoices.values(), key=lambda inv: (inv.due, inv.number))
        return [f"INV-{inv.number}" for inv in listed]

    def save(self) -> str:
        """The form's first problem, or the heading of the saved draft."""
        problem = self.form.problem()
        if problem:
            return problem
        number = FIRST_NEW_NUMBER + len(self.invoices) - 7
        assert self.form.client is not None
        self.invoices[number] = Invoice(number, self.form.client, TODAY, self.form.terms,
                                        self.form.valid_lines(), self.form.valid_discount(),
                                        sent=False)
        self.form = Form()
        return f"Invoice INV-{number}"

    def send(self, number: int) -> None:
        assert not self.invoices[number].sent
        self.invoices[number].sent = True

    def pay(self, number: int, typed: str) -> str:
        invoice = self.invoices[number]
        amount = amount_value(typed)
        if amount is None:
            return "Enter a payment amount"
        if amount > invoice.balance:
            return f"Payment cannot exceed the balance of {money(invoice.balance)}"
        invoice.payments.append((TODAY, amount))
        return f"Payment of {money(amount)} recorded"

    def clients(self) -> dict[str, str]:
        out = {}
        outstanding = overdue = Decimal(0)
        for key in CLIENTS:
            sent = [inv for inv in self.invoices.values() if inv.client == key and inv.sent]
            owed = sum((inv.balance for inv in sent), Decimal(0))
            late = sum((inv.balance for inv in sent if inv.status == "Overdue"), Decimal(0))
            out[f"{key}.invoiced"] = f"Invoiced: {money(sum((i.total for i in sent), Decimal(0)))}"
            out[f"{key}.paid"] = f"Paid: {money(sum((i.paid for i in sent), Decimal(0)))}"
            out[f"{key}.outstanding"] = f"Outstanding: {money(owed)}"
            out[f"{key}.overdue"] = f"Overdue: {money(late)}"
            outstanding += owed
            overdue += late
        out["total-outstanding"] = f"Total outstanding: {money(outstanding)}"
        out["total-overdue"] = f"Total overdue: {money(overdue)}"
        return out


def derive() -> dict[str, str]:
    out: dict[str, str] = {}

    def put(prefix: str, values: dict[str, str] | list[str], *names: str) -> None:
        """The values the suite asserts: all of them, or only `names`."""
        if isinstance(values, list):
            values = {str(i): v for i, v in enumerate(values, 1)}
        for name, value in values.items():
            if not names or name in names:
                out[f"{prefix}.{name}"] = value

    def client(prefix: str, books: Books, *keys: str) -> None:
        put(prefix, books.clients(), *[f"{k}.{f}" for k in keys
                                       for f in ("invoiced", "paid", "outstanding", "overdue")],
            "total-outstanding", "total-overdue")

    # Stage 1: the list and the open invoices.
    books = Books()
    out["s1.today"] = f"Today: {day(TODAY)}"
    put("s1.order", books.order())
    put("s1.1001", books.invoices[1001].row(), "status", "balance")
    for n in (1003, 1002, 1004, 1005):
        put(f"s1.{n}", books.invoices[n].row(), "status")
    put("s1.1006", books.invoices[1006].row(), "status", "due")
    put("s1.1005", books.invoices[1005].row(), "due")
    put("s1.1004", books.invoices[1004].row(), "client")
    put("s1.1002", books.invoices[1002].row(), "balance")
    put("s1.open1002", books.invoices[1002].detail(), "client", "issued", "terms", "due",
        "status", "note", "line-desc-1", "line-desc-2", "line-qty-2", "line-amount-2", "subtotal",
        "discount", "tax", "total", "paid", "balance", "payment-1")
    put("s1.open1005", books.invoices[1005].detail(), "tax", "total", "note")
    put("s1.open1003", books.invoices[1003].detail(), "terms", "discount", "total",
        "note")
    put("s1.open1007", books.invoices[1007].detail(), "discount", "total", "note")
    put("s1.open1006", books.invoices[1006].detail(), "status", "note")

    # Stage 2: the new invoice form.
    books = Books()
    form = books.form
    put("s2.open", form.preview(), "issued", "due")
    form.terms = "receipt"
    put("s2.receipt", form.preview(), "due")
    form.terms = "net15"
    put("s2.net15", form.preview(), "due")
    out["s2.save.no-client"] = books.save()
    form.client = "birch"
    out["s2.save.empty-line"] = books.save()
    form.type_line(1, "Photo retouching", "3", "33.40")
    out["s2.line1"] = form.line_amount(1)
    form.lines.append(["", "", ""])
    form.type_line(2, "Contact sheet", "1", "12")
    put("s2.two-lines", form.preview(), "subtotal")
    form.kind, form.discount = "percent", "12.5"
    put("s2.percent12.5", form.preview(), "discount", "tax", "total")
    form.kind = "fixed"
    put("s2.fixed12.5", form.preview(), "discount", "tax", "total")
    form.discount = "200"
    put("s2.fixed200", form.preview(), "total")
    assert "discount" not in form.preview()
    out["s2.save.fixed200"] = books.save()
    form.kind, form.discount = "percent", "120"
    out["s2.save.percent120"] = books.save()
    form.discount = "10"
    put("s2.percent10", form.preview(), "discount", "total")
    out["s2.save"] = books.save()
    put("s2.open1008", books.invoices[1008].detail(), "client", "status", "note", "issued", "due",
        "line-desc-1", "line-qty-2", "total")
    put("s2.order", books.order()[-3:])
    put("s2.row1008", books.invoices[1008].row(), "status", "balance")
    books.send(1008)
    put("s2.sent1008", books.invoices[1008].detail(), "status", "note")
    put("s2.reset", books.form.preview(), "due", "subtotal", "total")

    # Stage 3: payments and client totals.
    books = Books()
    client("s3.seed", books, *CLIENTS)
    out["s3.pay.abc"] = books.pay(1002, "abc")
    out["s3.pay.600"] = books.pay(1002, "600")
    put("s3.refused", books.invoices[1002].detail(), "balance")
    out["s3.pay.154.44"] = books.pay(1002, "154.44")
    put("s3.part", books.invoices[1002].detail(), "paid", "balance", "payment-2", "status", "note")
    out["s3.pay.400"] = books.pay(1002, "400")
    put("s3.paid", books.invoices[1002].detail(), "status", "note", "balance")
    put("s3.row1002", books.invoices[1002].row(), "status", "balance")
    books.send(1006)
    put("s3.sent1006", books.invoices[1006].detail(), "status", "note")
    client("s3.after", books, "birch")

    # The journey: billing and collecting.
    books = Books()
    form = books.form
    form.client, form.terms = "dune", "receipt"
    put("j.a", form.preview(), "due")
    form.type_line(1, "Tasting cards", "40", "2.35")
    out["j.a.line1"] = form.line_amount(1)
    form.lines.append(["", "", ""])
    form.type_line(2, "Poster", "2", "48.10")
    out["j.a.line2"] = form.line_amount(2)
    put("j.a", form.preview(), "subtotal")
    form.kind, form.discount = "fixed", "20"
    put("j.a", form.preview(), "discount", "tax", "total")
    out["j.save1"] = books.save()
    put("j.1008", books.invoices[1008].detail(), "terms", "status")
    books.send(1008)
    put("j.sent1008", books.invoices[1008].detail(), "status", "note")
    out["j.pay1008"] = books.pay(1008, "82.97")
    put("j.paid1008", books.invoices[1008].detail(), "balance", "status")
    put("j.order", books.order()[2:7])
    put("j.row1008", books.invoices[1008].row(), "due", "balance")
    books.pay(1003, "376.25")
    put("j.paid1003", books.invoices[1003].detail(), "status", "note", "payment-1")
    put("j.row1003", books.invoices[1003].row(), "status")
    out["j.pay1005.over"] = books.pay(1005, "924.73")
    books.pay(1005, "24.72")
    put("j.part1005", books.invoices[1005].detail(), "balance")
    form = books.form
    form.client, form.terms = "acme", "net15"
    form.type_line(1, "Animation", "1", "1,000")
    out["j.b.comma"] = form.line_amount(1)
    form.type_line(1, price="1000")
    out["j.b.line1"] = form.line_amount(1)
    form.kind, form.discount = "percent", "7.25"
    put("j.b", form.preview(), "discount", "total")
    out["j.save2"] = books.save()
    books.send(1009)
    put("j.sent1009", books.invoices[1009].detail(), "note")
    client("j.clients", books, "acme", "cobalt", "dune")

    # Component tests: invoices.test.tsx.
    books = Books()
    put("c.list.order", books.order())
    for n, names in ((1004, ("due", "client", "balance", "status")),
                     (1005, ("due", "client", "balance", "status")), (1006, ("balance", "status")),
                     (1001, ("status",)), (1002, ("status",)), (1007, ("status",)),
                     (1003, ("status",))):
        put(f"c.list.{n}", books.invoices[n].row(), *names)
    put("c.clock.1007", books.invoices[1007].detail(), "note")
    put("c.clock.1003", books.invoices[1003].detail(), "note")
    put("c.detail.1004", books.invoices[1004].detail(), "client", "issued", "terms", "due",
        "status", "note", "line-desc-1", "line-qty-1", "line-amount-1", "subtotal", "discount",
        "tax", "total", "paid", "balance", "payment-1")
    put("c.detail.1007", books.invoices[1007].detail(), "line-desc-2", "line-qty-2",
        "line-amount-2", "subtotal", "discount", "tax", "total", "paid")
    put("c.detail.1001", books.invoices[1001].detail(), "status", "note", "balance", "payment-1")

    # Component tests: forms.test.tsx.
    books = Books()
    form = books.form
    put("c.live.open", form.preview(), "issued", "due")
    form.terms = "receipt"
    put("c.live.receipt", form.preview(), "due")
    form.terms = "net15"
    put("c.live.net15", form.preview(), "due")
    form.type_line(1, "Photo retouching", "3", "33.40")
    out["c.live.line1"] = form.line_amount(1)
    form.lines.append(["", "", ""])
    form.type_line(2, "Contact sheet", "1", "12")
    put("c.live.two-lines", form.preview(), "subtotal")
    form.kind, form.discount = "fixed", "20"
    put("c.live.fixed20", form.preview(), "discount", "tax", "total")
    form.kind = "percent"
    put("c.live.percent20", form.preview(), "discount", "total")
    form.kind = "none"
    put("c.live.none", form.preview(), "tax", "total")
    assert "discount" not in form.preview()

    books = Books()
    form = books.form
    form.client = "acme"
    form.type_line(1, "Hosting", "0", "5")
    out["c.refused.qty0.line1"] = form.line_amount(1)
    out["c.refused.qty0"] = books.save()
    form.type_line(1, qty="1.5")
    out["c.refused.qty1.5"] = books.save()
    form.type_line(1, qty="2", price="2.345")
    out["c.refused.price.line1"] = form.line_amount(1)
    put("c.refused.price", form.preview(), "subtotal")
    out["c.refused.price.save"] = books.save()
    form.type_line(1, price="2.34")
    out["c.refused.line1"] = form.line_amount(1)
    form.type_line(1, desc="   ")
    out["c.refused.blank"] = books.save()
    form.type_line(1, desc="Hosting")
    out["c.refused.save"] = books.save()
    put("c.refused.1008", books.invoices[1008].detail(), "total")

    books = Books()
    form = books.form
    form.client = "birch"
    form.type_line(1, "Retainer", "1", "250")
    form.kind, form.discount = "percent", "100.01"
    assert "discount" not in form.preview()
    out["c.hundred.save.over"] = books.save()
    form.discount = "100"
    put("c.hundred", form.preview(), "discount", "total")
    out["c.hundred.save"] = books.save()
    put("c.hundred.1008", books.invoices[1008].detail(), "status", "balance")
    books.send(1008)
    put("c.hundred.sent", books.invoices[1008].detail(), "status", "note")

    books = Books()
    form = books.form
    form.client = "cobalt"
    form.type_line(1, "Retainer", "2", "125")
    form.kind, form.discount = "fixed", "250.01"
    assert "discount" not in form.preview()
    put("c.whole.over", form.preview(), "total")
    out["c.whole.save.over"] = books.save()
    form.discount = "250"
    put("c.whole", form.preview(), "discount", "total")
    out["c.whole.save"] = books.save()
    put("c.whole.1008", books.invoices[1008].detail(), "discount", "total")

    books = Books()
    form = books.form
    form.client, form.terms = "cobalt", "receipt"
    form.type_line(1, "Audit", "1", "10")
    form.kind, form.discount = "percent", "10"
    out["c.order.save1"] = books.save()
    put("c.order.1008", books.invoices[1008].detail(), "due", "terms")
    put("c.order.reset", books.form.preview(), "due", "total")
    out["c.order.no-client"] = books.save()
    form = books.form
    form.client, form.terms = "acme", "receipt"
    form.type_line(1, "Call", "1", "80")
    out["c.order.save2"] = books.save()
    put("c.order.list", books.order())
    put("c.order.1008", books.invoices[1008].row(), "status", "balance")

    books = Books()
    out["c.partial.pay1"] = books.pay(1003, "76.25")
    put("c.partial.a", books.invoices[1003].detail(), "paid", "balance", "status", "note")
    books.pay(1003, "200")
    put("c.partial.b", books.invoices[1003].detail(), "balance", "payment-1", "payment-2")
    out["c.partial.pay3"] = books.pay(1003, "100")
    put("c.partial.c", books.invoices[1003].detail(), "status", "note", "balance")
    put("c.partial.row", books.invoices[1003].row(), "status", "balance")
    put("c.partial.clients", books.clients(), "cobalt.paid", "cobalt.outstanding",
        "cobalt.overdue", "total-overdue")

    books = Books()
    out["c.nothing.pay0"] = books.pay(1003, "0")
    out["c.nothing.over"] = books.pay(1003, "376.26")
    put("c.nothing.a", books.invoices[1003].detail(), "paid")
    books.pay(1003, "76.25")
    out["c.nothing.over2"] = books.pay(1003, "300.01")
    put("c.nothing.b", books.invoices[1003].detail(), "balance")

    books = Books()
    put("c.drafts.a", books.clients(), "birch.invoiced", "total-outstanding")
    books.send(1006)
    put("c.drafts.1006", books.invoices[1006].detail(), "status", "note")
    client("c.drafts.b", books, "birch")
    return out


if __name__ == "__main__":
    print(json.dumps(derive(), indent=1))
