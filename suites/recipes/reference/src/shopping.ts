/** The shopping list: picked recipes merged per ingredient and kind, grouped by aisle. */
import { AisleKey, AISLES, ingredientByKey, Kind, KIND_ORDER, recipeByKey } from './data';
import { add, Fraction } from './fraction';
import { showLine } from './quantity';
import { scaleRecipe } from './scaling';

export interface Pick {
  recipe: string;
  servings: number;
}

export interface ShoppingLine {
  ingredient: string;
  kind: Kind;
  base: Fraction;
  text: string;
}

export interface AisleGroup {
  aisle: AisleKey;
  name: string;
  lines: ShoppingLine[];
}

function compareNames(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

export function shoppingList(picks: readonly Pick[]): AisleGroup[] {
  const sums = new Map<string, { ingredient: string; kind: Kind; base: Fraction }>();
  for (const pick of picks) {
    for (const line of scaleRecipe(recipeByKey(pick.recipe), pick.servings)) {
      const id = `${line.ingredient}/${line.kind}`;
      const seen = sums.get(id);
      sums.set(id, seen ? { ...seen, base: add(seen.base, line.base) } : { ...line });
    }
  }
  const lines = [...sums.values()].sort((a, b) => {
    const byName = compareNames(ingredientByKey(a.ingredient).name, ingredientByKey(b.ingredient).name);
    return byName !== 0 ? byName : KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
  });
  return AISLES.map((aisle) => ({
    aisle: aisle.key,
    name: aisle.name,
    lines: lines
      .filter((line) => ingredientByKey(line.ingredient).aisle === aisle.key)
      .map((line) => ({
        ...line,
        text: showLine(ingredientByKey(line.ingredient).name, line.kind, line.base),
      })),
  })).filter((group) => group.lines.length > 0);
}

export function countText(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
