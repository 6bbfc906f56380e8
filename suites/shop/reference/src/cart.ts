/** The cart's rules: adding within stock, promo codes, shipping, tax and the total. */
import { PRODUCTS, Product, Variant, onSale, productByKey, unitCents, variantKey, variantLabel } from './catalog';
import { percentOf } from './money';

export interface CartLine {
  product: string;
  variant: string;
  qty: number;
}

/** Pieces left of each variant, keyed `product/variant`. */
export type Stock = Readonly<Record<string, number>>;

export function stockKey(product: string, variant: string): string {
  return `${product}/${variant}`;
}

export function seedStock(): Record<string, number> {
  const stock: Record<string, number> = {};
  for (const product of PRODUCTS) {
    for (const variant of product.variants) {
      stock[stockKey(product.key, variantKey(variant))] = variant.stock;
    }
  }
  return stock;
}

export function variantOf(product: Product, key: string): Variant {
  const variant = product.variants.find((v) => variantKey(v) === key);
  if (variant === undefined) {
    throw new Error(`no variant ${key} of ${product.key}`);
  }
  return variant;
}

/** What pressing `Add to cart` says; `added` when one piece goes into the cart. */
export function addMessage(
  lines: readonly CartLine[],
  stock: Stock,
  product: Product,
  variant: string | null,
): { text: string; added: boolean } {
  if (variant === null) {
    return { text: 'Choose a size and colour first', added: false };
  }
  const label = variantLabel(variantOf(product, variant));
  const left = stock[stockKey(product.key, variant)] ?? 0;
  if (left === 0) {
    return { text: `Sorry, ${label} is out of stock`, added: false };
  }
  const inCart = lines.find((l) => l.product === product.key && l.variant === variant)?.qty ?? 0;
  if (inCart >= left) {
    return { text: `Your cart already has all ${left} of ${label}`, added: false };
  }
  return { text: `Added to cart: ${product.name}, ${label}`, added: true };
}

export function lineCents(line: CartLine): number {
  return unitCents(productByKey(line.product)) * line.qty;
}

export function piecesIn(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.qty, 0);
}

export const CODES = ['SPRING10', 'TAKE15', 'SHIPFREE'] as const;
export type Code = (typeof CODES)[number];

const TAX_BP = 825;
const SHIPPING_CENTS = 695;
const FREE_SHIPPING_FROM = 7500;

function subtotalOf(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + lineCents(line), 0);
}

function fullPriceOf(lines: readonly CartLine[]): number {
  return lines
    .filter((line) => !onSale(productByKey(line.product)))
    .reduce((sum, line) => sum + lineCents(line), 0);
}

/** Why `code` gives nothing for these lines (refusals 3 and 4), or null when it holds. */
export function codeRefusal(code: Code, lines: readonly CartLine[]): string | null {
  const fullPrice = fullPriceOf(lines);
  if ((code === 'SPRING10' || code === 'TAKE15') && fullPrice === 0) {
    return `${code} does not apply to sale items`;
  }
  if (code === 'SPRING10' && subtotalOf(lines) < 5000) {
    return 'SPRING10 needs a subtotal of $50.00';
  }
  if (code === 'TAKE15' && fullPrice < 10000) {
    return 'TAKE15 needs $100.00 of full-price items';
  }
  if (code === 'SHIPFREE' && subtotalOf(lines) < 4000) {
    return 'SHIPFREE needs a subtotal of $40.00';
  }
  return null;
}

/** Pressing `Apply`: the code to apply, or the refusal to show. */
export function applyCode(
  typed: string,
  applied: Code | null,
  lines: readonly CartLine[],
): { code: Code } | { error: string } {
  const code = CODES.find((c) => c === typed.trim().toUpperCase());
  if (code === undefined) {
    return { error: 'That code does not exist' };
  }
  if (applied !== null) {
    return { error: `One code per order: remove ${applied} first` };
  }
  const refusal = codeRefusal(code, lines);
  return refusal === null ? { code } : { error: refusal };
}

export interface Totals {
  pieces: number;
  subtotal: number;
  discount: number;
  shippingFree: boolean;
  shipping: number;
  tax: number;
  total: number;
  /** What is missing for free shipping, while shipping is charged. */
  missing: number | null;
  /** The applied code's refusal while it gives nothing. */
  note: string | null;
}

export function totalsOf(lines: readonly CartLine[], code: Code | null): Totals {
  const subtotal = subtotalOf(lines);
  const note = code === null ? null : codeRefusal(code, lines);
  const holds = code !== null && note === null;
  let discount = 0;
  if (holds && code === 'SPRING10') {
    discount = percentOf(fullPriceOf(lines), 1000);
  } else if (holds && code === 'TAKE15') {
    discount = Math.min(1500, fullPriceOf(lines));
  }
  const discounted = subtotal - discount;
  const shippingFree = discounted >= FREE_SHIPPING_FROM || (holds && code === 'SHIPFREE');
  const shipping = shippingFree ? 0 : SHIPPING_CENTS;
  const tax = percentOf(discounted, TAX_BP);
  return {
    pieces: piecesIn(lines),
    subtotal,
    discount,
    shippingFree,
    shipping,
    tax,
    total: discounted + shipping + tax,
    missing: shippingFree ? null : FREE_SHIPPING_FROM - discounted,
    note,
  };
}
