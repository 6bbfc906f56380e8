"""Hidden device tests of the `bookings` task: one per stage, and the busy-day journey.

Every expected string and number follows from tasks/bookings/instruction.md and its steps; the
computed ones equal suites/bookings/derive.py's independent derivation.

Leak canary rvb-canary-docstring-eb8832ab: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-b41eee81): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-8e6951ba-bookings-suite"

ROOMS_HEADING = "Rooms on Mar 12, 2026"


def open_rooms(app: App) -> None:
    app.tap(test_id="tab-rooms")
    app.see(ROOMS_HEADING, criterion="pressing the Rooms tab shows the Rooms screen")


def open_mine(app: App, heading: str) -> None:
    app.tap(test_id="tab-mine")
    app.see(heading, criterion=f"the My bookings tab shows the heading {heading!r}")


def switch_to(app: App, key: str, name: str) -> None:
    app.tap(test_id=f"person-{key}")
    app.see(f"Booking as {name}", at="current-person",
            criterion=f"pressing {name!r} makes {name} the current person")


def act(app: App, slot: str, label: str, notice: str, criterion: str) -> None:
    """Press the slot's action, which must read `label`, and check the notice it leaves."""
    app.see(label, at=f"slot-action-{slot}", criterion=f"slot {slot} offers {label!r}")
    app.tap(test_id=f"slot-action-{slot}")
    app.see(notice, at="notice", criterion=criterion)


@stage("rooms")
def test_stage_1_rooms(app: App) -> None:
    for tab, key in (("Rooms", "rooms"), ("My bookings", "mine")):
        app.see(tab, at=f"tab-{key}", criterion=f"the tab bar shows the {tab} tab")
    app.see(ROOMS_HEADING, criterion="the app opens on the Rooms screen")
    app.see("Booking as Ada", at="current-person", criterion="the app opens with Ada booking")
    app.see_in_order("Atrium (3 places)", "Library (2 places)", "Studio (1 place)",
                     criterion="the rooms are listed in order with their capacity")
    app.see("Studio (1 place)", at="room-studio",
            criterion="a capacity of one uses the singular 'place'")
    app.see_in_order("09:00-10:00", "10:00-11:30", "13:00-14:00",
                     criterion="a room's slots are listed earliest start first")
    app.see("2 of 3 booked", at="slot-status-a1",
            criterion="a slot's status counts the people holding a place of its capacity")
    app.see("2 of 2 booked", at="slot-status-l2",
            criterion="a slot whose every place is held reads as fully booked")
    app.see("0 of 1 booked", at="slot-status-s3", criterion="an empty slot reads 0 booked")
    app.see("Waitlist: Eli", at="slot-waitlist-s1",
            criterion="the waitlist line names the person waiting for a full slot")
    app.see("Waitlist: Ben, Eli", at="slot-waitlist-s2",
            criterion="the waitlist line names the waiting people first to last")
    app.not_see(at="slot-waitlist-a1", timeout_s=0,
                criterion="no waitlist line is shown for a slot nobody waits for")

    switch_to(app, "ben", "Ben")
    open_mine(app, "Ben's bookings")
    open_rooms(app)
    app.see("Booking as Ben", at="current-person",
            criterion="the current person stays chosen across tabs")


