/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Every expected string below follows from tasks/shop/instruction.md (suites/shop/derive.py
// derives the computed ones).

async function tap(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

async function type(testID: string, text: string): Promise<void> {
  await fireEvent.changeText(screen.getByTestId(testID), text);
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

async function add(product: string, variant: string): Promise<void> {
  await tap("tab-shop");
  await tap(`product-${product}`);
  await tap(`variant-${variant}`);
  await tap("add-to-cart");
}

async function apply(code: string): Promise<void> {
  await type("input-promo", code);
  await tap("apply-promo");
}

function orderRows(): string[] {
  return screen.getAllByTestId(/^order-\d+$/).map((node) => String(node.props.testID));
}

beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

describe("cart", () => {
  test("steppers stop at the variant's stock and the last minus removes the line", async () => {
    await render(<App />);
    await add("wool-sweater", "m-oat");
    await add("denim-jeans", "32-indigo");
    await tap("tab-cart");
    expect(screen.queryByTestId("line-limit-2")).toBeNull();
    await tap("inc-2");
    await tap("inc-2");
    await tap("inc-2");
    expectText("line-qty-2", "2");
    expectText("line-limit-2", "Only 2 in stock");
    expectText("line-amount-2", "$136.00");
    expectText("cart-count", "3 items");
    await tap("dec-1");
    expectText("line-name-1", "Denim Jeans");
    expectText("line-qty-1", "2");
    expect(screen.queryByTestId("line-name-2")).toBeNull();
    await tap("dec-1");
    await tap("dec-1");
    expectText("cart-empty", "Your cart is empty");
    expect(screen.queryByTestId("place-order")).toBeNull();
  });

  test("exactly $75.00 ships free and the tax is rounded half up once on the order", async () => {
    await render(<App />);
    await add("chino-pants", "30-khaki");
    await add("running-shorts", "s-black");
    await tap("tab-cart");
    expectText("total-subtotal", "Subtotal: $75.00");
    expectText("total-shipping", "Shipping: Free");
    expectText("total-tax", "Tax (8.25%): $6.19");
    expectText("total-total", "Total: $81.19");
    expect(screen.queryByTestId("free-ship-hint")).toBeNull();
    await tap("dec-1");
    await add("wool-sweater", "m-oat");
    await tap("tab-cart");
    // $21.00 and $85.00 carry a quarter cent of tax each: once on $106.00 it is $8.745, $8.75.
    expectText("total-subtotal", "Subtotal: $106.00");
    expectText("total-tax", "Tax (8.25%): $8.75");
    expectText("total-total", "Total: $114.75");
  });

  test("the totals stay in a footer outside the list that scrolls", async () => {
    await render(<App />);
    await add("trail-boots", "43-brown");
    await add("basic-tee", "m-black");
    await add("wool-beanie", "one-size-grey");
    await tap("tab-cart");
    for (const id of ["total-total", "place-order"]) {
      let node = screen.getByTestId(id).parent;
      while (node !== null && node !== undefined) {
        expect(String(node.type)).not.toMatch(/ScrollView/);
        node = node.parent;
      }
    }
    let inList = false;
    let node = screen.getByTestId("line-name-1").parent;
    while (node !== null && node !== undefined) {
      inList = inList || /ScrollView/.test(String(node.type));
      node = node.parent;
    }
    expect(inList).toBe(true);
  });
});

describe("promo", () => {
  test("SPRING10's minimum counts sale items but its money off leaves them out", async () => {
    await render(<App />);
    await add("leather-belt", "m-brown");
    await add("wool-beanie", "one-size-grey");
    await tap("tab-cart");
    await apply("  spring10 ");
    expectText("promo-applied", "Code SPRING10 applied");
    expectText("total-subtotal", "Subtotal: $50.40");
    expectText("total-discount", "Discount (SPRING10): -$3.50");
    expectText("total-tax", "Tax (8.25%): $3.87");
    expectText("total-total", "Total: $57.72");
    expectText("free-ship-hint", "Add $28.10 more for free shipping");
    await tap("dec-1");
    expectText("promo-note", "SPRING10 does not apply to sale items");
    expect(screen.queryByTestId("total-discount")).toBeNull();
  });

  test("one code per order, unknown codes refused, TAKE15 counts full-price items only", async () => {
    await render(<App />);
    await add("wool-sweater", "l-oat");
    await add("running-shorts", "s-black");
    await tap("tab-cart");
    await apply("WELCOME");
    expectText("promo-error", "That code does not exist");
    await apply("TAKE15");
    expectText("promo-error", "TAKE15 needs $100.00 of full-price items");
    expect(screen.queryByTestId("promo-applied")).toBeNull();
    await apply("SHIPFREE");
    expectText("promo-applied", "Code SHIPFREE applied");
    await apply("SPRING10");
    expectText("promo-error", "One code per order: remove SHIPFREE first");
    await apply("SHIPFREE");
    expectText("promo-error", "One code per order: remove SHIPFREE first");
    await tap("remove-promo");
    await apply("SPRING10");
    expectText("promo-applied", "Code SPRING10 applied");
    expectText("total-discount", "Discount (SPRING10): -$8.50");
  });
});

describe("orders", () => {
  test("a double tap on Place order places one order and the next order gets the next number", async () => {
    await render(<App />);
    await add("trail-boots", "41-brown");
    await tap("tab-cart");
    await tap("place-order");
    await tap("place-order");
    expectText("confirm-id", "Order SH-1048");
    expect(screen.getByTestId("place-order")).toHaveTextContent("Order placed", { exact: true });
    await tap("place-order");
    await tap("tab-orders");
    expectText("orders-count", "4 orders");
    expect(orderRows()).toEqual(["order-1048", "order-1047", "order-1046", "order-1045"]);
    expectText("order-total-1048", "$151.55");
    await tap("tab-shop");
    await tap("product-trail-boots");
    expectText("stock-41-brown", "Out of stock");
    await add("canvas-tote", "one-size-natural");
    await tap("tab-cart");
    expectText("cart-count", "1 item");
    await tap("place-order");
    await tap("place-order");
    expectText("confirm-id", "Order SH-1049");
    await tap("tab-orders");
    expectText("orders-count", "5 orders");
    expect(orderRows()).toEqual(["order-1049", "order-1048", "order-1047", "order-1046", "order-1045"]);
  });
});
