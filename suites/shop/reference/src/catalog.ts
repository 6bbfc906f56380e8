/** The shop's seed data: categories, products with their variants, and the earlier orders. */

export type CategoryKey = 'tops' | 'bottoms' | 'shoes' | 'accessories';

export const CATEGORIES: readonly { key: CategoryKey; name: string }[] = [
  { key: 'tops', name: 'Tops' },
  { key: 'bottoms', name: 'Bottoms' },
  { key: 'shoes', name: 'Shoes' },
  { key: 'accessories', name: 'Accessories' },
];

export interface Variant {
  size: string;
  colour: string;
  stock: number;
}

export interface Product {
  key: string;
  name: string;
  category: CategoryKey;
  priceCents: number;
  saleCents: number | null;
  variants: readonly Variant[];
}

function v(size: string, colour: string, stock: number): Variant {
  return { size, colour, stock };
}

export const PRODUCTS: readonly Product[] = [
  { key: 'linen-shirt', name: 'Linen Shirt', category: 'tops', priceCents: 4800, saleCents: null,
    variants: [v('S', 'White', 4), v('M', 'White', 0), v('L', 'White', 2), v('M', 'Sage', 3)] },
  { key: 'basic-tee', name: 'Basic Tee', category: 'tops', priceCents: 1800, saleCents: 1200,
    variants: [v('S', 'Black', 10), v('M', 'Black', 6), v('L', 'Black', 0)] },
  { key: 'wool-sweater', name: 'Wool Sweater', category: 'tops', priceCents: 8500, saleCents: null,
    variants: [v('M', 'Oat', 2), v('L', 'Oat', 1), v('M', 'Charcoal', 0)] },
  { key: 'rain-jacket', name: 'Rain Jacket', category: 'tops', priceCents: 12000, saleCents: 9600,
    variants: [v('M', 'Yellow', 3), v('L', 'Navy', 0)] },
  { key: 'chino-pants', name: 'Chino Pants', category: 'bottoms', priceCents: 5400, saleCents: null,
    variants: [v('30', 'Khaki', 5), v('32', 'Khaki', 0), v('32', 'Navy', 4)] },
  { key: 'denim-jeans', name: 'Denim Jeans', category: 'bottoms', priceCents: 6800, saleCents: null,
    variants: [v('30', 'Indigo', 3), v('32', 'Indigo', 2), v('34', 'Indigo', 0)] },
  { key: 'running-shorts', name: 'Running Shorts', category: 'bottoms', priceCents: 2800,
    saleCents: 2100, variants: [v('S', 'Black', 6), v('M', 'Black', 0)] },
  { key: 'canvas-sneakers', name: 'Canvas Sneakers', category: 'shoes', priceCents: 6200,
    saleCents: null, variants: [v('40', 'White', 2), v('42', 'White', 0), v('42', 'Red', 1)] },
  { key: 'trail-boots', name: 'Trail Boots', category: 'shoes', priceCents: 14000, saleCents: null,
    variants: [v('41', 'Brown', 1), v('43', 'Brown', 2)] },
  { key: 'leather-belt', name: 'Leather Belt', category: 'accessories', priceCents: 3500,
    saleCents: null, variants: [v('M', 'Brown', 4), v('L', 'Black', 0)] },
  { key: 'wool-beanie', name: 'Wool Beanie', category: 'accessories', priceCents: 2200,
    saleCents: 1540, variants: [v('One size', 'Grey', 8), v('One size', 'Rust', 0)] },
  { key: 'canvas-tote', name: 'Canvas Tote', category: 'accessories', priceCents: 2400,
    saleCents: null, variants: [v('One size', 'Natural', 12)] },
];

export interface PastOrder {
  number: number;
  date: string;
  pieces: number;
  totalCents: number;
}

export const SEED_ORDERS: readonly PastOrder[] = [
  { number: 1045, date: 'Apr 3, 2026', pieces: 2, totalCents: 7190 },
  { number: 1046, date: 'Apr 8, 2026', pieces: 1, totalCents: 15851 },
  { number: 1047, date: 'Apr 12, 2026', pieces: 3, totalCents: 10487 },
];

/** Today is pinned: the app never reads the device's clock. */
export const TODAY = 'Apr 14, 2026';

export function productByKey(key: string): Product {
  const product = PRODUCTS.find((p) => p.key === key);
  if (product === undefined) {
    throw new Error(`no product ${key}`);
  }
  return product;
}

export function categoryName(key: CategoryKey): string {
  return CATEGORIES.find((c) => c.key === key)?.name ?? key;
}

/** `s-white`, `one-size-grey`: size and colour in lower case, spaces as hyphens. */
export function variantKey(variant: Variant): string {
  return `${variant.size}-${variant.colour}`.toLowerCase().replace(/ /g, '-');
}

export function variantLabel(variant: Variant): string {
  return `${variant.size} / ${variant.colour}`;
}

export function unitCents(product: Product): number {
  return product.saleCents ?? product.priceCents;
}

export function onSale(product: Product): boolean {
  return product.saleCents !== null;
}

/** The products the list shows: the name holds the search, the category is any chosen chip. */
export function matchingProducts(search: string, chips: readonly CategoryKey[]): Product[] {
  const term = search.trim().toLowerCase();
  return PRODUCTS.filter(
    (p) => p.name.toLowerCase().includes(term) && (chips.length === 0 || chips.includes(p.category)),
  );
}

export function pieces(n: number): string {
  return n === 1 ? '1 item' : `${n} items`;
}

export function orderLabel(number: number): string {
  return `SH-${number}`;
}
