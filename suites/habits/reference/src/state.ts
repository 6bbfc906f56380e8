/** The app's one store: the habits, changed only by these actions. */
import { Day, TODAY } from './dates';
import { Habit, SEED, hasCheckIn, isOffDay } from './habits';

export type Action =
  | { type: 'checkIn'; key: string; day: Day }
  | { type: 'remove'; key: string; day: Day }
  | { type: 'archive'; key: string }
  | { type: 'restore'; key: string };

export const initialState: readonly Habit[] = SEED;

function update(habits: readonly Habit[], key: string, change: (h: Habit) => Habit): Habit[] {
  return habits.map((habit) => (habit.key === key ? change(habit) : habit));
}

export function habitsReducer(habits: readonly Habit[], action: Action): readonly Habit[] {
  switch (action.type) {
    case 'checkIn':
      return update(habits, action.key, (habit) =>
        hasCheckIn(habit, action.day) ||
        isOffDay(habit, action.day) ||
        action.day > TODAY ||
        action.day < habit.started
          ? habit
          : { ...habit, checkIns: [...habit.checkIns, action.day] },
      );
    case 'remove':
      return update(habits, action.key, (habit) => ({
        ...habit,
        checkIns: habit.checkIns.filter((day) => day !== action.day),
      }));
    case 'archive':
      return update(habits, action.key, (habit) => ({ ...habit, archived: true }));
    case 'restore':
      return update(habits, action.key, (habit) => ({ ...habit, archived: false }));
  }
}
