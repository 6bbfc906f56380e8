/** The habits: seed data, schedules, streaks, rates and what is still due today. */
import { Day, TODAY, dayOf, mondayOf, weekdayOf } from './dates';

export type Schedule =
  | { kind: 'daily' }
  | { kind: 'weekdays' }
  | { kind: 'weekly'; perWeek: number };

export interface Habit {
  key: string;
  name: string;
  schedule: Schedule;
  started: Day;
  /** Days with a check-in (at most one a day). */
  checkIns: readonly Day[];
  archived: boolean;
}

const mar = (d: number) => dayOf(2026, 3, d);
const feb = (d: number) => dayOf(2026, 2, d);

function range(first: Day, last: Day, keep: (day: Day) => boolean = () => true): Day[] {
  const out: Day[] = [];
  for (let day = first; day <= last; day += 1) {
    if (keep(day)) {
      out.push(day);
    }
  }
  return out;
}

const isWeekday = (day: Day) => weekdayOf(day) < 5;
const except = (...days: Day[]) => (day: Day) => !days.includes(day);

export const SEED: readonly Habit[] = [
  {
    key: 'walk',
    name: 'Morning walk',
    schedule: { kind: 'daily' },
    started: feb(16),
    checkIns: range(feb(16), mar(17), except(feb(25), mar(8))),
    archived: false,
  },
  {
    key: 'standup',
    name: 'Write stand-up notes',
    schedule: { kind: 'weekdays' },
    started: feb(16),
    checkIns: range(feb(16), mar(18), (d) => isWeekday(d) && d !== feb(27)),
    archived: false,
  },
  {
    key: 'gym',
    name: 'Gym session',
    schedule: { kind: 'weekly', perWeek: 4 },
    started: feb(16),
    checkIns: [
      feb(16), feb(18), feb(20), feb(21), feb(23), feb(25), feb(27), mar(1), mar(3), mar(5),
      mar(7), mar(9), mar(10), mar(12), mar(14), mar(15), mar(16), mar(17),
    ],
    archived: false,
  },
  {
    key: 'read',
    name: 'Read 20 pages',
    schedule: { kind: 'daily' },
    started: mar(2),
    checkIns: range(mar(2), mar(16), except(mar(10), mar(14))),
    archived: false,
  },
  {
    key: 'stretch',
    name: 'Stretch for ten minutes after lunch',
    schedule: { kind: 'weekdays' },
    started: feb(23),
    checkIns: range(feb(23), mar(17), (d) => isWeekday(d) && d !== mar(6)),
    archived: false,
  },
  {
    key: 'journal',
    name: 'Evening journal',
    schedule: { kind: 'weekly', perWeek: 2 },
    started: feb(16),
    checkIns: [feb(17), feb(19), feb(24), feb(26), mar(4), mar(10), mar(12), mar(16)],
    archived: true,
  },
];

export function scheduleLabel(schedule: Schedule): string {
  switch (schedule.kind) {
    case 'daily':
      return 'Every day';
    case 'weekdays':
      return 'Weekdays';
    case 'weekly':
      return `${schedule.perWeek} times a week`;
  }
}

/** A Saturday or Sunday of a weekdays habit. */
export function isOffDay(habit: Habit, day: Day): boolean {
  return habit.schedule.kind === 'weekdays' && weekdayOf(day) >= 5;
}

export function hasCheckIn(habit: Habit, day: Day): boolean {
  return habit.checkIns.includes(day);
}

/** Check-ins in the week (Monday to Sunday) that starts on `monday`. */
export function checkInsInWeek(habit: Habit, monday: Day): number {
  return habit.checkIns.filter((day) => day >= monday && day <= monday + 6).length;
}

export function perWeek(habit: Habit): number {
  return habit.schedule.kind === 'weekly' ? habit.schedule.perWeek : 0;
}

export interface Streaks {
  current: number;
  best: number;
}

