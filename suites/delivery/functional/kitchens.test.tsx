/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Every expected string below follows from tasks/delivery/instruction.md (suites/delivery/
// derive.py derives the computed ones).

async function tap(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

function kitchenRows(): string[] {
  return screen.getAllByTestId(/^kitchen-[a-z-]+$/).map((node) => String(node.props.testID));
}

beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

describe("kitchens", () => {
  test("open kitchens come first, nearest first, each with its status and fee band", async () => {
    await render(<App />);
    expect(kitchenRows()).toEqual([
      "kitchen-lantern",
      "kitchen-olive",
      "kitchen-casa-rosa",
      "kitchen-saffron",
      "kitchen-morning-loaf",
      "kitchen-kumo",
      "kitchen-north-pier",
    ]);
    expectText("open-count", "4 of 7 open now");
    expectText("status-casa-rosa", "Open until 9:00 PM");
    expectText("status-olive", "Open until 11:00 PM");
    expectText("status-north-pier", "Closed, opens tomorrow at 11:30 AM");
    expectText("info-morning-loaf", "Bakery, 0.8 km");
    expectText("fee-kumo", "Delivery $3.49");
    expectText("fee-north-pier", "Delivery $3.49");
    expectText("fee-olive", "Delivery $3.49");
  });

  test("the pinned now decides who is open and when orders are placed even when the device clock says 2030", async () => {
    const RealDate = Date;
    const fixed = RealDate.UTC(2030, 0, 1, 12);
    class FakeDate extends RealDate {
      // Every other form of Date's constructor is the real one's, its arguments forwarded
      // whole (new Date(2026, 4, 21) reads no clock).
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
      expectText("open-count", "4 of 7 open now");
      expectText("status-saffron", "Open until 10:30 PM");
      expectText("status-kumo", "Closed, opens at 8:00 PM");
      await tap("kitchen-casa-rosa");
      await tap("dish-bean-burrito");
      await tap("option-regular");
      await tap("add-to-basket");
      await tap("tab-basket");
      await tap("place-order");
      expectText("order-placed", "Placed May 21, 2026, 7:40 PM");
      expectText("step-time-confirmed", "7:40 PM");
      expectText("order-eta", "Arrives by 8:16 PM");
    } finally {
      globalThis.Date = RealDate;
    }
  });

  test("a dish's item total is its option's price plus every chosen extra", async () => {
    await render(<App />);
    await tap("kitchen-saffron");
    expectText("from-butter-chicken", "From $15.50");
    await tap("dish-butter-chicken");
    expectText("group-name", "Spice level (required)");
    expectText("chosen-option", "Choose a spice level");
    expect(screen.queryByTestId("dish-total")).toBeNull();
    await tap("add-to-basket");
    expectText("add-message", "Choose a spice level first");
    await tap("option-hot");
    await tap("extra-raita");
    await tap("extra-garlic-naan");
    expectText("chosen-option", "Spice level: Hot");
    expectText("dish-total", "Item total: $20.25");
    await tap("extra-raita");
    expectText("dish-total", "Item total: $18.75");
    await tap("back");
    await tap("back");
    await tap("kitchen-morning-loaf");
    await tap("dish-croissant");
    await tap("option-box-of-4");
    await tap("add-to-basket");
    expectText("add-message", "Morning Loaf Bakery is closed now");
    await tap("tab-basket");
    expectText("basket-empty", "Your basket is empty");
  });

  test("a seeded order's timeline follows its own placed time and kitchen", async () => {
    await render(<App />);
    await tap("tab-orders");
    expectText("orders-count", "2 orders");
    expectText("order-placed-317", "May 20, 2026, 12:30 PM");
    expectText("order-total-317", "$18.40");
    await tap("order-317");
    expectText("heading", "Order #317");
    expectText("order-kitchen", "Lantern Noodle Bar");
    expectText("step-time-confirmed", "12:30 PM");
    expectText("step-time-preparing", "12:35 PM");
    expectText("step-time-on-the-way", "12:50 PM");
    expectText("step-time-delivered", "12:55 PM");
    expectText("order-eta", "Delivered at 12:55 PM");
    expect(screen.queryByTestId("advance")).toBeNull();
  });
});
