"""Hidden device tests of the `delivery` task: one per stage, and the journey.

Every expected string and number follows from tasks/delivery/instruction.md and its steps; the
computed ones equal suites/delivery/derive.py's independent derivation.

Leak canary rvb-canary-docstring-94666ed7: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-0ab01265): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-38c4c7dd-delivery-suite"

SWITCH_TO_CASA_ROSA = "Your basket has 2 items from Lantern Noodle Bar. Start a new basket from Casa Rosa Tacos?"  # noqa: E501
SWITCH_TO_OLIVE = "Your basket has 3 items from Saffron Tiffin. Start a new basket from Olive & Ember?"
KITCHEN_ORDER = ("Lantern Noodle Bar", "Olive & Ember", "Casa Rosa Tacos", "Saffron Tiffin",
                 "Morning Loaf Bakery", "Kumo Sushi", "North Pier Fish Co.")


def open_tab(app: App, tab: str, heading: str) -> None:
    app.tap(test_id=f"tab-{tab}")
    app.see(heading, at="heading", criterion=f"the {tab} tab shows the heading {heading!r}")


def open_dish(app: App, kitchen: str, kitchen_name: str, dish: str, dish_name: str) -> None:
    """From anywhere: the Kitchens tab, the kitchen's menu, the dish."""
    app.tap(test_id="tab-kitchens")
    app.tap(test_id=f"kitchen-{kitchen}")
    app.see(kitchen_name, at="heading", criterion=f"pressing {kitchen_name} opens its menu")
    app.tap(test_id=f"dish-{dish}")
    app.see(dish_name, at="heading", criterion=f"pressing {dish_name} opens the dish")


def choose(app: App, option: str, *extras: str) -> None:
    app.tap(test_id=f"option-{option}")
    for extra in extras:
        app.tap(test_id=f"extra-{extra}")


def totals(app: App, food: str, delivery: str, tip: str, total: str, criterion: str) -> None:
    app.see(food, at="total-food", criterion="food is the sum of the lines' amounts")
    app.see(delivery, at="total-delivery",
            criterion="the delivery fee is the kitchen's distance band's")
    app.see(tip, at="total-tip", criterion=criterion)
    app.see(total, at="total-total",
            criterion="the total is food + small order fee + delivery fee + tip")


