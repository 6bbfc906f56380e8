"""Independent derivation of every computed string the `recipes` suite asserts.

Standalone (stdlib only, no code shared with the reference app): it models the seed data and
the rules of tasks/recipes/instruction.md and its steps, replays the scenarios of
test_recipes.py and functional/book.test.tsx, and prints each derived string as JSON
({"<name>": "<string>"}). Run: python3 suites/recipes/derive.py
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from fractions import Fraction

# unit: (kind, how many of the kind's base unit it holds)
UNITS: dict[str, tuple[str, int]] = {
    "g": ("weight", 1), "kg": ("weight", 1000),
    "ml": ("volume", 1), "l": ("volume", 1000),
    "tsp": ("spoons", 1), "tbsp": ("spoons", 3), "cup": ("spoons", 48),
    "": ("count", 1),
}
KINDS = ("weight", "volume", "spoons", "count")
AISLES = (("produce", "Produce"), ("dairy", "Dairy & eggs"), ("pantry", "Pantry"),
          ("spices", "Spices"))
# key: (name, aisle key)
INGREDIENTS: dict[str, tuple[str, str]] = {
    "basil": ("Basil", "produce"), "garlic": ("Garlic", "produce"),
    "lemon": ("Lemon", "produce"), "onion": ("Onion", "produce"),
    "potatoes": ("Potatoes", "produce"), "tomatoes": ("Tomatoes", "produce"),
    "butter": ("Butter", "dairy"), "eggs": ("Eggs", "dairy"), "milk": ("Milk", "dairy"),
    "parmesan": ("Parmesan", "dairy"),
    "flour": ("Flour", "pantry"), "oil": ("Olive oil", "pantry"), "pasta": ("Pasta", "pantry"),
    "rice": ("Rice", "pantry"), "sugar": ("Sugar", "pantry"), "stock": ("Vegetable stock", "pantry"),
    "cumin": ("Cumin", "spices"), "salt": ("Salt", "spices"),
}
NAME_TO_KEY = {name: key for key, (name, _) in INGREDIENTS.items()}


def parse(written: str) -> list[tuple[str, Fraction, str]]:
    """`Potatoes 1.2 kg, Eggs 2` as in the instruction's table -> (key, amount, unit)."""
    lines = []
    for part in written.split(", "):
        words = part.split(" ")
        unit = words[-1] if words[-1] in UNITS else ""
        number = words[-2] if unit else words[-1]
        name = " ".join(words[:-2] if unit else words[:-1])
        lines.append((NAME_TO_KEY[name], Fraction(number), unit))
    return lines


# key: (name, serves, ingredients) -- copied from the instruction's table, as written there.
RECIPES: dict[str, tuple[str, int, list[tuple[str, Fraction, str]]]] = {
    "pancakes": ("Pancakes", 4, parse(
        "Flour 250 g, Milk 600 ml, Eggs 2, Butter 3 tbsp, Sugar 25 g, Salt 0.5 tsp")),
    "potato-soup": ("Potato Soup", 6, parse(
        "Potatoes 1.2 kg, Onion 2, Garlic 3, Vegetable stock 1.5 l, Milk 250 ml, Butter 40 g, "
        "Salt 1 tsp")),
    "tomato-pasta": ("Tomato Pasta", 2, parse(
        "Pasta 200 g, Tomatoes 400 g, Garlic 2, Olive oil 2 tbsp, Basil 15 g, Parmesan 30 g, "
        "Salt 0.5 tsp")),
    "lemon-rice": ("Lemon Rice", 4, parse(
        "Rice 300 g, Vegetable stock 750 ml, Lemon 1, Olive oil 1 tbsp, Cumin 1 tsp, Onion 1")),
    "smashed-potatoes": ("Smashed Potatoes", 6, parse(
        "Potatoes 1.5 kg, Garlic 5, Olive oil 0.25 cup, Salt 2 tsp")),
    "sugar-biscuits": ("Sugar Biscuits", 16, parse(
        "Flour 400 g, Butter 250 g, Sugar 150 g, Salt 0.5 tsp")),
}


def half_up(x: Fraction) -> int:
    return math.floor(x + Fraction(1, 2))


