"""Independent derivation of every computed string the `payroll` suite asserts.

Standalone (stdlib only, no code shared with the reference app): it models the seed data and
the rules of tasks/payroll/instruction.md and replays the suite's scenarios (the device tests
and the component tests), printing each derived string as JSON ({"<name>": "<string>"}).
Run: python3 suites/payroll/derive.py
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
REGULAR_HOURS = Decimal(40)
OVERTIME_FACTOR = Decimal("1.5")
# (lower edge of the bracket, rate): each rate applies to the part of taxable pay inside it.
TAX_TABLE = ((Decimal("0"), Decimal("0")), (Decimal("250"), Decimal("0.10")),
             (Decimal("800"), Decimal("0.18")), (Decimal("1500"), Decimal("0.25")))
TODAY = date(2026, 6, 8)  # Monday, June 8, 2026: the pay week is the week before it
WEEK_START = TODAY - timedelta(days=TODAY.weekday() + 7)
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")

# key: (name, role, hourly rate or None, annual salary or None, retirement %, health)
EMPLOYEES = {
    "ana": ("Ana Brooks", "Baker", "24.50", None, 4, "35.00"),
    "ben": ("Ben Okafor", "Baker", "22.00", None, 2, "35.00"),
    "cleo": ("Cleo Marsh", "Counter", "17.25", None, 3, "0.00"),
    "dev": ("Dev Patel", "Delivery driver", "19.80", None, 5, "20.00"),
    "eli": ("Eli Novak", "Counter", "16.50", None, 0, "0.00"),
    "fay": ("Fay Lindqvist", "Head baker", None, "61000.00", 6, "45.00"),
    "gus": ("Gus Moreno", "Manager", None, "91000.00", 5, "45.00"),
}
SEED = {
    "ana": {"mon": "8.5", "tue": "9", "wed": "8", "thu": "8.5", "fri": "8.5"},
    "ben": {"tue": "10", "wed": "10", "thu": "10", "fri": "10", "sat": "4"},
    "cleo": {"mon": "6.25", "wed": "7.75", "thu": "6", "sat": "8", "sun": "5"},
    "dev": {"mon": "8", "tue": "8", "wed": "8", "thu": "8", "fri": "8", "sat": "2"},
    "eli": {"sat": "6", "sun": "5.5"},
}


def half_up(amount: Decimal) -> Decimal:
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def money(amount: Decimal) -> str:
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,.2f}"


def minus(amount: Decimal) -> str:
    """A deduction: -$35.00, or $0.00 when it is nothing."""
    return "$0.00" if amount == 0 else f"-{money(amount)}"


def hours_text(hours: Decimal) -> str:
    text = f"{hours:.2f}".rstrip("0").rstrip(".")
    return text


def day_label(day: str) -> str:
    d = WEEK_START + timedelta(days=DAYS.index(day))
    return f"{d.strftime('%a')}, {d.strftime('%b')} {d.day}"


def tax_on(taxable: Decimal) -> Decimal:
    exact = Decimal(0)
    for i, (low, rate) in enumerate(TAX_TABLE):
        high = TAX_TABLE[i + 1][0] if i + 1 < len(TAX_TABLE) else None
        top = taxable if high is None else min(taxable, high)
        if top > low:
            exact += (top - low) * rate
    return half_up(exact)


def basis(key: str) -> str:
    _, _, rate, annual, _, _ = EMPLOYEES[key]
    return f"{money(Decimal(rate))} an hour" if rate else f"{money(Decimal(annual))} a year"


def stub(key: str, sheet: dict[str, str] | None) -> dict[str, Decimal | bool]:
    _, _, rate, annual, percent, health_flat = EMPLOYEES[key]
    if rate is not None:
        hours = sum((Decimal(h) for h in (sheet or {}).values()), Decimal(0))
        regular_hours = min(hours, REGULAR_HOURS)
        overtime_hours = hours - regular_hours
        regular = half_up(regular_hours * Decimal(rate))
        overtime = half_up(overtime_hours * Decimal(rate) * OVERTIME_FACTOR)
    else:
        hours = regular_hours = overtime_hours = Decimal(0)
        regular = half_up(Decimal(annual) / 52)
        overtime = Decimal(0)
    gross = regular + overtime
    retirement = half_up(gross * percent / 100)
    health = min(Decimal(health_flat), gross - retirement)
    taxable = gross - retirement - health
    tax = tax_on(taxable)
    return {"hourly": rate is not None, "hours": hours, "regular_hours": regular_hours,
            "overtime_hours": overtime_hours, "regular": regular, "overtime": overtime,
            "gross": gross, "retirement": retirement, "health": health, "taxable": taxable,
            "tax": tax, "net": taxable - tax}


class Week:
    """The timesheets as the app holds them, edited like the suite edits them."""

    def __init__(self) -> None:
        self.sheets = {k: dict(v) for k, v in SEED.items()}

    def stub(self, key: str) -> dict[str, Decimal | bool]:
        return stub(key, self.sheets.get(key))

    def set(self, key: str, day: str, hours: str) -> None:
        self.sheets[key][day] = hours

    def delete(self, key: str, day: str) -> str:
        return self.sheets[key].pop(day)


STUB_PARTS = ("basis", "hours", "regular", "overtime", "gross", "retirement", "health", "taxable",
              "tax", "net")


def stub_strings(prefix: str, key: str, s: dict, out: dict[str, str],
                 parts: tuple[str, ...] = STUB_PARTS) -> None:
    """The stub's lines the suite reads (`parts`), named <prefix>_stub_<part>."""
    percent = EMPLOYEES[key][4]
    lines: dict[str, str] = {}
    lines["basis"] = f"Pay basis: {basis(key)}"
    if s["hourly"]:
        lines["hours"] = (f"Hours: {hours_text(s['hours'])} ({hours_text(s['regular_hours'])}"
                                  f" regular, {hours_text(s['overtime_hours'])} overtime)")
    lines["regular"] = f"Regular pay: {money(s['regular'])}"
    lines["overtime"] = f"Overtime pay: {money(s['overtime'])}"
    lines["gross"] = f"Gross pay: {money(s['gross'])}"
    lines["retirement"] = f"Retirement ({percent}%): {minus(s['retirement'])}"
    lines["health"] = f"Health: {minus(s['health'])}"
    lines["taxable"] = f"Taxable pay: {money(s['taxable'])}"
    lines["tax"] = f"Tax: {minus(s['tax'])}"
    lines["net"] = f"Net pay: {money(s['net'])}"
    for part in parts:
        if part in lines:
            out[f"{prefix}_stub_{part}"] = lines[part]


