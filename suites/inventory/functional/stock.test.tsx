/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Every expected string below follows from tasks/inventory/instruction.md.

async function tap(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

async function type(testID: string, text: string): Promise<void> {
  await fireEvent.changeText(screen.getByTestId(testID), text);
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

async function open(key: string): Promise<void> {
  await tap(`item-${key}`);
  expectText("detail-sku", `SKU: ${key.toUpperCase()}`);
}

async function receive(units: string, cost: string): Promise<void> {
  await type("input-receive-qty", units);
  await type("input-receive-cost", cost);
  await tap("receive");
}

async function adjust(reason: string, units: string): Promise<void> {
  await tap(`reason-${reason}`);
  await type("input-adjust-qty", units);
  await tap("adjust");
}

function listed(): string[] {
  return screen.getAllByTestId(/^item-[a-z]{3}-\d{3}$/).map((node) => String(node.props.testID));
}

// A fresh jest cache transforms React Native's modules on the first render: do that once here,
// outside the tests' own time limits.
beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

describe("list", () => {
  test("all 42 items are rendered in SKU order, the last one included", async () => {
    await render(<App />);
    const keys = listed();
    expect(keys).toHaveLength(42);
    expect(keys[0]).toBe("item-fst-101");
    expect(keys[41]).toBe("item-saf-410");
    expect(keys.indexOf("item-pkg-201")).toBe(11);
    expectText("item-count", "Showing 42 of 42 items");
    expectText("item-stock-fst-107", "On hand: 1,200");
    expectText("stock-value", "Stock value: $3,982.55");
  });

  test("the search ignores case and surrounding spaces and matches SKUs", async () => {
    await render(<App />);
    await type("input-search", "  hex NUT  ");
    expect(listed()).toEqual(["item-fst-103", "item-fst-104"]);
    expectText("item-count", "Showing 2 of 42 items");
    await type("input-search", "pkg-20");
    expect(listed()).toHaveLength(9);
    await type("input-search", "zzz");
    expectText("items-empty", "No items match");
    expectText("item-count", "Showing 0 of 42 items");
  });

  test("the supplier filter combines with the search and is kept across an item visit", async () => {
    await render(<App />);
    await tap("supplier-cobalt");
    expectText("item-count", "Showing 11 of 42 items");
    await type("input-search", "set");
    expect(listed()).toEqual(["item-tls-305", "item-tls-309"]);
    await open("tls-309");
    await tap("back");
    expect(listed()).toEqual(["item-tls-305", "item-tls-309"]);
    await tap("tab-history");
    await tap("tab-items");
    expectText("item-count", "Showing 2 of 42 items");
    expect(screen.getByTestId("input-search").props.value).toBe("set");
  });
});

describe("receiving", () => {
  test("the rounded average is kept and used by the next receipt", async () => {
    await render(<App />);
    await open("fst-103");
    await receive("5", "0.14");
    expectText("detail-cost", "Average cost: $0.05"); // 4.5 cents rounds up
    await receive("100", "0.04");
    // (100 x 5 + 100 x 4) / 200 = 4.5 cents, up to 5; the unrounded 4.5 would give 4.25.
    expectText("detail-cost", "Average cost: $0.05");
    expectText("detail-stock", "On hand: 200");
    expectText("detail-value", "Stock value: $10.00");
  });

  test("units must be a whole number from 1 to 9,999 and the cost a positive amount", async () => {
    await render(<App />);
    await open("pkg-204");
    await receive("10000", "1");
    expectText("receive-error", "Enter a whole number of units from 1 to 9,999");
    await receive("0", "1");
    expectText("receive-error", "Enter a whole number of units from 1 to 9,999");
    await receive("-2", "1");
    expectText("receive-error", "Enter a whole number of units from 1 to 9,999");
    await receive("2", "2.345");
    expectText("receive-error", "Enter a unit cost such as 2.35");
    await receive("2", "0");
    expectText("receive-error", "Enter a unit cost such as 2.35");
    expectText("detail-stock", "On hand: 12");
    await receive("9999", "18.5");
    expectText("item-notice", "Received 9,999 units at $18.50");
    expect(screen.queryByTestId("receive-error")).toBeNull();
    expectText("detail-stock", "On hand: 10,011");
    expectText("detail-value", "Stock value: $185,203.50");
  });
});

describe("adjusting", () => {
  test("all units on hand can be removed, one more cannot", async () => {
    await render(<App />);
    await open("tls-308");
    await adjust("lost", "4");
    expectText("adjust-error", "Only 3 on hand: cannot remove 4");
    await adjust("damaged", "3");
    expectText("item-notice", "Adjusted -3 (Damaged)");
    expectText("detail-stock", "On hand: 0");
    expectText("detail-value", "Stock value: $0.00");
    expectText("detail-cost", "Average cost: $89.00");
    expectText("detail-low", "Low stock");
  });

  test("a stock count accepts 0 and refuses more than 9,999", async () => {
    await render(<App />);
    await open("pkg-209");
    await adjust("count", "10000");
    expectText("adjust-error", "Enter the counted units from 0 to 9,999");
    await adjust("count", "");
    expectText("adjust-error", "Enter the counted units from 0 to 9,999");
    await adjust("count", "0");
    expectText("item-notice", "Adjusted -500 (Stock count)");
    expectText("detail-stock", "On hand: 0");
    await adjust("found", "10000");
    expectText("adjust-error", "Enter a whole number of units from 1 to 9,999");
    await adjust("found", "0");
    expectText("adjust-error", "Enter a whole number of units from 1 to 9,999");
  });

  test("a recorded adjustment clears the reason, so the next one needs a new choice", async () => {
    await render(<App />);
    await open("saf-406");
    await adjust("found", "4");
    expectText("item-notice", "Adjusted +4 (Found)");
    expect(screen.getByTestId("input-adjust-qty").props.value).toBe("");
    await type("input-adjust-qty", "1");
    await tap("adjust");
    expectText("adjust-error", "Choose a reason");
    expect(screen.queryByTestId("item-notice")).toBeNull();
    expectText("detail-stock", "On hand: 20");
  });
});