@stage("kitchens")
def test_stage_1_kitchens(app: App) -> None:
    for tab, label in (("kitchens", "Kitchens"), ("basket", "Basket"), ("orders", "Orders")):
        app.see(label, at=f"tab-{tab}", criterion=f"the tab bar shows the {label} tab")
    app.see("Kitchens", at="heading", criterion="the app opens on the list of kitchens")
    app.see("4 of 7 open now", at="open-count",
            criterion="four kitchens are open at the pinned 7:40 PM")
    app.see_in_order(*KITCHEN_ORDER,
                     criterion="open kitchens come first, nearest first, then closed ones")
    app.see("Open until 10:00 PM", at="status-lantern", criterion="an open kitchen says until when")
    app.see("Open until 10:30 PM", at="status-saffron",
            criterion="Saffron Tiffin opened at 5:30 PM and is open")
    app.see("Closed, opens at 8:00 PM", at="status-kumo",
            criterion="a kitchen opening later today is closed and says when it opens")
    app.see("Closed, opens tomorrow at 11:30 AM", at="status-north-pier",
            criterion="a kitchen that closed at 7:30 PM is closed at 7:40 PM until tomorrow")
    app.see("Closed, opens tomorrow at 7:00 AM", at="status-morning-loaf",
            criterion="the bakery closed at 3:00 PM")
    app.see("Mediterranean, 2.0 km", at="info-olive",
            criterion="a row shows the cuisine and the distance with one decimal")
    app.see("Delivery $1.99", at="fee-lantern", criterion="under 2.0 km delivery is $1.99")
    app.see("Delivery $3.49", at="fee-olive", criterion="exactly 2.0 km is in the $3.49 band")
    app.see("Delivery $3.49", at="fee-casa-rosa", criterion="4.6 km is in the $3.49 band")
    app.see("Delivery $5.99", at="fee-saffron", criterion="from 5.0 km delivery is $5.99")
    app.see("Delivery $1.99", at="fee-morning-loaf",
            criterion="a closed kitchen shows its fee too")

    app.tap(test_id="kitchen-kumo")
    app.see("Kumo Sushi", at="heading", criterion="pressing a kitchen opens its menu")
    app.see("Japanese, 2.6 km", at="kitchen-info", criterion="the menu shows cuisine and distance")
    app.see("Closed, opens at 8:00 PM", at="kitchen-status",
            criterion="a closed kitchen's menu says it is closed")
    app.see("Delivery $3.49", at="kitchen-fee", criterion="2.6 km is in the $3.49 band")
    app.see_in_order("Salmon Roll", "Miso Soup", criterion="dishes are in the menu's order")
    app.see("From $8.90", at="from-salmon-roll", criterion="a dish shows its lowest option price")
    app.see("From $3.20", at="from-miso-soup", criterion="Miso Soup starts at the cup's $3.20")
    app.tap(test_id="dish-miso-soup")
    app.see("Miso Soup", at="heading", criterion="a closed kitchen's dish can be opened")
    app.see("Size (required)", at="group-name", criterion="the required group is named")
    app.see("Choose a size", at="chosen-option", criterion="a dish opens with no option chosen")
    app.see("$5.10", at="option-price-bowl", criterion="each option shows its price")
    app.not_see("Extras", criterion="a dish without extras shows no Extras heading")
    app.not_see(at="dish-total", timeout_s=0,
                criterion="no item total is shown before an option is chosen")
    app.tap(test_id="back")
    app.see("Kumo Sushi", at="heading", criterion="Back on a dish returns to its kitchen's menu")
    app.tap(test_id="back")
    app.see("4 of 7 open now", at="open-count", criterion="Back on a menu returns to the list")

    app.tap(test_id="kitchen-lantern")
    app.see("Open until 10:00 PM", at="kitchen-status", criterion="an open kitchen's menu")
    app.see_in_order("Dan Dan Noodles", "Vegetable Ramen", "Pork Gyoza",
                     criterion="Lantern's dishes are in the menu's order")
    app.see("From $7.50", at="from-gyoza", criterion="Pork Gyoza starts at 6 pieces")
    app.tap(test_id="dish-dan-dan")
    app.see("Dan Dan Noodles", at="heading", criterion="pressing a dish opens it")
    app.see("$11.50", at="option-price-regular", criterion="Regular is $11.50")
    app.see("$14.00", at="option-price-large", criterion="Large is $14.00")
    app.see("+$1.50", at="extra-price-soft-egg", criterion="an extra shows its own cost")
    app.see("+$0.75", at="extra-price-chili-oil", criterion="Chili oil costs $0.75")
    app.see("+$3.00", at="extra-price-extra-pork", criterion="Extra pork costs $3.00")
    app.see_in_order("Soft egg", "Chili oil", "Extra pork",
                     criterion="extras are in the menu's order")
    app.tap(test_id="option-large")
    app.see("Size: Large", at="chosen-option", criterion="pressing an option chooses it")
    app.see("Item total: $14.00", at="dish-total",
            criterion="the item total is the option's price with no extra")
    app.tap(test_id="extra-chili-oil")
    app.tap(test_id="extra-soft-egg")
    app.see("Item total: $16.25", at="dish-total", criterion="each chosen extra adds its cost")
    app.tap(test_id="extra-extra-pork")
    app.see("Item total: $19.25", at="dish-total", criterion="any number of extras may be chosen")
    app.tap(test_id="extra-extra-pork")
    app.see("Item total: $16.25", at="dish-total", criterion="pressing an extra again takes it off")
    app.tap(test_id="option-regular")
    app.see("Size: Regular", at="chosen-option", criterion="choosing another option replaces it")
    app.see("Item total: $13.75", at="dish-total",
            criterion="the new option's price with the extras kept")
    app.tap(test_id="back")
    app.tap(test_id="dish-gyoza")
    app.see("Portion (required)", at="group-name", criterion="Pork Gyoza's group is Portion")
    app.see("Choose a portion", at="chosen-option",
            criterion="the prompt names the group in lower case")

    open_tab(app, "orders", "Orders")
    app.see("2 orders", at="orders-count", criterion="the two seeded orders are listed")
    app.see_in_order("Order #317", "Order #316", criterion="orders are newest first")
    app.see("Olive & Ember", at="order-kitchen-316", criterion="a seeded order names its kitchen")
    app.see("May 18, 2026, 7:05 PM", at="order-placed-316",
            criterion="a seeded order shows when it was placed")
    app.see("2 items", at="order-items-316", criterion="a seeded order counts its items")
    app.see("1 item", at="order-items-317", criterion="one item is '1 item'")
    app.see("$31.27", at="order-total-316", criterion="a seeded order shows its total")
    app.see("Delivered", at="order-status-317", criterion="the seeded orders are delivered")
    app.tap(test_id="order-316")
    app.see("Order #316", at="heading", criterion="pressing an order opens it")
    app.see("Status: Delivered", at="order-status", criterion="a seeded order is delivered")
    app.see("7:05 PM", at="step-time-confirmed", criterion="Confirmed is when it was placed")
    app.see("7:10 PM", at="step-time-preparing", criterion="Preparing is 5 minutes later")
    app.see("7:30 PM", at="step-time-on-the-way",
            criterion="On the way follows Olive & Ember's 20 minutes of preparation")
    app.see("7:38 PM", at="step-time-delivered", criterion="2.0 km takes 8 minutes to ride")
    app.see("Delivered at 7:38 PM", at="order-eta", criterion="a delivered order says when")
    app.not_see(at="advance", timeout_s=0, criterion="a delivered order cannot move on")
    app.tap(test_id="back")
    app.tap(test_id="order-317")
    app.see("12:50 PM", at="step-time-on-the-way",
            criterion="Lantern's 15 minutes of preparation after 12:35 PM")
    app.see("12:55 PM", at="step-time-delivered",
            criterion="1.2 km is 4.8 minutes, rounded up to 5")
    open_tab(app, "kitchens", "Kitchens")


