/** The app's single store, held by App so it survives tab switches. */
import { Entry, MemberKey, SEED_EXPENSES, Split } from './data';

export interface SplitState {
  /** Every expense and payment, in the order it was added. */
  entries: Entry[];
  /** Number used for the next new expense's id (`e6`, `e7`, …). */
  nextExpense: number;
  /** Number used for the next payment's id (`p1`, `p2`, …). */
  nextPayment: number;
}

export type SplitAction =
  | { type: 'add-expense'; title: string; payer: MemberKey; amountCents: number; split: Split }
  | { type: 'record-payment'; from: MemberKey; to: MemberKey; amountCents: number };

export const initialState: SplitState = {
  entries: [...SEED_EXPENSES],
  nextExpense: SEED_EXPENSES.length + 1,
  nextPayment: 1,
};

export function splitReducer(state: SplitState, action: SplitAction): SplitState {
  switch (action.type) {
    case 'add-expense': {
      const expense: Entry = {
        kind: 'expense',
        id: `e${state.nextExpense}`,
        title: action.title,
        payer: action.payer,
        amountCents: action.amountCents,
        split: action.split,
      };
      return { ...state, entries: [...state.entries, expense], nextExpense: state.nextExpense + 1 };
    }
    case 'record-payment': {
      const payment: Entry = {
        kind: 'payment',
        id: `p${state.nextPayment}`,
        from: action.from,
        to: action.to,
        amountCents: action.amountCents,
      };
      return { ...state, entries: [...state.entries, payment], nextPayment: state.nextPayment + 1 };
    }
  }
}
