/** Seed data for Thursday, March 12, 2026: people, rooms, slots and who holds what. */

export type PersonKey = 'ada' | 'ben' | 'cleo' | 'dev' | 'eli';
export type RoomKey = 'atrium' | 'library' | 'studio';
export type SlotId = 'a1' | 'a2' | 'a3' | 'l1' | 'l2' | 'l3' | 's1' | 's2' | 's3';

export interface Person {
  key: PersonKey;
  name: string;
}

export interface Room {
  key: RoomKey;
  name: string;
  /** How many people can hold a place in the same slot. */
  capacity: number;
}

export interface Slot {
  id: SlotId;
  room: RoomKey;
  /** `HH:MM`, 24-hour. */
  start: string;
  end: string;
}

/** One place in one slot; cancelled bookings are kept as history and no longer count. */
export interface Booking {
  id: number;
  slot: SlotId;
  person: PersonKey;
  status: 'held' | 'cancelled';
}

/** The heading of the Rooms screen: the one day the app books. */
export const DAY_HEADING = 'Rooms on Mar 12, 2026';

/** At most this many bookings per person for the day. */
export const DAILY_LIMIT = 3;

export const PEOPLE: readonly Person[] = [
  { key: 'ada', name: 'Ada' },
  { key: 'ben', name: 'Ben' },
  { key: 'cleo', name: 'Cleo' },
  { key: 'dev', name: 'Dev' },
  { key: 'eli', name: 'Eli' },
];

export const ROOMS: readonly Room[] = [
  { key: 'atrium', name: 'Atrium', capacity: 3 },
  { key: 'library', name: 'Library', capacity: 2 },
  { key: 'studio', name: 'Studio', capacity: 1 },
];

export const SLOTS: readonly Slot[] = [
  { id: 'a1', room: 'atrium', start: '09:00', end: '10:00' },
  { id: 'a2', room: 'atrium', start: '10:00', end: '11:30' },
  { id: 'a3', room: 'atrium', start: '13:00', end: '14:00' },
  { id: 'l1', room: 'library', start: '09:30', end: '10:30' },
  { id: 'l2', room: 'library', start: '11:00', end: '12:00' },
  { id: 'l3', room: 'library', start: '14:00', end: '15:00' },
  { id: 's1', room: 'studio', start: '10:30', end: '11:30' },
  { id: 's2', room: 'studio', start: '12:00', end: '13:00' },
  { id: 's3', room: 'studio', start: '14:30', end: '15:30' },
];

/** Places held when the app starts, in the order they were booked. */
export const SEED_BOOKINGS: readonly { slot: SlotId; person: PersonKey }[] = [
  { slot: 'a1', person: 'ben' },
  { slot: 'a1', person: 'cleo' },
  { slot: 'a2', person: 'dev' },
  { slot: 'l1', person: 'eli' },
  { slot: 'l2', person: 'ada' },
  { slot: 'l2', person: 'ben' },
  { slot: 's1', person: 'cleo' },
  { slot: 's2', person: 'dev' },
];

/** Waitlists when the app starts, first to last. */
export const SEED_WAITLISTS: Readonly<Partial<Record<SlotId, readonly PersonKey[]>>> = {
  s1: ['eli'],
  s2: ['ben', 'eli'],
};

export function personName(key: PersonKey): string {
  return PEOPLE.find((person) => person.key === key)?.name ?? key;
}

export function roomOf(slot: Slot): Room {
  const room = ROOMS.find((item) => item.key === slot.room);
  if (!room) {
    throw new Error(`slot ${slot.id} has no room ${slot.room}`);
  }
  return room;
}

export function slotById(id: SlotId): Slot {
  const slot = SLOTS.find((item) => item.id === id);
  if (!slot) {
    throw new Error(`no slot ${id}`);
  }
  return slot;
}
