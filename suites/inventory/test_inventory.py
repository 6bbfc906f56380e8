"""Hidden device tests of the `inventory` task: one per stage, and the warehouse-morning journey.

Every expected string and number follows from tasks/inventory/instruction.md and its steps.
The item list is long (42 rows): the tests scroll to an item by its name before reading or
pressing it, and never rely on an off-screen row counting as visible.

Leak canary rvb-canary-docstring-736c92fc: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-65ac69c5): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-ad12f147-inventory-suite"

SEED_LOW_ORDER = (
    "Drywall Screw 32 mm", "Packing Tape Brown", "Snap Blades Pack", "Work Gloves M",
    "Hex Nut M6", "Shipping Box Medium", "First Aid Kit", "Fire Blanket", "Spring Washer M8",
    "Drill Bit Set",
)


def open_tab(app: App, tab: str, label: str, heading: str) -> None:
    app.tap(test_id=f"tab-{tab}")
    app.see(heading, criterion=f"the {label} tab shows the heading {heading!r}")


def search(app: App, text: str) -> None:
    app.type(into="input-search", text=text)


def open_item(app: App, key: str, name: str) -> None:
    """Scroll the list to the item's name, press it, and check the item opened."""
    app.scroll_to(name)
    app.tap(test_id=f"item-{key}")
    app.see(f"SKU: {key.upper()}", at="detail-sku",
            criterion=f"pressing {name!r} in the list opens that item")


def back(app: App) -> None:
    app.tap(test_id="back")
    app.see("Stock items", criterion="Back returns to the item list")


def receive(app: App, units: str, cost: str) -> None:
    app.type(into="input-receive-qty", text=units)
    app.type(into="input-receive-cost", text=cost)
    app.tap(test_id="receive")


def adjust(app: App, reason: str | None, units: str) -> None:
    if reason is not None:
        app.tap(test_id=f"reason-{reason}")
    app.type(into="input-adjust-qty", text=units)
    app.tap(test_id="adjust")


