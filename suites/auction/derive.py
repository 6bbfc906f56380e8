"""Independent derivation of every computed string the `auction` suite asserts.

Standalone (stdlib only, no code shared with the reference app): it models the seed data and
the rules of tasks/auction/instruction.md (proxy bidding, the increment table, the reserve, the
outbid notices, closing lots) and replays the scenarios of test_auction.py and functional/,
printing each derived string as JSON ({"<name>": "<string>"}). Run: python3 suites/auction/derive.py
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

BIDDERS = {"avery": "Avery", "blake": "Blake", "casey": "Casey", "drew": "Drew"}

# key: (name, starting price in cents, reserve in cents or None), in the table's order.
LOTS: dict[str, tuple[str, int, int | None]] = {
    "camera": ("Vintage Camera", 4000, None),
    "telescope": ("Brass Telescope", 12000, 30000),
    "lamp": ("Desk Lamp", 1500, None),
    "painting": ("Harbor Painting", 90000, None),
}

SEED_BIDS = (("camera", "avery", "75"), ("painting", "drew", "1000"), ("camera", "blake", "60"),
             ("telescope", "casey", "180"), ("painting", "avery", "995"))

# (lowest price of the row in cents, increment in cents), highest row first.
INCREMENTS = ((100000, 2500), (25000, 1000), (10000, 500), (2500, 250), (0, 100))

TYPED = re.compile(r"^(\d+)(?:\.(\d{1,2}))?$")


def increment(cents: int) -> int:
    return next(step for low, step in INCREMENTS if cents >= low)


def money(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


def parse(typed: str) -> int | None:
    """Dollars typed as digits with at most two decimals, in cents (None: not an amount)."""
    match = TYPED.match(typed)
    if not match:
        return None
    return int(match.group(1)) * 100 + int((match.group(2) or "").ljust(2, "0"))


def bids_text(n: int) -> str:
    return "1 bid" if n == 1 else f"{n} bids"


@dataclass
class Auction:
    bids: dict[str, list[tuple[str, int]]] = field(default_factory=lambda: {k: [] for k in LOTS})
    notices: list[tuple[str, str, int]] = field(default_factory=list)  # (bidder, lot, price)
    closed: list[str] = field(default_factory=list)
    selected: str = "avery"

    def __post_init__(self) -> None:
        for lot, bidder, maximum in SEED_BIDS:
            assert self.bid(lot, bidder, maximum) is None, (lot, bidder)

    def ranked(self, lot: str) -> list[tuple[str, int]]:
        # sorted() is stable: between equal maxima the earlier bid stays first.
        return sorted(self.bids[lot], key=lambda b: -b[1])

    def leader(self, lot: str) -> str | None:
        ranked = self.ranked(lot)
        return ranked[0][0] if ranked else None

    def price(self, lot: str) -> int:
        _, start, reserve = LOTS[lot]
        ranked = self.ranked(lot)
        if len(ranked) < 2:
            price = start
        else:
            second = ranked[1][1]
            price = min(second + increment(second), ranked[0][1])
        if reserve is not None and ranked and ranked[0][1] >= reserve:
            price = max(price, reserve)
        return price

    def reserve_met(self, lot: str) -> bool:
        reserve = LOTS[lot][2]
        ranked = self.ranked(lot)
        return reserve is not None and bool(ranked) and ranked[0][1] >= reserve

    def minimum(self, lot: str) -> int:
        if not self.bids[lot]:
            return LOTS[lot][1]
        price = self.price(lot)
        return price + increment(price)

    def sold(self, lot: str) -> bool:
        return self.leader(lot) is not None and (LOTS[lot][2] is None or self.reserve_met(lot))

    def status(self, lot: str) -> str:
        leader = self.leader(lot)
        if lot in self.closed:
            if leader is not None and self.sold(lot):
                return f"Sold to {BIDDERS[leader]} for {money(self.price(lot))}"
            return "Not sold"
        return f"Leading: {BIDDERS[leader]}" if leader else "No bids yet"

    def bid(self, lot: str, bidder: str, typed: str) -> str | None:
        """Place a bid; the form's message when it is refused, else None."""
        self.selected = bidder
        before = self.leader(lot)
        if before == bidder:
            return f"{BIDDERS[bidder]} is already the highest bidder"
        maximum = parse(typed)
        if maximum is None or maximum < self.minimum(lot):
            return f"Bid at least {money(self.minimum(lot))}"
        self.bids[lot].append((bidder, maximum))
        after = self.leader(lot)
        if after != bidder:
            self.notices.append((bidder, lot, self.price(lot)))
        elif before is not None:
            self.notices.append((before, lot, self.price(lot)))
        return None

    def close(self, lot: str) -> None:
        self.closed.append(lot)

    def notice(self, n: int) -> str:
        bidder, _, price = self.notices[n - 1]
        return f"{BIDDERS[bidder]} was outbid at {money(price)}"

    def notice_lot(self, n: int) -> str:
        return LOTS[self.notices[n - 1][1]][0]

    def details(self, lot: str) -> dict[str, str]:
        out = {
            "price": f"Current price: {money(self.price(lot))}",
            "status": self.status(lot),
            "bids": bids_text(len(self.bids[lot])),
        }
        if lot not in self.closed:
            out["min"] = f"Minimum bid: {money(self.minimum(lot))}"
            if LOTS[lot][2] is not None:
                out["reserve"] = "Reserve met" if self.reserve_met(lot) else "Reserve not met"
        return out

    def row(self, lot: str) -> dict[str, str]:
        return {"price": money(self.price(lot)), "status": self.status(lot)}

    def results(self) -> dict[str, str]:
        sold = [lot for lot in self.closed if self.sold(lot)]
        out = {f"result.{lot}": self.status(lot) for lot in self.closed}
        for n, lot in enumerate(self.closed, 1):
            out[f"order.{n}"] = LOTS[lot][0]
        out["total"] = f"Total sales: {money(sum(self.price(lot) for lot in sold))}"
        out["sold"] = f"{len(sold)} of {len(LOTS)} lots sold"
        return out


