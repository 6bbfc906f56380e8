"""Hidden device tests of the `library` task: one per stage, and a day at the desk.

Every expected string and number follows from tasks/library/instruction.md and its steps (and
is re-derived from the public seed data by suites/library/derive.py). The catalogue is longer
than the phone's screen: the tests scroll to a far title before reading it.

Leak canary rvb-canary-docstring-80e600cb: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-a7a9b091): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-eefdd718-library-suite"

CATALOGUE_START = ("A Field Guide to Moss", "Atlas of Small Rivers", "Baking by Weight",
                   "The Birch Letters", "Clockwork Harbor")
CATALOGUE_END = ("Velvet Sky", "Winter Kitchen", "Yarrow and Thyme")
OVERDUE_ORDER = ("Coastal Birds Monthly", "Deep Field", "The Salt Road", "Jazz at Midnight",
                 "Night Train to Oslo")
SALT_ROAD_HOLDS = "Cannot renew: 2 holds are waiting for The Salt Road"
NO_COPY = "No copy is available: place a hold instead"


SCREEN_SIGN = {"Catalogue": ("28 titles", "title-count"), "Members": ("Ana Reyes", "member-ana")}
"""What only the catalogue and the members list show: their headings equal their tab labels,
which are always on screen, so a check of the heading alone could not fail."""


def see_screen(app: App, heading: str, criterion: str) -> None:
    if heading in SCREEN_SIGN:
        text, test_id = SCREEN_SIGN[heading]
        app.see(text, at=test_id, criterion=criterion)
    else:
        app.see(heading, criterion=criterion)


def open_tab(app: App, tab: str, heading: str) -> None:
    app.tap(test_id=f"tab-{tab}")
    see_screen(app, heading, f"the {tab} tab shows the {heading} screen")


def open_title(app: App, key: str, name: str) -> None:
    app.scroll_to(name)
    app.tap(test_id=f"open-{key}")
    app.not_see(at=f"open-{key}",
                criterion=f"pressing {name!r} in the catalogue opens that title in place of the list")


def open_member(app: App, key: str, name: str) -> None:
    app.tap(test_id=f"member-{key}")
    app.not_see(at=f"member-{key}",
                criterion=f"pressing {name!r} opens that member in place of the list")


def back(app: App, heading: str) -> None:
    app.tap(test_id="back")
    see_screen(app, heading, f"Back returns to {heading!r}")


def check_out(app: App, member: str) -> None:
    app.tap(test_id=f"pick-member-{member}")
    app.tap(test_id="checkout")


def confirm_return(app: App, i: int) -> None:
    app.tap(test_id=f"return-{i}")
    app.tap(test_id="confirm-return")


def check_member_row(app: App, key: str, loans: str, fines: str, criterion: str) -> None:
    app.see(loans, at=f"member-loans-{key}", criterion=criterion)
    app.see(fines, at=f"member-fines-{key}",
            criterion=f"{key}'s fines are the capped fines of their overdue and returned loans")


@stage("catalogue")
def test_stage_1_catalogue(app: App) -> None:
    for tab in ("Catalogue", "Members", "Overdue"):
        app.see(tab, at=f"tab-{tab.lower()}", criterion=f"the tab bar shows the {tab} tab")
    app.see("Today: Apr 15, 2026", at="today", criterion="today is pinned to Apr 15, 2026")
    app.see("28 titles", at="title-count", criterion="the catalogue counts every seed title")
    app.see_in_order(*CATALOGUE_START,
                     criterion="titles are sorted A to Z, ignoring a leading 'The '")
    app.see("0 of 1 available", at="row-avail-deep-field",
            criterion="Deep Field's only copy is on loan")
    app.see("1 hold", at="row-holds-deep-field", criterion="one waiting member reads '1 hold'")
    app.see("2 of 3 available", at="row-avail-glass",
            criterion="a title with one copy out of three on loan has two available")
    app.not_see(at="row-holds-moss", timeout_s=0,
                criterion="a title nobody waits for shows no holds")

    app.scroll_to("The Salt Road")
    app.see("Book", at="row-media-salt-road", criterion="a row shows the title's media")
    app.see("0 of 3 available", at="row-avail-salt-road",
            criterion="a title with every copy on loan has none available")
    app.see("2 holds", at="row-holds-salt-road",
            criterion="a row counts the members waiting in the title's queue")
    app.see_in_order("Quiet Hours", "The Salt Road", "Star Charts for Beginners", "Tide Tables",
                     criterion="The Salt Road sorts as 'Salt Road', between Q and St")
    app.see("1 of 2 available", at="row-avail-open-water",
            criterion="Open Water has one of its two copies on loan")
    app.scroll_to("Yarrow and Thyme")
    app.see("1 of 1 available", at="row-avail-yarrow",
            criterion="the last title of the catalogue is reached by scrolling")
    app.see("DVD", at="row-media-velvet", criterion="a DVD's row says DVD")
    app.see("Magazine", at="row-media-tide", criterion="a magazine's row says Magazine")
    app.see_in_order(*CATALOGUE_END, criterion="the catalogue ends with V, W and Y")

    open_title(app, "salt-road", "The Salt Road")
    app.see("Book", at="detail-media", criterion="an open title shows its media")
    app.see("21-day loans, $0.25 a day late, up to $5.00", at="detail-rules",
            criterion="a book's rules: 21 days, $0.25 a day, capped at $5.00")
    app.see("0 of 3 available", at="detail-avail", criterion="an open title shows its availability")
    app.see("Copy 1: on loan, due Apr 10, 2026", at="copy-1",
            criterion="a book checked out Mar 20 is due 21 days later, Apr 10")
    app.see("Copy 2: on loan, due Apr 23, 2026", at="copy-2",
            criterion="a book checked out Apr 2 is due Apr 23")
    app.see("Copy 3: on loan, due Apr 15, 2026", at="copy-3",
            criterion="a book checked out Mar 25 is due Apr 15, across the month's end")
    app.see("1. Dev Patel", at="queue-1", criterion="the holds queue lists the first in line first")
    app.see("2. Eli Moss", at="queue-2", criterion="the holds queue numbers each member's place")
    app.not_see(at="queue-empty", timeout_s=0, criterion="a queue with members is not empty")
    back(app, "Catalogue")

    open_title(app, "deep-field", "Deep Field")
    app.see("7-day loans, $1.00 a day late, up to $10.00", at="detail-rules",
            criterion="a DVD's rules: 7 days, $1.00 a day, capped at $10.00")
    app.see("Copy 1: on loan, due Apr 3, 2026", at="copy-1",
            criterion="a DVD checked out Mar 27 is due 7 days later, Apr 3")
    app.see("1. Cara Lind", at="queue-1", criterion="Deep Field's queue holds Cara Lind")
    back(app, "Catalogue")

    open_title(app, "knitting", "Knitting Now")
    app.see("14-day loans, $0.10 a day late, up to $2.00", at="detail-rules",
            criterion="a magazine's rules: 14 days, $0.10 a day, capped at $2.00")
    app.see("Copy 1: on loan, due Apr 22, 2026", at="copy-1",
            criterion="a magazine checked out Apr 8 is due 14 days later, Apr 22")
    app.see("Copy 2: available", at="copy-2", criterion="a copy not on loan is available")
    app.see("No holds", at="queue-empty", criterion="a title nobody waits for shows No holds")
    open_tab(app, "members", "Members")
    open_tab(app, "overdue", "Overdue loans")
    open_tab(app, "catalogue", "Catalogue")


@stage("members")
def test_stage_2_members(app: App) -> None:
    open_tab(app, "members", "Members")
    app.see_in_order("Ana Reyes", "Ben Okafor", "Cara Lind", "Dev Patel", "Eli Moss",
                     criterion="members are listed in the seed order")
    check_member_row(app, "ana", "Loans: 4 of 4", "Fines: $1.25",
                     criterion="Ana Reyes is at the limit of 4 loans")
    check_member_row(app, "ben", "Loans: 2 of 4", "Fines: $10.00",
                     criterion="Ben Okafor has two loans")
    check_member_row(app, "cara", "Loans: 2 of 4", "Fines: $2.00",
                     criterion="Cara Lind has two loans")
    check_member_row(app, "dev", "Loans: 2 of 4", "Fines: $3.00",
                     criterion="Dev Patel has two loans")
    check_member_row(app, "eli", "Loans: 1 of 4", "Fines: $3.00",
                     criterion="Eli Moss has one loan")
    app.not_see(at="member-ready-dev", timeout_s=0,
                criterion="nobody has a copy ready for pickup in the seed data")

    open_member(app, "ana", "Ana Reyes")
    app.see("Loans: 4 of 4", at="detail-loans", criterion="a member shows their loans and the limit")
    app.see("Fines: $1.25", at="detail-fines", criterion="5 days late on a book is $1.25")
    app.see_in_order("The Salt Road", "Glass Mountain", "Knitting Now", "Open Water",
                     criterion="loans are sorted by due date, ties by title")
    app.see("Due Apr 10, 2026", at="loan-due-1", criterion="the earliest due loan comes first")
    app.see("Overdue by 5 days", at="loan-note-1",
            criterion="days late count from the due date to the pinned today")
    app.see("Fine: $1.25", at="loan-fine-1", criterion="an overdue book's fine is $0.25 a day")
    app.see("Magazine, copy 1", at="loan-copy-3", criterion="a loan names its media and copy")
    app.see("Due in 7 days", at="loan-note-3", criterion="a loan due later counts the days left")
    app.see("Due in 20 days", at="loan-note-4",
            criterion="a book checked out yesterday is due in 20 days")
    app.not_see(at="loan-fine-2", timeout_s=0, criterion="a loan not yet due has no fine")
    app.see("No holds", at="no-holds", criterion="a member without holds shows No holds")

    app.tap(test_id="renew-1")
    app.see(SALT_ROAD_HOLDS, at="member-error",
            criterion="a loan whose title has holds waiting is not renewed, holds checked first")
    app.see("Due Apr 10, 2026", at="loan-due-1",
            criterion="a refused renewal leaves the due date alone")
    app.tap(test_id="renew-3")
    app.see("Renewed: now due May 6, 2026", at="member-notice",
            criterion="renewing a magazine due Apr 22 adds 14 days")
    app.see("Knitting Now", at="loan-title-4",
            criterion="the renewed loan moves to its new place by due date")
    app.see("Due May 6, 2026", at="loan-due-4", criterion="the renewed loan shows its new due date")
    app.tap(test_id="renew-4")
    app.see("Cannot renew: already renewed once", at="member-error",
            criterion="a loan is renewed at most once")
    back(app, "Members")

    open_member(app, "dev", "Dev Patel")
    app.see_in_order("Night Train to Oslo", "Lantern Street",
                     criterion="Dev's DVD due Apr 12 comes before the book due Apr 21")
    app.see("Fine: $3.00", at="loan-fine-1", criterion="3 days late on a DVD is $3.00")
    app.see("Due Apr 21, 2026", at="loan-due-2",
            criterion="Lantern Street, renewed once, is due two loan periods after Mar 10")
    app.tap(test_id="renew-1")
    app.see("Cannot renew: this loan is overdue", at="member-error",
            criterion="an overdue loan without holds is refused as overdue")
    app.tap(test_id="renew-2")
    app.see("Cannot renew: already renewed once", at="member-error",
            criterion="a seed loan already renewed cannot be renewed again")
    app.see("The Salt Road: #1 in line", at="hold-1",
            criterion="a member's hold shows their place in the queue")
    back(app, "Members")

    open_member(app, "cara", "Cara Lind")
    app.see("Fine: $2.00", at="loan-fine-1",
            criterion="22 days late on a magazine is 220 cents, capped at $2.00 per item")
    app.see("Overdue by 22 days", at="loan-note-1",
            criterion="a magazine due Mar 24 is 22 days late")
    app.see("Due today", at="loan-note-2", criterion="a loan due on the pinned today is not overdue")
    app.not_see(at="loan-fine-2", timeout_s=0, criterion="a loan due today has no fine")
    app.tap(test_id="renew-2")
    app.see(SALT_ROAD_HOLDS, at="member-error",
            criterion="a loan due today is refused while holds wait on its title")
    app.see("Deep Field: #1 in line", at="hold-1", criterion="Cara is first in line for Deep Field")
    back(app, "Members")
    open_member(app, "ben", "Ben Okafor")
    app.tap(test_id="renew-1")
    app.see("Cannot renew: 1 hold is waiting for Deep Field", at="member-error",
            criterion="one member waiting reads '1 hold is waiting'")

    open_tab(app, "overdue", "Overdue loans")
    app.see("5 overdue loans", at="overdue-count", criterion="five seed loans are overdue")
    app.see_in_order(*OVERDUE_ORDER,
                     criterion="overdue loans are sorted by days late, ties by title")
    app.see("Cara Lind", at="overdue-member-1", criterion="each overdue row names the member")
    app.see("Overdue by 22 days", at="overdue-days-1",
            criterion="the latest loan is listed first")
    app.see("Fine: $2.00", at="overdue-fine-1", criterion="a magazine's fine is capped at $2.00")
    app.see("Fine: $10.00", at="overdue-fine-2",
            criterion="12 days late on a DVD is $12.00, capped at $10.00")
    app.see("Overdue by 3 days", at="overdue-days-4", criterion="Jazz at Midnight is 3 days late")
    app.see("Eli Moss", at="overdue-member-4",
            criterion="equally late loans are ordered by title, not by member")
    app.see("Dev Patel", at="overdue-member-5",
            criterion="Night Train to Oslo comes after Jazz at Midnight")
    app.see("Fines on overdue loans: $19.25", at="overdue-total",
            criterion="the total sums each loan's capped fine")


@stage("desk")
def test_stage_3_desk(app: App) -> None:
    open_title(app, "glass", "Glass Mountain")
    app.tap(test_id="checkout")
    app.not_see(at="desk-notice", timeout_s=1,
                criterion="Check out with no member chosen does nothing")
    app.tap(test_id="pick-member-eli")
    app.tap(test_id="place-hold")
    app.see("A copy is available: check it out instead", at="desk-error",
            criterion="a hold is refused while a copy is available")
    app.tap(test_id="checkout")
    app.tap(test_id="checkout")
    app.see("Copy 1 checked out to Eli Moss, due May 6, 2026", at="desk-notice",
            criterion="a book checked out today is due in 21 days, the lowest free copy first")
    app.see("1 of 3 available", at="detail-avail",
            criterion="pressing Check out twice lends one copy, not two")
    app.see("Copy 1: on loan, due May 6, 2026", at="copy-1",
            criterion="the lent copy shows its new due date")
    app.see("Copy 3: available", at="copy-3", criterion="the second press lent no other copy")
    check_out(app, "ana")
    app.see("Ana Reyes is at the limit of 4 loans", at="desk-error",
            criterion="a member with 4 loans cannot borrow more")
    app.see("1 of 3 available", at="detail-avail", criterion="a refused checkout lends nothing")
    back(app, "Catalogue")

    open_title(app, "jazz", "Jazz at Midnight")
    check_out(app, "ben")
    app.see(NO_COPY, at="desk-error", criterion="a title with no free copy cannot be checked out")
    app.tap(test_id="place-hold")
    app.see("Hold placed for Ben Okafor: #1 in line", at="desk-notice",
            criterion="after a refusal the member stays chosen and a hold can be placed")
    app.see("1. Ben Okafor", at="queue-1", criterion="the new hold joins the title's queue")
    app.tap(test_id="place-hold")
    app.not_see(at="desk-error", timeout_s=1,
                criterion="a second press of Place hold with nobody chosen does nothing")
    app.tap(test_id="pick-member-ben")
    app.tap(test_id="place-hold")
    app.see("Ben Okafor already has a hold on this title", at="desk-error",
            criterion="a member cannot hold the same title twice")

    open_tab(app, "members", "Members")
    app.see("Loans: 2 of 4", at="member-loans-eli",
            criterion="the double press gave Eli one loan, not two")
    open_member(app, "cara", "Cara Lind")
    app.tap(test_id="return-2")
    app.see("Return The Salt Road, copy 3, from Cara Lind?", at="confirm-text",
            criterion="Return asks for confirmation first")
    app.not_see(at="confirm-fine", timeout_s=0, criterion="a loan that is not late has no fine to charge")
    app.tap(test_id="cancel-return")
    app.not_see(at="confirm-text", criterion="Cancel closes the confirmation")
    app.see("The Salt Road", at="loan-title-2", criterion="Cancel keeps the loan")
    app.see("Loans: 2 of 4", at="detail-loans", criterion="Cancel changes nothing")
    app.not_see(at="member-notice", timeout_s=0, criterion="Cancel shows no message")

    confirm_return(app, 2)
    app.see("The Salt Road, copy 3, returned: ready for pickup for Dev Patel", at="member-notice",
            criterion="a returned copy goes to the first member in the title's queue")
    app.see("Loans: 1 of 4", at="detail-loans", criterion="a confirmed return ends the loan")
    app.tap(test_id="return-1")
    app.see("A fine of $2.00 will be charged", at="confirm-fine",
            criterion="the confirmation of a late loan shows the fine it charges")
    app.tap(test_id="confirm-return")
    app.see("Coastal Birds Monthly, copy 1, returned: now available", at="member-notice",
            criterion="a copy nobody waits for becomes available")
    app.see("No loans", at="no-loans", criterion="a member without loans shows No loans")
    app.see("Fines: $2.00", at="detail-fines", criterion="returning a late copy keeps its fine owed")
    back(app, "Members")

    app.see("1 ready for pickup", at="member-ready-dev",
            criterion="the member first in line is shown a copy ready for pickup")
    app.see("Loans: 0 of 4", at="member-loans-cara", criterion="Cara returned both loans")
    app.see("Fines: $2.00", at="member-fines-cara", criterion="the charged fine stays owed")
    open_member(app, "dev", "Dev Patel")
    app.see("The Salt Road: ready for pickup", at="hold-1",
            criterion="the promoted hold reads ready for pickup")

    open_tab(app, "catalogue", "Catalogue")
    app.see("1 hold", at="row-holds-salt-road", criterion="the promoted member left the queue")
    open_title(app, "salt-road", "The Salt Road")
    app.see("Copy 3: ready for pickup for Dev Patel", at="copy-3",
            criterion="the returned copy is kept for the first member in line")
    app.see("1. Eli Moss", at="queue-1", criterion="everyone behind moves up one place")
    check_out(app, "eli")
    app.see(NO_COPY, at="desk-error",
            criterion="a copy ready for another member cannot be checked out")
    check_out(app, "dev")
    app.see("Copy 3 checked out to Dev Patel, due May 6, 2026", at="desk-notice",
            criterion="the member picks up the copy kept for them")
    app.see("Copy 3: on loan, due May 6, 2026", at="copy-3",
            criterion="the picked-up copy is on loan")

    open_tab(app, "overdue", "Overdue loans")
    app.see("4 overdue loans", at="overdue-count", criterion="a returned late loan is no longer overdue")
    app.see("Fines on overdue loans: $17.25", at="overdue-total",
            criterion="charged fines are not in the overdue total")


@journey
def test_journey_desk_day(app: App) -> None:
    open_tab(app, "members", "Members")
    open_member(app, "ben", "Ben Okafor")
    app.tap(test_id="return-1")
    app.see("A fine of $10.00 will be charged", at="confirm-fine",
            criterion="the DVD's fine stops at its $10.00 cap")
    app.tap(test_id="confirm-return")
    app.see("Deep Field, copy 1, returned: ready for pickup for Cara Lind", at="member-notice",
            criterion="Deep Field goes to Cara Lind, first in its queue")
    app.see("Fines: $10.00", at="detail-fines", criterion="the fine is charged on return")
    app.tap(test_id="renew-1")
    app.see(SALT_ROAD_HOLDS, at="member-error",
            criterion="Ben's The Salt Road cannot be renewed while two members wait")
    back(app, "Members")

    open_member(app, "ana", "Ana Reyes")
    confirm_return(app, 1)
    app.see("The Salt Road, copy 1, returned: ready for pickup for Dev Patel", at="member-notice",
            criterion="the first returned copy goes to Dev Patel")
    app.see("Loans: 3 of 4", at="detail-loans", criterion="Ana is below the limit again")
    app.see("Fines: $1.25", at="detail-fines", criterion="Ana's late fine stays owed")
    back(app, "Members")

    open_member(app, "cara", "Cara Lind")
    confirm_return(app, 2)
    app.see("The Salt Road, copy 3, returned: ready for pickup for Eli Moss", at="member-notice",
            criterion="the next returned copy goes to the next member in line")
    app.see("Deep Field: ready for pickup", at="hold-1",
            criterion="Cara's Deep Field hold is ready for pickup")
    back(app, "Members")

    open_member(app, "ben", "Ben Okafor")
    app.tap(test_id="renew-1")
    app.see("Renewed: now due May 14, 2026", at="member-notice",
            criterion="with nobody waiting, a book due Apr 23 renews to May 14")
    app.see("Due May 14, 2026", at="loan-due-1", criterion="the renewal moves the due date")
    back(app, "Members")
    for key in ("cara", "dev", "eli"):
        app.see("1 ready for pickup", at=f"member-ready-{key}",
                criterion=f"{key} has a copy waiting on the holds shelf")

    open_tab(app, "catalogue", "Catalogue")
    app.scroll_to("The Salt Road")
    app.not_see(at="row-holds-salt-road", criterion="nobody waits for The Salt Road any more")
    open_title(app, "salt-road", "The Salt Road")
    app.see("Copy 1: ready for pickup for Dev Patel", at="copy-1",
            criterion="copy 1 is kept for Dev Patel")
    app.see("Copy 2: on loan, due May 14, 2026", at="copy-2",
            criterion="the renewed copy shows its new due date")
    app.see("Copy 3: ready for pickup for Eli Moss", at="copy-3",
            criterion="copy 3 is kept for Eli Moss")
    app.see("No holds", at="queue-empty", criterion="the queue is empty once both were promoted")
    app.see("0 of 3 available", at="detail-avail",
            criterion="copies kept for pickup are not available")
    check_out(app, "ana")
    app.see(NO_COPY, at="desk-error", criterion="copies kept for others are not lent to Ana")
    check_out(app, "dev")
    app.see("Copy 1 checked out to Dev Patel, due May 6, 2026", at="desk-notice",
            criterion="Dev picks up the copy kept for him")
    back(app, "Catalogue")

    open_title(app, "deep-field", "Deep Field")
    check_out(app, "cara")
    app.see("Copy 1 checked out to Cara Lind, due Apr 22, 2026", at="desk-notice",
            criterion="a DVD picked up today is due in 7 days")
    back(app, "Catalogue")
    open_title(app, "clockwork", "Clockwork Harbor")
    check_out(app, "ana")
    app.see("Copy 1 checked out to Ana Reyes, due Apr 22, 2026", at="desk-notice",
            criterion="Ana borrows again once she is below the limit")
    check_out(app, "ana")
    app.see("Ana Reyes is at the limit of 4 loans", at="desk-error",
            criterion="her fourth loan brings Ana back to the limit")
    app.see("1 of 2 available", at="detail-avail", criterion="Clockwork Harbor lent one copy")

    open_tab(app, "overdue", "Overdue loans")
    app.see("3 overdue loans", at="overdue-count", criterion="two late loans were returned")
    app.see_in_order("Coastal Birds Monthly", "Jazz at Midnight", "Night Train to Oslo",
                     criterion="the remaining late loans keep their order")
    app.see("Fines on overdue loans: $8.00", at="overdue-total",
            criterion="the overdue total sums the three remaining fines")

    open_tab(app, "members", "Members")
    check_member_row(app, "ana", "Loans: 4 of 4", "Fines: $1.25",
                     criterion="Ana is at the limit again after the day")
    check_member_row(app, "ben", "Loans: 1 of 4", "Fines: $10.00",
                     criterion="Ben keeps one loan after returning Deep Field")
    check_member_row(app, "cara", "Loans: 2 of 4", "Fines: $2.00",
                     criterion="Cara returned The Salt Road and picked up Deep Field")
    check_member_row(app, "dev", "Loans: 3 of 4", "Fines: $3.00",
                     criterion="Dev picked up The Salt Road")
    app.not_see(at="member-ready-dev", criterion="a picked-up copy is no longer waiting")
    app.see("1 ready for pickup", at="member-ready-eli",
            criterion="Eli's copy is still waiting for pickup")