def row_strings(prefix: str, week: Week, out: dict[str, str], keys=EMPLOYEES) -> None:
    for key in keys:
        s = week.stub(key)
        out[f"{prefix}_net_{key}"] = f"Net {money(s['net'])}"
        out[f"{prefix}_hours_{key}"] = f"{hours_text(s['hours'])} h" if s["hourly"] else "Salaried"


def sheet_strings(prefix: str, week: Week, key: str, out: dict[str, str]) -> None:
    s = week.stub(key)
    out[f"{prefix}_sheet_total"] = f"Week total: {hours_text(s['hours'])} h"
    out[f"{prefix}_sheet_overtime"] = f"Overtime: {hours_text(s['overtime_hours'])} h"
    out[f"{prefix}_sheet_gross"] = f"Gross pay: {money(s['gross'])}"


def summary_strings(prefix: str, week: Week, out: dict[str, str]) -> None:
    stubs = [week.stub(k) for k in EMPLOYEES]
    total = lambda f: sum((f(s) for s in stubs), Decimal(0))  # noqa: E731
    out[f"{prefix}_summary_headcount"] = f"Employees paid: {sum(1 for s in stubs if s['gross'] > 0)}"
    out[f"{prefix}_summary_hours"] = f"Total hours: {hours_text(total(lambda s: s['hours']))}"
    out[f"{prefix}_summary_overtime"] = f"Overtime hours: {hours_text(total(lambda s: s['overtime_hours']))}"
    out[f"{prefix}_summary_gross"] = f"Total gross: {money(total(lambda s: s['gross']))}"
    out[f"{prefix}_summary_deductions"] = ("Total pre-tax deductions: "
                                   f"{money(total(lambda s: s['retirement'] + s['health']))}")
    out[f"{prefix}_summary_tax"] = f"Total tax: {money(total(lambda s: s['tax']))}"
    out[f"{prefix}_summary_net"] = f"Total net: {money(total(lambda s: s['net']))}"


def entry(verb: str, day: str, hours: str) -> str:
    return f"{verb} {day_label(day)} ({hours_text(Decimal(hours))} h)"


