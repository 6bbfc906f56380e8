/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Every expected string below follows from tasks/recipes/instruction.md.

async function tap(testID: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    await fireEvent.press(screen.getByTestId(testID));
  }
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

async function search(text: string): Promise<void> {
  await fireEvent.changeText(screen.getByTestId("input-search"), text);
}

function rows(): string[] {
  return screen.getAllByTestId(/^recipe-(?!count)/).map((node) => String(node.props.testID));
}

/** Opens a recipe, moves its servings by `step` presses (+ or -) and checks its lines. */
async function openAt(recipe: string, step: number): Promise<void> {
  await tap(`recipe-${recipe}`);
  await tap(step > 0 ? "servings-inc" : "servings-dec", Math.abs(step));
}

function expectLines(prefix: string, lines: string[]): void {
  lines.forEach((line, index) => expectText(`${prefix}${index + 1}`, line));
  expect(screen.queryByTestId(`${prefix}${lines.length + 1}`)).toBeNull();
}

function expectIngredients(lines: Record<string, string>): void {
  Object.entries(lines).forEach(([key, text]) => expectText(`ing-${key}`, text));
}

// A fresh jest cache transforms React Native's modules on the first render: do that once here,
// outside the tests' own time limits.
beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 60000);

describe("search", () => {
  test("matches names and ingredients, ignoring case and outer spaces, A to Z", async () => {
    await render(<App />);
    expect(rows()).toEqual([
      "recipe-lemon-rice", "recipe-pancakes", "recipe-potato-soup", "recipe-smashed-potatoes",
      "recipe-sugar-biscuits", "recipe-tomato-pasta",
    ]);
    await search("oil");
    expectText("recipe-count", "3 recipes");
    expect(rows()).toEqual(["recipe-lemon-rice", "recipe-smashed-potatoes", "recipe-tomato-pasta"]);
    await search("SUGAR");
    expectText("recipe-count", "2 recipes");
    expect(rows()).toEqual(["recipe-pancakes", "recipe-sugar-biscuits"]);
    await search("  past ");
    expectText("recipe-count", "1 recipe");
    expect(rows()).toEqual(["recipe-tomato-pasta"]);
    await search("  Chocolate  ");
    expectText("search-empty", 'No recipes match "Chocolate"');
    expectText("recipe-count", "0 recipes");
    expect(screen.queryAllByTestId(/^recipe-(?!count)/)).toEqual([]);
    await search("   ");
    expectText("recipe-count", "6 recipes");
    expect(screen.queryByTestId("search-empty")).toBeNull();
  });

  test("picks survive searches and Clear picks keeps the servings", async () => {
    await render(<App />);
    await openAt("lemon-rice", 2);
    expectText("servings", "Serves 6");
    await tap("back");
    await tap("pick-lemon-rice");
    await tap("pick-sugar-biscuits");
    await search("flour");
    expect(rows()).toEqual(["recipe-pancakes", "recipe-sugar-biscuits"]);
    expectText("pick-sugar-biscuits", "Picked");
    expectText("picked-count", "2 recipes picked");
    await tap("clear-picks");
    expect(screen.queryByTestId("picked-count")).toBeNull();
    expect(screen.queryByTestId("clear-picks")).toBeNull();
    expectText("pick-sugar-biscuits", "Pick");
    await search("");
    expectText("pick-lemon-rice", "Pick");
    expectText("serves-lemon-rice", "Serves 6");
    await tap("tab-shopping");
    expectText("shopping-empty", "No recipes picked yet");
  });
});

describe("scaling", () => {
  test("the largest servings promote to kg, l, tbsp and cup", async () => {
    await render(<App />);
    await openAt("pancakes", 25);
    expectText("servings", "Serves 24");
    expectIngredients({
      flour: "Flour: 1.5 kg", milk: "Milk: 3.6 l", eggs: "Eggs: 12",
      butter: "Butter: 1.25 cup", sugar: "Sugar: 150 g", salt: "Salt: 1 tbsp",
    });
    await tap("back");
    expectText("serves-pancakes", "Serves 24");
    await openAt("tomato-pasta", 30);
    expectText("servings", "Serves 24");
    expectIngredients({
      pasta: "Pasta: 2.4 kg", tomatoes: "Tomatoes: 4.8 kg", garlic: "Garlic: 24",
      oil: "Olive oil: 1.5 cup", basil: "Basil: 180 g", salt: "Salt: 2 tbsp",
    });
  });

  test("one serving rounds half up, counts round up, tiny amounts show the smallest step", async () => {
    await render(<App />);
    await openAt("lemon-rice", -5);
    expectText("servings", "Serves 1");
    expectIngredients({
      rice: "Rice: 75 g", stock: "Vegetable stock: 188 ml", lemon: "Lemon: 1",
      oil: "Olive oil: 0.75 tsp", cumin: "Cumin: 0.25 tsp", onion: "Onion: 1",
    });
    await tap("back");
    await openAt("sugar-biscuits", -15);
    expectText("servings", "Serves 1");
    expectIngredients({
      flour: "Flour: 25 g", butter: "Butter: 16 g", sugar: "Sugar: 9 g", salt: "Salt: 0.25 tsp",
    });
  });

  test("quarters of the promoted unit and counts just above a whole number", async () => {
    await render(<App />);
    await openAt("lemon-rice", 1);
    expectIngredients({
      rice: "Rice: 375 g", stock: "Vegetable stock: 938 ml", lemon: "Lemon: 2",
      oil: "Olive oil: 1.25 tbsp", cumin: "Cumin: 1.25 tsp", onion: "Onion: 2",
    });
    await tap("servings-inc", 5);
    expectText("servings", "Serves 10");
    expectIngredients({
      stock: "Vegetable stock: 1.88 l", lemon: "Lemon: 3", oil: "Olive oil: 2.5 tbsp",
      cumin: "Cumin: 2.5 tsp",
    });
    await tap("back");
    await openAt("potato-soup", -2);
    expectIngredients({
      potatoes: "Potatoes: 800 g", onion: "Onion: 2", garlic: "Garlic: 2",
      stock: "Vegetable stock: 1 l", milk: "Milk: 167 ml", butter: "Butter: 27 g",
      salt: "Salt: 0.75 tsp",
    });
  });
});

