/** Money helpers. All amounts are integers in cents. */

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Formats cents as `$1,234.56`, or `-$562.75` for a negative amount. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100));
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}$${groupThousands(dollars)}.${rest}`;
}

/** Formats a transaction amount with an explicit sign: `+$3,200.00`, `-$96.40`. */
export function formatSignedCents(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
}

/** The plain positive number an amount input is pre-filled with: `96.40`, `1450.00`. */
export function centsToInput(cents: number): string {
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Parses a typed amount of dollars (`45`, `45.5`, `45.00`) into positive cents.
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
