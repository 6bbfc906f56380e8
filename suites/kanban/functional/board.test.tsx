/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

jest.setTimeout(120000);

// Every expected string below follows from tasks/kanban/instruction.md.

async function tap(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

function expectAbsent(testID: string): void {
  expect(screen.queryByTestId(testID)).toBeNull();
}

/** The cards' test IDs in board order (columns in order, each top to bottom). */
function boardOrder(): string[] {
  return screen.getAllByTestId(/^card-\d+$/).map((node) => String(node.props.testID));
}

async function moveCard(card: number, column: string): Promise<void> {
  await tap(`card-${card}`);
  await tap(`move-${column}`);
  await tap("detail-close");
}

// A fresh jest cache transforms React Native's modules on the first render: do that once here,
// outside the tests' own time limits.
beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 60000);

describe("board", () => {
  test("the seed board shows every card's progress, assignee and overdue mark", async () => {
    await render(<App />);
    expect(boardOrder()).toEqual([
      "card-1", "card-2", "card-3", "card-4", "card-5", "card-6",
      "card-7", "card-8", "card-9", "card-10", "card-11",
    ]);
    const progress: Record<number, string | null> = {
      1: "0/3", 2: null, 3: "0/1", 4: "1/3", 5: "0/4", 6: "2/5",
      7: "3/4", 8: "1/2", 9: "4/4", 10: "3/3", 11: "2/2",
    };
    for (const [card, text] of Object.entries(progress)) {
      if (text === null) expectAbsent(`card-progress-${card}`);
      else expectText(`card-progress-${card}`, text);
    }
    const assignees = ["Chloe", "Unassigned", "Ben", "Ana", "Dev", "Ana", "Ben", "Dev", "Chloe", "Ben", "Ana"];
    assignees.forEach((name, index) => expectText(`card-assignee-${index + 1}`, name));
    for (let card = 1; card <= 11; card += 1) {
      if (card === 3 || card === 6) expectText(`card-overdue-${card}`, "Overdue");
      else expectAbsent(`card-overdue-${card}`);
    }
    expectText("col-count-backlog", "3");
    expectText("col-count-ready", "2/3");
    expectText("col-count-doing", "3/3");
    expectText("col-count-review", "1/2");
    expectText("col-count-done", "2");
    expectText("col-full-doing", "At limit");
    expectAbsent("col-full-ready");
    expectAbsent("col-full-review");
  });

  test("labels are listed in label order on the board and in the detail", async () => {
    await render(<App />);
    expectText("card-labels-1", "Feature, Design");
    expectText("card-labels-5", "Feature, Design");
    expectText("card-labels-8", "Feature, Docs");
    expectText("card-labels-9", "Bug, Design");
    await tap("card-8");
    expectText("detail-labels", "Feature, Docs");
    expectText("detail-assignee", "Dev");
    expectText("detail-due", "Dec 1, 2026");
    expectAbsent("detail-overdue");
  });

  test("unchecking an item of a Done card changes its progress but not its column", async () => {
    await render(<App />);
    await tap("card-10");
    expectText("detail-column", "Done");
    expectText("detail-progress", "Checklist 3/3");
    await tap("check-2");
    expectText("check-2", "[ ] Password rule");
    expectText("check-1", "[x] Email rule");
    expectText("detail-progress", "Checklist 2/3");
    await tap("detail-close");
    expectAbsent("detail-title");
    expectText("card-progress-10", "2/3");
    expectText("col-count-done", "2");
    expectAbsent("card-overdue-10");
  });
});

describe("moves", () => {
  test("a card without a checklist goes to Done without a question", async () => {
    await render(<App />);
    await tap("card-2");
    expectText("detail-progress", "No checklist");
    await tap("move-done");
    expectAbsent("confirm-text");
    expectText("detail-column", "Done");
    await tap("detail-close");
    expect(boardOrder().slice(-3)).toEqual(["card-10", "card-11", "card-2"]);
    expectText("col-count-backlog", "2");
    expectText("col-count-done", "3");
    await tap("tab-activity");
    expectText("activity-count", "Moves today: 3");
    expectText("activity-card-1", "Audit log export");
    expectText("activity-from-1", "Backlog");
    expectText("activity-to-1", "Done");
  });

  test("Ready refuses a fourth card with its own message", async () => {
    await render(<App />);
    await moveCard(1, "ready");
    expectText("col-count-ready", "3/3");
    expectText("col-full-ready", "At limit");
    expect(boardOrder().slice(0, 5)).toEqual(["card-2", "card-3", "card-4", "card-5", "card-1"]);
    await tap("card-2");
    await tap("move-ready");
    expectText("move-error", "Limit reached: Ready holds at most 3 cards");
    expectText("detail-column", "Backlog");
    await tap("move-review");
    expectAbsent("move-error");
    expectText("detail-column", "Review");
    await tap("detail-close");
    expectText("col-count-review", "2/2");
    expectText("col-count-backlog", "1");
  });

  test("a question is forgotten when the detail closes", async () => {
    await render(<App />);
    await tap("card-6");
    await tap("move-done");
    expectText("confirm-text", "3 of 5 checklist items are still open. Move to Done anyway?");
    await tap("detail-close");
    await tap("card-6");
    expectAbsent("confirm-text");
    expectText("detail-column", "In Progress");
    expect(screen.getByTestId("move-done")).toBeTruthy();
  });

  test("a refusal is forgotten when the detail closes and is no move", async () => {
    await render(<App />);
    await tap("card-4");
    await tap("move-doing");
    expectText("move-error", "Limit reached: In Progress holds at most 3 cards");
    await tap("detail-close");
    await tap("card-4");
    expectAbsent("move-error");
    expectText("detail-column", "Ready");
    await tap("detail-close");
    await tap("tab-activity");
    expectText("activity-count", "Moves today: 2");
  });
});

describe("filters", () => {
  test("Anyone keeps the selected labels", async () => {
    await render(<App />);
    await tap("tab-filters");
    await tap("label-bug");
    expectText("filter-summary", "Showing 5 of 11 cards");
    await tap("assignee-ben");
    expectText("filter-summary", "Showing 2 of 11 cards");
    await tap("assignee-anyone");
    expectText("filter-summary", "Showing 5 of 11 cards");
    await tap("tab-board");
    expect(boardOrder()).toEqual(["card-3", "card-4", "card-6", "card-9", "card-10"]);
  });

  test("three labels show cards with any of them, then Chloe's filter applies on top", async () => {
    await render(<App />);
    await tap("tab-filters");
    await tap("label-design");
    await tap("label-docs");
    await tap("label-feature");
    expectText("filter-summary", "Showing 7 of 11 cards");
    await tap("assignee-chloe");
    expectText("filter-summary", "Showing 2 of 11 cards");
    await tap("tab-board");
    expect(boardOrder()).toEqual(["card-1", "card-9"]);
    expectText("empty-ready", "No matching cards");
    expectText("col-count-ready", "2/3");
  });

  test("an empty column says No cards even while a filter is on", async () => {
    await render(<App />);
    await moveCard(9, "done");
    expectText("empty-review", "No cards");
    expectText("col-count-review", "0/2");
    await tap("tab-filters");
    await tap("label-bug");
    await tap("assignee-dev");
    expectText("filter-summary", "Showing 0 of 11 cards");
    await tap("tab-board");
    expectText("empty-backlog", "No matching cards");
    expectText("empty-review", "No cards");
    expectText("empty-done", "No matching cards");
  });
});