@stage("basket")
def test_stage_2_basket(app: App) -> None:
    open_tab(app, "basket", "Basket")
    app.see("Your basket is empty", at="basket-empty", criterion="the basket starts empty")
    app.not_see(at="place-order", timeout_s=0, criterion="an empty basket cannot be ordered")

    open_dish(app, "kumo", "Kumo Sushi", "salmon-roll", "Salmon Roll")
    choose(app, "6-pieces")
    app.tap(test_id="add-to-basket")
    app.see("Kumo Sushi is closed now", at="add-message",
            criterion="nothing can be ordered from a closed kitchen")

    open_dish(app, "lantern", "Lantern Noodle Bar", "dan-dan", "Dan Dan Noodles")
    app.tap(test_id="add-to-basket")
    app.see("Choose a size first", at="add-message",
            criterion="Add to basket is refused until the required size is chosen")
    choose(app, "large", "chili-oil", "soft-egg")
    app.tap(test_id="add-to-basket")
    app.see("Added: Dan Dan Noodles, Large", at="add-message",
            criterion="a dish with its size chosen is added")
    app.tap(test_id="back")
    app.tap(test_id="dish-dan-dan")
    choose(app, "large", "soft-egg", "chili-oil")
    app.tap(test_id="add-to-basket")
    app.see("Added: Dan Dan Noodles, Large", at="add-message",
            criterion="the same configuration is added again")
    app.tap(test_id="back")
    app.tap(test_id="dish-gyoza")
    choose(app, "6-pieces")
    app.tap(test_id="add-to-basket")
    app.see("Added: Pork Gyoza, 6 pieces", at="add-message", criterion="a second dish is added")

    open_tab(app, "basket", "Basket")
    app.see("From Lantern Noodle Bar", at="basket-kitchen", criterion="the basket names its kitchen")
    app.see("3 items", at="basket-count", criterion="the refused salmon roll never reached it")
    app.see_in_order("Dan Dan Noodles", "Pork Gyoza", criterion="lines keep the order added")
    app.see("Large, Soft egg, Chili oil", at="line-choices-1",
            criterion="the extras are listed in the menu's order, whatever order pressed")
    app.see("2", at="line-qty-1", criterion="the same configuration goes on one line")
    app.see("$16.25 each", at="line-price-1", criterion="the unit price is option plus extras")
    app.see("$32.50", at="line-amount-1", criterion="a line's amount is unit price x quantity")
    app.see("6 pieces", at="line-choices-2", criterion="a line with no extra shows its option")
    app.not_see(at="total-small", timeout_s=0, criterion="$40.00 of food pays no small order fee")
    totals(app, "Food: $40.00", "Delivery (1.2 km): $1.99", "Tip: $0.00", "Total: $41.99",
           criterion="a new basket starts with no tip")

    app.tap(test_id="tip-15")
    totals(app, "Food: $40.00", "Delivery (1.2 km): $1.99", "Tip (15%): $6.00",
           "Total: $47.99", criterion="15% of the food")
    app.tap(test_id="dec-1")
    app.see("1", at="line-qty-1", criterion="- takes one off")
    app.see("$16.25", at="line-amount-1", criterion="the amount follows the quantity")
    totals(app, "Food: $23.75", "Delivery (1.2 km): $1.99", "Tip (15%): $3.56",
           "Total: $29.30", criterion="a percent tip follows the food, rounded half up")
    app.tap(test_id="dec-1")
    app.see("Pork Gyoza", at="line-name-1",
            criterion="- at quantity 1 removes the line and the next moves up")
    app.see("1 item", at="basket-count", criterion="one dish is '1 item'")
    app.see("Small order fee: $2.00", at="total-small",
            criterion="food under $15.00 pays the small order fee")
    app.see("Add $7.50 more to avoid the small order fee", at="small-hint",
            criterion="the hint says what is missing to $15.00")
    totals(app, "Food: $7.50", "Delivery (1.2 km): $1.99", "Tip (15%): $1.13",
           "Total: $12.62", criterion="15% of $7.50 is 112.5 cents, rounded half up to $1.13")

    app.tap(test_id="inc-1")
    app.see("2", at="line-qty-1", criterion="+ adds one")
    app.see("$15.00", at="line-amount-1", criterion="two portions at $7.50")
    app.not_see(at="total-small", criterion="exactly $15.00 of food pays no small order fee")
    app.not_see(at="small-hint", timeout_s=0, criterion="no fee, no hint")
    totals(app, "Food: $15.00", "Delivery (1.2 km): $1.99", "Tip (15%): $2.25",
           "Total: $19.24", criterion="15% of $15.00")

    app.tap(test_id="tip-custom")
    app.type(into="input-tip", text="2.345")
    app.see("Tip: $2.35", at="total-tip", criterion="a custom tip is rounded half up to the cent")
    app.see("Total: $19.34", at="total-total", criterion="the total adds the custom tip")
    app.type(into="input-tip", text="abc")
    app.see("Tip: $0.00", at="total-tip", criterion="text that is not a number tips nothing")
    app.see("Total: $16.99", at="total-total", criterion="the total with no tip")
    app.type(into="input-tip", text="4")
    app.see("Tip: $4.00", at="total-tip", criterion="a whole number of dollars")
    app.see("Total: $20.99", at="total-total", criterion="the total adds $4.00")
    app.tap(test_id="tip-20")
    app.see("Tip (20%): $3.00", at="total-tip", criterion="20% of $15.00")
    app.not_see(at="input-tip", criterion="the custom input shows only while Custom is chosen")
    app.see("Total: $19.99", at="total-total", criterion="the total adds the 20% tip")
    app.tap(test_id="tip-custom")
    app.see("Tip: $4.00", at="total-tip", criterion="switching back to Custom keeps what was typed")
    open_tab(app, "kitchens", "Kitchens")
    open_tab(app, "basket", "Basket")
    app.see("Tip: $4.00", at="total-tip", criterion="switching tabs keeps the tip")
    app.see("Total: $20.99", at="total-total", criterion="switching tabs keeps the basket")