@stage("booking")
def test_stage_2_booking(app: App) -> None:
    open_mine(app, "Ada's bookings")
    app.see("Library 11:00-12:00", at="booking-l2", criterion="Ada's seed booking is listed")
    app.see("1 of 3 bookings used", at="booking-count",
            criterion="the count line gives the person's bookings of the daily limit")

    open_rooms(app)
    app.see("Booked", at="slot-action-l2", criterion="a slot the person holds shows 'Booked'")
    act(app, "a1", "Book", "Booked: Atrium 09:00-10:00",
        criterion="booking a free place confirms it in the notice")
    app.see("3 of 3 booked", at="slot-status-a1", criterion="a booking takes one place")
    app.see("Booked", at="slot-action-a1",
            criterion="a slot the person has just booked shows 'Booked'")

    act(app, "l1", "Book", "Refused: overlaps Atrium 09:00-10:00",
        criterion="a slot overlapping one of the person's bookings is refused, naming it")
    app.see("1 of 2 booked", at="slot-status-l1", criterion="a refused booking changes nothing")

    act(app, "l3", "Book", "Booked: Library 14:00-15:00",
        criterion="a slot overlapping none of the person's bookings can be booked")
    act(app, "a3", "Book", "Refused: limit of 3 bookings per day reached",
        criterion="a fourth booking of the day is refused")
    app.see("0 of 3 booked", at="slot-status-a3",
            criterion="a booking refused for the limit changes nothing")

    open_mine(app, "Ada's bookings")
    app.see_in_order("Atrium 09:00-10:00", "Library 11:00-12:00", "Library 14:00-15:00",
                     criterion="My bookings lists the bookings earliest start first")
    app.see("3 of 3 bookings used", at="booking-count",
            criterion="three bookings reach the daily limit")
    app.tap(test_id="cancel-l2")
    app.see("Cancelled: Library 11:00-12:00", at="notice",
            criterion="cancelling a booking confirms it in the notice")
    app.see("2 of 3 bookings used", at="booking-count",
            criterion="a cancelled booking no longer counts")
    app.not_see(at="booking-l2", criterion="a cancelled booking leaves the list")

    open_rooms(app)
    app.see("1 of 2 booked", at="slot-status-l2", criterion="cancelling frees the place")
    act(app, "a3", "Book", "Booked: Atrium 13:00-14:00",
        criterion="a slot that only touches a booking does not overlap it, and a cancelled "
                  "booking frees room under the limit")

    switch_to(app, "ben", "Ben")
    app.see("Booked", at="slot-action-l2", criterion="Ben still holds his place in l2")
    app.see("1 of 3 booked", at="slot-status-a3",
            criterion="Ada's booking is still there after switching people")


@stage("waitlists")
def test_stage_3_waitlists(app: App) -> None:
    act(app, "s2", "Join waitlist", "Waitlisted: Studio 12:00-13:00, position 3",
        criterion="joining a waitlist puts the person at its end")
    app.see("Waitlist: Ben, Eli, Ada", at="slot-waitlist-s2",
            criterion="joining puts the person at the end of the waitlist")
    app.see("On waitlist", at="slot-action-s2",
            criterion="a slot whose waitlist the person is on shows 'On waitlist'")
    act(app, "s1", "Join waitlist", "Refused: overlaps Library 11:00-12:00",
        criterion="joining a waitlist is refused for an overlap like a booking")
    app.see("Waitlist: Eli", at="slot-waitlist-s1", criterion="a refused join changes nothing")

    open_mine(app, "Ada's bookings")
    app.see("Studio 12:00-13:00: waitlist position 3", at="waiting-s2",
            criterion="My bookings lists a waitlist place with the person's position")
    app.see("1 of 3 bookings used", at="booking-count",
            criterion="a waitlist place does not count as a booking")

    switch_to(app, "dev", "Dev")
    app.see("Dev's bookings", criterion="My bookings follows the current person")
    app.tap(test_id="cancel-s2")
    app.see("Cancelled: Studio 12:00-13:00; Ben gets the place", at="notice",
            criterion="cancelling a full slot gives the place to the first waiting person")

    open_rooms(app)
    app.see("1 of 1 booked", at="slot-status-s2", criterion="the freed place is taken again")
    app.see("Waitlist: Eli, Ada", at="slot-waitlist-s2",
            criterion="the promoted person leaves the waitlist and the rest keep their order")

    switch_to(app, "ben", "Ben")
    open_mine(app, "Ben's bookings")
    app.see("Studio 12:00-13:00", at="booking-s2", criterion="the promoted person holds the slot")
    app.see("3 of 3 bookings used", at="booking-count",
            criterion="a place given from the waitlist counts as a booking")

    switch_to(app, "ada", "Ada")
    app.see("Studio 12:00-13:00: waitlist position 2", at="waiting-s2",
            criterion="people behind the promoted person move up one position")
    app.tap(test_id="leave-s2")
    app.see("Left the waitlist: Studio 12:00-13:00", at="notice",
            criterion="leaving a waitlist confirms it in the notice")
    app.not_see(at="waiting-s2", criterion="a waitlist place that was left is no longer listed")
    open_rooms(app)
    app.see("Waitlist: Eli", at="slot-waitlist-s2",
            criterion="the person who left is no longer on the waitlist line")
    app.see("Join waitlist", at="slot-action-s2",
            criterion="after leaving, the full slot offers its waitlist again")


