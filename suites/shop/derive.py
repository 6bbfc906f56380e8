"""Independent derivation of every computed string the `shop` suite asserts.

Standalone (stdlib only, no code shared with the reference app): it models the seed data and
the rules of tasks/shop/instruction.md and replays the suite's scenarios, printing each derived
string as JSON ({"<name>": "<string>"}). Run: python3 suites/shop/derive.py
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

TAX_RATE = Decimal("0.0825")
SHIPPING = Decimal("6.95")
FREE_FROM = Decimal("75.00")
FIRST_NEW_ORDER = 1048
TODAY = "Apr 14, 2026"

# key: (name, category, price, sale price or None, [(size, colour, stock), ...])
PRODUCTS: dict[str, tuple[str, str, str, str | None, list[tuple[str, str, int]]]] = {
    "linen-shirt": ("Linen Shirt", "Tops", "48.00", None,
                    [("S", "White", 4), ("M", "White", 0), ("L", "White", 2), ("M", "Sage", 3)]),
    "basic-tee": ("Basic Tee", "Tops", "18.00", "12.00",
                  [("S", "Black", 10), ("M", "Black", 6), ("L", "Black", 0)]),
    "wool-sweater": ("Wool Sweater", "Tops", "85.00", None,
                     [("M", "Oat", 2), ("L", "Oat", 1), ("M", "Charcoal", 0)]),
    "rain-jacket": ("Rain Jacket", "Tops", "120.00", "96.00",
                    [("M", "Yellow", 3), ("L", "Navy", 0)]),
    "chino-pants": ("Chino Pants", "Bottoms", "54.00", None,
                    [("30", "Khaki", 5), ("32", "Khaki", 0), ("32", "Navy", 4)]),
    "denim-jeans": ("Denim Jeans", "Bottoms", "68.00", None,
                    [("30", "Indigo", 3), ("32", "Indigo", 2), ("34", "Indigo", 0)]),
    "running-shorts": ("Running Shorts", "Bottoms", "28.00", "21.00",
                       [("S", "Black", 6), ("M", "Black", 0)]),
    "canvas-sneakers": ("Canvas Sneakers", "Shoes", "62.00", None,
                        [("40", "White", 2), ("42", "White", 0), ("42", "Red", 1)]),
    "trail-boots": ("Trail Boots", "Shoes", "140.00", None,
                    [("41", "Brown", 1), ("43", "Brown", 2)]),
    "leather-belt": ("Leather Belt", "Accessories", "35.00", None,
                     [("M", "Brown", 4), ("L", "Black", 0)]),
    "wool-beanie": ("Wool Beanie", "Accessories", "22.00", "15.40",
                    [("One size", "Grey", 8), ("One size", "Rust", 0)]),
    "canvas-tote": ("Canvas Tote", "Accessories", "24.00", None,
                    [("One size", "Natural", 12)]),
}
CATEGORIES = ("Tops", "Bottoms", "Shoes", "Accessories")


def money(amount: Decimal) -> str:
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,.2f}"


def half_up(amount: Decimal) -> Decimal:
    return amount.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def label(size: str, colour: str) -> str:
    return f"{size} / {colour}"


def unit_price(key: str) -> Decimal:
    _, _, price, sale, _ = PRODUCTS[key]
    return Decimal(sale or price)


def on_sale(key: str) -> bool:
    return PRODUCTS[key][3] is not None


def items(n: int) -> str:
    return f"{n} item" if n == 1 else f"{n} items"


def matching(search: str, chips: set[str]) -> list[str]:
    """Names shown: the name contains the search (any case) and, with chips, any chosen category."""
    term = search.strip().lower()
    return [name for name, category, *_ in PRODUCTS.values()
            if term in name.lower() and (not chips or category in chips)]


def shown(search: str, chips: set[str]) -> str:
    return f"Showing {len(matching(search, chips))} of {len(PRODUCTS)} products"


@dataclass
class Shop:
    stock: dict[tuple[str, str, str], int] = field(default_factory=dict)
    cart: list[list] = field(default_factory=list)  # [key, size, colour, qty]
    code: str | None = None
    next_order: int = FIRST_NEW_ORDER
    orders: list[tuple[str, str, str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for key, (*_, variants) in PRODUCTS.items():
            for size, colour, stock in variants:
                self.stock[(key, size, colour)] = stock

    def add(self, key: str, size: str, colour: str) -> str:
        left = self.stock[(key, size, colour)]
        if left == 0:
            return f"Sorry, {label(size, colour)} is out of stock"
        for line in self.cart:
            if line[:3] == [key, size, colour]:
                if line[3] >= left:
                    return f"Your cart already has all {left} of {label(size, colour)}"
                line[3] += 1
                return f"Added to cart: {PRODUCTS[key][0]}, {label(size, colour)}"
        self.cart.append([key, size, colour, 1])
        return f"Added to cart: {PRODUCTS[key][0]}, {label(size, colour)}"

    def inc(self, i: int) -> None:
        line = self.cart[i - 1]
        if line[3] < self.stock[tuple(line[:3])]:
            line[3] += 1

    def dec(self, i: int) -> None:
        line = self.cart[i - 1]
        line[3] -= 1
        if line[3] == 0:
            del self.cart[i - 1]

    def subtotal(self) -> Decimal:
        return sum((unit_price(k) * q for k, _, _, q in self.cart), Decimal(0))

    def full_price_subtotal(self) -> Decimal:
        return sum((unit_price(k) * q for k, _, _, q in self.cart if not on_sale(k)), Decimal(0))

    def refusal(self, code: str) -> str | None:
        """Why `code` gives nothing for this cart (None: it qualifies)."""
        if code in ("SPRING10", "TAKE15") and self.full_price_subtotal() == 0:
            return f"{code} does not apply to sale items"
        if code == "SPRING10" and self.subtotal() < Decimal("50.00"):
            return "SPRING10 needs a subtotal of $50.00"
        if code == "TAKE15" and self.full_price_subtotal() < Decimal("100.00"):
            return "TAKE15 needs $100.00 of full-price items"
        if code == "SHIPFREE" and self.subtotal() < Decimal("40.00"):
            return "SHIPFREE needs a subtotal of $40.00"
        return None

    def apply(self, typed: str) -> str:
        code = typed.strip().upper()
        if code not in ("SPRING10", "TAKE15", "SHIPFREE"):
            return "That code does not exist"
        if self.code is not None:
            return f"One code per order: remove {self.code} first"
        why = self.refusal(code)
        if why:
            return why
        self.code = code
        return f"Code {code} applied"

    def discount(self) -> Decimal:
        if self.code is None or self.refusal(self.code):
            return Decimal(0)
        if self.code == "SPRING10":
            return half_up(self.full_price_subtotal() * Decimal("0.10"))
        if self.code == "TAKE15":
            return min(Decimal("15.00"), self.full_price_subtotal())
        return Decimal(0)

    def totals(self) -> dict[str, str]:
        sub = self.subtotal()
        off = self.discount()
        taxed = sub - off
        free = taxed >= FREE_FROM or (self.code == "SHIPFREE" and not self.refusal("SHIPFREE"))
        ship = Decimal(0) if free else SHIPPING
        tax = half_up(taxed * TAX_RATE)
        out = {
            "subtotal": f"Subtotal: {money(sub)}",
            "shipping": "Shipping: Free" if free else f"Shipping: {money(ship)}",
            "tax": f"Tax (8.25%): {money(tax)}",
            "total": f"Total: {money(taxed + ship + tax)}",
            "count": items(sum(q for *_, q in self.cart)),
        }
        if off:
            out["discount"] = f"Discount ({self.code}): -{money(off)}"
        if not free:
            out["hint"] = f"Add {money(FREE_FROM - taxed)} more for free shipping"
        return out

    def line_amount(self, i: int) -> str:
        key, _, _, qty = self.cart[i - 1]
        return money(unit_price(key) * qty)

    def place(self) -> dict[str, str]:
        totals = self.totals()
        number = f"SH-{self.next_order}"
        self.next_order += 1
        for key, size, colour, qty in self.cart:
            self.stock[(key, size, colour)] -= qty
        self.orders.append((number, TODAY, totals["count"], totals["total"].split(": ")[1]))
        self.cart, self.code = [], None
        return {"id": f"Order {number}", "date": f"Placed {TODAY}", **totals}

    def stock_text(self, key: str, size: str, colour: str) -> str:
        left = self.stock[(key, size, colour)]
        return "Out of stock" if left == 0 else f"{left} in stock"


def derive() -> dict[str, str]:
    out: dict[str, str] = {}

    def put(prefix: str, values: dict[str, str]) -> None:
        for name, value in values.items():
            out[f"{prefix}.{name}"] = value

    # Stage 1: the catalogue.
    out["s1.order"] = " | ".join(matching("", set()))
    out["s1.all"] = shown("", set())
    out["s1.wool"] = shown("wool", set())
    out["s1.wool.names"] = " | ".join(matching("wool", set()))
    out["s1.tops+shoes"] = shown("", {"Tops", "Shoes"})
    out["s1.tops+shoes.names"] = " | ".join(matching("", {"Tops", "Shoes"}))
    out["s1.canvas+tops+shoes"] = shown("canvas", {"Tops", "Shoes"})
    out["s1.canvas+tops+shoes.names"] = " | ".join(matching("canvas", {"Tops", "Shoes"}))
    out["s1.canvas+tops"] = shown("canvas", {"Tops"})
    out["s1.tops"] = shown("", {"Tops"})
    out["s1.canvas"] = shown("CANVAS", set())
    out["s1.bottoms+accessories"] = shown("", {"Bottoms", "Accessories"})
    for key in PRODUCTS:
        out[f"s1.price.{key}"] = money(unit_price(key))
        if on_sale(key):
            out[f"s1.was.{key}"] = f"Was {money(Decimal(PRODUCTS[key][2]))}"
    out["s1.selected"] = f"Selected: {label('M', 'Sage')}"
    shop = Shop()
    for key in ("linen-shirt", "basic-tee"):
        for size, colour, _ in PRODUCTS[key][4]:
            out[f"s1.stock.{key}.{size}-{colour}".lower()] = shop.stock_text(key, size, colour)

    # Stage 2: the cart.
    shop = Shop()
    out["s2.add.out"] = shop.add("linen-shirt", "M", "White")
    out["s2.add.belt"] = shop.add("leather-belt", "M", "Brown")
    out["s2.add.tee"] = shop.add("basic-tee", "S", "Black")
    put("s2.a", shop.totals())
    out["s2.a.amount1"] = shop.line_amount(1)
    out["s2.a.qty1"] = str(shop.cart[0][3])
    out["s2.a.price1"] = f"{money(unit_price('leather-belt'))} each"
    out["s2.a.price2"] = f"{money(unit_price('basic-tee'))} each, on sale"
    shop.inc(1)
    put("s2.b", shop.totals())
    out["s2.b.amount1"] = shop.line_amount(1)
    shop.inc(1)
    shop.inc(1)
    shop.inc(1)  # at stock: nothing changes
    put("s2.c", shop.totals())
    out["s2.c.amount1"] = shop.line_amount(1)
    out["s2.add.belt.full"] = shop.add("leather-belt", "M", "Brown")
    out["s2.add.l-white"] = shop.add("linen-shirt", "L", "White")
    out["s2.add.l-white.2"] = shop.add("linen-shirt", "L", "White")
    out["s2.add.l-white.3"] = shop.add("linen-shirt", "L", "White")
    put("s2.d", shop.totals())
    out["s2.d.qty3"] = str(shop.cart[2][3])
    out["s2.d.amount3"] = shop.line_amount(3)
    out["s2.d.limit3"] = f"Only {shop.stock[tuple(shop.cart[2][:3])]} in stock"
    out["s2.c.limit1"] = f"Only {shop.stock[tuple(shop.cart[0][:3])]} in stock"
    out["s2.c.qty1"] = str(shop.cart[0][3])
    shop.dec(2)  # the tee leaves the cart
    put("s2.e", shop.totals())
    out["s2.e.name2"] = PRODUCTS[shop.cart[1][0]][0]
    shop.dec(1)
    out["s2.f.qty1"] = str(shop.cart[0][3])

    # Stage 3: promo codes and placing the order.
    shop = Shop()
    out["s3.add.shirt"] = shop.add("linen-shirt", "S", "White")
    out["s3.add.tee"] = shop.add("basic-tee", "S", "Black")
    put("s3.a", shop.totals())
    out["s3.apply.bogus"] = shop.apply("SAVE50")
    out["s3.apply.take15"] = shop.apply("TAKE15")
    out["s3.apply.spring10"] = shop.apply("SPRING10")
    put("s3.b", shop.totals())
    out["s3.apply.shipfree.second"] = shop.apply("SHIPFREE")
    shop.dec(2)  # the tee leaves the cart: $48.00 is under SPRING10's minimum
    put("s3.c", shop.totals())
    out["s3.c.note"] = shop.refusal("SPRING10") or ""
    shop.code = None  # Remove
    put("s3.d", shop.totals())
    out["s3.apply.shipfree"] = shop.apply("SHIPFREE")
    put("s3.e", shop.totals())
    put("s3.order", shop.place())
    out["s3.orders"] = f"{3 + len(shop.orders)} orders"
    number, date, count, total = shop.orders[-1]
    out["s3.row"] = f"{number} | {date} | {count} | {total}"
    out["s3.stock.s-white"] = shop.stock_text("linen-shirt", "S", "White")

    # The journey: two orders in a row.
    out["j.shoes+accessories"] = shown("", {"Shoes", "Accessories"})
    shop = Shop()
    out["j.boots.1"] = shop.add("trail-boots", "43", "Brown")
    shop.add("trail-boots", "43", "Brown")
    out["j.boots.3"] = shop.add("trail-boots", "43", "Brown")
    out["j.beanie"] = shop.add("wool-beanie", "One size", "Grey")
    out["j.jacket"] = shop.add("rain-jacket", "M", "Yellow")
    put("j.a", shop.totals())
    out["j.apply.spring10"] = shop.apply("SPRING10")
    put("j.b", shop.totals())
    shop.code = None
    out["j.apply.take15"] = shop.apply("TAKE15")
    put("j.c", shop.totals())
    put("j.order1", shop.place())
    out["j.stock.43-brown"] = shop.stock_text("trail-boots", "43", "Brown")
    out["j.stock.41-brown"] = shop.stock_text("trail-boots", "41", "Brown")
    out["j.add.boots.after"] = shop.add("trail-boots", "43", "Brown")
    out["j.tote"] = shop.add("canvas-tote", "One size", "Natural")
    out["j.chinos"] = shop.add("chino-pants", "30", "Khaki")
    put("j.d", shop.totals())
    put("j.order2", shop.place())
    out["j.orders"] = f"{3 + len(shop.orders)} orders"
    for i, (number, date, count, total) in enumerate(shop.orders, 1):
        out[f"j.row{i}"] = f"{number} | {date} | {count} | {total}"

    # The cart's design image: Basic Tee S / Black alone.
    shop = Shop()
    shop.add("basic-tee", "S", "Black")
    put("design.cart", shop.totals())

    # Component tests.
    shop = Shop()
    out["c.sneakers.none"] = "Choose a size and colour first"
    out["c.sneakers.selected"] = f"Selected: {label('42', 'White')}"
    out["c.sneakers.variant"] = label("42", "Red")
    out["c.sneakers.out"] = shop.add("canvas-sneakers", "42", "White")
    out["c.sneakers.add"] = shop.add("canvas-sneakers", "42", "Red")
    out["c.sneakers.full"] = shop.add("canvas-sneakers", "42", "Red")
    out["c.sneakers.stock"] = shop.stock_text("canvas-sneakers", "42", "Red")
    out["c.sneakers.count"] = shop.totals()["count"]
    out["c.chips.bottoms+accessories"] = shown("", {"Bottoms", "Accessories"})
    out["c.chips.canvas+bottoms+accessories"] = shown("  CANVAS ", {"Bottoms", "Accessories"})
    out["c.chips.canvas+bottoms"] = shown("  CANVAS ", {"Bottoms"})
    out["c.chips.canvas"] = shown("  CANVAS ", set())
    out["c.shorts.stock.s-black"] = Shop().stock_text("running-shorts", "S", "Black")
    shop = Shop()
    shop.add("canvas-tote", "One size", "Natural")
    put("c.clock", shop.place())
    shop = Shop()
    shop.add("wool-sweater", "M", "Oat")
    shop.add("denim-jeans", "32", "Indigo")
    for _ in range(3):
        shop.inc(2)
    out["c.steps.qty2"] = str(shop.cart[1][3])
    out["c.steps.amount2"] = shop.line_amount(2)
    out["c.steps.count"] = shop.totals()["count"]
    shop = Shop()
    shop.add("wool-sweater", "L", "Oat")
    shop.add("running-shorts", "S", "Black")
    out["c.one.bogus"] = shop.apply("WELCOME")
    out["c.one.take15"] = shop.apply("TAKE15")
    out["c.one.shipfree"] = shop.apply("SHIPFREE")
    out["c.one.spring10"] = shop.apply("SPRING10")
    out["c.one.shipfree.again"] = shop.apply("SHIPFREE")
    shop.code = None
    out["c.one.spring10.after"] = shop.apply("SPRING10")
    put("c.one", shop.totals())
    shop = Shop()
    shop.add("trail-boots", "41", "Brown")
    put("c.double1", shop.place())
    out["c.double1.stock"] = shop.stock_text("trail-boots", "41", "Brown")
    shop.add("canvas-tote", "One size", "Natural")
    out["c.double2.count"] = shop.totals()["count"]
    put("c.double2", shop.place())
    out["c.double.orders"] = f"{3 + len(shop.orders)} orders"
    shop = Shop()
    shop.add("chino-pants", "30", "Khaki")
    shop.add("running-shorts", "S", "Black")
    put("c.boundary", shop.totals())
    shop = Shop()
    shop.add("wool-sweater", "M", "Oat")
    shop.add("running-shorts", "S", "Black")
    put("c.once", shop.totals())
    out["c.once.take15"] = shop.apply("take15")
    shop = Shop()
    shop.add("leather-belt", "M", "Brown")
    shop.add("wool-beanie", "One size", "Grey")
    out["c.spring.apply"] = shop.apply("  spring10 ")
    put("c.spring", shop.totals())
    shop.dec(1)
    out["c.spring.note"] = shop.refusal("SPRING10") or ""
    shop = Shop()
    shop.add("basic-tee", "S", "Black")
    for _ in range(4):
        shop.add("basic-tee", "S", "Black")
    out["c.sale.spring10"] = shop.apply("SPRING10")
    put("c.sale", shop.totals())
    return out


if __name__ == "__main__":
    print(json.dumps(derive(), indent=1))
