/** The pay rules: overtime, pre-tax deductions, the marginal tax table, half-up rounding. */
import { Employee, Timesheet } from './data';

/** Hours past this many (in hundredths) in the week are overtime. */
const WEEK_REGULAR = 4000;

/** The weekly tax table on taxable pay, in cents: each rate applies to the part inside it. */
const BRACKETS: readonly { from: number; percent: number }[] = [
  { from: 0, percent: 0 },
  { from: 25000, percent: 10 },
  { from: 80000, percent: 18 },
  { from: 150000, percent: 25 },
];

/** numerator / denominator, rounded half up (both non-negative integers). */
function halfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export interface Stub {
  hourly: boolean;
  hours: number;
  regularHours: number;
  overtimeHours: number;
  regular: number;
  overtime: number;
  gross: number;
  retirement: number;
  health: number;
  taxable: number;
  tax: number;
  net: number;
}

export function weekHours(sheet: Timesheet | undefined): number {
  return Object.values(sheet ?? {}).reduce((sum, h) => sum + (h ?? 0), 0);
}

export function weeklySalary(annualCents: number): number {
  return halfUp(annualCents, 52);
}

export function taxOn(taxable: number): number {
  // Exact tax in hundredths of a cent, rounded once at the end.
  let exact = 0;
  BRACKETS.forEach((bracket, i) => {
    const top = i + 1 < BRACKETS.length ? BRACKETS[i + 1].from : Infinity;
    const part = Math.max(0, Math.min(taxable, top) - bracket.from);
    exact += part * bracket.percent;
  });
  return halfUp(exact, 100);
}

export function stubOf(employee: Employee, sheet: Timesheet | undefined): Stub {
  const hourly = employee.hourlyCents !== undefined;
  const hours = hourly ? weekHours(sheet) : 0;
  const regularHours = Math.min(hours, WEEK_REGULAR);
  const overtimeHours = hours - regularHours;
  const regular = hourly
    ? halfUp(regularHours * (employee.hourlyCents ?? 0), 100)
    : weeklySalary(employee.annualCents ?? 0);
  const overtime = hourly ? halfUp(overtimeHours * (employee.hourlyCents ?? 0) * 3, 200) : 0;
  const gross = regular + overtime;
  const retirement = halfUp(gross * employee.retirementPercent, 100);
  // Health is flat, but never more than what the gross leaves after retirement.
  const health = Math.min(employee.healthCents, gross - retirement);
  const taxable = gross - retirement - health;
  const tax = taxOn(taxable);
  return {
    hourly,
    hours,
    regularHours,
    overtimeHours,
    regular,
    overtime,
    gross,
    retirement,
    health,
    taxable,
    tax,
    net: taxable - tax,
  };
}

/** `$1,071.88` */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** A deduction: `-$35.00`, but `$0.00` when there is none. */
export function deduction(cents: number): string {
  return cents === 0 ? '$0.00' : `-${money(cents)}`;
}

/** Hours in hundredths as a plain number without trailing zeros: `42.5`, `6.25`, `40`. */
export function hoursText(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** Typed hours: a quarter hour from 0.25 to 16, at most two decimals. Hundredths, or null. */
export function parseHours(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(trimmed) && !/^\.\d{1,2}$/.test(trimmed)) return null;
  const [whole, frac = ''] = trimmed.split('.');
  const hundredths = Number(whole || '0') * 100 + Number(frac.padEnd(2, '0'));
  if (hundredths % 25 !== 0 || hundredths < 25 || hundredths > 1600) return null;
  return hundredths;
}