@journey
def test_journey_busy_day(app: App) -> None:
    act(app, "a1", "Book", "Booked: Atrium 09:00-10:00", criterion="Ada takes the last place")
    app.see("3 of 3 booked", at="slot-status-a1",
            criterion="booking the last free place fills the slot")

    switch_to(app, "dev", "Dev")
    act(app, "a1", "Join waitlist", "Waitlisted: Atrium 09:00-10:00, position 1",
        criterion="a slot that only touches a booking can be waited for")
    act(app, "l3", "Book", "Booked: Library 14:00-15:00",
        criterion="a waitlist place does not count against the limit")
    act(app, "a3", "Book", "Refused: limit of 3 bookings per day reached",
        criterion="the limit counts the person's bookings only")

    switch_to(app, "eli", "Eli")
    act(app, "a1", "Join waitlist", "Refused: overlaps Library 09:30-10:30",
        criterion="a waitlist overlapping one of the person's bookings is refused")
    open_mine(app, "Eli's bookings")
    app.tap(test_id="cancel-l1")
    app.see("Cancelled: Library 09:30-10:30", at="notice",
            criterion="cancelling a booking nobody waits for gives the place to nobody")
    app.see("No bookings yet", at="no-bookings", criterion="a person with no bookings is told so")
    app.see("0 of 3 bookings used", at="booking-count",
            criterion="a cancelled booking no longer counts")
    open_rooms(app)
    act(app, "a1", "Join waitlist", "Waitlisted: Atrium 09:00-10:00, position 2",
        criterion="once the overlapping booking is gone the person can wait behind Dev")

    switch_to(app, "cleo", "Cleo")
    open_mine(app, "Cleo's bookings")
    app.tap(test_id="cancel-a1")
    app.tap(test_id="cancel-s1")
    app.see("0 of 3 bookings used", at="booking-count",
            criterion="once Cleo cancels both bookings, Cleo holds none")

    open_rooms(app)
    app.see("3 of 3 booked", at="slot-status-a1",
            criterion="the place Cleo freed in a1 is taken from the waitlist")
    app.not_see(at="slot-waitlist-a1",
                criterion="Dev, at the limit, could not take the place and left the waitlist")
    app.see("1 of 1 booked", at="slot-status-s1",
            criterion="the Studio place Cleo freed is taken by the person waiting for it")
    app.not_see(at="slot-waitlist-s1", criterion="Eli got the Studio place Eli waited for")

    switch_to(app, "eli", "Eli")
    open_mine(app, "Eli's bookings")
    app.see_in_order("Atrium 09:00-10:00", "Studio 10:30-11:30",
                     "Studio 12:00-13:00: waitlist position 2",
                     criterion="Eli got both freed places and still waits for s2")
    app.see("2 of 3 bookings used", at="booking-count",
            criterion="both places Eli was given count as bookings")

    switch_to(app, "dev", "Dev")
    app.see("3 of 3 bookings used", at="booking-count",
            criterion="a person at the limit is not given a freed place")
    app.not_see(at="waiting-a1", criterion="the skipped person is off the a1 waitlist")
    app.see_in_order("Atrium 10:00-11:30", "Studio 12:00-13:00", "Library 14:00-15:00",
                     criterion="Dev's bookings are listed earliest start first")
