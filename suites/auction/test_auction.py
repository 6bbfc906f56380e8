"""Hidden device tests of the `auction` task: one per stage, and the closing-night journey.

Every expected string and number follows from tasks/auction/instruction.md and its steps; the
computed ones equal suites/auction/derive.py's independent derivation.

Leak canary rvb-canary-docstring-5c7303bb: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-049968fd): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-80114489-auction-suite"


def open_tab(app: App, tab: str, heading: str) -> None:
    app.tap(tab)
    app.see(heading, criterion=f"pressing the {tab} tab shows the heading {heading!r}")


def open_lot(app: App, name: str) -> None:
    app.tap(name)
    app.see("Lot details", criterion=f"pressing {name!r} opens its Lot details")
    app.see(name, at="lot-name", criterion=f"the details show the lot's name {name!r}")


def back_to_lots(app: App) -> None:
    app.tap(test_id="back")
    app.see("Auction lots", criterion="Back returns to the Lots screen")


def place_bid(app: App, bidder: str, maximum: str) -> None:
    app.tap(test_id=f"pick-bidder-{bidder}")
    app.type(into="input-max", text=maximum)
    app.tap(test_id="place-bid")


def close_lot(app: App) -> None:
    app.tap(test_id="close-lot")


@stage("lots")
def test_stage_1_lots(app: App) -> None:
    for tab in ("Lots", "Notices", "Results"):
        app.see(tab, at=f"tab-{tab.lower()}", criterion=f"the tab bar shows the {tab} tab")
    app.see("Auction lots", criterion="the app opens on the Lots screen")
    app.see("$62.50", at="price-camera",
            criterion="the price is the second-ranked maximum plus its increment")
    app.see("$120.00", at="price-telescope", criterion="a lot with one bid is at its starting price")
    app.see("$15.00", at="price-lamp", criterion="a lot without bids is at its starting price")
    app.see("$1,000.00", at="price-painting",
            criterion="the price never rises above the leader's maximum")
    app.see("Leading: Avery", at="status-camera",
            criterion="the leader of Vintage Camera is the bidder with the highest maximum")
    app.see("Leading: Casey", at="status-telescope", criterion="a lot's only bidder leads it")
    app.see("No bids yet", at="status-lamp", criterion="a lot without bids says so")
    app.see("Leading: Drew", at="status-painting",
            criterion="a later, lower maximum does not take the lead")

    open_lot(app, "Vintage Camera")
    app.see("Starting price: $40.00", at="lot-start",
            criterion="the details show the lot's starting price")
    app.see("Current price: $62.50", at="lot-price",
            criterion="the details show the same current price as the Lots screen")
    app.see("2 bids", at="lot-bids", criterion="the details count every accepted bid on the lot")
    app.see("Minimum bid: $65.00", at="min-bid",
            criterion="the minimum bid adds the increment for the current price")
    app.not_see(at="lot-reserve", timeout_s=0,
                criterion="a lot without a reserve shows no reserve line")
    back_to_lots(app)

    open_lot(app, "Brass Telescope")
    app.see("1 bid", at="lot-bids", criterion="one bid is counted in the singular")
    app.see("Reserve not met", at="lot-reserve",
            criterion="a leader's maximum below the reserve does not meet it")
    app.see("Minimum bid: $125.00", at="min-bid", criterion="from $100.00 the increment is $5.00")
    back_to_lots(app)

    open_lot(app, "Harbor Painting")
    app.see("Minimum bid: $1,025.00", at="min-bid",
            criterion="from $1,000.00 the increment is $25.00")
    back_to_lots(app)

    open_lot(app, "Desk Lamp")
    app.see("0 bids", at="lot-bids", criterion="a lot without bids counts zero bids")
    app.see("Minimum bid: $15.00", at="min-bid",
            criterion="without bids the minimum bid is the starting price")
    back_to_lots(app)

    open_tab(app, "Notices", "Outbid notices")
    open_tab(app, "Results", "Closed lots")
    open_tab(app, "Lots", "Auction lots")


@stage("bidding")
def test_stage_2_bidding(app: App) -> None:
    open_tab(app, "Notices", "Outbid notices")
    app.see("Blake was outbid at $62.50", at="notice-1",
            criterion="a bidder whose maximum is beaten at once gets a notice")
    app.see("Harbor Painting", at="notice-lot-2",
            criterion="each notice names the lot it was made on")
    app.see_in_order("Avery was outbid at $1,000.00", "Blake was outbid at $62.50",
                     criterion="notices are listed newest first")

    open_tab(app, "Lots", "Auction lots")
    open_lot(app, "Desk Lamp")
    app.tap(test_id="place-bid")
    app.see("Bid at least $15.00", at="form-error",
            criterion="an empty maximum is refused with the minimum bid")

    place_bid(app, "avery", "24")
    app.see("Leading: Avery", at="lot-status", criterion="the first bid takes the lead")
    app.see("Current price: $15.00", at="lot-price",
            criterion="a single bid keeps the starting price, not the maximum")
    app.see("1 bid", at="lot-bids", criterion="the first accepted bid is counted")
    app.see("Minimum bid: $16.00", at="min-bid",
            criterion="the minimum bid is the current price plus the $1.00 increment under $25.00")
    app.not_see(at="form-error", criterion="an accepted bid clears the message")

    place_bid(app, "avery", "30")
    app.see("Avery is already the highest bidder", at="form-error",
            criterion="the leader cannot bid against themselves")

    place_bid(app, "blake", "20")
    app.see("Current price: $21.00", at="lot-price",
            criterion="a lower maximum raises the price to that maximum plus $1.00")
    app.see("Leading: Avery", at="lot-status", criterion="a lower maximum does not take the lead")
    app.see("Minimum bid: $22.00", at="min-bid",
            criterion="the minimum bid follows the raised price")

    place_bid(app, "casey", "30")
    app.see("Current price: $25.00", at="lot-price",
            criterion="the price rises only to the beaten maximum plus its increment")
    app.see("Leading: Casey", at="lot-status", criterion="a higher maximum takes the lead")
    app.see("Minimum bid: $27.50", at="min-bid",
            criterion="at exactly $25.00 the increment is already $2.50")

    place_bid(app, "drew", "26")
    app.see("Bid at least $27.50", at="form-error",
            criterion="a maximum below the minimum bid is refused")
    app.see("3 bids", at="lot-bids", criterion="refused bids are not counted")
    back_to_lots(app)
    app.see("$25.00", at="price-lamp", criterion="the Lots screen shows the price the bids raised")
    app.see("Leading: Casey", at="status-lamp", criterion="the Lots screen shows the new leader")

    open_tab(app, "Notices", "Outbid notices")
    app.see("Avery was outbid at $25.00", at="notice-4",
            criterion="a displaced leader gets a notice at the new price")
    app.see("Desk Lamp", at="notice-lot-4",
            criterion="the new notices name the lot that was bid on")
    app.see("Blake was outbid at $21.00", at="notice-3",
            criterion="a bidder whose maximum is beaten at once gets a notice at the new price")
    app.see_in_order("Avery was outbid at $25.00", "Blake was outbid at $21.00",
                     "Avery was outbid at $1,000.00",
                     criterion="new notices come before the seed notices")

    open_tab(app, "Lots", "Auction lots")
    app.see("Leading: Casey", at="status-lamp",
            criterion="bids survive a round of the tabs")


@stage("closing")
def test_stage_3_closing(app: App) -> None:
    open_lot(app, "Vintage Camera")
    close_lot(app)
    app.see("Sold to Avery for $62.50", at="lot-status",
            criterion="a closed lot is sold to the leader at the current price")
    app.not_see(at="place-bid", criterion="a closed lot takes no more bids")
    app.not_see(at="min-bid", timeout_s=0, criterion="a closed lot shows no minimum bid")
    back_to_lots(app)
    app.see("Sold to Avery for $62.50", at="status-camera",
            criterion="the Lots screen shows the sold status of a closed lot")

    open_lot(app, "Brass Telescope")
    place_bid(app, "drew", "350")
    app.see("Current price: $300.00", at="lot-price",
            criterion="a leader's maximum above the reserve raises the price to the reserve")
    app.see("Reserve met", at="lot-reserve",
            criterion="a leader's maximum at least the reserve meets it")
    app.see("Leading: Drew", at="lot-status",
            criterion="a higher maximum takes the lead of a lot with a reserve")
    close_lot(app)
    app.see("Sold to Drew for $300.00", at="lot-status",
            criterion="a lot whose reserve is met is sold to the leader at the current price")
    back_to_lots(app)

    open_lot(app, "Desk Lamp")
    close_lot(app)
    app.see("Not sold", at="lot-status", criterion="a lot closed without bids is not sold")
    back_to_lots(app)

    open_tab(app, "Results", "Closed lots")
    app.see_in_order("Vintage Camera", "Brass Telescope", "Desk Lamp",
                     criterion="closed lots are listed in the order they were closed")
    app.see("Sold to Avery for $62.50", at="result-camera",
            criterion="the results show who won each sold lot and for how much")
    app.see("Sold to Drew for $300.00", at="result-telescope",
            criterion="the results show the lot sold at its reserve")
    app.see("Not sold", at="result-lamp",
            criterion="the results show a lot closed without bids as not sold")
    app.not_see(at="result-painting", timeout_s=0, criterion="an open lot is not in the results")
    app.see("Total sales: $362.50", at="total-sales",
            criterion="total sales sum the final prices of the lots sold")
    app.see("2 of 4 lots sold", at="sold-count",
            criterion="the results count the lots sold out of all the lots")

    open_tab(app, "Notices", "Outbid notices")
    app.see("Casey was outbid at $300.00", at="notice-3",
            criterion="the displaced leader's notice carries the price raised to the reserve")

    open_tab(app, "Lots", "Auction lots")
    app.see("$300.00", at="price-telescope",
            criterion="the Lots screen keeps the price a closed lot sold at")
    app.see("Leading: Drew", at="status-painting",
            criterion="an open lot keeps its leader while other lots close")


@journey
def test_journey_closing_night(app: App) -> None:
    open_lot(app, "Desk Lamp")
    place_bid(app, "casey", "40")
    app.see("Leading: Casey", at="lot-status", criterion="the first bid on a lot takes the lead")
    place_bid(app, "drew", "40")
    app.see("Current price: $40.00", at="lot-price",
            criterion="between equal maxima the price is that maximum")
    app.see("Leading: Casey", at="lot-status",
            criterion="between equal maxima the earlier bid leads")
    app.see("Minimum bid: $42.50", at="min-bid", criterion="from $25.00 the increment is $2.50")
    place_bid(app, "blake", "42.50")
    app.see("Leading: Blake", at="lot-status",
            criterion="a maximum above both equal maxima takes the lead")
    app.see("Current price: $42.50", at="lot-price",
            criterion="a new leader pays no more than their own maximum")
    back_to_lots(app)

    open_lot(app, "Brass Telescope")
    place_bid(app, "blake", "250")
    app.see("Current price: $185.00", at="lot-price",
            criterion="the price is Casey's $180.00 plus the $5.00 increment")
    app.see("Reserve not met", at="lot-reserve",
            criterion="a maximum below the reserve leaves it not met")
    back_to_lots(app)

    open_lot(app, "Vintage Camera")
    place_bid(app, "drew", "80")
    app.see("Current price: $77.50", at="lot-price",
            criterion="the price is Avery's $75.00 plus the $2.50 increment")
    back_to_lots(app)

    open_lot(app, "Harbor Painting")
    place_bid(app, "casey", "1030")
    app.see("Current price: $1,025.00", at="lot-price",
            criterion="Drew's $1,000.00 plus the $25.00 increment")
    back_to_lots(app)

    app.see("$42.50", at="price-lamp", criterion="the Lots screen shows Desk Lamp's new price")
    app.see("$185.00", at="price-telescope",
            criterion="the Lots screen shows Brass Telescope's new price")
    app.see("$77.50", at="price-camera",
            criterion="the Lots screen shows Vintage Camera's new price")
    app.see("$1,025.00", at="price-painting",
            criterion="the Lots screen shows Harbor Painting's new price")

    open_tab(app, "Notices", "Outbid notices")
    app.see("Drew was outbid at $40.00", at="notice-3",
            criterion="the later of two equal maxima is outbid")
    app.see("Casey was outbid at $42.50", at="notice-4",
            criterion="the displaced leader gets a notice at the new leader's price")
    app.see_in_order("Drew was outbid at $1,025.00", "Avery was outbid at $77.50",
                     "Casey was outbid at $185.00", "Casey was outbid at $42.50",
                     "Drew was outbid at $40.00", "Avery was outbid at $1,000.00",
                     criterion="every outbid bidder has a notice, newest first")

    open_tab(app, "Lots", "Auction lots")
    for name in ("Brass Telescope", "Vintage Camera", "Harbor Painting", "Desk Lamp"):
        open_lot(app, name)
        close_lot(app)
        app.not_see(at="close-lot", criterion=f"{name} is closed")
        back_to_lots(app)
    app.see("Not sold", at="status-telescope",
            criterion="a lot whose reserve is not met is not sold")

    open_tab(app, "Results", "Closed lots")
    app.see_in_order("Brass Telescope", "Vintage Camera", "Harbor Painting", "Desk Lamp",
                     criterion="results follow the closing order")
    app.see("Not sold", at="result-telescope",
            criterion="the results show a lot whose reserve is not met as not sold")
    app.see("Sold to Drew for $77.50", at="result-camera",
            criterion="Vintage Camera is sold to Drew, its leader, at its current price")
    app.see("Sold to Casey for $1,025.00", at="result-painting",
            criterion="Harbor Painting is sold to Casey, its leader, at its current price")
    app.see("Sold to Blake for $42.50", at="result-lamp",
            criterion="Desk Lamp is sold to Blake, its leader, at its current price")
    app.see("Total sales: $1,145.00", at="total-sales",
            criterion="total sales leave out the unsold lot")
    app.see("3 of 4 lots sold", at="sold-count",
            criterion="the count of lots sold leaves out the unsold lot")
