"""Independent derivation of every computed string the `gradebook` suite asserts.

Standalone (stdlib only, no code shared with the reference app): it models the seed data and
the rules of tasks/gradebook/instruction.md and replays the suite's scenarios, printing each
derived string as JSON ({"<name>": "<string>"}). Run: python3 suites/gradebook/derive.py

Scores are exact `Fraction`s and every rounding is "half up" on them, as the rules say.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from fractions import Fraction

TODAY = (11, 20)  # Nov 20, 2026
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

# key: (name, weight in percent, drops its lowest score)
CATEGORIES: dict[str, tuple[str, int, bool]] = {
    "labs": ("Labs", 25, True),
    "reports": ("Reports", 35, False),
    "tests": ("Tests", 40, False),
}


@dataclass(frozen=True)
class Assessment:
    key: str
    name: str
    category: str
    out_of: int
    month: int
    day: int

    @property
    def held(self) -> bool:
        return (self.month, self.day) <= TODAY

    @property
    def date(self) -> str:
        return f"{MONTHS[self.month - 1]} {self.day}"


ASSESSMENTS = (
    Assessment("lab1", "Lab 1", "labs", 10, 9, 11),
    Assessment("lab2", "Lab 2", "labs", 10, 9, 25),
    Assessment("lab3", "Lab 3", "labs", 10, 10, 16),
    Assessment("lab4", "Lab 4", "labs", 10, 11, 24),
    Assessment("r1", "Report 1", "reports", 20, 9, 18),
    Assessment("r2", "Report 2", "reports", 24, 10, 9),
    Assessment("r3", "Report 3", "reports", 15, 11, 20),
    Assessment("mid", "Midterm", "tests", 100, 10, 23),
    Assessment("final", "Final test", "tests", 120, 12, 14),
)
BY_KEY = {a.key: a for a in ASSESSMENTS}

COURSES = {"bio": "Biology 101", "chem": "Chemistry 110"}
# key: (first name, surname, course)
STUDENTS: dict[str, tuple[str, str, str]] = {
    "lena": ("Lena", "Okafor", "bio"),
    "maya": ("Maya", "Chen", "bio"),
    "arun": ("Arun", "Chen", "bio"),
    "sofia": ("Sofia", "Ruiz", "bio"),
    "tom": ("Tom", "Becker", "bio"),
    "noor": ("Noor", "Haddad", "bio"),
    "ivan": ("Ivan", "Petrov", "chem"),
    "grace": ("Grace", "Lin", "chem"),
    "omar": ("Omar", "Farah", "chem"),
    "julia": ("Julia", "Novak", "chem"),
}

# The seed scores table, columns lab1 lab2 lab3 r1 r2 mid; None is not graded.
SEED_COLUMNS = ("lab1", "lab2", "lab3", "r1", "r2", "mid")
SEED_ROWS: dict[str, tuple[str | None, ...]] = {
    "lena": ("9", "7", "10", "17", "21", "82"),
    "maya": ("10", "9", "9", "19", "23", "91"),
    "arun": ("7", "9", "7", "15", "20.5", "77"),
    "sofia": ("8", "8", "9", "15", "21", "84"),
    "tom": ("10", None, "6", "18", "18.5", "86"),
    "noor": ("6", "6", "8", "12", None, "64"),
    "ivan": ("9", "10", "9", "17", "23", "86"),
    "grace": ("10", "9", "9", "19.5", "23.5", "95"),
    "omar": ("5", "8", "7", "14", "16", None),
    "julia": ("8", "9", "8", "20", "23", "73"),
}

SCALE = (("A", 93), ("A-", 90), ("B+", 87), ("B", 83), ("B-", 80), ("C+", 77), ("C", 73),
         ("C-", 70), ("D", 60))


def one_decimal(value: Fraction) -> Fraction:
    """Rounded half up to one decimal."""
    return Fraction(math.floor(value * 10 + Fraction(1, 2)), 10)


def percent(value: Fraction) -> str:
    return f"{float(value):.1f}%"


def points(value: Fraction) -> str:
    return str(value.numerator // value.denominator) if value.denominator == 1 \
        else f"{float(value):.1f}"


def letter(average: Fraction) -> str:
    return next((name for name, bound in SCALE if average >= bound), "F")


def name_of(student: str) -> str:
    first, surname, _ = STUDENTS[student]
    return f"{first} {surname}"


def surname_order(student: str) -> tuple[str, str]:
    first, surname, _ = STUDENTS[student]
    return surname, first


class Gradebook:
    def __init__(self) -> None:
        self.scores: dict[tuple[str, str], Fraction] = {}
        for student, row in SEED_ROWS.items():
            for column, value in zip(SEED_COLUMNS, row, strict=True):
                if value is not None:
                    self.scores[(student, column)] = Fraction(value)

    def graded(self, student: str, category: str) -> list[Assessment]:
        return [a for a in ASSESSMENTS
                if a.category == category and (student, a.key) in self.scores]

    def dropped(self, student: str, category: str) -> str | None:
        graded = self.graded(student, category)
        if not CATEGORIES[category][2] or len(graded) < 3:
            return None
        lowest = graded[0]  # in date order: the earliest of equal lowest stays
        for a in graded[1:]:
            if self.scores[(student, a.key)] / a.out_of < \
                    self.scores[(student, lowest.key)] / lowest.out_of:
                lowest = a
        return lowest.key

    def kept(self, student: str, category: str) -> list[Assessment]:
        dropped = self.dropped(student, category)
        return [a for a in self.graded(student, category) if a.key != dropped]

    def kept_points(self, student: str, category: str) -> tuple[Fraction, int]:
        kept = self.kept(student, category)
        return (sum((self.scores[(student, a.key)] for a in kept), Fraction(0)),
                sum(a.out_of for a in kept))

    def category_percent(self, student: str, category: str) -> Fraction | None:
        got, out_of = self.kept_points(student, category)
        return one_decimal(got / out_of * 100) if out_of else None

    def average(self, student: str) -> Fraction:
        weighted, weights = Fraction(0), 0
        for category, (_, weight, _) in CATEGORIES.items():
            share = self.category_percent(student, category)
            if share is not None:
                weighted += weight * share
                weights += weight
        return one_decimal(weighted / weights)

    def course_students(self, course: str) -> list[str]:
        return [s for s, (_, _, c) in STUDENTS.items() if c == course]

    def rank(self, student: str) -> int:
        mine = self.average(student)
        course = STUDENTS[student][2]
        return 1 + sum(self.average(other) > mine for other in self.course_students(course))

    def class_average(self, course: str) -> Fraction:
        averages = [self.average(s) for s in self.course_students(course)]
        return one_decimal(sum(averages, Fraction(0)) / len(averages))

    def by_average(self, course: str) -> list[str]:
        return sorted(self.course_students(course),
                      key=lambda s: (-self.average(s), surname_order(s)))

    def by_name(self, course: str) -> list[str]:
        return sorted(self.course_students(course), key=surname_order)

    def score_text(self, student: str, key: str) -> str:
        a = BY_KEY[key]
        if not a.held:
            return f"Due {a.date}"
        score = self.scores.get((student, key))
        return "Not graded" if score is None else f"{points(score)} / {a.out_of}"

    def current(self, student: str, key: str) -> str:
        score = self.scores.get((student, key))
        return "Not graded yet" if score is None \
            else f"Current score: {points(score)} / {BY_KEY[key].out_of}"

    def save(self, student: str, key: str, typed: str) -> dict[str, str]:
        """Saves a valid score and returns the form's texts after it."""
        a = BY_KEY[key]
        text = typed.strip()
        whole, _, tenth = text.partition(".")
        valid = whole.isdigit() and (text == whole or (len(tenth) == 1 and tenth.isdigit()))
        if not valid or Fraction(text) > a.out_of:
            return {"error": f"Score must be a number from 0 to {a.out_of}"}
        before = (self.average(student), self.rank(student))
        self.scores[(student, key)] = Fraction(text)
        after = self.average(student)
        course_size = len(self.course_students(STUDENTS[student][2]))
        return {
            "saved": f"Saved {a.name}: {points(Fraction(text))} / {a.out_of} "
                     f"for {name_of(student)}",
            "average": f"Average: {percent(after)} (was {percent(before[0])})",
            "letter": f"Letter: {letter(after)} (was {letter(before[0])})",
            "rank": f"Rank: {self.rank(student)} of {course_size} (was {before[1]})",
            "current": self.current(student, key),
        }

    # -- the screens' texts ---------------------------------------------------------------------

    def course_list(self, course: str) -> dict[str, str]:
        return {"students": f"{len(self.course_students(course))} students",
                "avg": f"Class average: {percent(self.class_average(course))}"}

    def roster(self, course: str) -> dict[str, str]:
        out = {"class": f"Class average: {percent(self.class_average(course))} "
                        f"({letter(self.class_average(course))})",
               "by-average": " | ".join(name_of(s) for s in self.by_average(course)),
               "by-name": " | ".join(name_of(s) for s in self.by_name(course))}
        for s in self.course_students(course):
            out[f"{s}.rank"] = f"#{self.rank(s)}"
            out[f"{s}.avg"] = percent(self.average(s))
            out[f"{s}.letter"] = letter(self.average(s))
        return out

    def student(self, student: str) -> dict[str, str]:
        size = len(self.course_students(STUDENTS[student][2]))
        out = {"avg": f"Average: {percent(self.average(student))}",
               "letter": f"Letter: {letter(self.average(student))}",
               "rank": f"Rank: {self.rank(student)} of {size}"}
        for category, (_, weight, _) in CATEGORIES.items():
            share = self.category_percent(student, category)
            out[f"{category}.weight"] = f"Weight {weight}%"
            out[f"{category}.pct"] = "No scores" if share is None else percent(share)
        return out

    def category(self, student: str, category: str) -> dict[str, str]:
        out = {"student": name_of(student)}
        for a in ASSESSMENTS:
            if a.category == category:
                out[f"{a.key}.score"] = self.score_text(student, a.key)
        dropped = self.dropped(student, category)
        out["dropped"] = "Dropped" if dropped else ""
        out["dropped.at"] = f"dropped-{dropped}" if dropped else ""
        share = self.category_percent(student, category)
        if share is None:
            out["total"] = "No scores yet"
        else:
            got, out_of = self.kept_points(student, category)
            out["points"] = f"Kept: {points(got)} / {out_of}"
            out["total"] = f"Category: {percent(share)}"
        return out


