"""Derive every computed string the habits suite asserts, from the public rules alone.

Standalone (stdlib only, no code shared with the reference app): it re-reads the seed table of
tasks/habits/instruction.md as data written out below, applies the rules of the instruction in
their own words, and replays the scenarios of the device tests and component tests. Prints
{"<name>": "<string>"} as JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

TODAY = date(2026, 3, 18)
THIS_MONDAY = TODAY - timedelta(days=TODAY.weekday())
LAST_MONDAY = THIS_MONDAY - timedelta(days=7)


def d(month: int, day: int) -> date:
    return date(2026, month, day)


def days(first: date, last: date) -> list[date]:
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]


@dataclass
class Habit:
    key: str
    name: str
    kind: str  # "daily" | "weekdays" | "weekly"
    started: date
    checks: set[date]
    per_week: int = 0
    archived: bool = False
    extra: dict[str, str] = field(default_factory=dict)


def seed() -> dict[str, Habit]:
    walk = {x for x in days(d(2, 16), d(3, 17))} - {d(2, 25), d(3, 8)}
    standup = {x for x in days(d(2, 16), d(3, 18)) if x.weekday() < 5} - {d(2, 27)}
    gym = {d(2, 16), d(2, 18), d(2, 20), d(2, 21), d(2, 23), d(2, 25), d(2, 27), d(3, 1),
           d(3, 3), d(3, 5), d(3, 7), d(3, 9), d(3, 10), d(3, 12), d(3, 14), d(3, 15),
           d(3, 16), d(3, 17)}
    read = {x for x in days(d(3, 2), d(3, 16))} - {d(3, 10), d(3, 14)}
    stretch = {x for x in days(d(2, 23), d(3, 17)) if x.weekday() < 5} - {d(3, 6)}
    journal = {d(2, 17), d(2, 19), d(2, 24), d(2, 26), d(3, 4), d(3, 10), d(3, 12), d(3, 16)}
    habits = [
        Habit("walk", "Morning walk", "daily", d(2, 16), walk),
        Habit("standup", "Write stand-up notes", "weekdays", d(2, 16), standup),
        Habit("gym", "Gym session", "weekly", d(2, 16), gym, per_week=4),
        Habit("read", "Read 20 pages", "daily", d(3, 2), read),
        Habit("stretch", "Stretch for ten minutes after lunch", "weekdays", d(2, 23), stretch),
        Habit("journal", "Evening journal", "weekly", d(2, 16), journal, per_week=2,
              archived=True),
    ]
    return {h.key: h for h in habits}


def off(h: Habit, day: date) -> bool:
    return h.kind == "weekdays" and day.weekday() >= 5


def unit(n: int, weekly: bool) -> str:
    word = "week" if weekly else "day"
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def week_count(h: Habit, monday: date) -> int:
    return sum(1 for x in h.checks if monday <= x <= monday + timedelta(days=6))


def streaks(h: Habit) -> tuple[int, int]:
    if h.kind == "weekly":
        first = h.started - timedelta(days=h.started.weekday())
        weeks = []
        monday = first
        while monday <= THIS_MONDAY:
            weeks.append(monday)
            monday += timedelta(days=7)
        met = [week_count(h, w) >= h.per_week for w in weeks]
        # Current: this week skipped while not met.
        current = 0
        idx = len(weeks) - 1
        if not met[idx]:
            idx -= 1
        while idx >= 0 and met[idx]:
            current += 1
            idx -= 1
        best = run = 0
        for i, ok in enumerate(met):
            if ok:
                run += 1
                best = max(best, run)
            elif i == len(met) - 1:
                pass  # this week, not over
            else:
                run = 0
        return current, best
    due = [x for x in days(h.started, TODAY) if not off(h, x)]
    current = 0
    for x in reversed(due):
        if x in h.checks:
            current += 1
        elif x == TODAY:
            continue
        else:
            break
    best = run = 0
    for x in due:
        if x in h.checks:
            run += 1
            best = max(best, run)
        elif x != TODAY:
            run = 0
    return current, best


def rate_parts(h: Habit, monday: date) -> tuple[int, int]:
    if h.kind == "weekly":
        return min(week_count(h, monday), h.per_week), h.per_week
    week = [x for x in days(monday, min(monday + timedelta(days=6), TODAY)) if not off(h, x)]
    return sum(1 for x in week if x in h.checks), len(week)


def pct(done: int, due: int) -> str:
    value = (Decimal(done) * 100 / Decimal(due)).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return f"{value}%"


def still_due(h: Habit) -> bool:
    if h.archived or TODAY in h.checks:
        return False
    if h.kind == "weekly":
        return week_count(h, THIS_MONDAY) < h.per_week
    return not off(h, TODAY)


def day_label(x: date) -> str:
    return f"{x.strftime('%a')}, {x.strftime('%b')} {x.day}"


def long_date(x: date) -> str:
    return f"{x.strftime('%b')} {x.day}, {x.year}"


def snapshot(hs: dict[str, Habit], prefix: str, out: dict[str, str]) -> None:
    """Every derived string of the app's state, under `prefix`."""
    active = [h for h in hs.values() if not h.archived]
    out[f"{prefix}.badge"] = str(sum(1 for h in active if still_due(h)))
    this_done = this_due = last_done = last_due = 0
    for h in hs.values():
        cur, best = streaks(h)
        weekly = h.kind == "weekly"
        out[f"{prefix}.streak-{h.key}"] = f"Streak: {unit(cur, weekly)}"
        out[f"{prefix}.best-{h.key}"] = f"Best: {unit(best, weekly)}"
        out[f"{prefix}.detail-streak-{h.key}"] = f"Current streak: {unit(cur, weekly)}"
        out[f"{prefix}.detail-best-{h.key}"] = f"Best streak: {unit(best, weekly)}"
        if weekly:
            out[f"{prefix}.week-{h.key}"] = f"{week_count(h, THIS_MONDAY)} of {h.per_week} this week"
        state = ("Done today" if TODAY in h.checks else "Due today" if still_due(h) or h.archived
                 else "Goal met")
        out[f"{prefix}.today-state-{h.key}"] = state
        td, tu = rate_parts(h, THIS_MONDAY)
        ld, lu = rate_parts(h, LAST_MONDAY)
        out[f"{prefix}.rate-this-{h.key}"] = f"This week: {td} of {tu} ({pct(td, tu)})"
        out[f"{prefix}.rate-last-{h.key}"] = f"Last week: {ld} of {lu} ({pct(ld, lu)})"
        if not h.archived:
            this_done, this_due, last_done, last_due = (this_done + td, this_due + tu,
                                                        last_done + ld, last_due + lu)
    out[f"{prefix}.total-this"] = (f"All habits this week: {this_done} of {this_due} "
                                   f"({pct(this_done, this_due)})")
    out[f"{prefix}.total-last"] = (f"All habits last week: {last_done} of {last_due} "
                                   f"({pct(last_done, last_due)})")


