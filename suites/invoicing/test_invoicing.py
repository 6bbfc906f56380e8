"""Hidden device tests of the `invoicing` task: one per stage, and the billing journey.

Every expected string and number follows from tasks/invoicing/instruction.md and its steps.

Leak canary rvb-canary-docstring-401fa8aa: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-64479f66): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-3174776a-invoicing-suite"

SEED_ORDER = ("INV-1001", "INV-1003", "INV-1002", "INV-1004", "INV-1005", "INV-1007", "INV-1006")
LINE_REFUSED = "Each line needs a description, a quantity and a price"


def open_tab(app: App, tab: str, heading: str) -> None:
    app.tap(test_id=f"tab-{tab}")
    app.see(heading, criterion=f"the {tab} tab shows the heading {heading!r}")


def open_invoice(app: App, number: int) -> None:
    app.tap(test_id=f"open-{number}")
    app.see(f"Invoice INV-{number}", criterion=f"pressing INV-{number} in the list opens it")


def back(app: App) -> None:
    app.tap(test_id="back")
    app.see("All invoices", criterion="Back returns to the invoice list")


def line(app: App, i: int, description: str, quantity: str, price: str) -> None:
    app.type(into=f"input-desc-{i}", text=description)
    app.type(into=f"input-qty-{i}", text=quantity)
    app.type(into=f"input-price-{i}", text=price)


def pay(app: App, amount: str) -> None:
    app.type(into="input-payment", text=amount)
    app.tap(test_id="record-payment")


def check_client(app: App, key: str, invoiced: str, paid: str, outstanding: str, overdue: str,
                 criterion: str) -> None:
    app.see(f"Invoiced: {invoiced}", at=f"client-invoiced-{key}", criterion=criterion)
    app.see(f"Paid: {paid}", at=f"client-paid-{key}",
            criterion=f"{key}'s paid amount sums the payments on its sent invoices")
    app.see(f"Outstanding: {outstanding}", at=f"client-outstanding-{key}",
            criterion=f"{key}'s outstanding amount sums its sent invoices' balances due")
    app.see(f"Overdue: {overdue}", at=f"client-overdue-{key}",
            criterion=f"{key}'s overdue amount sums the balances of its overdue invoices")


@stage("invoices")
def test_stage_1_invoices(app: App) -> None:
    for tab in ("Invoices", "New", "Clients"):
        app.see(tab, at=f"tab-{tab.lower()}", criterion=f"the tab bar shows the {tab} tab")
    app.see("All invoices", criterion="the app opens on the invoice list")
    app.see("Today: Mar 16, 2026", at="today", criterion="today is pinned to Mar 16, 2026")
    app.see_in_order(*SEED_ORDER,
                     criterion="the list is sorted by due date, ties by invoice number")
    app.see("Paid", at="row-status-1001", criterion="a sent invoice with nothing left due is Paid")
    app.see("$0.00", at="row-balance-1001", criterion="a paid invoice has no balance due")
    app.see("Overdue", at="row-status-1003",
            criterion="an invoice due before today with a balance is Overdue")
    app.see("Overdue", at="row-status-1002",
            criterion="a partial payment does not change an overdue status")
    app.see("Sent", at="row-status-1004", criterion="an invoice due today is not overdue yet")
    app.see("Sent", at="row-status-1005",
            criterion='an invoice due on the pinned today is still Sent')
    app.see("Draft", at="row-status-1006", criterion="an invoice never sent is a Draft")
    app.see("Due Apr 9, 2026", at="row-due-1006",
            criterion="Mar 10 on Net 30 is due Apr 9, across the month's end")
    app.see("Due Mar 16, 2026", at="row-due-1005",
            criterion="Feb 14 on Net 30 is due Mar 16 (February has 28 days in 2026)")
    app.see("Dune Coffee", at="row-client-1004", criterion="each row names its client")
    app.see("$554.44", at="row-balance-1002",
            criterion="a row shows the balance due: total minus the payments")

    open_invoice(app, 1002)
    app.see("Birch & Co.", at="detail-client", criterion='an open invoice names its client')
    app.see("Issued Feb 20, 2026", at="detail-issued",
            criterion='an open invoice shows its issue date')
    app.see("Net 15", at="detail-terms", criterion='an open invoice shows its payment terms')
    app.see("Due Mar 7, 2026", at="detail-due", criterion="Feb 20 on Net 15 is due Mar 7")
    app.see("Overdue", at="detail-status",
            criterion='an open invoice shows the same status as its row')
    app.see("Overdue by 9 days", at="detail-note",
            criterion="the overdue days count from the due date to the pinned today")
    app.see_in_order("Website audit", "Copy edits", criterion="lines keep the invoice's order")
    app.see("3 x $45.50", at="line-qty-2", criterion='a line shows its quantity and unit price')
    app.see("$136.50", at="line-amount-2", criterion="a line's amount is quantity x unit price")
    app.see("Subtotal: $986.50", at="detail-subtotal",
            criterion="the subtotal sums the lines' amounts")
    app.see("Discount (10%): -$98.65", at="detail-discount",
            criterion="a percent discount is taken on the subtotal, rounded half up")
    app.see("Tax (7.5%): $66.59", at="detail-tax",
            criterion="tax is 7.5% of the subtotal minus the discount")
    app.see("Total: $954.44", at="detail-total", criterion='the total is subtotal - discount + tax')
    app.see("Paid: $400.00", at="detail-paid",
            criterion="the paid amount sums the invoice's payments")
    app.see("Balance due: $554.44", at="detail-balance", criterion="balance due is total - paid")
    app.see("Mar 1, 2026: $400.00", at="payment-1", criterion="payments are listed with dates")
    back(app)

    open_invoice(app, 1005)
    app.see("Tax (7.5%): $64.52", at="detail-tax",
            criterion="6,451.5 cents of tax rounds half up, once on the invoice")
    app.see("Total: $924.72", at="detail-total",
            criterion='an invoice without a discount totals subtotal + tax')
    app.see("Due today", at="detail-note", criterion="an invoice due on the pinned today is due today")
    app.not_see(at="detail-discount", timeout_s=0,
                criterion="an invoice without a discount shows no discount line")
    back(app)

    open_invoice(app, 1003)
    app.see("Due on receipt", at="detail-terms",
            criterion='the saved invoice keeps the chosen terms')
    app.see("Discount: -$30.00", at="detail-discount", criterion="a fixed discount is an amount")
    app.see("Total: $376.25", at="detail-total",
            criterion='the tax is taken after the fixed discount')
    app.see("Overdue by 14 days", at="detail-note",
            criterion='Mar 2 is 14 days before the pinned today')
    back(app)

    open_invoice(app, 1007)
    app.see("Discount: -$85.00", at="detail-discount",
            criterion='a fixed discount shows its amount without a percent')
    app.see("Total: $752.50", at="detail-total",
            criterion="INV-1007's total is $785.00 - $85.00 + 7.5% tax")
    app.see("Due in 11 days", at="detail-note",
            criterion="a sent invoice due later counts the days left from the pinned today")
    back(app)

    open_invoice(app, 1006)
    app.see("Draft", at="detail-status", criterion='a saved invoice starts as a Draft')
    app.see("Not sent yet", at="detail-note", criterion="a draft's note says it is not sent")
    open_tab(app, "clients", "Client totals")
    open_tab(app, "new", "New invoice")
    open_tab(app, "invoices", "All invoices")


@stage("form")
def test_stage_2_form(app: App) -> None:
    open_tab(app, "new", "New invoice")
    app.see("Issue date: Mar 16, 2026", at="form-issued", criterion="a new invoice is issued today")
    app.see("Due Apr 15, 2026", at="form-due", criterion="the form opens on Net 30")
    app.tap(test_id="pick-terms-receipt")
    app.see("Due Mar 16, 2026", at="form-due", criterion="Due on receipt is due the issue date")
    app.tap(test_id="pick-terms-net15")
    app.see("Due Mar 31, 2026", at="form-due", criterion="choosing Net 15 moves the due date live")

    app.tap(test_id="save-draft")
    app.see("Choose a client", at="form-error", criterion="saving without a client is refused")
    app.tap(test_id="pick-client-birch")
    app.tap(test_id="save-draft")
    app.see(LINE_REFUSED, at="form-error", criterion="saving with an empty line is refused")

    line(app, 1, "Photo retouching", "3", "33.40")
    app.see("$100.20", at="form-line-amount-1", criterion="a line's amount shows as it is typed")
    open_tab(app, "clients", "Client totals")
    open_tab(app, "new", "New invoice")
    app.see("$100.20", at="form-line-amount-1",
            criterion="what was typed in the form survives a tab switch")
    app.see("Due Mar 31, 2026", at="form-due", criterion='the chosen terms survive a tab switch')
    app.tap(test_id="add-line")
    line(app, 2, "Contact sheet", "1", "12")
    app.see("Subtotal: $112.20", at="form-subtotal",
            criterion="the preview's subtotal sums the valid lines")

    app.tap(test_id="discount-percent")
    app.type(into="input-discount", text="12.5")
    app.see("Discount (12.5%): -$14.03", at="form-discount",
            criterion="12.5% of $112.20 is 1,402.5 cents, rounded half up")
    app.see("Tax (7.5%): $7.36", at="form-tax", criterion="tax is taken after the discount")
    app.see("Total: $105.53", at="form-total",
            criterion="the preview's total is subtotal - discount + tax")
    app.tap(test_id="discount-fixed")
    app.see("Discount: -$12.50", at="form-discount",
            criterion="switching to Fixed amount reads the same input as dollars")
    app.see("Tax (7.5%): $7.48", at="form-tax",
            criterion='the tax follows the discount read as dollars')
    app.see("Total: $107.18", at="form-total",
            criterion='the total follows the discount read as dollars')

    app.type(into="input-discount", text="200")
    app.not_see(at="form-discount", criterion="a fixed discount above the subtotal is left out")
    app.see("Total: $120.62", at="form-total",
            criterion="the preview without a valid discount taxes the whole subtotal")
    app.tap(test_id="save-draft")
    app.see("Amount off must be from $0.01 to the subtotal", at="form-error",
            criterion="a fixed discount above the subtotal is refused on saving")
    app.tap(test_id="discount-percent")
    app.type(into="input-discount", text="120")
    app.tap(test_id="save-draft")
    app.see("Percent off must be from 0.01 to 100", at="form-error",
            criterion="a percent above 100 is refused on saving")
    app.type(into="input-discount", text="10")
    app.see("Discount (10%): -$11.22", at="form-discount",
            criterion='a valid percent shows in the preview at once')
    app.see("Total: $108.55", at="form-total",
            criterion="the preview's total follows the valid discount")

    app.tap(test_id="save-draft")
    app.see("Invoice INV-1008", criterion="the first saved invoice gets the number INV-1008")
    app.see("Birch & Co.", at="detail-client", criterion='an open invoice names its client')
    app.see("Draft", at="detail-status", criterion="a saved invoice is a draft")
    app.see("Not sent yet", at="detail-note", criterion="a draft's due note says it is not sent")
    app.see("Issued Mar 16, 2026", at="detail-issued",
            criterion='a saved invoice is issued on the pinned today')
    app.see("Due Mar 31, 2026", at="detail-due", criterion="the saved invoice keeps its terms")
    app.see("Photo retouching", at="line-desc-1",
            criterion="the saved invoice keeps its lines' descriptions")
    app.see("1 x $12.00", at="line-qty-2", criterion='a typed price of 12 is saved as $12.00')
    app.see("Total: $108.55", at="detail-total",
            criterion="the saved invoice's total equals the preview's")
    app.not_see(at="input-payment", timeout_s=0, criterion="a draft has no payment form")
    back(app)
    app.see_in_order("INV-1007", "INV-1008", "INV-1006",
                     criterion="the new invoice takes its place by due date in the list")
    app.see("Draft", at="row-status-1008", criterion='the new invoice is listed as a Draft')
    app.see("$108.55", at="row-balance-1008",
            criterion="a draft's row shows its whole total as the balance")

    open_invoice(app, 1008)
    app.tap(test_id="send-invoice")
    app.see("Sent", at="detail-status", criterion="sending a draft due later makes it Sent")
    app.see("Due in 15 days", at="detail-note",
            criterion='an invoice sent today on Net 15 is due in 15 days')
    app.not_see(at="send-invoice", criterion="a sent invoice offers no Send button")

    open_tab(app, "new", "New invoice")
    app.see("Due Apr 15, 2026", at="form-due", criterion="saving resets the form to Net 30")
    app.see("Subtotal: $0.00", at="form-subtotal", criterion="saving resets the form's lines")
    app.see("Total: $0.00", at="form-total", criterion='a reset form previews a total of $0.00')
    app.not_see(at="input-discount", timeout_s=0, criterion="saving resets the discount type")


@stage("payments")
def test_stage_3_payments(app: App) -> None:
    open_tab(app, "clients", "Client totals")
    app.see_in_order("Acme Studio", "Birch & Co.", "Cobalt Labs", "Dune Coffee",
                     criterion="clients are listed in alphabetical order")
    check_client(app, "acme", "$2,214.72", "$1,290.00", "$924.72", "$0.00",
                 criterion="Acme Studio has invoiced the totals of its two sent invoices")
    check_client(app, "birch", "$954.44", "$400.00", "$554.44", "$554.44",
                 criterion="Birch & Co.'s draft is not invoiced yet")
    check_client(app, "cobalt", "$1,128.75", "$0.00", "$1,128.75", "$376.25",
                 criterion="Cobalt Labs has invoiced its two sent invoices")
    check_client(app, "dune", "$306.38", "$100.00", "$206.38", "$0.00",
                 criterion="Dune Coffee has invoiced its one invoice")
    app.see("Total outstanding: $2,814.29", at="total-outstanding",
            criterion="total outstanding sums every client's outstanding amount")
    app.see("Total overdue: $930.69", at="total-overdue",
            criterion='total overdue sums the balances of overdue invoices')

    open_tab(app, "invoices", "All invoices")
    open_invoice(app, 1002)
    pay(app, "abc")
    app.see("Enter a payment amount", at="payment-error",
            criterion="a payment that is not an amount is refused")
    pay(app, "600")
    app.see("Payment cannot exceed the balance of $554.44", at="payment-error",
            criterion="a payment above the balance due is refused")
    app.see("Balance due: $554.44", at="detail-balance", criterion="a refused payment changes nothing")
    pay(app, "154.44")
    app.see("Payment of $154.44 recorded", at="payment-notice",
            criterion='an accepted payment is confirmed with its amount')
    app.see("Paid: $554.44", at="detail-paid", criterion="a payment adds to the paid amount")
    app.see("Balance due: $400.00", at="detail-balance",
            criterion='a payment lowers the balance due at once')
    app.see("Mar 16, 2026: $154.44", at="payment-2",
            criterion="a new payment is dated today and listed after the earlier ones")
    app.see("Overdue", at="detail-status",
            criterion="a partial payment keeps an overdue invoice overdue")
    app.see("Overdue by 9 days", at="detail-note",
            criterion='a partial payment does not change the due note')
    pay(app, "400")
    app.see("Payment of $400.00 recorded", at="payment-notice",
            criterion="a payment equal to the balance due is accepted")
    app.see("Paid", at="detail-status", criterion="the payment that clears the balance makes it Paid")
    app.see("Paid in full", at="detail-note",
            criterion="a paid invoice's due note says Paid in full")
    app.see("Balance due: $0.00", at="detail-balance",
            criterion='nothing is left due on a paid invoice')
    app.not_see(at="input-payment", criterion="a paid invoice has no payment form")
    back(app)
    app.see("Paid", at="row-status-1002", criterion='the list shows the paid invoice as Paid')
    app.see("$0.00", at="row-balance-1002",
            criterion='the list shows no balance left on the paid invoice')

    open_invoice(app, 1006)
    app.not_see(at="input-payment", timeout_s=0, criterion="a draft cannot take a payment")
    app.tap(test_id="send-invoice")
    app.see("Sent", at="detail-status", criterion='a sent draft due later is Sent')
    app.see("Due in 24 days", at="detail-note", criterion="Apr 9 is 24 days after the pinned today")
    open_tab(app, "clients", "Client totals")
    check_client(app, "birch", "$1,405.94", "$954.44", "$451.50", "$0.00",
                 criterion="a sent draft now counts as invoiced")
    app.see("Total outstanding: $2,711.35", at="total-outstanding",
            criterion='the total outstanding follows payments and sent drafts')
    app.see("Total overdue: $376.25", at="total-overdue",
            criterion="a paid overdue invoice leaves the overdue total")


@journey
def test_journey_billing(app: App) -> None:
    open_tab(app, "new", "New invoice")
    app.tap(test_id="pick-client-dune")
    app.tap(test_id="pick-terms-receipt")
    app.see("Due Mar 16, 2026", at="form-due",
            criterion='Due on receipt makes the new invoice due today')
    line(app, 1, "Tasting cards", "40", "2.35")
    app.see("$94.00", at="form-line-amount-1", criterion='40 x $2.35 is $94.00')
    app.tap(test_id="add-line")
    line(app, 2, "Poster", "2", "48.10")
    app.see("$96.20", at="form-line-amount-2", criterion='a second line shows its own amount')
    app.see("Subtotal: $190.20", at="form-subtotal", criterion="the subtotal sums the lines")
    app.tap(test_id="discount-fixed")
    app.type(into="input-discount", text="20")
    app.see("Discount: -$20.00", at="form-discount", criterion='a fixed discount of 20 is $20.00')
    app.see("Tax (7.5%): $12.77", at="form-tax",
            criterion="7.5% of $170.20 is 1,276.5 cents, rounded half up")
    app.see("Total: $182.97", at="form-total",
            criterion="the preview's total is subtotal - discount + tax")
    app.tap(test_id="save-draft")
    app.see("Invoice INV-1008", criterion='saving opens the new invoice with the next number')
    app.see("Due on receipt", at="detail-terms",
            criterion='the saved invoice keeps the chosen terms')
    app.see("Draft", at="detail-status", criterion='a saved invoice starts as a Draft')
    app.tap(test_id="send-invoice")
    app.see("Sent", at="detail-status",
            criterion="an invoice due on receipt, sent today, is not overdue yet")
    app.see("Due today", at="detail-note", criterion="a sent invoice due today is due today")
    pay(app, "82.97")
    app.see("Payment of $82.97 recorded", at="payment-notice",
            criterion="a payment on a new invoice is recorded")
    app.see("Balance due: $100.00", at="detail-balance",
            criterion="a payment lowers the new invoice's balance")
    app.see("Sent", at="detail-status", criterion="a partial payment keeps a sent invoice Sent")
    back(app)
    app.see_in_order("INV-1002", "INV-1004", "INV-1005", "INV-1008", "INV-1007",
                     criterion="invoices due the same day are listed by number")
    app.see("Due Mar 16, 2026", at="row-due-1008",
            criterion="the new invoice's row shows its due date")
    app.see("$100.00", at="row-balance-1008",
            criterion="the row shows the balance left after the payment")

    open_invoice(app, 1003)
    pay(app, "376.25")
    app.see("Paid", at="detail-status", criterion="paying the whole balance at once makes it Paid")
    app.see("Paid in full", at="detail-note",
            criterion="a paid invoice's due note says Paid in full")
    app.see("Mar 16, 2026: $376.25", at="payment-1",
            criterion="the payment is dated the pinned today")
    back(app)
    app.see("Paid", at="row-status-1003", criterion="the list shows the paid invoice as Paid")

    open_invoice(app, 1005)
    pay(app, "924.73")
    app.see("Payment cannot exceed the balance of $924.72", at="payment-error",
            criterion="one cent above the balance is refused")
    pay(app, "24.72")
    app.see("Balance due: $900.00", at="detail-balance",
            criterion="a refused payment leaves the balance for the next one")

    open_tab(app, "new", "New invoice")
    app.tap(test_id="pick-client-acme")
    app.tap(test_id="pick-terms-net15")
    line(app, 1, "Animation", "1", "1,000")
    app.see("$0.00", at="form-line-amount-1", criterion="a price with a comma is not an amount")
    app.type(into="input-price-1", text="1000")
    app.see("$1,000.00", at="form-line-amount-1",
            criterion="a line amount gets a thousands comma")
    app.tap(test_id="discount-percent")
    app.type(into="input-discount", text="7.25")
    app.see("Discount (7.25%): -$72.50", at="form-discount",
            criterion="a percent with two decimals is written without trailing zeros")
    app.see("Total: $997.06", at="form-total",
            criterion="7.5% of $927.50 is 6,956.25 cents, rounded to $69.56")
    app.tap(test_id="save-draft")
    app.see("Invoice INV-1009", criterion="invoices are numbered in the order they are saved")
    app.tap(test_id="send-invoice")
    app.see("Due in 15 days", at="detail-note",
            criterion='an invoice sent today on Net 15 is due in 15 days')

    open_tab(app, "clients", "Client totals")
    check_client(app, "acme", "$3,211.78", "$1,314.72", "$1,897.06", "$0.00",
                 criterion="a sent new invoice adds its total to its client")
    check_client(app, "cobalt", "$1,128.75", "$376.25", "$752.50", "$0.00",
                 criterion="a paid overdue invoice leaves the client's overdue amount")
    check_client(app, "dune", "$489.35", "$182.97", "$306.38", "$0.00",
                 criterion="a new invoice's payment counts for its client")
    app.see("Total outstanding: $3,510.38", at="total-outstanding",
            criterion="the totals follow every sent invoice and payment")
    app.see("Total overdue: $554.44", at="total-overdue",
            criterion="only Birch & Co.'s unpaid invoice is still overdue")
