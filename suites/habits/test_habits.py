"""Hidden device tests of the `habits` task: one per stage, and a day of habits.

Every expected string and number follows from tasks/habits/instruction.md and its steps, and
every derived one (streaks, rates, totals, the badge) equals what suites/habits/derive.py
computes from the public rules alone.

Leak canary rvb-canary-docstring-e8b1c58e: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-2566afad): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-a99cd474-habits-suite"

ACTIVE = ("Morning walk", "Write stand-up notes", "Gym session", "Read 20 pages",
          "Stretch for ten minutes after lunch")
STRETCH = "Stretch for ten minutes after lunch"


SCREEN_SIGN = {"today": ("Wednesday, March 18, 2026", "today-date"),
               "habits": ("Morning walk", "open-walk")}
"""What only the Today screen and the habit list show: their headings equal their tab labels,
which are always on screen, so a check of the heading alone could not fail."""


def open_tab(app: App, tab: str, heading: str) -> None:
    app.tap(test_id=f"tab-{tab}")
    if tab in SCREEN_SIGN:
        text, test_id = SCREEN_SIGN[tab]
        app.see(text, at=test_id, criterion=f"the {tab} tab shows the {heading} screen")
    else:
        app.see(heading, criterion=f"the {tab} tab shows the heading {heading!r}")


def open_habit(app: App, key: str, name: str) -> None:
    open_tab(app, "habits", "Habits")
    app.tap(test_id=f"open-{key}")
    app.not_see(at=f"open-{key}",
                criterion=f"pressing {name} in the list opens its screen in place of the list")


def badge(app: App, count: str, criterion: str) -> None:
    app.see(count, at="badge-today", criterion=criterion)


@stage("today")
def test_stage_1_today(app: App) -> None:
    for tab in ("Today", "Habits", "Week"):
        app.see(tab, at=f"tab-{tab.lower()}", criterion=f"the tab bar shows the {tab} tab")
    app.see("Wednesday, March 18, 2026", at="today-date",
            criterion="today is pinned to Wednesday, March 18, 2026")
    badge(app, "4", "the badge counts the four active habits still due today")
    app.see_in_order(*ACTIVE, criterion="Today lists the active habits in the seed order")
    app.see("Due today", at="today-state-walk",
            criterion="a daily habit without a check-in today is due today")
    app.see("Done today", at="today-state-standup",
            criterion="a habit checked in today reads Done today")
    app.not_see(at="check-standup", timeout_s=0,
                criterion="a habit checked in today has no Check in button")
    app.see("Due today", at="today-state-gym",
            criterion="an n per week habit short of its goal is still due today")
    app.see("2 of 4 this week", at="today-week-gym",
            criterion="an n per week habit shows this week's check-ins and its n")
    app.see("Due today", at="today-state-stretch",
            criterion="a weekdays habit is due on a Wednesday")
    app.not_see("Evening journal", timeout_s=0,
                criterion="an archived habit is not on the Today screen")

    open_tab(app, "habits", "Habits")
    app.see_in_order(*ACTIVE, "Evening journal",
                     criterion="the active habits in seed order, then the archived one")
    app.see("Every day", at="schedule-walk", criterion="a daily habit shows Every day")
    app.see("Streak: 9 days", at="streak-walk",
            criterion="today without a check-in does not break a daily streak")
    app.see("Best: 10 days", at="best-walk",
            criterion="the best streak is the longest run, not the current one")
    app.see("Weekdays", at="schedule-standup", criterion="a weekdays habit shows Weekdays")
    app.see("Streak: 13 days", at="streak-standup",
            criterion="weekends are off days: they neither count nor break the streak")
    app.see("4 times a week", at="schedule-gym", criterion="an n per week habit shows its n")
    app.see("Streak: 1 week", at="streak-gym",
            criterion="a week one check-in short of its goal ends the weekly streak")
    app.see("Best: 2 weeks", at="best-gym", criterion="the best weekly streak counts weeks")
    app.see("Streak: 0 days", at="streak-read",
            criterion="a missed yesterday leaves a current streak of 0 days")
    app.see("Best: 8 days", at="best-read", criterion="Read 20 pages' best run is Mar 2 to Mar 9")
    app.see("Streak: 7 days", at="streak-stretch",
            criterion="the weekdays streak runs back to the missed Friday")
    app.see("Best: 9 days", at="best-stretch",
            criterion="the weekdays best run spans a weekend of off days")
    app.see("Evening journal", at="archived-journal",
            criterion="the archived habit is listed below the active ones")

    open_habit(app, "walk", "Morning walk")
    app.see("Started Feb 16, 2026", at="detail-started", criterion="a habit shows its start date")
    app.see("Current streak: 9 days", at="detail-streak",
            criterion="the habit's screen shows the same current streak")
    app.see("Best streak: 10 days", at="detail-best",
            criterion="the habit's screen shows the best streak")
    app.see("Wed, Mar 18", at="day-2026-03-18", criterion="the history starts with today")
    app.see("Not done", at="status-2026-03-18", criterion="today without a check-in is Not done")
    app.see("Not done", at="status-2026-03-08", criterion="the missed Sunday is Not done")
    app.see("Done", at="status-2026-03-09", criterion="a day with a check-in is Done")
    app.see("Thu, Mar 5", at="day-2026-03-05", criterion="the history covers 14 days")
    app.not_see(at="day-2026-03-04", timeout_s=0,
                criterion="the history stops 13 days before today")
    app.see_in_order("Wed, Mar 18", "Tue, Mar 17", "Mon, Mar 16", "Sun, Mar 15",
                     criterion="the history is newest first")
    app.tap(test_id="back")
    app.see("Morning walk", at="open-walk", criterion="Back returns to the habit list")

    open_habit(app, "standup", "Write stand-up notes")
    app.see("Off day", at="status-2026-03-14", criterion="a Saturday of a weekdays habit is an off day")
    app.see("Off day", at="status-2026-03-08", criterion="a Sunday of a weekdays habit is an off day")
    app.not_see(at="toggle-2026-03-14", timeout_s=0,
                criterion="an off day has no check-in button")
    app.see("Done", at="status-2026-03-18", criterion="a check-in today is Done")

    open_habit(app, "gym", "Gym session")
    app.see("Current streak: 1 week", at="detail-streak",
            criterion="this week, not over yet, neither counts nor breaks the weekly streak")
    app.see("2 of 4 this week", at="detail-week",
            criterion="the habit's screen shows this week's count")

    open_habit(app, "read", "Read 20 pages")
    app.see("Started Mar 2, 2026", at="detail-started", criterion="each habit has its own start")
    app.see("Not done", at="status-2026-03-10", criterion="a missed day in the history")
    open_tab(app, "week", "Weekly progress")
    open_tab(app, "today", "Today")


@stage("checkins")
def test_stage_2_checkins(app: App) -> None:
    app.tap(test_id="check-walk")
    app.see("Checked in: Morning walk", at="undo-notice",
            criterion="a check-in on Today shows a notice naming the habit")
    app.see("Undo", at="undo", criterion="the notice has an Undo button")
    app.see("Done today", at="today-state-walk", criterion="the checked-in habit is Done today")
    app.not_see(at="check-walk", criterion="a habit checked in today loses its Check in button")
    badge(app, "3", "the badge counts one habit fewer after a check-in")

    app.tap(test_id="check-read")
    app.see("Checked in: Read 20 pages", at="undo-notice",
            criterion="a later check-in replaces the notice")
    badge(app, "2", "the badge follows the second check-in")
    app.tap(test_id="undo")
    app.see("Due today", at="today-state-read", criterion="Undo takes the check-in back")
    app.see("Check in", at="check-read", criterion="Undo brings back the Check in button")
    app.not_see(at="undo-notice", criterion="the notice goes away after Undo")
    app.not_see(at="undo", timeout_s=0, criterion="the Undo button goes away with its notice")
    badge(app, "3", "Undo puts the habit back into the badge")
    app.see("Done today", at="today-state-walk",
            criterion="Undo takes back only the latest check-in")

    open_tab(app, "habits", "Habits")
    app.see("Streak: 10 days", at="streak-walk",
            criterion="a check-in today adds today to the current streak")
    app.see("Best: 10 days", at="best-walk", criterion="the current run now ties the best one")
    app.see("Streak: 0 days", at="streak-read", criterion="an undone check-in leaves no trace")

    open_habit(app, "stretch", STRETCH)
    app.tap(test_id="toggle-2026-03-06")
    app.see("Done", at="status-2026-03-06", criterion="a forgotten day can be checked in")
    app.see("Current streak: 17 days", at="detail-streak",
            criterion="the forgotten Friday joins two runs across the off-day weekends")
    app.see("Best streak: 17 days", at="detail-best",
            criterion="the joined run becomes the best streak")
    app.see("Remove", at="toggle-2026-03-06", criterion="a checked-in day offers Remove")
    app.tap(test_id="toggle-2026-03-18")
    app.see("Current streak: 18 days", at="detail-streak",
            criterion="a check-in today from the habit's screen counts at once")
    badge(app, "2", "the badge follows a check-in made on a habit's screen")

    open_habit(app, "walk", "Morning walk")
    app.tap(test_id="toggle-2026-03-17")
    app.see("Not done", at="status-2026-03-17", criterion="Remove takes a check-in away")
    app.see("Current streak: 1 day", at="detail-streak",
            criterion="a removed yesterday leaves only today: 1 day, singular")
    app.see("Best streak: 10 days", at="detail-best",
            criterion="removing a check-in keeps the earlier best run")
    app.see("Check in", at="toggle-2026-03-17", criterion="a removed day offers Check in again")

    open_tab(app, "today", "Today")
    app.see("Done today", at="today-state-stretch",
            criterion="Today shows the check-in made on the habit's screen")
    app.not_see(at="undo-notice", timeout_s=0,
                criterion="there is no notice when nothing was checked in here")
    app.tap(test_id="check-gym")
    app.see("3 of 4 this week", at="today-week-gym",
            criterion="a check-in adds to the week's count")
    app.see("Checked in: Gym session", at="undo-notice", criterion="the notice names the gym")
    badge(app, "1", "the badge counts the one habit still due")
    open_tab(app, "habits", "Habits")
    app.see("Streak: 1 week", at="streak-gym",
            criterion="this week with 3 of 4 has not met its goal and does not count yet")
    app.see("Streak: 18 days", at="streak-stretch",
            criterion="the list shows the streak changed on the habit's screen")
    app.see("Streak: 1 day", at="streak-walk", criterion="the list follows a removed check-in")
    open_tab(app, "today", "Today")
    app.not_see(at="undo-notice", timeout_s=0,
                criterion="the notice goes away when another tab is opened")


@stage("progress")
def test_stage_3_progress(app: App) -> None:
    open_tab(app, "week", "Weekly progress")
    app.see_in_order(*ACTIVE, criterion="the rates list the active habits in the seed order")
    app.see("This week: 2 of 3 (67%)", at="rate-this-walk",
            criterion="this week counts Monday through today: 2 of 3 is 67%")
    app.see("Last week: 7 of 7 (100%)", at="rate-last-walk",
            criterion="last week of a daily habit has 7 due days")
    app.see("This week: 3 of 3 (100%)", at="rate-this-standup",
            criterion="a weekdays habit checked in every day this week")
    app.see("Last week: 5 of 5 (100%)", at="rate-last-standup",
            criterion="a weekdays habit's week has 5 due days")
    app.see("This week: 2 of 4 (50%)", at="rate-this-gym",
            criterion="an n per week habit is due n times a week")
    app.see("Last week: 4 of 4 (100%)", at="rate-last-gym",
            criterion="5 check-ins on a 4 times a week habit count as 4 done")
    app.see("This week: 1 of 3 (33%)", at="rate-this-read", criterion="1 of 3 is 33%")
    app.see("Last week: 5 of 7 (71%)", at="rate-last-read", criterion="5 of 7 is 71.43%: 71%")
    app.see("This week: 2 of 3 (67%)", at="rate-this-stretch",
            criterion="the long-named habit's rate this week")
    app.see("All habits this week: 10 of 16 (63%)", at="total-this",
            criterion="10 of 16 is exactly 62.5%, rounded half up to 63%")
    app.see("All habits last week: 26 of 28 (93%)", at="total-last",
            criterion="the all habits rate divides the sums, not the average of the rates")
    app.not_see("Evening journal", timeout_s=0, criterion="an archived habit has no rates")

    open_habit(app, "read", "Read 20 pages")
    app.tap(test_id="archive")
    app.see("Morning walk", at="open-walk", criterion="archiving returns to the habit list")
    app.see("Read 20 pages", at="archived-read", criterion="the archived habit moves below")
    app.see("Restore", at="restore-read", criterion="an archived habit can be restored")
    app.not_see(at="open-read", timeout_s=0, criterion="an archived habit leaves the active list")
    badge(app, "3", "an archived habit leaves the badge")
    open_tab(app, "today", "Today")
    app.not_see("Read 20 pages", timeout_s=0, criterion="an archived habit leaves Today")
    open_tab(app, "week", "Weekly progress")
    app.see("All habits this week: 9 of 13 (69%)", at="total-this",
            criterion="an archived habit leaves this week's total")
    app.see("All habits last week: 21 of 21 (100%)", at="total-last",
            criterion="an archived habit leaves last week's total")

    open_tab(app, "habits", "Habits")
    app.tap(test_id="restore-journal")
    app.see("2 times a week", at="schedule-journal", criterion="a restored habit is active again")
    app.see("Streak: 1 week", at="streak-journal",
            criterion="a restored habit keeps its history and its streak")
    app.see("Best: 2 weeks", at="best-journal", criterion="a restored habit keeps its best streak")
    app.see_in_order(*ACTIVE[:3], STRETCH, "Evening journal", "Read 20 pages",
                     criterion="the restored habit takes its seed place; the archived one below")
    badge(app, "4", "a restored habit that is due joins the badge")
    open_tab(app, "today", "Today")
    app.see("Due today", at="today-state-journal", criterion="a restored habit is back on Today")
    app.see("1 of 2 this week", at="today-week-journal",
            criterion="its week count comes from the kept check-ins")
    open_tab(app, "week", "Weekly progress")
    app.see("This week: 1 of 2 (50%)", at="rate-this-journal",
            criterion="a restored habit's rate comes from its kept check-ins")
    app.see("Last week: 2 of 2 (100%)", at="rate-last-journal",
            criterion="a restored habit's last week is kept")
    app.see("All habits this week: 10 of 15 (67%)", at="total-this",
            criterion="a restored habit joins this week's total")
    app.see("All habits last week: 23 of 23 (100%)", at="total-last",
            criterion="a restored habit joins last week's total")

    open_habit(app, "journal", "Evening journal")
    app.tap(test_id="toggle-2026-03-17")
    app.see("Current streak: 2 weeks", at="detail-streak",
            criterion="this week counts once it meets its goal")
    app.see("2 of 2 this week", at="detail-week", criterion="the week now has its 2 check-ins")
    badge(app, "3", "an n per week habit whose goal is met is not due")
    open_tab(app, "today", "Today")
    app.see("Goal met", at="today-state-journal",
            criterion="a met weekly goal without a check-in today reads Goal met")
    open_tab(app, "week", "Weekly progress")
    app.see("This week: 2 of 2 (100%)", at="rate-this-journal",
            criterion="the forgotten day counts in this week's rate")
    app.see("All habits this week: 11 of 15 (73%)", at="total-this",
            criterion="11 of 15 is 73.33%: 73%")

    open_tab(app, "habits", "Habits")
    app.tap(test_id="restore-read")
    app.see("No archived habits", at="archived-empty",
            criterion="with nothing archived the list says so")
    app.see("Streak: 0 days", at="streak-read", criterion="a restored habit's streak is kept")
    app.see("Best: 8 days", at="best-read", criterion="a restored habit's best streak is kept")
    badge(app, "4", "the restored daily habit is due again")
    open_tab(app, "week", "Weekly progress")
    app.see("Last week: 5 of 7 (71%)", at="rate-last-read",
            criterion="a restored habit's rates come back unchanged")
    app.see("All habits this week: 12 of 18 (67%)", at="total-this",
            criterion="six active habits: 12 of 18 is 66.67%: 67%")
    app.see("All habits last week: 28 of 30 (93%)", at="total-last",
            criterion="six active habits last week: 28 of 30 is 93.33%: 93%")


@journey
def test_journey_habit_day(app: App) -> None:
    badge(app, "4", "the day starts with four habits due")
    app.tap(test_id="check-walk")
    app.tap(test_id="check-read")
    app.tap(test_id="check-stretch")
    app.see("Checked in: Stretch for ten minutes after lunch", at="undo-notice",
            criterion="the notice shows the long name whole")
    badge(app, "1", "three check-ins leave one habit due")
    app.see("Done today", at="today-state-read", criterion="each check-in stays Done today")

    open_habit(app, "read", "Read 20 pages")
    app.see("Current streak: 1 day", at="detail-streak",
            criterion="a check-in today after a missed yesterday is a streak of 1 day")
    app.tap(test_id="toggle-2026-03-10")
    app.tap(test_id="toggle-2026-03-14")
    app.see("Done", at="status-2026-03-14", criterion="forgotten days are logged from the history")
    app.see("Best streak: 15 days", at="detail-best",
            criterion="filling two gaps makes Mar 2 to Mar 16 one run of 15 days")
    app.see("Current streak: 1 day", at="detail-streak",
            criterion="the missed Mar 17 still ends the current streak")

    open_tab(app, "week", "Weekly progress")
    app.see("Last week: 7 of 7 (100%)", at="rate-last-read",
            criterion="the filled days count in last week's rate")
    app.see("This week: 2 of 3 (67%)", at="rate-this-read",
            criterion="this week's rate counts today's check-in")
    app.see("All habits this week: 13 of 16 (81%)", at="total-this",
            criterion="13 of 16 is 81.25%: 81%")
    app.see("All habits last week: 28 of 28 (100%)", at="total-last",
            criterion="last week is complete once the gaps are filled")

    open_tab(app, "today", "Today")
    app.tap(test_id="check-gym")
    app.not_see(at="badge-today", criterion="with no habit due the badge is not shown")
    app.tap(test_id="undo")
    app.see("Due today", at="today-state-gym", criterion="Undo makes the gym due again")
    badge(app, "1", "Undo brings the badge back")

    open_habit(app, "gym", "Gym session")
    app.tap(test_id="archive")
    app.see("Gym session", at="archived-gym", criterion="the gym is archived")
    app.see_in_order("Gym session", "Evening journal",
                     criterion="archived habits are listed in the seed order")
    app.not_see(at="badge-today", criterion="an archived habit leaves the badge")
    open_tab(app, "week", "Weekly progress")
    app.see("All habits this week: 11 of 12 (92%)", at="total-this",
            criterion="without the gym, 11 of 12 is 91.67%: 92%")
    app.see("All habits last week: 24 of 24 (100%)", at="total-last",
            criterion="without the gym, last week is 24 of 24")

    open_tab(app, "habits", "Habits")
    app.tap(test_id="restore-gym")
    app.see("Streak: 1 week", at="streak-gym", criterion="the restored gym keeps its streak")
    badge(app, "1", "the restored gym is due again")
    open_tab(app, "today", "Today")
    app.see("2 of 4 this week", at="today-week-gym",
            criterion="the undone check-in is not in the restored gym's week")
    app.tap(test_id="check-gym")
    app.not_see(at="badge-today", criterion="the last due habit checked in hides the badge")
    open_tab(app, "week", "Weekly progress")
    app.see("This week: 3 of 4 (75%)", at="rate-this-gym",
            criterion="the gym's check-in today counts in its rate")
    app.see("All habits this week: 14 of 16 (88%)", at="total-this",
            criterion="14 of 16 is exactly 87.5%, rounded half up to 88%")
    open_tab(app, "habits", "Habits")
    app.see("Streak: 10 days", at="streak-walk", criterion="the walk's streak ends the day at 10")
    app.see("Best: 15 days", at="best-read", criterion="the reading best run of 15 days stays")
    app.see("Evening journal", at="archived-journal",
            criterion="the journal stays archived through the day")
