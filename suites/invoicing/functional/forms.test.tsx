/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Every expected string below follows from tasks/invoicing/instruction.md.

async function tap(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

async function type(testID: string, text: string): Promise<void> {
  await fireEvent.changeText(screen.getByTestId(testID), text);
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

async function line(i: number, description: string, quantity: string, price: string) {
  await type(`input-desc-${i}`, description);
  await type(`input-qty-${i}`, quantity);
  await type(`input-price-${i}`, price);
}

async function pay(amount: string): Promise<void> {
  await type("input-payment", amount);
  await tap("record-payment");
}

function listOrder(): string[] {
  return screen.getAllByTestId(/^open-\d+$/).map((node) => String(node.props.testID));
}

const LINE_REFUSED = "Each line needs a description, a quantity and a price";

beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

describe("form", () => {
  test("terms move the due date live and the discount type decides what the input means", async () => {
    await render(<App />);
    await tap("tab-new");
    expectText("form-issued", "Issue date: Mar 16, 2026");
    expectText("form-due", "Due Apr 15, 2026");
    expect(screen.queryByTestId("input-discount")).toBeNull();
    await tap("pick-terms-receipt");
    expectText("form-due", "Due Mar 16, 2026");
    await tap("pick-terms-net15");
    expectText("form-due", "Due Mar 31, 2026");
    await line(1, "Photo retouching", "3", "33.40");
    expectText("form-line-amount-1", "$100.20");
    await tap("add-line");
    await line(2, "Contact sheet", "1", "12");
    expectText("form-subtotal", "Subtotal: $112.20");
    await tap("discount-fixed");
    expect(screen.getByTestId("input-discount").props.placeholder).toBe("Amount off");
    await type("input-discount", "20");
    expectText("form-discount", "Discount: -$20.00");
    expectText("form-tax", "Tax (7.5%): $6.92"); // 691.5 cents rounds up
    expectText("form-total", "Total: $99.12");
    await tap("discount-percent");
    expect(screen.getByTestId("input-discount").props.placeholder).toBe("Percent off");
    expectText("form-discount", "Discount (20%): -$22.44");
    expectText("form-total", "Total: $96.49");
    await tap("discount-none");
    expect(screen.queryByTestId("form-discount")).toBeNull();
    expectText("form-tax", "Tax (7.5%): $8.42");
    expectText("form-total", "Total: $120.62");
  });

  test("a quantity of 0 or 1.5, a price with three decimals or a blank description is refused", async () => {
    await render(<App />);
    await tap("tab-new");
    await tap("pick-client-acme");
    await line(1, "Hosting", "0", "5");
    expectText("form-line-amount-1", "$0.00");
    await tap("save-draft");
    expectText("form-error", LINE_REFUSED);
    await type("input-qty-1", "1.5");
    await tap("save-draft");
    expectText("form-error", LINE_REFUSED);
    await type("input-qty-1", "2");
    await type("input-price-1", "2.345");
    expectText("form-line-amount-1", "$0.00");
    expectText("form-subtotal", "Subtotal: $0.00");
    await tap("save-draft");
    expectText("form-error", LINE_REFUSED);
    await type("input-price-1", "2.34");
    expectText("form-line-amount-1", "$4.68");
    await type("input-desc-1", "   ");
    await tap("save-draft");
    expectText("form-error", LINE_REFUSED);
    await type("input-desc-1", "Hosting");
    await tap("save-draft");
    expect(screen.getByText("Invoice INV-1008")).toBeTruthy();
    expectText("detail-total", "Total: $5.03"); // 35.1 cents of tax rounds down
  });

  test("100 percent off is a valid discount and leaves nothing to pay once sent", async () => {
    await render(<App />);
    await tap("tab-new");
    await tap("pick-client-birch");
    await line(1, "Retainer", "1", "250");
    await tap("discount-percent");
    await type("input-discount", "100.01");
    expect(screen.queryByTestId("form-discount")).toBeNull();
    await tap("save-draft");
    expectText("form-error", "Percent off must be from 0.01 to 100");
    await type("input-discount", "100");
    expectText("form-discount", "Discount (100%): -$250.00");
    expectText("form-total", "Total: $0.00");
    await tap("save-draft");
    expect(screen.getByText("Invoice INV-1008")).toBeTruthy();
    expectText("detail-status", "Draft");
    expectText("detail-balance", "Balance due: $0.00");
    await tap("send-invoice");
    expectText("detail-status", "Paid");
    expectText("detail-note", "Paid in full");
    expect(screen.queryByTestId("input-payment")).toBeNull();
  });

  test("a fixed discount equal to the subtotal is valid, one cent more is not", async () => {
    await render(<App />);
    await tap("tab-new");
    await tap("pick-client-cobalt");
    await line(1, "Retainer", "2", "125");
    await tap("discount-fixed");
    await type("input-discount", "250.01");
    expect(screen.queryByTestId("form-discount")).toBeNull();
    expectText("form-total", "Total: $268.75");
    await tap("save-draft");
    expectText("form-error", "Amount off must be from $0.01 to the subtotal");
    await type("input-discount", "250");
    expectText("form-discount", "Discount: -$250.00");
    expectText("form-total", "Total: $0.00");
    await tap("save-draft");
    expect(screen.getByText("Invoice INV-1008")).toBeTruthy();
    expectText("detail-discount", "Discount: -$250.00");
    expectText("detail-total", "Total: $0.00");
  });

  test("saved invoices are numbered in order, tie with seed ones by due date, and reset the form", async () => {
    await render(<App />);
    await tap("tab-new");
    await tap("pick-client-cobalt");
    await tap("pick-terms-receipt");
    await line(1, "Audit", "1", "10");
    await tap("discount-percent");
    await type("input-discount", "10");
    await tap("save-draft");
    expect(screen.getByText("Invoice INV-1008")).toBeTruthy();
    expectText("detail-due", "Due Mar 16, 2026");
    expectText("detail-terms", "Due on receipt");
    await tap("tab-new");
    expectText("form-due", "Due Apr 15, 2026");
    expect(screen.getByTestId("input-desc-1").props.value).toBe("");
    expect(screen.queryByTestId("input-desc-2")).toBeNull();
    expect(screen.queryByTestId("input-discount")).toBeNull();
    expectText("form-total", "Total: $0.00");
    await tap("save-draft");
    expectText("form-error", "Choose a client");
    await tap("pick-client-acme");
    await tap("pick-terms-receipt");
    await line(1, "Call", "1", "80");
    await tap("save-draft");
    expect(screen.getByText("Invoice INV-1009")).toBeTruthy();
    await tap("back");
    expect(listOrder()).toEqual([
      "open-1001", "open-1003", "open-1002", "open-1004", "open-1005", "open-1008", "open-1009",
      "open-1007", "open-1006",
    ]);
    expectText("row-status-1008", "Draft");
    expectText("row-balance-1008", "$9.68");
  });
});

describe("payments", () => {
  test("partial payments lower the balance and keep Overdue until the last one", async () => {
    await render(<App />);
    await tap("open-1003");
    await pay("76.25");
    expectText("payment-notice", "Payment of $76.25 recorded");
    expectText("detail-paid", "Paid: $76.25");
    expectText("detail-balance", "Balance due: $300.00");
    expectText("detail-status", "Overdue");
    expectText("detail-note", "Overdue by 14 days");
    await pay("200");
    expectText("detail-balance", "Balance due: $100.00");
    expectText("payment-1", "Mar 16, 2026: $76.25");
    expectText("payment-2", "Mar 16, 2026: $200.00");
    await pay("100");
    expectText("payment-notice", "Payment of $100.00 recorded");
    expectText("detail-status", "Paid");
    expectText("detail-note", "Paid in full");
    expectText("detail-balance", "Balance due: $0.00");
    expect(screen.queryByTestId("input-payment")).toBeNull();
    await tap("back");
    expectText("row-status-1003", "Paid");
    expectText("row-balance-1003", "$0.00");
    await tap("tab-clients");
    expectText("client-paid-cobalt", "Paid: $376.25");
    expectText("client-outstanding-cobalt", "Outstanding: $752.50");
    expectText("client-overdue-cobalt", "Overdue: $0.00");
    expectText("total-overdue", "Total overdue: $554.44");
  });

  test("a payment of nothing or more than the balance at that moment is refused", async () => {
    await render(<App />);
    await tap("open-1003");
    await pay("0");
    expectText("payment-error", "Enter a payment amount");
    await pay("376.26");
    expectText("payment-error", "Payment cannot exceed the balance of $376.25");
    expectText("detail-paid", "Paid: $0.00");
    await pay("76.25");
    await pay("300.01");
    expectText("payment-error", "Payment cannot exceed the balance of $300.00");
    expectText("detail-balance", "Balance due: $300.00");
    expect(screen.queryByTestId("payment-2")).toBeNull();
  });

  test("client totals leave drafts out until they are sent", async () => {
    await render(<App />);
    await tap("tab-clients");
    expectText("client-invoiced-birch", "Invoiced: $954.44");
    expectText("total-outstanding", "Total outstanding: $2,814.29");
    await tap("tab-invoices");
    await tap("open-1006");
    expect(screen.queryByTestId("input-payment")).toBeNull();
    await tap("send-invoice");
    expectText("detail-status", "Sent");
    expectText("detail-note", "Due in 24 days");
    expect(screen.queryByTestId("send-invoice")).toBeNull();
    await tap("tab-clients");
    expectText("client-invoiced-birch", "Invoiced: $1,405.94");
    expectText("client-paid-birch", "Paid: $400.00");
    expectText("client-outstanding-birch", "Outstanding: $1,005.94");
    expectText("client-overdue-birch", "Overdue: $554.44");
    expectText("total-outstanding", "Total outstanding: $3,265.79");
    expectText("total-overdue", "Total overdue: $930.69");
  });
});
