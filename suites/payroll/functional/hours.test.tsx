/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Every expected string below follows from tasks/payroll/instruction.md; the computed ones
// equal suites/payroll/derive.py's.

async function tap(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

async function type(testID: string, text: string): Promise<void> {
  await fireEvent.changeText(screen.getByTestId(testID), text);
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

async function add(day: string, hours: string): Promise<void> {
  await tap(`day-${day}`);
  await type("input-hours", hours);
  await tap("add-entry");
}

const REFUSED = "Hours must be from 0.25 to 16 in quarter hours";

beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

describe("entries", () => {
  test("hours from 0.25 to 16 in quarter hours are accepted, 16.25 and 0 are refused", async () => {
    await render(<App />);
    await tap("tab-hours");
    await add("sat", "16.25");
    expectText("sheet-error", REFUSED);
    await type("input-hours", "0");
    await tap("add-entry");
    expectText("sheet-error", REFUSED);
    await type("input-hours", "16");
    await tap("add-entry");
    expectText("sheet-notice", "Added Sat, Jun 6 (16 h)");
    expect(screen.queryByTestId("sheet-error")).toBeNull();
    await add("sun", "0.25");
    expectText("sheet-notice", "Added Sun, Jun 7 (0.25 h)");
    expectText("entry-hours-sun", "0.25 h");
    expectText("sheet-total", "Week total: 58.75 h");
    expectText("sheet-overtime", "Overtime: 18.75 h");
    await tap("tab-team");
    await tap("open-ana");
    expectText("stub-hours", "Hours: 58.75 (40 regular, 18.75 overtime)");
    expectText("stub-regular", "Regular pay: $980.00");
    expectText("stub-overtime", "Overtime pay: $689.06");
    expectText("stub-gross", "Gross pay: $1,669.06");
    expectText("stub-retirement", "Retirement (4%): -$66.76");
    expectText("stub-taxable", "Taxable pay: $1,567.30");
    expectText("stub-tax", "Tax: -$197.83");
    expectText("stub-net", "Net pay: $1,369.47");
  });

  test("Edit opens with the entry's hours and Cancel changes nothing", async () => {
    await render(<App />);
    await tap("tab-hours");
    await tap("edit-mon");
    expect(screen.getByTestId("input-edit-hours").props.value).toBe("8.5");
    expect(screen.queryByTestId("entry-hours-mon")).toBeNull();
    await type("input-edit-hours", "12");
    await tap("cancel-edit");
    expect(screen.queryByTestId("input-edit-hours")).toBeNull();
    expectText("entry-hours-mon", "8.5 h");
    expectText("sheet-total", "Week total: 42.5 h");
    expectText("sheet-gross", "Gross pay: $1,071.88");
    await tap("edit-tue");
    expect(screen.getByTestId("input-edit-hours").props.value).toBe("9");
  });
});

describe("undo", () => {
  test("choosing another employee takes the Undo away", async () => {
    await render(<App />);
    await tap("tab-hours");
    await tap("delete-tue");
    expectText("sheet-notice", "Deleted Tue, Jun 2 (9 h)");
    expect(screen.getByTestId("undo")).toBeTruthy();
    await tap("pick-ben");
    expect(screen.queryByTestId("undo")).toBeNull();
    expect(screen.queryByTestId("sheet-notice")).toBeNull();
    expectText("sheet-name", "Ben Okafor");
    await tap("pick-ana");
    expect(screen.queryByTestId("undo")).toBeNull();
    expect(screen.queryByTestId("entry-day-tue")).toBeNull();
    expectText("sheet-total", "Week total: 33.5 h");
    expectText("sheet-overtime", "Overtime: 0 h");
    expectText("sheet-gross", "Gross pay: $820.75");
  });

  test("an entry added after a deletion takes the Undo away", async () => {
    await render(<App />);
    await tap("tab-hours");
    await tap("pick-ben");
    await tap("delete-sat");
    expectText("sheet-notice", "Deleted Sat, Jun 6 (4 h)");
    await add("mon", "2");
    expectText("sheet-notice", "Added Mon, Jun 1 (2 h)");
    expect(screen.queryByTestId("undo")).toBeNull();
    expect(screen.queryByTestId("entry-day-sat")).toBeNull();
    expectText("sheet-total", "Week total: 42 h");
    expectText("sheet-overtime", "Overtime: 2 h");
    expectText("sheet-gross", "Gross pay: $946.00");
  });
});

describe("clock", () => {
  test("the pay week and its days never come from the device clock", async () => {
    const RealDate = Date;
    const fixed = RealDate.UTC(2031, 10, 20, 12);
    class FakeDate extends RealDate {
      // Every other form of Date's constructor is the real one's, its arguments forwarded
      // whole (new Date(2026, 5, 8) reads no clock).
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
      expectText("pay-week", "Pay week: Jun 1 – Jun 7, 2026");
      await tap("tab-hours");
      expectText("entry-day-mon", "Mon, Jun 1");
      expectText("entry-day-fri", "Fri, Jun 5");
      await tap("tab-summary");
      expectText("summary-payday", "Payday: Fri, Jun 12, 2026");
      expectText("summary-week", "Pay week: Jun 1 – Jun 7, 2026");
    } finally {
      globalThis.Date = RealDate;
    }
  });
});
