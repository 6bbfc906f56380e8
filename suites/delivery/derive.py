"""Independent derivation of every computed string the `delivery` suite asserts.

Standalone (stdlib only, no code shared with the reference app): it models the seed data and
the rules of tasks/delivery/instruction.md, replays the suite's scenarios (the device tests and
the component tests) and prints each derived string as one JSON object
({"<name>": "<string>"}). Run: python3 suites/delivery/derive.py
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

NOW = 19 * 60 + 40  # Thursday, May 21, 2026, 7:40 PM
TODAY = "May 21, 2026"
SMALL_UNDER = Decimal("15.00")
SMALL_FEE = Decimal("2.00")

# key: (name, cuisine, km, opens, closes, preparation minutes)
KITCHENS = {
    "lantern": ("Lantern Noodle Bar", "Noodles", "1.2", "11:00 AM", "10:00 PM", 15),
    "olive": ("Olive & Ember", "Mediterranean", "2.0", "5:00 PM", "11:00 PM", 20),
    "casa-rosa": ("Casa Rosa Tacos", "Mexican", "4.6", "12:00 PM", "9:00 PM", 12),
    "saffron": ("Saffron Tiffin", "Indian", "6.3", "5:30 PM", "10:30 PM", 25),
    "morning-loaf": ("Morning Loaf Bakery", "Bakery", "0.8", "7:00 AM", "3:00 PM", 10),
    "kumo": ("Kumo Sushi", "Japanese", "2.6", "8:00 PM", "11:30 PM", 18),
    "north-pier": ("North Pier Fish Co.", "Seafood", "3.0", "11:30 AM", "7:30 PM", 20),
}

# key: (kitchen, name, group, [(option, price)], [(extra, cost)])
DISHES = {
    "dan-dan": ("lantern", "Dan Dan Noodles", "Size", [("Regular", "11.50"), ("Large", "14.00")],
                [("Soft egg", "1.50"), ("Chili oil", "0.75"), ("Extra pork", "3.00")]),
    "veg-ramen": ("lantern", "Vegetable Ramen", "Size", [("Regular", "12.00"), ("Large", "14.50")],
                  [("Soft egg", "1.50"), ("Corn", "0.80")]),
    "gyoza": ("lantern", "Pork Gyoza", "Portion", [("6 pieces", "7.50"), ("10 pieces", "11.25")],
              [("Chili oil", "0.75")]),
    "kofta-plate": ("olive", "Lamb Kofta Plate", "Size", [("Regular", "16.00"), ("Large", "19.50")],
                    [("Extra pita", "1.25"), ("Feta", "2.00"), ("Hummus", "2.50")]),
    "falafel-wrap": ("olive", "Falafel Wrap", "Size", [("Regular", "9.25"), ("Large", "11.75")],
                     [("Feta", "2.00"), ("Pickles", "0.60")]),
    "tinga-tacos": ("casa-rosa", "Chicken Tinga Tacos", "Tortilla",
                    [("Corn", "10.50"), ("Flour", "11.00")], [("Guacamole", "2.25"), ("Queso", "1.75")]),
    "bean-burrito": ("casa-rosa", "Black Bean Burrito", "Size",
                     [("Regular", "9.80"), ("Large", "12.30")], [("Guacamole", "2.25"), ("Rice", "1.00")]),
    "churros": ("casa-rosa", "Churros", "Portion", [("4 pieces", "4.75"), ("8 pieces", "8.50")],
                [("Chocolate dip", "1.20")]),
    "butter-chicken": ("saffron", "Butter Chicken", "Spice level",
                       [("Mild", "15.50"), ("Medium", "15.50"), ("Hot", "15.50")],
                       [("Garlic naan", "3.25"), ("Raita", "1.50")]),
    "chana-masala": ("saffron", "Chana Masala", "Spice level", [("Mild", "12.25"), ("Hot", "12.25")],
                     [("Garlic naan", "3.25")]),
    "croissant": ("morning-loaf", "Almond Croissant", "Portion",
                  [("Single", "4.25"), ("Box of 4", "15.00")], [("Jam", "0.90")]),
    "sourdough": ("morning-loaf", "Sourdough Loaf", "Size", [("Half", "4.50"), ("Whole", "7.80")],
                  [("Sliced", "0.50")]),
    "salmon-roll": ("kumo", "Salmon Roll", "Portion", [("6 pieces", "8.90"), ("12 pieces", "16.40")],
                    [("Spicy mayo", "0.70")]),
    "miso-soup": ("kumo", "Miso Soup", "Size", [("Cup", "3.20"), ("Bowl", "5.10")], []),
    "fish-chips": ("north-pier", "Fish and Chips", "Size", [("Regular", "13.90"), ("Large", "17.40")],
                   [("Tartare sauce", "0.80"), ("Mushy peas", "1.90")]),
}

SEEDED = {316: ("olive", "May 18, 2026", "7:05 PM"), 317: ("lantern", "May 20, 2026", "12:30 PM")}


def minutes(text: str) -> int:
    hour, rest = text.split(":")
    minute, half = rest.split(" ")
    return (int(hour) % 12 + (12 if half == "PM" else 0)) * 60 + int(minute)


def clock(total: int) -> str:
    hour, minute = divmod(total % 1440, 60)
    return f"{(hour % 12) or 12}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def money(amount: Decimal) -> str:
    return f"${amount:,.2f}"


def half_up(amount: Decimal) -> Decimal:
    return amount.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def is_open(key: str) -> bool:
    _, _, _, opens, closes, _ = KITCHENS[key]
    return minutes(opens) <= NOW < minutes(closes)


def status(key: str) -> str:
    _, _, _, opens, closes, _ = KITCHENS[key]
    if is_open(key):
        return f"Open until {closes}"
    if NOW < minutes(opens):
        return f"Closed, opens at {opens}"
    return f"Closed, opens tomorrow at {opens}"


def delivery_fee(key: str) -> Decimal:
    distance = Decimal(KITCHENS[key][2])
    if distance < 2:
        return Decimal("1.99")
    if distance < 5:
        return Decimal("3.49")
    return Decimal("5.99")


def unit(dish: str, option: str, extras: tuple[str, ...]) -> Decimal:
    _, _, _, options, extra_costs = DISHES[dish]
    price = Decimal(dict(options)[option])
    return price + sum((Decimal(c) for n, c in extra_costs if n in extras), Decimal(0))


def in_menu_order(dish: str, extras: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(n for n, _ in DISHES[dish][4] if n in extras)


def custom_tip(text: str) -> Decimal:
    text = text.strip()
    if not re.fullmatch(r"\d+\.?\d*|\.\d+", text):
        return Decimal("0.00")
    return half_up(Decimal(text))


@dataclass
class Basket:
    kitchen: str | None = None
    lines: list[list] = field(default_factory=list)  # [dish, option, extras, qty]
    tip: str = "none"
    custom: str = ""

    def add(self, dish: str, option: str, *extras: str) -> None:
        kitchen = DISHES[dish][0]
        if self.kitchen != kitchen:
            self.kitchen, self.lines, self.tip = kitchen, [], "none"
        chosen = in_menu_order(dish, extras)
        for line in self.lines:
            if line[:3] == [dish, option, chosen]:
                line[3] += 1
                return
        self.lines.append([dish, option, chosen, 1])

    def step(self, i: int, by: int) -> None:
        self.lines[i - 1][3] += by
        self.lines = [line for line in self.lines if line[3] > 0]

    def food(self) -> Decimal:
        return sum((unit(d, o, x) * q for d, o, x, q in self.lines), Decimal(0))

    def items(self) -> int:
        return sum(line[3] for line in self.lines)

    def tip_amount(self) -> Decimal:
        if self.tip == "none":
            return Decimal("0.00")
        if self.tip == "custom":
            return custom_tip(self.custom)
        return half_up(self.food() * Decimal(self.tip) / 100)

    def small(self) -> Decimal:
        return SMALL_FEE if self.food() < SMALL_UNDER else Decimal(0)

    def total(self) -> Decimal:
        assert self.kitchen is not None
        return self.food() + self.small() + delivery_fee(self.kitchen) + self.tip_amount()

    def strings(self, prefix: str, out: dict[str, str]) -> None:
        assert self.kitchen is not None
        out[f"{prefix}_count"] = plural(self.items(), "item")
        out[f"{prefix}_food"] = f"Food: {money(self.food())}"
        if self.small():
            out[f"{prefix}_small"] = f"Small order fee: {money(self.small())}"
            out[f"{prefix}_hint"] = (f"Add {money(SMALL_UNDER - self.food())} more to avoid the "
                                     "small order fee")
        out[f"{prefix}_delivery"] = (f"Delivery ({KITCHENS[self.kitchen][2]} km): "
                                     f"{money(delivery_fee(self.kitchen))}")
        label = f"Tip ({self.tip}%)" if self.tip in ("10", "15", "20") else "Tip"
        out[f"{prefix}_tip"] = f"{label}: {money(self.tip_amount())}"
        out[f"{prefix}_total"] = f"Total: {money(self.total())}"

    def line(self, i: int, prefix: str, out: dict[str, str]) -> None:
        dish, option, extras, qty = self.lines[i - 1]
        price = unit(dish, option, extras)
        out[f"{prefix}_choices"] = ", ".join((option, *extras))
        out[f"{prefix}_price"] = f"{money(price)} each"
        out[f"{prefix}_amount"] = money(price * qty)


def timeline(kitchen: str, placed: int) -> list[int]:
    preparing = placed + 5
    on_the_way = preparing + KITCHENS[kitchen][5]
    ride = math.ceil(4 * Decimal(KITCHENS[kitchen][2]))
    return [placed, preparing, on_the_way, on_the_way + ride]


def times(prefix: str, kitchen: str, placed: int, out: dict[str, str]) -> None:
    confirmed, preparing, on_the_way, delivered = timeline(kitchen, placed)
    for name, at in (("confirmed", confirmed), ("preparing", preparing),
                     ("on_the_way", on_the_way), ("delivered", delivered)):
        out[f"{prefix}_{name}"] = clock(at)
        out[f"{prefix}_{name}_expected"] = f"Expected {clock(at)}"
    out[f"{prefix}_eta"] = f"Arrives by {clock(delivered)}"
    out[f"{prefix}_delivered_at"] = f"Delivered at {clock(delivered)}"


def item_total(dish: str, option: str, *extras: str) -> str:
    return f"Item total: {money(unit(dish, option, extras))}"


def derive() -> dict[str, str]:
    out: dict[str, str] = {}
    # Stage 1: the kitchens, a closed menu, a dish's price.
    open_keys = [k for k in KITCHENS if is_open(k)]
    out["open_count"] = f"{len(open_keys)} of {len(KITCHENS)} open now"
    order = (sorted(open_keys, key=lambda k: Decimal(KITCHENS[k][2]))
             + sorted((k for k in KITCHENS if k not in open_keys), key=lambda k: Decimal(KITCHENS[k][2])))
    for place, key in enumerate(order, 1):
        out[f"kitchen_order_{place}"] = KITCHENS[key][0]
    for key in KITCHENS:
        out[f"status_{key}"] = status(key)
        out[f"fee_{key}"] = f"Delivery {money(delivery_fee(key))}"
        out[f"info_{key}"] = f"{KITCHENS[key][1]}, {KITCHENS[key][2]} km"
    for dish in DISHES:
        out[f"from_{dish}"] = f"From {money(min(Decimal(p) for _, p in DISHES[dish][3]))}"
    out["dandan_large"] = item_total("dan-dan", "Large")
    out["dandan_large_egg_chili"] = item_total("dan-dan", "Large", "Soft egg", "Chili oil")
    out["dandan_large_all"] = item_total("dan-dan", "Large", "Soft egg", "Chili oil", "Extra pork")
    out["dandan_regular_egg_chili"] = item_total("dan-dan", "Regular", "Soft egg", "Chili oil")
    for number, (kitchen, date, placed) in SEEDED.items():
        out[f"placed_{number}"] = f"{date}, {placed}"
        times(f"seed_{number}", kitchen, minutes(placed), out)

    # Stage 2: one Lantern basket, its fees and tips.
    b = Basket()
    b.add("dan-dan", "Large", "Chili oil", "Soft egg")
    b.add("dan-dan", "Large", "Soft egg", "Chili oil")
    b.add("gyoza", "6 pieces")
    b.strings("s2_start", out)
    b.line(1, "s2_line1", out)
    b.line(2, "s2_line2", out)
    b.tip = "15"
    b.strings("s2_tip15", out)
    b.step(1, -1)
    b.strings("s2_dec", out)
    b.line(1, "s2_dec_line1", out)
    b.step(1, -1)
    b.strings("s2_gyoza", out)
    b.step(1, +1)
    b.strings("s2_two_gyoza", out)
    b.line(1, "s2_two_gyoza_line1", out)
    b.tip, b.custom = "custom", "2.345"
    b.strings("s2_custom_rounded", out)
    b.custom = "abc"
    b.strings("s2_custom_text", out)
    b.custom = "4"
    b.strings("s2_custom_4", out)
    b.tip = "20"
    b.strings("s2_tip20", out)
    b.tip = "custom"
    b.strings("s2_custom_again", out)

    # Stage 3: a Lantern basket kept, then a Casa Rosa basket placed and followed.
    b = Basket()
    b.add("veg-ramen", "Regular", "Corn")
    b.add("veg-ramen", "Regular", "Corn")
    b.tip = "10"
    b.strings("s3_lantern", out)
    out["s3_switch_text"] = ("Your basket has 2 items from Lantern Noodle Bar. "
                             "Start a new basket from Casa Rosa Tacos?")
    out["s3_tacos_flour_guac"] = item_total("tinga-tacos", "Flour", "Guacamole")
    b.add("tinga-tacos", "Corn", "Queso")
    b.add("churros", "8 pieces", "Chocolate dip")
    b.strings("s3_casa", out)
    b.line(1, "s3_line1", out)
    b.line(2, "s3_line2", out)
    b.tip = "20"
    b.strings("s3_casa_tip20", out)
    out["s3_order_total"] = f"Total: {money(b.total())}"
    out["s3_list_total"] = money(b.total())
    out["s3_placed"] = f"Placed {TODAY}, {clock(NOW)}"
    out["s3_list_placed"] = f"{TODAY}, {clock(NOW)}"
    times("s3_casa", "casa-rosa", NOW, out)

    # The journey: a Saffron order, a closed kitchen, a kept basket, an Olive & Ember order.
    out["j_butter_item"] = item_total("butter-chicken", "Medium", "Garlic naan")
    out["ct_butter_hot_naan_raita"] = item_total("butter-chicken", "Hot", "Garlic naan", "Raita")
    for placed in range(3):
        out[f"orders_count_{placed}_placed"] = plural(len(SEEDED) + placed, "order")
    b = Basket()
    b.add("butter-chicken", "Medium", "Garlic naan")
    b.add("butter-chicken", "Medium", "Garlic naan")
    b.add("chana-masala", "Hot")
    b.tip = "15"
    b.strings("j_saffron", out)
    out["j_saffron_list_total"] = money(b.total())
    out["j_switch_text"] = (f"Your basket has {plural(b.items(), 'item')} from Saffron Tiffin. "
                            "Start a new basket from Olive & Ember?")
    times("j_saffron", "saffron", NOW, out)
    b = Basket()
    b.add("falafel-wrap", "Large", "Feta", "Pickles")
    b.tip, b.custom = "custom", "3.5"
    b.strings("j_olive_one", out)
    b.step(1, +1)
    b.strings("j_olive_two", out)
    out["j_olive_list_total"] = money(b.total())
    times("j_olive", "olive", NOW, out)

    # Component tests.
    b = Basket()
    b.add("kofta-plate", "Large", "Hummus", "Extra pita")
    b.add("kofta-plate", "Large", "Extra pita")
    b.add("kofta-plate", "Large", "Extra pita", "Hummus")
    b.line(1, "ct_merge_line1", out)
    b.line(2, "ct_merge_line2", out)
    b.tip = "15"
    b.strings("ct_merge", out)
    b = Basket()
    b.add("churros", "4 pieces")
    b.add("churros", "4 pieces")
    b.add("churros", "4 pieces")
    b.strings("ct_churros_three", out)
    b.add("churros", "4 pieces", "Chocolate dip")
    b.strings("ct_churros_dip", out)
    b = Basket()
    b.add("bean-burrito", "Regular")
    b.tip = "10"
    b.strings("ct_burrito", out)
    b.tip, b.custom = "custom", "1.005"
    b.strings("ct_burrito_custom", out)
    b.custom = "2.5.1"
    b.strings("ct_burrito_bad", out)
    b.custom = ".75"
    b.strings("ct_burrito_point", out)
    out["ct_kofta_switch"] = ("Your basket has 1 item from Casa Rosa Tacos. "
                              "Start a new basket from Olive & Ember?")
    b = Basket()
    b.add("kofta-plate", "Regular", "Feta")
    b.tip = "15"
    b.strings("ct_kofta", out)
    times("ct_kofta", "olive", NOW, out)
    out["ct_kofta_list_total"] = money(b.total())
    return out


# The derived strings the suite asserts (test_delivery.py and functional/*.test.tsx); the
# derivation computes a few more on the way (a basket's lines and totals at every step).
ASSERTED = (
    "ct_burrito_bad_count",
    "ct_burrito_bad_delivery",
    "ct_burrito_bad_small",
    "ct_burrito_bad_tip",
    "ct_burrito_bad_total",
    "ct_burrito_count",
    "ct_burrito_custom_count",
    "ct_burrito_custom_delivery",
    "ct_burrito_custom_small",
    "ct_burrito_custom_tip",
    "ct_burrito_custom_total",
    "ct_burrito_delivery",
    "ct_burrito_point_count",
    "ct_burrito_point_delivery",
    "ct_burrito_point_small",
    "ct_burrito_point_tip",
    "ct_burrito_point_total",
    "ct_burrito_small",
    "ct_burrito_tip",
    "ct_burrito_total",
    "ct_butter_hot_naan_raita",
    "ct_churros_dip_count",
    "ct_churros_dip_delivery",
    "ct_churros_dip_food",
    "ct_churros_dip_tip",
    "ct_churros_dip_total",
    "ct_churros_three_count",
    "ct_churros_three_delivery",
    "ct_churros_three_food",
    "ct_churros_three_hint",
    "ct_churros_three_small",
    "ct_churros_three_tip",
    "ct_churros_three_total",
    "ct_kofta_confirmed",
    "ct_kofta_count",
    "ct_kofta_delivered",
    "ct_kofta_delivered_at",
    "ct_kofta_delivery",
    "ct_kofta_eta",
    "ct_kofta_list_total",
    "ct_kofta_on_the_way",
    "ct_kofta_on_the_way_expected",
    "ct_kofta_preparing",
    "ct_kofta_preparing_expected",
    "ct_kofta_switch",
    "ct_kofta_tip",
    "ct_kofta_total",
    "ct_merge_count",
    "ct_merge_delivery",
    "ct_merge_food",
    "ct_merge_line1_amount",
    "ct_merge_line1_choices",
    "ct_merge_line1_price",
    "ct_merge_line2_amount",
    "ct_merge_line2_choices",
    "dandan_large",
    "dandan_large_all",
    "dandan_large_egg_chili",
    "dandan_regular_egg_chili",
    "fee_casa-rosa",
    "fee_kumo",
    "fee_lantern",
    "fee_morning-loaf",
    "fee_north-pier",
    "fee_olive",
    "fee_saffron",
    "from_butter-chicken",
    "from_gyoza",
    "from_miso-soup",
    "from_salmon-roll",
    "info_kumo",
    "info_morning-loaf",
    "info_olive",
    "j_butter_item",
    "j_olive_confirmed",
    "j_olive_delivered",
    "j_olive_delivered_at",
    "j_olive_eta",
    "j_olive_list_total",
    "j_olive_on_the_way",
    "j_olive_on_the_way_expected",
    "j_olive_one_count",
    "j_olive_one_delivery",
    "j_olive_one_food",
    "j_olive_one_hint",
    "j_olive_one_small",
    "j_olive_one_tip",
    "j_olive_one_total",
    "j_olive_preparing",
    "j_olive_preparing_expected",
    "j_olive_two_count",
    "j_olive_two_delivery",
    "j_olive_two_food",
    "j_olive_two_tip",
    "j_olive_two_total",
    "j_saffron_confirmed",
    "j_saffron_count",
    "j_saffron_delivered",
    "j_saffron_delivered_at",
    "j_saffron_delivery",
    "j_saffron_eta",
    "j_saffron_food",
    "j_saffron_list_total",
    "j_saffron_on_the_way",
    "j_saffron_on_the_way_expected",
    "j_saffron_preparing",
    "j_saffron_preparing_expected",
    "j_saffron_tip",
    "j_saffron_total",
    "j_switch_text",
    "kitchen_order_1",
    "kitchen_order_2",
    "kitchen_order_3",
    "kitchen_order_4",
    "kitchen_order_5",
    "kitchen_order_6",
    "kitchen_order_7",
    "open_count",
    "orders_count_0_placed",
    "orders_count_1_placed",
    "orders_count_2_placed",
    "placed_316",
    "placed_317",
    "s2_custom_4_count",
    "s2_custom_4_delivery",
    "s2_custom_4_food",
    "s2_custom_4_tip",
    "s2_custom_4_total",
    "s2_custom_again_count",
    "s2_custom_again_delivery",
    "s2_custom_again_food",
    "s2_custom_again_tip",
    "s2_custom_again_total",
    "s2_custom_rounded_count",
    "s2_custom_rounded_delivery",
    "s2_custom_rounded_food",
    "s2_custom_rounded_tip",
    "s2_custom_rounded_total",
    "s2_custom_text_count",
    "s2_custom_text_delivery",
    "s2_custom_text_food",
    "s2_custom_text_tip",
    "s2_custom_text_total",
    "s2_dec_count",
    "s2_dec_delivery",
    "s2_dec_food",
    "s2_dec_line1_amount",
    "s2_dec_line1_choices",
    "s2_dec_line1_price",
    "s2_dec_tip",
    "s2_dec_total",
    "s2_gyoza_count",
    "s2_gyoza_delivery",
    "s2_gyoza_food",
    "s2_gyoza_hint",
    "s2_gyoza_small",
    "s2_gyoza_tip",
    "s2_gyoza_total",
    "s2_line1_amount",
    "s2_line1_choices",
    "s2_line1_price",
    "s2_line2_amount",
    "s2_line2_choices",
    "s2_start_count",
    "s2_start_delivery",
    "s2_start_food",
    "s2_start_tip",
    "s2_start_total",
    "s2_tip15_count",
    "s2_tip15_delivery",
    "s2_tip15_food",
    "s2_tip15_tip",
    "s2_tip15_total",
    "s2_tip20_count",
    "s2_tip20_delivery",
    "s2_tip20_food",
    "s2_tip20_tip",
    "s2_tip20_total",
    "s2_two_gyoza_count",
    "s2_two_gyoza_delivery",
    "s2_two_gyoza_food",
    "s2_two_gyoza_line1_amount",
    "s2_two_gyoza_line1_choices",
    "s2_two_gyoza_tip",
    "s2_two_gyoza_total",
    "s3_casa_confirmed",
    "s3_casa_count",
    "s3_casa_delivered",
    "s3_casa_delivered_at",
    "s3_casa_delivered_expected",
    "s3_casa_delivery",
    "s3_casa_eta",
    "s3_casa_food",
    "s3_casa_on_the_way",
    "s3_casa_on_the_way_expected",
    "s3_casa_preparing",
    "s3_casa_preparing_expected",
    "s3_casa_tip",
    "s3_casa_tip20_count",
    "s3_casa_tip20_delivery",
    "s3_casa_tip20_food",
    "s3_casa_tip20_tip",
    "s3_casa_tip20_total",
    "s3_casa_total",
    "s3_lantern_count",
    "s3_lantern_delivery",
    "s3_lantern_tip",
    "s3_lantern_total",
    "s3_line1_amount",
    "s3_line1_choices",
    "s3_line1_price",
    "s3_line2_amount",
    "s3_line2_choices",
    "s3_line2_price",
    "s3_list_placed",
    "s3_list_total",
    "s3_order_total",
    "s3_placed",
    "s3_switch_text",
    "s3_tacos_flour_guac",
    "seed_316_confirmed",
    "seed_316_delivered",
    "seed_316_delivered_at",
    "seed_316_on_the_way",
    "seed_316_preparing",
    "seed_317_confirmed",
    "seed_317_delivered",
    "seed_317_delivered_at",
    "seed_317_on_the_way",
    "seed_317_preparing",
    "status_casa-rosa",
    "status_kumo",
    "status_lantern",
    "status_morning-loaf",
    "status_north-pier",
    "status_olive",
    "status_saffron",
)


if __name__ == "__main__":
    derived = derive()
    print(json.dumps({name: derived[name] for name in ASSERTED}, indent=1, sort_keys=True))
