/** Money helpers. All amounts are integers in cents. */

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Formats cents as `$1,290.00`, or `-$98.65` for a negative amount. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100));
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}$${groupThousands(dollars)}.${rest}`;
}

/** Splits `12.5` into hundredths (1250); null unless digits with at most two decimals. */
function parseHundredths(text: string): number | null {
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) {
    return null;
  }
  const whole = Number(match[1] || '0');
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const value = whole * 100 + fraction;
  return Number.isSafeInteger(value) ? value : null;
}

/** A typed amount of dollars (`40`, `40.5`, `33.40`) as positive cents, else null. */
export function parseAmountToCents(text: string): number | null {
  const cents = parseHundredths(text);
  return cents !== null && cents > 0 ? cents : null;
}

/** A typed percent (`10`, `12.5`) as basis points (hundredths of a percent), else null. */
export function parsePercentToBp(text: string): number | null {
  const bp = parseHundredths(text);
  return bp !== null && bp > 0 && bp <= 10000 ? bp : null;
}

/** A typed quantity: a whole number from 1 to 999, else null. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) {
    return null;
  }
  const quantity = Number(trimmed);
  return quantity >= 1 && quantity <= 999 ? quantity : null;
}

/** Cents × basis points, rounded half up to the cent. */
export function percentOf(cents: number, bp: number): number {
  return Math.floor((cents * bp + 5000) / 10000);
}

/** A percent in basis points written without trailing zeros: `10`, `12.5`, `7.25`. */
export function formatPercent(bp: number): string {
  const whole = Math.floor(bp / 100);
  const fraction = bp % 100;
  if (fraction === 0) {
    return String(whole);
  }
  return `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}
