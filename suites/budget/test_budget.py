"""Hidden device tests of the `budget` task: one per stage, and the month-close journey.

Every expected string and number follows from tasks/budget/instruction.md and its steps; the
computed ones equal suites/budget/derive.py's independent derivation.

Leak canary rvb-canary-docstring-5b81d2e4: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-c09e63a7): hidden text that tests/unit/outputs/test_feedback.py
# proves never reaches a feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-7f3a9c1e-budget-suite"

SEED_DATES = (
    "Nov 10, 2026", "Nov 9, 2026", "Nov 8, 2026", "Nov 7, 2026",
    "Nov 5, 2026", "Nov 3, 2026", "Nov 2, 2026", "Nov 1, 2026",
)


def open_tab(app: App, tab: str, heading: str) -> None:
    app.tap(tab)
    app.see(heading, criterion=f"pressing the {tab} tab shows the heading {heading!r}")


def add_expense(app: App, payee: str, amount: str, category: str, account: str) -> None:
    app.tap(test_id="add-transaction")
    app.see("New transaction", criterion="Add transaction opens the New transaction form")
    app.type(into="input-payee", text=payee)
    app.type(into="input-amount", text=amount)
    app.tap(test_id=f"pick-category-{category}")
    app.tap(test_id=f"pick-account-{account}")
    app.tap(test_id="save-transaction")
    app.see("All transactions", criterion="saving a new transaction returns to Transactions")


def edit_amount(app: App, payee: str, current: str, new: str) -> None:
    app.tap(payee)
    app.see("Edit transaction", criterion=f"pressing {payee!r} opens the Edit transaction form")
    app.see(current, at="input-amount",
            criterion=f"the amount of {payee!r} is pre-filled as {current!r}")
    app.type(into="input-amount", text=new)
    app.tap(test_id="save-transaction")
    app.see("All transactions", criterion="saving an edit returns to Transactions")


@stage("accounts")
def test_stage_1_accounts(app: App) -> None:
    for tab in ("Accounts", "Transactions", "Categories"):
        app.see(tab, at=f"tab-{tab.lower()}", criterion=f"the tab bar shows the {tab} tab")
    app.see("Your accounts", criterion="the app opens on the Accounts screen")
    app.see("$2,787.05", at="account-balance-checking",
            criterion="Checking's balance is its opening balance plus its seed transactions")
    app.see("$8,012.34", at="account-balance-savings",
            criterion="Savings' balance includes the interest it earned")
    app.see("-$562.75", at="account-balance-credit-card",
            criterion="a negative balance puts the minus before the dollar sign")
    app.see("Net worth: $10,236.64", at="net-worth",
            criterion="net worth is the sum of all account balances")
    open_tab(app, "Transactions", "All transactions")
    open_tab(app, "Categories", "Budgets by category")
    open_tab(app, "Accounts", "Your accounts")


@stage("transactions")
def test_stage_2_transactions(app: App) -> None:
    open_tab(app, "Transactions", "All transactions")
    app.see_in_order(*SEED_DATES,
                     criterion="transactions are grouped under date headers, newest date first")
    app.see("-$96.40", at="txn-amount-t7", criterion="an expense shows as -$96.40")
    app.see("+$3,200.00", at="txn-amount-t1", criterion="income shows with a plus sign")
    app.see_in_order("Corner Market", "Pizza Night",
                     criterion="within a date the later-added seed transaction comes first")

    app.tap(test_id="add-transaction")
    app.tap(test_id="save-transaction")
    app.see("Enter a payee and an amount greater than $0.00", at="form-error",
            criterion="saving an empty form shows the validation message and adds nothing")
    app.tap(test_id="cancel-transaction")
    app.see("All transactions", criterion="Cancel returns to the Transactions screen")

    add_expense(app, "Gym Pass", "45", "transport", "checking")
    app.see_in_order("Nov 30, 2026", "Gym Pass", "Nov 10, 2026",
                     criterion="a new transaction is dated Nov 30, 2026, above older dates")
    app.see("-$45.00", at="txn-amount-t11", criterion="the new expense shows as -$45.00")

    open_tab(app, "Accounts", "Your accounts")
    app.see("$2,742.05", at="account-balance-checking",
            criterion="a new expense lowers its account's balance at once")
    app.see("Net worth: $10,191.64", at="net-worth", criterion="net worth follows the new expense")
    open_tab(app, "Transactions", "All transactions")
    app.see("Gym Pass", at="txn-payee-t11",
            criterion="an added transaction is still listed after switching tabs")


@stage("budgets")
def test_stage_3_budgets(app: App) -> None:
    open_tab(app, "Categories", "Budgets by category")
    app.see("Housing: $1,450.00 of $1,500.00", at="category-housing",
            criterion="a category row shows its name, what it spent and its budget")
    app.see("Groceries: $164.40 of $400.00", at="category-groceries",
            criterion="a category's spent sums its expenses across accounts")
    app.see("Dining: $139.15 of $120.00", at="category-dining",
            criterion="Dining's spent sums its expenses, even above its budget")
    app.see("Transport: $33.00 of $100.00", at="category-transport",
            criterion="Transport's spent is its one seed expense")
    app.see("Utilities: $118.65 of $150.00", at="category-utilities",
            criterion="Utilities' spent is its one seed expense")
    app.see("Over by $19.15", at="over-dining",
            criterion="an over-budget category shows by how much it is over")
    for key in ("housing", "groceries", "transport", "utilities"):
        app.not_see(at=f"over-{key}", timeout_s=0,
                    criterion=f"no warning is shown under {key}, which is within budget")
    app.see("1 category over budget", at="over-count",
            criterion="a single category over budget is counted in the singular")
    app.see("Total: $1,905.20 of $2,270.00", at="total-spent",
            criterion="the total line sums spent and budgets of all expense categories")

    open_tab(app, "Transactions", "All transactions")
    edit_amount(app, "Sushi Bar", "96.40", "66.40")
    app.see("-$66.40", at="txn-amount-t7", criterion="the edited amount replaces the old one")

    open_tab(app, "Categories", "Budgets by category")
    app.see("Dining: $109.15 of $120.00", at="category-dining",
            criterion="an edit changes the category's spent")
    app.not_see(at="over-dining", criterion="a category brought within budget loses its warning")
    app.see("No categories over budget", at="over-count",
            criterion="with no category over budget the summary says so")
    app.see("Total: $1,875.20 of $2,270.00", at="total-spent",
            criterion="the total line follows the edit")

    open_tab(app, "Accounts", "Your accounts")
    app.see("-$532.75", at="account-balance-credit-card",
            criterion="an edit changes the account balance exactly once")
    app.see("Net worth: $10,266.64", at="net-worth",
            criterion="net worth follows the edit exactly once")


@journey
def test_journey_month_close(app: App) -> None:
    open_tab(app, "Transactions", "All transactions")
    add_expense(app, "Coffee Cart", "12.50", "dining", "credit-card")
    add_expense(app, "Gym Pass", "45", "transport", "checking")
    app.see_in_order("Nov 30, 2026", "Gym Pass", "Coffee Cart", "Nov 10, 2026",
                     criterion="within a date the most recently added transaction comes first")

    open_tab(app, "Categories", "Budgets by category")
    app.see("Dining: $151.65 of $120.00", at="category-dining",
            criterion="a new expense adds to its category's spent")
    app.see("Over by $31.65", at="over-dining",
            criterion="the warning grows with the category's spent")
    app.see("Transport: $78.00 of $100.00", at="category-transport",
            criterion="a new expense adds to Transport's spent")
    app.see("1 category over budget", at="over-count",
            criterion="Dining is still the one category over budget")

    open_tab(app, "Transactions", "All transactions")
    edit_amount(app, "Pizza Night", "42.75", "142.75")
    edit_amount(app, "Rent", "1450.00", "1550")

    open_tab(app, "Categories", "Budgets by category")
    app.see("Dining: $251.65 of $120.00", at="category-dining",
            criterion="an edit changes its category's spent exactly once")
    app.see("Over by $131.65", at="over-dining", criterion="the warning follows the edited spent")
    app.see("Housing: $1,550.00 of $1,500.00", at="category-housing",
            criterion="raising Rent raises Housing's spent above its budget")
    app.see("Over by $50.00", at="over-housing",
            criterion="raising an expense above its budget adds a warning")
    app.see("2 categories over budget", at="over-count",
            criterion="the count uses the plural for two categories")
    app.see("Total: $2,162.70 of $2,270.00", at="total-spent",
            criterion="the total line counts both additions and both edits")

    open_tab(app, "Accounts", "Your accounts")
    app.see("$2,642.05", at="account-balance-checking",
            criterion="Checking's balance counts the new expense and the edited rent")
    app.see("$8,012.34", at="account-balance-savings",
            criterion="Savings has no new or edited transaction and keeps its balance")
    app.see("-$675.25", at="account-balance-credit-card",
            criterion="Credit Card's balance counts the new expense and the edited amount")
    app.see("Net worth: $9,979.14", at="net-worth",
            criterion="after two additions and two edits net worth is exact to the cent")

    open_tab(app, "Transactions", "All transactions")
    app.see("Coffee Cart", criterion="every change survives a full round of the tabs")
