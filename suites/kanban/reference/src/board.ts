/** The board's rules, as pure functions: progress, overdue, counts, filters and moves. */
import { Card, COLUMNS, Column, ColumnKey, Day, LABELS, LabelKey, PEOPLE, PersonKey, TODAY } from './data';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDay(day: Day): string {
  return `${MONTHS[day.month - 1]} ${day.day}, ${day.year}`;
}

function dayNumber(day: Day): number {
  return day.year * 10000 + day.month * 100 + day.day;
}

export function columnOf(key: ColumnKey): Column {
  const column = COLUMNS.find((candidate) => candidate.key === key);
  if (!column) throw new Error(`unknown column ${key}`);
  return column;
}

export function personName(key: PersonKey | null): string {
  return PEOPLE.find((person) => person.key === key)?.name ?? 'Unassigned';
}

/** The card's labels in label order, joined by ", ", or null without labels. */
export function labelText(card: Card): string | null {
  const names = LABELS.filter((label) => card.labels.includes(label.key)).map((label) => label.name);
  return names.length > 0 ? names.join(', ') : null;
}

export function checkedCount(card: Card): number {
  return card.checklist.filter((item) => item.checked).length;
}

/** `2/5`, or null for a card without a checklist. */
export function progress(card: Card): string | null {
  if (card.checklist.length === 0) return null;
  return `${checkedCount(card)}/${card.checklist.length}`;
}

export function isOverdue(card: Card, today: Day = TODAY): boolean {
  return card.column !== 'done' && dayNumber(card.due) < dayNumber(today);
}

/** Every card in the column, shown by the filters or not. */
export function columnCount(cards: readonly Card[], column: ColumnKey): number {
  return cards.filter((card) => card.column === column).length;
}

/** `3/3` for a column with a limit, `3` without one. */
export function countText(cards: readonly Card[], column: Column): string {
  const count = columnCount(cards, column.key);
  return column.limit === null ? `${count}` : `${count}/${column.limit}`;
}

export function isFull(cards: readonly Card[], column: Column): boolean {
  return column.limit !== null && columnCount(cards, column.key) >= column.limit;
}

export function refusalMessage(column: Column): string {
  return `Limit reached: ${column.name} holds at most ${column.limit} cards`;
}

export function openItemsQuestion(card: Card): string {
  const open = card.checklist.length - checkedCount(card);
  return `${open} of ${card.checklist.length} checklist items are still open. Move to Done anyway?`;
}

export type Assignee = PersonKey | 'anyone' | 'unassigned';

export interface Filters {
  labels: LabelKey[];
  assignee: Assignee;
}

export const NO_FILTERS: Filters = { labels: [], assignee: 'anyone' };

/** Labels: any of the selected ones (none selected: no label filter); assignee on top. */
export function matches(card: Card, filters: Filters): boolean {
  const labelOk =
    filters.labels.length === 0 || filters.labels.some((label) => card.labels.includes(label));
  const assigneeOk =
    filters.assignee === 'anyone' ||
    (filters.assignee === 'unassigned' ? card.assignee === null : card.assignee === filters.assignee);
  return labelOk && assigneeOk;
}

export type MoveCheck =
  | { kind: 'ok' }
  | { kind: 'refused'; message: string }
  | { kind: 'ask'; question: string };

/** Whether the card may go to the column now, and what the detail shows if not. */
export function checkMove(cards: readonly Card[], card: Card, to: ColumnKey): MoveCheck {
  const target = columnOf(to);
  if (isFull(cards, target)) return { kind: 'refused', message: refusalMessage(target) };
  if (to === 'done' && checkedCount(card) < card.checklist.length) {
    return { kind: 'ask', question: openItemsQuestion(card) };
  }
  return { kind: 'ok' };
}

/** The card taken out of its place and put at the bottom of the target column. */
export function moveCard(cards: readonly Card[], id: number, to: ColumnKey): Card[] {
  const card = cards.find((candidate) => candidate.id === id);
  if (!card) return [...cards];
  return [...cards.filter((candidate) => candidate.id !== id), { ...card, column: to }];
}
