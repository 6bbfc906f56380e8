/** The seed data: the bakery's team, its pinned pay week and the week's timesheets. */

export type DayKey = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

export const DAYS: readonly { key: DayKey; short: string }[] = [
  { key: 'mon', short: 'Mon' },
  { key: 'tue', short: 'Tue' },
  { key: 'wed', short: 'Wed' },
  { key: 'thu', short: 'Thu' },
  { key: 'fri', short: 'Fri' },
  { key: 'sat', short: 'Sat' },
  { key: 'sun', short: 'Sun' },
];

export interface Employee {
  key: string;
  name: string;
  role: string;
  /** Hourly employees have a rate in cents an hour; salaried ones an annual salary in cents. */
  hourlyCents?: number;
  annualCents?: number;
  /** Retirement, a whole percent of gross pay. */
  retirementPercent: number;
  /** Health, a flat amount in cents a week. */
  healthCents: number;
}

export const EMPLOYEES: readonly Employee[] = [
  { key: 'ana', name: 'Ana Brooks', role: 'Baker', hourlyCents: 2450, retirementPercent: 4, healthCents: 3500 },
  { key: 'ben', name: 'Ben Okafor', role: 'Baker', hourlyCents: 2200, retirementPercent: 2, healthCents: 3500 },
  { key: 'cleo', name: 'Cleo Marsh', role: 'Counter', hourlyCents: 1725, retirementPercent: 3, healthCents: 0 },
  { key: 'dev', name: 'Dev Patel', role: 'Delivery driver', hourlyCents: 1980, retirementPercent: 5, healthCents: 2000 },
  { key: 'eli', name: 'Eli Novak', role: 'Counter', hourlyCents: 1650, retirementPercent: 0, healthCents: 0 },
  { key: 'fay', name: 'Fay Lindqvist', role: 'Head baker', annualCents: 6100000, retirementPercent: 6, healthCents: 4500 },
  { key: 'gus', name: 'Gus Moreno', role: 'Manager', annualCents: 9100000, retirementPercent: 5, healthCents: 4500 },
];

/** Hours are kept in hundredths of an hour (8.5 h is 850), so sums are exact. */
export type Timesheet = Partial<Record<DayKey, number>>;

export const SEED_TIMESHEETS: Readonly<Record<string, Timesheet>> = {
  ana: { mon: 850, tue: 900, wed: 800, thu: 850, fri: 850 },
  ben: { tue: 1000, wed: 1000, thu: 1000, fri: 1000, sat: 400 },
  cleo: { mon: 625, wed: 775, thu: 600, sat: 800, sun: 500 },
  dev: { mon: 800, tue: 800, wed: 800, thu: 800, fri: 800, sat: 200 },
  eli: { sat: 600, sun: 550 },
};

/** Today is pinned (Monday, June 8, 2026): the app never reads the device's clock. */
export const TODAY = new Date(2026, 5, 8);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The pay week is the Monday-to-Sunday week that ended the day before today. */
function weekStart(): Date {
  const start = new Date(TODAY.getFullYear(), TODAY.getMonth(), TODAY.getDate());
  const sinceMonday = (start.getDay() + 6) % 7;
  start.setDate(start.getDate() - sinceMonday - 7);
  return start;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

const START = weekStart();

/** `Mon, Jun 1` for the pay week's day. */
export function dayLabel(day: DayKey): string {
  const index = DAYS.findIndex((d) => d.key === day);
  const date = addDays(START, index);
  return `${DAYS[index].short}, ${MONTHS[date.getMonth()]} ${date.getDate()}`;
}

/** `Pay week: Jun 1 – Jun 7, 2026`. */
export function weekLabel(): string {
  const end = addDays(START, 6);
  return `Pay week: ${MONTHS[START.getMonth()]} ${START.getDate()} – ${MONTHS[end.getMonth()]} ${end.getDate()}, ${end.getFullYear()}`;
}

/** `Payday: Fri, Jun 12, 2026`: the Friday after the pay week. */
export function paydayLabel(): string {
  const friday = addDays(START, 11);
  return `Payday: Fri, ${MONTHS[friday.getMonth()]} ${friday.getDate()}, ${friday.getFullYear()}`;
}
