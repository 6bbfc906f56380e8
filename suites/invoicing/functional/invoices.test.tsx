/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Every expected string below follows from tasks/invoicing/instruction.md.

async function tap(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

function listOrder(): string[] {
  return screen.getAllByTestId(/^open-\d+$/).map((node) => String(node.props.testID));
}

// A fresh jest cache transforms React Native's modules on the first render: do that once here,
// outside the tests' own time limits.
beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

describe("list", () => {
  test("invoices are sorted by due date and invoices due the same day by number", async () => {
    await render(<App />);
    expect(listOrder()).toEqual([
      "open-1001", "open-1003", "open-1002", "open-1004", "open-1005", "open-1007", "open-1006",
    ]);
    expectText("row-due-1004", "Due Mar 16, 2026");
    expectText("row-due-1005", "Due Mar 16, 2026");
    expectText("row-client-1004", "Dune Coffee");
    expectText("row-client-1005", "Acme Studio");
    expectText("row-balance-1004", "$206.38");
    expectText("row-balance-1005", "$924.72");
    expectText("row-balance-1006", "$451.50");
    expectText("row-status-1001", "Paid");
    expectText("row-status-1002", "Overdue");
    expectText("row-status-1004", "Sent");
    expectText("row-status-1006", "Draft");
  });

  test("the pinned today decides every status even when the device clock says 2030", async () => {
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
      expectText("today", "Today: Mar 16, 2026");
      expectText("row-status-1005", "Sent");
      expectText("row-status-1007", "Sent");
      expectText("row-status-1003", "Overdue");
      await tap("open-1007");
      expectText("detail-note", "Due in 11 days");
      await tap("back");
      await tap("open-1003");
      expectText("detail-note", "Overdue by 14 days");
    } finally {
      globalThis.Date = RealDate;
    }
  });
});

describe("detail", () => {
  test("a percent discount is rounded half up and the tax is taken on what is left", async () => {
    await render(<App />);
    await tap("open-1004");
    expectText("detail-client", "Dune Coffee");
    expectText("detail-issued", "Issued Mar 1, 2026");
    expectText("detail-terms", "Net 15");
    expectText("detail-due", "Due Mar 16, 2026");
    expectText("detail-status", "Sent");
    expectText("detail-note", "Due today");
    expectText("line-desc-1", "Menu layout");
    expectText("line-qty-1", "2 x $150.00");
    expectText("line-amount-1", "$300.00");
    expectText("detail-subtotal", "Subtotal: $300.00");
    expectText("detail-discount", "Discount (5%): -$15.00");
    expectText("detail-tax", "Tax (7.5%): $21.38"); // 2,137.5 cents rounds up
    expectText("detail-total", "Total: $306.38");
    expectText("detail-paid", "Paid: $100.00");
    expectText("detail-balance", "Balance due: $206.38");
    expectText("payment-1", "Mar 5, 2026: $100.00");
    expect(screen.queryByTestId("payment-2")).toBeNull();
  });

  test("a fixed discount reads as an amount; a paid invoice has no payment form", async () => {
    await render(<App />);
    await tap("open-1007");
    expectText("line-desc-2", "Extra hours");
    expectText("line-qty-2", "3 x $95.00");
    expectText("line-amount-2", "$285.00");
    expectText("detail-subtotal", "Subtotal: $785.00");
    expectText("detail-discount", "Discount: -$85.00");
    expectText("detail-tax", "Tax (7.5%): $52.50");
    expectText("detail-total", "Total: $752.50");
    expectText("detail-paid", "Paid: $0.00");
    expect(screen.queryByTestId("payment-1")).toBeNull();
    await tap("back");
    await tap("open-1001");
    expectText("detail-status", "Paid");
    expectText("detail-note", "Paid in full");
    expectText("detail-balance", "Balance due: $0.00");
    expectText("payment-1", "Feb 10, 2026: $1,290.00");
    expect(screen.queryByTestId("detail-discount")).toBeNull();
    expect(screen.queryByTestId("input-payment")).toBeNull();
    expect(screen.queryByTestId("record-payment")).toBeNull();
    expect(screen.queryByTestId("send-invoice")).toBeNull();
  });
});
