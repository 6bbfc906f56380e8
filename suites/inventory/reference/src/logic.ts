/** Pure rules of the stock book: formats, parsing, the moving average, low stock, search. */
import { Item, Movement, Reason, SUPPLIERS, SupplierKey } from './seed';

export const MAX_UNITS = 9999;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A quantity with a comma every three digits: `1,200`, `-3`. */
export function formatQty(units: number): string {
  const sign = units < 0 ? '-' : '';
  return `${sign}${groupThousands(String(Math.abs(units)))}`;
}

/** A signed change: `+2`, `-1,500`. */
export function formatChange(units: number): string {
  return units >= 0 ? `+${formatQty(units)}` : formatQty(units);
}

/** Cents as `$3,982.55`. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100));
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}$${groupThousands(dollars)}.${rest}`;
}

/** A typed number of units: digits only (surrounding spaces ignored), else null. */
export function parseUnits(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) {
    return null;
  }
  const units = Number(trimmed);
  return Number.isSafeInteger(units) ? units : null;
}

/** A typed unit cost in dollars (`2.6`, `21`) as positive cents, else null. */
export function parseCostCents(text: string): number | null {
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) {
    return null;
  }
  const whole = Number(match[1] || '0');
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}

/** `numerator / denominator` rounded half up to a whole number (both positive). */
export function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The moving average cost after receiving `units` at `unitCostCents`. */
export function movingAverage(item: Item, units: number, unitCostCents: number): number {
  if (item.onHand === 0) {
    return unitCostCents;
  }
  return divideHalfUp(item.onHand * item.avgCostCents + units * unitCostCents, item.onHand + units);
}

export function isLow(item: Item): boolean {
  return item.onHand <= item.reorderPoint;
}

export function stockValueCents(item: Item): number {
  return item.onHand * item.avgCostCents;
}

export function totalValueCents(items: readonly Item[]): number {
  return items.reduce((sum, item) => sum + stockValueCents(item), 0);
}

/** Items low on stock: largest shortfall first, ties in SKU order. */
export function lowStock(items: readonly Item[]): Item[] {
  return items
    .filter(isLow)
    .sort((a, b) => {
      const byShortfall = (b.reorderPoint - b.onHand) - (a.reorderPoint - a.onHand);
      return byShortfall !== 0 ? byShortfall : a.sku.localeCompare(b.sku);
    });
}

export type SupplierFilter = 'all' | SupplierKey;

/** The items whose name or SKU contains the search (any case), of the chosen supplier. */
export function filterItems(items: readonly Item[], search: string, supplier: SupplierFilter): Item[] {
  const needle = search.trim().toLowerCase();
  return items.filter(
    (item) =>
      (supplier === 'all' || item.supplier === supplier) &&
      (item.name.toLowerCase().includes(needle) || item.sku.toLowerCase().includes(needle)),
  );
}

export function supplierName(key: SupplierKey): string {
  return SUPPLIERS.find((s) => s.key === key)?.name ?? key;
}

export function itemKey(item: Item): string {
  return item.sku.toLowerCase();
}

export const REASONS: readonly { key: Reason; label: string }[] = [
  { key: 'damaged', label: 'Damaged' },
  { key: 'lost', label: 'Lost' },
  { key: 'found', label: 'Found' },
  { key: 'count', label: 'Stock count' },
];

export function reasonLabel(reason: Reason): string {
  return REASONS.find((r) => r.key === reason)?.label ?? reason;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The pinned clock: the `tick`-th movement recorded in the app (from 0) is stamped
 * `Mar 12, 2026 09:00` plus `tick` minutes. */
export function stampFor(tick: number): string {
  const start = Date.UTC(2026, 2, 12, 9, 0);
  const at = new Date(start + tick * 60_000);
  const hours = String(at.getUTCHours()).padStart(2, '0');
  const minutes = String(at.getUTCMinutes()).padStart(2, '0');
  return `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()} ${hours}:${minutes}`;
}

/** What the History screen shows as a movement's change. */
export function describeChange(movement: Movement): string {
  if (movement.kind === 'received') {
    return `Received ${formatChange(movement.change)} at ${formatCents(movement.unitCostCents ?? 0)}`;
  }
  return `${reasonLabel(movement.kind)} ${formatChange(movement.change)}`;
}

export type Outcome = { ok: true; item: Item; movement: Omit<Movement, 'number' | 'time'>; notice: string }
  | { ok: false; error: string };

export const UNITS_ERROR = `Enter a whole number of units from 1 to ${formatQty(MAX_UNITS)}`;
export const COST_ERROR = 'Enter a unit cost such as 2.35';
export const COUNT_ERROR = `Enter the counted units from 0 to ${formatQty(MAX_UNITS)}`;

/** Receiving stock: validated, with the new moving average. */
export function receive(item: Item, unitsText: string, costText: string): Outcome {
  const units = parseUnits(unitsText);
  if (units === null || units < 1 || units > MAX_UNITS) {
    return { ok: false, error: UNITS_ERROR };
  }
  const cost = parseCostCents(costText);
  if (cost === null) {
    return { ok: false, error: COST_ERROR };
  }
  const next: Item = { ...item, onHand: item.onHand + units, avgCostCents: movingAverage(item, units, cost) };
  return {
    ok: true,
    item: next,
    movement: { sku: item.sku, kind: 'received', change: units, unitCostCents: cost, onHandAfter: next.onHand },
    notice: `Received ${formatQty(units)} ${units === 1 ? 'unit' : 'units'} at ${formatCents(cost)}`,
  };
}

/** Adjusting stock for a reason: validated in the pinned order. */
export function adjust(item: Item, reason: Reason | null, unitsText: string): Outcome {
  if (reason === null) {
    return { ok: false, error: 'Choose a reason' };
  }
  const units = parseUnits(unitsText);
  if (reason === 'count') {
    if (units === null || units > MAX_UNITS) {
      return { ok: false, error: COUNT_ERROR };
    }
  } else if (units === null || units < 1 || units > MAX_UNITS) {
    return { ok: false, error: UNITS_ERROR };
  }
  let change: number;
  if (reason === 'count') {
    if (units === item.onHand) {
      return { ok: false, error: 'The count matches the stock on hand' };
    }
    change = units - item.onHand;
  } else if (reason === 'found') {
    change = units;
  } else {
    if (units > item.onHand) {
      return { ok: false, error: `Only ${formatQty(item.onHand)} on hand: cannot remove ${formatQty(units)}` };
    }
    change = -units;
  }
  const next: Item = { ...item, onHand: item.onHand + change };
  return {
    ok: true,
    item: next,
    movement: { sku: item.sku, kind: reason, change, onHandAfter: next.onHand },
    notice: `Adjusted ${formatChange(change)} (${reasonLabel(reason)})`,
  };
}