function dayStreaks(habit: Habit): Streaks {
  const due = range(habit.started, TODAY, (day) => !isOffDay(habit, day));
  let current = 0;
  for (let i = due.length - 1; i >= 0; i -= 1) {
    if (hasCheckIn(habit, due[i])) {
      current += 1;
    } else if (due[i] !== TODAY) {
      break;
    }
  }
  let best = 0;
  let run = 0;
  for (const day of due) {
    if (hasCheckIn(habit, day)) {
      run += 1;
      best = Math.max(best, run);
    } else if (day !== TODAY) {
      run = 0;
    }
  }
  return { current, best };
}

function weekStreaks(habit: Habit): Streaks {
  const goal = perWeek(habit);
  const thisWeek = mondayOf(TODAY);
  const met: boolean[] = [];
  for (let monday = mondayOf(habit.started); monday <= thisWeek; monday += 7) {
    met.push(checkInsInWeek(habit, monday) >= goal);
  }
  let current = 0;
  let i = met.length - 1;
  if (!met[i]) {
    i -= 1; // this week is not over yet
  }
  for (; i >= 0 && met[i]; i -= 1) {
    current += 1;
  }
  let best = 0;
  let run = 0;
  met.forEach((ok, index) => {
    if (ok) {
      run += 1;
      best = Math.max(best, run);
    } else if (index < met.length - 1) {
      run = 0;
    }
  });
  return { current, best };
}

export function streaksOf(habit: Habit): Streaks {
  return habit.schedule.kind === 'weekly' ? weekStreaks(habit) : dayStreaks(habit);
}

/** `9 days`, `1 day`, `2 weeks`. */
export function streakText(habit: Habit, count: number): string {
  const unit = habit.schedule.kind === 'weekly' ? 'week' : 'day';
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** Active, no check-in today, and still owed today. */
export function isStillDue(habit: Habit): boolean {
  if (habit.archived || hasCheckIn(habit, TODAY)) {
    return false;
  }
  if (habit.schedule.kind === 'weekly') {
    return checkInsInWeek(habit, mondayOf(TODAY)) < habit.schedule.perWeek;
  }
  return !isOffDay(habit, TODAY);
}

export function todayState(habit: Habit): string {
  if (hasCheckIn(habit, TODAY)) {
    return 'Done today';
  }
  return isStillDue(habit) ? 'Due today' : 'Goal met';
}

export interface Rate {
  done: number;
  due: number;
}

/** Done and due of a habit in the week starting on `monday`, counting days through today. */
export function rateOf(habit: Habit, monday: Day): Rate {
  if (habit.schedule.kind === 'weekly') {
    const goal = habit.schedule.perWeek;
    return { done: Math.min(checkInsInWeek(habit, monday), goal), due: goal };
  }
  const days = range(monday, Math.min(monday + 6, TODAY), (day) => !isOffDay(habit, day));
  return { done: days.filter((day) => hasCheckIn(habit, day)).length, due: days.length };
}

/** done ÷ due as a whole percent, rounded half up (exact in integers). */
export function percent(rate: Rate): number {
  return Math.floor((rate.done * 200 + rate.due) / (rate.due * 2));
}

export function rateText(rate: Rate): string {
  return `${rate.done} of ${rate.due} (${percent(rate)}%)`;
}

export function totalRate(habits: readonly Habit[], monday: Day): Rate {
  return habits
    .filter((habit) => !habit.archived)
    .map((habit) => rateOf(habit, monday))
    .reduce((sum, rate) => ({ done: sum.done + rate.done, due: sum.due + rate.due }), {
      done: 0,
      due: 0,
    });
}

export function stillDueCount(habits: readonly Habit[]): number {
  return habits.filter(isStillDue).length;
}

/** The 14 days of a habit's history, today first, none before its start date. */
export function historyDays(habit: Habit): Day[] {
  return range(Math.max(habit.started, TODAY - 13), TODAY).reverse();
}
