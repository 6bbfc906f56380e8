/** Who holds what, and whether a person may take a place. Nothing here is stored. */
import { Booking, DAILY_LIMIT, PersonKey, roomOf, Slot, slotById, SLOTS } from './data';
import { byStart, overlaps } from './time';

/** The slots a person holds a place in, earliest start first. */
export function heldSlots(bookings: readonly Booking[], person: PersonKey): Slot[] {
  return bookings
    .filter((booking) => booking.person === person && booking.status === 'held')
    .map((booking) => slotById(booking.slot))
    .sort(byStart);
}

/** How many people hold a place in `slot`. */
export function placesTaken(bookings: readonly Booking[], slot: Slot): number {
  return bookings.filter((booking) => booking.slot === slot.id && booking.status === 'held').length;
}

export function isFull(bookings: readonly Booking[], slot: Slot): boolean {
  return placesTaken(bookings, slot) >= roomOf(slot).capacity;
}

export function holds(bookings: readonly Booking[], person: PersonKey, slot: Slot): boolean {
  return bookings.some(
    (booking) => booking.slot === slot.id && booking.person === person && booking.status === 'held',
  );
}

/** The person's booking that overlaps `slot` and starts first, if any. */
export function firstOverlap(
  bookings: readonly Booking[],
  person: PersonKey,
  slot: Slot,
): Slot | undefined {
  return heldSlots(bookings, person).find((held) => overlaps(held, slot));
}

export type Refusal = { kind: 'overlap'; clash: Slot } | { kind: 'limit' };

/** Why `person` may not take a place in `slot` now, or null when they may. */
export function refusal(bookings: readonly Booking[], person: PersonKey, slot: Slot): Refusal | null {
  const clash = firstOverlap(bookings, person, slot);
  if (clash) {
    return { kind: 'overlap', clash };
  }
  if (heldSlots(bookings, person).length >= DAILY_LIMIT) {
    return { kind: 'limit' };
  }
  return null;
}

/** The slots whose waitlist holds `person`, earliest start first, with their 1-based position. */
export function waitingPlaces(
  waitlists: Readonly<Partial<Record<string, readonly PersonKey[]>>>,
  person: PersonKey,
): { slot: Slot; position: number }[] {
  return SLOTS.filter((slot) => (waitlists[slot.id] ?? []).includes(person))
    .sort(byStart)
    .map((slot) => ({ slot, position: (waitlists[slot.id] ?? []).indexOf(person) + 1 }));
}
