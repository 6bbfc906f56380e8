"""Hidden device tests of the `payroll` task: one per stage, and the pay-week journey.

Every expected string and number follows from tasks/payroll/instruction.md and its steps; the
computed ones equal suites/payroll/derive.py's independent derivation.

Leak canary rvb-canary-docstring-b5dba5e6: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-0326315a): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-47c5ed29-payroll-suite"

TEAM = ("Ana Brooks", "Ben Okafor", "Cleo Marsh", "Dev Patel", "Eli Novak", "Fay Lindqvist",
        "Gus Moreno")
HOURS_REFUSED = "Hours must be from 0.25 to 16 in quarter hours"


def open_tab(app: App, tab: str, heading: str) -> None:
    app.tap(test_id=f"tab-{tab}")
    app.see(heading, at="heading", criterion=f"the {tab} tab shows the heading {heading!r}")


def open_stub(app: App, key: str, name: str) -> None:
    open_tab(app, "team", "Team")
    app.tap(test_id=f"open-{key}")
    app.see(name, at="heading", criterion=f"pressing {name} opens their pay stub")


def stub(app: App, name: str, lines: dict[str, str]) -> None:
    """The open stub's lines, by test ID suffix: each a computed value of the pay rules."""
    why = {
        "basis": "the stub names the pay basis",
        "hours": "hours past 40 in the week are overtime",
        "regular": "regular pay is regular hours x rate (or salary / 52), rounded half up",
        "overtime": "overtime pay is overtime hours x rate x 1.5, rounded half up",
        "gross": "gross is regular plus overtime pay",
        "retirement": "retirement is the percent of gross, rounded half up",
        "health": "health is the flat amount, capped by what the gross leaves",
        "taxable": "taxable pay is gross less the pre-tax deductions",
        "tax": "tax is marginal by bracket on taxable pay, rounded once",
        "net": "net pay is taxable pay less tax",
    }
    for part, text in lines.items():
        app.see(text, at=f"stub-{part}", criterion=f"{name}: {why[part]}")


def sheet(app: App, total: str, overtime: str, gross: str, criterion: str) -> None:
    app.see(total, at="sheet-total", criterion=f"the week total follows: {criterion}")
    app.see(overtime, at="sheet-overtime", criterion=f"overtime follows: {criterion}")
    app.see(gross, at="sheet-gross", criterion=f"gross pay follows: {criterion}")


def summary(app: App, values: dict[str, str], criterion: str) -> None:
    for part, text in values.items():
        app.see(text, at=f"summary-{part}", criterion=f"the summary's {part}: {criterion}")


def add_entry(app: App, day: str | None, hours: str) -> None:
    if day is not None:
        app.tap(test_id=f"day-{day}")
    app.type(into="input-hours", text=hours)
    app.tap(test_id="add-entry")


def edit_entry(app: App, day: str, hours: str) -> None:
    app.tap(test_id=f"edit-{day}")
    app.type(into="input-edit-hours", text=hours)
    app.tap(test_id="save-edit")


