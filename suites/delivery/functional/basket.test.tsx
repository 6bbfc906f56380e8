/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Every expected string below follows from tasks/delivery/instruction.md (suites/delivery/
// derive.py derives the computed ones).

async function tap(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

async function type(testID: string, text: string): Promise<void> {
  await fireEvent.changeText(screen.getByTestId(testID), text);
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

/** From anywhere: the Kitchens tab, the kitchen, the dish, its choices, `Add to basket`. */
async function add(kitchen: string, dish: string, option: string, ...extras: string[]): Promise<void> {
  await tap("tab-kitchens");
  await tap(`kitchen-${kitchen}`);
  await tap(`dish-${dish}`);
  await tap(`option-${option}`);
  for (const extra of extras) {
    await tap(`extra-${extra}`);
  }
  await tap("add-to-basket");
}

beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

describe("basket", () => {
  test("the same dish with other extras gets a line of its own; the same extras share one", async () => {
    await render(<App />);
    await add("olive", "kofta-plate", "large", "hummus", "extra-pita");
    await add("olive", "kofta-plate", "large", "extra-pita");
    await add("olive", "kofta-plate", "large", "extra-pita", "hummus");
    await tap("tab-basket");
    expectText("basket-count", "3 items");
    expectText("line-choices-1", "Large, Extra pita, Hummus");
    expectText("line-qty-1", "2");
    expectText("line-price-1", "$23.25 each");
    expectText("line-amount-1", "$46.50");
    expectText("line-choices-2", "Large, Extra pita");
    expectText("line-qty-2", "1");
    expectText("line-amount-2", "$20.75");
    expect(screen.queryByTestId("line-name-3")).toBeNull();
    expectText("total-food", "Food: $67.25");
  });

  test("the small order fee applies under $15.00 of food and goes once food reaches it", async () => {
    await render(<App />);
    await add("casa-rosa", "churros", "4-pieces");
    await tap("add-to-basket");
    await tap("add-to-basket");
    await tap("tab-basket");
    expectText("basket-count", "3 items");
    expectText("total-food", "Food: $14.25");
    expectText("total-small", "Small order fee: $2.00");
    expectText("small-hint", "Add $0.75 more to avoid the small order fee");
    expectText("total-total", "Total: $19.74");
    await add("casa-rosa", "churros", "4-pieces", "chocolate-dip");
    await tap("tab-basket");
    expectText("basket-count", "4 items");
    expectText("total-food", "Food: $20.20");
    expect(screen.queryByTestId("total-small")).toBeNull();
    expect(screen.queryByTestId("small-hint")).toBeNull();
    expectText("total-total", "Total: $23.69");
  });

  test("tips: a percent of the food rounded half up, a custom amount only when it is a number", async () => {
    await render(<App />);
    await add("casa-rosa", "bean-burrito", "regular");
    await tap("tab-basket");
    expectText("total-delivery", "Delivery (4.6 km): $3.49");
    await tap("tip-10");
    expectText("total-tip", "Tip (10%): $0.98");
    expectText("total-total", "Total: $16.27");
    await tap("tip-custom");
    await type("input-tip", "1.005");
    expectText("total-tip", "Tip: $1.01");
    expectText("total-total", "Total: $16.30");
    await type("input-tip", "2.5.1");
    expectText("total-tip", "Tip: $0.00");
    expectText("total-total", "Total: $15.29");
    await type("input-tip", ".75");
    expectText("total-tip", "Tip: $0.75");
    expectText("total-total", "Total: $16.04");
  });
});

describe("switching and tracking", () => {
  test("a second kitchen asks first, naming one item in the singular", async () => {
    await render(<App />);
    await add("casa-rosa", "bean-burrito", "regular");
    await add("olive", "kofta-plate", "regular", "feta");
    expectText("switch-title", "Start a new basket?");
    expectText("switch-text", "Your basket has 1 item from Casa Rosa Tacos. Start a new basket from Olive & Ember?");
    await tap("keep-basket");
    expect(screen.queryByTestId("switch-title")).toBeNull();
    expect(screen.queryByTestId("add-message")).toBeNull();
    await tap("add-to-basket");
    await tap("start-new-basket");
    expectText("add-message", "Added: Lamb Kofta Plate, Regular");
    await tap("tab-basket");
    expectText("basket-kitchen", "From Olive & Ember");
    expectText("basket-count", "1 item");
    expectText("line-choices-1", "Regular, Feta");
  });

  test("emptying the basket with the stepper lets another kitchen start one without asking", async () => {
    await render(<App />);
    await add("casa-rosa", "bean-burrito", "regular");
    await tap("tab-basket");
    await tap("tip-10");
    await tap("dec-1");
    expectText("basket-empty", "Your basket is empty");
    await add("olive", "kofta-plate", "regular", "feta");
    expect(screen.queryByTestId("switch-title")).toBeNull();
    expectText("add-message", "Added: Lamb Kofta Plate, Regular");
    await tap("tab-basket");
    expectText("basket-kitchen", "From Olive & Ember");
    expectText("total-tip", "Tip: $0.00");
  });

  test("a placed order is numbered next, keeps its totals and moves step by step to delivered", async () => {
    await render(<App />);
    await add("olive", "kofta-plate", "regular", "feta");
    await tap("tab-basket");
    await tap("tip-15");
    expectText("total-tip", "Tip (15%): $2.70");
    expectText("total-total", "Total: $24.19");
    await tap("place-order");
    expectText("heading", "Order #318");
    expectText("order-items", "1 item");
    expectText("order-total", "Total: $24.19");
    expectText("order-status", "Status: Confirmed");
    expectText("step-time-preparing", "Expected 7:45 PM");
    expectText("step-time-on-the-way", "Expected 8:05 PM");
    expectText("order-eta", "Arrives by 8:13 PM");
    await tap("advance");
    await tap("advance");
    await tap("advance");
    expectText("order-status", "Status: Delivered");
    expectText("step-time-on-the-way", "8:05 PM");
    expectText("order-eta", "Delivered at 8:13 PM");
    expect(screen.queryByTestId("advance")).toBeNull();
    await tap("back");
    expectText("orders-count", "3 orders");
    expectText("order-status-318", "Delivered");
    expectText("order-total-318", "$24.19");
    await tap("tab-basket");
    expectText("basket-empty", "Your basket is empty");
  });
});
