"""Hidden device tests of the `shop` task: one per stage, and the checkout journey.

Every expected string and number follows from tasks/shop/instruction.md and its steps; the
computed ones equal suites/shop/derive.py's independent derivation.

Leak canary rvb-canary-docstring-fd5e75b5: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-74a1bb35): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-43ae7976-shop-suite"

CATALOGUE = ("Linen Shirt", "Basic Tee", "Wool Sweater", "Rain Jacket", "Chino Pants",
             "Denim Jeans", "Running Shorts", "Canvas Sneakers", "Trail Boots", "Leather Belt",
             "Wool Beanie", "Canvas Tote")


def open_tab(app: App, tab: str, heading: str) -> None:
    app.tap(test_id=f"tab-{tab}")
    app.see(heading, at="heading", criterion=f"the {tab} tab shows the heading {heading!r}")


def open_product(app: App, key: str, name: str) -> None:
    app.tap(test_id=f"product-{key}")
    app.see(name, at="heading", criterion=f"pressing {name} in the list opens it")


def add(app: App, key: str, name: str, variant: str, message: str, criterion: str) -> None:
    """From anywhere: the Shop tab, the product, the variant, `Add to cart`."""
    app.tap(test_id="tab-shop")
    open_product(app, key, name)
    app.tap(test_id=f"variant-{variant}")
    app.tap(test_id="add-to-cart")
    app.see(message, at="add-message", criterion=criterion)


def apply(app: App, code: str) -> None:
    app.type(into="input-promo", text=code)
    app.tap(test_id="apply-promo")


def totals(app: App, subtotal: str, shipping: str, tax: str, total: str, criterion: str) -> None:
    app.see(f"Subtotal: {subtotal}", at="total-subtotal",
            criterion="the subtotal sums the lines, sale items at their sale price")
    app.see(f"Shipping: {shipping}", at="total-shipping", criterion=criterion)
    app.see(f"Tax (8.25%): {tax}", at="total-tax",
            criterion="tax is 8.25% of the discounted subtotal, once, rounded half up")
    app.see(f"Total: {total}", at="total-total",
            criterion="the total is subtotal - discount + shipping + tax")


@stage("catalogue")
def test_stage_1_catalogue(app: App) -> None:
    for tab in ("Shop", "Cart", "Orders"):
        app.see(tab, at=f"tab-{tab.lower()}", criterion=f"the tab bar shows the {tab} tab")
    app.see("Shop", at="heading", criterion="the app opens on the product list")
    app.see("Showing 12 of 12 products", at="shown-count",
            criterion="with no chip and no search every product is shown")
    app.see_in_order(*CATALOGUE[:6], criterion="the products are in the catalogue's order")
    app.see("$12.00", at="price-basic-tee", criterion="a product on sale shows its sale price")
    app.see("Was $18.00", at="was-basic-tee",
            criterion="a product on sale shows its price before the sale")
    app.see("$48.00", at="price-linen-shirt", criterion="a full-price product shows its price")
    app.not_see(at="was-linen-shirt", timeout_s=0,
                criterion="a product not on sale shows no earlier price")
    app.see("Tops", at="cat-linen-shirt", criterion="each row names its category")

    app.type(into="input-search", text="wool")
    app.see("Showing 2 of 12 products", at="shown-count",
            criterion="the search keeps the names containing 'wool'")
    app.see_in_order("Wool Sweater", "Wool Beanie",
                     criterion="matches of the search keep the catalogue's order")
    app.not_see("Linen Shirt", criterion="a product whose name lacks the search is hidden")

    app.type(into="input-search", text="CANVAS")
    app.see("Showing 2 of 12 products", at="shown-count",
            criterion="the search ignores case")
    app.tap(test_id="chip-tops")
    app.see("Showing 0 of 12 products", at="shown-count",
            criterion="search and chips combine: no top is named canvas")
    app.see("No products match", at="no-match", criterion="an empty result says so")
    app.tap(test_id="chip-shoes")
    app.see("Showing 1 of 12 products", at="shown-count",
            criterion="a second chip adds its category to the first one's")
    app.see("Canvas Sneakers", criterion="Canvas Sneakers is a shoe named canvas")
    app.not_see("Canvas Tote", criterion="Canvas Tote is an accessory, outside both chips")
    app.not_see(at="no-match", criterion="the empty state goes once something matches")

    app.type(into="input-search", text="")
    app.see("Showing 6 of 12 products", at="shown-count",
            criterion="Tops and Shoes together show the four tops and the two shoes")
    app.see_in_order("Linen Shirt", "Basic Tee", "Wool Sweater", "Rain Jacket",
                     "Canvas Sneakers", "Trail Boots",
                     criterion="chosen categories show their products in catalogue order")
    app.not_see("Chino Pants", criterion="a product of an unchosen category is hidden")

    open_product(app, "linen-shirt", "Linen Shirt")
    app.see("Tops", at="detail-category", criterion="a product shows its category")
    app.see("$48.00", at="detail-price", criterion="a product shows its price")
    app.not_see(at="detail-was", timeout_s=0,
                criterion="a product not on sale shows no earlier price")
    app.see("4 in stock", at="stock-s-white", criterion="a variant shows its stock")
    app.see("Out of stock", at="stock-m-white", criterion="a variant with no stock says so")
    app.see("2 in stock", at="stock-l-white", criterion="each variant has its own stock")
    app.see("3 in stock", at="stock-m-sage", criterion="a colour is a variant of its own")
    app.see_in_order("S / White", "M / White", "L / White", "M / Sage",
                     criterion="variants are listed in the seed order")
    app.see("Choose a size and colour", at="selected-variant",
            criterion="a product opens with no variant chosen")
    app.tap(test_id="variant-m-sage")
    app.see("Selected: M / Sage", at="selected-variant",
            criterion="pressing a variant chooses it")
    app.tap(test_id="back")
    app.see("Showing 6 of 12 products", at="shown-count",
            criterion="Back returns to the list with its chips as they were")

    open_tab(app, "orders", "Orders")
    app.see("3 orders", at="orders-count", criterion="the three seeded orders are listed")
    app.see_in_order("SH-1047", "SH-1046", "SH-1045", criterion="orders are newest first")
    app.see("$158.51", at="order-total-1046", criterion="a seeded order shows its total")
    app.see("Apr 12, 2026", at="order-date-1047", criterion="a seeded order shows its date")
    app.see("3 items", at="order-items-1047", criterion="a seeded order counts its pieces")
    app.see("1 item", at="order-items-1046", criterion="one piece is '1 item'")

    open_tab(app, "shop", "Shop")
    app.see("Showing 6 of 12 products", at="shown-count",
            criterion="switching tabs keeps the chosen chips")
    open_product(app, "basic-tee", "Basic Tee")
    app.see("$12.00", at="detail-price", criterion="a product on sale sells at its sale price")
    app.see("Was $18.00", at="detail-was",
            criterion="a product on sale shows its price before the sale")
    app.see("10 in stock", at="stock-s-black", criterion="Basic Tee S / Black has 10 pieces")
    app.see("Out of stock", at="stock-l-black", criterion="Basic Tee L / Black has none")
    app.tap(test_id="tab-shop")
    app.see("Showing 6 of 12 products", at="shown-count",
            criterion="the Shop tab closes a product and shows the list")
    app.tap(test_id="chip-tops")
    app.see("Showing 2 of 12 products", at="shown-count",
            criterion="pressing a chosen chip again un-chooses it")
    app.not_see("Basic Tee", criterion="un-choosing Tops hides the tops")


@stage("cart")
def test_stage_2_cart(app: App) -> None:
    open_tab(app, "cart", "Your cart")
    app.see("Your cart is empty", at="cart-empty", criterion="the cart starts empty")
    app.not_see(at="place-order", timeout_s=0, criterion="an empty cart cannot be ordered")

    app.tap(test_id="tab-shop")
    open_product(app, "linen-shirt", "Linen Shirt")
    app.tap(test_id="add-to-cart")
    app.see("Choose a size and colour first", at="add-message",
            criterion="adding with no variant chosen is refused")
    app.tap(test_id="variant-m-white")
    app.tap(test_id="add-to-cart")
    app.see("Sorry, M / White is out of stock", at="add-message",
            criterion="an out-of-stock variant is refused with the pinned message")
    open_tab(app, "cart", "Your cart")
    app.see("Your cart is empty", at="cart-empty",
            criterion="a refused variant never reaches the cart")

    add(app, "leather-belt", "Leather Belt", "m-brown", "Added to cart: Leather Belt, M / Brown",
        "a variant in stock is added")
    add(app, "basic-tee", "Basic Tee", "s-black", "Added to cart: Basic Tee, S / Black",
        "a sale item is added like any other")
    open_tab(app, "cart", "Your cart")
    app.see("2 items", at="cart-count", criterion="the cart counts its pieces")
    app.see_in_order("Leather Belt", "Basic Tee", criterion="lines keep the order they were added")
    app.see("M / Brown", at="line-variant-1", criterion="a line names its variant")
    app.see("$35.00 each", at="line-price-1", criterion="a line shows its unit price")
    app.see("$12.00 each, on sale", at="line-price-2",
            criterion="a sale line shows its sale price and says it is on sale")
    app.see("1", at="line-qty-1", criterion="a new line holds one piece")
    totals(app, "$47.00", "$6.95", "$3.88", "$57.83",
           criterion="under $75.00 shipping is $6.95")
    app.see("Add $28.00 more for free shipping", at="free-ship-hint",
            criterion="the hint says how much is missing for free shipping")

    app.tap(test_id="inc-1")
    app.see("2", at="line-qty-1", criterion="+ adds a piece")
    app.see("$70.00", at="line-amount-1", criterion="a line's amount is unit price x quantity")
    totals(app, "$82.00", "Free", "$6.77", "$88.77",
           criterion="from $75.00 shipping is free")
    app.not_see(at="free-ship-hint", criterion="free shipping needs no hint")

    for _ in range(3):
        app.tap(test_id="inc-1")
    app.see("4", at="line-qty-1", criterion="+ never goes above the variant's stock of 4")
    app.see("Only 4 in stock", at="line-limit-1",
            criterion="a line holding the whole stock says so")
    app.see("$140.00", at="line-amount-1", criterion="the amount follows the quantity")
    app.see("5 items", at="cart-count", criterion="the count follows the steppers")
    totals(app, "$152.00", "Free", "$12.54", "$164.54", criterion="shipping stays free")

    add(app, "leather-belt", "Leather Belt", "m-brown", "Your cart already has all 4 of M / Brown",
        "Add to cart never puts more than the stock in the cart")
    add(app, "linen-shirt", "Linen Shirt", "l-white", "Added to cart: Linen Shirt, L / White",
        "a second product's variant is added")
    app.tap(test_id="add-to-cart")
    app.see("Added to cart: Linen Shirt, L / White", at="add-message",
            criterion="adding again adds another piece")
    app.tap(test_id="add-to-cart")
    app.see("Your cart already has all 2 of L / White", at="add-message",
            criterion="a third piece of a variant with 2 in stock is refused")

    open_tab(app, "cart", "Your cart")
    app.see("7 items", at="cart-count", criterion="the cart holds 4 + 1 + 2 pieces")
    app.see("2", at="line-qty-3", criterion="adding twice makes one line of 2")
    app.see("Only 2 in stock", at="line-limit-3", criterion="L / White's whole stock is in the cart")
    app.see("$96.00", at="line-amount-3", criterion="two shirts at $48.00")
    totals(app, "$248.00", "Free", "$20.46", "$268.46", criterion="shipping stays free")

    app.tap(test_id="dec-2")
    app.see("Linen Shirt", at="line-name-2",
            criterion="- at quantity 1 removes the line and the next moves up")
    app.see("6 items", at="cart-count", criterion="removing a line removes its pieces")
    totals(app, "$236.00", "Free", "$19.47", "$255.47", criterion="shipping stays free")
    app.tap(test_id="dec-1")
    app.see("3", at="line-qty-1", criterion="- takes one piece off")
    app.not_see(at="line-limit-1", criterion="a line below its stock shows no limit")


@stage("checkout")
def test_stage_3_checkout(app: App) -> None:
    add(app, "linen-shirt", "Linen Shirt", "s-white", "Added to cart: Linen Shirt, S / White",
        "a full-price shirt is added")
    add(app, "basic-tee", "Basic Tee", "s-black", "Added to cart: Basic Tee, S / Black",
        "a sale tee is added")
    open_tab(app, "cart", "Your cart")
    totals(app, "$60.00", "$6.95", "$4.95", "$71.90", criterion="under $75.00 shipping is $6.95")
    app.see("Add $15.00 more for free shipping", at="free-ship-hint",
            criterion="$15.00 is missing for free shipping")

    apply(app, "SAVE50")
    app.see("That code does not exist", at="promo-error", criterion="an unknown code is refused")
    apply(app, "TAKE15")
    app.see("TAKE15 needs $100.00 of full-price items", at="promo-error",
            criterion="TAKE15 needs $100.00 of full-price items; the shirt is $48.00")
    app.not_see(at="promo-applied", timeout_s=0, criterion="a refused code is not applied")
    apply(app, "SPRING10")
    app.see("Code SPRING10 applied", at="promo-applied",
            criterion="SPRING10's $50.00 minimum counts the sale tee")
    app.see("Discount (SPRING10): -$4.80", at="total-discount",
            criterion="SPRING10 takes 10% off the full-price shirt only, never the sale tee")
    totals(app, "$60.00", "$6.95", "$4.55", "$66.70",
           criterion="shipping is charged below $75.00 after the discount")
    app.see("Add $19.80 more for free shipping", at="free-ship-hint",
            criterion="the hint counts the subtotal after the discount")

    apply(app, "SHIPFREE")
    app.see("One code per order: remove SPRING10 first", at="promo-error",
            criterion="one code per order: a second code is refused")
    app.see("Discount (SPRING10): -$4.80", at="total-discount",
            criterion="the refused second code leaves the first one in place")

    app.tap(test_id="dec-2")
    app.see("SPRING10 needs a subtotal of $50.00", at="promo-note",
            criterion="a code whose minimum no longer holds says why")
    app.not_see(at="total-discount", criterion="a code that no longer holds takes nothing off")
    totals(app, "$48.00", "$6.95", "$3.96", "$58.91",
           criterion="shipping is charged on $48.00")
    app.see("Add $27.00 more for free shipping", at="free-ship-hint",
            criterion="the hint follows the cart")

    app.tap(test_id="remove-promo")
    app.not_see(at="promo-applied", criterion="Remove takes the code off")
    apply(app, "SHIPFREE")
    app.see("Code SHIPFREE applied", at="promo-applied",
            criterion="SHIPFREE applies from a $40.00 subtotal")
    totals(app, "$48.00", "Free", "$3.96", "$51.96",
           criterion="SHIPFREE makes shipping free below $75.00")
    app.not_see(at="free-ship-hint", criterion="free shipping needs no hint")

    app.tap(test_id="place-order")
    app.tap(test_id="place-order")
    app.see("Order confirmed", at="heading", criterion="placing the order confirms it")
    app.see("Order SH-1048", at="confirm-id",
            criterion="the first order placed follows the shop's last order, SH-1047")
    app.see("Placed Apr 14, 2026", at="confirm-date",
            criterion="the order is dated the pinned today")
    app.see("1 item", at="cart-count", criterion="the confirmation counts the order's pieces")
    app.see("Linen Shirt", at="line-name-1", criterion="the confirmation lists the order's lines")
    app.see("Total: $51.96", at="total-total",
            criterion="the confirmation keeps the order's total")
    app.see("Order placed", at="place-order",
            criterion="the button of a placed order reads Order placed")

    open_tab(app, "orders", "Orders")
    app.see("4 orders", at="orders-count",
            criterion="a double tap on Place order places one order")
    app.see_in_order("SH-1048", "SH-1047", criterion="the new order is listed first")
    app.not_see("SH-1049", criterion="no second order was placed by the double tap")
    app.see("Apr 14, 2026", at="order-date-1048", criterion="the new order is dated today")
    app.see("1 item", at="order-items-1048", criterion="the new order counts its pieces")
    app.see("$51.96", at="order-total-1048", criterion="the new order's total is listed")

    open_tab(app, "cart", "Order confirmed")
    app.tap(test_id="continue-shopping")
    app.see("Shop", at="heading", criterion="Continue shopping shows the Shop tab")
    open_product(app, "linen-shirt", "Linen Shirt")
    app.see("3 in stock", at="stock-s-white", criterion="placing the order took its piece out of stock")
    open_tab(app, "cart", "Your cart")
    app.see("Your cart is empty", at="cart-empty", criterion="placing an order empties the cart")


@journey
def test_journey_two_customers(app: App) -> None:
    app.see("Shop", at="heading", criterion="the app opens on the product list")
    app.tap(test_id="chip-shoes")
    app.tap(test_id="chip-accessories")
    app.see("Showing 5 of 12 products", at="shown-count",
            criterion="Shoes and Accessories together show five products")
    add(app, "trail-boots", "Trail Boots", "43-brown", "Added to cart: Trail Boots, 43 / Brown",
        "a pair of boots is added")
    app.tap(test_id="add-to-cart")
    app.tap(test_id="add-to-cart")
    app.see("Your cart already has all 2 of 43 / Brown", at="add-message",
            criterion="a third pair of a variant with 2 in stock is refused")
    add(app, "wool-beanie", "Wool Beanie", "one-size-grey",
        "Added to cart: Wool Beanie, One size / Grey", "a sale beanie is added")
    app.tap(test_id="tab-shop")
    app.see("Showing 5 of 12 products", at="shown-count",
            criterion="the chips survive opening products")
    app.tap(test_id="chip-tops")
    add(app, "rain-jacket", "Rain Jacket", "m-yellow", "Added to cart: Rain Jacket, M / Yellow",
        "a sale jacket is added")

    open_tab(app, "cart", "Your cart")
    app.see("4 items", at="cart-count", criterion="two boots, a beanie and a jacket")
    totals(app, "$391.40", "Free", "$32.29", "$423.69", criterion="a big order ships free")
    apply(app, "SPRING10")
    app.see("Discount (SPRING10): -$28.00", at="total-discount",
            criterion="SPRING10 takes 10% of the boots only: the beanie and jacket are on sale")
    totals(app, "$391.40", "Free", "$29.98", "$393.38", criterion="shipping stays free")
    app.tap(test_id="remove-promo")
    apply(app, "TAKE15")
    app.see("Code TAKE15 applied", at="promo-applied",
            criterion="the boots are $280.00 of full-price items")
    app.see("Discount (TAKE15): -$15.00", at="total-discount", criterion="TAKE15 takes $15.00 off")
    totals(app, "$391.40", "Free", "$31.05", "$407.45", criterion="shipping stays free")

    app.tap(test_id="place-order")
    app.tap(test_id="place-order")
    app.see("Order SH-1048", at="confirm-id", criterion="the first order is SH-1048")
    app.see("Discount (TAKE15): -$15.00", at="total-discount",
            criterion="the confirmation keeps the order's discount")
    app.see("Total: $407.45", at="total-total", criterion="the confirmation keeps the total")
    app.tap(test_id="continue-shopping")
    app.see("Shop", at="heading", criterion="Continue shopping shows the Shop tab")

    open_product(app, "trail-boots", "Trail Boots")
    app.see("Out of stock", at="stock-43-brown", criterion="both pairs of 43 / Brown were sold")
    app.see("1 in stock", at="stock-41-brown", criterion="the other size keeps its stock")
    app.tap(test_id="variant-43-brown")
    app.tap(test_id="add-to-cart")
    app.see("Sorry, 43 / Brown is out of stock", at="add-message",
            criterion="a variant sold out by an order is refused")

    app.tap(test_id="tab-shop")
    app.tap(test_id="chip-shoes")
    app.tap(test_id="chip-accessories")
    app.tap(test_id="chip-tops")
    app.see("Showing 12 of 12 products", at="shown-count",
            criterion="un-choosing every chip shows every product")
    add(app, "canvas-tote", "Canvas Tote", "one-size-natural",
        "Added to cart: Canvas Tote, One size / Natural", "a tote is added to the new cart")
    add(app, "chino-pants", "Chino Pants", "30-khaki", "Added to cart: Chino Pants, 30 / Khaki",
        "chinos are added")
    open_tab(app, "cart", "Your cart")
    app.see("2 items", at="cart-count", criterion="the new cart holds only the new pieces")
    app.not_see(at="promo-applied", timeout_s=0,
                criterion="the code went with the placed order")
    totals(app, "$78.00", "Free", "$6.44", "$84.44", criterion="$78.00 ships free")
    app.tap(test_id="place-order")
    app.see("Order SH-1049", at="confirm-id", criterion="the second order is SH-1049")

    open_tab(app, "orders", "Orders")
    app.see("5 orders", at="orders-count", criterion="two orders were placed")
    app.see_in_order("SH-1049", "SH-1048", "SH-1047", criterion="orders are newest first")
    app.see("$84.44", at="order-total-1049", criterion="the second order's total")
    app.see("$407.45", at="order-total-1048", criterion="the first order's total")
    app.see("4 items", at="order-items-1048", criterion="the first order's pieces")
