/** Showing an exact amount of a kind's base unit: rounding once, promoting, the smallest step. */
import { Kind } from './data';
import { ceil, Fraction, fraction, roundHalfUp } from './fraction';

/** `steps` of 1/`per` as a number without trailing zeros: (5, 4) is `1.25`, (100, 100) is `1`. */
function decimal(steps: number, per: number): string {
  const whole = Math.floor(steps / per);
  const rest = steps % per;
  if (rest === 0) {
    return String(whole);
  }
  const digits = per === 4 ? String(rest * 25).padStart(2, '0') : String(rest).padStart(2, '0');
  return `${whole}.${digits.replace(/0+$/, '')}`;
}

/** Grams or millilitres: whole below 1000, else the large unit to two decimals. */
function metric(base: Fraction, small: string, large: string): string {
  let whole = roundHalfUp(base);
  if (whole === 0 && base.n > 0) {
    whole = 1;
  }
  if (whole < 1000) {
    return `${whole} ${small}`;
  }
  return `${decimal(roundHalfUp(fraction(whole, 10)), 100)} ${large}`;
}

/** Teaspoons: quarters of a teaspoon, promoted to tablespoons and cups on the rounded amount. */
function spoons(base: Fraction): string {
  let quarters = roundHalfUp(fraction(base.n * 4, base.d));
  if (quarters === 0 && base.n > 0) {
    quarters = 1;
  }
  if (quarters >= 48 * 4) {
    return `${decimal(roundHalfUp(fraction(quarters, 48)), 4)} cup`;
  }
  if (quarters >= 3 * 4) {
    return `${decimal(roundHalfUp(fraction(quarters, 3)), 4)} tbsp`;
  }
  return `${decimal(quarters, 4)} tsp`;
}

/** The amount as shown after the ingredient's name: `1.25 kg`, `4 tbsp`, `3`. */
export function showAmount(kind: Kind, base: Fraction): string {
  switch (kind) {
    case 'weight':
      return metric(base, 'g', 'kg');
    case 'volume':
      return metric(base, 'ml', 'l');
    case 'spoons':
      return spoons(base);
    case 'count':
      return String(ceil(base));
  }
}

export function showLine(name: string, kind: Kind, base: Fraction): string {
  return `${name}: ${showAmount(kind, base)}`;
}