@stage("stubs")
def test_stage_1_stubs(app: App) -> None:
    for tab in ("Team", "Hours", "Summary"):
        app.see(tab, at=f"tab-{tab.lower()}", criterion=f"the tab bar shows the {tab} tab")
    app.see("Team", at="heading", criterion="the app opens on the team list")
    app.see("Pay week: Jun 1 – Jun 7, 2026", at="pay-week",
            criterion="the pay week is the week before the pinned today, not the device's")
    app.see_in_order(*TEAM, criterion="the team is listed in the seed order")
    app.see("$24.50 an hour", at="basis-ana", criterion="an hourly employee shows the rate")
    app.see("$61,000.00 a year", at="basis-fay", criterion="a salaried employee shows the salary")
    app.see("Delivery driver", at="role-dev", criterion="each row names the role")
    for key, hours, net in (("ana", "42.5 h", "Net $904.08"), ("ben", "44 h", "Net $873.54"),
                            ("cleo", "33 h", "Net $521.95"), ("dev", "42 h", "Net $734.95"),
                            ("eli", "11.5 h", "Net $189.75"), ("fay", "Salaried", "Net $956.31"),
                            ("gus", "Salaried", "Net $1,407.12")):
        app.see(hours, at=f"row-hours-{key}",
                criterion=f"{key}'s row shows the week's hours (or Salaried)")
        app.see(net, at=f"row-net-{key}", criterion=f"{key}'s row shows the stub's net pay")

    open_stub(app, "ana", "Ana Brooks")
    app.see("Baker", at="stub-role", criterion="the stub names the role")
    stub(app, "Ana Brooks", {
        "basis": "Pay basis: $24.50 an hour",
        "hours": "Hours: 42.5 (40 regular, 2.5 overtime)",
        "regular": "Regular pay: $980.00",
        "overtime": "Overtime pay: $91.88",
        "gross": "Gross pay: $1,071.88",
        "retirement": "Retirement (4%): -$42.88",
        "health": "Health: -$35.00",
        "taxable": "Taxable pay: $994.00",
        "tax": "Tax: -$89.92",
        "net": "Net pay: $904.08",
    })
    app.tap(test_id="back")
    app.see("Pay week: Jun 1 – Jun 7, 2026", at="pay-week", criterion="Back returns to the team")
    app.not_see(at="stub-net", criterion="the stub is closed after Back")

    open_stub(app, "eli", "Eli Novak")
    stub(app, "Eli Novak", {
        "hours": "Hours: 11.5 (11.5 regular, 0 overtime)",
        "overtime": "Overtime pay: $0.00",
        "gross": "Gross pay: $189.75",
        "retirement": "Retirement (0%): $0.00",
        "health": "Health: $0.00",
        "taxable": "Taxable pay: $189.75",
        "tax": "Tax: $0.00",
        "net": "Net pay: $189.75",
    })

    open_stub(app, "fay", "Fay Lindqvist")
    stub(app, "Fay Lindqvist", {
        "basis": "Pay basis: $61,000.00 a year",
        "regular": "Regular pay: $1,173.08",
        "overtime": "Overtime pay: $0.00",
        "gross": "Gross pay: $1,173.08",
        "retirement": "Retirement (6%): -$70.38",
        "health": "Health: -$45.00",
        "taxable": "Taxable pay: $1,057.70",
        "tax": "Tax: -$101.39",
        "net": "Net pay: $956.31",
    })
    app.not_see(at="stub-hours", timeout_s=0,
                criterion="a salaried employee's stub has no hours line")

    open_stub(app, "gus", "Gus Moreno")
    stub(app, "Gus Moreno", {
        "regular": "Regular pay: $1,750.00",
        "retirement": "Retirement (5%): -$87.50",
        "health": "Health: -$45.00",
        "taxable": "Taxable pay: $1,617.50",
        "tax": "Tax: -$210.38",
        "net": "Net pay: $1,407.12",
    })
    open_tab(app, "hours", "Timesheets")
    open_tab(app, "summary", "Pay run summary")
    open_tab(app, "team", "Team")
    app.not_see(at="stub-net", criterion="the Team tab closes an open stub")
    app.see("Net $1,407.12", at="row-net-gus", criterion="the Team tab shows the list again")


