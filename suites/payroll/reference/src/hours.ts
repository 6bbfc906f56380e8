/** What the Hours tab remembers between visits: the chosen employee, forms, messages, Undo. */
import { DayKey } from './data';

export interface Deleted {
  employee: string;
  day: DayKey;
  hours: number;
}

export interface HoursState {
  employee: string;
  editing: DayKey | null;
  editText: string;
  addDay: DayKey | null;
  addText: string;
  error: string | null;
  notice: string | null;
  undo: Deleted | null;
}

export const initialHours: HoursState = {
  employee: 'ana',
  editing: null,
  editText: '',
  addDay: null,
  addText: '',
  error: null,
  notice: null,
  undo: null,
};

export const HOURS_REFUSED = 'Hours must be from 0.25 to 16 in quarter hours';
