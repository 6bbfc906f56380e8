/** The group and its seed expenses. Amounts are positive cents. */

export type MemberKey = 'ana' | 'ben' | 'cleo' | 'dev';

export interface Member {
  key: MemberKey;
  name: string;
}

/** The member order: every list of members and every tie-break follows it. */
export const MEMBERS: readonly Member[] = [
  { key: 'ana', name: 'Ana' },
  { key: 'ben', name: 'Ben' },
  { key: 'cleo', name: 'Cleo' },
  { key: 'dev', name: 'Dev' },
];

export type Split =
  | { kind: 'equal'; participants: MemberKey[] }
  | { kind: 'exact'; shares: Partial<Record<MemberKey, number>> };

export interface Expense {
  kind: 'expense';
  id: string;
  title: string;
  payer: MemberKey;
  amountCents: number;
  split: Split;
}

export interface Payment {
  kind: 'payment';
  id: string;
  from: MemberKey;
  to: MemberKey;
  amountCents: number;
}

export type Entry = Expense | Payment;

const ALL: MemberKey[] = ['ana', 'ben', 'cleo', 'dev'];

/** Seed expenses, in the order they were added (id order). */
export const SEED_EXPENSES: readonly Expense[] = [
  { kind: 'expense', id: 'e1', title: 'Cabin rental', payer: 'ana', amountCents: 48000, split: { kind: 'equal', participants: ALL } },
  { kind: 'expense', id: 'e2', title: 'Groceries', payer: 'ben', amountCents: 18745, split: { kind: 'equal', participants: ALL } },
  { kind: 'expense', id: 'e3', title: 'Fuel', payer: 'cleo', amountCents: 6400, split: { kind: 'equal', participants: ['ana', 'cleo', 'dev'] } },
  { kind: 'expense', id: 'e4', title: 'Kayak hire', payer: 'dev', amountCents: 9500, split: { kind: 'exact', shares: { ben: 4000, cleo: 2500, dev: 3000 } } },
  { kind: 'expense', id: 'e5', title: 'Boat tour', payer: 'cleo', amountCents: 26330, split: { kind: 'equal', participants: ALL } },
];

export function memberName(key: MemberKey): string {
  return MEMBERS.find((member) => member.key === key)?.name ?? key;
}