def derive() -> dict[str, str]:
    out: dict[str, str] = {}

    def put(prefix: str, values: dict[str, str]) -> None:
        for name, value in values.items():
            out[f"{prefix}.{name}"] = value

    def pick(prefix: str, values: dict[str, str], *names: str) -> None:
        put(prefix, {name: values[name] for name in names})

    # The seed standings: the screens the suite reads (stages 1 and 2, component tests).
    book = Gradebook()
    for course in COURSES:
        put(f"seed.list.{course}", book.course_list(course))
        put(f"seed.roster.{course}", book.roster(course))
    pick("seed.student.arun", book.student("arun"), "avg", "letter", "rank", "labs.weight",
         "labs.pct", "reports.weight", "reports.pct", "tests.weight", "tests.pct")
    pick("seed.student.sofia", book.student("sofia"), "avg", "rank", "labs.pct")
    pick("seed.student.noor", book.student("noor"), "reports.pct")
    pick("seed.student.omar", book.student("omar"), "avg", "letter", "labs.pct",
         "reports.pct", "tests.pct")
    pick("seed.student.ivan", book.student("ivan"), "avg", "letter", "rank")
    put("seed.cat.arun.labs", book.category("arun", "labs"))
    put("seed.cat.arun.reports", book.category("arun", "reports"))
    put("seed.cat.sofia.labs", book.category("sofia", "labs"))
    put("seed.cat.tom.labs", book.category("tom", "labs"))
    pick("seed.cat.noor.reports", book.category("noor", "reports"), "r2.score")
    put("seed.cat.omar.tests", book.category("omar", "tests"))
    out["rules.weights"] = " | ".join(f"{name}: {weight}%"
                                      for name, weight, _ in CATEGORIES.values())
    out["rules.today"] = "Today: Nov 20, 2026"

    # Stage 3: Arun Chen's and Sofia Ruiz's Report 3, then the roster.
    book = Gradebook()
    out["s3.max.lab2"] = f"Out of {BY_KEY['lab2'].out_of}"
    out["s3.current.arun.lab2"] = book.current("arun", "lab2")
    out["s3.max.r3"] = f"Out of {BY_KEY['r3'].out_of}"
    out["s3.current.arun.r3"] = book.current("arun", "r3")
    out["s3.error.16"] = book.save("arun", "r3", "16")["error"]
    out["s3.error.14.25"] = book.save("arun", "r3", "14.25")["error"]
    put("s3.arun", book.save("arun", "r3", "15"))
    pick("s3.sofia", book.save("sofia", "r3", "15"), "average", "letter", "rank")
    put("s3.roster.bio", book.roster("bio"))

    # The journey: a week of grading.
    book = Gradebook()
    out["j.current.tom.lab2"] = book.current("tom", "lab2")
    pick("j.tom", book.save("tom", "lab2", "5"), "saved", "average")
    out["j.current.lena.mid"] = book.current("lena", "mid")
    pick("j.lena", book.save("lena", "mid", "100"), "average", "letter", "rank")
    pick("j.maya", book.save("maya", "r3", "6"), "average", "letter", "rank")
    pick("j.noor", book.save("noor", "r2", "24"), "average", "letter")
    pick("j.ivan", book.save("ivan", "r3", "13.5"), "saved", "average", "letter")
    for course in COURSES:
        put(f"j.list.{course}", book.course_list(course))
    put("j.roster.bio", book.roster("bio"))
    put("j.cat.tom.labs", book.category("tom", "labs"))

    # Component tests.
    book = Gradebook()
    out["c.chem.by-name.ids"] = " | ".join(f"student-{s}" for s in book.by_name("chem"))
    out["c.bio.by-name.ids"] = " | ".join(f"student-{s}" for s in book.by_name("bio"))
    out["c.entry.r2.max"] = f"Out of {BY_KEY['r2'].out_of}"
    out["c.entry.noor.r2"] = book.current("noor", "r2")
    for bad in ("25", "", "abc", "-1", "3.25"):
        out[f"c.entry.noor.r2.error[{bad}]"] = book.save("noor", "r2", bad)["error"]
    out["c.entry.noor.r1"] = book.current("noor", "r1")
    out["c.entry.students.chem"] = " | ".join(f"entry-student-{s}" for s in book.by_name("chem"))
    out["c.entry.held.reports"] = " | ".join(
        f"entry-assess-{a.key}" for a in ASSESSMENTS if a.category == "reports" and a.held)
    out["c.entry.held.labs"] = " | ".join(
        f"entry-assess-{a.key}" for a in ASSESSMENTS if a.category == "labs" and a.held)
    out["c.entry.held.tests"] = " | ".join(
        f"entry-assess-{a.key}" for a in ASSESSMENTS if a.category == "tests" and a.held)

    book = Gradebook()
    put("c.zero.tom", book.save("tom", "lab2", "0"))
    put("c.zero.cat.tom.labs", book.category("tom", "labs"))

    book = Gradebook()
    pick("c.half.tom", book.save("tom", "r3", "7.5"), "saved", "average", "letter", "rank")
    put("c.half.list.bio", book.course_list("bio"))
    pick("c.half.roster.bio", book.roster("bio"), "sofia.rank", "tom.rank", "tom.letter")
    out["c.half.roster.bio.ids"] = " | ".join(f"student-{s}" for s in book.by_average("bio"))

    book = Gradebook()
    out["c.mid.max"] = f"Out of {BY_KEY['mid'].out_of}"
    pick("c.mid.omar", book.save("omar", "mid", "59.5"), "average", "letter", "rank")
    put("c.mid.list.chem", book.course_list("chem"))
    pick("c.mid.student.omar", book.student("omar"), "tests.pct")
    return out


if __name__ == "__main__":
    print(json.dumps(derive(), indent=1))