@stage("tracking")
def test_stage_3_tracking(app: App) -> None:
    open_dish(app, "lantern", "Lantern Noodle Bar", "veg-ramen", "Vegetable Ramen")
    choose(app, "regular", "corn")
    app.tap(test_id="add-to-basket")
    app.tap(test_id="add-to-basket")
    app.see("Added: Vegetable Ramen, Regular", at="add-message",
            criterion="Add to basket again adds another")
    open_tab(app, "basket", "Basket")
    app.tap(test_id="tip-10")
    app.see("Tip (10%): $2.56", at="total-tip", criterion="10% of $25.60")
    app.see("Total: $30.15", at="total-total", criterion="two ramens with corn, delivery and tip")

    open_dish(app, "casa-rosa", "Casa Rosa Tacos", "tinga-tacos", "Chicken Tinga Tacos")
    choose(app, "flour", "guacamole")
    app.tap(test_id="add-to-basket")
    app.see("Start a new basket?", at="switch-title",
            criterion="adding from a second kitchen asks first")
    app.see(SWITCH_TO_CASA_ROSA, at="switch-text",
            criterion="the question names the basket's items and both kitchens")
    app.tap(test_id="keep-basket")
    app.not_see(at="switch-title", criterion="Keep basket closes the question")
    app.not_see(at="add-message", timeout_s=0, criterion="keeping the basket adds nothing")
    app.see("Tortilla: Flour", at="chosen-option", criterion="the dish keeps its choices")
    app.see("Item total: $13.25", at="dish-total", criterion="flour tortilla with guacamole")
    open_tab(app, "basket", "Basket")
    app.see("From Lantern Noodle Bar", at="basket-kitchen", criterion="the kept basket is unchanged")
    app.see("2 items", at="basket-count", criterion="the kept basket keeps its two ramens")
    app.see("Tip (10%): $2.56", at="total-tip", criterion="the kept basket keeps its tip")

    open_dish(app, "casa-rosa", "Casa Rosa Tacos", "tinga-tacos", "Chicken Tinga Tacos")
    choose(app, "corn", "queso")
    app.tap(test_id="add-to-basket")
    app.see("Start a new basket?", at="switch-title", criterion="it asks again")
    app.tap(test_id="start-new-basket")
    app.not_see(at="switch-title", criterion="Start new basket closes the question")
    app.see("Added: Chicken Tinga Tacos, Corn", at="add-message",
            criterion="Start new basket adds the dish")
    app.tap(test_id="back")
    app.tap(test_id="dish-churros")
    choose(app, "8-pieces", "chocolate-dip")
    app.tap(test_id="add-to-basket")
    app.see("Added: Churros, 8 pieces", at="add-message",
            criterion="a second dish of the basket's kitchen is added")
    app.not_see(at="switch-title", timeout_s=0, criterion="the same kitchen never asks")

    open_tab(app, "basket", "Basket")
    app.see("From Casa Rosa Tacos", at="basket-kitchen", criterion="the new basket's kitchen")
    app.see("2 items", at="basket-count", criterion="the ramens went with the old basket")
    app.see("Corn, Queso", at="line-choices-1", criterion="the tacos' tortilla and extra")
    app.see("$12.25 each", at="line-price-1", criterion="corn tortilla with queso")
    app.see("8 pieces, Chocolate dip", at="line-choices-2", criterion="the churros' choices")
    app.see("$9.70 each", at="line-price-2", criterion="8 pieces with chocolate dip")
    totals(app, "Food: $21.95", "Delivery (4.6 km): $3.49", "Tip: $0.00", "Total: $25.44",
           criterion="a new basket's tip goes back to No tip")
    app.tap(test_id="tip-20")
    app.see("Tip (20%): $4.39", at="total-tip", criterion="20% of $21.95, rounded half up")
    app.see("Total: $29.83", at="total-total", criterion="the total with the 20% tip")

    app.tap(test_id="place-order")
    app.see("Order #318", at="heading", criterion="placing opens the new order, the next number")
    app.see("Casa Rosa Tacos", at="order-kitchen", criterion="the order names its kitchen")
    app.see("Placed May 21, 2026, 7:40 PM", at="order-placed",
            criterion="the order is placed at the pinned now")
    app.see("2 items", at="order-items", criterion="the order keeps its items")
    app.see("Total: $29.83", at="order-total", criterion="the order keeps its total")
    app.see("Status: Confirmed", at="order-status", criterion="a new order starts Confirmed")
    app.see("7:40 PM", at="step-time-confirmed", criterion="Confirmed at the time it was placed")
    app.see("Expected 7:45 PM", at="step-time-preparing",
            criterion="a step not reached shows its expected time")
    app.see("Expected 7:57 PM", at="step-time-on-the-way",
            criterion="On the way follows 12 minutes of preparation")
    app.see("Expected 8:16 PM", at="step-time-delivered",
            criterion="4.6 km is 18.4 minutes, rounded up to 19")
    app.see("Arrives by 8:16 PM", at="order-eta", criterion="the order says when it arrives")

    app.tap(test_id="advance")
    app.see("Status: Preparing", at="order-status", criterion="Next step moves to Preparing")
    app.see("7:45 PM", at="step-time-preparing", criterion="a reached step shows its time")
    app.tap(test_id="advance")
    app.see("Status: On the way", at="order-status", criterion="Next step moves to On the way")
    app.see("7:57 PM", at="step-time-on-the-way", criterion="On the way is reached")
    app.tap(test_id="back")
    app.see("3 orders", at="orders-count", criterion="the new order joins the seeded ones")
    app.see_in_order("Order #318", "Order #317", "Order #316",
                     criterion="the new order is listed first")
    app.see("On the way", at="order-status-318", criterion="the list shows the order's step")
    app.see("May 21, 2026, 7:40 PM", at="order-placed-318", criterion="the list shows when placed")
    app.see("$29.83", at="order-total-318", criterion="the list shows the order's total")
    app.tap(test_id="order-318")
    app.see("Status: On the way", at="order-status", criterion="the order keeps its step")
    app.tap(test_id="advance")
    app.see("Status: Delivered", at="order-status", criterion="the last step is Delivered")
    app.see("8:16 PM", at="step-time-delivered", criterion="Delivered is reached")
    app.see("Delivered at 8:16 PM", at="order-eta", criterion="a delivered order says when")
    app.not_see(at="advance", criterion="Next step goes once the order is delivered")

    open_tab(app, "basket", "Basket")
    app.see("Your basket is empty", at="basket-empty", criterion="placing the order emptied it")
    open_dish(app, "lantern", "Lantern Noodle Bar", "gyoza", "Pork Gyoza")
    choose(app, "6-pieces")
    app.tap(test_id="add-to-basket")
    app.see("Added: Pork Gyoza, 6 pieces", at="add-message",
            criterion="after an order, another kitchen starts a basket without asking")
    app.not_see(at="switch-title", timeout_s=0, criterion="an empty basket never asks")


