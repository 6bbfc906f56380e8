/** Searching recipes by name and by ingredient. */
import { ingredientByKey, Recipe, RECIPES } from './data';

export function normaliseQuery(query: string): string {
  return query.trim();
}

export function matches(recipe: Recipe, query: string): boolean {
  const needle = normaliseQuery(query).toLowerCase();
  if (needle === '') {
    return true;
  }
  return (
    recipe.name.toLowerCase().includes(needle) ||
    recipe.lines.some((line) => ingredientByKey(line.ingredient).name.toLowerCase().includes(needle))
  );
}

/** The matching recipes, A to Z by name. */
export function searchRecipes(query: string): Recipe[] {
  return RECIPES.filter((recipe) => matches(recipe, query)).sort((a, b) =>
    a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1,
  );
}
