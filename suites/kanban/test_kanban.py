"""Hidden device tests of the `kanban` task: one per stage, and the sprint-day journey.

Every expected string and number follows from tasks/kanban/instruction.md and its steps.

Leak canary rvb-canary-docstring-30e33ba3: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-b15c3fae): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-2668463a-kanban-suite"

LOGIN_ITEMS = (
    "[x] Reproduce on staging",
    "[x] Find root cause",
    "[ ] Raise session limit",
    "[ ] Add regression test",
    "[ ] Update changelog",
)


def open_tab(app: App, tab: str, heading: str) -> None:
    app.tap(test_id=f"tab-{tab}")
    app.see(heading, criterion=f"the {tab} tab shows the heading {heading!r}")


def open_card(app: App, card: int, title: str) -> None:
    app.tap(test_id=f"card-{card}")
    app.see(title, at="detail-title", criterion=f"pressing {title!r} opens its detail")


def close_detail(app: App) -> None:
    app.tap(test_id="detail-close")
    app.not_see(at="detail-title", criterion="Close takes the detail away")
    app.see("Sprint board", criterion="Close shows the board again")


def move(app: App, column: str, shown: str) -> None:
    """Move the open card to `column` (a key) and see that its detail shows the new column."""
    app.tap(test_id=f"move-{column}")
    app.see(shown, at="detail-column", criterion=f"the move puts the card in {shown}")


def count(app: App, column: str, text: str, criterion: str | None = None) -> None:
    app.see(text, at=f"col-count-{column}",
            criterion=criterion or f"the {column} column's count reads {text}")


def summary(app: App, text: str, criterion: str | None = None) -> None:
    app.see(text, at="filter-summary", criterion=criterion or f"the filter summary reads {text!r}")


def activity(app: App, n: int, card: str, source: str, target: str) -> None:
    app.see(card, at=f"activity-card-{n}", criterion="the entry names the card moved")
    app.see(source, at=f"activity-from-{n}", criterion="the entry names the column the card left")
    app.see(target, at=f"activity-to-{n}",
            criterion=f"activity entry {n} is {card} moved from {source} to {target}")


@stage("board")
def test_stage_1_board(app: App) -> None:
    for tab in ("Board", "Filters", "Activity"):
        app.see(tab, at=f"tab-{tab.lower()}", criterion=f"the tab bar shows the {tab} tab")
    app.see("Sprint board", criterion="the app opens on the Board")
    app.see("Today: Dec 1, 2026", at="board-today", criterion="the board shows the pinned today")
    summary(app, "Showing 11 of 11 cards", criterion="with no filter every card is shown")
    app.see_in_order("Backlog", "Ready", "In Progress", "Review", "Done",
                     criterion="the five columns are in the pinned order")
    count(app, "backlog", "3", criterion="a column without a limit shows its count alone")
    count(app, "ready", "2/3", criterion="a column with a limit shows count/limit")
    count(app, "doing", "3/3")
    count(app, "review", "1/2")
    count(app, "done", "2")
    app.see("At limit", at="col-full-doing", criterion="a column at its limit says At limit")
    app.not_see(at="col-full-ready", criterion="a column below its limit is not At limit")
    app.not_see(at="col-full-review", criterion="Review below its limit is not At limit")

    app.see_in_order("Backlog", "Dark mode", "Audit log export", "Typo on pricing page", "Ready",
                     criterion="Backlog lists its seed cards in order")
    app.see_in_order("In Progress", "Fix login timeout", "Search filters", "API rate limits",
                     "Review", "Invoice PDF layout", "Done", "Sign-up form validation",
                     "Release notes", criterion="each card sits in its column, in seed order")
    app.see("Feature, Design", at="card-labels-1", criterion="labels are listed in label order")
    app.see("Bug, Docs", at="card-labels-3", criterion="a card's labels are listed in label order")
    app.see("Ben", at="card-assignee-3", criterion="a card shows its assignee")
    app.see("0/1", at="card-progress-3", criterion="progress is checked/all items")
    app.see("Overdue", at="card-overdue-3",
            criterion="a card due before today outside Done is overdue")
    app.see("Unassigned", at="card-assignee-2", criterion="a card without assignee says so")
    app.not_see(at="card-progress-2", criterion="a card without a checklist shows no progress")
    app.not_see(at="card-labels-2", criterion="a card without labels shows no labels")
    app.see("2/5", at="card-progress-6",
            criterion="Fix login timeout has two of five items checked")
    app.see("Overdue", at="card-overdue-6", criterion="a card due yesterday is overdue")
    app.not_see(at="card-overdue-8", criterion="a card due today is not overdue")
    app.not_see(at="card-overdue-10", criterion="a card in Done is never overdue")
    app.see("4/4", at="card-progress-9", criterion="a card with every item checked shows 4/4")

    open_card(app, 6, "Fix login timeout")
    app.see("In Progress", at="detail-column", criterion="the detail shows the card's column")
    app.see("Ana", at="detail-assignee", criterion="the detail shows the card's assignee")
    app.see("Bug", at="detail-labels", criterion="the detail shows the card's labels")
    app.see("Nov 30, 2026", at="detail-due", criterion="the due date uses the pinned format")
    app.see("Overdue", at="detail-overdue", criterion="the detail marks an overdue card")
    app.see("Checklist 2/5", at="detail-progress", criterion="the detail shows checked/all items")
    for n, item in enumerate(LOGIN_ITEMS, 1):
        app.see(item, at=f"check-{n}", criterion=f"checklist item {n} reads {item!r}")
    app.tap(test_id="check-3")
    app.see("[x] Raise session limit", at="check-3", criterion="pressing an open item checks it")
    app.see("Checklist 3/5", at="detail-progress", criterion="progress follows a checked item")
    app.tap(test_id="check-1")
    app.see("[ ] Reproduce on staging", at="check-1",
            criterion="pressing a checked item unchecks it")
    app.see("Checklist 2/5", at="detail-progress",
            criterion="unchecking an item lowers the progress")
    app.tap(test_id="check-1")
    app.see("Checklist 3/5", at="detail-progress",
            criterion="checking it again raises the progress")
    close_detail(app)
    app.see("3/5", at="card-progress-6", criterion="the board shows the checklist as left")

    open_tab(app, "filters", "Board filters")
    open_tab(app, "activity", "Activity log")
    open_tab(app, "board", "Sprint board")
    app.see("3/5", at="card-progress-6", criterion="checked items survive a round of the tabs")

    open_card(app, 2, "Audit log export")
    app.see("Unassigned", at="detail-assignee",
            criterion="the detail of a card without assignee says Unassigned")
    app.see("No labels", at="detail-labels", criterion="a card without labels says No labels")
    app.see("Dec 22, 2026", at="detail-due",
            criterion="the detail shows the due date in the pinned format")
    app.see("No checklist", at="detail-progress",
            criterion="a card without a checklist says No checklist")
    app.not_see(at="check-1", criterion="a card without a checklist has no items")
    close_detail(app)
    open_card(app, 8, "API rate limits")
    app.see("Dec 1, 2026", at="detail-due",
            criterion="the detail shows today's date for a card due today")
    app.not_see(at="detail-overdue", criterion="a card due today is not marked overdue")


@stage("moves")
def test_stage_2_moves(app: App) -> None:
    open_card(app, 4, "Password reset email")
    app.not_see(at="move-ready", criterion="the card's own column is not offered as a move")
    app.tap(test_id="move-doing")
    app.see("Limit reached: In Progress holds at most 3 cards", at="move-error",
            criterion="a move into a full column is refused with its message")
    app.see("Ready", at="detail-column", criterion="a refused card stays in its column")
    close_detail(app)
    app.see_in_order("Ready", "Password reset email", "Onboarding tour", "In Progress",
                     criterion="a refused card keeps its place")
    count(app, "ready", "2/3")

    open_card(app, 7, "Search filters")
    app.not_see(at="move-error", criterion="a detail that opens shows no message")
    app.see("Checklist 3/4", at="detail-progress", criterion="the detail shows the card's progress")
    move(app, "review", "Review")
    app.not_see(at="move-review", criterion="after a move the new column is no longer offered")
    close_detail(app)
    count(app, "review", "2/2")
    app.see("At limit", at="col-full-review", criterion="Review is at its limit of 2")
    count(app, "doing", "2/3", criterion="a card moved out lowers the count")
    app.not_see(at="col-full-doing", criterion="In Progress is no longer at its limit")
    app.see_in_order("Review", "Invoice PDF layout", "Search filters", "Done",
                     criterion="a moved card goes to the bottom of its new column")

    open_card(app, 4, "Password reset email")
    move(app, "doing", "In Progress")
    app.not_see(at="move-error", criterion="a move allowed after a card left is not refused")
    close_detail(app)
    app.see_in_order("In Progress", "Fix login timeout", "API rate limits",
                     "Password reset email", "Review",
                     criterion="the moved card is listed last in In Progress")
    count(app, "ready", "1/3")
    count(app, "doing", "3/3")
    app.see("At limit", at="col-full-doing", criterion="In Progress is full again")

    open_card(app, 6, "Fix login timeout")
    app.tap(test_id="move-review")
    app.see("Limit reached: Review holds at most 2 cards", at="move-error",
            criterion="each column refuses with its own name and limit")
    app.tap(test_id="move-done")
    app.see("3 of 5 checklist items are still open. Move to Done anyway?", at="confirm-text",
            criterion="moving a card with open items to Done asks first")
    app.not_see(at="move-backlog", criterion="the question replaces the move buttons")
    app.tap(test_id="confirm-cancel")
    app.not_see(at="confirm-text", criterion="Keep working takes the question away")
    app.see("In Progress", at="detail-column", criterion="Keep working makes no move")
    app.tap(test_id="move-done")
    app.tap(test_id="confirm-move")
    app.see("Done", at="detail-column", criterion="Move anyway makes the move")
    app.not_see(at="detail-overdue", criterion="a card in Done is no longer overdue")
    close_detail(app)
    count(app, "done", "3")
    count(app, "doing", "2/3")
    app.see_in_order("Done", "Sign-up form validation", "Release notes", "Fix login timeout",
                     criterion="a card moved to Done goes to the bottom of Done")
    app.not_see(at="card-overdue-6", criterion="the board no longer marks it overdue")

    open_card(app, 9, "Invoice PDF layout")
    app.tap(test_id="move-done")
    app.not_see(at="confirm-text", timeout_s=0,
                criterion="a card whose items are all checked goes to Done without a question")
    app.see("Done", at="detail-column", criterion="the fully checked card is in Done")
    close_detail(app)
    count(app, "review", "1/2")
    app.not_see(at="col-full-review", criterion="Review below its limit is no longer At limit")

    open_tab(app, "activity", "Activity log")
    app.see("Moves today: 6", at="activity-count",
            criterion="four moves made and two seed moves; the refused and cancelled add none")
    activity(app, 1, "Invoice PDF layout", "Review", "Done")
    activity(app, 2, "Fix login timeout", "In Progress", "Done")
    activity(app, 3, "Password reset email", "Ready", "In Progress")
    activity(app, 4, "Search filters", "In Progress", "Review")
    activity(app, 5, "Invoice PDF layout", "In Progress", "Review")
    activity(app, 6, "Release notes", "Review", "Done")
    app.not_see(at="activity-card-7", criterion="there is one entry per move")


@stage("filters")
def test_stage_3_filters(app: App) -> None:
    open_tab(app, "filters", "Board filters")
    summary(app, "Showing 11 of 11 cards")
    app.tap(test_id="label-bug")
    summary(app, "Showing 5 of 11 cards", criterion="the Bug chip shows the five Bug cards")
    open_tab(app, "board", "Sprint board")
    summary(app, "Showing 5 of 11 cards", criterion="the board shows the same summary")
    app.see_in_order("Backlog", "Typo on pricing page", "Ready",
                     criterion="only Bug cards are listed")
    app.not_see(at="card-1", criterion="a card without the label is hidden")
    app.not_see(at="card-2", criterion="a card without labels is hidden while a label is selected")
    app.not_see(at="card-7", criterion="a Feature card is hidden by the Bug filter")
    app.see("Sign-up form validation", at="card-10", criterion="a Bug card in Done is shown")
    count(app, "backlog", "3", criterion="hidden cards still count")
    count(app, "doing", "3/3", criterion="the limit count includes hidden cards")
    app.see("At limit", at="col-full-doing",
            criterion="In Progress is still At limit with hidden cards")

    open_tab(app, "filters", "Board filters")
    app.tap(test_id="label-docs")
    summary(app, "Showing 7 of 11 cards",
            criterion="two labels selected show cards with either of them")
    open_tab(app, "board", "Sprint board")
    app.see("API rate limits", at="card-8", criterion="a Docs card shows with Bug and Docs")
    app.see("Release notes", at="card-11", criterion="a Docs card in Done is shown")
    app.not_see(at="card-7", criterion="a card with neither label stays hidden")

    open_tab(app, "filters", "Board filters")
    app.tap(test_id="assignee-ana")
    summary(app, "Showing 3 of 11 cards",
            criterion="the assignee filter applies on top of the labels")
    open_tab(app, "board", "Sprint board")
    app.see_in_order("Password reset email", "Fix login timeout", "Release notes",
                     criterion="Ana's Bug or Docs cards are shown")
    app.see("No matching cards", at="empty-backlog",
            criterion="a column whose cards are all hidden says No matching cards")
    app.see("No matching cards", at="empty-review",
            criterion="Review's only card is someone else's, so none matches")
    app.not_see(at="card-5", criterion="another person's card is hidden")
    count(app, "doing", "3/3")

    open_card(app, 4, "Password reset email")
    app.tap(test_id="move-doing")
    app.see("Limit reached: In Progress holds at most 3 cards", at="move-error",
            criterion="a column showing one card is still full: hidden cards count")
    close_detail(app)
    summary(app, "Showing 3 of 11 cards", criterion="closing the detail keeps the filters")
    app.see_in_order("Ready", "Password reset email", "In Progress",
                     criterion="the refused card is still in Ready, above In Progress")

    open_tab(app, "filters", "Board filters")
    app.tap(test_id="assignee-unassigned")
    summary(app, "Showing 0 of 11 cards",
            criterion="the one unassigned card has no labels, so the labels hide it")
    app.tap(test_id="label-bug")
    app.tap(test_id="label-docs")
    summary(app, "Showing 1 of 11 cards",
            criterion="pressing a selected label chip deselects it")
    open_tab(app, "board", "Sprint board")
    app.see("Audit log export", at="card-2",
            criterion="the unassigned card shows with the Unassigned filter")
    app.see("No matching cards", at="empty-ready",
            criterion="Ready's cards are all assigned, so none matches")

    open_tab(app, "filters", "Board filters")
    app.tap(test_id="clear-filters")
    summary(app, "Showing 11 of 11 cards", criterion="Clear filters shows every card again")
    open_tab(app, "board", "Sprint board")
    app.see("Dark mode", at="card-1", criterion="Clear filters shows a card hidden before")
    open_card(app, 9, "Invoice PDF layout")
    move(app, "done", "Done")
    close_detail(app)
    app.see("No cards", at="empty-review", criterion="an empty column says No cards")
    count(app, "review", "0/2")


@journey
def test_journey_sprint_day(app: App) -> None:
    open_tab(app, "filters", "Board filters")
    app.tap(test_id="assignee-dev")
    summary(app, "Showing 2 of 11 cards")
    open_tab(app, "board", "Sprint board")
    app.see_in_order("Onboarding tour", "API rate limits", criterion="Dev's two cards are shown")

    open_card(app, 8, "API rate limits")
    app.tap(test_id="check-2")
    app.see("Checklist 2/2", at="detail-progress",
            criterion="checking the last open item makes the progress 2/2")
    move(app, "review", "Review")
    close_detail(app)
    app.see("2/2", at="card-progress-8", criterion="the board shows the new progress")
    count(app, "review", "2/2")
    count(app, "doing", "2/3")

    open_card(app, 5, "Onboarding tour")
    app.tap(test_id="move-review")
    app.see("Limit reached: Review holds at most 2 cards", at="move-error",
            criterion="Review holds at most 2 cards")
    move(app, "doing", "In Progress")
    app.not_see(at="move-error", criterion="a successful move clears the refusal message")
    close_detail(app)
    count(app, "doing", "3/3")
    count(app, "ready", "1/3")

    open_tab(app, "filters", "Board filters")
    app.tap(test_id="label-design")
    summary(app, "Showing 1 of 11 cards", criterion="Dev's only Design card is shown")
    app.tap(test_id="clear-filters")
    summary(app, "Showing 11 of 11 cards")
    open_tab(app, "board", "Sprint board")

    open_card(app, 9, "Invoice PDF layout")
    move(app, "done", "Done")
    close_detail(app)
    count(app, "review", "1/2")

    open_card(app, 3, "Typo on pricing page")
    move(app, "review", "Review")
    app.see("Overdue", at="detail-overdue", criterion="a card outside Done stays overdue")
    close_detail(app)
    count(app, "review", "2/2")
    open_card(app, 3, "Typo on pricing page")
    app.tap(test_id="move-done")
    app.see("1 of 1 checklist items are still open. Move to Done anyway?", at="confirm-text",
            criterion="the question counts the open items of all items")
    app.tap(test_id="confirm-cancel")
    app.tap(test_id="check-1")
    app.see("Checklist 1/1", at="detail-progress", criterion="the only item is now checked")
    move(app, "done", "Done")
    app.not_see(at="confirm-text", timeout_s=0,
                criterion="once its only item is checked the card goes to Done without asking")
    close_detail(app)

    open_card(app, 10, "Sign-up form validation")
    app.not_see(at="detail-overdue", timeout_s=0, criterion="a card in Done is not overdue")
    move(app, "backlog", "Backlog")
    app.see("Overdue", at="detail-overdue",
            criterion="a card moved out of Done is overdue again when its date has passed")
    close_detail(app)
    app.see("Overdue", at="card-overdue-10", criterion="the board marks the reopened card overdue")

    open_card(app, 1, "Dark mode")
    move(app, "ready", "Ready")
    close_detail(app)
    app.see_in_order("Backlog", "Audit log export", "Sign-up form validation", "Ready",
                     "Password reset email", "Dark mode", "In Progress", "Fix login timeout",
                     "Search filters", "Onboarding tour", "Review", "API rate limits", "Done",
                     "Release notes", "Invoice PDF layout", "Typo on pricing page",
                     criterion="every moved card sits at the bottom of its new column")
    count(app, "backlog", "2")
    count(app, "ready", "2/3")
    count(app, "doing", "3/3")
    count(app, "review", "1/2")
    count(app, "done", "3")

    open_tab(app, "activity", "Activity log")
    app.see("Moves today: 9", at="activity-count",
            criterion="seven moves made today plus the two seed moves")
    activity(app, 1, "Dark mode", "Backlog", "Ready")
    activity(app, 2, "Sign-up form validation", "Done", "Backlog")
    activity(app, 3, "Typo on pricing page", "Review", "Done")
    activity(app, 4, "Typo on pricing page", "Backlog", "Review")
    activity(app, 5, "Invoice PDF layout", "Review", "Done")
    activity(app, 9, "Release notes", "Review", "Done")