@journey
def test_journey_thursday_night(app: App) -> None:
    app.see("Kitchens", at="heading", criterion="the app opens on the list of kitchens")
    open_dish(app, "saffron", "Saffron Tiffin", "butter-chicken", "Butter Chicken")
    app.tap(test_id="add-to-basket")
    app.see("Choose a spice level first", at="add-message",
            criterion="the refusal names the required group in lower case")
    choose(app, "medium", "garlic-naan")
    app.see("Item total: $18.75", at="dish-total", criterion="Medium with garlic naan")
    app.tap(test_id="add-to-basket")
    app.tap(test_id="add-to-basket")
    app.see("Added: Butter Chicken, Medium", at="add-message", criterion="two are added")
    app.tap(test_id="back")
    app.tap(test_id="dish-chana-masala")
    choose(app, "hot")
    app.tap(test_id="add-to-basket")
    app.see("Added: Chana Masala, Hot", at="add-message", criterion="a third dish is added")

    open_tab(app, "basket", "Basket")
    app.see("3 items", at="basket-count", criterion="two butter chickens and a chana masala")
    app.tap(test_id="tip-15")
    totals(app, "Food: $49.75", "Delivery (6.3 km): $5.99", "Tip (15%): $7.46", "Total: $63.20",
           criterion="15% of $49.75 is 746.25 cents, $7.46")

    open_dish(app, "north-pier", "North Pier Fish Co.", "fish-chips", "Fish and Chips")
    choose(app, "regular")
    app.tap(test_id="add-to-basket")
    app.see("North Pier Fish Co. is closed now", at="add-message",
            criterion="a closed kitchen is refused before any question")
    app.not_see(at="switch-title", timeout_s=0, criterion="a closed kitchen never asks")

    open_dish(app, "olive", "Olive & Ember", "falafel-wrap", "Falafel Wrap")
    choose(app, "regular")
    app.tap(test_id="add-to-basket")
    app.see(SWITCH_TO_OLIVE, at="switch-text",
            criterion="a second kitchen asks, naming the basket's three items")
    app.tap(test_id="keep-basket")
    open_tab(app, "basket", "Basket")
    app.see("Total: $63.20", at="total-total", criterion="the kept basket is unchanged")
    app.tap(test_id="place-order")
    app.see("Order #318", at="heading", criterion="the first order is #318")
    app.see("Arrives by 8:36 PM", at="order-eta",
            criterion="25 minutes of preparation and 6.3 km (26 minutes) after 7:45 PM")
    app.tap(test_id="advance")
    app.see("Status: Preparing", at="order-status", criterion="the order moves to Preparing")

    open_dish(app, "olive", "Olive & Ember", "falafel-wrap", "Falafel Wrap")
    choose(app, "large", "pickles", "feta")
    app.tap(test_id="add-to-basket")
    app.see("Added: Falafel Wrap, Large", at="add-message",
            criterion="the empty basket takes another kitchen without asking")
    open_tab(app, "basket", "Basket")
    app.see("From Olive & Ember", at="basket-kitchen", criterion="the new basket's kitchen")
    app.see("Tip: $0.00", at="total-tip", criterion="the new basket starts with no tip")
    app.see("Small order fee: $2.00", at="total-small", criterion="$14.35 of food is under $15.00")
    app.see("Add $0.65 more to avoid the small order fee", at="small-hint",
            criterion="65 cents are missing")
    app.tap(test_id="tip-custom")
    app.type(into="input-tip", text="3.5")
    totals(app, "Food: $14.35", "Delivery (2.0 km): $3.49", "Tip: $3.50", "Total: $23.34",
           criterion="a custom tip of 3.5 dollars")
    app.tap(test_id="inc-1")
    app.not_see(at="total-small", criterion="$28.70 of food pays no small order fee")
    totals(app, "Food: $28.70", "Delivery (2.0 km): $3.49", "Tip: $3.50", "Total: $35.69",
           criterion="a custom tip does not follow the food")
    app.tap(test_id="place-order")
    app.see("Order #319", at="heading", criterion="the second order is #319")
    app.see("Arrives by 8:13 PM", at="order-eta",
            criterion="20 minutes of preparation and 2.0 km (8 minutes) after 7:45 PM")
    app.see("Status: Confirmed", at="order-status", criterion="the second order starts Confirmed")

    app.tap(test_id="back")
    app.see("4 orders", at="orders-count", criterion="two orders were placed")
    app.see_in_order("Order #319", "Order #318", "Order #317",
                     criterion="orders are newest first")
    app.see("Confirmed", at="order-status-319", criterion="#319 was never moved on")
    app.see("Preparing", at="order-status-318", criterion="#318 keeps its step")
    app.see("$63.20", at="order-total-318", criterion="#318's total")
    app.see("$35.69", at="order-total-319", criterion="#319's total")
    app.see("2 items", at="order-items-319", criterion="#319 holds two wraps")
    app.tap(test_id="order-318")
    app.see("Expected 8:10 PM", at="step-time-on-the-way",
            criterion="Saffron Tiffin's 25 minutes of preparation after 7:45 PM")
    for _ in range(2):
        app.tap(test_id="advance")
    app.see("Status: Delivered", at="order-status", criterion="two more steps deliver it")
    app.see("Delivered at 8:36 PM", at="order-eta", criterion="delivered at its pinned time")
    app.not_see(at="advance", criterion="a delivered order cannot move on")
