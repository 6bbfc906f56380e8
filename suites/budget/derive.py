"""Independent derivation of every computed string the `budget` suite asserts.

Standalone and stdlib-only: it models the public seed data and rules of
tasks/budget/instruction.md and its steps (it shares no code with the reference app), replays
the device tests' and the component tests' scenarios, and prints one JSON object mapping a
name to the exact full string the suite expects. `python3 suites/budget/derive.py`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date

ACCOUNTS = {"checking": ("Checking", "1,250.00"), "savings": ("Savings", "8,000.00"),
            "credit-card": ("Credit Card", "-320.50")}
CATEGORIES = {"housing": ("Housing", "1,500.00"), "groceries": ("Groceries", "400.00"),
              "dining": ("Dining", "120.00"), "transport": ("Transport", "100.00"),
              "utilities": ("Utilities", "150.00"), "income": ("Income", None)}
EXPENSE_CATEGORIES = [key for key, (_, budget) in CATEGORIES.items() if budget is not None]

# id, date, payee, category, account, signed amount
SEED = (
    ("t1", "2026-11-01", "Paycheck", "income", "checking", "+3,200.00"),
    ("t2", "2026-11-02", "Rent", "housing", "checking", "-1,450.00"),
    ("t3", "2026-11-03", "Green Grocer", "groceries", "credit-card", "-84.20"),
    ("t4", "2026-11-03", "Metro Pass", "transport", "checking", "-33.00"),
    ("t5", "2026-11-05", "Pizza Night", "dining", "credit-card", "-42.75"),
    ("t6", "2026-11-05", "Corner Market", "groceries", "checking", "-61.30"),
    ("t7", "2026-11-07", "Sushi Bar", "dining", "credit-card", "-96.40"),
    ("t8", "2026-11-08", "Power & Light", "utilities", "checking", "-118.65"),
    ("t9", "2026-11-09", "Interest", "income", "savings", "+12.34"),
    ("t10", "2026-11-10", "Bakery Loft", "groceries", "credit-card", "-18.90"),
)
CLOSING = "2026-11-30"  # the date of every new transaction
TYPED = re.compile(r"^\d+(\.\d{1,2})?$|^\.\d{1,2}$")


def cents(text: str) -> int:
    """A seed table amount (`-1,450.00`, `+12.34`) in cents."""
    sign = -1 if text.startswith("-") else 1
    whole, frac = text.lstrip("+-").replace(",", "").split(".")
    return sign * (int(whole) * 100 + int(frac))


def typed_cents(text: str) -> int | None:
    """A typed positive amount (`45`, `45.5`, `45.00`) in cents, None when not valid."""
    text = text.strip()
    if not TYPED.match(text):
        return None
    whole, _, frac = text.partition(".")
    amount = int(whole or "0") * 100 + int(frac.ljust(2, "0") or "0")
    return amount if amount > 0 else None


def money(amount: int) -> str:
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    return f"{sign}${amount // 100:,}.{amount % 100:02d}"


def header(iso: str) -> str:
    day = date.fromisoformat(iso)
    return f"{day.strftime('%b')} {day.day}, {day.year}"


FORM_ERROR = "Enter a payee and an amount greater than $0.00"


@dataclass
class Budget:
    # id -> [date, payee, category, account, signed cents]; dict order is the order added
    txns: dict[str, list] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for tid, day, payee, category, account, amount in SEED:
            self.txns[tid] = [day, payee, category, account, cents(amount)]

    def add(self, payee: str, amount: str, category: str = "housing",
            account: str = "checking") -> str:
        """Save on the New transaction form: the new id, or the form's error."""
        value = typed_cents(amount)
        if payee.strip() == "" or value is None:
            return FORM_ERROR
        tid = f"t{len(self.txns) + 1}"
        self.txns[tid] = [CLOSING, payee, category, account, -value]
        return tid

    def prefill(self, tid: str) -> str:
        return f"{abs(self.txns[tid][4]) // 100}.{abs(self.txns[tid][4]) % 100:02d}"

    def edit(self, tid: str, amount: str) -> str | None:
        """Save on the Edit transaction form: None, or the form's error. The sign is kept."""
        value = typed_cents(amount)
        if value is None:
            return FORM_ERROR
        sign = -1 if self.txns[tid][4] < 0 else 1
        self.txns[tid][4] = sign * value
        return None

    def amount_text(self, tid: str) -> str:
        value = self.txns[tid][4]
        return money(value) if value < 0 else f"+{money(value)}"

    def balance(self, account: str) -> int:
        return cents(ACCOUNTS[account][1]) + sum(t[4] for t in self.txns.values() if t[3] == account)

    def balance_text(self, account: str) -> str:
        return money(self.balance(account))

    def net_worth(self) -> str:
        return f"Net worth: {money(sum(self.balance(a) for a in ACCOUNTS))}"

    def spent(self, category: str) -> int:
        return -sum(t[4] for t in self.txns.values() if t[2] == category and t[4] < 0)

    def budget(self, category: str) -> int:
        return cents(CATEGORIES[category][1] or "0.00")

    def category_text(self, category: str) -> str:
        name = CATEGORIES[category][0]
        return f"{name}: {money(self.spent(category))} of {money(self.budget(category))}"

    def over(self, category: str) -> str | None:
        by = self.spent(category) - self.budget(category)
        return f"Over by {money(by)}" if by > 0 else None

    def over_count(self) -> str:
        n = sum(1 for c in EXPENSE_CATEGORIES if self.over(c))
        if n == 0:
            return "No categories over budget"
        return "1 category over budget" if n == 1 else f"{n} categories over budget"

    def total(self) -> str:
        spent = sum(self.spent(c) for c in EXPENSE_CATEGORIES)
        budgets = sum(self.budget(c) for c in EXPENSE_CATEGORIES)
        return f"Total: {money(spent)} of {money(budgets)}"

    def listing(self) -> list[str]:
        """The Transactions screen top to bottom: date headers, each followed by its payees."""
        order = list(self.txns)
        out: list[str] = []
        for day in sorted({t[0] for t in self.txns.values()}, reverse=True):
            out.append(header(day))
            in_group = [tid for tid in order if self.txns[tid][0] == day]
            out.extend(self.txns[tid][1] for tid in reversed(in_group))
        return out

    def payee_ids(self) -> list[str]:
        order = list(self.txns)
        out = []
        for day in sorted({t[0] for t in self.txns.values()}, reverse=True):
            out.extend(f"txn-payee-{tid}" for tid in reversed([i for i in order
                                                               if self.txns[i][0] == day]))
        return out


