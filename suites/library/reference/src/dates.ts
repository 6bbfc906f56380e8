/**
 * Calendar days. A date is a day number (days since Jan 1, 1970, in UTC), so adding days and
 * counting the days between two dates never depends on the device's clock or time zone.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The day number of a calendar date (month from 1). */
export function day(year: number, month: number, date: number): number {
  return Math.round(Date.UTC(year, month - 1, date) / DAY_MS);
}

/** Today is pinned to Wednesday, April 15, 2026: the app never reads the device's clock. */
export const TODAY = day(2026, 4, 15);

/** `Apr 15, 2026`. */
export function formatDay(dayNumber: number): string {
  const date = new Date(dayNumber * DAY_MS);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
