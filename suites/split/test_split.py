"""Hidden device tests of the `split` task: one per stage, and the trip-close journey.

Every expected string and number follows from tasks/split/instruction.md and its steps; the
computed ones equal suites/split/derive.py's independent derivation.

Leak canary rvb-canary-docstring-b4b9fcd4: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-93696a46): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-29b5f780-split-suite"

MEMBERS = ("ana", "ben", "cleo", "dev")
SEED_TITLES = ("Boat tour", "Kayak hire", "Fuel", "Groceries", "Cabin rental")


def open_tab(app: App, tab: str, heading: str) -> None:
    app.tap(tab)
    app.see(heading, criterion=f"pressing the {tab} tab shows the heading {heading!r}")


def open_details(app: App, title: str, split: str) -> None:
    app.tap(title)
    app.see("Expense details", criterion=f"pressing {title!r} opens its Expense details")
    app.see(split, at="detail-split", criterion=f"the details of {title!r} read {split!r}")


def close_details(app: App) -> None:
    app.tap(test_id="back")
    app.see("Shared expenses", criterion="Back returns to the Expenses screen")


def start_expense(app: App, title: str, amount: str, payer: str) -> None:
    app.tap(test_id="add-expense")
    app.see("New expense", criterion="Add expense opens the New expense form")
    app.type(into="input-title", text=title)
    app.type(into="input-amount", text=amount)
    app.tap(test_id=f"pick-payer-{payer}")


def save_expense(app: App) -> None:
    app.tap(test_id="save-expense")
    app.see("Shared expenses", criterion="saving a valid expense returns to the Expenses screen")


def add_equal(app: App, title: str, amount: str, payer: str, *, off: tuple[str, ...] = ()) -> None:
    start_expense(app, title, amount, payer)
    for member in off:
        app.tap(test_id=f"toggle-{member}")
    save_expense(app)


def add_exact(app: App, title: str, amount: str, payer: str, shares: dict[str, str]) -> None:
    start_expense(app, title, amount, payer)
    app.tap(test_id="mode-exact")
    for member, share in shares.items():
        app.type(into=f"exact-{member}", text=share)
    save_expense(app)


@stage("expenses")
def test_stage_1_expenses(app: App) -> None:
    for tab, key in (("Expenses", "expenses"), ("Balances", "balances"), ("Settle up", "settle")):
        app.see(tab, at=f"tab-{key}", criterion=f"the tab bar shows the {tab} tab")
    app.see("Shared expenses", criterion="the app opens on the Expenses screen")
    app.see("Total spent: $1,089.75", at="total-spent",
            criterion="total spent sums the five seed expenses")
    app.see_in_order(*SEED_TITLES, criterion="expenses are listed most recently added first")
    app.see("Ben paid $187.45", at="expense-paid-e2", criterion="a row shows who paid how much")

    open_details(app, "Groceries", "Split equally among 4")
    app.see("Ana: $46.87", at="share-ana",
            criterion="the leftover cent of an equal split goes to the first member in order")
    app.see("Ben: $46.86", at="share-ben",
            criterion="the payer gets no leftover cent unless first in member order")
    app.see("Dev: $46.86", at="share-dev",
            criterion="Dev, last in member order, gets no leftover cent of Groceries")
    close_details(app)

    open_details(app, "Fuel", "Split equally among 3")
    app.see("Ana: $21.34", at="share-ana",
            criterion="among three participants the first in member order takes the odd cent")
    app.see("Cleo: $21.33", at="share-cleo",
            criterion="Cleo paid for Fuel but, not first in member order, gets no leftover cent")
    app.not_see(at="share-ben", timeout_s=0,
                criterion="a member who is not a participant has no share line")
    close_details(app)

    open_details(app, "Kayak hire", "Split by exact amounts")
    app.see("Cleo: $25.00", at="share-cleo", criterion="an exact split shows the given shares")
    app.not_see(at="share-ana", timeout_s=0,
                criterion="a member without an exact share has no share line")
    close_details(app)

    open_details(app, "Boat tour", "Split equally among 4")
    app.see("Ben: $65.83", at="share-ben",
            criterion="two leftover cents go to the first two members in order")
    app.see("Cleo: $65.82", at="share-cleo",
            criterion="the payer of Boat tour gets no leftover cent")
    close_details(app)

    open_tab(app, "Balances", "Who owes what")
    open_tab(app, "Settle up", "Settle-up plan")
    open_tab(app, "Expenses", "Shared expenses")


@stage("balances")
def test_stage_2_balances(app: App) -> None:
    open_tab(app, "Balances", "Who owes what")
    app.see("Ana gets back $225.96", at="balance-ana",
            criterion="a member who paid more than their share gets money back")
    app.see("Ben owes $85.24", at="balance-ben",
            criterion="a member whose share exceeds what they paid owes the difference")
    app.see("Cleo gets back $48.29", at="balance-cleo",
            criterion="Cleo paid more than her share and gets the difference back")
    app.see("Dev owes $189.01", at="balance-dev",
            criterion="Dev's share exceeds what he paid, so he owes the difference")
    app.see("Paid $480.00, share $254.04", at="totals-ana",
            criterion="the totals line shows what the member paid and their share")

    open_tab(app, "Expenses", "Shared expenses")
    app.tap(test_id="add-expense")
    app.tap(test_id="save-expense")
    app.see("Enter a description and an amount greater than $0.00", at="form-error",
            criterion="saving an empty form shows the validation message and adds nothing")
    app.tap(test_id="cancel-expense")
    app.see("Shared expenses", criterion="Cancel returns to the Expenses screen")

    start_expense(app, "Firewood", "25", "dev")
    for member in MEMBERS:
        app.tap(test_id=f"toggle-{member}")
    app.tap(test_id="save-expense")
    app.see("Choose at least one member to split with", at="form-error",
            criterion="an equal split with every member switched off is refused")
    for member in ("ana", "ben", "dev"):
        app.tap(test_id=f"toggle-{member}")
    save_expense(app)
    app.see_in_order("Firewood", "Boat tour", criterion="a new expense is listed first")
    app.see("Dev paid $25.00", at="expense-paid-e6", criterion="the new expense is e6, paid by Dev")

    open_details(app, "Firewood", "Split equally among 3")
    app.see("Ana: $8.34", at="share-ana", criterion="$25.00 among three gives Ana the odd cent")
    app.see("Ben: $8.33", at="share-ben",
            criterion="the other participants of Firewood get the amount divided by three, rounded down")
    app.see("Dev: $8.33", at="share-dev",
            criterion="Dev paid for Firewood but gets no leftover cent: he is not first in member order")
    app.not_see(at="share-cleo", timeout_s=0, criterion="Cleo, switched off, has no share")
    close_details(app)

    start_expense(app, "Ski lessons", "90", "cleo")
    app.tap(test_id="mode-exact")
    for member, share in (("ana", "30"), ("ben", "30"), ("cleo", "20")):
        app.type(into=f"exact-{member}", text=share)
    app.tap(test_id="save-expense")
    app.see("Exact shares add up to $80.00, not $90.00", at="form-error",
            criterion="exact shares that do not add up to the amount are refused")
    app.type(into="exact-dev", text="10")
    save_expense(app)
    open_details(app, "Ski lessons", "Split by exact amounts")
    app.see("Dev: $10.00", at="share-dev",
            criterion="the share entered after the refusal is saved with the expense")
    close_details(app)
    app.see("Total spent: $1,204.75", at="total-spent",
            criterion="total spent includes both new expenses")

    open_tab(app, "Balances", "Who owes what")
    app.see("Ana gets back $187.62", at="balance-ana",
            criterion="Ana's balance counts her shares of both new expenses")
    app.see("Ben owes $123.57", at="balance-ben",
            criterion="Ben's debt grows by his shares of both new expenses")
    app.see("Cleo gets back $118.29", at="balance-cleo",
            criterion="paying an exact-split expense raises the payer's balance by the others' shares")
    app.see("Dev owes $182.34", at="balance-dev",
            criterion="Dev's balance counts what he paid for Firewood and his shares of both new expenses")
    app.see("Paid $417.30, share $299.01", at="totals-cleo",
            criterion="a new expense adds to its payer's paid total and to each member's share")

    open_tab(app, "Expenses", "Shared expenses")
    app.see("Firewood", at="expense-title-e6",
            criterion="an added expense is still listed after switching tabs")


@stage("settle")
def test_stage_3_settle(app: App) -> None:
    open_tab(app, "Settle up", "Settle-up plan")
    app.see("3 transfers", at="transfer-count",
            criterion="the count line counts the transfers of the plan")
    app.see("Dev pays Ana $189.01", at="transfer-1",
            criterion="the member who owes most pays the member owed most first")
    app.see("Ben pays Cleo $48.29", at="transfer-2",
            criterion="the next transfer again matches the largest debt with the largest credit")
    app.see("Ben pays Ana $36.95", at="transfer-3",
            criterion="the last transfer settles the remaining debt with the remaining credit")

    app.tap(test_id="record-1")
    app.see("2 transfers", at="transfer-count",
            criterion="a recorded payment is removed from the recomputed plan")
    app.see("Ben pays Cleo $48.29", at="transfer-1",
            criterion="the recomputed plan starts with the next largest debt")
    app.not_see(at="transfer-3", criterion="two transfers remain")

    open_tab(app, "Balances", "Who owes what")
    app.see("Dev is settled up", at="balance-dev",
            criterion="a member whose balance is zero is settled up")
    app.see("Ana gets back $36.95", at="balance-ana",
            criterion="a received payment lowers what the receiver gets back")
    app.see("Paid $95.00, share $284.01", at="totals-dev",
            criterion="a payment is not counted as paid")

    open_tab(app, "Expenses", "Shared expenses")
    app.see("Dev paid Ana $189.01", at="payment-p1",
            criterion="a recorded payment is listed on the Expenses screen")
    app.see_in_order("Dev paid Ana $189.01", "Boat tour",
                     criterion="the payment is the most recent entry")

    open_tab(app, "Settle up", "Settle-up plan")
    app.tap(test_id="record-1")
    app.see("1 transfer", at="transfer-count",
            criterion="a single transfer left reads '1 transfer'")
    app.see("Ben pays Ana $36.95", at="transfer-1",
            criterion="the remaining transfer of the recomputed plan is listed first")
    app.tap(test_id="record-1")
    app.see("No transfers needed", at="transfer-count",
            criterion="once every payment is recorded no transfer is needed")
    app.not_see(at="transfer-1", criterion="an empty plan lists no transfer")

    open_tab(app, "Balances", "Who owes what")
    app.see("Ana is settled up", at="balance-ana",
            criterion="after the whole plan is recorded every member is settled up")
    app.see("Ben is settled up", at="balance-ben",
            criterion="after the whole plan is recorded Ben is settled up")
    app.see("Cleo is settled up", at="balance-cleo",
            criterion="after the whole plan is recorded Cleo is settled up")
    app.see("Dev is settled up", at="balance-dev",
            criterion="after the whole plan is recorded Dev is settled up")


@journey
def test_journey_trip_close(app: App) -> None:
    add_exact(app, "Lift tickets", "212", "ben", {"ana": "70", "cleo": "70", "dev": "72.00"})
    add_equal(app, "Snacks", "10", "dev", off=("ana",))
    app.see_in_order("Snacks", "Lift tickets", "Boat tour",
                     criterion="the newest expense is listed first")
    app.see("Total spent: $1,311.75", at="total-spent",
            criterion="total spent adds both new expenses to the seed expenses")

    open_details(app, "Lift tickets", "Split by exact amounts")
    app.see("Dev: $72.00", at="share-dev",
            criterion="an exact share typed with decimals is shown as given")
    app.not_see(at="share-ben", timeout_s=0,
                criterion="an empty exact share counts as $0.00: no share line")
    close_details(app)
    open_details(app, "Snacks", "Split equally among 3")
    app.see("Ben: $3.34", at="share-ben",
            criterion="with Ana switched off, Ben is first in order and takes the odd cent")
    app.see("Cleo: $3.33", at="share-cleo",
            criterion="the participants after the first get the amount divided by three, rounded down")
    close_details(app)

    open_tab(app, "Balances", "Who owes what")
    app.see("Ana gets back $155.96", at="balance-ana",
            criterion="Ana's balance counts her exact share of the lift tickets")
    app.see("Ben gets back $123.42", at="balance-ben",
            criterion="paying for the lift tickets turns Ben's debt into a credit")
    app.see("Cleo owes $25.04", at="balance-cleo",
            criterion="Cleo's credit turns into a debt")
    app.see("Dev owes $254.34", at="balance-dev",
            criterion="Dev's balance counts his exact share of the lift tickets and what he paid for Snacks")

    open_tab(app, "Settle up", "Settle-up plan")
    app.see("3 transfers", at="transfer-count", criterion="the new balances need three transfers")
    app.see("Dev pays Ana $155.96", at="transfer-1",
            criterion="the member who owes most pays the member owed most first")
    app.see("Dev pays Ben $98.38", at="transfer-2",
            criterion="the largest debtor keeps paying the next largest creditor")
    app.see("Cleo pays Ben $25.04", at="transfer-3",
            criterion="the last transfer settles Cleo's debt with what remains of Ben's credit")

    app.tap(test_id="record-3")
    app.see("2 transfers", at="transfer-count",
            criterion="a recorded payment is removed from the recomputed plan")
    app.see("Dev pays Ana $155.96", at="transfer-1",
            criterion="after recording the last transfer the plan is recomputed")
    app.see("Dev pays Ben $98.38", at="transfer-2",
            criterion="recording the last transfer leaves the other transfers as they were")
    app.tap(test_id="record-1")
    app.see("1 transfer", at="transfer-count",
            criterion="a single transfer left reads '1 transfer'")
    app.see("Dev pays Ben $98.38", at="transfer-1",
            criterion="the remaining transfer of the recomputed plan is listed first")
    app.tap(test_id="record-1")
    app.see("No transfers needed", at="transfer-count",
            criterion="once every payment is recorded no transfer is needed")

    open_tab(app, "Expenses", "Shared expenses")
    app.see("Total spent: $1,311.75", at="total-spent",
            criterion="recorded payments never count as spending")
    app.see_in_order("Dev paid Ben $98.38", "Dev paid Ana $155.96", "Cleo paid Ben $25.04",
                     "Snacks", criterion="payments are listed with expenses, newest first")

    open_tab(app, "Balances", "Who owes what")
    app.see("Ana is settled up", at="balance-ana",
            criterion="after the whole plan is recorded every member is settled up")
    app.see("Ben is settled up", at="balance-ben",
            criterion="after the whole plan is recorded Ben is settled up")
    app.see("Cleo is settled up", at="balance-cleo",
            criterion="after the whole plan is recorded Cleo is settled up")
    app.see("Dev is settled up", at="balance-dev",
            criterion="after the whole plan is recorded Dev is settled up")
    app.see("Paid $399.45, share $276.03", at="totals-ben",
            criterion="paid and share ignore payments")
