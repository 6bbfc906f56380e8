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

beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

describe("streaks", () => {
  test("removing today's check-in lowers the current and the best streak together", async () => {
    await render(<App />);
    await openHabit("standup");
    expectText("detail-streak", "Current streak: 13 days");
    expectText("status-2026-03-14", "Off day");
    expectGone("toggle-2026-03-14");
    await tap("toggle-2026-03-18");
    expectText("status-2026-03-18", "Not done");
    expectText("detail-streak", "Current streak: 12 days");
    expectText("detail-best", "Best streak: 12 days");
    expectText("badge-today", "5");
    await tap("tab-today");
    expectText("today-state-standup", "Due today");
    expect(screen.getByTestId("check-standup")).toBeTruthy();
  });

  test("the best streak is the longest run; a forgotten day joins two runs", async () => {
    await render(<App />);
    await openHabit("walk");
    expectText("detail-best", "Best streak: 10 days");
    await tap("toggle-2026-03-09");
    expectText("detail-streak", "Current streak: 8 days");
    expectText("detail-best", "Best streak: 10 days");
    await tap("tab-week");
    expectText("rate-last-walk", "Last week: 6 of 7 (86%)");
    expectText("total-last", "All habits last week: 25 of 28 (89%)");
    await openHabit("walk");
    await tap("toggle-2026-03-09");
    await tap("toggle-2026-03-08");
    expectText("status-2026-03-08", "Done");
    expectText("detail-streak", "Current streak: 20 days");
    expectText("detail-best", "Best streak: 20 days");
  });

  test("a week one check-in short misses its goal and ends the weekly streak", async () => {
    await render(<App />);
    await openHabit("gym");
    expectText("detail-streak", "Current streak: 1 week");
    expectText("detail-best", "Best streak: 2 weeks");
    await tap("toggle-2026-03-15");
    expectText("detail-streak", "Current streak: 1 week");
    await tap("toggle-2026-03-14");
    expectText("detail-streak", "Current streak: 0 weeks");
    expectText("detail-best", "Best streak: 2 weeks");
    await tap("tab-week");
    expectText("rate-last-gym", "Last week: 3 of 4 (75%)");
  });

  test("this week counts for an n per week habit once it meets its goal", async () => {
    await render(<App />);
    await tap("tab-habits");
    await tap("restore-journal");
    expectText("streak-journal", "Streak: 1 week");
    expectText("schedule-journal", "2 times a week");
    expectText("archived-empty", "No archived habits");
    expectText("badge-today", "5");
    await tap("open-journal");
    await tap("toggle-2026-03-17");
    expectText("detail-streak", "Current streak: 2 weeks");
    expectText("detail-week", "2 of 2 this week");
    expectText("badge-today", "4");
    await tap("tab-today");
    expectText("today-state-journal", "Goal met");
    expect(screen.getByTestId("check-journal")).toBeTruthy();
  });
});

describe("progress", () => {
  test("rates round half up and the all habits rate divides the sums", async () => {
    await render(<App />);
    await tap("tab-week");
    expectText("rate-this-walk", "This week: 2 of 3 (67%)");
    expectText("rate-last-walk", "Last week: 7 of 7 (100%)");
    expectText("rate-this-standup", "This week: 3 of 3 (100%)");
    expectText("rate-last-standup", "Last week: 5 of 5 (100%)");
    expectText("rate-this-gym", "This week: 2 of 4 (50%)");
    expectText("rate-last-gym", "Last week: 4 of 4 (100%)");
    expectText("rate-this-read", "This week: 1 of 3 (33%)");
    expectText("rate-last-read", "Last week: 5 of 7 (71%)");
    expectText("rate-this-stretch", "This week: 2 of 3 (67%)");
    expectText("rate-last-stretch", "Last week: 5 of 5 (100%)");
    expectText("total-this", "All habits this week: 10 of 16 (63%)");
    expectText("total-last", "All habits last week: 26 of 28 (93%)");
    expectGone("rate-this-journal");
  });

  test("an empty week rates 0% and still counts its due", async () => {
    await render(<App />);
    await openHabit("gym");
    await tap("toggle-2026-03-16");
    await tap("toggle-2026-03-17");
    expectText("detail-week", "0 of 4 this week");
    expectText("detail-streak", "Current streak: 1 week");
    await tap("tab-week");
    expectText("rate-this-gym", "This week: 0 of 4 (0%)");
    expectText("total-this", "All habits this week: 8 of 16 (50%)");
  });

  test("an archived habit leaves every count and comes back with its history", async () => {
    await render(<App />);
    await openHabit("read");
    await tap("archive");
    expectText("archived-read", "Read 20 pages");
    expect(screen.getByTestId("restore-read")).toBeTruthy();
    expectGone("open-read");
    expectText("badge-today", "3");
    await tap("tab-today");
    expectGone("today-name-read");
    await tap("tab-week");
    expectGone("rate-this-read");
    expectText("total-this", "All habits this week: 9 of 13 (69%)");
    expectText("total-last", "All habits last week: 21 of 21 (100%)");
    await tap("tab-habits");
    await tap("restore-read");
    expect(screen.getAllByTestId(/^open-/).map((node) => String(node.props.testID))).toEqual([
      "open-walk", "open-standup", "open-gym", "open-read", "open-stretch",
    ]);
    expectText("streak-read", "Streak: 0 days");
    expectText("best-read", "Best: 8 days");
    expectText("badge-today", "4");
    await tap("tab-week");
    expectText("rate-last-read", "Last week: 5 of 7 (71%)");
    expectText("total-last", "All habits last week: 26 of 28 (93%)");
  });
});
