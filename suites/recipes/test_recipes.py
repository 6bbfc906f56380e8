"""Hidden device tests of the `recipes` task: one per stage, and the cooking-for-a-crowd journey.

Every expected string and number follows from tasks/recipes/instruction.md and its steps.

Leak canary rvb-canary-docstring-1731effc: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-8af28293): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-0427e463-recipes-suite"

ALL_RECIPES = ("Lemon Rice", "Pancakes", "Potato Soup", "Smashed Potatoes", "Sugar Biscuits",
               "Tomato Pasta")

PANCAKES_FOR_4 = {
    "flour": "Flour: 250 g", "milk": "Milk: 600 ml", "eggs": "Eggs: 2",
    "butter": "Butter: 3 tbsp", "sugar": "Sugar: 25 g", "salt": "Salt: 0.5 tsp",
}
PANCAKES_FOR_10 = {
    "flour": "Flour: 625 g", "milk": "Milk: 1.5 l", "eggs": "Eggs: 5",
    "butter": "Butter: 7.5 tbsp", "sugar": "Sugar: 63 g", "salt": "Salt: 1.25 tsp",
}
PANCAKES_FOR_1 = {
    "flour": "Flour: 63 g", "milk": "Milk: 150 ml", "eggs": "Eggs: 1",
    "butter": "Butter: 2.25 tsp", "sugar": "Sugar: 6 g", "salt": "Salt: 0.25 tsp",
}

# Pancakes for 4 and Potato Soup for 6, aisle by aisle.
LIST_TWO = (
    ("Produce", "Garlic: 3", "Onion: 2", "Potatoes: 1.2 kg"),
    ("Dairy & eggs", "Butter: 40 g", "Butter: 3 tbsp", "Eggs: 2", "Milk: 850 ml"),
    ("Pantry", "Flour: 250 g", "Sugar: 25 g", "Vegetable stock: 1.5 l"),
    ("Spices", "Salt: 1.5 tsp"),
)
# Pancakes for 6, Potato Soup for 3 and Smashed Potatoes for 6.
LIST_THREE = (
    "Garlic: 7", "Onion: 1", "Potatoes: 2.1 kg",
    "Butter: 20 g", "Butter: 4.5 tbsp", "Eggs: 3", "Milk: 1.03 l",
    "Flour: 375 g", "Olive oil: 4 tbsp", "Sugar: 38 g", "Vegetable stock: 750 ml",
    "Salt: 1 tbsp",
)
# The same without Pancakes.
LIST_NO_PANCAKES = (
    "Garlic: 7", "Onion: 1", "Potatoes: 2.1 kg",
    "Butter: 20 g", "Milk: 125 ml",
    "Olive oil: 4 tbsp", "Vegetable stock: 750 ml",
    "Salt: 2.5 tsp",
)
# Smashed Potatoes for 9, Lemon Rice for 5 and Tomato Pasta for 1.
PARTY = (
    "Basil: 8 g", "Garlic: 9", "Lemon: 2", "Onion: 2", "Potatoes: 2.25 kg", "Tomatoes: 200 g",
    "Parmesan: 15 g",
    "Olive oil: 8.25 tbsp", "Pasta: 100 g", "Rice: 375 g", "Vegetable stock: 938 ml",
    "Cumin: 1.25 tsp", "Salt: 1 tbsp",
)
# Smashed Potatoes for 9, Lemon Rice for 5 and Potato Soup for 6.
PARTY_WITH_SOUP = (
    "Garlic: 11", "Lemon: 2", "Onion: 4", "Potatoes: 3.45 kg",
    "Butter: 40 g", "Milk: 250 ml",
    "Olive oil: 7.25 tbsp", "Rice: 375 g", "Vegetable stock: 2.44 l",
    "Cumin: 1.25 tsp", "Salt: 1.25 tbsp",
)


def open_tab(app: App, tab: str, heading: str) -> None:
    app.tap(test_id=f"tab-{tab}")
    app.see(heading, criterion=f"the {tab} tab shows the heading {heading!r}")


def search(app: App, text: str) -> None:
    app.type(into="input-search", text=text)


def open_recipe(app: App, key: str, name: str) -> None:
    app.tap(test_id=f"recipe-{key}")
    app.see(name, criterion=f"pressing a recipe's name opens it under the heading {name!r}")


def step_servings(app: App, step: int) -> None:
    for _ in range(abs(step)):
        app.tap(test_id="servings-inc" if step > 0 else "servings-dec")


def back(app: App) -> None:
    app.tap(test_id="back")
    # The heading `Recipes` is also the tab's label, always shown: the servings prove the screen.
    app.not_see(at="servings", criterion="Back leaves the recipe screen for the Recipes screen")


def check_ingredients(app: App, lines: dict[str, str], criterion: str) -> None:
    for key, text in lines.items():
        app.see(text, at=f"ing-{key}", criterion=criterion)


def check_list(app: App, lines: tuple[str, ...], criterion: str) -> None:
    for index, text in enumerate(lines, 1):
        app.see(text, at=f"shop-{index}", criterion=criterion)
    app.not_see(at=f"shop-{len(lines) + 1}", timeout_s=0,
                criterion="the list has no line beyond the merged ones")


@stage("search")
def test_stage_1_search(app: App) -> None:
    for tab in ("Recipes", "Shopping"):
        app.see(tab, at=f"tab-{tab.lower()}", criterion=f"the tab bar shows the {tab} tab")
    app.see("6 recipes", at="recipe-count", criterion="all six seed recipes match an empty search")
    app.see_in_order(*ALL_RECIPES, criterion="recipes are listed A to Z by name")
    app.see("Serves 4", at="serves-lemon-rice", criterion="each row shows the recipe's servings")
    app.see("Serves 16", at="serves-sugar-biscuits",
            criterion="Sugar Biscuits is written for 16 servings")
    app.not_see(at="picked-count", timeout_s=0, criterion="with no pick there is no picked count")
    app.not_see(at="clear-picks", timeout_s=0, criterion="with no pick there is no Clear picks button")

    search(app, "potato")
    app.see("2 recipes", at="recipe-count", criterion="a search counts the recipes it matches")
    app.see_in_order("Potato Soup", "Smashed Potatoes",
                     criterion="a name matches anywhere in it, and matches stay A to Z")
    app.not_see(at="recipe-pancakes", criterion="a recipe the search does not match is hidden")

    search(app, "GARLIC")
    app.see("3 recipes", at="recipe-count",
            criterion="a search matches ingredient names too, ignoring case")
    app.see("Tomato Pasta", at="recipe-tomato-pasta", criterion="Tomato Pasta has garlic and is matched")
    app.not_see(at="recipe-sugar-biscuits", criterion="Sugar Biscuits has no garlic and is hidden")

    search(app, "  lemon ")
    app.see("1 recipe", at="recipe-count",
            criterion="spaces around the search are ignored and one match is singular")
    app.see("Lemon Rice", at="recipe-lemon-rice", criterion="Lemon Rice is the one recipe with lemon")

    search(app, "chocolate")
    app.see('No recipes match "chocolate"', at="search-empty",
            criterion="a search that matches nothing says so, quoting the search")
    app.see("0 recipes", at="recipe-count", criterion="nothing matched counts 0 recipes")
    app.not_see(at="recipe-lemon-rice", criterion="no rows are shown when nothing matches")

    search(app, "")
    app.see("6 recipes", at="recipe-count", criterion="clearing the search shows every recipe")
    app.not_see(at="search-empty", timeout_s=0, criterion="the no-match text goes when recipes match again")

    app.tap(test_id="pick-pancakes")
    app.see("Picked", at="pick-pancakes", criterion="Pick picks the recipe")
    app.see("1 recipe picked", at="picked-count", criterion="one pick is counted in the singular")
    app.see("Clear picks", at="clear-picks", criterion="Clear picks is offered once something is picked")
    app.tap(test_id="pick-sugar-biscuits")
    app.see("Picked", at="pick-sugar-biscuits", criterion="a second recipe can be picked")
    app.see("Picked", at="pick-pancakes", criterion="several recipes can be picked at once")
    app.see("2 recipes picked", at="picked-count", criterion="two picks are counted")

    search(app, "rice")
    app.not_see(at="pick-sugar-biscuits", criterion="the search hides Sugar Biscuits' row")
    app.see("2 recipes picked", at="picked-count",
            criterion="a pick stays when the search hides its row")
    search(app, "")
    app.see("Picked", at="pick-sugar-biscuits",
            criterion="Sugar Biscuits is still picked once its row shows again")

    app.tap(test_id="pick-pancakes")
    app.see("Pick", at="pick-pancakes", criterion="pressing Picked unpicks the recipe")
    app.see("1 recipe picked", at="picked-count",
            criterion="the picked count drops when a recipe is unpicked")

    search(app, "soup")
    open_tab(app, "shopping", "Shopping list")
    open_tab(app, "recipes", "Recipes")
    app.see("1 recipe", at="recipe-count", criterion="the search survives a visit to Shopping")
    app.see("Potato Soup", at="recipe-potato-soup", criterion="the search soup still matches Potato Soup")
    search(app, "")
    app.see("Picked", at="pick-sugar-biscuits", criterion="the picks survive a visit to Shopping")

    app.tap(test_id="clear-picks")
    app.see("Pick", at="pick-sugar-biscuits", criterion="Clear picks unpicks every recipe")
    app.not_see(at="picked-count", criterion="with no pick left the picked count goes away")
    app.not_see(at="clear-picks", timeout_s=0, criterion="with no pick left Clear picks goes away")


@stage("scaling")
def test_stage_2_scaling(app: App) -> None:
    open_recipe(app, "pancakes", "Pancakes")
    app.see("Serves 4", at="servings", criterion="a recipe opens at the servings it is written for")
    app.see_in_order(*PANCAKES_FOR_4.values(),
                     criterion="ingredients are listed in the recipe's order")
    check_ingredients(app, PANCAKES_FOR_4, criterion="the written quantities are shown as written")

    step_servings(app, 6)
    app.see("Serves 10", at="servings", criterion="+ adds one serving")
    check_ingredients(app, PANCAKES_FOR_10,
                      criterion="quantities scale by servings, g round half up, 1500 ml shows 1.5 l")

    step_servings(app, -9)
    app.see("Serves 1", at="servings", criterion="- takes one serving away")
    check_ingredients(app, PANCAKES_FOR_1,
                      criterion="one serving: 62.5 g rounds up, 0.5 egg rounds up, 9 tsp of "
                                "butter is 2.25 tsp")
    step_servings(app, -1)
    app.see("Serves 1", at="servings", criterion="- at 1 serving changes nothing")
    app.see("Flour: 63 g", at="ing-flour", criterion="- at 1 serving leaves the quantities as they were")

    back(app)
    app.see("Serves 1", at="serves-pancakes",
            criterion="the recipe keeps its servings, shown on its row")

    open_recipe(app, "smashed-potatoes", "Smashed Potatoes")
    app.see("Olive oil: 4 tbsp", at="ing-oil", criterion="0.25 cup (12 tsp) shows as 4 tbsp")
    app.see("Potatoes: 1.5 kg", at="ing-potatoes", criterion="1500 g shows as 1.5 kg")
    step_servings(app, -2)
    app.see("Serves 4", at="servings",
            criterion="two presses of - take Smashed Potatoes from 6 to 4 servings")
    app.see("Potatoes: 1 kg", at="ing-potatoes", criterion="exactly 1000 g shows as 1 kg")
    app.see("Olive oil: 2.75 tbsp", at="ing-oil",
            criterion="8 tsp is 2.67 tbsp, rounded half up to a quarter: 2.75 tbsp")
    step_servings(app, -2)
    app.see("Serves 2", at="servings", criterion="two more presses of - take it to 2 servings")
    app.see("Potatoes: 500 g", at="ing-potatoes", criterion="below 1000 g a weight shows grams")
    app.see("Olive oil: 1.25 tbsp", at="ing-oil",
            criterion="12 tsp of olive oil for 6 is 4 tsp for 2, shown as 1.25 tbsp")
    app.see("Salt: 0.75 tsp", at="ing-salt",
            criterion="0.67 tsp is shown to the nearest quarter teaspoon")
    app.see("Garlic: 2", at="ing-garlic", criterion="5 cloves for 6 is 1.67 for 2, rounded up to 2")

    open_tab(app, "shopping", "Shopping list")
    open_tab(app, "recipes", "Smashed Potatoes")
    app.see("Serves 2", at="servings", criterion="the open recipe survives a visit to Shopping")
    back(app)

    open_recipe(app, "potato-soup", "Potato Soup")
    step_servings(app, 18)
    app.see("Serves 24", at="servings",
            criterion="eighteen presses of + take Potato Soup from 6 to 24 servings")
    app.see("Potatoes: 4.8 kg", at="ing-potatoes", criterion="1.2 kg for 6 is 4.8 kg for 24")
    app.see("Vegetable stock: 6 l", at="ing-stock", criterion="1.5 l of stock for 6 is 6 l for 24")
    app.see("Milk: 1 l", at="ing-milk", criterion="exactly 1000 ml shows as 1 l")
    app.see("Salt: 1.25 tbsp", at="ing-salt",
            criterion="4 tsp shows as tablespoons, rounded to a quarter: 1.25 tbsp")
    step_servings(app, 1)
    app.see("Serves 24", at="servings", criterion="+ at 24 servings changes nothing")
    back(app)

    open_recipe(app, "sugar-biscuits", "Sugar Biscuits")
    step_servings(app, -15)
    app.see("Serves 1", at="servings",
            criterion="fifteen presses of - take Sugar Biscuits from 16 to 1 serving")
    app.see("Flour: 25 g", at="ing-flour", criterion="400 g for 16 is 25 g for 1")
    app.see("Butter: 16 g", at="ing-butter", criterion="15.625 g rounds half up to 16 g")
    app.see("Salt: 0.25 tsp", at="ing-salt",
            criterion="an amount that would round to 0 tsp shows the smallest step")


@stage("shopping")
def test_stage_3_shopping(app: App) -> None:
    open_tab(app, "shopping", "Shopping list")
    app.see("No recipes picked yet", at="shopping-empty",
            criterion="with nothing picked the list says so")

    open_tab(app, "recipes", "Recipes")
    app.tap(test_id="pick-pancakes")
    app.tap(test_id="pick-potato-soup")
    open_tab(app, "shopping", "Shopping list")
    app.see("Pancakes for 4", at="for-pancakes",
            criterion="each picked recipe is listed with its own servings")
    app.see("Potato Soup for 6", at="for-potato-soup",
            criterion="Potato Soup is on the list at its written 6 servings")
    app.see("11 items", at="shop-count", criterion="the count is the number of list lines")
    app.see_in_order(*(text for aisle in LIST_TWO for text in aisle),
                     criterion="lines are grouped by aisle in shop order, A to Z within an aisle")
    for key, aisle in zip(("produce", "dairy", "pantry", "spices"), LIST_TWO, strict=True):
        app.see(aisle[0], at=f"aisle-{key}", criterion="each aisle with lines shows its name")
    check_list(app, tuple(text for aisle in LIST_TWO for text in aisle[1:]),
               criterion="the same ingredient merges within a kind of unit; butter in g and in "
                         "tbsp stays two lines, weight first")
    app.not_see(at="for-smashed-potatoes", timeout_s=0, criterion="a recipe not picked is not on the list")

    open_tab(app, "recipes", "Recipes")
    open_recipe(app, "pancakes", "Pancakes")
    step_servings(app, 2)
    app.see("Serves 6", at="servings", criterion="Pancakes set to 6 servings")
    back(app)
    open_recipe(app, "potato-soup", "Potato Soup")
    step_servings(app, -3)
    app.see("Serves 3", at="servings", criterion="Potato Soup set to 3 servings")
    back(app)
    app.tap(test_id="pick-smashed-potatoes")
    app.see("3 recipes picked", at="picked-count", criterion="a third pick is counted")

    open_tab(app, "shopping", "Shopping list")
    app.see("Pancakes for 6", at="for-pancakes",
            criterion="the list follows a picked recipe's new servings")
    app.see("Potato Soup for 3", at="for-potato-soup",
            criterion="the list follows Potato Soup's new servings")
    app.see("Smashed Potatoes for 6", at="for-smashed-potatoes",
            criterion="a recipe picked at its written servings shows them")
    app.see("12 items", at="shop-count", criterion="the three recipes make 12 lines")
    check_list(app, LIST_THREE,
               criterion="each recipe at its own servings; sums are exact and rounded once "
                         "(1025 ml shows 1.03 l, 37.5 g shows 38 g, 3.25 tsp shows 1 tbsp)")

    open_tab(app, "recipes", "Recipes")
    app.tap(test_id="pick-pancakes")
    app.see("Pick", at="pick-pancakes", criterion="pressing Picked on Pancakes unpicks it")
    open_tab(app, "shopping", "Shopping list")
    app.not_see(at="for-pancakes", criterion="an unpicked recipe leaves the list")
    app.see("8 items", at="shop-count", criterion="without Pancakes the list has 8 lines")
    app.not_see("Eggs: 3", criterion="the unpicked recipe's ingredients leave the list")
    app.not_see("Butter: 4.5 tbsp", timeout_s=0, criterion="Pancakes' butter in tablespoons leaves the list")
    check_list(app, LIST_NO_PANCAKES, criterion="the list is made again from the remaining picks")

    open_tab(app, "recipes", "Recipes")
    app.tap(test_id="clear-picks")
    open_tab(app, "shopping", "Shopping list")
    app.see("No recipes picked yet", at="shopping-empty",
            criterion="after Clear picks the list is empty again")
    app.not_see(at="shop-1", timeout_s=0, criterion="an empty list shows no lines")


@journey
def test_journey_dinner_party(app: App) -> None:
    search(app, "pota")
    app.see("2 recipes", at="recipe-count",
            criterion="pota matches Potato Soup and Smashed Potatoes by name")
    open_recipe(app, "smashed-potatoes", "Smashed Potatoes")
    step_servings(app, 3)
    app.see("Serves 9", at="servings",
            criterion="three presses of + take Smashed Potatoes from 6 to 9 servings")
    check_ingredients(app, {
        "potatoes": "Potatoes: 2.25 kg", "oil": "Olive oil: 6 tbsp", "garlic": "Garlic: 8",
        "salt": "Salt: 1 tbsp",
    }, criterion="for 9: 3 tsp of salt is shown as 1 tbsp, 7.5 cloves round up to 8")
    back(app)
    app.see("2 recipes", at="recipe-count", criterion="Back keeps the search as it was")
    app.see("Serves 9", at="serves-smashed-potatoes", criterion="the row shows the servings just set")
    app.tap(test_id="pick-smashed-potatoes")
    app.see("1 recipe picked", at="picked-count", criterion="the first pick of the evening is counted")

    search(app, "lemon")
    open_recipe(app, "lemon-rice", "Lemon Rice")
    step_servings(app, 1)
    app.see("Serves 5", at="servings", criterion="one press of + takes Lemon Rice to 5 servings")
    check_ingredients(app, {
        "stock": "Vegetable stock: 938 ml", "lemon": "Lemon: 2",
        "oil": "Olive oil: 1.25 tbsp", "onion": "Onion: 2",
    }, criterion="for 5: 937.5 ml rounds half up, 1.25 lemons round up to 2")
    back(app)
    app.tap(test_id="pick-lemon-rice")
    app.see("2 recipes picked", at="picked-count",
            criterion="a pick made under another search is still counted")

    search(app, "basil")
    app.see("1 recipe", at="recipe-count", criterion="basil is found as an ingredient")
    open_recipe(app, "tomato-pasta", "Tomato Pasta")
    step_servings(app, -1)
    app.see("Serves 1", at="servings", criterion="one press of - takes Tomato Pasta to 1 serving")
    check_ingredients(app, {
        "basil": "Basil: 8 g", "oil": "Olive oil: 1 tbsp", "salt": "Salt: 0.25 tsp",
    }, criterion="for 1: 7.5 g of basil rounds half up to 8 g")
    back(app)
    app.tap(test_id="pick-tomato-pasta")
    app.see("3 recipes picked", at="picked-count",
            criterion="three picks made under three searches are all counted")

    open_tab(app, "shopping", "Shopping list")
    app.see_in_order("Smashed Potatoes for 9", "Lemon Rice for 5", "Tomato Pasta for 1",
                     criterion="the picked recipes are listed in the order they were picked")
    app.see("13 items", at="shop-count", criterion="the three recipes make 13 lines")
    check_list(app, PARTY,
               criterion="olive oil in cups and tablespoons merges into one line of 8.25 tbsp")
    app.see("Dairy & eggs", at="aisle-dairy", criterion="an aisle with a single line is shown")

    open_tab(app, "recipes", "Recipes")
    app.see("1 recipe", at="recipe-count",
            criterion="the search basil is still there after a visit to Shopping")
    app.tap(test_id="pick-tomato-pasta")
    app.see("2 recipes picked", at="picked-count", criterion="unpicking leaves the other picks")
    search(app, "soup")
    app.tap(test_id="pick-potato-soup")
    app.see("3 recipes picked", at="picked-count",
            criterion="the soup is picked while the search shows only it")

    open_tab(app, "shopping", "Shopping list")
    app.see_in_order("Smashed Potatoes for 9", "Lemon Rice for 5", "Potato Soup for 6",
                     criterion="a newly picked recipe comes last")
    app.not_see(at="for-tomato-pasta", timeout_s=0, criterion="unpicked Tomato Pasta is no longer listed")
    app.see("11 items", at="shop-count",
            criterion="without Tomato Pasta and with Potato Soup the list has 11 lines")
    app.not_see("Basil: 8 g", criterion="the unpicked Tomato Pasta's basil leaves the list")
    check_list(app, PARTY_WITH_SOUP,
               criterion="stock in l and ml merges: 1500 ml + 937.5 ml shows 2.44 l")
    app.see("Salt: 1.25 tbsp", at="shop-11",
            criterion="salt from three recipes merges into one spoons line")