@stage("list")
def test_stage_1_list(app: App) -> None:
    for tab, key in (("Items", "items"), ("Low stock", "low"), ("History", "history")):
        app.see(tab, at=f"tab-{key}", criterion=f"the tab bar shows the {tab} tab")
    app.see("Stock items", criterion="the app opens on the Items screen")
    app.see("Stock value: $3,982.55", at="stock-value",
            criterion="the total stock value sums on hand x average cost over all 42 items")
    app.see("Showing 42 of 42 items", at="item-count", criterion="every seed item is listed")
    app.see("Hex Bolt M6", at="item-fst-101", criterion="the list starts with the first SKU")
    app.see("FST-101", at="item-sku-fst-101",
            criterion="the list row shows the item's SKU 'FST-101'")
    app.see("On hand: 420", at="item-stock-fst-101",
            criterion="the list row shows the units on hand as 'On hand: 420'")
    app.not_see(at="item-low-fst-101", timeout_s=0,
                criterion="an item above its reorder point is not marked Low")
    app.scroll_to("Wood Screw 40 mm")
    app.see("On hand: 1,200", at="item-stock-fst-107",
            criterion="quantities of a thousand or more get a thousands comma")
    app.scroll_to("Spring Washer M8")
    app.see("Low", at="item-low-fst-111",
            criterion="stock exactly at the reorder point counts as low")
    app.scroll_to("Fire Blanket")
    app.see("On hand: 0", at="item-stock-saf-410",
            criterion="the last of the 42 items is reached by scrolling the list")
    app.see("Low", at="item-low-saf-410", criterion="an item with nothing on hand is low")
    app.see_in_order("FST-110", "PKG-201", "TLS-305", "SAF-410",
                     criterion="the list keeps the seed table's SKU order")

    search(app, "gloves")
    app.see("Showing 2 of 42 items", at="item-count",
            criterion="the search matches names in any case")
    app.see("Work Gloves L", at="item-saf-402", criterion="the list shows the item 'Work Gloves L'")
    app.see("Work Gloves M", at="item-saf-403", criterion="the list shows the item 'Work Gloves M'")
    app.not_see(at="item-fst-101", criterion="items that do not match the search are hidden")
    search(app, "FST-10")
    app.see("Showing 9 of 42 items", at="item-count",
            criterion="the search matches SKUs: FST-10 finds FST-101 to FST-109")
    app.not_see(at="item-fst-110", criterion="FST-110 does not contain FST-10")
    search(app, "box")
    app.see("Showing 4 of 42 items", at="item-count",
            criterion="box matches the three shipping boxes and Ear Plugs Box")
    app.tap(test_id="supplier-brookfield")
    app.see("Showing 3 of 42 items", at="item-count",
            criterion="the supplier filter and the search apply together")
    app.not_see(at="item-saf-404", criterion="another supplier's match is filtered out")
    app.see("Stock value: $3,982.55", at="stock-value",
            criterion="the total stock value ignores the search and the filter")
    search(app, "bolt")
    app.tap(test_id="supplier-dunmore")
    app.see("No items match", at="items-empty",
            criterion="a search and filter that match nothing say so")
    app.see("Showing 0 of 42 items", at="item-count",
            criterion="the count of items shown reads 'Showing 0 of 42 items'")
    app.tap(test_id="supplier-all")
    app.see("Showing 2 of 42 items", at="item-count",
            criterion="All suppliers lifts the filter and keeps the search")
    app.not_see(at="items-empty", timeout_s=0, criterion='No items match is gone once items match')

    open_item(app, "fst-101", "Hex Bolt M6")
    back(app)
    search(app, "rod")
    open_item(app, "fst-110", "Threaded Rod M8")
    app.see("Threaded Rod M8", criterion="an open item's heading is its name")
    app.see("Supplier: Alder Fasteners", at="detail-supplier",
            criterion="the open item names its supplier: 'Supplier: Alder Fasteners'")
    app.see("On hand: 24", at="detail-stock",
            criterion="the open item shows the units on hand: 'On hand: 24'")
    app.see("Reorder point: 20", at="detail-reorder",
            criterion="the open item shows its reorder point: 'Reorder point: 20'")
    app.see("Average cost: $2.35", at="detail-cost",
            criterion="the open item shows its average cost: 'Average cost: $2.35'")
    app.see("Stock value: $56.40", at="detail-value",
            criterion="an item's stock value is its units on hand x its average cost")
    app.not_see(at="detail-low", timeout_s=0, criterion="24 on hand above 20 is not low")
    back(app)
    app.see("Showing 1 of 42 items", at="item-count",
            criterion="Back keeps the search as it was")

    open_tab(app, "low", "Low stock", "Low stock")
    open_tab(app, "items", "Items", "Stock items")
    app.see("rod", at="input-search", criterion="the search survives a tab switch")
    search(app, "")
    app.see("Showing 42 of 42 items", at="item-count",
            criterion="an empty search shows every item again")
    open_item(app, "saf-410", "Fire Blanket")
    app.see("Stock value: $0.00", at="detail-value",
            criterion="the open item shows its stock value (on hand x average cost): 'Stock value: $0.00'")
    app.see("Low stock", at="detail-low", criterion="an open low item is marked Low stock")


