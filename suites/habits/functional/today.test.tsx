/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Every expected string below follows from tasks/habits/instruction.md (checked against
// suites/habits/derive.py).

async function tap(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

function expectGone(testID: string): void {
  expect(screen.queryByTestId(testID)).toBeNull();
}

async function openHabit(key: string): Promise<void> {
  await tap("tab-habits");
  await tap(`open-${key}`);
}

// A fresh jest cache transforms React Native's modules on the first render: do that once here,
// outside the tests' own time limits.
beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

describe("today", () => {
  test("the seed reads each habit's state, the week's count and a badge of 4", async () => {
    await render(<App />);
    expectText("today-date", "Wednesday, March 18, 2026");
    expectText("today-state-walk", "Due today");
    expectText("today-state-standup", "Done today");
    expectText("today-state-gym", "Due today");
    expectText("today-week-gym", "2 of 4 this week");
    expectText("today-state-read", "Due today");
    expectText("today-state-stretch", "Due today");
    expectText("badge-today", "4");
    expectText("tab-today", "Today");
    expectGone("check-standup");
    expectGone("today-name-journal");
    expectGone("undo-notice");
    expectGone("undo");
  });

  test("undo takes back the latest check-in exactly, and the badge follows", async () => {
    await render(<App />);
    await tap("check-walk");
    expectText("undo-notice", "Checked in: Morning walk");
    expectText("today-state-walk", "Done today");
    expectGone("check-walk");
    expectText("badge-today", "3");
    await tap("check-read");
    expectText("undo-notice", "Checked in: Read 20 pages");
    expectText("badge-today", "2");
    await tap("undo");
    expectGone("undo-notice");
    expectGone("undo");
    expectText("today-state-read", "Due today");
    expect(screen.getByTestId("check-read")).toBeTruthy();
    expectText("today-state-walk", "Done today");
    expectText("badge-today", "3");
    await tap("tab-habits");
    expectText("streak-read", "Streak: 0 days");
    expectText("best-read", "Best: 8 days");
    expectText("streak-walk", "Streak: 10 days");
    expectText("best-walk", "Best: 10 days");
  });

  test("the notice goes away on another tab; an n per week check-in counts toward the week", async () => {
    await render(<App />);
    await tap("check-gym");
    expectText("undo-notice", "Checked in: Gym session");
    expectText("today-week-gym", "3 of 4 this week");
    expectText("today-state-gym", "Done today");
    await tap("tab-week");
    expectText("rate-this-gym", "This week: 3 of 4 (75%)");
    expectText("total-this", "All habits this week: 11 of 16 (69%)");
    await tap("tab-today");
    expectGone("undo-notice");
    expectGone("undo");
    expectText("today-state-gym", "Done today");
    expectText("badge-today", "3");
    await tap("tab-habits");
    expectText("streak-gym", "Streak: 1 week");
  });

  test("the badge counts checks made on a habit's screen and is hidden at 0", async () => {
    await render(<App />);
    await openHabit("stretch");
    await tap("toggle-2026-03-18");
    expectText("status-2026-03-18", "Done");
    expectText("badge-today", "3");
    await openHabit("walk");
    await tap("toggle-2026-03-18");
    await openHabit("read");
    await tap("toggle-2026-03-18");
    expectText("badge-today", "1");
    await tap("tab-today");
    await tap("check-gym");
    expectGone("badge-today");
    expectText("today-state-walk", "Done today");
    expectText("today-state-read", "Done today");
    expectText("today-state-stretch", "Done today");
    await tap("tab-week");
    expectText("total-this", "All habits this week: 14 of 16 (88%)");
  });

  test("the pinned today holds when the device clock says 2030", async () => {
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
      expectText("today-date", "Wednesday, March 18, 2026");
      expectText("badge-today", "4");
      expectText("today-state-standup", "Done today");
      await openHabit("walk");
      expectText("detail-streak", "Current streak: 9 days");
      expectText("day-2026-03-18", "Wed, Mar 18");
      expectText("status-2026-03-08", "Not done");
    } finally {
      globalThis.Date = RealDate;
    }
  });

  test("a long habit name and the notice are whole texts, never cut to one line", async () => {
    await render(<App />);
    const name = screen.getByTestId("today-name-stretch");
    expect(name).toHaveTextContent("Stretch for ten minutes after lunch", { exact: true });
    expect(name.props.numberOfLines ?? 0).toBe(0);
    await tap("check-stretch");
    const notice = screen.getByTestId("undo-notice");
    expect(notice).toHaveTextContent("Checked in: Stretch for ten minutes after lunch", { exact: true });
    expect(notice.props.numberOfLines ?? 0).toBe(0);
    await openHabit("stretch");
    const heading = screen.getByText("Stretch for ten minutes after lunch");
    expect(heading.props.numberOfLines ?? 0).toBe(0);
    await tap("tab-week");
    const weekName = screen.getByTestId("week-name-stretch");
    expect(weekName.props.numberOfLines ?? 0).toBe(0);
  });
});
