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

async function save(score: string): Promise<void> {
  await fireEvent.changeText(screen.getByTestId("input-score"), score);
  await tap("save-grade");
}

function chips(pattern: RegExp): string[] {
  return screen.getAllByTestId(pattern).map((node) => String(node.props.testID));
}

beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 60000);

describe("form", () => {
  test("the student buttons follow the chosen course, and another course clears the student", async () => {
    await render(<App />);
    await tap("tab-enter");
    expect(screen.queryByTestId("entry-student-omar")).toBeNull();
    await tap("entry-course-chem");
    expect(chips(/^entry-student-/)).toEqual([
      "entry-student-omar", "entry-student-grace", "entry-student-julia", "entry-student-ivan",
    ]);
    expect(screen.getByTestId("entry-student-grace")).toHaveTextContent("Grace Lin");
    await tap("entry-course-bio", "entry-student-arun", "entry-cat-reports", "entry-assess-r3");
    expectText("entry-current", "Not graded yet");
    await tap("entry-course-chem");
    expect(screen.queryByTestId("entry-student-arun")).toBeNull();
    expect(screen.queryByTestId("entry-current")).toBeNull();
    await save("10");
    expectText("entry-error", "Choose a student");
  });

  test("the assessments follow the category and only held ones are offered", async () => {
    await render(<App />);
    await tap("tab-enter");
    expect(screen.queryByTestId("entry-assess-r1")).toBeNull();
    await tap("entry-cat-reports");
    expect(chips(/^entry-assess-/)).toEqual(["entry-assess-r1", "entry-assess-r2", "entry-assess-r3"]);
    await tap("entry-assess-r2");
    expectText("entry-max", "Out of 24");
    await tap("entry-cat-labs");
    expect(chips(/^entry-assess-/)).toEqual(["entry-assess-lab1", "entry-assess-lab2", "entry-assess-lab3"]);
    expect(screen.queryByTestId("entry-max")).toBeNull();
    await tap("entry-cat-tests");
    expect(chips(/^entry-assess-/)).toEqual(["entry-assess-mid"]);
  });

  test("a refused score changes nothing, and choosing again hides the error", async () => {
    await render(<App />);
    await tap("tab-enter", "entry-course-bio", "entry-student-noor", "entry-cat-reports");
    await save("12");
    expectText("entry-error", "Choose an assessment");
    await tap("entry-assess-r2");
    expect(screen.queryByTestId("entry-error")).toBeNull();
    expectText("entry-current", "Not graded yet");
    for (const bad of ["25", "", "abc", "-1", "3.25"]) {
      await save(bad);
      expectText("entry-error", "Score must be a number from 0 to 24");
      expect(screen.queryByTestId("entry-saved")).toBeNull();
    }
    expectText("entry-current", "Not graded yet");
    await tap("entry-assess-r1");
    expect(screen.queryByTestId("entry-error")).toBeNull();
    expectText("entry-current", "Current score: 12 / 20");
    await tap("tab-courses", "course-bio");
    expectText("avg-noor", "64.1%");
  });

  test("zero is a score: a lab of 0 is the one dropped", async () => {
    await render(<App />);
    await tap("tab-enter", "entry-course-bio", "entry-student-tom", "entry-cat-labs");
    await tap("entry-assess-lab2");
    await save("0");
    expectText("entry-saved", "Saved Lab 2: 0 / 10 for Tom Becker");
    expectText("entry-average", "Average: 83.5% (was 83.5%)");
    expectText("entry-rank", "Rank: 3 of 6 (was 3)");
    expectText("entry-current", "Current score: 0 / 10");
    expect(screen.getByTestId("input-score").props.value).toBe("");
    await tap("tab-courses", "course-bio", "student-tom", "cat-labs");
    expectText("score-lab2", "0 / 10");
    expect(screen.getByTestId("dropped-lab2")).toHaveTextContent("Dropped");
    expectText("cat-points", "Kept: 16 / 20");
  });

  test("a half-point report breaks a tie and the roster follows", async () => {
    await render(<App />);
    await tap("tab-enter", "entry-course-bio", "entry-student-tom", "entry-cat-reports");
    await tap("entry-assess-r3");
    await save("7.5");
    expectText("entry-saved", "Saved Report 3: 7.5 / 15 for Tom Becker");
    expectText("entry-average", "Average: 80.5% (was 83.5%)");
    expectText("entry-letter", "Letter: B- (was B)");
    expectText("entry-rank", "Rank: 4 of 6 (was 3)");
    await tap("tab-courses");
    expectText("course-avg-bio", "Class average: 81.3%");
    await tap("course-bio");
    expect(screen.getAllByTestId(/^student-[a-z]+$/).map((n) => String(n.props.testID))).toEqual([
      "student-maya", "student-lena", "student-sofia", "student-tom", "student-arun", "student-noor",
    ]);
    expectText("rank-sofia", "#3");
    expectText("rank-tom", "#4");
    expectText("letter-tom", "B-");
  });

  test("a Chemistry 110 midterm brings the tests back into the average", async () => {
    await render(<App />);
    await tap("tab-enter", "entry-course-chem", "entry-student-omar", "entry-cat-tests");
    await tap("entry-assess-mid");
    expectText("entry-max", "Out of 100");
    await save("59.5");
    expectText("entry-average", "Average: 66.4% (was 71.0%)");
    expectText("entry-letter", "Letter: D (was C-)");
    expectText("entry-rank", "Rank: 4 of 4 (was 4)");
    await tap("tab-courses");
    expectText("course-avg-chem", "Class average: 84.2%");
    await tap("course-chem", "student-omar");
    expectText("cat-pct-tests", "59.5%");
  });
});

describe("rules", () => {
  test("the Rules screen lists the weights, the whole scale and today", async () => {
    await render(<App />);
    await tap("tab-rules");
    expectText("rule-weight-labs", "Labs: 25%");
    expectText("rule-weight-reports", "Reports: 35%");
    expectText("rule-weight-tests", "Tests: 40%");
    const scale: [string, string][] = [
      ["scale-a", "A: 93.0 and above"],
      ["scale-a-minus", "A-: 90.0 to 92.9"],
      ["scale-b-plus", "B+: 87.0 to 89.9"],
      ["scale-b", "B: 83.0 to 86.9"],
      ["scale-b-minus", "B-: 80.0 to 82.9"],
      ["scale-c-plus", "C+: 77.0 to 79.9"],
      ["scale-c", "C: 73.0 to 76.9"],
      ["scale-c-minus", "C-: 70.0 to 72.9"],
      ["scale-d", "D: 60.0 to 69.9"],
      ["scale-f", "F: below 60.0"],
    ];
    for (const [testID, text] of scale) expectText(testID, text);
    expectText("today", "Today: Nov 20, 2026");
  });
});
