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

async function find(receipt: string): Promise<void> {
  await tap("tab-refund");
  await fireEvent.changeText(screen.getByTestId("input-receipt"), receipt);
  await tap("find-receipt");
}

interface Report {
  receipts: string;
  gross: string;
  refunds: string;
  net: string;
  tax: string;
  standard: string;
  reduced: string;
  drawer: string;
}

async function expectReport(report: Report): Promise<void> {
  await tap("tab-report");
  expectText("report-receipts", `Receipts: ${report.receipts}`);
  expectText("report-gross", `Gross sales: ${report.gross}`);
  expectText("report-refunds", `Refunds: ${report.refunds}`);
  expectText("report-net", `Net sales: ${report.net}`);
  expectText("report-tax", `Tax collected: ${report.tax}`);
  expectText("report-tax-standard", `Standard 8.25%: ${report.standard}`);
  expectText("report-tax-reduced", `Reduced 2.5%: ${report.reduced}`);
  expectText("report-tax-zero", "Zero 0%: $0.00");
  expectText("report-float", "Opening float: $200.00");
  expectText("report-drawer", `Cash in drawer: ${report.drawer}`);
}

const REFUND_LINE = /^refund-line-(notebook|pen|mug|espresso|tea|bread|juice|gift-card|stamp)$/;

// A fresh jest cache transforms React Native's modules on the first render: do that once here,
// outside the tests' own time limits.
beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 60000);

describe("refunds", () => {
  test("a line of two units refunds its whole amount plus its tax", async () => {
    await render(<App />);
    await find("1001");
    expectText("refund-receipt", "Receipt #1001");
    expect(screen.getAllByTestId(REFUND_LINE).map((node) => String(node.props.testID))).toEqual([
      "refund-line-notebook",
      "refund-line-tea",
    ]);
    expectText("refund-line-notebook", "Notebook x 2");
    expectText("refund-amount-notebook", "$8.66");
    expectText("refund-line-tea", "Green Tea x 1");
    expectText("refund-amount-tea", "$3.08");
    await tap("refund-action-notebook");
    expectText("refund-notice", "Refunded $8.66 in cash");
    expectText("refund-action-notebook", "Refunded");
    expectText("refund-action-tea", "Refund");
    await expectReport({
      receipts: "2",
      gross: "$51.90",
      refunds: "$8.66",
      net: "$43.24",
      tax: "$1.24",
      standard: "$1.16",
      reduced: "$0.08",
      drawer: "$243.24",
    });
    await find("1001");
    expectText("refund-action-notebook", "Refunded");
    await tap("refund-action-tea");
    expectText("refund-notice", "Refunded $3.08 in cash");
    await expectReport({
      receipts: "2",
      gross: "$51.90",
      refunds: "$11.74",
      net: "$40.16",
      tax: "$1.16",
      standard: "$1.16",
      reduced: "$0.00",
      drawer: "$240.16",
    });
  });

  test("a zero-rate refund takes no tax back and both lines of a receipt can be refunded", async () => {
    await render(<App />);
    await find("1002");
    await tap("refund-action-gift-card");
    expectText("refund-notice", "Refunded $25.00 in cash");
    await expectReport({
      receipts: "2",
      gross: "$51.90",
      refunds: "$25.00",
      net: "$26.90",
      tax: "$1.90",
      standard: "$1.82",
      reduced: "$0.08",
      drawer: "$226.90",
    });
    await find("1002");
    expectText("refund-action-gift-card", "Refunded");
    expectText("refund-action-mug", "Refund");
    await tap("refund-action-mug");
    expectText("refund-notice", "Refunded $15.16 in cash");
    expectText("refund-action-mug", "Refunded");
    await expectReport({
      receipts: "2",
      gross: "$51.90",
      refunds: "$40.16",
      net: "$11.74",
      tax: "$0.74",
      standard: "$0.66",
      reduced: "$0.08",
      drawer: "$211.74",
    });
  });

  test("a new sale is found only once completed and its refund restores the seed report", async () => {
    await render(<App />);
    await find("1003");
    expectText("refund-error", "No receipt #1003");
    await tap("tab-sell");
    await tap("add-espresso");
    await tap("inc-espresso");
    expectText("total", "Total: $2,704.09");
    await fireEvent.changeText(screen.getByTestId("input-cash"), "3000");
    await tap("take-cash");
    expectText("receipt-number", "Receipt #1003");
    expectText("receipt-change", "Change: $295.91");
    await find("1003");
    expectText("refund-receipt", "Receipt #1003");
    expectText("refund-line-espresso", "Espresso Machine x 2");
    expectText("refund-amount-espresso", "$2,704.09");
    await tap("refund-action-espresso");
    expectText("refund-notice", "Refunded $2,704.09 in cash");
    await expectReport({
      receipts: "3",
      gross: "$2,755.99",
      refunds: "$2,704.09",
      net: "$51.90",
      tax: "$1.90",
      standard: "$1.82",
      reduced: "$0.08",
      drawer: "$251.90",
    });
  });
});

describe("report", () => {
  test("a sale across the three classes adds each line's tax to its class", async () => {
    await render(<App />);
    await tap("add-notebook");
    await tap("add-juice");
    await tap("inc-juice", 2);
    await tap("add-bread");
    await tap("add-stamp");
    expectText("tax", "Tax: $0.63");
    expectText("total", "Total: $17.16");
    await fireEvent.changeText(screen.getByTestId("input-cash"), "20");
    await tap("take-cash");
    expectText("receipt-change", "Change: $2.84");
    await expectReport({
      receipts: "3",
      gross: "$69.06",
      refunds: "$0.00",
      net: "$69.06",
      tax: "$2.53",
      standard: "$2.15",
      reduced: "$0.38",
      drawer: "$269.06",
    });
    await find("1003");
    expectText("refund-amount-juice", "$6.77");
    await tap("refund-action-juice");
    expectText("refund-notice", "Refunded $6.77 in cash");
    await expectReport({
      receipts: "3",
      gross: "$69.06",
      refunds: "$6.77",
      net: "$62.29",
      tax: "$2.36",
      standard: "$2.15",
      reduced: "$0.21",
      drawer: "$262.29",
    });
  });
});
