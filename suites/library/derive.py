"""Independent derivation of every derived string the library suite asserts.

Stdlib only; shares no code with the reference app. It reads nothing but the public seed data
and rules of tasks/library/instruction.md (typed in again below), replays the steps of each
device test and component test, and prints {"<name>": "<string>"} as JSON.

    python3 suites/library/derive.py
"""

from __future__ import annotations

import copy as copying
import datetime as dt
import json

TODAY = dt.date(2026, 4, 15)
LIMIT = 4
# media: (loan days, fine cents a day, cap cents)
MEDIA = {"Book": (21, 25, 500), "DVD": (7, 100, 1000), "Magazine": (14, 10, 200)}
MEMBERS = {"ana": "Ana Reyes", "ben": "Ben Okafor", "cara": "Cara Lind", "dev": "Dev Patel",
           "eli": "Eli Moss"}
TITLES = {  # key: (title, media, copies), in the catalogued order of the spec's table
    "salt-road": ("The Salt Road", "Book", 3), "glass": ("Glass Mountain", "Book", 3),
    "open-water": ("Open Water", "Book", 2), "lantern": ("Lantern Street", "Book", 2),
    "yarrow": ("Yarrow and Thyme", "Book", 1), "moss": ("A Field Guide to Moss", "Book", 2),
    "birch": ("The Birch Letters", "Book", 3), "winter": ("Winter Kitchen", "Book", 2),
    "rivers": ("Atlas of Small Rivers", "Book", 1), "quiet": ("Quiet Hours", "Book", 2),
    "baking": ("Baking by Weight", "Book", 2), "folk": ("Folk Tales of the North", "Book", 1),
    "orchard": ("The Iron Orchard", "Book", 2), "dinner": ("Dinner in Ten", "Book", 2),
    "moon": ("Maps of the Moon", "Book", 1), "repair": ("Home Repair Basics", "Book", 2),
    "paper": ("Paper Boats", "Book", 1), "star": ("Star Charts for Beginners", "Book", 1),
    "linden": ("Under the Linden", "Book", 2), "deep-field": ("Deep Field", "DVD", 1),
    "night-train": ("Night Train to Oslo", "DVD", 2), "jazz": ("Jazz at Midnight", "DVD", 1),
    "clockwork": ("Clockwork Harbor", "DVD", 2), "electric": ("The Electric Garden", "DVD", 2),
    "velvet": ("Velvet Sky", "DVD", 1), "knitting": ("Knitting Now", "Magazine", 2),
    "coastal": ("Coastal Birds Monthly", "Magazine", 2), "tide": ("Tide Tables", "Magazine", 1),
}
NAME_TO_KEY = {v[0]: k for k, v in TITLES.items()}
SEED_LOANS = [  # member, title, copy, checked out, renewed
    ("ana", "The Salt Road", 1, dt.date(2026, 3, 20), False),
    ("ana", "Knitting Now", 1, dt.date(2026, 4, 8), False),
    ("ana", "Glass Mountain", 2, dt.date(2026, 4, 1), False),
    ("ana", "Open Water", 1, dt.date(2026, 4, 14), False),
    ("ben", "Deep Field", 1, dt.date(2026, 3, 27), False),
    ("ben", "The Salt Road", 2, dt.date(2026, 4, 2), False),
    ("cara", "The Salt Road", 3, dt.date(2026, 3, 25), False),
    ("cara", "Coastal Birds Monthly", 1, dt.date(2026, 3, 10), False),
    ("dev", "Night Train to Oslo", 1, dt.date(2026, 4, 5), False),
    ("dev", "Lantern Street", 1, dt.date(2026, 3, 10), True),
    ("eli", "Jazz at Midnight", 1, dt.date(2026, 4, 5), False),
]
SEED_QUEUES = {"The Salt Road": ["dev", "eli"], "Deep Field": ["cara"]}


def fmt(d: dt.date) -> str:
    return f"{d.strftime('%b')} {d.day}, {d.year}"


