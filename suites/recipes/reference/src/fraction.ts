/** Exact non-negative fractions of integers, so that scaled and merged amounts never drift. */

export interface Fraction {
  n: number;
  d: number;
}

function gcd(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}

export function fraction(n: number, d = 1): Fraction {
  const g = gcd(n, d) || 1;
  return { n: n / g, d: d / g };
}

export const ZERO: Fraction = { n: 0, d: 1 };

export function add(a: Fraction, b: Fraction): Fraction {
  return fraction(a.n * b.d + b.n * a.d, a.d * b.d);
}

export function times(a: Fraction, n: number, d = 1): Fraction {
  return fraction(a.n * n, a.d * d);
}

/** The nearest whole number, an exact half going up. */
export function roundHalfUp(a: Fraction): number {
  return Math.floor((2 * a.n + a.d) / (2 * a.d));
}

/** The smallest whole number not below it. */
export function ceil(a: Fraction): number {
  return Math.floor((a.n + a.d - 1) / a.d);
}