@stage("timesheets")
def test_stage_2_timesheets(app: App) -> None:
    open_tab(app, "hours", "Timesheets")
    app.see("Ana Brooks", at="sheet-name", criterion="the timesheets open on Ana Brooks")
    sheet(app, "Week total: 42.5 h", "Overtime: 2.5 h", "Gross pay: $1,071.88", "the seed week")
    app.see_in_order("Mon, Jun 1", "Tue, Jun 2", "Wed, Jun 3", "Thu, Jun 4", "Fri, Jun 5",
                     criterion="entries are listed Monday first")
    app.see("9 h", at="entry-hours-tue", criterion="each entry shows its hours")
    app.see("8.5 h", at="entry-hours-mon", criterion="quarter hours are written without zeros")
    app.not_see(at="entry-day-sat", timeout_s=0, criterion="Ana has no Saturday entry yet")

    add_entry(app, None, "5")
    app.see("Choose a day", at="sheet-error", criterion="adding with no day chosen is refused")
    add_entry(app, "sat", "17")
    app.see(HOURS_REFUSED, at="sheet-error", criterion="more than 16 hours is refused")
    app.type(into="input-hours", text="7.3")
    app.tap(test_id="add-entry")
    app.see(HOURS_REFUSED, at="sheet-error", criterion="hours that are not quarter hours are refused")
    add_entry(app, "thu", "4")
    app.see("Thu, Jun 4 already has an entry", at="sheet-error",
            criterion="a day that already has an entry is refused")
    app.not_see(at="entry-day-sat", timeout_s=0, criterion="refusals add nothing")
    add_entry(app, "sat", "3.75")
    app.see("Added Sat, Jun 6 (3.75 h)", at="sheet-notice", criterion="a valid entry is added")
    app.not_see(at="sheet-error", criterion="the notice replaces the error")
    app.see("3.75 h", at="entry-hours-sat", criterion="the new entry is listed")
    app.see_in_order("Fri, Jun 5", "Sat, Jun 6", criterion="the new entry takes its day's place")
    sheet(app, "Week total: 46.25 h", "Overtime: 6.25 h", "Gross pay: $1,209.69",
          "6.25 h of overtime at 1.5 x $24.50, rounded half up")

    edit_entry(app, "mon", "abc")
    app.see(HOURS_REFUSED, at="sheet-error", criterion="Save refuses hours that are not valid")
    app.see("Week total: 46.25 h", at="sheet-total",
            criterion="a refused edit changes nothing")
    app.type(into="input-edit-hours", text="6")
    app.tap(test_id="save-edit")
    app.see("Changed Mon, Jun 1 to 6 h", at="sheet-notice", criterion="a valid edit is saved")
    app.see("6 h", at="entry-hours-mon", criterion="the edited entry shows its new hours")
    sheet(app, "Week total: 43.75 h", "Overtime: 3.75 h", "Gross pay: $1,117.81",
          "editing Monday from 8.5 h to 6 h")

    app.tap(test_id="delete-tue")
    app.see("Deleted Tue, Jun 2 (9 h)", at="sheet-notice", criterion="a deletion says what went")
    app.not_see(at="entry-day-tue", criterion="the deleted entry is gone")
    sheet(app, "Week total: 34.75 h", "Overtime: 0 h", "Gross pay: $851.38",
          "under 40 hours there is no overtime")
    app.tap(test_id="undo")
    app.see("Restored Tue, Jun 2 (9 h)", at="sheet-notice", criterion="Undo restores the entry")
    app.see("9 h", at="entry-hours-tue", criterion="the restored entry has its hours back")
    app.not_see(at="undo", criterion="Undo is offered once")
    sheet(app, "Week total: 43.75 h", "Overtime: 3.75 h", "Gross pay: $1,117.81",
          "the undone deletion")

    app.tap(test_id="delete-wed")
    app.see("Deleted Wed, Jun 3 (8 h)", at="sheet-notice", criterion="Wednesday is deleted")
    sheet(app, "Week total: 35.75 h", "Overtime: 0 h", "Gross pay: $875.88",
          "Wednesday's 8 h deleted")
    open_tab(app, "team", "Team")
    app.see("35.75 h", at="row-hours-ana", criterion="the team list follows the timesheet")
    app.see("Net $749.79", at="row-net-ana", criterion="the team list re-derives the net pay")
    open_stub(app, "ana", "Ana Brooks")
    stub(app, "Ana Brooks after the edits", {
        "hours": "Hours: 35.75 (35.75 regular, 0 overtime)",
        "regular": "Regular pay: $875.88",
        "overtime": "Overtime pay: $0.00",
        "gross": "Gross pay: $875.88",
        "retirement": "Retirement (4%): -$35.04",
        "taxable": "Taxable pay: $805.84",
        "tax": "Tax: -$56.05",
        "net": "Net pay: $749.79",
    })
    open_tab(app, "hours", "Timesheets")
    app.see("Deleted Wed, Jun 3 (8 h)", at="sheet-notice",
            criterion="switching tabs keeps the message")
    app.see("Undo", at="undo", criterion="switching tabs keeps the Undo")


