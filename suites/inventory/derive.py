"""Independent derivation of every computed string the `inventory` suite asserts.

Standalone (stdlib only, no code shared with the reference app): it models the seed data and
the rules of tasks/inventory/instruction.md and its steps, replays the scenarios of
test_inventory.py and functional/*.test.tsx, and prints each derived string as JSON
({"<name>": "<string>"}); an ordering is printed one name per position (`<name>.1`, `.2`, …).
Run: python3 suites/inventory/derive.py
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

SUPPLIERS = {
    "alder": "Alder Fasteners", "brookfield": "Brookfield Packaging",
    "cobalt": "Cobalt Tool Co.", "dunmore": "Dunmore Safety",
}
SUPPLIER_OF_PREFIX = {"FST": "alder", "PKG": "brookfield", "TLS": "cobalt", "SAF": "dunmore"}

# The instruction's table, as written there: SKU | name | on hand | reorder point | average cost.
SEED_TABLE = """
FST-101 | Hex Bolt M6 | 420 | 100 | $0.12
FST-102 | Hex Bolt M8 | 310 | 100 | $0.18
FST-103 | Hex Nut M6 | 95 | 100 | $0.04
FST-104 | Hex Nut M8 | 260 | 100 | $0.06
FST-105 | Flat Washer M6 | 800 | 200 | $0.02
FST-106 | Flat Washer M8 | 640 | 200 | $0.03
FST-107 | Wood Screw 40 mm | 1,200 | 300 | $0.05
FST-108 | Drywall Screw 32 mm | 150 | 300 | $0.03
FST-109 | Wall Anchor 8 mm | 300 | 150 | $0.09
FST-110 | Threaded Rod M8 | 24 | 20 | $2.35
FST-111 | Spring Washer M8 | 200 | 200 | $0.04
PKG-201 | Shipping Box Small | 180 | 50 | $0.65
PKG-202 | Shipping Box Medium | 45 | 50 | $0.95
PKG-203 | Shipping Box Large | 60 | 40 | $1.40
PKG-204 | Bubble Wrap Roll | 12 | 6 | $18.50
PKG-205 | Packing Tape Clear | 36 | 24 | $2.10
PKG-206 | Packing Tape Brown | 8 | 24 | $2.05
PKG-207 | Stretch Film Roll | 15 | 10 | $12.75
PKG-208 | Void Fill Paper | 22 | 10 | $7.80
PKG-209 | Mailing Bag A4 | 500 | 200 | $0.22
PKG-210 | Label Roll 100 mm | 30 | 12 | $6.40
TLS-301 | Claw Hammer | 14 | 5 | $11.20
TLS-302 | Tape Measure 5 m | 25 | 10 | $4.85
TLS-303 | Utility Knife | 40 | 15 | $3.10
TLS-304 | Snap Blades Pack | 6 | 15 | $2.45
TLS-305 | Screwdriver Set | 9 | 4 | $16.90
TLS-306 | Adjustable Wrench | 11 | 4 | $9.75
TLS-307 | Spirit Level 60 cm | 7 | 3 | $14.30
TLS-308 | Cordless Drill | 3 | 2 | $89.00
TLS-309 | Drill Bit Set | 4 | 4 | $24.60
TLS-310 | Hacksaw | 10 | 3 | $8.40
TLS-311 | Combination Pliers | 13 | 5 | $7.25
SAF-401 | Safety Glasses | 48 | 20 | $2.90
SAF-402 | Work Gloves L | 36 | 24 | $4.15
SAF-403 | Work Gloves M | 18 | 24 | $4.15
SAF-404 | Ear Plugs Box | 9 | 5 | $13.60
SAF-405 | Dust Mask Pack | 20 | 10 | $6.80
SAF-406 | Hi-Vis Vest | 16 | 8 | $5.50
SAF-407 | Hard Hat | 12 | 6 | $9.90
SAF-408 | First Aid Kit | 2 | 3 | $27.45
SAF-409 | Safety Boots 43 | 5 | 2 | $48.00
SAF-410 | Fire Blanket | 0 | 1 | $19.95
"""

# number: (time, item name, change, on hand after)
SEED_MOVES = [
    ("Mar 10, 2026 08:30", "Cordless Drill", "Received +2 at $89.00", 4),
    ("Mar 10, 2026 14:15", "Packing Tape Brown", "Damaged -4", 8),
    ("Mar 11, 2026 10:05", "Cordless Drill", "Lost -1", 3),
    ("Mar 11, 2026 11:40", "Hex Bolt M6", "Received +200 at $0.12", 420),
    ("Mar 11, 2026 15:20", "Work Gloves M", "Stock count -2", 18),
    ("Mar 11, 2026 16:55", "Fire Blanket", "Damaged -1", 0),
]
FIRST_STAMP = (2026, 3, 12, 9, 0)  # Mar 12, 2026 09:00
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
REASONS = {"damaged": "Damaged", "lost": "Lost", "found": "Found", "count": "Stock count"}
UNITS_ERROR = "Enter a whole number of units from 1 to 9,999"
COUNT_ERROR = "Enter the counted units from 0 to 9,999"
COST_ERROR = "Enter a unit cost such as 2.35"


def qty(n: int) -> str:
    return f"{n:,}"


def money(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


def half_up_div(num: int, den: int) -> int:
    return (2 * num + den) // (2 * den)


def units(text: str, low: int) -> int | None:
    text = text.strip()
    if not re.fullmatch(r"[0-9]+", text):
        return None
    n = int(text)
    return n if low <= n <= 9999 else None


def unit_cost(text: str) -> int | None:
    match = re.fullmatch(r"([0-9]+)(?:\.([0-9]{1,2}))?", text.strip())
    if not match:
        return None
    cents = int(match.group(1)) * 100 + int((match.group(2) or "").ljust(2, "0") or 0)
    return cents if cents > 0 else None


@dataclass
class Item:
    sku: str
    name: str
    supplier: str
    on_hand: int
    point: int
    cost: int  # cents

    @property
    def key(self) -> str:
        return self.sku.lower()

    @property
    def low(self) -> bool:
        return self.on_hand <= self.point


def seed_items() -> dict[str, Item]:
    items = {}
    for row in SEED_TABLE.strip().splitlines():
        sku, name, on_hand, point, cost = (cell.strip() for cell in row.split("|"))
        dollars, cents = cost.lstrip("$").split(".")
        items[sku.lower()] = Item(sku, name, SUPPLIERS[SUPPLIER_OF_PREFIX[sku[:3]]],
                                  int(on_hand.replace(",", "")), int(point),
                                  int(dollars) * 100 + int(cents))
    return items


@dataclass
class Book:
    items: dict[str, Item] = field(default_factory=seed_items)
    moves: list[tuple[str, str, str, int]] = field(default_factory=lambda: list(SEED_MOVES))
    recorded: int = 0

    def stamp(self) -> str:
        year, month, day, hour, minute = FIRST_STAMP
        total = hour * 60 + minute + self.recorded
        self.recorded += 1
        assert total < 24 * 60, "the suite never records a day's worth of movements"
        return f"{MONTHS[month - 1]} {day}, {year} {total // 60:02d}:{total % 60:02d}"

    def total(self) -> str:
        return f"Stock value: {money(sum(i.on_hand * i.cost for i in self.items.values()))}"

    def showing(self, search: str = "", supplier: str | None = None) -> list[str]:
        needle = search.strip().lower()
        return [i.key for i in self.items.values()
                if (needle in i.name.lower() or needle in i.sku.lower())
                and (supplier is None or i.supplier == SUPPLIERS[supplier])]

    def count(self, search: str = "", supplier: str | None = None) -> str:
        return f"Showing {len(self.showing(search, supplier))} of {len(self.items)} items"

    def detail(self, key: str) -> dict[str, str]:
        item = self.items[key]
        out = {
            "sku": f"SKU: {item.sku}", "supplier": f"Supplier: {item.supplier}",
            "stock": f"On hand: {qty(item.on_hand)}", "reorder": f"Reorder point: {item.point}",
            "cost": f"Average cost: {money(item.cost)}",
            "value": f"Stock value: {money(item.on_hand * item.cost)}",
        }
        if item.low:
            out["low"] = "Low stock"
        return out

    def receive(self, key: str, typed_units: str, typed_cost: str) -> str:
        q = units(typed_units, 1)
        if q is None:
            return UNITS_ERROR
        c = unit_cost(typed_cost)
        if c is None:
            return COST_ERROR
        item = self.items[key]
        n = item.on_hand
        item.cost = c if n == 0 else half_up_div(n * item.cost + q * c, n + q)
        item.on_hand = n + q
        self.moves.append((self.stamp(), item.name, f"Received +{qty(q)} at {money(c)}",
                           item.on_hand))
        return f"Received {qty(q)} unit{'' if q == 1 else 's'} at {money(c)}"

    def adjust(self, key: str, reason: str | None, typed: str) -> str:
        if reason is None:
            return "Choose a reason"
        item = self.items[key]
        n = units(typed, 0 if reason == "count" else 1)
        if n is None:
            return COUNT_ERROR if reason == "count" else UNITS_ERROR
        if reason in ("damaged", "lost") and n > item.on_hand:
            return f"Only {qty(item.on_hand)} on hand: cannot remove {qty(n)}"
        if reason == "count" and n == item.on_hand:
            return "The count matches the stock on hand"
        change = {"damaged": -n, "lost": -n, "found": n, "count": n - item.on_hand}[reason]
        item.on_hand += change
        signed = f"{'+' if change > 0 else '-'}{qty(abs(change))}"
        self.moves.append((self.stamp(), item.name, f"{REASONS[reason]} {signed}", item.on_hand))
        return f"Adjusted {signed} ({REASONS[reason]})"

    def low(self) -> list[Item]:
        return sorted((i for i in self.items.values() if i.low),
                      key=lambda i: (-(i.point - i.on_hand), i.sku))

    def low_count(self) -> str:
        n = len(self.low())
        if n == 0:
            return "No items are low on stock"
        return (f"{n} item at or below its reorder point" if n == 1
                else f"{n} items at or below their reorder point")

    def move(self, number: int) -> dict[str, str]:
        time, name, change, after = self.moves[number - 1]
        return {"time": time, "item": name, "change": change, "balance": f"On hand: {qty(after)}"}


def derive() -> dict[str, str]:
    out: dict[str, str] = {}

    def put(prefix: str, values: dict[str, str] | list[str]) -> None:
        pairs = values.items() if isinstance(values, dict) else enumerate(values, 1)
        for name, value in pairs:
            out[f"{prefix}.{name}"] = value

    def pick(values: dict[str, str], *names: str) -> dict[str, str]:
        """Only the fields the suite reads."""
        return {name: values[name] for name in names}

    def row(book: Book, key: str) -> dict[str, str]:
        item = book.items[key]
        values = {"name": item.name, "sku": item.sku, "stock": f"On hand: {qty(item.on_hand)}"}
        if item.low:
            values["low"] = "Low"
        return values

    # Stage 1: the list, search, filter and details.
    book = Book()
    out["s1.total"] = book.total()
    out["s1.all"] = book.count()
    put("s1.row.fst-101", row(book, "fst-101"))
    put("s1.row.fst-107", pick(row(book, "fst-107"), "name", "stock"))
    put("s1.row.fst-111", pick(row(book, "fst-111"), "name", "low"))
    put("s1.row.saf-410", pick(row(book, "saf-410"), "name", "sku", "stock", "low"))
    put("s1.sku-order", [book.items[k].sku for k in ("fst-110", "pkg-201", "tls-305", "saf-410")
                         if k in book.showing()])
    out["s1.gloves"] = book.count("gloves")
    put("s1.gloves.names", [book.items[k].name for k in book.showing("gloves")])
    out["s1.fst-10"] = book.count("FST-10")
    out["s1.box"] = book.count("box")
    out["s1.box+brookfield"] = book.count("box", "brookfield")
    out["s1.bolt+dunmore"] = book.count("bolt", "dunmore")
    out["s1.bolt"] = book.count("bolt")
    out["s1.rod"] = book.count("rod")
    put("s1.fst-110", pick(book.detail("fst-110"), "supplier", "stock", "reorder", "cost", "value"))
    out["s1.fst-110.heading"] = book.items["fst-110"].name
    put("s1.saf-410", pick(book.detail("saf-410"), "value", "low"))

    # Stage 2: receiving and adjusting.
    book = Book()
    out["s2.rod.empty"] = book.receive("fst-110", "", "")
    out["s2.rod.abc"] = book.receive("fst-110", "15", "abc")
    out["s2.rod.refused.stock"] = book.detail("fst-110")["stock"]
    out["s2.rod.receive"] = book.receive("fst-110", "15", "2.60")
    put("s2.rod.received", pick(book.detail("fst-110"), "stock", "cost", "value"))
    out["s2.rod.no-reason"] = book.adjust("fst-110", None, "")
    out["s2.rod.damaged50"] = book.adjust("fst-110", "damaged", "50")
    out["s2.rod.damaged3"] = book.adjust("fst-110", "damaged", "3")
    put("s2.rod.damaged", pick(book.detail("fst-110"), "stock", "cost", "value"))
    out["s2.rod.found2"] = book.adjust("fst-110", "found", "2")
    out["s2.rod.found.stock"] = book.detail("fst-110")["stock"]
    out["s2.rod.count38"] = book.adjust("fst-110", "count", "38")
    out["s2.rod.count35"] = book.adjust("fst-110", "count", "35")
    put("s2.rod.counted", pick(book.detail("fst-110"), "stock", "value"))
    out["s2.rod.row"] = row(book, "fst-110")["stock"]
    out["s2.total1"] = book.total()
    book.receive("fst-103", "5", "0.14")
    put("s2.nut", pick(book.detail("fst-103"), "stock", "cost", "low"))
    out["s2.blanket.receive"] = book.receive("saf-410", "2", "21")
    put("s2.blanket", pick(book.detail("saf-410"), "cost"))
    assert not book.items["saf-410"].low
    out["s2.total2"] = book.total()

    # Stage 3: low stock and history.
    book = Book()
    out["s3.low-count"] = book.low_count()
    put("s3.low-order", [i.name for i in book.low()])
    fst108 = book.items["fst-108"]
    out["s3.low.fst-108.stock"] = f"On hand: {qty(fst108.on_hand)}"
    out["s3.low.fst-108.point"] = f"Reorder point: {qty(fst108.point)}"
    out["s3.low.fst-108.supplier"] = fst108.supplier
    out["s3.low.tls-309.point"] = f"Reorder point: {qty(book.items['tls-309'].point)}"
    put("s3.history-order", [book.move(n)["time"] for n in (6, 5, 3, 1)])
    put("s3.move6", book.move(6))
    out["s3.move1.change"] = book.move(1)["change"]
    out["s3.move5.change"] = book.move(5)["change"]
    out["s3.drill.receive"] = book.receive("tls-309", "1", "25")
    out["s3.drill.cost"] = book.detail("tls-309")["cost"]
    out["s3.hat.empty"] = book.adjust("saf-407", "lost", "")
    out["s3.hat.lost7"] = book.adjust("saf-407", "lost", "7")
    out["s3.hat.stock"] = book.detail("saf-407")["stock"]
    out["s3.low-count.after"] = book.low_count()
    names = [i.name for i in book.low()]
    at = names.index("Hard Hat")
    put("s3.low-order.after", names[at - 1:at + 3])
    put("s3.move7", book.move(7))
    put("s3.move8", book.move(8))
    assert len(book.moves) == 8

    # The journey.
    book = Book()
    out["j.glov"] = book.count("GLOV", "dunmore")
    out["j.gloves.low"] = book.detail("saf-403")["low"]
    out["j.gloves.receive"] = book.receive("saf-403", "30", "4.40")
    put("j.gloves", pick(book.detail("saf-403"), "stock", "cost", "value"))
    assert not book.items["saf-403"].low
    out["j.dunmore"] = book.count("", "dunmore")
    out["j.kit.lost3"] = book.adjust("saf-408", "lost", "3")
    out["j.kit.count0"] = book.adjust("saf-408", "count", "0")
    put("j.kit.counted", pick(book.detail("saf-408"), "value", "cost"))
    out["j.kit.receive"] = book.receive("saf-408", "1", "30")
    put("j.kit.received", pick(book.detail("saf-408"), "cost", "low"))
    out["j.screw.damaged"] = book.adjust("fst-107", "damaged", "1500")
    out["j.screw.receive"] = book.receive("fst-107", "2500", "0.04")
    put("j.screw", pick(book.detail("fst-107"), "stock", "cost"))
    out["j.total"] = book.total()
    out["j.low-count"] = book.low_count()
    names = [i.name for i in book.low()]
    at = names.index("First Aid Kit")
    put("j.low-order", names[at - 1:at + 2])
    out["j.low.saf-408.stock"] = f"On hand: {qty(book.items['saf-408'].on_hand)}"
    put("j.history-order", [book.move(n)["time"] for n in (10, 9, 8, 7, 6)])
    put("j.move10", book.move(10))
    out["j.move8.change"] = book.move(8)["change"]
    out["j.move7.item"] = book.move(7)["item"]

    # functional/stock.test.tsx, each test from a fresh launch.
    book = Book()
    out["f.list.all"] = book.count()
    out["f.list.fst-107"] = f"On hand: {qty(book.items['fst-107'].on_hand)}"
    out["f.list.total"] = book.total()
    keys = [f"item-{key}" for key in book.showing()]
    out["f.list.length"] = str(len(keys))
    out["f.list.first"], out["f.list.last"] = keys[0], keys[-1]
    out["f.list.index-pkg-201"] = str(keys.index("item-pkg-201"))
    out["f.search.hex-nut"] = book.count("  hex NUT  ")
    put("f.search.hex-nut.rows", [f"item-{key}" for key in book.showing("  hex NUT  ")])
    out["f.search.pkg-20"] = str(len(book.showing("pkg-20")))
    out["f.search.zzz"] = book.count("zzz")
    out["f.filter.cobalt"] = book.count("", "cobalt")
    out["f.filter.cobalt+set"] = book.count("set", "cobalt")
    put("f.filter.cobalt+set.rows", [f"item-{key}" for key in book.showing("set", "cobalt")])
    book = Book()
    book.receive("fst-103", "5", "0.14")
    out["f.rounded.first"] = book.detail("fst-103")["cost"]
    book.receive("fst-103", "100", "0.04")
    put("f.rounded", pick(book.detail("fst-103"), "cost", "stock", "value"))
    book = Book()
    for typed_units, typed_cost in (("10000", "1"), ("0", "1"), ("-2", "1")):
        out[f"f.wrap.units{typed_units}"] = book.receive("pkg-204", typed_units, typed_cost)
    for typed_cost in ("2.345", "0"):
        out[f"f.wrap.cost{typed_cost}"] = book.receive("pkg-204", "2", typed_cost)
    out["f.wrap.refused.stock"] = book.detail("pkg-204")["stock"]
    out["f.wrap.receive"] = book.receive("pkg-204", "9999", "18.5")
    put("f.wrap", pick(book.detail("pkg-204"), "stock", "value"))
    book = Book()
    out["f.drill.lost4"] = book.adjust("tls-308", "lost", "4")
    out["f.drill.damaged3"] = book.adjust("tls-308", "damaged", "3")
    put("f.drill", pick(book.detail("tls-308"), "stock", "value", "cost", "low"))
    book = Book()
    out["f.bag.count10000"] = book.adjust("pkg-209", "count", "10000")
    out["f.bag.count-empty"] = book.adjust("pkg-209", "count", "")
    out["f.bag.count0"] = book.adjust("pkg-209", "count", "0")
    out["f.bag.stock"] = book.detail("pkg-209")["stock"]
    out["f.bag.found10000"] = book.adjust("pkg-209", "found", "10000")
    out["f.bag.found0"] = book.adjust("pkg-209", "found", "0")
    book = Book()
    out["f.vest.found4"] = book.adjust("saf-406", "found", "4")
    out["f.vest.no-reason"] = book.adjust("saf-406", None, "1")
    out["f.vest.stock"] = book.detail("saf-406")["stock"]

    # functional/watch.test.tsx, each test from a fresh launch.
    book = Book()
    put("f.low.order", [i.key for i in book.low()])
    out["f.low.count"] = book.low_count()
    out["f.low.pkg-206.supplier"] = book.items["pkg-206"].supplier
    out["f.low.fst-111.point"] = f"Reorder point: {qty(book.items['fst-111'].point)}"
    # The test lifts each low item just above its reorder point (shortfall + 1 units), all but
    # the largest shortfall first, then that one.
    lifts = {i.key: str(i.point - i.on_hand + 1) for i in book.low()}
    for key, lift in lifts.items():
        out[f"f.low.lift.{key}"] = lift
    for key, lift in list(lifts.items())[1:]:
        book.receive(key, lift, "1")
    put("f.low.one.order", [i.key for i in book.low()])
    out["f.low.one.count"] = book.low_count()
    book.receive("fst-108", lifts["fst-108"], "0.03")
    out["f.low.none"] = book.low_count()
    book = Book()
    book.adjust("tls-303", "damaged", "25")
    out["f.knife.stock"] = book.detail("tls-303")["stock"]
    out["f.knife.low-count"] = book.low_count()
    put("f.knife.last3", [i.key for i in book.low()][-3:])
    book = Book()
    book.adjust("fst-105", "found", "1")
    out["f.washer.lost-empty"] = book.adjust("fst-105", "lost", "")
    out["f.washer.abc"] = book.receive("fst-105", "2", "abc")
    book.adjust("fst-105", "lost", "1")
    book.receive("fst-105", "2", "0.02")
    put("f.washer.move7", pick(book.move(7), "time", "change"))
    put("f.washer.move8", pick(book.move(8), "time", "change", "balance"))
    put("f.washer.move9", book.move(9))
    assert len(book.moves) == 9
    book = Book()
    out["f.wrap19.receive"] = book.receive("pkg-204", "1", "19")
    out["f.wrap19.cost"] = book.detail("pkg-204")["cost"]
    out["f.wrap19.count20"] = book.adjust("pkg-204", "count", "20")
    put("f.wrap19.history-order", [f"move-time-{n}" for n in range(len(book.moves), 0, -1)])
    out["f.wrap19.move7.change"] = book.move(7)["change"]
    put("f.wrap19.move8", pick(book.move(8), "change", "balance"))
    put("f.wrap19.move4", pick(book.move(4), "item", "change"))
    out["f.wrap19.move1.time"] = book.move(1)["time"]
    return out


if __name__ == "__main__":
    print(json.dumps(derive(), indent=1))
