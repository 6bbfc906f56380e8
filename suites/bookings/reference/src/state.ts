/** The app's single store, held by App so it survives tab and person switches. */
import {
  Booking,
  DAILY_LIMIT,
  PersonKey,
  personName,
  SEED_BOOKINGS,
  SEED_WAITLISTS,
  Slot,
  SlotId,
  slotById,
} from './data';
import { holds, isFull, refusal, Refusal } from './rules';
import { slotLabel } from './time';

export type Waitlists = Partial<Record<SlotId, PersonKey[]>>;

export interface BookingState {
  /** Every booking made, in order, including cancelled ones. */
  bookings: Booking[];
  /** Per slot, the people waiting for a place, first to last. */
  waitlists: Waitlists;
  /** The result of the last action, or null once cleared. */
  notice: string | null;
  nextId: number;
}

export type BookingAction =
  | { type: 'book'; person: PersonKey; slot: SlotId }
  | { type: 'join'; person: PersonKey; slot: SlotId }
  | { type: 'cancel'; person: PersonKey; slot: SlotId }
  | { type: 'leave'; person: PersonKey; slot: SlotId }
  | { type: 'clear-notice' };

function seedWaitlists(): Waitlists {
  const out: Waitlists = {};
  for (const [slot, people] of Object.entries(SEED_WAITLISTS)) {
    out[slot as SlotId] = [...(people ?? [])];
  }
  return out;
}

export const initialState: BookingState = {
  bookings: SEED_BOOKINGS.map((seed, index) => ({ id: index + 1, ...seed, status: 'held' })),
  waitlists: seedWaitlists(),
  notice: null,
  nextId: SEED_BOOKINGS.length + 1,
};

function refusedText(reason: Refusal): string {
  return reason.kind === 'overlap'
    ? `Refused: overlaps ${slotLabel(reason.clash)}`
    : `Refused: limit of ${DAILY_LIMIT} bookings per day reached`;
}

/**
 * After a place in `slot` was freed: the first waiting person who can take it gets it.
 * Those before them who could not take it leave the waitlist; those after keep their order.
 */
function fillFreedPlace(
  bookings: readonly Booking[],
  waiting: readonly PersonKey[],
  slot: Slot,
): { promoted: PersonKey | null; waitlist: PersonKey[] } {
  for (let i = 0; i < waiting.length; i += 1) {
    const candidate = waiting[i];
    if (refusal(bookings, candidate, slot) === null) {
      return { promoted: candidate, waitlist: waiting.slice(i + 1) };
    }
  }
  return { promoted: null, waitlist: [] };
}

export function bookingReducer(state: BookingState, action: BookingAction): BookingState {
  if (action.type === 'clear-notice') {
    return state.notice === null ? state : { ...state, notice: null };
  }
  const slot = slotById(action.slot);
  const label = slotLabel(slot);
  const waiting = state.waitlists[slot.id] ?? [];

  switch (action.type) {
    case 'book': {
      if (holds(state.bookings, action.person, slot) || isFull(state.bookings, slot)) {
        return state;
      }
      const reason = refusal(state.bookings, action.person, slot);
      if (reason) {
        return { ...state, notice: refusedText(reason) };
      }
      const booking: Booking = { id: state.nextId, slot: slot.id, person: action.person, status: 'held' };
      return {
        ...state,
        bookings: [...state.bookings, booking],
        nextId: state.nextId + 1,
        notice: `Booked: ${label}`,
      };
    }
    case 'join': {
      if (!isFull(state.bookings, slot) || waiting.includes(action.person)) {
        return state;
      }
      const reason = refusal(state.bookings, action.person, slot);
      if (reason) {
        return { ...state, notice: refusedText(reason) };
      }
      const waitlist = [...waiting, action.person];
      return {
        ...state,
        waitlists: { ...state.waitlists, [slot.id]: waitlist },
        notice: `Waitlisted: ${label}, position ${waitlist.length}`,
      };
    }
    case 'cancel': {
      if (!holds(state.bookings, action.person, slot)) {
        return state;
      }
      const bookings = state.bookings.map((booking) =>
        booking.slot === slot.id && booking.person === action.person && booking.status === 'held'
          ? { ...booking, status: 'cancelled' as const }
          : booking,
      );
      const { promoted, waitlist } = fillFreedPlace(bookings, waiting, slot);
      if (promoted === null) {
        return {
          ...state,
          bookings,
          waitlists: { ...state.waitlists, [slot.id]: waitlist },
          notice: `Cancelled: ${label}`,
        };
      }
      const booking: Booking = { id: state.nextId, slot: slot.id, person: promoted, status: 'held' };
      return {
        ...state,
        bookings: [...bookings, booking],
        waitlists: { ...state.waitlists, [slot.id]: waitlist },
        nextId: state.nextId + 1,
        notice: `Cancelled: ${label}; ${personName(promoted)} gets the place`,
      };
    }
    case 'leave': {
      if (!waiting.includes(action.person)) {
        return state;
      }
      return {
        ...state,
        waitlists: {
          ...state.waitlists,
          [slot.id]: waiting.filter((person) => person !== action.person),
        },
        notice: `Left the waitlist: ${label}`,
      };
    }
  }
}
