/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Every expected string below follows from tasks/gradebook/instruction.md.

async function tap(...testIDs: string[]): Promise<void> {
  for (const testID of testIDs) {
    await fireEvent.press(screen.getByTestId(testID));
  }
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

/** The students of the shown roster, top to bottom, by the test IDs of their name buttons. */
function rosterOrder(): string[] {
  return screen.getAllByTestId(/^student-[a-z]+$/).map((node) => String(node.props.testID));
}

// A fresh jest cache transforms React Native's modules on the first render: do that once here,
// outside the tests' own time limits.
beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 60000);

describe("rosters", () => {
  test("Chemistry 110 ranks by average, sorts by surname and keeps its ranks", async () => {
    await render(<App />);
    await tap("course-chem");
    expectText("class-avg", "Class average: 85.4% (B)");
    expect(rosterOrder()).toEqual(["student-grace", "student-ivan", "student-julia", "student-omar"]);
    expectText("avg-ivan", "90.0%");
    expectText("letter-ivan", "A-");
    expectText("avg-julia", "84.6%");
    expectText("letter-omar", "C-");
    await tap("sort-name");
    expect(rosterOrder()).toEqual(["student-omar", "student-grace", "student-julia", "student-ivan"]);
    expectText("rank-omar", "#4");
    expectText("rank-grace", "#1");
    await tap("back", "course-bio");
    // The sort choice is kept for both courses: Chen, Arun before Chen, Maya.
    expect(rosterOrder()).toEqual([
      "student-tom", "student-arun", "student-maya", "student-noor", "student-lena", "student-sofia",
    ]);
  });

  test("a tie on the lowest lab drops the earliest, and Back climbs one level", async () => {
    await render(<App />);
    await tap("course-bio", "student-sofia");
    expectText("student-avg", "Average: 83.5%");
    expectText("student-rank", "Rank: 3 of 6");
    expectText("cat-pct-labs", "85.0%");
    await tap("cat-labs");
    expectText("cat-student", "Sofia Ruiz");
    expectText("score-lab1", "8 / 10");
    expectText("score-lab2", "8 / 10");
    expect(screen.getByTestId("dropped-lab1")).toHaveTextContent("Dropped");
    expect(screen.queryByTestId("dropped-lab2")).toBeNull();
    expect(screen.queryByTestId("dropped-lab3")).toBeNull();
    expectText("cat-points", "Kept: 17 / 20");
    expectText("cat-total", "Category: 85.0%");
    await tap("back");
    expectText("student-avg", "Average: 83.5%");
    expect(screen.getByTestId("cat-labs")).toBeTruthy();
    await tap("back");
    expectText("class-avg", "Class average: 81.8% (B-)");
    await tap("back");
    expect(screen.queryByTestId("class-avg")).toBeNull();
    expectText("course-avg-chem", "Class average: 85.4%");
  });

  test("a missing test leaves the category out and rescales the other weights", async () => {
    await render(<App />);
    await tap("course-chem", "student-omar");
    expectText("student-avg", "Average: 71.0%");
    expectText("student-letter", "Letter: C-");
    expectText("cat-pct-labs", "75.0%");
    expectText("cat-pct-reports", "68.2%");
    expectText("cat-pct-tests", "No scores");
    await tap("cat-tests");
    expectText("score-mid", "Not graded");
    expectText("score-final", "Due Dec 14");
    expectText("cat-total", "No scores yet");
    expect(screen.queryByTestId("cat-points")).toBeNull();
  });
});