def derive() -> dict[str, str]:
    out: dict[str, str] = {}

    def accounts(prefix: str, budget: Budget, keys: str = "checking savings credit-card") -> None:
        for key in keys.split():
            out[f"{prefix}.balance.{key}"] = budget.balance_text(key)
        out[f"{prefix}.net-worth"] = budget.net_worth()

    def categories(prefix: str, budget: Budget, keys: str = "", over: str = "",
                   summary: bool = True) -> None:
        for key in keys.split():
            out[f"{prefix}.category.{key}"] = budget.category_text(key)
        for key in over.split():
            out[f"{prefix}.over.{key}"] = budget.over(key) or f"{key} not over"
        if summary:
            out[f"{prefix}.over-count"] = budget.over_count()
            out[f"{prefix}.total"] = budget.total()

    def within(names: list[str], first: str, last: str) -> list[str]:
        return names[names.index(first):names.index(last) + 1]

    # Stage 1: the accounts.
    budget = Budget()
    accounts("s1", budget)

    # Stage 2: the transactions, one new expense.
    headers = [line for line in budget.listing() if re.match(r"^[A-Z][a-z]{2} \d", line)]
    out["s2.headers"] = " | ".join(headers)
    out["s2.amount.t7"] = budget.amount_text("t7")
    out["s2.amount.t1"] = budget.amount_text("t1")
    out["s2.nov5"] = " | ".join(within(budget.listing(), "Corner Market", "Pizza Night"))
    out["s2.error"] = budget.add("", "")
    tid = budget.add("Gym Pass", "45", "transport", "checking")
    listing = budget.listing()
    out["s2.list"] = " | ".join([listing[0], listing[1], listing[2]])
    out["s2.amount.new"] = budget.amount_text(tid)
    out["s2.new.id"] = f"txn-amount-{tid}"
    accounts("s2", budget, "checking")

    # Stage 3: the categories, one edit.
    budget = Budget()
    categories("s3.a", budget, "housing groceries dining transport utilities", "dining")
    out["s3.prefill.t7"] = budget.prefill("t7")
    budget.edit("t7", "66.40")
    out["s3.amount.t7"] = budget.amount_text("t7")
    categories("s3.b", budget, "dining")
    assert budget.over("dining") is None
    accounts("s3.b", budget, "credit-card")

    # The journey: two additions, two edits.
    budget = Budget()
    budget.add("Coffee Cart", "12.50", "dining", "credit-card")
    budget.add("Gym Pass", "45", "transport", "checking")
    listing = budget.listing()
    out["j.list"] = " | ".join(listing[:4])
    categories("j.a", budget, "dining transport", "dining", summary=False)
    out["j.a.over-count"] = budget.over_count()
    out["j.prefill.t5"] = budget.prefill("t5")
    budget.edit("t5", "142.75")
    out["j.prefill.t2"] = budget.prefill("t2")
    budget.edit("t2", "1550")
    categories("j.b", budget, "dining housing", "dining housing")
    accounts("j.b", budget)

    # Component tests: functional/totals.test.tsx.
    budget = Budget()
    budget.add("Bus Card", "67", "transport", "checking")
    categories("c.edge.a", budget, "transport")
    assert budget.over("transport") is None
    budget.add("Toll", "0.01", "transport", "credit-card")
    categories("c.edge.b", budget, "transport", "transport dining")
    accounts("c.edge", budget, "checking credit-card")

    budget = Budget()
    budget.add("Repairs", "50.01", "housing", "checking")
    budget.add("Bulk Buy", "235.61", "groceries", "savings")
    out["c.five.a.over-count"] = budget.over_count()
    budget.add("Taxi", "67.01", "transport", "credit-card")
    budget.add("Water Bill", "31.36", "utilities", "checking")
    categories("c.five.b", budget, " ".join(EXPENSE_CATEGORIES), " ".join(EXPENSE_CATEGORIES))
    accounts("c.five", budget)

    budget = Budget()
    tid = budget.add("Yacht", "1234567.89", "groceries", "savings")
    out["c.million.amount"] = budget.amount_text(tid)
    accounts("c.million", budget, "savings checking")
    categories("c.million", budget, "groceries", "groceries")

    # Component tests: functional/transactions.test.tsx.
    budget = Budget()
    for amount in ("0", "0.00", "-5", "abc", "12.345"):
        assert budget.add("Snack", amount) == FORM_ERROR
    assert budget.add("", "5") == FORM_ERROR
    tid = budget.add("Snack", "0.5")
    out["c.reject.amount"] = budget.amount_text(tid)
    out["c.reject.header"] = header(budget.txns[tid][0])

    budget = Budget()
    tid = budget.add("Key Cutting", "45.5")
    out["c.defaults.amount"] = budget.amount_text(tid)
    accounts("c.defaults", budget)
    categories("c.defaults", budget, "housing", summary=False)
    assert budget.over("housing") is None
    out["c.defaults.total"] = budget.total()

    budget = Budget()
    out["c.income.prefill"] = budget.prefill("t9")
    budget.edit("t9", "100")
    out["c.income.amount"] = budget.amount_text("t9")
    accounts("c.income", budget, "savings")
    categories("c.income", budget)

    budget = Budget()
    out["c.twice.prefill.a"] = budget.prefill("t10")
    assert budget.edit("t10", "0") == FORM_ERROR
    assert budget.edit("t10", "12.345") == FORM_ERROR
    out["c.twice.cancelled"] = budget.amount_text("t10")
    budget.edit("t10", "50")
    out["c.twice.prefill.b"] = budget.prefill("t10")
    budget.edit("t10", "60.10")
    out["c.twice.amount"] = budget.amount_text("t10")
    accounts("c.twice", budget, "credit-card")
    categories("c.twice", budget, "groceries")
    assert budget.over("groceries") is None

    budget = Budget()
    for payee, amount in (("First Stop", "1"), ("Second Stop", "2"), ("Third Stop", "3")):
        budget.add(payee, amount)
    out["c.stack.prefill"] = budget.prefill("t11")
    budget.edit("t11", "10")
    out["c.stack.amount"] = budget.amount_text("t11")
    out["c.stack.order"] = " | ".join(budget.payee_ids()[:5])
    headers = [line for line in budget.listing() if re.match(r"^[A-Z][a-z]{2} \d", line)]
    out["c.stack.headers"] = " | ".join(headers[:3])
    return out


if __name__ == "__main__":
    print(json.dumps(derive(), indent=1))
