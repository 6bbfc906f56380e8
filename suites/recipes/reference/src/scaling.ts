/** A recipe scaled to some servings, in exact base units. */
import { ingredientByKey, Kind, Recipe, UNITS } from './data';
import { Fraction, fraction } from './fraction';
import { showLine } from './quantity';

export interface ScaledLine {
  ingredient: string;
  kind: Kind;
  /** The exact amount in the kind's base unit (g, ml, tsp or a count). */
  base: Fraction;
}

export function scaleRecipe(recipe: Recipe, servings: number): ScaledLine[] {
  return recipe.lines.map((line) => {
    const unit = UNITS[line.unit];
    return {
      ingredient: line.ingredient,
      kind: unit.kind,
      base: fraction(line.hundredths * unit.factor * servings, 100 * recipe.serves),
    };
  });
}

export function scaledText(line: ScaledLine): string {
  return showLine(ingredientByKey(line.ingredient).name, line.kind, line.base);
}
