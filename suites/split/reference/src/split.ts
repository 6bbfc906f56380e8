/** Values derived from the expenses and payments. Nothing here is ever stored. */
import { Entry, Expense, MEMBERS, MemberKey, memberName, Payment } from './data';
import { formatCents } from './money';

export type Shares = Partial<Record<MemberKey, number>>;

/**
 * An equal split: each participant gets the amount divided by their number, rounded down to
 * the cent; the leftover cents go one each to the participants first in member order.
 */
export function equalShares(amountCents: number, participants: readonly MemberKey[]): Shares {
  const ordered = MEMBERS.map((member) => member.key).filter((key) => participants.includes(key));
  const shares: Shares = {};
  if (ordered.length === 0) {
    return shares;
  }
  const base = Math.floor(amountCents / ordered.length);
  const remainder = amountCents - base * ordered.length;
  ordered.forEach((key, index) => {
    shares[key] = base + (index < remainder ? 1 : 0);
  });
  return shares;
}

/** Each member's share of one expense; members without a share are absent. */
export function sharesOf(expense: Expense): Shares {
  if (expense.split.kind === 'equal') {
    return equalShares(expense.amountCents, expense.split.participants);
  }
  const shares: Shares = {};
  for (const member of MEMBERS) {
    const cents = expense.split.shares[member.key] ?? 0;
    if (cents > 0) {
      shares[member.key] = cents;
    }
  }
  return shares;
}

export function expensesOf(entries: readonly Entry[]): Expense[] {
  return entries.filter((entry): entry is Expense => entry.kind === 'expense');
}

export function paymentsOf(entries: readonly Entry[]): Payment[] {
  return entries.filter((entry): entry is Payment => entry.kind === 'payment');
}

/** The sum of all expense amounts; payments are not spending. */
export function totalSpent(entries: readonly Entry[]): number {
  return expensesOf(entries).reduce((sum, expense) => sum + expense.amountCents, 0);
}

export interface MemberSummary {
  key: MemberKey;
  paidCents: number;
  shareCents: number;
  /** paid − share + payments made − payments received. */
  balanceCents: number;
}

export function memberSummaries(entries: readonly Entry[]): MemberSummary[] {
  return MEMBERS.map((member) => {
    let paidCents = 0;
    let shareCents = 0;
    for (const expense of expensesOf(entries)) {
      if (expense.payer === member.key) {
        paidCents += expense.amountCents;
      }
      shareCents += sharesOf(expense)[member.key] ?? 0;
    }
    let settled = 0;
    for (const payment of paymentsOf(entries)) {
      if (payment.from === member.key) {
        settled += payment.amountCents;
      }
      if (payment.to === member.key) {
        settled -= payment.amountCents;
      }
    }
    return { key: member.key, paidCents, shareCents, balanceCents: paidCents - shareCents + settled };
  });
}

export interface Transfer {
  from: MemberKey;
  to: MemberKey;
  amountCents: number;
}

/** The member with the largest amount by `size`; ties go to the first in member order. */
function largest(balances: Map<MemberKey, number>, size: (cents: number) => number): MemberKey | null {
  let best: MemberKey | null = null;
  let bestSize = 0;
  for (const member of MEMBERS) {
    const amount = size(balances.get(member.key) ?? 0);
    if (amount > bestSize) {
      best = member.key;
      bestSize = amount;
    }
  }
  return best;
}

/**
 * The settle-up plan: repeatedly the member who owes the most pays the member who is owed the
 * most the smaller of the two amounts, until every balance is zero.
 */
export function settlePlan(summaries: readonly MemberSummary[]): Transfer[] {
  const balances = new Map<MemberKey, number>(summaries.map((s) => [s.key, s.balanceCents]));
  const plan: Transfer[] = [];
  for (;;) {
    const debtor = largest(balances, (cents) => -cents);
    const creditor = largest(balances, (cents) => cents);
    if (debtor === null || creditor === null) {
      return plan;
    }
    const amountCents = Math.min(-(balances.get(debtor) ?? 0), balances.get(creditor) ?? 0);
    plan.push({ from: debtor, to: creditor, amountCents });
    balances.set(debtor, (balances.get(debtor) ?? 0) + amountCents);
    balances.set(creditor, (balances.get(creditor) ?? 0) - amountCents);
  }
}

export function balanceText(summary: MemberSummary): string {
  const name = memberName(summary.key);
  if (summary.balanceCents > 0) {
    return `${name} gets back ${formatCents(summary.balanceCents)}`;
  }
  if (summary.balanceCents < 0) {
    return `${name} owes ${formatCents(-summary.balanceCents)}`;
  }
  return `${name} is settled up`;
}

export function transferCountText(count: number): string {
  if (count === 0) {
    return 'No transfers needed';
  }
  return count === 1 ? '1 transfer' : `${count} transfers`;
}

export function splitText(expense: Expense): string {
  return expense.split.kind === 'exact'
    ? 'Split by exact amounts'
    : `Split equally among ${Object.keys(sharesOf(expense)).length}`;
}
