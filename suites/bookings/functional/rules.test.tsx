/// <reference types="jest" />
/**
 * Hidden component tests of the `bookings` task: the refusal rules and the notice.
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

/** The slot's action must read `label`; pressing it must leave `notice`. */
async function slotAction(slot: string, label: string, notice: string): Promise<void> {
  expectText(`slot-action-${slot}`, label);
  await press(`slot-action-${slot}`);
  expectText("notice", notice);
}

/** A cleared notice is either gone or empty. */
function expectNoNotice(): void {
  const notice = screen.queryByTestId("notice");
  if (notice !== null) {
    expect(notice).toHaveTextContent("");
  }
}

// The first render loads React Native's modules (seconds on a cold cache): do it once here,
// with its own time budget, so that every test measures only its own steps.
beforeAll(async () => {
  const { unmount } = await render(<App />);
  await unmount();
}, 60000);

describe("refusals", () => {
  test("an overlap names the clashing booking that starts first, not the one booked first", async () => {
    await render(<App />);
    await press("tab-mine");
    await press("cancel-l2");
    expectText("notice", "Cancelled: Library 11:00-12:00");
    await press("tab-rooms");

    // Booked in the order a2, a1; l1 (09:30-10:30) overlaps both.
    await slotAction("a2", "Book", "Booked: Atrium 10:00-11:30");
    await slotAction("a1", "Book", "Booked: Atrium 09:00-10:00");
    await slotAction("l1", "Book", "Refused: overlaps Atrium 09:00-10:00");
    expectText("slot-status-l1", "1 of 2 booked");
    expectText("slot-action-l1", "Book");

    // The cancelled l2 no longer counts: a third booking is allowed, a fourth is not.
    await slotAction("l3", "Book", "Booked: Library 14:00-15:00");
    await slotAction("a3", "Book", "Refused: limit of 3 bookings per day reached");
    await press("tab-mine");
    expectText("booking-count", "3 of 3 bookings used");
  });

  test("a slot overlapping two bookings names the earlier one even when it was booked later", async () => {
    await render(<App />);
    // Ada holds l2 (11:00-12:00) from the seed; l1 (09:30-10:30) is booked after it.
    await slotAction("l1", "Book", "Booked: Library 09:30-10:30");
    expectText("slot-status-l1", "2 of 2 booked");
    // a2 (10:00-11:30) overlaps both l1 and l2.
    await slotAction("a2", "Book", "Refused: overlaps Library 09:30-10:30");
    expectText("slot-status-a2", "1 of 3 booked");
    expectText("slot-action-a2", "Book");
  });

  test("at the daily limit an overlapping slot is still refused for the overlap", async () => {
    await render(<App />);
    await slotAction("a1", "Book", "Booked: Atrium 09:00-10:00");
    await slotAction("l3", "Book", "Booked: Library 14:00-15:00");
    // Ada now holds a1, l2 and l3: three bookings.
    await slotAction("a2", "Book", "Refused: overlaps Library 11:00-12:00");
    await slotAction("l1", "Book", "Refused: overlaps Atrium 09:00-10:00");
    await slotAction("s1", "Join waitlist", "Refused: overlaps Library 11:00-12:00");
    await slotAction("a3", "Book", "Refused: limit of 3 bookings per day reached");
    expectText("slot-status-a2", "1 of 3 booked");
    expectText("slot-status-l1", "1 of 2 booked");
    expectText("slot-waitlist-s1", "Waitlist: Eli");
    expectText("slot-status-a3", "0 of 3 booked");

    await press("tab-mine");
    expectText("booking-count", "3 of 3 bookings used");
  });

  test("joining a waitlist at the daily limit is refused and changes nothing", async () => {
    await render(<App />);
    await press("person-cleo");
    // Cleo holds a1 and s1 from the seed.
    await slotAction("l3", "Book", "Booked: Library 14:00-15:00");
    await slotAction("s2", "Join waitlist", "Refused: limit of 3 bookings per day reached");
    expectText("slot-waitlist-s2", "Waitlist: Ben, Eli");
    expectText("slot-action-s2", "Join waitlist");
    // l2 (11:00-12:00) overlaps Cleo's s1: the overlap is named before the limit.
    await slotAction("l2", "Join waitlist", "Refused: overlaps Studio 10:30-11:30");
    expect(screen.queryByTestId("slot-waitlist-l2")).toBeNull();

    await press("tab-mine");
    expectText("booking-count", "3 of 3 bookings used");
    expect(screen.queryByTestId("waiting-s2")).toBeNull();
    expect(screen.queryByTestId("waiting-l2")).toBeNull();
  });
});

describe("notice", () => {
  test("switching the tab or the current person clears the notice", async () => {
    await render(<App />);
    expectNoNotice();
    await slotAction("a1", "Book", "Booked: Atrium 09:00-10:00");

    await press("tab-mine");
    expect(screen.getByText("Ada's bookings")).toBeTruthy();
    expectNoNotice();
    await press("cancel-a1");
    expectText("notice", "Cancelled: Atrium 09:00-10:00");

    await press("person-ben");
    expect(screen.getByText("Ben's bookings")).toBeTruthy();
    expectNoNotice();

    await press("tab-rooms");
    // Ben holds a1: l1 (09:30-10:30) overlaps it.
    await slotAction("l1", "Book", "Refused: overlaps Atrium 09:00-10:00");
    await press("person-ada");
    expectText("current-person", "Booking as Ada");
    expectNoNotice();
    expectText("slot-status-a1", "2 of 3 booked");
    expectText("slot-action-a1", "Book");
  });
});
