/// <reference types="jest" />
// Hidden component tests of the budget task: the New and Edit transaction forms (amount
// validation, defaults, one-decimal amounts, editing income, repeated edits, cancel) and the
// order of added transactions. Every expected string follows from tasks/budget/instruction.md.
// Rows are touched only near the top of the list, so a virtualized list renders them too.
import React from "react";
import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// The first render of a run loads and transforms React Native's modules (seconds on a cold
// jest cache); doing it once here keeps that cost out of the first test's own time limit.
beforeAll(async () => {
  const warm = await render(<App />);
  await warm.unmount();
}, 60000);

const FORM_ERROR = "Enter a payee and an amount greater than $0.00";

async function press(testId: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testId));
}

async function type(testId: string, text: string): Promise<void> {
  await fireEvent.changeText(screen.getByTestId(testId), text);
}

function expectText(testId: string, text: string): void {
  expect(screen.getByTestId(testId)).toHaveTextContent(text);
}

async function openTransactions(): Promise<void> {
  await press("tab-transactions");
  expect(screen.getByText("All transactions")).toBeTruthy();
}

async function addExpense(payee: string, amount: string): Promise<void> {
  await press("add-transaction");
  expect(screen.getByText("New transaction")).toBeTruthy();
  await type("input-payee", payee);
  await type("input-amount", amount);
  await press("save-transaction");
  expect(screen.getByText("All transactions")).toBeTruthy();
}

async function saveRejected(heading: string): Promise<void> {
  await press("save-transaction");
  expectText("form-error", FORM_ERROR);
  expect(screen.getByText(heading)).toBeTruthy();
}

async function editAmount(testId: string, current: string, next: string): Promise<void> {
  await press(testId);
  expect(screen.getByText("Edit transaction")).toBeTruthy();
  expect(screen.getByTestId("input-amount")).toHaveDisplayValue(current);
  await type("input-amount", next);
  await press("save-transaction");
  expect(screen.getByText("All transactions")).toBeTruthy();
}

describe("forms", () => {
  test("save rejects zero, negative, non-numeric and three-decimal amounts", async () => {
    await render(<App />);
    await openTransactions();
    await press("add-transaction");
    await type("input-payee", "Snack");
    for (const amount of ["0", "0.00", "-5", "abc", "12.345"]) {
      await type("input-amount", amount);
      await saveRejected("New transaction");
    }
    await type("input-payee", "");
    await type("input-amount", "5");
    await saveRejected("New transaction");
    await type("input-payee", "Snack");
    await type("input-amount", "0.5");
    await press("save-transaction");
    expect(screen.getByText("All transactions")).toBeTruthy();
    expectText("txn-payee-t11", "Snack");
    expectText("txn-amount-t11", "-$0.50");
    expect(screen.queryByTestId("txn-payee-t12")).toBeNull();
    expect(screen.getAllByText("Nov 30, 2026")).toHaveLength(1);
  });

  test("an expense saved without picks goes to Housing and Checking", async () => {
    await render(<App />);
    await openTransactions();
    await addExpense("Key Cutting", "45.5");
    expectText("txn-amount-t11", "-$45.50");
    await press("tab-accounts");
    expectText("account-balance-checking", "$2,741.55");
    expectText("account-balance-savings", "$8,012.34");
    expectText("account-balance-credit-card", "-$562.75");
    expectText("net-worth", "Net worth: $10,191.14");
    await press("tab-categories");
    expectText("category-housing", "Housing: $1,495.50 of $1,500.00");
    expect(screen.queryByTestId("over-housing")).toBeNull();
    expectText("total-spent", "Total: $1,950.70 of $2,270.00");
  });

  test("editing income keeps it income and leaves spending alone", async () => {
    await render(<App />);
    await openTransactions();
    await editAmount("txn-payee-t9", "12.34", "100");
    expectText("txn-amount-t9", "+$100.00");
    await press("tab-accounts");
    expectText("account-balance-savings", "$8,100.00");
    expectText("net-worth", "Net worth: $10,324.30");
    await press("tab-categories");
    expectText("over-count", "1 category over budget");
    expectText("total-spent", "Total: $1,905.20 of $2,270.00");
  });

  test("a rejected edit and a cancel change nothing, two edits count once", async () => {
    await render(<App />);
    await openTransactions();
    await press("txn-payee-t10");
    expect(screen.getByText("Edit transaction")).toBeTruthy();
    expect(screen.getByTestId("input-amount")).toHaveDisplayValue("18.90");
    await type("input-amount", "0");
    await saveRejected("Edit transaction");
    await type("input-amount", "12.345");
    await saveRejected("Edit transaction");
    await press("cancel-transaction");
    expect(screen.getByText("All transactions")).toBeTruthy();
    expectText("txn-amount-t10", "-$18.90");
    await editAmount("txn-payee-t10", "18.90", "50");
    await editAmount("txn-payee-t10", "50.00", "60.10");
    expectText("txn-amount-t10", "-$60.10");
    await press("tab-accounts");
    expectText("account-balance-credit-card", "-$603.95");
    expectText("net-worth", "Net worth: $10,195.44");
    await press("tab-categories");
    expectText("category-groceries", "Groceries: $205.60 of $400.00");
    expect(screen.queryByTestId("over-groceries")).toBeNull();
    expectText("over-count", "1 category over budget");
    expectText("total-spent", "Total: $1,946.40 of $2,270.00");
  });

});

describe("list", () => {
  test("new transactions stack newest first under one Nov 30 header", async () => {
    await render(<App />);
    await openTransactions();
    await press("add-transaction");
    await type("input-payee", "Never Saved");
    await type("input-amount", "9.99");
    await press("cancel-transaction");
    expect(screen.getByText("All transactions")).toBeTruthy();
    expect(screen.queryByText("Never Saved")).toBeNull();
    await addExpense("First Stop", "1");
    await addExpense("Second Stop", "2");
    await addExpense("Third Stop", "3");
    await editAmount("txn-payee-t11", "1.00", "10");
    expectText("txn-payee-t11", "First Stop");
    expectText("txn-payee-t13", "Third Stop");
    expectText("txn-amount-t11", "-$10.00");
    const order = screen
      .getAllByTestId(/^txn-payee-t\d+$/)
      .slice(0, 5)
      .map((element) => String(element.props.testID));
    expect(order).toEqual([
      "txn-payee-t13",
      "txn-payee-t12",
      "txn-payee-t11",
      "txn-payee-t10",
      "txn-payee-t9",
    ]);
    const headers = screen.getAllByText(/^Nov \d{1,2}, 2026$/);
    expect(headers.length).toBeGreaterThanOrEqual(3);
    expect(headers[0]).toHaveTextContent("Nov 30, 2026");
    expect(headers[1]).toHaveTextContent("Nov 10, 2026");
    expect(headers[2]).toHaveTextContent("Nov 9, 2026");
    expect(screen.getAllByText("Nov 30, 2026")).toHaveLength(1);
  });
});
