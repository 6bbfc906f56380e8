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

function shownProducts(): string[] {
  return screen.getAllByTestId(/^product-/).map((node) => String(node.props.testID));
}

async function add(product: string, variant: string): Promise<void> {
  await tap("tab-shop");
  await tap(`product-${product}`);
  await tap(`variant-${variant}`);
  await tap("add-to-cart");
}

// A fresh jest cache transforms React Native's modules on the first render: do that once here,
// outside the tests' own time limits.
beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

describe("catalogue", () => {
  test("category chips combine by any of them and the search narrows what they show", async () => {
    await render(<App />);
    expectText("shown-count", "Showing 12 of 12 products");
    await tap("chip-bottoms");
    await tap("chip-accessories");
    expectText("shown-count", "Showing 6 of 12 products");
    expect(shownProducts()).toEqual([
      "product-chino-pants", "product-denim-jeans", "product-running-shorts",
      "product-leather-belt", "product-wool-beanie", "product-canvas-tote",
    ]);
    await type("input-search", "  CANVAS ");
    expectText("shown-count", "Showing 1 of 12 products");
    expect(shownProducts()).toEqual(["product-canvas-tote"]);
    await tap("chip-accessories");
    expectText("shown-count", "Showing 0 of 12 products");
    expectText("no-match", "No products match");
    await tap("chip-bottoms");
    expectText("shown-count", "Showing 2 of 12 products");
    expect(shownProducts()).toEqual(["product-canvas-sneakers", "product-canvas-tote"]);
    expect(screen.queryByTestId("no-match")).toBeNull();
  });

  test("sale products show the sale price and the price before it, others one price", async () => {
    await render(<App />);
    expectText("price-rain-jacket", "$96.00");
    expectText("was-rain-jacket", "Was $120.00");
    expectText("price-wool-beanie", "$15.40");
    expectText("was-wool-beanie", "Was $22.00");
    expectText("price-trail-boots", "$140.00");
    expect(screen.queryByTestId("was-trail-boots")).toBeNull();
    expectText("cat-wool-beanie", "Accessories");
    await tap("product-running-shorts");
    expectText("detail-price", "$21.00");
    expectText("detail-was", "Was $28.00");
    expectText("detail-category", "Bottoms");
    expectText("stock-s-black", "6 in stock");
    expectText("stock-m-black", "Out of stock");
  });

  test("adding refuses no variant, an out-of-stock variant and more pieces than the stock", async () => {
    await render(<App />);
    await tap("product-canvas-sneakers");
    expectText("selected-variant", "Choose a size and colour");
    await tap("add-to-cart");
    expectText("add-message", "Choose a size and colour first");
    await tap("variant-42-white");
    expectText("selected-variant", "Selected: 42 / White");
    await tap("add-to-cart");
    expectText("add-message", "Sorry, 42 / White is out of stock");
    await tap("variant-42-red");
    await tap("add-to-cart");
    expectText("add-message", "Added to cart: Canvas Sneakers, 42 / Red");
    expectText("stock-42-red", "1 in stock");
    await tap("add-to-cart");
    expectText("add-message", "Your cart already has all 1 of 42 / Red");
    await tap("tab-cart");
    expectText("cart-count", "1 item");
    expectText("line-variant-1", "42 / Red");
    expectText("line-qty-1", "1");
    expect(screen.queryByTestId("line-name-2")).toBeNull();
  });

  test("orders are stamped with the pinned today even when the device clock says 2030", async () => {
    const RealDate = Date;
    const fixed = RealDate.UTC(2030, 0, 1, 12);
    class FakeDate extends RealDate {
      // Every other form of Date's constructor is the real one's, its arguments forwarded
      // whole (new Date(2026, 3, 14) reads no clock).
      constructor(...args: unknown[]) {
        if (args.length === 0) {
          super(fixed);
        } else {
          // @ts-expect-error: Date's overloads, forwarded as the caller gave them
          super(...args);
        }
      }
      static now(): number {
        return fixed;
      }
    }
    globalThis.Date = FakeDate as DateConstructor;
    try {
      await render(<App />);
      await add("canvas-tote", "one-size-natural");
      await tap("tab-cart");
      await tap("place-order");
      expectText("confirm-id", "Order SH-1048");
      expectText("confirm-date", "Placed Apr 14, 2026");
      await tap("tab-orders");
      expectText("order-date-1048", "Apr 14, 2026");
      expectText("order-date-1047", "Apr 12, 2026");
    } finally {
      globalThis.Date = RealDate;
    }
  });
});
