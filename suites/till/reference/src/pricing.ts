/** Line amounts, per-line tax, basket totals and change. Nothing here is stored. */
import { ItemKey, itemByKey, TaxClassKey, taxClassOf } from './catalogue';

export interface BasketLine {
  item: ItemKey;
  qty: number;
}

export interface PricedLine extends BasketLine {
  taxClass: TaxClassKey;
  rateBp: number;
  /** price × quantity. */
  amountCents: number;
  /** The line's tax, rounded half up to the cent. */
  taxCents: number;
}

export interface Totals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** `amountCents` × `rateBp` / 10000, rounded half up to the cent (exact in integers). */
export function taxCents(amountCents: number, rateBp: number): number {
  return Math.floor((amountCents * rateBp + 5000) / 10000);
}

export function priceLine(line: BasketLine): PricedLine {
  const item = itemByKey(line.item);
  const { rateBp } = taxClassOf(item.taxClass);
  const amountCents = item.priceCents * line.qty;
  return {
    ...line,
    taxClass: item.taxClass,
    rateBp,
    amountCents,
    taxCents: taxCents(amountCents, rateBp),
  };
}

/** Subtotal, tax (the sum of the lines' taxes) and total. */
export function totals(lines: readonly PricedLine[]): Totals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const tax = lines.reduce((sum, line) => sum + line.taxCents, 0);
  return { subtotalCents, taxCents: tax, totalCents: subtotalCents + tax };
}

/** Denominations change is given in, largest first, in cents. */
export const DENOMINATIONS: readonly number[] = [10000, 5000, 2000, 1000, 500, 100, 25, 10, 5, 1];

export interface ChangePiece {
  denominationCents: number;
  count: number;
}

/** Greedy breakdown of `cents` into the denominations, largest first; unused ones left out. */
export function breakChange(cents: number): ChangePiece[] {
  const pieces: ChangePiece[] = [];
  let left = cents;
  for (const denominationCents of DENOMINATIONS) {
    const count = Math.floor(left / denominationCents);
    if (count > 0) {
      pieces.push({ denominationCents, count });
      left -= count * denominationCents;
    }
  }
  return pieces;
}

export const EMPTY_BASKET_ERROR = 'The basket is empty';
export const SHORT_CASH_ERROR = 'Cash received must cover the total';

/** Why cash of `cashCents` (null: not a valid amount) cannot pay for the basket, or null. */
export function tenderError(lines: readonly PricedLine[], cashCents: number | null): string | null {
  if (lines.length === 0) {
    return EMPTY_BASKET_ERROR;
  }
  if (cashCents === null || cashCents < totals(lines).totalCents) {
    return SHORT_CASH_ERROR;
  }
  return null;
}
