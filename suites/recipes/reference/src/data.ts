/** The seed data: units, aisles, ingredients and the six recipes. */

export type Kind = 'weight' | 'volume' | 'spoons' | 'count';
export type Unit = 'g' | 'kg' | 'ml' | 'l' | 'tsp' | 'tbsp' | 'cup' | '';

/** Each unit's kind and how many of the kind's base unit (g, ml, tsp, one) it holds. */
export const UNITS: Record<Unit, { kind: Kind; factor: number }> = {
  g: { kind: 'weight', factor: 1 },
  kg: { kind: 'weight', factor: 1000 },
  ml: { kind: 'volume', factor: 1 },
  l: { kind: 'volume', factor: 1000 },
  tsp: { kind: 'spoons', factor: 1 },
  tbsp: { kind: 'spoons', factor: 3 },
  cup: { kind: 'spoons', factor: 48 },
  '': { kind: 'count', factor: 1 },
};

/** The order in which the lines of one ingredient sit together on the shopping list. */
export const KIND_ORDER: readonly Kind[] = ['weight', 'volume', 'spoons', 'count'];

export type AisleKey = 'produce' | 'dairy' | 'pantry' | 'spices';

/** The aisles in the order the shop is walked. */
export const AISLES: readonly { key: AisleKey; name: string }[] = [
  { key: 'produce', name: 'Produce' },
  { key: 'dairy', name: 'Dairy & eggs' },
  { key: 'pantry', name: 'Pantry' },
  { key: 'spices', name: 'Spices' },
];

export interface Ingredient {
  key: string;
  name: string;
  aisle: AisleKey;
}

export const INGREDIENTS: readonly Ingredient[] = [
  { key: 'basil', name: 'Basil', aisle: 'produce' },
  { key: 'garlic', name: 'Garlic', aisle: 'produce' },
  { key: 'lemon', name: 'Lemon', aisle: 'produce' },
  { key: 'onion', name: 'Onion', aisle: 'produce' },
  { key: 'potatoes', name: 'Potatoes', aisle: 'produce' },
  { key: 'tomatoes', name: 'Tomatoes', aisle: 'produce' },
  { key: 'butter', name: 'Butter', aisle: 'dairy' },
  { key: 'eggs', name: 'Eggs', aisle: 'dairy' },
  { key: 'milk', name: 'Milk', aisle: 'dairy' },
  { key: 'parmesan', name: 'Parmesan', aisle: 'dairy' },
  { key: 'flour', name: 'Flour', aisle: 'pantry' },
  { key: 'oil', name: 'Olive oil', aisle: 'pantry' },
  { key: 'pasta', name: 'Pasta', aisle: 'pantry' },
  { key: 'rice', name: 'Rice', aisle: 'pantry' },
  { key: 'sugar', name: 'Sugar', aisle: 'pantry' },
  { key: 'stock', name: 'Vegetable stock', aisle: 'pantry' },
  { key: 'cumin', name: 'Cumin', aisle: 'spices' },
  { key: 'salt', name: 'Salt', aisle: 'spices' },
];

export function ingredientByKey(key: string): Ingredient {
  const found = INGREDIENTS.find((ingredient) => ingredient.key === key);
  if (!found) {
    throw new Error(`unknown ingredient ${key}`);
  }
  return found;
}

/** One line of a recipe as written: an amount in hundredths of its unit. */
export interface RecipeLine {
  ingredient: string;
  hundredths: number;
  unit: Unit;
}

export interface Recipe {
  key: string;
  name: string;
  serves: number;
  lines: RecipeLine[];
}

function line(ingredient: string, amount: string, unit: Unit): RecipeLine {
  const [whole, fraction = ''] = amount.split('.');
  const hundredths = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return { ingredient, hundredths, unit };
}

export const RECIPES: readonly Recipe[] = [
  {
    key: 'pancakes',
    name: 'Pancakes',
    serves: 4,
    lines: [
      line('flour', '250', 'g'),
      line('milk', '600', 'ml'),
      line('eggs', '2', ''),
      line('butter', '3', 'tbsp'),
      line('sugar', '25', 'g'),
      line('salt', '0.5', 'tsp'),
    ],
  },
  {
    key: 'potato-soup',
    name: 'Potato Soup',
    serves: 6,
    lines: [
      line('potatoes', '1.2', 'kg'),
      line('onion', '2', ''),
      line('garlic', '3', ''),
      line('stock', '1.5', 'l'),
      line('milk', '250', 'ml'),
      line('butter', '40', 'g'),
      line('salt', '1', 'tsp'),
    ],
  },
  {
    key: 'tomato-pasta',
    name: 'Tomato Pasta',
    serves: 2,
    lines: [
      line('pasta', '200', 'g'),
      line('tomatoes', '400', 'g'),
      line('garlic', '2', ''),
      line('oil', '2', 'tbsp'),
      line('basil', '15', 'g'),
      line('parmesan', '30', 'g'),
      line('salt', '0.5', 'tsp'),
    ],
  },
  {
    key: 'lemon-rice',
    name: 'Lemon Rice',
    serves: 4,
    lines: [
      line('rice', '300', 'g'),
      line('stock', '750', 'ml'),
      line('lemon', '1', ''),
      line('oil', '1', 'tbsp'),
      line('cumin', '1', 'tsp'),
      line('onion', '1', ''),
    ],
  },
  {
    key: 'smashed-potatoes',
    name: 'Smashed Potatoes',
    serves: 6,
    lines: [
      line('potatoes', '1.5', 'kg'),
      line('garlic', '5', ''),
      line('oil', '0.25', 'cup'),
      line('salt', '2', 'tsp'),
    ],
  },
  {
    key: 'sugar-biscuits',
    name: 'Sugar Biscuits',
    serves: 16,
    lines: [
      line('flour', '400', 'g'),
      line('butter', '250', 'g'),
      line('sugar', '150', 'g'),
      line('salt', '0.5', 'tsp'),
    ],
  },
];

export function recipeByKey(key: string): Recipe {
  const found = RECIPES.find((recipe) => recipe.key === key);
  if (!found) {
    throw new Error(`unknown recipe ${key}`);
  }
  return found;
}

export const MIN_SERVINGS = 1;
export const MAX_SERVINGS = 24;
