/** Seed data: tax classes, the catalogue and the two sales rung up this morning. */

export type TaxClassKey = 'standard' | 'reduced' | 'zero';
export type ItemKey =
  | 'notebook'
  | 'pen'
  | 'mug'
  | 'espresso'
  | 'tea'
  | 'bread'
  | 'juice'
  | 'gift-card'
  | 'stamp';

export interface TaxClass {
  key: TaxClassKey;
  name: string;
  /** The rate in basis points: 825 is 8.25%. */
  rateBp: number;
}

export interface Item {
  key: ItemKey;
  name: string;
  priceCents: number;
  taxClass: TaxClassKey;
}

export const TAX_CLASSES: readonly TaxClass[] = [
  { key: 'standard', name: 'Standard', rateBp: 825 },
  { key: 'reduced', name: 'Reduced', rateBp: 250 },
  { key: 'zero', name: 'Zero', rateBp: 0 },
];

export const CATALOGUE: readonly Item[] = [
  { key: 'notebook', name: 'Notebook', priceCents: 400, taxClass: 'standard' },
  { key: 'pen', name: 'Gel Pen', priceCents: 200, taxClass: 'standard' },
  { key: 'mug', name: 'Travel Mug', priceCents: 1400, taxClass: 'standard' },
  { key: 'espresso', name: 'Espresso Machine', priceCents: 124900, taxClass: 'standard' },
  { key: 'tea', name: 'Green Tea', priceCents: 300, taxClass: 'reduced' },
  { key: 'bread', name: 'Sourdough', priceCents: 520, taxClass: 'reduced' },
  { key: 'juice', name: 'Orange Juice', priceCents: 220, taxClass: 'reduced' },
  { key: 'gift-card', name: 'Gift Card', priceCents: 2500, taxClass: 'zero' },
  { key: 'stamp', name: 'Postage Stamp', priceCents: 73, taxClass: 'zero' },
];

/** Cash in the drawer when the till opened. */
export const OPENING_FLOAT_CENTS = 20000;

/** Sales rung up before the app starts: receipt number, lines and cash received. */
export const SEED_SALES: readonly {
  number: number;
  lines: readonly { item: ItemKey; qty: number }[];
  cashCents: number;
}[] = [
  { number: 1001, lines: [{ item: 'notebook', qty: 2 }, { item: 'tea', qty: 1 }], cashCents: 2000 },
  { number: 1002, lines: [{ item: 'mug', qty: 1 }, { item: 'gift-card', qty: 1 }], cashCents: 5000 },
];

export function itemByKey(key: ItemKey): Item {
  const item = CATALOGUE.find((candidate) => candidate.key === key);
  if (!item) {
    throw new Error(`no item ${key}`);
  }
  return item;
}

export function taxClassOf(key: TaxClassKey): TaxClass {
  const taxClass = TAX_CLASSES.find((candidate) => candidate.key === key);
  if (!taxClass) {
    throw new Error(`no tax class ${key}`);
  }
  return taxClass;
}

/** `Standard 8.25%`, `Reduced 2.5%`, `Zero 0%`. */
export function taxClassLabel(key: TaxClassKey): string {
  const taxClass = taxClassOf(key);
  return `${taxClass.name} ${taxClass.rateBp / 100}%`;
}
