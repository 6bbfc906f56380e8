/** Slot times: minutes, overlap and the labels shown on screen. */
import { roomOf, Slot } from './data';

/** `09:30` → 570. */
export function toMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * Two slots overlap when each starts before the other ends; slots that only touch
 * (one ends at 10:00, the other starts at 10:00) do not.
 */
export function overlaps(a: Slot, b: Slot): boolean {
  return toMinutes(a.start) < toMinutes(b.end) && toMinutes(b.start) < toMinutes(a.end);
}

/** `09:00-10:00`. */
export function slotTime(slot: Slot): string {
  return `${slot.start}-${slot.end}`;
}

/** `Atrium 09:00-10:00`. */
export function slotLabel(slot: Slot): string {
  return `${roomOf(slot).name} ${slotTime(slot)}`;
}

/** Earliest start first; slots starting together keep the room order. */
export function byStart(a: Slot, b: Slot): number {
  return toMinutes(a.start) - toMinutes(b.start);
}