@stage("summary")
def test_stage_3_summary(app: App) -> None:
    open_tab(app, "summary", "Pay run summary")
    app.see("Pay week: Jun 1 – Jun 7, 2026", at="summary-week", criterion="the summary's week")
    app.see("Payday: Fri, Jun 12, 2026", at="summary-payday",
            criterion="payday is the Friday after the pay week")
    summary(app, {
        "headcount": "Employees paid: 7",
        "hours": "Total hours: 173",
        "overtime": "Overtime hours: 8.5",
        "gross": "Total gross: $6,617.36",
        "deductions": "Total pre-tax deductions: $460.65",
        "tax": "Total tax: $569.01",
        "net": "Total net: $5,587.70",
    }, "the seed week")

    open_tab(app, "hours", "Timesheets")
    app.tap(test_id="pick-eli")
    app.see("Eli Novak", at="sheet-name", criterion="pressing Eli shows Eli Novak's timesheet")
    app.not_see(at="entry-day-mon", criterion="Ana's entries are no longer shown")
    sheet(app, "Week total: 11.5 h", "Overtime: 0 h", "Gross pay: $189.75", "Eli's seed week")
    app.tap(test_id="delete-sat")
    app.see("Deleted Sat, Jun 6 (6 h)", at="sheet-notice", criterion="Saturday is deleted")
    app.tap(test_id="delete-sun")
    app.see("Deleted Sun, Jun 7 (5.5 h)", at="sheet-notice",
            criterion="a second deletion replaces the first one's notice")
    app.see("No entries this week", at="no-entries", criterion="an empty timesheet says so")
    app.see("Gross pay: $0.00", at="sheet-gross", criterion="no hours, no pay")
    app.see("Week total: 0 h", at="sheet-total", criterion="no entries, no hours")

    open_tab(app, "summary", "Pay run summary")
    summary(app, {
        "headcount": "Employees paid: 6",
        "hours": "Total hours: 161.5",
        "overtime": "Overtime hours: 8.5",
        "gross": "Total gross: $6,427.61",
        "tax": "Total tax: $569.01",
        "net": "Total net: $5,397.95",
    }, "an employee with no pay is not counted and the totals lose Eli's pay")
    open_stub(app, "eli", "Eli Novak")
    stub(app, "Eli Novak with no entries", {
        "hours": "Hours: 0 (0 regular, 0 overtime)",
        "regular": "Regular pay: $0.00",
        "gross": "Gross pay: $0.00",
        "tax": "Tax: $0.00",
        "net": "Net pay: $0.00",
    })
    open_tab(app, "team", "Team")
    app.see("Net $0.00", at="row-net-eli", criterion="the team list re-derives Eli's net pay")
    app.see("0 h", at="row-hours-eli", criterion="the team list shows Eli's empty week")

    open_tab(app, "hours", "Timesheets")
    app.see("Eli Novak", at="sheet-name", criterion="the Hours tab keeps the chosen employee")
    app.tap(test_id="undo")
    app.see("Restored Sun, Jun 7 (5.5 h)", at="sheet-notice",
            criterion="Undo restores only the latest deletion")
    app.see("5.5 h", at="entry-hours-sun", criterion="Sunday is back")
    app.not_see(at="entry-day-sat", timeout_s=0, criterion="Saturday stays deleted")
    open_tab(app, "summary", "Pay run summary")
    summary(app, {
        "headcount": "Employees paid: 7",
        "hours": "Total hours: 167",
        "gross": "Total gross: $6,518.36",
        "net": "Total net: $5,488.70",
    }, "Eli is paid again for Sunday")

    open_tab(app, "hours", "Timesheets")
    app.tap(test_id="pick-ben")
    app.see("Ben Okafor", at="sheet-name", criterion="pressing Ben shows Ben Okafor's timesheet")
    add_entry(app, "sun", "6")
    app.see("Added Sun, Jun 7 (6 h)", at="sheet-notice", criterion="Ben's Sunday is added")
    sheet(app, "Week total: 50 h", "Overtime: 10 h", "Gross pay: $1,210.00",
          "10 h of overtime at 1.5 x $22.00")
    open_tab(app, "summary", "Pay run summary")
    summary(app, {
        "headcount": "Employees paid: 7",
        "hours": "Total hours: 173",
        "overtime": "Overtime hours: 14.5",
        "gross": "Total gross: $6,716.36",
        "deductions": "Total pre-tax deductions: $464.61",
        "tax": "Total tax: $603.93",
        "net": "Total net: $5,647.82",
    }, "Ben's overtime re-derives every total")
    open_stub(app, "ben", "Ben Okafor")
    stub(app, "Ben Okafor with Sunday", {
        "hours": "Hours: 50 (40 regular, 10 overtime)",
        "regular": "Regular pay: $880.00",
        "overtime": "Overtime pay: $330.00",
        "retirement": "Retirement (2%): -$24.20",
        "taxable": "Taxable pay: $1,150.80",
        "tax": "Tax: -$118.14",
        "net": "Net pay: $1,032.66",
    })
    open_tab(app, "team", "Team")
    app.see("Net $1,032.66", at="row-net-ben", criterion="the team list follows Ben's new week")
    app.see("Net $90.75", at="row-net-eli", criterion="Eli's Sunday alone is paid")


