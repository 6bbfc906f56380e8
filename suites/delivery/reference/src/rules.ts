/** The pinned rules: money, times, opening hours, fees, the tip, the totals and the timeline. */
import { Dish, Kitchen, NOW_MINUTES, dishOf, kitchenOf } from './data';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Formats cents as `$1,290.00`. */
export function money(cents: number): string {
  const dollars = String(Math.floor(cents / 100));
  const rest = String(cents % 100).padStart(2, '0');
  return `$${groupThousands(dollars)}.${rest}`;
}

/** Minutes after midnight as `7:40 PM`. */
export function clock(minutes: number): string {
  const inDay = ((minutes % 1440) + 1440) % 1440;
  const hour24 = Math.floor(inDay / 60);
  const minute = inDay % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minute).padStart(2, '0')} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

export function km(kitchen: Kitchen): string {
  return `${Math.floor(kitchen.tenthsKm / 10)}.${kitchen.tenthsKm % 10} km`;
}

export function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function isOpen(kitchen: Kitchen): boolean {
  return kitchen.opens <= NOW_MINUTES && NOW_MINUTES < kitchen.closes;
}

export function statusText(kitchen: Kitchen): string {
  if (isOpen(kitchen)) {
    return `Open until ${clock(kitchen.closes)}`;
  }
  if (NOW_MINUTES < kitchen.opens) {
    return `Closed, opens at ${clock(kitchen.opens)}`;
  }
  return `Closed, opens tomorrow at ${clock(kitchen.opens)}`;
}

/** The delivery fee by distance band: under 2.0 km, under 5.0 km, and beyond. */
export function deliveryCents(kitchen: Kitchen): number {
  if (kitchen.tenthsKm < 20) {
    return 199;
  }
  if (kitchen.tenthsKm < 50) {
    return 349;
  }
  return 599;
}

export interface Line {
  dish: string;
  option: string;
  /** Extras' names, in the menu's order. */
  extras: readonly string[];
  qty: number;
}

export function unitCents(dish: Dish, option: string, extras: readonly string[]): number {
  const base = dish.options.find((o) => o.name === option)?.cents ?? 0;
  return dish.extras.filter((x) => extras.includes(x.name)).reduce((sum, x) => sum + x.cents, base);
}

export function lineUnit(line: Line): number {
  return unitCents(dishOf(line.dish), line.option, line.extras);
}

export type TipKind = 'none' | '10' | '15' | '20' | 'custom';

export interface Tip {
  kind: TipKind;
  custom: string;
}

/** Cents × percent, rounded half up to the cent. */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/** A custom tip in dollars, rounded half up to the cent; anything not a number is $0.00. */
export function customTipCents(text: string): number {
  const trimmed = text.trim();
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) {
    return 0;
  }
  const [whole, fraction = ''] = trimmed.split('.');
  const cents = Number(whole === '' ? '0' : whole) * 100 + Number((fraction + '00').slice(0, 2));
  // Half up: a third decimal of 5 or more puts the cent up.
  return Number(fraction.charAt(2) || '0') >= 5 ? cents + 1 : cents;
}

export const SMALL_ORDER_UNDER = 1500;
export const SMALL_ORDER_FEE = 200;

export interface Totals {
  items: number;
  food: number;
  small: number;
  delivery: number;
  tip: number;
  total: number;
}

export function totalsOf(kitchenKey: string, lines: readonly Line[], tip: Tip): Totals {
  const kitchen = kitchenOf(kitchenKey);
  const food = lines.reduce((sum, line) => sum + lineUnit(line) * line.qty, 0);
  const items = lines.reduce((sum, line) => sum + line.qty, 0);
  const small = food < SMALL_ORDER_UNDER ? SMALL_ORDER_FEE : 0;
  const delivery = deliveryCents(kitchen);
  const tipCents =
    tip.kind === 'none' ? 0 : tip.kind === 'custom' ? customTipCents(tip.custom) : percentOf(food, Number(tip.kind));
  return { items, food, small, delivery, tip: tipCents, total: food + small + delivery + tipCents };
}

export function tipText(tip: Tip, cents: number): string {
  return tip.kind === '10' || tip.kind === '15' || tip.kind === '20'
    ? `Tip (${tip.kind}%): ${money(cents)}`
    : `Tip: ${money(cents)}`;
}

export const STEPS = [
  { key: 'confirmed', name: 'Confirmed' },
  { key: 'preparing', name: 'Preparing' },
  { key: 'on-the-way', name: 'On the way' },
  { key: 'delivered', name: 'Delivered' },
] as const;

/** Each step's time, in minutes after midnight, from the placed time and the kitchen. */
export function timeline(placed: number, kitchen: Kitchen): number[] {
  const preparing = placed + 5;
  const onTheWay = preparing + kitchen.prepMinutes;
  const ride = Math.ceil((4 * kitchen.tenthsKm) / 10);
  return [placed, preparing, onTheWay, onTheWay + ride];
}
