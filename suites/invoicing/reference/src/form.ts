/** The new invoice form: what was typed, its live preview and the checks on saving. */
import { TODAY } from './dates';
import {
  Amounts,
  ClientKey,
  Discount,
  Line,
  TermsKey,
  computeAmounts,
} from './invoices';
import { parseAmountToCents, parsePercentToBp, parseQuantity } from './money';

export type DiscountKind = 'none' | 'percent' | 'fixed';

export interface FormLine {
  description: string;
  quantity: string;
  price: string;
}

export interface FormState {
  client: ClientKey | null;
  terms: TermsKey;
  lines: FormLine[];
  discountKind: DiscountKind;
  discountText: string;
}

export const EMPTY_LINE: FormLine = { description: '', quantity: '', price: '' };

export const EMPTY_FORM: FormState = {
  client: null,
  terms: 'net30',
  lines: [EMPTY_LINE],
  discountKind: 'none',
  discountText: '',
};

/** Quantity × price in cents, or null while either is not valid. */
export function formLineCents(line: FormLine): number | null {
  const quantity = parseQuantity(line.quantity);
  const unitCents = parseAmountToCents(line.price);
  return quantity === null || unitCents === null ? null : quantity * unitCents;
}

function validLines(form: FormState): Line[] {
  const lines: Line[] = [];
  for (const line of form.lines) {
    const quantity = parseQuantity(line.quantity);
    const unitCents = parseAmountToCents(line.price);
    if (quantity !== null && unitCents !== null) {
      lines.push({ description: line.description.trim(), quantity, unitCents });
    }
  }
  return lines;
}

/** The discount as typed, read by its type; null when it is not valid for that type. */
export function formDiscount(form: FormState, subtotal: number): Discount | null {
  if (form.discountKind === 'none') {
    return { kind: 'none' };
  }
  if (form.discountKind === 'percent') {
    const bp = parsePercentToBp(form.discountText);
    return bp === null ? null : { kind: 'percent', bp };
  }
  const cents = parseAmountToCents(form.discountText);
  return cents === null || cents > subtotal ? null : { kind: 'fixed', cents };
}

export interface Preview {
  amounts: Amounts;
  discount: Discount;
}

/** The live preview: valid lines only, and the discount only while it is valid. */
export function preview(form: FormState): Preview {
  const lines = validLines(form);
  const subtotal = computeAmounts(lines, { kind: 'none' }).subtotal;
  const discount = formDiscount(form, subtotal) ?? { kind: 'none' };
  return { amounts: computeAmounts(lines, discount), discount };
}

export interface Draft {
  client: ClientKey;
  issued: number;
  terms: TermsKey;
  lines: Line[];
  discount: Discount;
}

/** The first problem found on saving, or the invoice to save. */
export function checkForm(form: FormState): { error: string } | { draft: Draft } {
  if (form.client === null) {
    return { error: 'Choose a client' };
  }
  const complete = form.lines.every(
    (line) => line.description.trim() !== '' && formLineCents(line) !== null,
  );
  if (!complete) {
    return { error: 'Each line needs a description, a quantity and a price' };
  }
  const lines = validLines(form);
  const subtotal = computeAmounts(lines, { kind: 'none' }).subtotal;
  const discount = formDiscount(form, subtotal);
  if (discount === null && form.discountKind === 'percent') {
    return { error: 'Percent off must be from 0.01 to 100' };
  }
  if (discount === null) {
    return { error: 'Amount off must be from $0.01 to the subtotal' };
  }
  return { draft: { client: form.client, issued: TODAY, terms: form.terms, lines, discount } };
}