def main() -> None:
    out: dict[str, str] = {}
    end = WEEK_START + timedelta(days=6)
    payday = WEEK_START + timedelta(days=11)
    out["pay_week"] = f"Pay week: {WEEK_START:%b} {WEEK_START.day} – {end:%b} {end.day}, {end.year}"
    out["payday"] = f"Payday: {payday:%a}, {payday:%b} {payday.day}, {payday.year}"
    for day in DAYS:
        out[f"day_{day}"] = day_label(day)

    # Stage 1: the seed team and stubs.
    seed = Week()
    row_strings("seed_row", seed, out)
    for key in ("ana", "eli", "fay", "gus"):
        out[f"basis_{key}"] = basis(key)
    stub_strings("seed_ana", "ana", seed.stub("ana"), out)
    stub_strings("seed_eli", "eli", seed.stub("eli"), out,
                 ("hours", "overtime", "gross", "retirement", "health", "taxable", "tax", "net"))
    stub_strings("seed_fay", "fay", seed.stub("fay"), out)
    stub_strings("seed_gus", "gus", seed.stub("gus"), out, STUB_PARTS[2:])
    stub_strings("seed_cleo", "cleo", seed.stub("cleo"), out, ("retirement", "health"))

    # Stage 2: Ana's timesheet.
    week = Week()
    sheet_strings("s2_ana_seed", week, "ana", out)
    out["s2_taken"] = f"{day_label('thu')} already has an entry"
    week.set("ana", "sat", "3.75")
    out["s2_added"] = entry("Added", "sat", "3.75")
    sheet_strings("s2_ana_added", week, "ana", out)
    week.set("ana", "mon", "6")
    out["s2_changed"] = f"Changed {day_label('mon')} to 6 h"
    sheet_strings("s2_ana_edited", week, "ana", out)
    hours = week.delete("ana", "tue")
    out["s2_deleted"] = entry("Deleted", "tue", hours)
    sheet_strings("s2_ana_deleted", week, "ana", out)
    week.set("ana", "tue", hours)
    out["s2_restored"] = entry("Restored", "tue", hours)
    sheet_strings("s2_ana_restored", week, "ana", out)
    out["s2_deleted_wed"] = entry("Deleted", "wed", week.delete("ana", "wed"))
    sheet_strings("s2_ana_final", week, "ana", out)
    row_strings("s2_row", week, out, keys=("ana",))
    stub_strings("s2_ana", "ana", week.stub("ana"), out)

    # Stage 3: the summary, then Eli's entries deleted, one restored, Ben's Sunday added.
    week = Week()
    summary_strings("s3_seed", week, out)
    sheet_strings("s3_eli_seed", week, "eli", out)
    out["s3_deleted_sat"] = entry("Deleted", "sat", week.delete("eli", "sat"))
    out["s3_deleted_sun"] = entry("Deleted", "sun", hours := week.delete("eli", "sun"))
    sheet_strings("s3_eli_none", week, "eli", out)
    summary_strings("s3_no_eli", week, out)
    row_strings("s3_no_eli_row", week, out, keys=("eli",))
    stub_strings("s3_eli_none", "eli", week.stub("eli"), out,
                 ("hours", "regular", "gross", "tax", "net"))
    week.set("eli", "sun", hours)
    out["s3_restored_sun"] = entry("Restored", "sun", hours)
    summary_strings("s3_eli_back", week, out)
    week.set("ben", "sun", "6")
    out["s3_added_ben"] = entry("Added", "sun", "6")
    sheet_strings("s3_ben_added", week, "ben", out)
    summary_strings("s3_final", week, out)
    row_strings("s3_final_row", week, out, keys=("ben", "eli"))
    stub_strings("s3_ben", "ben", week.stub("ben"), out, STUB_PARTS[1:])

    # Journey: Dev's Saturday edited, Friday deleted and undone, Cleo's Friday added.
    week = Week()
    sheet_strings("j_dev_seed", week, "dev", out)
    week.set("dev", "sat", "6")
    out["j_changed"] = f"Changed {day_label('sat')} to 6 h"
    sheet_strings("j_dev_edited", week, "dev", out)
    hours = week.delete("dev", "fri")
    out["j_deleted"] = entry("Deleted", "fri", hours)
    sheet_strings("j_dev_deleted", week, "dev", out)
    summary_strings("j_dev_deleted", week, out)
    week.set("dev", "fri", hours)
    out["j_restored"] = entry("Restored", "fri", hours)
    sheet_strings("j_dev_restored", week, "dev", out)
    week.set("cleo", "fri", "7.25")
    out["j_added"] = entry("Added", "fri", "7.25")
    sheet_strings("j_cleo_added", week, "cleo", out)
    summary_strings("j_final", week, out)
    row_strings("j_row", week, out, keys=("cleo", "dev"))
    stub_strings("j_cleo", "cleo", week.stub("cleo"), out, STUB_PARTS[1:])
    stub_strings("j_dev", "dev", week.stub("dev"), out)

    # Component tests.
    week = Week()
    week.set("ana", "sat", "16")
    out["c_added_16"] = entry("Added", "sat", "16")
    week.set("ana", "sun", "0.25")
    out["c_added_quarter"] = entry("Added", "sun", "0.25")
    sheet_strings("c_ana_long", week, "ana", out)
    stub_strings("c_ana_long", "ana", week.stub("ana"), out)
    week = Week()
    for day in list(week.sheets["ana"]):
        week.delete("ana", day)
    stub_strings("c_ana_none", "ana", week.stub("ana"), out)
    summary_strings("c_ana_none", week, out)
    week = Week()
    week.delete("ana", "tue")
    sheet_strings("c_ana_no_tue", week, "ana", out)
    week = Week()
    week.delete("ben", "sat")
    out["c_deleted_ben_sat"] = entry("Deleted", "sat", "4")
    week.set("ben", "mon", "2")
    out["c_added_ben_mon"] = entry("Added", "mon", "2")
    sheet_strings("c_ben_after", week, "ben", out)

    print(json.dumps(out, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