@journey
def test_journey_closing_the_week(app: App) -> None:
    app.see("Team", at="heading", criterion="the app opens on the team list")
    app.see("Net $734.95", at="row-net-dev", criterion="Dev's seed net pay")
    app.see("Net $521.95", at="row-net-cleo", criterion="Cleo's seed net pay")

    open_tab(app, "hours", "Timesheets")
    app.tap(test_id="pick-dev")
    app.see("Dev Patel", at="sheet-name", criterion="Dev's timesheet is shown")
    sheet(app, "Week total: 42 h", "Overtime: 2 h", "Gross pay: $851.40", "Dev's seed week")
    app.see("2 h", at="entry-hours-sat", criterion="Dev's Saturday was 2 h")
    edit_entry(app, "sat", "6")
    app.see("Changed Sat, Jun 6 to 6 h", at="sheet-notice", criterion="Saturday becomes 6 h")
    sheet(app, "Week total: 46 h", "Overtime: 6 h", "Gross pay: $970.20",
          "6 h of overtime at 1.5 x $19.80")
    app.tap(test_id="delete-fri")
    app.see("Deleted Fri, Jun 5 (8 h)", at="sheet-notice", criterion="Friday is deleted")
    app.see("Week total: 38 h", at="sheet-total", criterion="the deleted 8 h leave the total")
    app.see("Gross pay: $752.40", at="sheet-gross", criterion="38 h at $19.80, no overtime")
    open_tab(app, "summary", "Pay run summary")
    summary(app, {
        "hours": "Total hours: 169",
        "overtime": "Overtime hours: 6.5",
        "gross": "Total gross: $6,518.36",
        "deductions": "Total pre-tax deductions: $455.70",
        "tax": "Total tax: $559.61",
        "net": "Total net: $5,503.05",
    }, "the summary follows the deletion on another tab")
    open_tab(app, "hours", "Timesheets")
    app.tap(test_id="undo")
    app.see("Restored Fri, Jun 5 (8 h)", at="sheet-notice", criterion="the deletion is undone")
    sheet(app, "Week total: 46 h", "Overtime: 6 h", "Gross pay: $970.20", "Friday restored")

    app.tap(test_id="pick-cleo")
    app.see("Cleo Marsh", at="sheet-name", criterion="Cleo's timesheet is shown")
    add_entry(app, "fri", "7.25")
    app.see("Added Fri, Jun 5 (7.25 h)", at="sheet-notice", criterion="Cleo's Friday is added")
    sheet(app, "Week total: 40.25 h", "Overtime: 0.25 h", "Gross pay: $696.47",
          "a quarter hour past 40 is overtime")
    open_tab(app, "summary", "Pay run summary")
    summary(app, {
        "headcount": "Employees paid: 7",
        "hours": "Total hours: 184.25",
        "overtime": "Overtime hours: 12.75",
        "gross": "Total gross: $6,863.38",
        "deductions": "Total pre-tax deductions: $470.40",
        "tax": "Total tax: $600.77",
        "net": "Total net: $5,792.21",
    }, "the week closes with Dev's and Cleo's changes")
    open_tab(app, "team", "Team")
    app.see("40.25 h", at="row-hours-cleo", criterion="Cleo's row shows her new hours")
    app.see("Net $633.02", at="row-net-cleo", criterion="Cleo's row shows her new net pay")
    app.see("46 h", at="row-hours-dev", criterion="Dev's row shows his new hours")
    app.see("Net $828.39", at="row-net-dev", criterion="Dev's row shows his new net pay")
    open_stub(app, "cleo", "Cleo Marsh")
    stub(app, "Cleo Marsh", {
        "hours": "Hours: 40.25 (40 regular, 0.25 overtime)",
        "regular": "Regular pay: $690.00",
        "overtime": "Overtime pay: $6.47",
        "gross": "Gross pay: $696.47",
        "retirement": "Retirement (3%): -$20.89",
        "health": "Health: $0.00",
        "taxable": "Taxable pay: $675.58",
        "tax": "Tax: -$42.56",
        "net": "Net pay: $633.02",
    })
    open_stub(app, "dev", "Dev Patel")
    stub(app, "Dev Patel", {
        "basis": "Pay basis: $19.80 an hour",
        "hours": "Hours: 46 (40 regular, 6 overtime)",
        "regular": "Regular pay: $792.00",
        "overtime": "Overtime pay: $178.20",
        "gross": "Gross pay: $970.20",
        "retirement": "Retirement (5%): -$48.51",
        "health": "Health: -$20.00",
        "taxable": "Taxable pay: $901.69",
        "tax": "Tax: -$73.30",
        "net": "Net pay: $828.39",
    })