def usd(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


def sort_name(title: str) -> str:
    return title[4:] if title.startswith("The ") else title


def period(title: str) -> int:
    return MEDIA[TITLES[NAME_TO_KEY[title]][1]][0]


class Desk:
    def __init__(self) -> None:
        self.loans = []  # dicts: member, title, copy, due, renewed
        for member, title, copy, out, renewed in SEED_LOANS:
            days = period(title) * (2 if renewed else 1)
            self.loans.append({"member": member, "title": title, "copy": copy,
                               "due": out + dt.timedelta(days=days), "renewed": renewed})
        self.queues = copying.deepcopy(SEED_QUEUES)
        self.kept: dict[tuple[str, int], str] = {}  # (title, copy) -> member
        self.member_holds: dict[str, list[str]] = {"dev": ["The Salt Road"], "eli": ["The Salt Road"],
                                                   "cara": ["Deep Field"]}
        self.charged: dict[str, int] = {}

    # -- what is shown
    def late(self, loan: dict) -> int:
        return max(0, (TODAY - loan["due"]).days)

    def fine(self, loan: dict) -> int:
        _, rate, cap = MEDIA[TITLES[NAME_TO_KEY[loan["title"]]][1]]
        return min(self.late(loan) * rate, cap)

    def free(self, title: str) -> list[int]:
        total = TITLES[NAME_TO_KEY[title]][2]
        taken = {l["copy"] for l in self.loans if l["title"] == title}
        taken |= {c for (t, c) in self.kept if t == title}
        return [c for c in range(1, total + 1) if c not in taken]

    def avail(self, title: str) -> str:
        return f"{len(self.free(title))} of {TITLES[NAME_TO_KEY[title]][2]} available"

    def holds_row(self, title: str) -> str | None:
        n = len(self.queues.get(title, []))
        return None if n == 0 else ("1 hold" if n == 1 else f"{n} holds")

    def copy_text(self, title: str, copy: int) -> str:
        for l in self.loans:
            if l["title"] == title and l["copy"] == copy:
                return f"Copy {copy}: on loan, due {fmt(l['due'])}"
        if (title, copy) in self.kept:
            return f"Copy {copy}: ready for pickup for {MEMBERS[self.kept[(title, copy)]]}"
        return f"Copy {copy}: available"

    def member_loans(self, member: str) -> list[dict]:
        mine = [l for l in self.loans if l["member"] == member]
        return sorted(mine, key=lambda l: (l["due"], sort_name(l["title"])))

    def fines(self, member: str) -> str:
        accruing = sum(self.fine(l) for l in self.loans if l["member"] == member)
        return "Fines: " + usd(accruing + self.charged.get(member, 0))

    def loans_text(self, member: str) -> str:
        return f"Loans: {sum(1 for l in self.loans if l['member'] == member)} of {LIMIT}"

    def note(self, loan: dict) -> str:
        d = (TODAY - loan["due"]).days
        if d > 0:
            return f"Overdue by {d} day" + ("" if d == 1 else "s")
        if d == 0:
            return "Due today"
        return f"Due in {-d} day" + ("" if d == -1 else "s")

    def overdue(self) -> list[dict]:
        late = [l for l in self.loans if self.late(l) > 0]
        return sorted(late, key=lambda l: (-self.late(l), sort_name(l["title"])))

    def overdue_count(self) -> str:
        n = len(self.overdue())
        return "1 overdue loan" if n == 1 else f"{n} overdue loans"

    def overdue_total(self) -> str:
        return "Fines on overdue loans: " + usd(sum(self.fine(l) for l in self.overdue()))

    def hold_text(self, member: str, title: str) -> str:
        if any(m == member and t == title for (t, _), m in self.kept.items()):
            return f"{title}: ready for pickup"
        return f"{title}: #{self.queues[title].index(member) + 1} in line"

    # -- actions
    def checkout(self, member: str, title: str) -> tuple[str, str]:
        if sum(1 for l in self.loans if l["member"] == member) >= LIMIT:
            return "error", f"{MEMBERS[member]} is at the limit of {LIMIT} loans"
        mine = [c for (t, c), m in self.kept.items() if t == title and m == member]
        if mine:
            copy = mine[0]
            del self.kept[(title, copy)]
            self.member_holds[member].remove(title)
        elif self.free(title):
            copy = self.free(title)[0]
        else:
            return "error", "No copy is available: place a hold instead"
        due = TODAY + dt.timedelta(days=period(title))
        self.loans.append({"member": member, "title": title, "copy": copy, "due": due,
                           "renewed": False})
        return "notice", f"Copy {copy} checked out to {MEMBERS[member]}, due {fmt(due)}"

    def place_hold(self, member: str, title: str) -> tuple[str, str]:
        if self.free(title):
            return "error", "A copy is available: check it out instead"
        if title in self.member_holds.get(member, []):
            return "error", f"{MEMBERS[member]} already has a hold on this title"
        self.queues.setdefault(title, []).append(member)
        self.member_holds.setdefault(member, []).append(title)
        return "notice", f"Hold placed for {MEMBERS[member]}: #{len(self.queues[title])} in line"

    def renew(self, member: str, i: int) -> tuple[str, str]:
        loan = self.member_loans(member)[i - 1]
        waiting = len(self.queues.get(loan["title"], []))
        if waiting:
            verb = "is" if waiting == 1 else "are"
            holds = "1 hold" if waiting == 1 else f"{waiting} holds"
            return "error", f"Cannot renew: {holds} {verb} waiting for {loan['title']}"
        if self.late(loan) > 0:
            return "error", "Cannot renew: this loan is overdue"
        if loan["renewed"]:
            return "error", "Cannot renew: already renewed once"
        loan["due"] += dt.timedelta(days=period(loan["title"]))
        loan["renewed"] = True
        return "notice", f"Renewed: now due {fmt(loan['due'])}"

    def confirm_text(self, member: str, i: int) -> tuple[str, str | None]:
        loan = self.member_loans(member)[i - 1]
        fine = self.fine(loan)
        return (f"Return {loan['title']}, copy {loan['copy']}, from {MEMBERS[member]}?",
                f"A fine of {usd(fine)} will be charged" if fine else None)

    def give_back(self, member: str, i: int) -> str:
        loan = self.member_loans(member)[i - 1]
        self.charged[member] = self.charged.get(member, 0) + self.fine(loan)
        self.loans.remove(loan)
        head = f"{loan['title']}, copy {loan['copy']}, returned"
        queue = self.queues.get(loan["title"], [])
        if queue:
            first = queue.pop(0)
            self.kept[(loan["title"], loan["copy"])] = first
            return f"{head}: ready for pickup for {MEMBERS[first]}"
        return f"{head}: now available"

    def ready(self, member: str) -> str | None:
        n = sum(1 for m in self.kept.values() if m == member)
        return f"{n} ready for pickup" if n else None


def derive() -> dict[str, str]:
    out: dict[str, str] = {}

    def put(name: str, value: object) -> None:
        out[name] = "<absent>" if value is None else str(value)

    desk = Desk()
    catalogue = sorted(TITLES.values(), key=lambda t: sort_name(t[0]))
    put("today", f"Today: {fmt(TODAY)}")
    put("title-count", f"{len(TITLES)} titles")
    put("catalogue-order", " | ".join(t[0] for t in catalogue))
    put("catalogue-keys", " ".join("open-" + NAME_TO_KEY[t[0]] for t in catalogue))
    for key, (title, media, _) in TITLES.items():
        put(f"row-avail-{key}", desk.avail(title))
        put(f"row-media-{key}", media)
        put(f"row-holds-{key}", desk.holds_row(title))
    for media, (days, rate, cap) in MEDIA.items():
        put(f"rules-{media}", f"{days}-day loans, {usd(rate)} a day late, up to {usd(cap)}")
    for title in ("The Salt Road", "Deep Field", "Knitting Now"):
        for c in range(1, TITLES[NAME_TO_KEY[title]][2] + 1):
            put(f"{title}/copy-{c}", desk.copy_text(title, c))
        for n, m in enumerate(desk.queues.get(title, []), 1):
            put(f"{title}/queue-{n}", f"{n}. {MEMBERS[m]}")
    for m in MEMBERS:
        put(f"member-loans-{m}", desk.loans_text(m))
        put(f"member-fines-{m}", desk.fines(m))
        for n, loan in enumerate(desk.member_loans(m), 1):
            put(f"{m}/loan-{n}", f"{loan['title']} | {TITLES[NAME_TO_KEY[loan['title']]][1]}, copy "
                f"{loan['copy']} | Due {fmt(loan['due'])} | {desk.note(loan)} | "
                + (f"Fine: {usd(desk.fine(loan))}" if desk.fine(loan) else "no fine"))
        for n, title in enumerate(desk.member_holds.get(m, []), 1):
            put(f"{m}/hold-{n}", desk.hold_text(m, title))
    put("overdue-count", desk.overdue_count())
    for n, loan in enumerate(desk.overdue(), 1):
        put(f"overdue-{n}", f"{loan['title']} | {MEMBERS[loan['member']]} | "
            f"Overdue by {desk.late(loan)} days | Fine: {usd(desk.fine(loan))}")
    put("overdue-total", desk.overdue_total())

    # Stage 2's renewals.
    s2 = Desk()
    put("s2/ana renew-1", s2.renew("ana", 1))
    put("s2/ana renew-3", s2.renew("ana", 3))
    put("s2/ana loan-4", s2.member_loans("ana")[3]["title"] + " " + fmt(s2.member_loans("ana")[3]["due"]))
    put("s2/ana loan-due-4", "Due " + fmt(s2.member_loans("ana")[3]["due"]))
    put("s2/ana renew-4", s2.renew("ana", 4))
    put("s2/dev renew-1", s2.renew("dev", 1))
    put("s2/dev renew-2", s2.renew("dev", 2))
    put("s2/cara renew-2", s2.renew("cara", 2))
    put("s2/ben renew-1", s2.renew("ben", 1))

    # Stage 3.
    s3 = Desk()
    put("s3/glass hold eli", s3.place_hold("eli", "Glass Mountain"))
    put("s3/glass checkout eli", s3.checkout("eli", "Glass Mountain"))
    put("s3/glass avail", s3.avail("Glass Mountain"))
    put("s3/glass copy-1", s3.copy_text("Glass Mountain", 1))
    put("s3/glass copy-3", s3.copy_text("Glass Mountain", 3))
    put("s3/glass checkout ana", s3.checkout("ana", "Glass Mountain"))
    put("s3/jazz checkout ben", s3.checkout("ben", "Jazz at Midnight"))
    put("s3/jazz hold ben", s3.place_hold("ben", "Jazz at Midnight"))
    put("s3/jazz queue-1", f"1. {MEMBERS[s3.queues['Jazz at Midnight'][0]]}")
    put("s3/jazz hold ben again", s3.place_hold("ben", "Jazz at Midnight"))
    put("s3/eli loans", s3.loans_text("eli"))
    put("s3/cara confirm-2", s3.confirm_text("cara", 2))
    put("s3/cara return-2", s3.give_back("cara", 2))
    put("s3/cara loans", s3.loans_text("cara"))
    put("s3/cara confirm-1", s3.confirm_text("cara", 1))
    put("s3/cara return-1", s3.give_back("cara", 1))
    put("s3/cara fines", s3.fines("cara"))
    put("s3/cara loans after", s3.loans_text("cara"))
    put("s3/dev ready", s3.ready("dev"))
    put("s3/dev hold-1", s3.hold_text("dev", "The Salt Road"))
    put("s3/salt holds row", s3.holds_row("The Salt Road"))
    put("s3/salt copy-3", s3.copy_text("The Salt Road", 3))
    put("s3/salt queue-1", f"1. {MEMBERS[s3.queues['The Salt Road'][0]]}")
    put("s3/salt checkout eli", s3.checkout("eli", "The Salt Road"))
    put("s3/salt checkout dev", s3.checkout("dev", "The Salt Road"))
    put("s3/salt copy-3 after", s3.copy_text("The Salt Road", 3))
    put("s3/overdue-count", s3.overdue_count())
    put("s3/overdue-total", s3.overdue_total())

    # The journey.
    j = Desk()
    put("j/ben confirm-1", j.confirm_text("ben", 1))
    put("j/ben return-1", j.give_back("ben", 1))
    put("j/ben fines", j.fines("ben"))
    put("j/ben renew-1", j.renew("ben", 1))
    put("j/ana return-1", j.give_back("ana", 1))
    put("j/ana loans", j.loans_text("ana"))
    put("j/ana fines", j.fines("ana"))
    put("j/cara return-2", j.give_back("cara", 2))
    put("j/cara hold-1", j.hold_text("cara", "Deep Field"))
    put("j/ben renew-1 again", j.renew("ben", 1))
    put("j/ben loan-due-1", "Due " + fmt(j.member_loans("ben")[0]["due"]))
    for m in ("cara", "dev", "eli"):
        put(f"j/ready-{m}", j.ready(m))
    put("j/salt holds row", j.holds_row("The Salt Road"))
    for c in (1, 2, 3):
        put(f"j/salt copy-{c}", j.copy_text("The Salt Road", c))
    put("j/salt avail", j.avail("The Salt Road"))
    put("j/salt checkout ana", j.checkout("ana", "The Salt Road"))
    put("j/salt checkout dev", j.checkout("dev", "The Salt Road"))
    put("j/deep checkout cara", j.checkout("cara", "Deep Field"))
    put("j/clockwork checkout ana", j.checkout("ana", "Clockwork Harbor"))
    put("j/clockwork checkout ana again", j.checkout("ana", "Clockwork Harbor"))
    put("j/clockwork avail", j.avail("Clockwork Harbor"))
    put("j/overdue-count", j.overdue_count())
    put("j/overdue-order", " | ".join(l["title"] for l in j.overdue()))
    put("j/overdue-total", j.overdue_total())
    for m in ("ana", "ben", "cara", "dev"):
        put(f"j/{m}", f"{j.loans_text(m)} | {j.fines(m)}")
    put("j/ready-dev end", j.ready("dev"))
    put("j/ready-eli end", j.ready("eli"))

    # Component tests' own scenarios.
    f = Desk()
    put("f/glass checkout dev", f.checkout("dev", "Glass Mountain"))
    put("f/dev loans", f.loans_text("dev"))
    f = Desk()
    put("f/clockwork dev 1", f.checkout("dev", "Clockwork Harbor"))
    put("f/clockwork dev 2", f.checkout("dev", "Clockwork Harbor"))
    put("f/tide dev", f.checkout("dev", "Tide Tables"))
    put("f/coastal eli", f.checkout("eli", "Coastal Birds Monthly"))
    f = Desk()
    put("f/ana renew-1", f.renew("ana", 1))
    put("f/ana renew-2", f.renew("ana", 2))
    put("f/ana order", " | ".join(l["title"] for l in f.member_loans("ana")))
    put("f/ana renew-4", f.renew("ana", 4))
    put("f/ben renew-1", f.renew("ben", 1))
    f = Desk()
    put("f/ana confirm-1", f.confirm_text("ana", 1))
    put("f/ana return-1", f.give_back("ana", 1))
    put("f/ana after", f"{f.loans_text('ana')} | {f.fines('ana')}")
    put("f/salt copy-1", f.copy_text("The Salt Road", 1))
    f = Desk()
    put("f/cara return-2", f.give_back("cara", 2))
    put("f/salt hold dev", f.place_hold("dev", "The Salt Road"))
    put("f/salt hold ben", f.place_hold("ben", "The Salt Road"))
    put("f/salt queue-2", f"2. {MEMBERS[f.queues['The Salt Road'][1]]}")
    f = Desk()
    f.give_back("cara", 2)
    put("f/ben return-2", f.give_back("ben", 2))
    put("f/ana return-1 (pickup)", f.give_back("ana", 1))
    put("f/salt avail", f.avail("The Salt Road"))
    put("f/salt checkout dev", f.checkout("dev", "The Salt Road"))
    put("f/salt copy-1 after", f.copy_text("The Salt Road", 1))
    put("f/salt copy-2", f.copy_text("The Salt Road", 2))
    f = Desk()
    for member in ("cara", "ben", "ana", "eli"):
        f.give_back(member, 1)
    put("f/overdue-count one", f.overdue_count())
    put("f/overdue-total one", f.overdue_total())
    put("f/ben fines", f.fines("ben"))
    put("f/eli", f"{f.loans_text('eli')} | {f.fines('eli')}")
    return out


if __name__ == "__main__":
    print(json.dumps(derive(), indent=1, ensure_ascii=False))
