/// <reference types="jest" />
// Hidden component tests of the split task: the settle-up plan's tie-breaks, recording
// transfers out of order, and payments listed among expenses. Every expected string follows
// from tasks/split/instruction.md.
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

async function showTab(testID: string, heading: string): Promise<void> {
  await pressId(testID);
  screen.getByText(heading);
}

/** Adds an expense split by exact amounts (members left out get no share). */
async function addExact(
  title: string,
  amount: string,
  payer: Member,
  shares: Partial<Record<Member, string>>,
): Promise<void> {
  await pressId("add-expense");
  await typeInto("input-title", title);
  await typeInto("input-amount", amount);
  await pressId(`pick-payer-${payer}`);
  await pressId("mode-exact");
  for (const [member, share] of Object.entries(shares)) {
    await typeInto(`exact-${member}`, share ?? "");
  }
  await pressId("save-expense");
  screen.getByText("Shared expenses");
}

function expectPlan(...transfers: string[]): void {
  const count = transfers.length;
  expectText(
    "transfer-count",
    count === 0 ? "No transfers needed" : count === 1 ? "1 transfer" : `${count} transfers`,
  );
  transfers.forEach((text, index) => expectText(`transfer-${index + 1}`, text));
  expect(screen.queryByTestId(`transfer-${count + 1}`)).toBeNull();
}

describe("settle-up plan", () => {
  test("of two members who owe the same the first in member order pays first", async () => {
    await render(<App />);
    await addExact("Ski pass", "103.77", "ana", { ben: "103.77" });
    await showTab("tab-balances", "Who owes what");
    expectText("balance-ana", "Ana gets back $329.73");
    expectText("balance-ben", "Ben owes $189.01");
    expectText("balance-dev", "Dev owes $189.01");
    await showTab("tab-settle", "Settle-up plan");
    expectPlan("Ben pays Ana $189.01", "Dev pays Ana $140.72", "Dev pays Cleo $48.29");
  });

  test("of two members owed the same the first in member order is paid first", async () => {
    await render(<App />);
    await addExact("Ski pass", "177.67", "cleo", { ben: "177.67" });
    await showTab("tab-balances", "Who owes what");
    expectText("balance-ana", "Ana gets back $225.96");
    expectText("balance-cleo", "Cleo gets back $225.96");
    expectText("balance-ben", "Ben owes $262.91");
    await showTab("tab-settle", "Settle-up plan");
    expectPlan("Ben pays Ana $225.96", "Dev pays Cleo $189.01", "Ben pays Cleo $36.95");
  });

  test("recording the middle transfer first recomputes the rest of the plan", async () => {
    await render(<App />);
    await showTab("tab-settle", "Settle-up plan");
    expectPlan("Dev pays Ana $189.01", "Ben pays Cleo $48.29", "Ben pays Ana $36.95");
    await pressId("record-2");
    expectPlan("Dev pays Ana $189.01", "Ben pays Ana $36.95");
    await showTab("tab-balances", "Who owes what");
    expectText("balance-cleo", "Cleo is settled up");
    expectText("totals-cleo", "Paid $327.30, share $279.01");
    expectText("balance-ben", "Ben owes $36.95");
    expectText("balance-ana", "Ana gets back $225.96");
    await showTab("tab-expenses", "Shared expenses");
    expectText("payment-p1", "Ben paid Cleo $48.29");
    expectText("total-spent", "Total spent: $1,089.75");
  });

  test("after a settled trip three members who owe the same pay in member order", async () => {
    await render(<App />);
    await showTab("tab-settle", "Settle-up plan");
    await pressId("record-1");
    await pressId("record-1");
    await pressId("record-1");
    expectPlan();
    await showTab("tab-expenses", "Shared expenses");
    await pressId("add-expense");
    await typeInto("input-title", "Dinner");
    await typeInto("input-amount", "40");
    await pressId("save-expense");
    screen.getByText("Shared expenses");
    // Expenses and payments have their own ids; the list is newest first across both.
    const rows = screen
      .getAllByTestId(/^(expense-title-e\d+|payment-p\d+)$/)
      .map((element) => String(element.props.testID));
    expect(rows).toEqual([
      "expense-title-e6",
      "payment-p3",
      "payment-p2",
      "payment-p1",
      "expense-title-e5",
      "expense-title-e4",
      "expense-title-e3",
      "expense-title-e2",
      "expense-title-e1",
    ]);
    expectText("payment-p3", "Ben paid Ana $36.95");
    expectText("expense-paid-e6", "Ana paid $40.00");
    expectText("total-spent", "Total spent: $1,129.75");
    await showTab("tab-balances", "Who owes what");
    expectText("balance-ana", "Ana gets back $30.00");
    expectText("balance-cleo", "Cleo owes $10.00");
    expectText("totals-dev", "Paid $95.00, share $294.01");
    await showTab("tab-settle", "Settle-up plan");
    expectPlan("Ben pays Ana $10.00", "Cleo pays Ana $10.00", "Dev pays Ana $10.00");
  });
});