def number(x: Fraction) -> str:
    """A decimal with no trailing zeros (x is a whole number of hundredths)."""
    text = f"{float(x):.2f}" if x.denominator != 1 else str(x.numerator)
    assert Fraction(text) == x, (text, x)
    return text.rstrip("0").rstrip(".") if "." in text else text


def show_amount(kind: str, base: Fraction) -> str:
    if kind in ("weight", "volume"):
        small, large = ("g", "kg") if kind == "weight" else ("ml", "l")
        whole = half_up(base)
        if whole == 0 and base > 0:
            whole = 1
        if whole < 1000:
            return f"{whole} {small}"
        return f"{number(Fraction(half_up(Fraction(whole, 10)), 100))} {large}"
    if kind == "spoons":
        tsp = Fraction(half_up(base * 4), 4)
        if tsp == 0 and base > 0:
            tsp = Fraction(1, 4)
        if tsp >= 48:
            return f"{number(Fraction(half_up(tsp / 48 * 4), 4))} cup"
        if tsp >= 3:
            return f"{number(Fraction(half_up(tsp / 3 * 4), 4))} tbsp"
        return f"{number(tsp)} tsp"
    return str(math.ceil(base))


def line_text(ingredient: str, kind: str, base: Fraction) -> str:
    return f"{INGREDIENTS[ingredient][0]}: {show_amount(kind, base)}"


def scaled(recipe: str, servings: int) -> list[tuple[str, str, Fraction]]:
    """(ingredient, kind, exact amount in the kind's base unit) in the recipe's order."""
    _, serves, lines = RECIPES[recipe]
    out = []
    for ingredient, amount, unit in lines:
        kind, factor = UNITS[unit]
        out.append((ingredient, kind, amount * factor * servings / serves))
    return out


def count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


@dataclass
class Book:
    servings: dict[str, int] = field(default_factory=lambda: {k: v[1] for k, v in RECIPES.items()})
    picks: list[str] = field(default_factory=list)

    def step(self, recipe: str, presses: int) -> None:
        for _ in range(abs(presses)):
            self.servings[recipe] = min(24, max(1, self.servings[recipe] + (1 if presses > 0 else -1)))

    def pick(self, recipe: str) -> None:
        if recipe in self.picks:
            self.picks.remove(recipe)
        else:
            self.picks.append(recipe)

    def ingredients(self, recipe: str) -> dict[str, str]:
        return {ing: line_text(ing, kind, base)
                for ing, kind, base in scaled(recipe, self.servings[recipe])}

    def shopping(self) -> tuple[list[str], list[str], str, list[str]]:
        """(for lines, aisle names shown, item count, list lines from the top)."""
        sums: dict[tuple[str, str], Fraction] = {}
        for recipe in self.picks:
            for ing, kind, base in scaled(recipe, self.servings[recipe]):
                sums[(ing, kind)] = sums.get((ing, kind), Fraction(0)) + base
        aisle_order = [key for key, _ in AISLES]
        keys = sorted(sums, key=lambda k: (aisle_order.index(INGREDIENTS[k[0]][1]),
                                           INGREDIENTS[k[0]][0], KINDS.index(k[1])))
        fors = [f"{RECIPES[r][0]} for {self.servings[r]}" for r in self.picks]
        aisles = [name for key, name in AISLES
                  if any(INGREDIENTS[ing][1] == key for ing, _ in keys)]
        lines = [line_text(ing, kind, sums[(ing, kind)]) for ing, kind in keys]
        return fors, aisles, count(len(lines), "item", "items"), lines


def matching(search: str) -> list[str]:
    """Keys of the recipes the search matches, A to Z by name."""
    needle = search.strip().lower()
    found = [key for key, (name, _, lines) in RECIPES.items()
             if needle in name.lower()
             or any(needle in INGREDIENTS[ing][0].lower() for ing, _, _ in lines)]
    return sorted(found, key=lambda key: RECIPES[key][0])


