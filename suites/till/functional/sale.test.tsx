/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Every expected string below follows from tasks/till/instruction.md.

async function tap(testID: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    await fireEvent.press(screen.getByTestId(testID));
  }
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text);
}

async function pay(cash: string): Promise<void> {
  await fireEvent.changeText(screen.getByTestId("input-cash"), cash);
  await tap("take-cash");
}

function expectChange(pieces: string[]): void {
  pieces.forEach((piece, index) => expectText(`change-${index + 1}`, piece));
  expect(screen.queryByTestId(`change-${pieces.length + 1}`)).toBeNull();
  expect(screen.queryByTestId("change-none")).toBeNull();
}

function testIdsInOrder(pattern: RegExp): string[] {
  return screen.getAllByTestId(pattern).map((node) => String(node.props.testID));
}

const BASKET_LINE = /^line-(notebook|pen|mug|espresso|tea|bread|juice|gift-card|stamp)$/;
const RECEIPT_LINE = /^receipt-line-(notebook|pen|mug|espresso|tea|bread|juice|gift-card|stamp)$/;

// A fresh jest cache transforms React Native's modules on the first render: do that once here,
// outside the tests' own time limits.
beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 60000);

describe("basket", () => {
  test("large lines round half up and the basket sums the rounded line taxes", async () => {
    await render(<App />);
    await tap("add-espresso");
    await tap("inc-espresso");
    expectText("line-espresso", "Espresso Machine x 2");
    expectText("line-amount-espresso", "$2,498.00");
    expectText("line-tax-espresso", "Tax $206.09"); // 20,608.5 cents rounds up
    await tap("add-mug");
    await tap("inc-mug", 2);
    expectText("line-mug", "Travel Mug x 3");
    expectText("line-amount-mug", "$42.00");
    expectText("line-tax-mug", "Tax $3.47"); // 346.5 cents rounds up
    await tap("add-stamp");
    expectText("line-amount-stamp", "$0.73");
    expectText("line-tax-stamp", "Tax $0.00");
    expectText("subtotal", "Subtotal: $2,540.73");
    expectText("tax", "Tax: $209.56");
    expectText("total", "Total: $2,750.29");
    await tap("dec-espresso");
    expectText("line-espresso", "Espresso Machine x 1");
    expectText("line-tax-espresso", "Tax $103.04");
    expectText("subtotal", "Subtotal: $1,291.73");
    expectText("tax", "Tax: $106.51");
    expectText("total", "Total: $1,398.24");
  });

  test("Add on a line already there keeps its place and minus empties the basket", async () => {
    await render(<App />);
    await tap("add-tea");
    await tap("add-pen");
    await tap("add-tea");
    expect(testIdsInOrder(BASKET_LINE)).toEqual(["line-tea", "line-pen"]);
    expectText("line-tea", "Green Tea x 2");
    expectText("line-amount-tea", "$6.00");
    expectText("line-tax-tea", "Tax $0.15");
    expectText("line-pen", "Gel Pen x 1");
    expectText("line-tax-pen", "Tax $0.17");
    expectText("subtotal", "Subtotal: $8.00");
    expectText("tax", "Tax: $0.32");
    expectText("total", "Total: $8.32");
    await tap("dec-tea");
    expectText("line-tea", "Green Tea x 1");
    expectText("line-tax-tea", "Tax $0.08");
    expect(testIdsInOrder(BASKET_LINE)).toEqual(["line-tea", "line-pen"]);
    await tap("dec-tea");
    expect(screen.queryByTestId("line-tea")).toBeNull();
    expectText("total", "Total: $2.17");
    await tap("dec-pen");
    expect(screen.queryByTestId("line-pen")).toBeNull();
    expectText("basket-empty", "Basket is empty");
    expectText("subtotal", "Subtotal: $0.00");
    expectText("tax", "Tax: $0.00");
    expectText("total", "Total: $0.00");
    await tap("take-cash");
    expectText("tender-error", "The basket is empty");
  });
});

