/** Seed data for November 2026. Amounts are signed cents. */

export type AccountKey = 'checking' | 'savings' | 'credit-card';
export type CategoryKey = 'housing' | 'groceries' | 'dining' | 'transport' | 'utilities' | 'income';

export interface Account {
  key: AccountKey;
  name: string;
  openingCents: number;
}

export interface Category {
  key: CategoryKey;
  name: string;
  /** Monthly budget in cents; null for income, which has no budget. */
  budgetCents: number | null;
}

export interface Transaction {
  id: string;
  /** ISO date, `YYYY-MM-DD`. */
  date: string;
  payee: string;
  category: CategoryKey;
  account: AccountKey;
  /** Negative for an expense, positive for income. */
  amountCents: number;
}

export const ACCOUNTS: readonly Account[] = [
  { key: 'checking', name: 'Checking', openingCents: 125000 },
  { key: 'savings', name: 'Savings', openingCents: 800000 },
  { key: 'credit-card', name: 'Credit Card', openingCents: -32050 },
];

export const CATEGORIES: readonly Category[] = [
  { key: 'housing', name: 'Housing', budgetCents: 150000 },
  { key: 'groceries', name: 'Groceries', budgetCents: 40000 },
  { key: 'dining', name: 'Dining', budgetCents: 12000 },
  { key: 'transport', name: 'Transport', budgetCents: 10000 },
  { key: 'utilities', name: 'Utilities', budgetCents: 15000 },
  { key: 'income', name: 'Income', budgetCents: null },
];

/** Categories that have a budget, in table order. */
export const EXPENSE_CATEGORIES: readonly Category[] = CATEGORIES.filter(
  (category) => category.budgetCents !== null,
);

/** The statement's closing date: every new transaction gets it. */
export const CLOSING_DATE = '2026-11-30';

/** Seed transactions, in the order they were added (id order). */
export const SEED_TRANSACTIONS: readonly Transaction[] = [
  { id: 't1', date: '2026-11-01', payee: 'Paycheck', category: 'income', account: 'checking', amountCents: 320000 },
  { id: 't2', date: '2026-11-02', payee: 'Rent', category: 'housing', account: 'checking', amountCents: -145000 },
  { id: 't3', date: '2026-11-03', payee: 'Green Grocer', category: 'groceries', account: 'credit-card', amountCents: -8420 },
  { id: 't4', date: '2026-11-03', payee: 'Metro Pass', category: 'transport', account: 'checking', amountCents: -3300 },
  { id: 't5', date: '2026-11-05', payee: 'Pizza Night', category: 'dining', account: 'credit-card', amountCents: -4275 },
  { id: 't6', date: '2026-11-05', payee: 'Corner Market', category: 'groceries', account: 'checking', amountCents: -6130 },
  { id: 't7', date: '2026-11-07', payee: 'Sushi Bar', category: 'dining', account: 'credit-card', amountCents: -9640 },
  { id: 't8', date: '2026-11-08', payee: 'Power & Light', category: 'utilities', account: 'checking', amountCents: -11865 },
  { id: 't9', date: '2026-11-09', payee: 'Interest', category: 'income', account: 'savings', amountCents: 1234 },
  { id: 't10', date: '2026-11-10', payee: 'Bakery Loft', category: 'groceries', account: 'credit-card', amountCents: -1890 },
];

export function categoryName(key: CategoryKey): string {
  return CATEGORIES.find((category) => category.key === key)?.name ?? key;
}