def derive() -> dict[str, str]:
    out: dict[str, str] = {}

    def put(prefix: str, values: dict[str, str] | list[str]) -> None:
        items = values.items() if isinstance(values, dict) else enumerate(values, 1)
        for name, value in items:
            out[f"{prefix}.{name}"] = value

    def pick(values: dict[str, str], *names: str) -> dict[str, str]:
        """Only the lines the suite reads."""
        return {name: values[name] for name in names}

    def put_list(prefix: str, book: Book, *, fors: bool = True, aisles: bool = False) -> None:
        for_lines, aisle_names, items, lines = book.shopping()
        if fors:
            put(f"{prefix}.for", for_lines)
        if aisles:
            put(f"{prefix}.aisle", aisle_names)
        out[f"{prefix}.count"] = items
        put(f"{prefix}.shop", lines)

    def put_search(name: str, text: str, rows: str | None = None) -> None:
        """rows: "names" (the device suite's see_in_order) or "ids" (the component tests)."""
        found = matching(text)
        out[f"search.{name}.count"] = count(len(found), "recipe", "recipes")
        if rows == "names":
            put(f"search.{name}.rows", [RECIPES[key][0] for key in found])
        elif rows == "ids":
            put(f"search.{name}.ids", [f"recipe-{key}" for key in found])

    # Stage 1, the journey's and the component tests' searches.
    put_search("empty", "", "names")
    put("search.empty.ids", [f"recipe-{key}" for key in matching("")])
    put_search("potato", "potato", "names")
    put_search("garlic", "GARLIC")
    put_search("lemon", "  lemon ")
    put_search("chocolate", "chocolate")
    out["search.chocolate.empty"] = f'No recipes match "{"chocolate".strip()}"'
    put_search("soup", "soup")
    put_search("pota", "pota")
    put_search("basil", "basil")
    put_search("oil", "oil", "ids")
    put_search("sugar", "SUGAR", "ids")
    put_search("past", "  past ", "ids")
    put_search("chocolate-spaced", "  Chocolate  ")
    out["search.chocolate-spaced.empty"] = f'No recipes match "{"  Chocolate  ".strip()}"'
    put_search("flour", "flour", "ids")
    put_search("spaces", "   ")
    for key in ("lemon-rice", "sugar-biscuits"):
        out[f"serves.{key}"] = f"Serves {RECIPES[key][1]}"
    for n in (1, 2, 3, 4):
        out[f"picked.{n}"] = count(n, "recipe picked", "recipes picked")

    # Stage 2: scaling.
    book = Book()
    put("s2.pancakes@4", book.ingredients("pancakes"))
    book.step("pancakes", 6)
    out["s2.pancakes.servings10"] = f"Serves {book.servings['pancakes']}"
    put("s2.pancakes@10", book.ingredients("pancakes"))
    book.step("pancakes", -9)
    put("s2.pancakes@1", book.ingredients("pancakes"))
    book.step("pancakes", -1)
    out["s2.pancakes.floor"] = f"Serves {book.servings['pancakes']}"
    put("s2.smashed@6", pick(book.ingredients("smashed-potatoes"), "oil", "potatoes"))
    book.step("smashed-potatoes", -2)
    out["s2.smashed.servings4"] = f"Serves {book.servings['smashed-potatoes']}"
    put("s2.smashed@4", pick(book.ingredients("smashed-potatoes"), "potatoes", "oil"))
    book.step("smashed-potatoes", -2)
    out["s2.smashed.servings2"] = f"Serves {book.servings['smashed-potatoes']}"
    put("s2.smashed@2", book.ingredients("smashed-potatoes"))
    book.step("potato-soup", 18)
    out["s2.soup.servings24"] = f"Serves {book.servings['potato-soup']}"
    put("s2.soup@24", pick(book.ingredients("potato-soup"), "potatoes", "stock", "milk", "salt"))
    book.step("potato-soup", 1)
    out["s2.soup.ceiling"] = f"Serves {book.servings['potato-soup']}"
    book.step("sugar-biscuits", -15)
    out["s2.biscuits.servings1"] = f"Serves {book.servings['sugar-biscuits']}"
    put("s2.biscuits@1", pick(book.ingredients("sugar-biscuits"), "flour", "butter", "salt"))

    # Stage 3: the shopping list.
    book = Book()
    book.pick("pancakes")
    book.pick("potato-soup")
    put_list("s3.two", book, aisles=True)
    book.step("pancakes", 2)
    book.step("potato-soup", -3)
    out["s3.pancakes.servings"] = f"Serves {book.servings['pancakes']}"
    out["s3.soup.servings"] = f"Serves {book.servings['potato-soup']}"
    book.pick("smashed-potatoes")
    put_list("s3.three", book)
    book.pick("pancakes")
    put_list("s3.no-pancakes", book, fors=False)

    # The journey.
    book = Book()
    book.step("smashed-potatoes", 3)
    out["j.smashed.servings"] = f"Serves {book.servings['smashed-potatoes']}"
    put("j.smashed@9", pick(book.ingredients("smashed-potatoes"), "potatoes", "oil", "garlic", "salt"))
    book.pick("smashed-potatoes")
    book.step("lemon-rice", 1)
    out["j.lemon.servings"] = f"Serves {book.servings['lemon-rice']}"
    put("j.lemon@5", pick(book.ingredients("lemon-rice"), "stock", "lemon", "oil", "onion"))
    book.pick("lemon-rice")
    book.step("tomato-pasta", -1)
    out["j.pasta.servings"] = f"Serves {book.servings['tomato-pasta']}"
    put("j.pasta@1", pick(book.ingredients("tomato-pasta"), "basil", "oil", "salt"))
    book.pick("tomato-pasta")
    put_list("j.party", book, aisles=True)
    book.pick("tomato-pasta")
    book.pick("potato-soup")
    put_list("j.party-soup", book)

    # The component tests (functional/book.test.tsx), each from a fresh launch.
    book = Book()
    book.step("lemon-rice", 2)
    out["f.clear.lemon"] = f"Serves {book.servings['lemon-rice']}"
    book = Book()
    book.step("pancakes", 25)
    out["f.largest.servings"] = f"Serves {book.servings['pancakes']}"
    put("f.pancakes@24", book.ingredients("pancakes"))
    book.step("tomato-pasta", 30)
    put("f.pasta@24", pick(book.ingredients("tomato-pasta"),
                           "pasta", "tomatoes", "garlic", "oil", "basil", "salt"))
    book = Book()
    book.step("lemon-rice", -5)
    put("f.lemon@1", book.ingredients("lemon-rice"))
    book.step("sugar-biscuits", -15)
    out["f.biscuits.servings1"] = f"Serves {book.servings['sugar-biscuits']}"
    put("f.biscuits@1", book.ingredients("sugar-biscuits"))
    book = Book()
    book.step("lemon-rice", 1)
    put("f.lemon@5", book.ingredients("lemon-rice"))
    book.step("lemon-rice", 5)
    out["f.lemon.servings10"] = f"Serves {book.servings['lemon-rice']}"
    put("f.lemon@10", pick(book.ingredients("lemon-rice"), "stock", "lemon", "oil", "cumin"))
    book.step("potato-soup", -2)
    put("f.soup@4", book.ingredients("potato-soup"))
    book = Book()
    book.step("lemon-rice", -3)
    book.step("potato-soup", -5)
    book.pick("lemon-rice")
    book.pick("potato-soup")
    put_list("f.tiny", book)
    book = Book()
    book.step("tomato-pasta", 2)
    book.step("smashed-potatoes", 2)
    book.step("lemon-rice", -2)
    book.step("potato-soup", -5)
    for recipe in ("tomato-pasta", "smashed-potatoes", "lemon-rice", "potato-soup"):
        book.pick(recipe)
    out["f.merge.picked"] = count(len(book.picks), "recipe picked", "recipes picked")
    put_list("f.merge", book, fors=False, aisles=True)
    book = Book()
    book.step("sugar-biscuits", 8)
    book.step("pancakes", 6)
    book.pick("sugar-biscuits")
    book.pick("pancakes")
    put_list("f.kg", book, aisles=True)
    book = Book()
    for recipe in ("tomato-pasta", "pancakes", "lemon-rice", "pancakes", "pancakes"):
        book.pick(recipe)
    put("f.order.ids", [f"for-{recipe}" for recipe in book.picks])
    out["f.order.pasta2"] = book.shopping()[0][0]
    book.step("tomato-pasta", 1)
    out["f.order.pasta"] = f"{RECIPES['tomato-pasta'][0]} for {book.servings['tomato-pasta']}"
    out["f.order.servings"] = f"Serves {book.servings['tomato-pasta']}"
    return out


if __name__ == "__main__":
    print(json.dumps(derive(), indent=1))
