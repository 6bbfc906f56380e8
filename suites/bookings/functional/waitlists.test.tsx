/// <reference types="jest" />
/**
 * Hidden component tests of the `bookings` task: promotion from a waitlist and leaving one.
 *
 * Every expected string follows from tasks/bookings/instruction.md. Elements are found only by
 * the test IDs and texts it pins; each test renders a fresh app from the seed data.
 */
import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

async function press(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text);
}

function expectAbsent(testID: string): void {
  expect(screen.queryByTestId(testID)).toBeNull();
}

/** The slot's action must read `label`; pressing it must leave `notice`. */
async function slotAction(slot: string, label: string, notice: string): Promise<void> {
  expectText(`slot-action-${slot}`, label);
  await press(`slot-action-${slot}`);
  expectText("notice", notice);
}

/** Make `key` the current person and open their My bookings screen. */
async function openMine(key: string, name: string): Promise<void> {
  await press(`person-${key}`);
  await press("tab-mine");
  expect(screen.getByText(`${name}'s bookings`)).toBeTruthy();
}

/** Make `key` the current person and open the Rooms screen. */
async function openRooms(key: string, name: string): Promise<void> {
  await press(`person-${key}`);
  await press("tab-rooms");
  expectText("current-person", `Booking as ${name}`);
}

// The first render loads React Native's modules (seconds on a cold cache): do it once here,
// with its own time budget, so that every test measures only its own steps.
beforeAll(async () => {
  const { unmount } = await render(<App />);
  await unmount();
}, 60000);

describe("promotion", () => {
  test("a person skipped for an overlap leaves the waitlist and the next one gets the place", async () => {
    await render(<App />);
    await openMine("eli", "Eli");
    await press("cancel-l1");
    expectText("notice", "Cancelled: Library 09:30-10:30");
    await press("tab-rooms");
    await slotAction("a1", "Book", "Booked: Atrium 09:00-10:00");
    expectText("slot-status-a1", "3 of 3 booked");

    await openRooms("ada", "Ada");
    await slotAction("a1", "Join waitlist", "Waitlisted: Atrium 09:00-10:00, position 1");
    // A waitlist place does not block booking an overlapping slot.
    await slotAction("l1", "Book", "Booked: Library 09:30-10:30");
    await openRooms("dev", "Dev");
    await slotAction("a1", "Join waitlist", "Waitlisted: Atrium 09:00-10:00, position 2");
    expectText("slot-waitlist-a1", "Waitlist: Ada, Dev");

    await openMine("cleo", "Cleo");
    await press("cancel-a1");
    expectText("notice", "Cancelled: Atrium 09:00-10:00; Dev gets the place");
    await press("tab-rooms");
    expectText("slot-status-a1", "3 of 3 booked");
    expectAbsent("slot-waitlist-a1");

    await openMine("ada", "Ada");
    expectAbsent("waiting-a1");
    expectAbsent("booking-a1");
    expectText("booking-count", "2 of 3 bookings used");
    await openMine("dev", "Dev");
    expectText("booking-a1", "Atrium 09:00-10:00");
    expectText("booking-count", "3 of 3 bookings used");
  });

  test("when nobody waiting can take the freed place the waitlist empties and the place stays free", async () => {
    await render(<App />);
    await openRooms("ben", "Ben");
    await slotAction("l3", "Book", "Booked: Library 14:00-15:00");
    await openRooms("eli", "Eli");
    await slotAction("a3", "Book", "Booked: Atrium 13:00-14:00");
    await slotAction("l3", "Book", "Booked: Library 14:00-15:00");
    // Ben (a1, l2, l3) and Eli (l1, a3, l3), the whole s2 waitlist, are at the limit.

    await openMine("dev", "Dev");
    await press("cancel-s2");
    expectText("notice", "Cancelled: Studio 12:00-13:00");
    expectText("booking-count", "1 of 3 bookings used");
    await press("tab-rooms");
    expectText("slot-status-s2", "0 of 1 booked");
    expectAbsent("slot-waitlist-s2");
    expectText("slot-action-s2", "Book");

    await openMine("ben", "Ben");
    expectAbsent("waiting-s2");
    expectText("booking-count", "3 of 3 bookings used");
    await openMine("eli", "Eli");
    expectAbsent("waiting-s2");
    expectText("waiting-s1", "Studio 10:30-11:30: waitlist position 1");

    await openRooms("ada", "Ada");
    await slotAction("s2", "Book", "Booked: Studio 12:00-13:00");
    expectText("slot-status-s2", "1 of 1 booked");
  });

  test("people skipped before the promoted one leave and those after it move up", async () => {
    await render(<App />);
    await slotAction("s2", "Join waitlist", "Waitlisted: Studio 12:00-13:00, position 3");
    await openRooms("ben", "Ben");
    await slotAction("l3", "Book", "Booked: Library 14:00-15:00");

    await openMine("dev", "Dev");
    await press("cancel-s2");
    expectText("notice", "Cancelled: Studio 12:00-13:00; Eli gets the place");
    await press("tab-rooms");
    expectText("slot-status-s2", "1 of 1 booked");
    expectText("slot-waitlist-s2", "Waitlist: Ada");

    await openMine("ada", "Ada");
    expectText("waiting-s2", "Studio 12:00-13:00: waitlist position 1");
    await openMine("ben", "Ben");
    expectAbsent("waiting-s2");
    expectAbsent("booking-s2");
    await openMine("eli", "Eli");
    expectText("booking-s2", "Studio 12:00-13:00");
    expectText("booking-count", "2 of 3 bookings used");
    expectText("waiting-s1", "Studio 10:30-11:30: waitlist position 1");
  });

  test("a place gained from a waitlist counts toward the limit for the next freed place", async () => {
    await render(<App />);
    await openRooms("eli", "Eli");
    await slotAction("a3", "Book", "Booked: Atrium 13:00-14:00");
    await openMine("cleo", "Cleo");
    await press("cancel-s1");
    expectText("notice", "Cancelled: Studio 10:30-11:30; Eli gets the place");
    // Eli now holds l1, s1 and a3.

    await openMine("ben", "Ben");
    await press("leave-s2");
    expectText("notice", "Left the waitlist: Studio 12:00-13:00");
    await openMine("dev", "Dev");
    await press("cancel-s2");
    expectText("notice", "Cancelled: Studio 12:00-13:00");

    await openMine("eli", "Eli");
    expectText("booking-count", "3 of 3 bookings used");
    expectText("booking-s1", "Studio 10:30-11:30");
    expectAbsent("booking-s2");
    expectAbsent("waiting-s2");
    expectAbsent("waiting-s1");
    await press("tab-rooms");
    expectText("slot-status-s2", "0 of 1 booked");
    expectAbsent("slot-waitlist-s2");
  });
});