def derive() -> dict[str, str]:
    out: dict[str, str] = {}

    def put(prefix: str, values: dict[str, str]) -> None:
        for name, value in values.items():
            out[f"{prefix}.{name}"] = value

    def notices(prefix: str, auction: Auction) -> None:
        for n in range(1, len(auction.notices) + 1):
            out[f"{prefix}.notice-{n}"] = auction.notice(n)
            out[f"{prefix}.notice-lot-{n}"] = auction.notice_lot(n)

    # Stage 1: the seed.
    a = Auction()
    for lot in LOTS:
        put(f"s1.row.{lot}", a.row(lot))
    out["s1.details.camera.start"] = f"Starting price: {money(LOTS['camera'][1])}"
    put("s1.details.camera", a.details("camera"))
    for lot in ("telescope", "lamp", "painting"):
        put(f"s1.details.{lot}", {k: v for k, v in a.details(lot).items() if k != "price"})
    notices("s1", a)

    # Stage 2: bids on Desk Lamp.
    a = Auction()
    out["s2.empty"] = a.bid("lamp", "avery", "") or ""
    a.bid("lamp", "avery", "24")
    put("s2.avery24", a.details("lamp"))
    out["s2.avery30"] = a.bid("lamp", "avery", "30") or ""
    a.bid("lamp", "blake", "20")
    put("s2.blake20", a.details("lamp"))
    a.bid("lamp", "casey", "30")
    put("s2.casey30", a.details("lamp"))
    out["s2.drew26"] = a.bid("lamp", "drew", "26") or ""
    put("s2.drew26", a.details("lamp"))
    put("s2.row.lamp", a.row("lamp"))
    notices("s2", a)

    # Stage 3: closing.
    a = Auction()
    a.close("camera")
    put("s3.camera", a.details("camera"))
    a.bid("telescope", "drew", "350")
    put("s3.drew350", a.details("telescope"))
    a.close("telescope")
    put("s3.telescope", a.details("telescope"))
    a.close("lamp")
    put("s3.lamp", a.details("lamp"))
    put("s3", a.results())
    for lot in LOTS:
        put(f"s3.row.{lot}", a.row(lot))
    notices("s3", a)

    # The journey: closing night.
    a = Auction()
    a.bid("lamp", "casey", "40")
    put("j.casey40", a.details("lamp"))
    a.bid("lamp", "drew", "40")
    put("j.drew40", a.details("lamp"))
    a.bid("lamp", "blake", "42.50")
    put("j.blake42", a.details("lamp"))
    a.bid("telescope", "blake", "250")
    put("j.blake250", a.details("telescope"))
    a.bid("camera", "drew", "80")
    put("j.drew80", a.details("camera"))
    a.bid("painting", "casey", "1030")
    put("j.casey1030", a.details("painting"))
    for lot in LOTS:
        put(f"j.row.{lot}", a.row(lot))
    notices("j", a)
    for lot in ("telescope", "camera", "painting", "lamp"):
        a.close(lot)
    for lot in LOTS:
        put(f"j.closed.row.{lot}", a.row(lot))
    put("j", a.results())

    # Component tests: bidding.test.tsx.
    a = Auction()
    a.bid("lamp", "avery", "5000")
    put("c.top.avery", a.details("lamp"))
    for bidder, typed in (("blake", "24.99"), ("casey", "99.99"), ("drew", "249.99"),
                          ("blake", "999.99")):
        assert a.bid("lamp", bidder, typed) is None
        put(f"c.top.{bidder}{typed}", a.details("lamp"))
    put("c.top.row.lamp", a.row("lamp"))

    a = Auction()
    a.bid("lamp", "avery", "5000")
    for bidder, typed in (("blake", "25"), ("casey", "100"), ("drew", "250"), ("blake", "1000")):
        assert a.bid("lamp", bidder, typed) is None
        put(f"c.start.{bidder}{typed}", a.details("lamp"))
    notices("c.start", a)

    a = Auction()
    a.bid("camera", "casey", "74.99")
    put("c.cap.casey", a.details("camera"))
    a.bid("camera", "blake", "77.50")
    put("c.cap.blake", a.details("camera"))
    notices("c.cap", a)

    a = Auction()
    a.bid("lamp", "avery", "42.5")
    put("c.tenths.avery", a.details("lamp"))
    a.bid("lamp", "blake", "40")
    put("c.tenths.blake", a.details("lamp"))
    a.bid("lamp", "casey", "45.1")
    put("c.tenths.casey", a.details("lamp"))

    a = Auction()
    for typed in ("$20", "1,000", "16.999", "twenty"):
        out[f"c.malformed.{typed}"] = a.bid("lamp", "blake", typed) or ""
    put("c.malformed.none", a.details("lamp"))
    a.bid("lamp", "blake", "1000")
    put("c.malformed.blake", a.details("lamp"))

    a = Auction()
    out["c.order.leader"] = a.bid("camera", "avery", "") or ""
    out["c.order.abc"] = a.bid("camera", "blake", "abc") or ""
    a.bid("camera", "blake", "70")
    put("c.order.blake70", a.details("camera"))
    a.bid("camera", "blake", "80")
    put("c.order.blake80", a.details("camera"))
    out["c.order.again"] = a.bid("camera", "blake", "") or ""
    out["c.order.casey"] = a.bid("camera", "casey", "") or ""
    notices("c.order", a)

    # Component tests: closing.test.tsx.
    a = Auction()
    a.bid("telescope", "drew", "300")
    put("c.at-reserve", a.details("telescope"))
    a.close("telescope")
    put("c.at-reserve.closed", a.details("telescope"))
    put("c.at-reserve", a.results())
    notices("c.at-reserve", a)

    a = Auction()
    a.bid("telescope", "drew", "300")
    a.bid("telescope", "avery", "400")
    put("c.above", a.details("telescope"))
    a.close("telescope")
    put("c.above.closed", a.details("telescope"))
    put("c.above.row", a.row("telescope"))
    notices("c.above", a)

    a = Auction()
    a.bid("telescope", "drew", "350")
    put("c.equal.drew", a.details("telescope"))
    a.bid("telescope", "blake", "350")
    put("c.equal.blake", a.details("telescope"))
    a.close("telescope")
    put("c.equal.closed", a.details("telescope"))
    notices("c.equal", a)

    a = Auction()
    a.bid("telescope", "drew", "299.99")
    put("c.cent", a.details("telescope"))
    a.close("telescope")
    put("c.cent.closed", a.details("telescope"))
    put("c.cent.row", a.row("telescope"))
    put("c.cent", a.results())

    a = Auction()
    a.bid("painting", "avery", "1000000")
    put("c.million.avery", a.details("painting"))
    a.bid("painting", "blake", "999999.99")
    put("c.million.blake", a.details("painting"))
    a.close("painting")
    put("c.million.closed", a.details("painting"))
    a.close("camera")
    a.close("lamp")
    for lot in LOTS:
        put(f"c.million.row.{lot}", a.row(lot))
    put("c.million", a.results())
    notices("c.million", a)
    return out


if __name__ == "__main__":
    print(json.dumps(derive(), indent=1))
