/** The seed data: people, labels, columns with their limits, cards and the day's moves. */

export type PersonKey = 'ana' | 'ben' | 'chloe' | 'dev';
export type LabelKey = 'bug' | 'feature' | 'design' | 'docs';
export type ColumnKey = 'backlog' | 'ready' | 'doing' | 'review' | 'done';

export const PEOPLE: readonly { key: PersonKey; name: string }[] = [
  { key: 'ana', name: 'Ana' },
  { key: 'ben', name: 'Ben' },
  { key: 'chloe', name: 'Chloe' },
  { key: 'dev', name: 'Dev' },
];

export const LABELS: readonly { key: LabelKey; name: string }[] = [
  { key: 'bug', name: 'Bug' },
  { key: 'feature', name: 'Feature' },
  { key: 'design', name: 'Design' },
  { key: 'docs', name: 'Docs' },
];

export interface Column {
  key: ColumnKey;
  name: string;
  /** The WIP limit, or null for a column without one. */
  limit: number | null;
}

export const COLUMNS: readonly Column[] = [
  { key: 'backlog', name: 'Backlog', limit: null },
  { key: 'ready', name: 'Ready', limit: 3 },
  { key: 'doing', name: 'In Progress', limit: 3 },
  { key: 'review', name: 'Review', limit: 2 },
  { key: 'done', name: 'Done', limit: null },
];

/** A calendar day, as year, month (1-12) and day. */
export interface Day {
  year: number;
  month: number;
  day: number;
}

export const TODAY: Day = { year: 2026, month: 12, day: 1 };

export interface ChecklistItem {
  text: string;
  checked: boolean;
}

export interface Card {
  id: number;
  title: string;
  column: ColumnKey;
  labels: LabelKey[];
  assignee: PersonKey | null;
  due: Day;
  checklist: ChecklistItem[];
}

export interface Move {
  card: number;
  from: ColumnKey;
  to: ColumnKey;
}

function items(...texts: string[]): ChecklistItem[] {
  return texts.map((text) =>
    text.startsWith('x ') ? { text: text.slice(2), checked: true } : { text, checked: false },
  );
}

function dec(day: number): Day {
  return { year: 2026, month: 12, day };
}

function nov(day: number): Day {
  return { year: 2026, month: 11, day };
}

/** The cards in board order: by column, then top to bottom. */
export const SEED_CARDS: readonly Card[] = [
  { id: 1, title: 'Dark mode', column: 'backlog', labels: ['feature', 'design'], assignee: 'chloe',
    due: dec(18), checklist: items('Pick palette', 'Theme tokens', 'Settings toggle') },
  { id: 2, title: 'Audit log export', column: 'backlog', labels: [], assignee: null,
    due: dec(22), checklist: [] },
  { id: 3, title: 'Typo on pricing page', column: 'backlog', labels: ['bug', 'docs'], assignee: 'ben',
    due: nov(27), checklist: items('Fix copy') },
  { id: 4, title: 'Password reset email', column: 'ready', labels: ['bug'], assignee: 'ana',
    due: dec(4), checklist: items('x Reproduce', 'Fix template', 'Add test') },
  { id: 5, title: 'Onboarding tour', column: 'ready', labels: ['feature', 'design'], assignee: 'dev',
    due: dec(10), checklist: items('Write copy', 'Draw screens', 'Build steps', 'Track completion') },
  { id: 6, title: 'Fix login timeout', column: 'doing', labels: ['bug'], assignee: 'ana',
    due: nov(30),
    checklist: items('x Reproduce on staging', 'x Find root cause', 'Raise session limit',
      'Add regression test', 'Update changelog') },
  { id: 7, title: 'Search filters', column: 'doing', labels: ['feature'], assignee: 'ben',
    due: dec(8), checklist: items('x Filter model', 'x Filter chips', 'x Query params', 'Empty state') },
  { id: 8, title: 'API rate limits', column: 'doing', labels: ['docs', 'feature'], assignee: 'dev',
    due: dec(1), checklist: items('x Pick limits', 'Document headers') },
  { id: 9, title: 'Invoice PDF layout', column: 'review', labels: ['bug', 'design'], assignee: 'chloe',
    due: dec(2), checklist: items('x Page margins', 'x Logo size', 'x Totals table', 'x Footer') },
  { id: 10, title: 'Sign-up form validation', column: 'done', labels: ['bug'], assignee: 'ben',
    due: nov(25), checklist: items('x Email rule', 'x Password rule', 'x Error texts') },
  { id: 11, title: 'Release notes', column: 'done', labels: ['docs'], assignee: 'ana',
    due: nov(28), checklist: items('x Draft', 'x Proofread') },
];

/** The day's moves so far, newest first. */
export const SEED_ACTIVITY: readonly Move[] = [
  { card: 9, from: 'doing', to: 'review' },
  { card: 11, from: 'review', to: 'done' },
];