@stage("moves")
def test_stage_2_moves(app: App) -> None:
    open_item(app, "fst-110", "Threaded Rod M8")
    app.tap(test_id="receive")
    app.see("Enter a whole number of units from 1 to 9,999", at="receive-error",
            criterion="receiving with no units is refused")
    receive(app, "15", "abc")
    app.see("Enter a unit cost such as 2.35", at="receive-error",
            criterion="a unit cost that is not a number is refused")
    app.see("On hand: 24", at="detail-stock", criterion="a refused receipt changes nothing")
    receive(app, "15", "2.60")
    app.see("Received 15 units at $2.60", at="item-notice",
            criterion="the recorded entry is confirmed with 'Received 15 units at $2.60'")
    app.not_see(at="receive-error", timeout_s=0,
                criterion="a recorded receipt shows only its notice")
    app.see("On hand: 39", at="detail-stock", criterion="received units add to the stock")
    app.see("Average cost: $2.45", at="detail-cost",
            criterion="the moving average (24 x $2.35 + 15 x $2.60) / 39 rounds to $2.45")
    app.see("Stock value: $95.55", at="detail-value",
            criterion="the open item shows its stock value (on hand x average cost): 'Stock value: $95.55'")
    app.see("", at="input-receive-qty", criterion="a recorded receipt empties its inputs")

    app.tap(test_id="adjust")
    app.see("Choose a reason", at="adjust-error",
            criterion="an adjustment without a reason is refused first")
    adjust(app, "damaged", "50")
    app.see("Only 39 on hand: cannot remove 50", at="adjust-error",
            criterion="stock cannot be removed below zero")
    app.not_see(at="item-notice", timeout_s=0, criterion="a refused entry shows only its message")
    adjust(app, None, "3")
    app.see("Adjusted -3 (Damaged)", at="item-notice",
            criterion="the chosen reason stays chosen after a refusal")
    app.see("On hand: 36", at="detail-stock",
            criterion="the open item shows the units on hand: 'On hand: 36'")
    app.see("Average cost: $2.45", at="detail-cost",
            criterion="an adjustment never changes the average cost")
    app.see("Stock value: $88.20", at="detail-value",
            criterion="the open item shows its stock value (on hand x average cost): 'Stock value: $88.20'")
    adjust(app, "found", "2")
    app.see("Adjusted +2 (Found)", at="item-notice",
            criterion="the recorded entry is confirmed with 'Adjusted +2 (Found)'")
    app.see("On hand: 38", at="detail-stock", criterion="Found adds the units")
    adjust(app, "count", "38")
    app.see("The count matches the stock on hand", at="adjust-error",
            criterion="a stock count equal to the stock on hand records nothing")
    adjust(app, "count", "35")
    app.see("Adjusted -3 (Stock count)", at="item-notice",
            criterion="a stock count records counted - on hand")
    app.see("On hand: 35", at="detail-stock",
            criterion="the open item shows the units on hand: 'On hand: 35'")
    app.see("Stock value: $85.75", at="detail-value",
            criterion="the open item shows its stock value (on hand x average cost): 'Stock value: $85.75'")
    back(app)
    app.see("On hand: 35", at="item-stock-fst-110", criterion="the list follows the stock")
    app.see("Stock value: $4,011.90", at="stock-value",
            criterion="the total stock value follows receipts and adjustments")

    open_item(app, "fst-103", "Hex Nut M6")
    receive(app, "5", "0.14")
    app.see("Average cost: $0.05", at="detail-cost",
            criterion="an exact half cent of average cost (4.5 cents) rounds up")
    app.see("On hand: 100", at="detail-stock",
            criterion="the open item shows the units on hand: 'On hand: 100'")
    app.see("Low stock", at="detail-low",
            criterion="reaching exactly the reorder point is still low")
    back(app)
    open_item(app, "saf-410", "Fire Blanket")
    receive(app, "2", "21")
    app.see("Received 2 units at $21.00", at="item-notice",
            criterion="the recorded entry is confirmed with 'Received 2 units at $21.00'")
    app.see("Average cost: $21.00", at="detail-cost",
            criterion="receiving into zero stock takes the new unit cost as the average")
    app.not_see(at="detail-low", criterion="2 on hand above a reorder point of 1 is not low")
    back(app)
    app.scroll_to("Fire Blanket")
    app.not_see(at="item-low-saf-410", criterion="the list drops the Low mark once restocked")
    app.see("Stock value: $4,055.10", at="stock-value",
            criterion="the total stock value reads 'Stock value: $4,055.10'")


