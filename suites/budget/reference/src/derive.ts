/** Values derived from the transactions. Nothing here is ever stored. */
import { Account, Category, EXPENSE_CATEGORIES, Transaction } from './data';
import { BudgetState } from './state';

export function accountBalance(state: BudgetState, account: Account): number {
  return state.transactions
    .filter((txn) => txn.account === account.key)
    .reduce((sum, txn) => sum + txn.amountCents, account.openingCents);
}

export function netWorth(state: BudgetState, accounts: readonly Account[]): number {
  return accounts.reduce((sum, account) => sum + accountBalance(state, account), 0);
}

/** A category's spent: the sum of its expenses, as a positive number of cents. */
export function categorySpent(state: BudgetState, category: Category): number {
  return state.transactions
    .filter((txn) => txn.category === category.key && txn.amountCents < 0)
    .reduce((sum, txn) => sum - txn.amountCents, 0);
}

export interface CategorySummary {
  category: Category;
  spentCents: number;
  budgetCents: number;
  /** spent − budget when over budget, otherwise 0. */
  overCents: number;
}

export function categorySummaries(state: BudgetState): CategorySummary[] {
  return EXPENSE_CATEGORIES.map((category) => {
    const spentCents = categorySpent(state, category);
    const budgetCents = category.budgetCents ?? 0;
    return {
      category,
      spentCents,
      budgetCents,
      overCents: spentCents > budgetCents ? spentCents - budgetCents : 0,
    };
  });
}

export interface DateGroup {
  date: string;
  transactions: Transaction[];
}

/** Groups by date, newest date first; within a date, the most recently added first. */
export function groupByDate(transactions: readonly Transaction[]): DateGroup[] {
  const ordered = transactions
    .map((txn, addedIndex) => ({ txn, addedIndex }))
    .sort((a, b) =>
      a.txn.date === b.txn.date
        ? b.addedIndex - a.addedIndex
        : a.txn.date < b.txn.date
          ? 1
          : -1,
    );
  const groups: DateGroup[] = [];
  for (const { txn } of ordered) {
    const last = groups[groups.length - 1];
    if (last && last.date === txn.date) {
      last.transactions.push(txn);
    } else {
      groups.push({ date: txn.date, transactions: [txn] });
    }
  }
  return groups;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-03` → `Nov 3, 2026`. */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

export function overCountText(count: number): string {
  if (count === 0) {
    return 'No categories over budget';
  }
  return count === 1 ? '1 category over budget' : `${count} categories over budget`;
}
