/**
 * Calendar days as whole numbers (days since Jan 1, 1970), so that date arithmetic is exact.
 * Today is pinned: nothing here reads the device's clock.
 */

export type Day = number;

const MS_PER_DAY = 86400000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAYS_LONG = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The day of a calendar date (month 1-12). */
export function dayOf(year: number, month: number, day: number): Day {
  return Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

/** Wednesday, March 18, 2026, always. */
export const TODAY: Day = dayOf(2026, 3, 18);

function parts(day: Day): { year: number; month: number; date: number } {
  const d = new Date(day * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), date: d.getUTCDate() };
}

/** 0 for Monday … 6 for Sunday (Jan 1, 1970 was a Thursday). */
export function weekdayOf(day: Day): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** The Monday that starts the week (Monday to Sunday) of a day. */
export function mondayOf(day: Day): Day {
  return day - weekdayOf(day);
}

/** `Feb 16, 2026` */
export function formatDay(day: Day): string {
  const p = parts(day);
  return `${MONTHS[p.month]} ${p.date}, ${p.year}`;
}

/** `Wed, Mar 18` */
export function formatShort(day: Day): string {
  const p = parts(day);
  return `${WEEKDAYS[weekdayOf(day)]}, ${MONTHS[p.month]} ${p.date}`;
}

/** `Wednesday, March 18, 2026` */
export function formatLong(day: Day): string {
  const p = parts(day);
  return `${WEEKDAYS_LONG[weekdayOf(day)]}, ${MONTHS_LONG[p.month]} ${p.date}, ${p.year}`;
}

/** `2026-03-18`, the form test IDs use. */
export function isoDay(day: Day): string {
  const p = parts(day);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month + 1)}-${two(p.date)}`;
}
