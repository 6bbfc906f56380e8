/** Money helpers. All amounts are integers in cents. */

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Formats cents as `$1,290.00`, or `-$4.80` for a negative amount. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100));
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}$${groupThousands(dollars)}.${rest}`;
}

/** Cents × basis points, rounded half up to the cent (integers only, so no float drift). */
export function percentOf(cents: number, bp: number): number {
  return Math.floor((cents * bp + 5000) / 10000);
}
