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
  // Search for the SKU first: the list then renders one row, not all 42.
  await tap("tab-items");
  await type("input-search", key);
  await tap(`item-${key}`);
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

function lowOrder(): string[] {
  return screen.getAllByTestId(/^low-name-/).map((node) => String(node.props.testID).slice(9));
}

// A fresh jest cache transforms React Native's modules on the first render: do that once here,
// outside the tests' own time limits.
beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

// The seed's low items, as [key, units to receive to lift them above the reorder point].
const LOW_SEED: [string, string][] = [
  ["fst-108", "151"], ["pkg-206", "17"], ["tls-304", "10"], ["saf-403", "7"], ["fst-103", "6"],
  ["pkg-202", "6"], ["saf-408", "2"], ["saf-410", "2"], ["fst-111", "1"], ["tls-309", "1"],
];

describe("low stock", () => {
  test("the list is ordered by shortfall with ties in SKU order", async () => {
    await render(<App />);
    await tap("tab-low");
    expect(lowOrder()).toEqual(LOW_SEED.map(([key]) => key));
    expectText("low-count", "10 items at or below their reorder point");
    expectText("low-supplier-pkg-206", "Brookfield Packaging");
    expectText("low-point-fst-111", "Reorder point: 200");
  });

  test("one low item is counted in the singular, none shows the empty state", async () => {
    await render(<App />);
    for (const [key, units] of LOW_SEED.slice(1)) {
      await open(key);
      await receive(units, "1");
    }
    await tap("tab-low");
    expect(lowOrder()).toEqual(["fst-108"]);
    expectText("low-count", "1 item at or below its reorder point");
    await open("fst-108");
    await receive("151", "0.03");
    await tap("tab-low");
    expectText("low-empty", "No items are low on stock");
    expect(screen.queryByTestId("low-count")).toBeNull();
    expect(screen.queryByTestId(/^low-name-/)).toBeNull();
  }, 60000);

  test("an item dropping to its reorder point joins the list at its shortfall", async () => {
    await render(<App />);
    await open("tls-303");
    await adjust("damaged", "25");
    expectText("detail-stock", "On hand: 15");
    await tap("tab-low");
    expectText("low-count", "11 items at or below their reorder point");
    expect(lowOrder().slice(-3)).toEqual(["fst-111", "tls-303", "tls-309"]);
  });
});

describe("history", () => {
  test("each movement is one minute after the last and refusals take no minute", async () => {
    await render(<App />);
    await open("fst-105");
    await adjust("found", "1");
    await adjust("lost", "");
    expectText("adjust-error", "Enter a whole number of units from 1 to 9,999");
    await receive("2", "abc");
    expectText("receive-error", "Enter a unit cost such as 2.35");
    await adjust("lost", "1");
    await receive("2", "0.02");
    await tap("tab-history");
    expectText("move-time-7", "Mar 12, 2026 09:00");
    expectText("move-change-7", "Found +1");
    expectText("move-time-8", "Mar 12, 2026 09:01");
    expectText("move-change-8", "Lost -1");
    expectText("move-balance-8", "On hand: 800");
    expectText("move-time-9", "Mar 12, 2026 09:02");
    expectText("move-change-9", "Received +2 at $0.02");
    expectText("move-balance-9", "On hand: 802");
    expectText("move-item-9", "Flat Washer M6");
    expect(screen.queryByTestId("move-time-10")).toBeNull();
  });

  test("movements are listed newest first with receipts showing their cost", async () => {
    await render(<App />);
    await open("pkg-204");
    await receive("1", "19");
    expectText("item-notice", "Received 1 unit at $19.00");
    expectText("detail-cost", "Average cost: $18.54"); // (12 x 1,850 + 1,900) / 13 = 1,853.8
    await adjust("count", "20");
    expectText("item-notice", "Adjusted +7 (Stock count)");
    await tap("tab-history");
    const times = screen.getAllByTestId(/^move-time-/).map((node) => String(node.props.testID));
    expect(times).toEqual([
      "move-time-8", "move-time-7", "move-time-6", "move-time-5", "move-time-4", "move-time-3",
      "move-time-2", "move-time-1",
    ]);
    expectText("move-change-7", "Received +1 at $19.00");
    expectText("move-change-8", "Stock count +7");
    expectText("move-balance-8", "On hand: 20");
    expectText("move-item-4", "Hex Bolt M6");
    expectText("move-change-4", "Received +200 at $0.12");
    expectText("move-time-1", "Mar 10, 2026 08:30");
  });
});