def history(h: Habit, out: dict[str, str], prefix: str) -> None:
    for x in days(max(h.started, TODAY - timedelta(days=13)), TODAY):
        status = "Done" if x in h.checks else "Off day" if off(h, x) else "Not done"
        out[f"{prefix}.day-{x.isoformat()}"] = day_label(x)
        out[f"{prefix}.status-{x.isoformat()}"] = status


def main() -> None:
    out: dict[str, str] = {}
    out["today-date"] = f"{TODAY.strftime('%A')}, {TODAY.strftime('%B')} {TODAY.day}, {TODAY.year}"
    hs = seed()
    for h in hs.values():
        out[f"started-{h.key}"] = f"Started {long_date(h.started)}"
    snapshot(hs, "seed", out)
    history(hs["walk"], out, "seed.walk")
    history(hs["standup"], out, "seed.standup")
    history(hs["read"], out, "seed.read")
    # The rounding examples of the rules.
    out["pct-2-of-3"] = pct(2, 3)
    out["pct-10-of-16"] = pct(10, 16)
    out["pct-5-of-7"] = pct(5, 7)
    out["mean-of-rates-seed-this"] = str(
        round(sum(int(out[f"seed.rate-this-{k}"].split("(")[1][:-2])
                  for k in ("walk", "standup", "gym", "read", "stretch")) / 5, 2))

    # Stage 2: check-ins, undo and forgotten days.
    hs = seed()
    hs["walk"].checks.add(TODAY)
    snapshot(hs, "s2.walk-checked", out)
    hs["read"].checks.add(TODAY)
    snapshot(hs, "s2.read-checked", out)
    hs["read"].checks.discard(TODAY)  # Undo
    snapshot(hs, "s2.read-undone", out)
    hs["stretch"].checks.add(d(3, 6))  # the forgotten Friday
    snapshot(hs, "s2.stretch-mar6", out)
    hs["stretch"].checks.add(TODAY)  # from the habit's screen
    snapshot(hs, "s2.stretch-today", out)
    hs["walk"].checks.discard(d(3, 17))  # Remove
    snapshot(hs, "s2.walk-removed-17", out)
    hs["gym"].checks.add(TODAY)
    snapshot(hs, "s2.gym-today", out)

    # Stage 3: rates, archiving and restoring.
    hs = seed()
    hs["read"].archived = True
    snapshot(hs, "s3.read-archived", out)
    hs["journal"].archived = False
    snapshot(hs, "s3.journal-restored", out)
    hs["journal"].checks.add(d(3, 17))  # a forgotten day on its screen
    snapshot(hs, "s3.journal-mar17", out)
    hs["read"].archived = False
    snapshot(hs, "s3.read-restored", out)
    history(hs["journal"], out, "s3.journal")

    # Journey: a day of habits.
    hs = seed()
    for key in ("walk", "read", "stretch"):
        hs[key].checks.add(TODAY)
    snapshot(hs, "j.three-checked", out)
    hs["read"].checks.add(d(3, 10))
    hs["read"].checks.add(d(3, 14))
    snapshot(hs, "j.read-filled", out)
    hs["gym"].checks.add(TODAY)
    hs["gym"].checks.discard(TODAY)  # undo
    hs["gym"].archived = True
    snapshot(hs, "j.gym-archived", out)
    hs["gym"].archived = False
    snapshot(hs, "j.gym-restored", out)
    hs["gym"].checks.add(TODAY)
    snapshot(hs, "j.gym-checked", out)

    # Component-test scenarios.
    hs = seed()
    hs["gym"].checks.add(TODAY)
    snapshot(hs, "c.gym-today", out)
    hs = seed()
    hs["journal"].archived = False
    snapshot(hs, "c.journal-restored", out)
    hs["journal"].checks.add(d(3, 17))
    snapshot(hs, "c.journal-goal", out)
    hs = seed()
    hs["gym"].checks.discard(d(3, 15))
    snapshot(hs, "c.gym-no-15", out)
    hs["gym"].checks.discard(d(3, 14))
    snapshot(hs, "c.gym-no-14", out)
    hs = seed()
    hs["walk"].checks.add(d(3, 8))
    snapshot(hs, "c.walk-mar8", out)
    hs = seed()
    hs["standup"].checks.discard(TODAY)
    snapshot(hs, "c.standup-removed-today", out)
    hs["standup"].checks.add(d(2, 27))
    snapshot(hs, "c.standup-feb27", out)
    hs = seed()
    hs["walk"].checks.discard(d(3, 9))
    snapshot(hs, "c.walk-removed-9", out)
    hs = seed()
    for key in ("walk", "gym", "read", "stretch"):
        hs[key].checks.add(TODAY)
    snapshot(hs, "c.all-checked", out)
    hs = seed()
    hs["gym"].checks.discard(d(3, 16))
    hs["gym"].checks.discard(d(3, 17))
    snapshot(hs, "c.gym-empty-week", out)
    print(json.dumps(dict(sorted(out.items())), indent=1))


if __name__ == "__main__":
    main()
