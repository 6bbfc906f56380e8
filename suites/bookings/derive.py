"""Independent derivation of every computed string the `bookings` suite asserts.

Standalone (stdlib only, no code shared with the reference app): it models the seed data and
the rules of tasks/bookings/instruction.md (overlaps, the daily limit, waitlists, promotion on a
cancel, leaving) and replays the scenarios of test_bookings.py and functional/, printing each
derived string as JSON ({"<name>": "<string>"}). Run: python3 suites/bookings/derive.py
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

DAY = "Mar 12, 2026"
LIMIT = 3
PEOPLE = {"ada": "Ada", "ben": "Ben", "cleo": "Cleo", "dev": "Dev", "eli": "Eli"}
ROOMS = {"atrium": ("Atrium", 3), "library": ("Library", 2), "studio": ("Studio", 1)}

# slot: (room, start, end, booked by, waitlist first to last), in the seed table's order.
SLOTS: dict[str, tuple[str, str, str, tuple[str, ...], tuple[str, ...]]] = {
    "a1": ("atrium", "09:00", "10:00", ("ben", "cleo"), ()),
    "a2": ("atrium", "10:00", "11:30", ("dev",), ()),
    "a3": ("atrium", "13:00", "14:00", (), ()),
    "l1": ("library", "09:30", "10:30", ("eli",), ()),
    "l2": ("library", "11:00", "12:00", ("ada", "ben"), ()),
    "l3": ("library", "14:00", "15:00", (), ()),
    "s1": ("studio", "10:30", "11:30", ("cleo",), ("eli",)),
    "s2": ("studio", "12:00", "13:00", ("dev",), ("ben", "eli")),
    "s3": ("studio", "14:30", "15:30", (), ()),
}


def minutes(clock: str) -> int:
    hours, mins = clock.split(":")
    return int(hours) * 60 + int(mins)


def time(slot: str) -> str:
    _, start, end, _, _ = SLOTS[slot]
    return f"{start}-{end}"


def label(slot: str) -> str:
    return f"{ROOMS[SLOTS[slot][0]][0]} {time(slot)}"


def capacity(slot: str) -> int:
    return ROOMS[SLOTS[slot][0]][1]


def overlap(one: str, other: str) -> bool:
    """Each starts before the other ends; slots that only touch do not overlap."""
    _, s1, e1, _, _ = SLOTS[one]
    _, s2, e2, _, _ = SLOTS[other]
    return minutes(s1) < minutes(e2) and minutes(s2) < minutes(e1)


def by_start(slots: list[str]) -> list[str]:
    return sorted(slots, key=lambda s: minutes(SLOTS[s][1]))


def room_title(key: str) -> str:
    name, places = ROOMS[key]
    return f"{name} ({places} {'place' if places == 1 else 'places'})"


@dataclass
class House:
    held: dict[str, list[str]] = field(default_factory=dict)
    waiting: dict[str, list[str]] = field(default_factory=dict)
    person: str = "ada"

    def __post_init__(self) -> None:
        for slot, (_, _, _, booked, waitlist) in SLOTS.items():
            self.held[slot] = list(booked)
            self.waiting[slot] = list(waitlist)

    def bookings(self, person: str) -> list[str]:
        return by_start([s for s in SLOTS if person in self.held[s]])

    def refusal(self, person: str, slot: str) -> str | None:
        clashes = [b for b in self.bookings(person) if overlap(b, slot)]
        if clashes:
            return f"Refused: overlaps {label(by_start(clashes)[0])}"
        if len(self.bookings(person)) >= LIMIT:
            return f"Refused: limit of {LIMIT} bookings per day reached"
        return None

    def act(self, slot: str) -> str:
        """The current person presses the slot's Book or Join waitlist; the notice it leaves."""
        person = self.person
        assert person not in self.held[slot] and person not in self.waiting[slot]
        why = self.refusal(person, slot)
        if why:
            return why
        if len(self.held[slot]) < capacity(slot):
            self.held[slot].append(person)
            return f"Booked: {label(slot)}"
        self.waiting[slot].append(person)
        return f"Waitlisted: {label(slot)}, position {len(self.waiting[slot])}"

    def cancel(self, slot: str) -> str:
        self.held[slot].remove(self.person)
        queue = self.waiting[slot]
        for i, candidate in enumerate(queue):
            if self.refusal(candidate, slot) is None:
                self.held[slot].append(candidate)
                self.waiting[slot] = queue[i + 1:]
                return f"Cancelled: {label(slot)}; {PEOPLE[candidate]} gets the place"
        self.waiting[slot] = []
        return f"Cancelled: {label(slot)}"

    def leave(self, slot: str) -> str:
        self.waiting[slot].remove(self.person)
        return f"Left the waitlist: {label(slot)}"

    # What the screens show.
    def status(self, slot: str) -> str:
        return f"{len(self.held[slot])} of {capacity(slot)} booked"

    def waitlist(self, slot: str) -> str | None:
        names = self.waiting[slot]
        return f"Waitlist: {', '.join(PEOPLE[p] for p in names)}" if names else None

    def action(self, slot: str) -> str:
        if self.person in self.held[slot]:
            return "Booked"
        if self.person in self.waiting[slot]:
            return "On waitlist"
        return "Book" if len(self.held[slot]) < capacity(slot) else "Join waitlist"

    def count(self) -> str:
        return f"{len(self.bookings(self.person))} of {LIMIT} bookings used"

    def mine(self) -> list[str]:
        """My bookings, top to bottom: bookings, then waitlist places, each earliest first."""
        rows = [label(s) for s in self.bookings(self.person)] or ["No bookings yet"]
        places = by_start([s for s in SLOTS if self.person in self.waiting[s]])
        return rows + [f"{label(s)}: waitlist position {self.waiting[s].index(self.person) + 1}"
                       for s in places]

    def heading(self) -> str:
        return f"{PEOPLE[self.person]}'s bookings"

    def header(self) -> str:
        return f"Booking as {PEOPLE[self.person]}"


