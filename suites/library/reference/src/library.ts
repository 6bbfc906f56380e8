/** The desk's rules: availability, fines, orderings and the texts built from them. */
import { Hold, Loan, LOAN_LIMIT, MEDIA, MEMBERS, TITLES, Title, memberName, titleOf } from './data';
import { TODAY, formatDay } from './dates';

export interface Desk {
  loans: Loan[];
  holds: Hold[];
  /** Fines charged for copies returned late, in cents, by member. */
  charged: Record<string, number>;
}

/** `$1,234.50` from cents. */
export function money(cents: number): string {
  const dollars = Math.floor(cents / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}

/** A title as the catalogue sorts it: a leading "The " is ignored. */
export function sortKey(name: string): string {
  return name.startsWith('The ') ? name.slice(4) : name;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareTitles(a: string, b: string): number {
  return compareText(sortKey(titleOf(a).name), sortKey(titleOf(b).name));
}

export function catalogue(): Title[] {
  return [...TITLES].sort((a, b) => compareTitles(a.key, b.key));
}

export type CopyState =
  | { kind: 'available' }
  | { kind: 'loan'; loan: Loan }
  | { kind: 'ready'; member: string };

export function copyState(desk: Desk, title: string, copy: number): CopyState {
  const loan = desk.loans.find((l) => l.title === title && l.copy === copy);
  if (loan) return { kind: 'loan', loan };
  const hold = desk.holds.find((h) => h.title === title && h.ready === copy);
  if (hold) return { kind: 'ready', member: hold.member };
  return { kind: 'available' };
}

export function availableCopies(desk: Desk, title: string): number[] {
  const copies: number[] = [];
  for (let copy = 1; copy <= titleOf(title).copies; copy += 1) {
    if (copyState(desk, title, copy).kind === 'available') copies.push(copy);
  }
  return copies;
}

export function availability(desk: Desk, title: string): string {
  return `${availableCopies(desk, title).length} of ${titleOf(title).copies} available`;
}

/** The members waiting for a title, first in line first. */
export function queue(desk: Desk, title: string): Hold[] {
  return desk.holds.filter((h) => h.title === title && h.ready === null).sort((a, b) => a.id - b.id);
}

export function holdsText(count: number): string {
  return count === 1 ? '1 hold' : `${count} holds`;
}

export function daysLate(loan: Loan): number {
  return Math.max(0, TODAY - loan.due);
}

export function fine(loan: Loan): number {
  const rules = MEDIA[titleOf(loan.title).media];
  return Math.min(daysLate(loan) * rules.finePerDay, rules.fineCap);
}

export function memberLoans(desk: Desk, member: string): Loan[] {
  return desk.loans
    .filter((loan) => loan.member === member)
    .sort((a, b) => a.due - b.due || compareTitles(a.title, b.title));
}

export function memberFines(desk: Desk, member: string): number {
  const accruing = desk.loans
    .filter((loan) => loan.member === member)
    .reduce((sum, loan) => sum + fine(loan), 0);
  return accruing + (desk.charged[member] ?? 0);
}

export function loansText(desk: Desk, member: string): string {
  return `Loans: ${desk.loans.filter((loan) => loan.member === member).length} of ${LOAN_LIMIT}`;
}

export function dueNote(loan: Loan): string {
  const late = TODAY - loan.due;
  if (late > 0) return `Overdue by ${late} ${late === 1 ? 'day' : 'days'}`;
  if (late === 0) return 'Due today';
  return `Due in ${-late} ${late === -1 ? 'day' : 'days'}`;
}

export function overdueLoans(desk: Desk): Loan[] {
  return desk.loans
    .filter((loan) => daysLate(loan) > 0)
    .sort((a, b) => daysLate(b) - daysLate(a) || compareTitles(a.title, b.title));
}

export function memberHolds(desk: Desk, member: string): Hold[] {
  return desk.holds.filter((h) => h.member === member).sort((a, b) => a.id - b.id);
}

export function holdText(desk: Desk, hold: Hold): string {
  const name = titleOf(hold.title).name;
  if (hold.ready !== null) return `${name}: ready for pickup`;
  const place = queue(desk, hold.title).findIndex((h) => h.id === hold.id) + 1;
  return `${name}: #${place} in line`;
}

export function rulesText(title: Title): string {
  const rules = MEDIA[title.media];
  return `${rules.loanDays}-day loans, ${money(rules.finePerDay)} a day late, up to ${money(rules.fineCap)}`;
}

export function copyText(desk: Desk, title: string, copy: number): string {
  const state = copyState(desk, title, copy);
  if (state.kind === 'loan') return `Copy ${copy}: on loan, due ${formatDay(state.loan.due)}`;
  if (state.kind === 'ready') return `Copy ${copy}: ready for pickup for ${memberName(state.member)}`;
  return `Copy ${copy}: available`;
}

/** Why a renewal is refused, or null when it may go ahead. */
export function renewalRefusal(desk: Desk, loan: Loan): string | null {
  const waiting = queue(desk, loan.title).length;
  if (waiting > 0) {
    const verb = waiting === 1 ? 'is' : 'are';
    return `Cannot renew: ${holdsText(waiting)} ${verb} waiting for ${titleOf(loan.title).name}`;
  }
  if (daysLate(loan) > 0) return 'Cannot renew: this loan is overdue';
  if (loan.renewed) return 'Cannot renew: already renewed once';
  return null;
}

export { MEMBERS, memberName };
