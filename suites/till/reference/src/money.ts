/** Money helpers. All amounts are integers in cents. */

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Formats cents as `$1,249.00`, or `-$5.00` for a negative amount. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100));
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}$${groupThousands(dollars)}.${rest}`;
}

/**
 * Parses a typed amount of dollars (`40`, `40.5`, `21.93`) into positive cents.
 * Returns null unless it is a number greater than zero with at most two decimals.
 */
export function parseAmountToCents(text: string): number | null {
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) {
    return null;
  }
  const whole = Number(match[1] || '0');
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}
