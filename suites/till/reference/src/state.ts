/** The app's single store, held by App so it survives tab switches. */
import { ItemKey, SEED_SALES } from './catalogue';
import { BasketLine, PricedLine, priceLine, totals, Totals } from './pricing';

export interface Receipt extends Totals {
  number: number;
  lines: PricedLine[];
  cashCents: number;
  changeCents: number;
}

/** One refunded receipt line: its amount and tax were paid back in cash. */
export interface Refund {
  receipt: number;
  item: ItemKey;
  line: PricedLine;
}

export interface TillState {
  /** The open sale's lines, in the order their items were first added. */
  basket: BasketLine[];
  /** Every completed sale, oldest first. */
  receipts: Receipt[];
  refunds: Refund[];
  nextReceipt: number;
  /** The receipt shown on the Sell screen until `New sale`, or null. */
  shownReceipt: number | null;
}

export type TillAction =
  | { type: 'add'; item: ItemKey }
  | { type: 'set-qty'; item: ItemKey; qty: number }
  | { type: 'take-cash'; cashCents: number }
  | { type: 'new-sale' }
  | { type: 'refund'; receipt: number; item: ItemKey };

export function makeReceipt(number: number, basket: readonly BasketLine[], cashCents: number): Receipt {
  const lines = basket.map(priceLine);
  const sums = totals(lines);
  return { number, lines, ...sums, cashCents, changeCents: cashCents - sums.totalCents };
}

export const initialState: TillState = {
  basket: [],
  receipts: SEED_SALES.map((sale) => makeReceipt(sale.number, sale.lines, sale.cashCents)),
  refunds: [],
  nextReceipt: 1003,
  shownReceipt: null,
};

export function isRefunded(state: TillState, receipt: number, item: ItemKey): boolean {
  return state.refunds.some((refund) => refund.receipt === receipt && refund.item === item);
}

/** Sets a line's quantity; a quantity of 0 or less removes the line. */
function setQty(state: TillState, item: ItemKey, qty: number): TillState {
  const basket =
    qty <= 0
      ? state.basket.filter((line) => line.item !== item)
      : state.basket.map((line) => (line.item === item ? { ...line, qty } : line));
  return { ...state, basket };
}

export function tillReducer(state: TillState, action: TillAction): TillState {
  switch (action.type) {
    case 'add': {
      const line = state.basket.find((candidate) => candidate.item === action.item);
      return line
        ? setQty(state, action.item, line.qty + 1)
        : { ...state, basket: [...state.basket, { item: action.item, qty: 1 }] };
    }
    case 'set-qty':
      return setQty(state, action.item, action.qty);
    case 'take-cash': {
      if (state.basket.length === 0) {
        return state;
      }
      const receipt = makeReceipt(state.nextReceipt, state.basket, action.cashCents);
      return {
        ...state,
        basket: [],
        receipts: [...state.receipts, receipt],
        nextReceipt: state.nextReceipt + 1,
        shownReceipt: receipt.number,
      };
    }
    case 'new-sale':
      return { ...state, basket: [], shownReceipt: null };
    case 'refund': {
      const receipt = state.receipts.find((candidate) => candidate.number === action.receipt);
      const line = receipt?.lines.find((candidate) => candidate.item === action.item);
      if (!line || isRefunded(state, action.receipt, action.item)) {
        return state;
      }
      return {
        ...state,
        refunds: [...state.refunds, { receipt: action.receipt, item: action.item, line }],
      };
    }
  }
}