def derive() -> dict[str, str]:
    out: dict[str, str] = {}
    h = House()

    def rooms(prefix: str, *slots: str) -> None:
        for slot in slots:
            out[f"{prefix}.status.{slot}"] = h.status(slot)
            if h.waitlist(slot):
                out[f"{prefix}.waitlist.{slot}"] = h.waitlist(slot) or ""
            out[f"{prefix}.action.{slot}"] = h.action(slot)

    def mine(prefix: str) -> None:
        out[f"{prefix}.heading"] = h.heading()
        out[f"{prefix}.count"] = h.count()
        for i, row in enumerate(h.mine(), 1):
            out[f"{prefix}.row{i}"] = row

    def person(key: str) -> None:
        h.person = key

    # Stage 1: the seed as the app opens.
    out["s1.heading"] = f"Rooms on {DAY}"
    out["s1.header"] = h.header()
    for key in ROOMS:
        out[f"s1.room.{key}"] = room_title(key)
    for slot in ("a1", "a2", "a3"):
        out[f"s1.time.{slot}"] = time(slot)
    rooms("s1", "a1", "l2", "s1", "s2", "s3")
    person("ben")
    out["s1.header.ben"] = h.header()
    out["s1.mine.heading"] = h.heading()

    # Stage 2: booking, refusals and My bookings, as Ada.
    h = House()
    mine("s2.seed")
    out["s2.a1"] = h.act("a1")
    rooms("s2.after-a1", "a1")
    out["s2.l1"] = h.act("l1")
    rooms("s2.after-l1", "l1")
    out["s2.l3"] = h.act("l3")
    out["s2.a3"] = h.act("a3")
    rooms("s2.after-a3", "a3")
    mine("s2.three")
    out["s2.cancel-l2"] = h.cancel("l2")
    mine("s2.cancelled")
    rooms("s2.after-cancel", "l2")
    out["s2.a3.again"] = h.act("a3")
    person("ben")
    rooms("s2.ben", "l2", "a3")

    # Stage 3: waitlists and promotion.
    h = House()
    out["s3.join-s2"] = h.act("s2")
    rooms("s3.after-join", "s2")
    out["s3.join-s1"] = h.act("s1")
    rooms("s3.after-s1", "s1")
    mine("s3.ada")
    person("dev")
    mine("s3.dev")
    out["s3.cancel-s2"] = h.cancel("s2")
    rooms("s3.after-cancel", "s2")
    person("ben")
    mine("s3.ben")
    person("ada")
    mine("s3.ada.after")
    out["s3.leave-s2"] = h.leave("s2")
    mine("s3.ada.left")
    rooms("s3.after-leave", "s2")

    # The journey: a busy day.
    h = House()
    out["j.ada.a1"] = h.act("a1")
    rooms("j.a1", "a1")
    person("dev")
    out["j.dev.a1"] = h.act("a1")
    out["j.dev.l3"] = h.act("l3")
    out["j.dev.a3"] = h.act("a3")
    person("eli")
    out["j.eli.a1"] = h.act("a1")
    out["j.eli.cancel-l1"] = h.cancel("l1")
    mine("j.eli.none")
    out["j.eli.a1.again"] = h.act("a1")
    person("cleo")
    h.cancel("a1")  # the suite reads what the cancels did, not their notices
    h.cancel("s1")
    mine("j.cleo")
    rooms("j.after", "a1", "s1")
    person("eli")
    mine("j.eli")
    person("dev")
    mine("j.dev")

    # Component tests: rules.test.tsx.
    h = House()
    out["c.first.cancel-l2"] = h.cancel("l2")
    for slot in ("a2", "a1", "l1"):
        out[f"c.first.{slot}"] = h.act(slot)
    rooms("c.first", "l1")
    for slot in ("l3", "a3"):
        out[f"c.first.{slot}"] = h.act(slot)
    mine("c.first")

    h = House()
    out["c.earlier.l1"] = h.act("l1")
    out["c.earlier.a2"] = h.act("a2")
    rooms("c.earlier", "l1", "a2")

    h = House()
    for slot in ("a1", "l3", "a2", "l1", "s1", "a3"):
        out[f"c.limit.{slot}"] = h.act(slot)
    rooms("c.limit", "a2", "l1", "s1", "a3")
    mine("c.limit")

    h = House()
    person("cleo")
    for slot in ("l3", "s2", "l2"):
        out[f"c.cleo.{slot}"] = h.act(slot)
    rooms("c.cleo", "s2", "l2")
    mine("c.cleo")

    h = House()
    out["c.notice.a1"] = h.act("a1")
    mine("c.notice.ada")
    out["c.notice.cancel-a1"] = h.cancel("a1")
    person("ben")
    out["c.notice.ben.l1"] = h.act("l1")
    person("ada")
    rooms("c.notice", "a1")

    # Component tests: waitlists.test.tsx.
    h = House()
    person("eli")
    out["c.skip.cancel-l1"] = h.cancel("l1")
    out["c.skip.eli.a1"] = h.act("a1")
    rooms("c.skip.eli", "a1")
    person("ada")
    out["c.skip.ada.a1"] = h.act("a1")
    out["c.skip.ada.l1"] = h.act("l1")
    person("dev")
    out["c.skip.dev.a1"] = h.act("a1")
    rooms("c.skip.dev", "a1")
    person("cleo")
    out["c.skip.cancel-a1"] = h.cancel("a1")
    rooms("c.skip.after", "a1")
    person("ada")
    mine("c.skip.ada")
    person("dev")
    mine("c.skip.dev")

    h = House()
    person("ben")
    out["c.nobody.ben.l3"] = h.act("l3")
    person("eli")
    out["c.nobody.eli.a3"] = h.act("a3")
    out["c.nobody.eli.l3"] = h.act("l3")
    person("dev")
    out["c.nobody.cancel-s2"] = h.cancel("s2")
    mine("c.nobody.dev")
    rooms("c.nobody", "s2")
    person("ben")
    mine("c.nobody.ben")
    person("eli")
    mine("c.nobody.eli")
    person("ada")
    out["c.nobody.ada.s2"] = h.act("s2")
    rooms("c.nobody.after", "s2")

    h = House()
    out["c.before.ada.s2"] = h.act("s2")
    person("ben")
    out["c.before.ben.l3"] = h.act("l3")
    person("dev")
    out["c.before.cancel-s2"] = h.cancel("s2")
    rooms("c.before", "s2")
    person("ada")
    mine("c.before.ada")
    person("eli")
    mine("c.before.eli")

    h = House()
    person("eli")
    out["c.gained.eli.a3"] = h.act("a3")
    person("cleo")
    out["c.gained.cancel-s1"] = h.cancel("s1")
    person("ben")
    out["c.gained.ben.leave-s2"] = h.leave("s2")
    person("dev")
    out["c.gained.cancel-s2"] = h.cancel("s2")
    person("eli")
    mine("c.gained.eli")
    rooms("c.gained", "s2")

    h = House()
    out["c.front.ada.s2"] = h.act("s2")
    person("ben")
    mine("c.front.ben")
    out["c.front.ben.leave-s2"] = h.leave("s2")
    mine("c.front.ben.left")
    person("eli")
    mine("c.front.eli")
    person("ada")
    mine("c.front.ada")
    rooms("c.front", "s2")

    h = House()
    out["c.middle.ada.s2"] = h.act("s2")
    person("eli")
    mine("c.middle.eli")
    out["c.middle.eli.leave-s2"] = h.leave("s2")
    rooms("c.middle.left", "s2")
    out["c.middle.eli.s2"] = h.act("s2")
    rooms("c.middle.rejoined", "s2")
    person("dev")
    out["c.middle.cancel-s2"] = h.cancel("s2")
    person("ada")
    mine("c.middle.ada")
    person("eli")
    mine("c.middle.eli.after")
    return out


if __name__ == "__main__":
    print(json.dumps(derive(), indent=1))