describe("leaving", () => {
  test("leaving from the front of a waitlist moves everyone behind up one", async () => {
    await render(<App />);
    await slotAction("s2", "Join waitlist", "Waitlisted: Studio 12:00-13:00, position 3");

    await openMine("ben", "Ben");
    expectText("waiting-s2", "Studio 12:00-13:00: waitlist position 1");
    await press("leave-s2");
    expectText("notice", "Left the waitlist: Studio 12:00-13:00");
    expectAbsent("waiting-s2");
    expectText("booking-count", "2 of 3 bookings used");

    await openMine("eli", "Eli");
    expectText("waiting-s2", "Studio 12:00-13:00: waitlist position 1");
    await openMine("ada", "Ada");
    expectText("waiting-s2", "Studio 12:00-13:00: waitlist position 2");
    await press("tab-rooms");
    expectText("slot-waitlist-s2", "Waitlist: Eli, Ada");
    await openRooms("ben", "Ben");
    expectText("slot-action-s2", "Join waitlist");
  });

  test("leaving the middle of a waitlist and joining again puts the person at its end", async () => {
    await render(<App />);
    await slotAction("s2", "Join waitlist", "Waitlisted: Studio 12:00-13:00, position 3");

    await openMine("eli", "Eli");
    expectText("waiting-s2", "Studio 12:00-13:00: waitlist position 2");
    await press("leave-s2");
    expectText("notice", "Left the waitlist: Studio 12:00-13:00");
    await press("tab-rooms");
    expectText("slot-waitlist-s2", "Waitlist: Ben, Ada");
    await slotAction("s2", "Join waitlist", "Waitlisted: Studio 12:00-13:00, position 3");
    expectText("slot-waitlist-s2", "Waitlist: Ben, Ada, Eli");
    expectText("slot-action-s2", "On waitlist");

    await openMine("dev", "Dev");
    await press("cancel-s2");
    expectText("notice", "Cancelled: Studio 12:00-13:00; Ben gets the place");
    await openMine("ada", "Ada");
    expectText("waiting-s2", "Studio 12:00-13:00: waitlist position 1");
    await openMine("eli", "Eli");
    expectText("waiting-s2", "Studio 12:00-13:00: waitlist position 2");
  });
});