describe("tender", () => {
  test("cash with one decimal is read as dollars and tenths", async () => {
    await render(<App />);
    await tap("add-pen");
    expectText("total", "Total: $2.17");
    await pay("2.5");
    expectText("receipt-number", "Receipt #1003");
    expectText("receipt-cash", "Cash: $2.50");
    expectText("receipt-change", "Change: $0.33");
    expectChange(["1 x $0.25", "1 x $0.05", "3 x $0.01"]);
  });

  test("cash that is not a valid amount is refused without using a receipt number", async () => {
    await render(<App />);
    await tap("add-pen");
    for (const cash of ["abc", "2.345", "", "2.16"]) {
      await pay(cash);
      expectText("tender-error", "Cash received must cover the total");
      expect(screen.queryByTestId("receipt-number")).toBeNull();
      expectText("line-pen", "Gel Pen x 1");
    }
    await pay("2.17");
    expectText("receipt-number", "Receipt #1003");
    expectText("receipt-change", "Change: $0.00");
    expectText("change-none", "No change due");
    expect(screen.queryByTestId("change-1")).toBeNull();
    await tap("new-sale");
    expectText("basket-empty", "Basket is empty");
    expectText("total", "Total: $0.00");
    await tap("add-stamp");
    await pay("5");
    expectText("receipt-number", "Receipt #1004");
    expectText("receipt-cash", "Cash: $5.00");
    expectText("receipt-change", "Change: $4.27");
    expectChange(["4 x $1.00", "1 x $0.25", "2 x $0.01"]);
  });
});

describe("change", () => {
  test("change of $188.88 uses every note from $100.00 down", async () => {
    await render(<App />);
    await tap("add-stamp");
    expectText("total", "Total: $0.73");
    await pay("189.61");
    expectText("receipt-cash", "Cash: $189.61");
    expectText("receipt-change", "Change: $188.88");
    expectChange([
      "1 x $100.00",
      "1 x $50.00",
      "1 x $20.00",
      "1 x $10.00",
      "1 x $5.00",
      "3 x $1.00",
      "3 x $0.25",
      "1 x $0.10",
      "3 x $0.01",
    ]);
  });

  test("cash in the thousands keeps the comma and only the change leaves the drawer", async () => {
    await render(<App />);
    await tap("add-stamp");
    await pay("12345.67");
    expectText("receipt-cash", "Cash: $12,345.67");
    expectText("receipt-change", "Change: $12,344.94");
    expectChange([
      "123 x $100.00",
      "2 x $20.00",
      "4 x $1.00",
      "3 x $0.25",
      "1 x $0.10",
      "1 x $0.05",
      "4 x $0.01",
    ]);
    await tap("tab-report");
    expectText("report-receipts", "Receipts: 3");
    expectText("report-gross", "Gross sales: $52.63");
    expectText("report-net", "Net sales: $52.63");
    expectText("report-drawer", "Cash in drawer: $252.63");
  });

  test("the receipt lists each line in basket order with its amount and the sums", async () => {
    await render(<App />);
    await tap("add-bread");
    await tap("inc-bread", 2);
    await tap("add-juice");
    await tap("inc-juice");
    await tap("add-pen");
    expectText("total", "Total: $22.67");
    await pay("30");
    expectText("receipt-number", "Receipt #1003");
    expect(testIdsInOrder(RECEIPT_LINE)).toEqual([
      "receipt-line-bread",
      "receipt-line-juice",
      "receipt-line-pen",
    ]);
    expectText("receipt-line-bread", "Sourdough x 3");
    expectText("receipt-amount-bread", "$15.60");
    expectText("receipt-line-juice", "Orange Juice x 2");
    expectText("receipt-amount-juice", "$4.40");
    expectText("receipt-line-pen", "Gel Pen x 1");
    expectText("receipt-amount-pen", "$2.00");
    expectText("receipt-subtotal", "Subtotal: $22.00");
    expectText("receipt-tax", "Tax: $0.67");
    expectText("receipt-total", "Total: $22.67");
    expectText("receipt-cash", "Cash: $30.00");
    expectText("receipt-change", "Change: $7.33");
    expectChange(["1 x $5.00", "2 x $1.00", "1 x $0.25", "1 x $0.05", "3 x $0.01"]);
  });
});
