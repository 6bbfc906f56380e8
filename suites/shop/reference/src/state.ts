/** The app's store: stock, cart, promo code, orders and the confirmation of the last order. */
import { CategoryKey, PastOrder, SEED_ORDERS, TODAY } from './catalog';
import { CartLine, Code, Totals, seedStock, stockKey, totalsOf } from './cart';

export interface PlacedOrder extends PastOrder {
  lines: readonly CartLine[];
  code: Code | null;
  totals: Totals;
}

export interface State {
  stock: Record<string, number>;
  cart: CartLine[];
  code: Code | null;
  orders: PastOrder[];
  nextNumber: number;
  confirmation: PlacedOrder | null;
  search: string;
  chips: CategoryKey[];
}

export const initialState: State = {
  stock: seedStock(),
  cart: [],
  code: null,
  orders: [...SEED_ORDERS],
  nextNumber: 1048,
  confirmation: null,
  search: '',
  chips: [],
};

export type Action =
  | { type: 'search'; text: string }
  | { type: 'chip'; key: CategoryKey }
  | { type: 'add'; product: string; variant: string }
  | { type: 'inc'; index: number }
  | { type: 'dec'; index: number }
  | { type: 'apply'; code: Code }
  | { type: 'remove-code' }
  | { type: 'place' }
  | { type: 'continue' };

export function appReducer(state: State, action: Action): State {
  switch (action.type) {
    case 'search':
      return { ...state, search: action.text };
    case 'chip':
      return {
        ...state,
        chips: state.chips.includes(action.key)
          ? state.chips.filter((c) => c !== action.key)
          : [...state.chips, action.key],
      };
    case 'add': {
      const at = state.cart.findIndex((l) => l.product === action.product && l.variant === action.variant);
      const cart =
        at === -1
          ? [...state.cart, { product: action.product, variant: action.variant, qty: 1 }]
          : state.cart.map((l, i) => (i === at ? { ...l, qty: l.qty + 1 } : l));
      return { ...state, cart, confirmation: null };
    }
    case 'inc': {
      const line = state.cart[action.index];
      if (line === undefined || line.qty >= (state.stock[stockKey(line.product, line.variant)] ?? 0)) {
        return state;
      }
      return { ...state, cart: state.cart.map((l, i) => (i === action.index ? { ...l, qty: l.qty + 1 } : l)) };
    }
    case 'dec': {
      const line = state.cart[action.index];
      if (line === undefined) {
        return state;
      }
      const cart =
        line.qty <= 1
          ? state.cart.filter((_, i) => i !== action.index)
          : state.cart.map((l, i) => (i === action.index ? { ...l, qty: l.qty - 1 } : l));
      return { ...state, cart };
    }
    case 'apply':
      return { ...state, code: action.code };
    case 'remove-code':
      return { ...state, code: null };
    case 'place': {
      // A second press while the confirmation shows (a double tap) places nothing.
      if (state.confirmation !== null || state.cart.length === 0) {
        return state;
      }
      const totals = totalsOf(state.cart, state.code);
      const stock = { ...state.stock };
      for (const line of state.cart) {
        stock[stockKey(line.product, line.variant)] -= line.qty;
      }
      const order: PlacedOrder = {
        number: state.nextNumber,
        date: TODAY,
        pieces: totals.pieces,
        totalCents: totals.total,
        lines: state.cart,
        code: state.code,
        totals,
      };
      return {
        ...state,
        stock,
        cart: [],
        code: null,
        orders: [...state.orders, order],
        nextNumber: state.nextNumber + 1,
        confirmation: order,
      };
    }
    case 'continue':
      return { ...state, confirmation: null };
  }
}
