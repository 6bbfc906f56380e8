"""Hidden device tests of the `till` task: one per stage, and the trading-day journey.

Every expected string and number follows from tasks/till/instruction.md and its steps; the
computed ones equal suites/till/derive.py's independent derivation.

Leak canary rvb-canary-docstring-da8ce834: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-61f3e984): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-08694214-till-suite"

CHANGE_47_96 = ("2 x $20.00", "1 x $5.00", "2 x $1.00", "3 x $0.25", "2 x $0.10", "1 x $0.01")


def open_tab(app: App, tab: str, heading: str) -> None:
    app.tap(test_id=f"tab-{tab}")
    app.see(heading, criterion=f"the {tab} tab shows the heading {heading!r}")


def add(app: App, key: str, times: int = 1) -> None:
    for _ in range(times):
        app.tap(test_id=f"add-{key}")


def pay(app: App, cash: str) -> None:
    app.type(into="input-cash", text=cash)
    app.tap(test_id="take-cash")


def new_sale(app: App) -> None:
    app.tap(test_id="new-sale")
    # "New sale" is also the receipt's button: the receipt's heading must be gone as well.
    app.not_see("Sale complete", criterion="New sale leaves the receipt")
    app.see("New sale", criterion="New sale goes back to an open sale")
    app.see("Basket is empty", at="basket-empty", criterion="a new sale starts with an empty basket")


def find_receipt(app: App, number: str) -> None:
    app.type(into="input-receipt", text=number)
    app.tap(test_id="find-receipt")


def check_change(app: App, pieces: tuple[str, ...], criterion: str) -> None:
    app.see_in_order(*pieces, criterion=criterion)
    for index, piece in enumerate(pieces, 1):
        app.see(piece, at=f"change-{index}",
                criterion="each denomination used is one line of its count and value, from the top")
    app.not_see(at=f"change-{len(pieces) + 1}", timeout_s=0,
                criterion="no denomination beyond those needed is listed")


@stage("basket")
def test_stage_1_basket(app: App) -> None:
    for tab in ("Sell", "Refund", "Report"):
        app.see(tab, at=f"tab-{tab.lower()}", criterion=f"the tab bar shows the {tab} tab")
    app.see("New sale", criterion="the app opens on the Sell screen")
    app.see("Basket is empty", at="basket-empty", criterion="the app opens with an empty basket")
    app.see("Total: $0.00", at="total", criterion="an empty basket totals $0.00")
    app.see("$1,249.00", at="price-espresso", criterion="prices use a thousands comma")
    app.see("$0.73", at="price-stamp", criterion="an amount under a dollar keeps its leading zero")
    app.see("Reduced 2.5%", at="class-juice", criterion="each item shows its tax class label")
    app.see("Zero 0%", at="class-gift-card", criterion="the Gift Card is in the Zero class")

    add(app, "pen")
    app.tap(test_id="inc-pen")
    app.tap(test_id="inc-pen")
    app.see("Gel Pen x 3", at="line-pen", criterion="+ raises a line's quantity by one")
    app.see("$6.00", at="line-amount-pen", criterion="a line's amount is price x quantity")
    app.see("Tax $0.50", at="line-tax-pen",
            criterion="a line's tax is taken on price x quantity (49.5 cents rounds up)")

    add(app, "tea", times=2)
    app.see("Green Tea x 2", at="line-tea", criterion="Add on an item in the basket adds one")
    app.tap(test_id="inc-tea")
    app.see("$9.00", at="line-amount-tea",
            criterion="Add, Add and + make three of an item at its price each")
    app.see("Tax $0.23", at="line-tax-tea",
            criterion="tax is rounded once per line, not per unit (22.5 cents rounds up)")

    add(app, "juice")
    app.see("Orange Juice x 1", at="line-juice", criterion="Add on an item not in the basket puts one in")
    app.see("Tax $0.06", at="line-tax-juice", criterion="the Reduced rate is 2.5%")
    app.tap(test_id="dec-juice")
    app.not_see(at="line-juice", criterion="- on a quantity of 1 removes the line")

    add(app, "mug")
    app.see("Tax $1.16", at="line-tax-mug", criterion="115.5 cents of tax rounds half up")
    app.see_in_order("Gel Pen x 3", "Green Tea x 3", "Travel Mug x 1",
                     criterion="basket lines keep the order their items were first added")
    app.see("Subtotal: $29.00", at="subtotal", criterion="the subtotal sums the lines' amounts")
    app.see("Tax: $1.89", at="tax",
            criterion="the basket's tax is the sum of its lines' taxes, not the subtotal's")
    app.see("Total: $30.89", at="total", criterion="the total is subtotal + tax")

    open_tab(app, "refund", "Refund a sale")
    open_tab(app, "report", "End of day report")
    open_tab(app, "sell", "New sale")
    app.see("Total: $30.89", at="total", criterion="the basket survives a round of the tabs")


@stage("cash")
def test_stage_2_cash(app: App) -> None:
    app.tap(test_id="take-cash")
    app.see("The basket is empty", at="tender-error",
            criterion="taking cash for an empty basket is refused")

    add(app, "espresso")
    app.see("Tax $103.04", at="line-tax-espresso",
            criterion="a line of $1,249.00 at 8.25% is taxed $103.04, rounded half up")
    app.see("Total: $1,352.04", at="total", criterion="a total in the thousands keeps its comma")
    pay(app, "1352")
    app.see("Cash received must cover the total", at="tender-error",
            criterion="cash four cents short of the total is refused")
    app.not_see("Sale complete", criterion="a refused payment shows no receipt")
    app.see("New sale", criterion="a refused payment leaves the sale open")

    pay(app, "1400")
    app.see("Sale complete", criterion="enough cash completes the sale")
    app.see("Receipt #1003", at="receipt-number",
            criterion="the first new sale gets the receipt number after the seed receipts")
    app.see("Espresso Machine x 1", at="receipt-line-espresso",
            criterion="the receipt lists the sale's lines")
    app.see("Total: $1,352.04", at="receipt-total", criterion="the receipt shows the sale's total")
    app.see("Cash: $1,400.00", at="receipt-cash",
            criterion="the receipt shows the cash received, in dollars and cents")
    app.see("Change: $47.96", at="receipt-change", criterion="change is cash received - total")
    check_change(app, CHANGE_47_96,
                 criterion="change is broken into the pinned denominations, largest first")

    open_tab(app, "report", "End of day report")
    app.tap(test_id="tab-sell")
    app.see("Receipt #1003", at="receipt-number",
            criterion="the receipt stays shown across tab switches until New sale")
    new_sale(app)
    app.see("Total: $0.00", at="total", criterion="a new sale's empty basket totals $0.00")


@stage("close")
def test_stage_3_refunds(app: App) -> None:
    open_tab(app, "report", "End of day report")
    app.see("Receipts: 2", at="report-receipts", criterion="the report counts the two seed receipts")
    app.see("Gross sales: $51.90", at="report-gross",
            criterion="gross sales sum the seed receipts' totals")
    app.see("Refunds: $0.00", at="report-refunds", criterion="no refund has been paid yet")
    app.see("Net sales: $51.90", at="report-net",
            criterion="with no refunds net sales equal gross sales")
    app.see("Tax collected: $1.90", at="report-tax",
            criterion="tax collected sums the seed receipts' taxes")
    app.see("Opening float: $200.00", at="report-float",
            criterion="the drawer opened with a float of $200.00")
    app.see("Cash in drawer: $251.90", at="report-drawer",
            criterion="the drawer holds the float plus cash received minus change given")

    open_tab(app, "refund", "Refund a sale")
    find_receipt(app, "1099")
    app.see("No receipt #1099", at="refund-error", criterion="an unknown receipt is reported")
    find_receipt(app, "1002")
    app.see("Receipt #1002", at="refund-receipt", criterion="a seed receipt is found by its number")
    app.see("Travel Mug x 1", at="refund-line-mug", criterion="a found receipt lists its lines")
    app.see("$15.16", at="refund-amount-mug",
            criterion="a line's refund is its amount plus its tax")
    app.see("$25.00", at="refund-amount-gift-card", criterion="a Zero-rate line has no tax")
    app.tap(test_id="refund-action-mug")
    app.see("Refunded $15.16 in cash", at="refund-notice",
            criterion="Refund pays back the whole line in cash and says how much")
    app.see("Refunded", at="refund-action-mug", criterion="a refunded line shows Refunded")

    open_tab(app, "report", "End of day report")
    app.see("Receipts: 2", at="report-receipts", criterion="a refund does not change the receipts")
    app.see("Gross sales: $51.90", at="report-gross",
            criterion="a refund does not change gross sales")
    app.see("Refunds: $15.16", at="report-refunds",
            criterion="refunds sum the refunded lines' amounts plus their tax")
    app.see("Net sales: $36.74", at="report-net", criterion="net sales are gross - refunds")
    app.see("Tax collected: $0.74", at="report-tax",
            criterion="the refunded line's tax is no longer collected")
    app.see("Standard 8.25%: $0.66", at="report-tax-standard",
            criterion="the refunded Standard line's tax leaves the Standard class")
    app.see("Reduced 2.5%: $0.08", at="report-tax-reduced",
            criterion="a refund leaves the other classes' tax as it was")
    app.see("Zero 0%: $0.00", at="report-tax-zero", criterion="the Zero class collects no tax")
    app.see("Cash in drawer: $236.74", at="report-drawer",
            criterion="a refund paid in cash leaves the drawer")

    open_tab(app, "refund", "Refund a sale")
    find_receipt(app, "1002")
    app.see("Refunded", at="refund-action-mug", criterion="a line can be refunded only once")
    app.see("Refund", at="refund-action-gift-card",
            criterion="a line not refunded still offers Refund")


@journey
def test_journey_trading_day(app: App) -> None:
    add(app, "bread")
    app.tap(test_id="inc-bread")
    add(app, "pen")
    add(app, "gift-card")
    app.see("$10.40", at="line-amount-bread", criterion="a line's amount is price x quantity")
    app.see("Tax $0.26", at="line-tax-bread", criterion="the Reduced rate is taken on the line's amount")
    app.see("Tax $0.17", at="line-tax-pen", criterion="16.5 cents of tax rounds half up")
    app.see("Tax $0.00", at="line-tax-gift-card", criterion="a Zero-rate line has no tax")
    app.see("Subtotal: $37.40", at="subtotal", criterion="the subtotal sums the lines' amounts")
    app.see("Tax: $0.43", at="tax", criterion="the basket's tax is the sum of its lines' taxes")
    app.see("Total: $37.83", at="total", criterion="the total is subtotal + tax")
    pay(app, "40")
    app.see("Receipt #1003", at="receipt-number",
            criterion="the first new sale gets the receipt number after the seed receipts")
    app.see("Change: $2.17", at="receipt-change", criterion="change is cash received - total")
    check_change(app, ("2 x $1.00", "1 x $0.10", "1 x $0.05", "2 x $0.01"),
                 criterion="unused denominations are skipped, the rest are largest first")
    new_sale(app)

    add(app, "juice")
    app.tap(test_id="inc-juice")
    app.tap(test_id="inc-juice")
    add(app, "mug")
    app.see("Orange Juice x 3", at="line-juice", criterion="Add then + twice makes three of an item")
    app.see("Tax $0.17", at="line-tax-juice",
            criterion="a line's tax is taken once on price x quantity, rounded half up")
    app.see("Total: $21.93", at="total",
            criterion="tax summed per line, not taken on the subtotal")
    pay(app, "21.93")
    app.see("Sale complete", criterion="cash equal to the total is enough to complete the sale")
    app.see("Receipt #1004", at="receipt-number",
            criterion="receipts are numbered in the order their sales complete")
    app.see("Change: $0.00", at="receipt-change", criterion="exact cash gives change of $0.00")
    app.see("No change due", at="change-none", criterion="exact cash gives no change lines")
    app.not_see(at="change-1", timeout_s=0, criterion="no denomination is listed when no change is due")
    new_sale(app)

    open_tab(app, "refund", "Refund a sale")
    find_receipt(app, "1003")
    app.see("Receipt #1003", at="refund-receipt", criterion="a new sale can be found by number")
    app.see("$2.17", at="refund-amount-pen", criterion="a line's refund is its amount plus its tax")
    app.tap(test_id="refund-action-pen")
    app.see("Refunded $2.17 in cash", at="refund-notice",
            criterion="Refund pays back the whole line in cash and says how much")
    find_receipt(app, "1001")
    app.see("$3.08", at="refund-amount-tea",
            criterion="a seed receipt's line refunds its amount plus its tax")
    app.tap(test_id="refund-action-tea")
    app.see("Refunded $3.08 in cash", at="refund-notice",
            criterion="a line of a seed receipt can be refunded after a new sale's")

    open_tab(app, "report", "End of day report")
    app.see("Receipts: 4", at="report-receipts",
            criterion="the report counts the seed receipts and the day's two sales")
    app.see("Gross sales: $111.66", at="report-gross",
            criterion="gross sales sum every receipt's total, new sales included")
    app.see("Refunds: $5.25", at="report-refunds", criterion="refunds add up across receipts")
    app.see("Net sales: $106.41", at="report-net", criterion="net sales are gross - refunds")
    app.see("Tax collected: $3.41", at="report-tax",
            criterion="tax collected is the receipts' tax - the refunded lines' tax")
    app.see("Standard 8.25%: $2.98", at="report-tax-standard",
            criterion="the Standard class collects its lines' tax less its refunded lines'")
    app.see("Reduced 2.5%: $0.43", at="report-tax-reduced",
            criterion="the per-class tax lines add up to the tax collected")
    app.see("Zero 0%: $0.00", at="report-tax-zero", criterion="the Zero class collects no tax")
    app.see("Cash in drawer: $306.41", at="report-drawer",
            criterion="the drawer reconciles: opening float plus net sales")
