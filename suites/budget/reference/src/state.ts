/** The app's single store, held by App so it survives tab switches. */
import { AccountKey, CategoryKey, CLOSING_DATE, SEED_TRANSACTIONS, Transaction } from './data';

export interface BudgetState {
  /** Every transaction, in the order it was added. */
  transactions: Transaction[];
  /** Number used for the next new transaction's id (`t11`, `t12`, …). */
  nextId: number;
}

export type BudgetAction =
  | {
      type: 'add';
      payee: string;
      category: CategoryKey;
      account: AccountKey;
      /** Positive cents; a new transaction is always an expense. */
      cents: number;
    }
  | {
      type: 'edit';
      id: string;
      /** Positive cents; the transaction keeps its sign. */
      cents: number;
    };

export const initialState: BudgetState = {
  transactions: [...SEED_TRANSACTIONS],
  nextId: SEED_TRANSACTIONS.length + 1,
};

export function budgetReducer(state: BudgetState, action: BudgetAction): BudgetState {
  switch (action.type) {
    case 'add': {
      const txn: Transaction = {
        id: `t${state.nextId}`,
        date: CLOSING_DATE,
        payee: action.payee,
        category: action.category,
        account: action.account,
        amountCents: -action.cents,
      };
      return { ...state, transactions: [...state.transactions, txn], nextId: state.nextId + 1 };
    }
    case 'edit': {
      const transactions = state.transactions.map((txn) =>
        txn.id === action.id
          ? { ...txn, amountCents: Math.sign(txn.amountCents) * action.cents }
          : txn,
      );
      return { ...state, transactions };
    }
  }
}
