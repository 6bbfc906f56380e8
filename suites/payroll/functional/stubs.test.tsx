/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Every expected string below follows from tasks/payroll/instruction.md; the computed ones
// equal suites/payroll/derive.py's.

async function tap(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

describe("team", () => {
  test("each row shows the role, the pay basis, the hours and the net pay", async () => {
    await render(<App />);
    expectText("heading", "Team");
    expectText("role-gus", "Manager");
    expectText("basis-gus", "$91,000.00 a year");
    expectText("basis-eli", "$16.50 an hour");
    expectText("row-hours-cleo", "33 h");
    expectText("row-hours-gus", "Salaried");
    expectText("row-net-ben", "Net $873.54");
    expectText("row-net-fay", "Net $956.31");
    expectText("row-net-gus", "Net $1,407.12");
  });
});

describe("stubs", () => {
  test("an hourly stub pays hours past 40 at 1.5 times the rate, rounded half up", async () => {
    await render(<App />);
    await tap("open-ana");
    expectText("heading", "Ana Brooks");
    expectText("stub-hours", "Hours: 42.5 (40 regular, 2.5 overtime)");
    expectText("stub-regular", "Regular pay: $980.00");
    expectText("stub-overtime", "Overtime pay: $91.88");
    expectText("stub-gross", "Gross pay: $1,071.88");
    expectText("stub-retirement", "Retirement (4%): -$42.88");
    expectText("stub-health", "Health: -$35.00");
    expectText("stub-taxable", "Taxable pay: $994.00");
    expectText("stub-tax", "Tax: -$89.92");
    expectText("stub-net", "Net pay: $904.08");
  });

  test("a salaried stub is a year's salary over 52, with no overtime and no hours", async () => {
    await render(<App />);
    await tap("open-fay");
    expectText("stub-basis", "Pay basis: $61,000.00 a year");
    expectText("stub-regular", "Regular pay: $1,173.08");
    expectText("stub-overtime", "Overtime pay: $0.00");
    expectText("stub-taxable", "Taxable pay: $1,057.70");
    expectText("stub-tax", "Tax: -$101.39");
    expect(screen.queryByTestId("stub-hours")).toBeNull();
    await tap("back");
    await tap("open-gus");
    expectText("stub-gross", "Gross pay: $1,750.00");
    expectText("stub-retirement", "Retirement (5%): -$87.50");
    expectText("stub-health", "Health: -$45.00");
    expectText("stub-tax", "Tax: -$210.38");
    expectText("stub-net", "Net pay: $1,407.12");
  });

  test("a deduction or tax of nothing is $0.00, never -$0.00", async () => {
    await render(<App />);
    await tap("open-eli");
    expectText("stub-retirement", "Retirement (0%): $0.00");
    expectText("stub-health", "Health: $0.00");
    expectText("stub-tax", "Tax: $0.00");
    expectText("stub-net", "Net pay: $189.75");
    await tap("tab-team");
    await tap("open-cleo");
    expectText("stub-health", "Health: $0.00");
    expectText("stub-retirement", "Retirement (3%): -$17.08");
  });

  test("an employee whose entries are all deleted is not paid, pays no health and is not counted", async () => {
    await render(<App />);
    await tap("tab-hours");
    for (const day of ["mon", "tue", "wed", "thu", "fri"]) {
      await tap(`delete-${day}`);
    }
    expectText("no-entries", "No entries this week");
    await tap("tab-team");
    await tap("open-ana");
    expectText("stub-hours", "Hours: 0 (0 regular, 0 overtime)");
    expectText("stub-regular", "Regular pay: $0.00");
    expectText("stub-retirement", "Retirement (4%): $0.00");
    expectText("stub-health", "Health: $0.00");
    expectText("stub-taxable", "Taxable pay: $0.00");
    expectText("stub-net", "Net pay: $0.00");
    await tap("tab-summary");
    expectText("summary-headcount", "Employees paid: 6");
    expectText("summary-hours", "Total hours: 130.5");
    expectText("summary-overtime", "Overtime hours: 6");
    expectText("summary-gross", "Total gross: $5,545.48");
    expectText("summary-deductions", "Total pre-tax deductions: $382.77");
    expectText("summary-tax", "Total tax: $479.09");
    expectText("summary-net", "Total net: $4,683.62");
  });
});
