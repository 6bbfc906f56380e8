/// <reference types="jest" />
// Hidden component tests of the split task: the New expense form, equal and exact shares,
// and money formatting. Every expected string follows from tasks/split/instruction.md.
import React from "react";
import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// The first render of a run loads and transforms React Native's components (a cold jest
// cache takes seconds on a loaded machine): that one-off cost must not time a test out.
jest.setTimeout(120000);

type Member = "ana" | "ben" | "cleo" | "dev";

async function pressId(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

async function typeInto(testID: string, text: string): Promise<void> {
  await fireEvent.changeText(screen.getByTestId(testID), text);
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

async function openForm(title: string, amount: string, payer: Member): Promise<void> {
  await pressId("add-expense");
  screen.getByText("New expense");
  await typeInto("input-title", title);
  await typeInto("input-amount", amount);
  await pressId(`pick-payer-${payer}`);
}

async function save(): Promise<void> {
  await pressId("save-expense");
  screen.getByText("Shared expenses");
}

async function openDetails(id: string, split: string): Promise<void> {
  await pressId(`expense-title-${id}`);
  screen.getByText("Expense details");
  expectText("detail-split", split);
}

async function showBalances(): Promise<void> {
  await pressId("tab-balances");
  screen.getByText("Who owes what");
}

describe("new expense", () => {
  test("leftover cents follow member order not the order members were toggled on", async () => {
    await render(<App />);
    await openForm("Museum", "100.03", "ben");
    // Switch Ana and Cleo off, then back on in the reverse order: all four take part again.
    await pressId("toggle-ana");
    await pressId("toggle-cleo");
    await pressId("toggle-cleo");
    await pressId("toggle-ana");
    await save();
    expectText("expense-paid-e6", "Ben paid $100.03");
    await openDetails("e6", "Split equally among 4");
    expectText("share-ana", "Ana: $25.01");
    expectText("share-ben", "Ben: $25.01");
    expectText("share-cleo", "Cleo: $25.01");
    expectText("share-dev", "Dev: $25.00");
    await pressId("back");
    expectText("total-spent", "Total spent: $1,189.78");
    await showBalances();
    expectText("balance-ben", "Ben owes $10.22");
    expectText("totals-ben", "Paid $287.48, share $297.70");
    expectText("balance-dev", "Dev owes $214.01");
  });

  test("a single participant carries the whole amount", async () => {
    await render(<App />);
    await openForm("Parking", "45.5", "ana");
    await pressId("toggle-ana");
    await pressId("toggle-ben");
    await pressId("toggle-cleo");
    await save();
    expectText("expense-paid-e6", "Ana paid $45.50");
    await openDetails("e6", "Split equally among 1");
    expectText("detail-title", "Parking");
    expectText("detail-paid", "Ana paid $45.50");
    expectText("share-dev", "Dev: $45.50");
    expect(screen.queryByTestId("share-ana")).toBeNull();
    expect(screen.queryByTestId("share-ben")).toBeNull();
    expect(screen.queryByTestId("share-cleo")).toBeNull();
    await pressId("back");
    await showBalances();
    expectText("balance-ana", "Ana gets back $271.46");
    expectText("totals-ana", "Paid $525.50, share $254.04");
    expectText("balance-dev", "Dev owes $234.51");
    expectText("totals-dev", "Paid $95.00, share $329.51");
    expectText("balance-ben", "Ben owes $85.24");
  });

  test("amounts of a million dollars get two thousands separators", async () => {
    await render(<App />);
    await openForm("Chalet deposit", "1234567.8", "ben");
    await save();
    expectText("total-spent", "Total spent: $1,235,657.55");
    expectText("expense-paid-e6", "Ben paid $1,234,567.80");
    await openDetails("e6", "Split equally among 4");
    expectText("detail-paid", "Ben paid $1,234,567.80");
    expectText("share-ana", "Ana: $308,641.95");
    expectText("share-dev", "Dev: $308,641.95");
    await pressId("back");
    await showBalances();
    expectText("balance-ben", "Ben gets back $925,840.61");
    expectText("totals-ben", "Paid $1,234,755.25, share $308,914.64");
    expectText("balance-ana", "Ana owes $308,415.99");
    await pressId("tab-settle");
    screen.getByText("Settle-up plan");
    expectText("transfer-count", "3 transfers");
    expectText("transfer-1", "Dev pays Ben $308,830.96");
    expectText("transfer-2", "Cleo pays Ben $308,593.66");
    expectText("transfer-3", "Ana pays Ben $308,415.99");
  });

  test("validation messages come in the pinned order and nothing is added", async () => {
    await render(<App />);
    await pressId("add-expense");
    await typeInto("input-amount", "90");
    for (const member of ["ana", "ben", "cleo", "dev"]) {
      await pressId(`toggle-${member}`);
    }
    await pressId("save-expense");
    expectText("form-error", "Enter a description and an amount greater than $0.00");
    screen.getByText("New expense");

    await typeInto("input-title", "Ski lessons");
    await typeInto("input-amount", "0");
    await pressId("save-expense");
    expectText("form-error", "Enter a description and an amount greater than $0.00");

    await typeInto("input-amount", "90");
    await pressId("save-expense");
    expectText("form-error", "Choose at least one member to split with");

    await pressId("mode-exact");
    await typeInto("exact-ana", "12.345");
    await typeInto("exact-ben", "50");
    await pressId("save-expense");
    expectText("form-error", "Enter each share as an amount like 12.50");
    screen.getByText("New expense");

    await pressId("cancel-expense");
    screen.getByText("Shared expenses");
    expectText("total-spent", "Total spent: $1,089.75");
    expect(screen.queryByTestId("expense-title-e6")).toBeNull();
  });

  test("exact shares above the amount are refused and typed decimals are kept", async () => {
    await render(<App />);
    await openForm("Ski lessons", "90", "cleo");
    // Switching every member off only matters to an equal split.
    for (const member of ["ana", "ben", "cleo", "dev"]) {
      await pressId(`toggle-${member}`);
    }
    await pressId("mode-exact");
    await typeInto("exact-ana", "50");
    await typeInto("exact-ben", "60");
    await pressId("save-expense");
    expectText("form-error", "Exact shares add up to $110.00, not $90.00");

    await typeInto("exact-ana", "12.5");
    await typeInto("exact-ben", "77.50");
    await save();
    expectText("expense-paid-e6", "Cleo paid $90.00");
    expectText("total-spent", "Total spent: $1,179.75");
    await openDetails("e6", "Split by exact amounts");
    expectText("share-ana", "Ana: $12.50");
    expectText("share-ben", "Ben: $77.50");
    expect(screen.queryByTestId("share-cleo")).toBeNull();
    expect(screen.queryByTestId("share-dev")).toBeNull();
    await pressId("back");
    await showBalances();
    expectText("balance-ana", "Ana gets back $213.46");
    expectText("balance-ben", "Ben owes $162.74");
    expectText("balance-cleo", "Cleo gets back $138.29");
    expectText("totals-cleo", "Paid $417.30, share $279.01");
  });

  test("a cancelled form uses no id and the next expense is e6", async () => {
    await render(<App />);
    await openForm("Taxi", "30", "dev");
    await pressId("cancel-expense");
    screen.getByText("Shared expenses");
    expect(screen.queryByTestId("expense-title-e6")).toBeNull();
    expectText("total-spent", "Total spent: $1,089.75");

    await openForm("Taxi", "30", "dev");
    await pressId("toggle-ana");
    await save();
    expectText("expense-title-e6", "Taxi");
    expectText("expense-paid-e6", "Dev paid $30.00");
    expect(screen.queryByTestId("expense-title-e7")).toBeNull();
    await openDetails("e6", "Split equally among 3");
    expectText("share-ben", "Ben: $10.00");
    expectText("share-dev", "Dev: $10.00");
    expect(screen.queryByTestId("share-ana")).toBeNull();
  });
});