@stage("watch")
def test_stage_3_watch(app: App) -> None:
    open_tab(app, "low", "Low stock", "Low stock")
    app.see("10 items at or below their reorder point", at="low-count",
            criterion="the Low stock screen counts '10 items at or below their reorder point'")
    app.see_in_order(*SEED_LOW_ORDER,
                     criterion="low items are ordered by shortfall, largest first, ties by SKU")
    app.see("Drywall Screw 32 mm", at="low-name-fst-108",
            criterion="the Low stock list names 'Drywall Screw 32 mm'")
    app.see("On hand: 150", at="low-stock-fst-108",
            criterion="the low item shows its units on hand: 'On hand: 150'")
    app.see("Reorder point: 300", at="low-point-fst-108",
            criterion="the low item shows its reorder point: 'Reorder point: 300'")
    app.see("Alder Fasteners", at="low-supplier-fst-108",
            criterion="each low item names the supplier to order from")
    app.see("Reorder point: 4", at="low-point-tls-309",
            criterion="the low item shows its reorder point: 'Reorder point: 4'")

    open_tab(app, "history", "History", "Stock movements")
    app.see_in_order("Mar 11, 2026 16:55", "Mar 11, 2026 15:20", "Mar 11, 2026 10:05",
                     "Mar 10, 2026 08:30", criterion="movements are listed newest first")
    app.see("Fire Blanket", at="move-item-6",
            criterion="the movement names its item: 'Fire Blanket'")
    app.see("Damaged -1", at="move-change-6",
            criterion="the movement shows its change: 'Damaged -1'")
    app.see("On hand: 0", at="move-balance-6",
            criterion="the movement shows the units on hand after it: 'On hand: 0'")
    app.see("Received +2 at $89.00", at="move-change-1",
            criterion="a receipt's change shows its units and unit cost")
    app.see("Stock count -2", at="move-change-5",
            criterion="the movement shows its change: 'Stock count -2'")

    open_tab(app, "items", "Items", "Stock items")
    open_item(app, "tls-309", "Drill Bit Set")
    receive(app, "1", "25")
    app.see("Received 1 unit at $25.00", at="item-notice",
            criterion="a single unit is written in the singular")
    app.see("Average cost: $24.68", at="detail-cost",
            criterion="the open item shows its average cost: 'Average cost: $24.68'")
    back(app)
    open_item(app, "saf-407", "Hard Hat")
    adjust(app, "lost", "")
    app.see("Enter a whole number of units from 1 to 9,999", at="adjust-error",
            criterion="Lost with no units is refused")
    adjust(app, "lost", "7")
    app.see("Adjusted -7 (Lost)", at="item-notice",
            criterion="the recorded entry is confirmed with 'Adjusted -7 (Lost)'")
    app.see("On hand: 5", at="detail-stock",
            criterion="the open item shows the units on hand: 'On hand: 5'")

    open_tab(app, "low", "Low stock", "Low stock")
    app.see("10 items at or below their reorder point", at="low-count",
            criterion="one item left the list and one joined it")
    app.not_see(at="low-name-tls-309", criterion="a restocked item leaves the Low stock list")
    app.see_in_order("Shipping Box Medium", "Hard Hat", "First Aid Kit", "Fire Blanket",
                     criterion="a shortfall of 1 sorts Hard Hat before the others by SKU")
    app.see("On hand: 5", at="low-stock-saf-407",
            criterion="the low item shows its units on hand: 'On hand: 5'")

    open_tab(app, "history", "History", "Stock movements")
    app.see("Mar 12, 2026 09:00", at="move-time-7",
            criterion="the first movement recorded is stamped by the pinned clock")
    app.see("Drill Bit Set", at="move-item-7",
            criterion="the movement names its item: 'Drill Bit Set'")
    app.see("Received +1 at $25.00", at="move-change-7",
            criterion="the movement shows its change: 'Received +1 at $25.00'")
    app.see("On hand: 5", at="move-balance-7",
            criterion="the movement shows the units on hand after it: 'On hand: 5'")
    app.see("Mar 12, 2026 09:01", at="move-time-8",
            criterion="the next movement is one minute later; a refused entry takes no minute")
    app.see("Lost -7", at="move-change-8", criterion="the movement shows its change: 'Lost -7'")
    app.see_in_order("Lost -7", "Received +1 at $25.00", "Damaged -1",
                     criterion="new movements are listed above the older ones")
    app.not_see(at="move-time-9", timeout_s=0, criterion="refused entries record no movement")


