/** The app's store: the basket (one kitchen at a time), the tip and the orders. */
import { NOW_MINUTES, SEEDED_ORDERS, TODAY } from './data';
import { Line, Tip, Totals, totalsOf } from './rules';

export interface Order {
  number: number;
  kitchen: string;
  date: string;
  placed: number;
  items: number;
  totalCents: number;
  lines: readonly Line[];
  totals: Totals | null;
  /** Index in STEPS of the step the order is at. */
  step: number;
}

export interface State {
  kitchen: string | null;
  lines: readonly Line[];
  tip: Tip;
  orders: readonly Order[];
  nextNumber: number;
}

const NO_TIP: Tip = { kind: 'none', custom: '' };

export const initialState: State = {
  kitchen: null,
  lines: [],
  tip: NO_TIP,
  orders: SEEDED_ORDERS.map((seed) => ({ ...seed, lines: [], totals: null, step: 3 })),
  nextNumber: 318,
};

export type Action =
  | { type: 'add'; kitchen: string; dish: string; option: string; extras: readonly string[]; fresh: boolean }
  | { type: 'inc'; index: number }
  | { type: 'dec'; index: number }
  | { type: 'tip'; tip: Tip }
  | { type: 'place' }
  | { type: 'advance'; number: number };

function sameChoices(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, i) => name === b[i]);
}

export function appReducer(state: State, action: Action): State {
  switch (action.type) {
    case 'add': {
      const start = action.fresh || state.kitchen !== action.kitchen;
      const lines = start ? [] : state.lines;
      const at = lines.findIndex(
        (l) => l.dish === action.dish && l.option === action.option && sameChoices(l.extras, action.extras),
      );
      const next =
        at >= 0
          ? lines.map((l, i) => (i === at ? { ...l, qty: l.qty + 1 } : l))
          : [...lines, { dish: action.dish, option: action.option, extras: action.extras, qty: 1 }];
      return { ...state, kitchen: action.kitchen, lines: next, tip: start ? NO_TIP : state.tip };
    }
    case 'inc':
      return { ...state, lines: state.lines.map((l, i) => (i === action.index ? { ...l, qty: l.qty + 1 } : l)) };
    case 'dec': {
      const lines = state.lines
        .map((l, i) => (i === action.index ? { ...l, qty: l.qty - 1 } : l))
        .filter((l) => l.qty > 0);
      return lines.length === 0 ? { ...state, kitchen: null, lines, tip: NO_TIP } : { ...state, lines };
    }
    case 'tip':
      return { ...state, tip: action.tip };
    case 'place': {
      if (state.kitchen === null || state.lines.length === 0) {
        return state;
      }
      const totals = totalsOf(state.kitchen, state.lines, state.tip);
      const order: Order = {
        number: state.nextNumber,
        kitchen: state.kitchen,
        date: TODAY,
        placed: NOW_MINUTES,
        items: totals.items,
        totalCents: totals.total,
        lines: state.lines,
        totals,
        step: 0,
      };
      return {
        ...state,
        kitchen: null,
        lines: [],
        tip: NO_TIP,
        orders: [...state.orders, order],
        nextNumber: state.nextNumber + 1,
      };
    }
    case 'advance':
      return {
        ...state,
        orders: state.orders.map((o) => (o.number === action.number ? { ...o, step: Math.min(o.step + 1, 3) } : o)),
      };
  }
}
