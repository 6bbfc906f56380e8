/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Under a busy machine a test that renders the app several times needs more than the default.
jest.setTimeout(60000);

// Every expected string below follows from tasks/library/instruction.md (re-derived from the
// public seed data by suites/library/derive.py).

async function tap(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

function catalogueOrder(): string[] {
  return screen.getAllByTestId(/^open-[a-z-]+$/).map((node) => String(node.props.testID));
}

const SORTED = [
  "open-moss", "open-rivers", "open-baking", "open-birch", "open-clockwork", "open-coastal",
  "open-deep-field", "open-dinner", "open-electric", "open-folk", "open-glass", "open-repair",
  "open-orchard", "open-jazz", "open-knitting", "open-lantern", "open-moon", "open-night-train",
  "open-open-water", "open-paper", "open-quiet", "open-salt-road", "open-star", "open-tide",
  "open-linden", "open-velvet", "open-winter", "open-yarrow",
];

// A fresh jest cache transforms React Native's modules on the first render: do that once here,
// outside the tests' own time limits.
beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

describe("catalogue", () => {
  test("titles are sorted A to Z ignoring a leading The, with availability and holds", async () => {
    await render(<App />);
    expect(catalogueOrder()).toEqual(SORTED);
    expectText("title-count", "28 titles");
    expectText("row-avail-salt-road", "0 of 3 available");
    expectText("row-holds-salt-road", "2 holds");
    expectText("row-holds-deep-field", "1 hold");
    expectText("row-avail-jazz", "0 of 1 available");
    expect(screen.queryByTestId("row-holds-jazz")).toBeNull();
    expectText("row-avail-birch", "3 of 3 available");
    expectText("row-avail-coastal", "1 of 2 available");
    expectText("row-media-coastal", "Magazine");
    expectText("row-media-electric", "DVD");
  });

  test("the pinned today decides due notes and fines even when the device clock says 2030", async () => {
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
      expectText("today", "Today: Apr 15, 2026");
      await tap("tab-members");
      expectText("member-fines-ana", "Fines: $1.25");
      await tap("member-cara");
      expectText("loan-note-2", "Due today");
      await tap("tab-overdue");
      expectText("overdue-count", "5 overdue loans");
      expectText("overdue-total", "Fines on overdue loans: $19.25");
      await tap("tab-catalogue");
      await tap("open-glass");
      await tap("pick-member-eli");
      await tap("checkout");
      expectText("desk-notice", "Copy 1 checked out to Eli Moss, due May 6, 2026");
    } finally {
      globalThis.Date = RealDate;
    }
  });
});

describe("fines", () => {
  test("each loan's fine is days late times its media's rate, capped per item", async () => {
    await render(<App />);
    await tap("tab-members");
    expectText("member-fines-ben", "Fines: $10.00");
    expectText("member-fines-cara", "Fines: $2.00");
    await tap("member-ben");
    expectText("loan-title-1", "Deep Field");
    expectText("loan-copy-1", "DVD, copy 1");
    expectText("loan-due-1", "Due Apr 3, 2026");
    expectText("loan-note-1", "Overdue by 12 days");
    expectText("loan-fine-1", "Fine: $10.00");
    expectText("loan-note-2", "Due in 8 days");
    expect(screen.queryByTestId("loan-fine-2")).toBeNull();
    await tap("tab-overdue");
    expectText("overdue-days-3", "Overdue by 5 days");
    expectText("overdue-fine-3", "Fine: $1.25");
    expectText("overdue-member-4", "Eli Moss");
    expectText("overdue-member-5", "Dev Patel");
    expectText("overdue-total", "Fines on overdue loans: $19.25");
  });

  test("the overdue count reads singular once one late loan is left", async () => {
    await render(<App />);
    const returns: [string, string][] = [
      ["member-cara", "return-1"], ["member-ben", "return-1"], ["member-ana", "return-1"],
      ["member-eli", "return-1"],
    ];
    for (const [member, button] of returns) {
      await tap("tab-members");
      await tap(member);
      await tap(button);
      await tap("confirm-return");
    }
    await tap("tab-overdue");
    expectText("overdue-count", "1 overdue loan");
    expectText("overdue-member-1", "Dev Patel");
    expectText("overdue-total", "Fines on overdue loans: $3.00");
    await tap("tab-members");
    expectText("member-fines-ben", "Fines: $10.00");
    expectText("member-fines-eli", "Fines: $3.00");
    expectText("member-loans-eli", "Loans: 0 of 4");
  });
});
