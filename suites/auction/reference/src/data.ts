/** Bidders, lots and the seed bids. Amounts are cents. */

export type BidderKey = 'avery' | 'blake' | 'casey' | 'drew';
export type LotKey = 'camera' | 'telescope' | 'lamp' | 'painting';

export interface Bidder {
  key: BidderKey;
  name: string;
}

export interface Lot {
  key: LotKey;
  name: string;
  startCents: number;
  /** The lowest price the owner accepts; null when any price is accepted. */
  reserveCents: number | null;
}

export interface Bid {
  /** 1, 2, … in the order the bids were placed; earlier bids win ties. */
  seq: number;
  lot: LotKey;
  bidder: BidderKey;
  /** The bidder's secret maximum. */
  maxCents: number;
}

export const BIDDERS: readonly Bidder[] = [
  { key: 'avery', name: 'Avery' },
  { key: 'blake', name: 'Blake' },
  { key: 'casey', name: 'Casey' },
  { key: 'drew', name: 'Drew' },
];

export const LOTS: readonly Lot[] = [
  { key: 'camera', name: 'Vintage Camera', startCents: 4000, reserveCents: null },
  { key: 'telescope', name: 'Brass Telescope', startCents: 12000, reserveCents: 30000 },
  { key: 'lamp', name: 'Desk Lamp', startCents: 1500, reserveCents: null },
  { key: 'painting', name: 'Harbor Painting', startCents: 90000, reserveCents: null },
];

/** Placed in this order before the app opens. */
export const SEED_BIDS: readonly Bid[] = [
  { seq: 1, lot: 'camera', bidder: 'avery', maxCents: 7500 },
  { seq: 2, lot: 'painting', bidder: 'drew', maxCents: 100000 },
  { seq: 3, lot: 'camera', bidder: 'blake', maxCents: 6000 },
  { seq: 4, lot: 'telescope', bidder: 'casey', maxCents: 18000 },
  { seq: 5, lot: 'painting', bidder: 'avery', maxCents: 99500 },
];

export function bidderName(key: BidderKey): string {
  return BIDDERS.find((bidder) => bidder.key === key)?.name ?? key;
}

export function lotByKey(key: LotKey): Lot {
  const lot = LOTS.find((item) => item.key === key);
  if (!lot) {
    throw new Error(`unknown lot ${key}`);
  }
  return lot;
}