@journey
def test_journey_morning(app: App) -> None:
    app.tap(test_id="supplier-dunmore")
    search(app, "GLOV")
    app.see("Showing 2 of 42 items", at="item-count",
            criterion="the count of items shown reads 'Showing 2 of 42 items'")
    open_item(app, "saf-403", "Work Gloves M")
    app.see("Low stock", at="detail-low",
            criterion="the open item is marked 'Low stock' (on hand at or below the reorder point)")
    receive(app, "30", "4.40")
    app.see("Received 30 units at $4.40", at="item-notice",
            criterion="the recorded entry is confirmed with 'Received 30 units at $4.40'")
    app.see("On hand: 48", at="detail-stock",
            criterion="the open item shows the units on hand: 'On hand: 48'")
    app.see("Average cost: $4.31", at="detail-cost",
            criterion="(18 x $4.15 + 30 x $4.40) / 48 = 430.6 cents rounds to $4.31")
    app.see("Stock value: $206.88", at="detail-value",
            criterion="the open item shows its stock value (on hand x average cost): 'Stock value: $206.88'")
    app.not_see(at="detail-low", criterion="a restocked item is no longer low")
    back(app)
    app.see("Showing 2 of 42 items", at="item-count",
            criterion="the filter and search survive a visit to an item")
    app.not_see(at="item-low-saf-403", timeout_s=0,
                criterion='restocked Work Gloves M is no longer marked Low in the list')

    search(app, "")
    app.see("Showing 10 of 42 items", at="item-count",
            criterion="the count of items shown reads 'Showing 10 of 42 items'")
    open_item(app, "saf-408", "First Aid Kit")
    adjust(app, "lost", "3")
    app.see("Only 2 on hand: cannot remove 3", at="adjust-error",
            criterion="the refused adjustment explains why: 'Only 2 on hand: cannot remove 3'")
    adjust(app, "count", "0")
    app.see("Adjusted -2 (Stock count)", at="item-notice",
            criterion="a stock count may bring the stock to zero")
    app.see("Stock value: $0.00", at="detail-value",
            criterion="the open item shows its stock value (on hand x average cost): 'Stock value: $0.00'")
    app.see("Average cost: $27.45", at="detail-cost",
            criterion="the open item shows its average cost: 'Average cost: $27.45'")
    receive(app, "1", "30")
    app.see("Received 1 unit at $30.00", at="item-notice",
            criterion="the recorded entry is confirmed with 'Received 1 unit at $30.00'")
    app.see("Average cost: $30.00", at="detail-cost",
            criterion="receiving into zero stock ignores the old average")
    app.see("Low stock", at="detail-low",
            criterion="the open item is marked 'Low stock' (on hand at or below the reorder point)")
    back(app)

    app.tap(test_id="supplier-all")
    search(app, "wood")
    open_item(app, "fst-107", "Wood Screw 40 mm")
    adjust(app, "damaged", "1500")
    app.see("Only 1,200 on hand: cannot remove 1,500", at="adjust-error",
            criterion="quantities in messages get thousands commas")
    receive(app, "2500", "0.04")
    app.see("Received 2,500 units at $0.04", at="item-notice",
            criterion="the recorded entry is confirmed with 'Received 2,500 units at $0.04'")
    app.see("On hand: 3,700", at="detail-stock",
            criterion="the open item shows the units on hand: 'On hand: 3,700'")
    app.see("Average cost: $0.04", at="detail-cost",
            criterion="the open item shows its average cost: 'Average cost: $0.04'")
    back(app)
    search(app, "")
    app.see("Stock value: $4,177.83", at="stock-value",
            criterion="the total stock value reads 'Stock value: $4,177.83'")

    open_tab(app, "low", "Low stock", "Low stock")
    app.see("9 items at or below their reorder point", at="low-count",
            criterion="the Low stock screen counts '9 items at or below their reorder point'")
    app.not_see(at="low-name-saf-403", timeout_s=0,
                criterion='restocked Work Gloves M is off the Low stock list')
    app.see_in_order("Shipping Box Medium", "First Aid Kit", "Fire Blanket",
                     criterion="First Aid Kit, short by 2, sorts before Fire Blanket, short by 1")
    app.see("On hand: 1", at="low-stock-saf-408",
            criterion="the low item shows its units on hand: 'On hand: 1'")

    open_tab(app, "history", "History", "Stock movements")
    app.see_in_order("Mar 12, 2026 09:03", "Mar 12, 2026 09:02", "Mar 12, 2026 09:01",
                     "Mar 12, 2026 09:00", "Mar 11, 2026 16:55",
                     criterion="the morning's movements are stamped a minute apart, newest first")
    app.see("Wood Screw 40 mm", at="move-item-10",
            criterion="the movement names its item: 'Wood Screw 40 mm'")
    app.see("Received +2,500 at $0.04", at="move-change-10",
            criterion="the movement shows its change: 'Received +2,500 at $0.04'")
    app.see("On hand: 3,700", at="move-balance-10",
            criterion="the movement shows the units on hand after it: 'On hand: 3,700'")
    app.see("Stock count -2", at="move-change-8",
            criterion="the movement shows its change: 'Stock count -2'")
    app.see("Work Gloves M", at="move-item-7",
            criterion="the movement names its item: 'Work Gloves M'")
