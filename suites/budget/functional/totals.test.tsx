/// <reference types="jest" />
// Hidden component tests of the budget task: the over-budget edge (equal is not over), the
// plural count, and money formatting of negative and seven-digit amounts across balances,
// net worth and the category totals. Every expected string follows from
// tasks/budget/instruction.md.
import React from "react";
import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// The first render of a run loads and transforms React Native's modules (seconds on a cold
// jest cache); doing it once here keeps that cost out of the first test's own time limit.
beforeAll(async () => {
  const warm = await render(<App />);
  await warm.unmount();
}, 60000);

async function press(testId: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testId));
}

function expectText(testId: string, text: string): void {
  expect(screen.getByTestId(testId)).toHaveTextContent(text);
}

async function addExpense(
  payee: string,
  amount: string,
  category: string,
  account: string,
): Promise<void> {
  await press("tab-transactions");
  await press("add-transaction");
  expect(screen.getByText("New transaction")).toBeTruthy();
  await fireEvent.changeText(screen.getByTestId("input-payee"), payee);
  await fireEvent.changeText(screen.getByTestId("input-amount"), amount);
  await press(`pick-category-${category}`);
  await press(`pick-account-${account}`);
  await press("save-transaction");
  expect(screen.getByText("All transactions")).toBeTruthy();
}

describe("derived", () => {
  test("spending exactly the budget is not over, one cent more is", async () => {
    await render(<App />);
    await addExpense("Bus Card", "67", "transport", "checking");
    await press("tab-categories");
    expectText("category-transport", "Transport: $100.00 of $100.00");
    expect(screen.queryByTestId("over-transport")).toBeNull();
    expectText("over-count", "1 category over budget");
    expectText("total-spent", "Total: $1,972.20 of $2,270.00");
    await addExpense("Toll", "0.01", "transport", "credit-card");
    await press("tab-categories");
    expectText("category-transport", "Transport: $100.01 of $100.00");
    expectText("over-transport", "Over by $0.01");
    expectText("over-dining", "Over by $19.15");
    expectText("over-count", "2 categories over budget");
    expectText("total-spent", "Total: $1,972.21 of $2,270.00");
    await press("tab-accounts");
    expectText("account-balance-checking", "$2,720.05");
    expectText("account-balance-credit-card", "-$562.76");
    expectText("net-worth", "Net worth: $10,169.63");
  });

  test("all five expense categories can be over budget at once", async () => {
    await render(<App />);
    await addExpense("Repairs", "50.01", "housing", "checking");
    await addExpense("Bulk Buy", "235.61", "groceries", "savings");
    await press("tab-categories");
    expectText("over-count", "3 categories over budget");
    await addExpense("Taxi", "67.01", "transport", "credit-card");
    await addExpense("Water Bill", "31.36", "utilities", "checking");
    await press("tab-categories");
    expectText("category-housing", "Housing: $1,500.01 of $1,500.00");
    expectText("category-groceries", "Groceries: $400.01 of $400.00");
    expectText("category-dining", "Dining: $139.15 of $120.00");
    expectText("category-transport", "Transport: $100.01 of $100.00");
    expectText("category-utilities", "Utilities: $150.01 of $150.00");
    for (const key of ["housing", "groceries", "transport", "utilities"]) {
      expectText(`over-${key}`, "Over by $0.01");
    }
    expectText("over-dining", "Over by $19.15");
    expectText("over-count", "5 categories over budget");
    expectText("total-spent", "Total: $2,289.19 of $2,270.00");
    await press("tab-accounts");
    expectText("account-balance-checking", "$2,705.68");
    expectText("account-balance-savings", "$7,776.73");
    expectText("account-balance-credit-card", "-$629.76");
    expectText("net-worth", "Net worth: $9,852.65");
  });

  test("amounts in the millions get every thousands comma", async () => {
    await render(<App />);
    await addExpense("Yacht", "1234567.89", "groceries", "savings");
    expectText("txn-amount-t11", "-$1,234,567.89");
    await press("tab-accounts");
    expectText("account-balance-savings", "-$1,226,555.55");
    expectText("account-balance-checking", "$2,787.05");
    expectText("net-worth", "Net worth: -$1,224,331.25");
    await press("tab-categories");
    expectText("category-groceries", "Groceries: $1,234,732.29 of $400.00");
    expectText("over-groceries", "Over by $1,234,332.29");
    expectText("over-count", "2 categories over budget");
    expectText("total-spent", "Total: $1,236,473.09 of $2,270.00");
  });
});