describe("shopping", () => {
  test("counts are summed before rounding up and tiny sums keep the smallest step", async () => {
    await render(<App />);
    await openAt("lemon-rice", -3);
    await tap("back");
    await openAt("potato-soup", -5);
    await tap("back");
    await tap("pick-lemon-rice");
    await tap("pick-potato-soup");
    await tap("tab-shopping");
    expectText("for-lemon-rice", "Lemon Rice for 1");
    expectText("for-potato-soup", "Potato Soup for 1");
    expectText("shop-count", "11 items");
    expectLines("shop-", [
      "Garlic: 1", "Lemon: 1", "Onion: 1", "Potatoes: 200 g",
      "Butter: 7 g", "Milk: 42 ml",
      "Olive oil: 0.75 tsp", "Rice: 75 g", "Vegetable stock: 438 ml",
      "Cumin: 0.25 tsp", "Salt: 0.25 tsp",
    ]);
  });

  test("tablespoons and cups merge, litres and millilitres merge, aisles in shop order", async () => {
    await render(<App />);
    await openAt("tomato-pasta", 2);
    await tap("back");
    await openAt("smashed-potatoes", 2);
    await tap("back");
    await openAt("lemon-rice", -2);
    await tap("back");
    await openAt("potato-soup", -5);
    await tap("back");
    for (const recipe of ["tomato-pasta", "smashed-potatoes", "lemon-rice", "potato-soup"]) {
      await tap(`pick-${recipe}`);
    }
    expectText("picked-count", "4 recipes picked");
    await tap("tab-shopping");
    expectText("shop-count", "15 items");
    expectLines("shop-", [
      "Basil: 30 g", "Garlic: 12", "Lemon: 1", "Onion: 1", "Potatoes: 2.2 kg", "Tomatoes: 800 g",
      "Butter: 7 g", "Milk: 42 ml", "Parmesan: 60 g",
      "Olive oil: 9.75 tbsp", "Pasta: 400 g", "Rice: 150 g", "Vegetable stock: 625 ml",
      "Cumin: 0.5 tsp", "Salt: 1.25 tbsp",
    ]);
    expectText("aisle-produce", "Produce");
    expectText("aisle-dairy", "Dairy & eggs");
    expectText("aisle-pantry", "Pantry");
    expectText("aisle-spices", "Spices");
  });

  test("sums that cross 1000 g show kg and an aisle with no line is not shown", async () => {
    await render(<App />);
    await openAt("sugar-biscuits", 8);
    await tap("back");
    await openAt("pancakes", 6);
    await tap("back");
    await tap("pick-sugar-biscuits");
    await tap("pick-pancakes");
    await tap("tab-shopping");
    expectText("for-sugar-biscuits", "Sugar Biscuits for 24");
    expectText("for-pancakes", "Pancakes for 10");
    expectText("shop-count", "7 items");
    expectLines("shop-", [
      "Butter: 375 g", "Butter: 7.5 tbsp", "Eggs: 5", "Milk: 1.5 l",
      "Flour: 1.23 kg", "Sugar: 288 g", "Salt: 2 tsp",
    ]);
    expect(screen.queryByTestId("aisle-produce")).toBeNull();
    expectText("aisle-dairy", "Dairy & eggs");
  });

  test("the recipes for the list keep the order they were picked in", async () => {
    await render(<App />);
    await tap("pick-tomato-pasta");
    await tap("pick-pancakes");
    await tap("pick-lemon-rice");
    await tap("pick-pancakes");
    await tap("pick-pancakes");
    await tap("tab-shopping");
    expect(screen.getAllByTestId(/^for-/).map((node) => String(node.props.testID))).toEqual([
      "for-tomato-pasta", "for-lemon-rice", "for-pancakes",
    ]);
    expectText("for-tomato-pasta", "Tomato Pasta for 2");
    await tap("tab-recipes");
    await openAt("tomato-pasta", 1);
    await tap("tab-shopping");
    expectText("for-tomato-pasta", "Tomato Pasta for 3");
    await tap("tab-recipes");
    expectText("servings", "Serves 3");
  });
});
