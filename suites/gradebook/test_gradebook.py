"""Hidden device tests of the `gradebook` task: one per stage, and a week-of-grading journey.

Every expected string and number follows from tasks/gradebook/instruction.md and its steps.

Leak canary rvb-canary-docstring-59ed8ab7: must never reach an agent's feedback bundle.
"""

from __future__ import annotations

from pytest_revylbench import App, journey, stage

# Leak canaries (rvb-canary-comment-47ceefd1): hidden text that must never reach a
# feedback bundle. They do not affect any test.
_CANARY = "rvb-canary-c5e2ae18-gradebook-suite"

BIO_BY_AVERAGE = ("Maya Chen", "Lena Okafor", "Tom Becker", "Sofia Ruiz", "Arun Chen",
                  "Noor Haddad")
BIO_BY_NAME = ("Tom Becker", "Arun Chen", "Maya Chen", "Noor Haddad", "Lena Okafor",
               "Sofia Ruiz")


def open_tab(app: App, tab: str, heading: str) -> None:
    app.tap(test_id=f"tab-{tab}")
    app.see(heading, criterion=f"the {tab} tab shows the heading {heading!r}")


def back(app: App, heading: str) -> None:
    app.tap(test_id="back")
    app.see(heading, criterion=f"Back goes up one level, to {heading!r}")


def open_course(app: App, key: str, name: str) -> None:
    app.tap(test_id=f"course-{key}")
    app.see(name, criterion=f"pressing {name} opens its roster under its name")


def open_student(app: App, key: str, name: str) -> None:
    app.tap(test_id=f"student-{key}")
    app.see(name, criterion=f"pressing {name} in the roster opens the student")


def open_category(app: App, key: str, name: str) -> None:
    app.tap(test_id=f"cat-{key}")
    app.see(name, criterion=f"pressing {name} opens the student's {name} scores")


def row(app: App, key: str, rank: str, average: str, letter: str, criterion: str) -> None:
    """One roster row: its rank, average and letter."""
    app.see(average, at=f"avg-{key}", criterion=criterion)
    app.see(rank, at=f"rank-{key}", criterion=f"{key} ranks {rank}")
    app.see(letter, at=f"letter-{key}", criterion=f"an average of {average} is a {letter}")


def choose(app: App, *test_ids: str) -> None:
    for test_id in test_ids:
        app.tap(test_id=test_id)


def save(app: App, score: str) -> None:
    app.type(into="input-score", text=score)
    app.tap(test_id="save-grade")


@stage("roster")
def test_stage_1_roster(app: App) -> None:
    for tab in ("Courses", "Enter", "Rules"):
        app.see(tab, at=f"tab-{tab.lower()}", criterion=f"the tab bar shows the {tab} tab")
    app.see("Biology 101", at="course-bio", criterion="the app opens on the course list")
    app.see("6 students", at="course-students-bio", criterion="a course counts its students")
    app.see("4 students", at="course-students-chem", criterion="Chemistry 110 counts 4 students")
    app.see("Class average: 81.8%", at="course-avg-bio",
            criterion="the class average is the mean of the shown averages, 81.75 rounds half up")
    app.see("Class average: 85.4%", at="course-avg-chem",
            criterion="Chemistry 110's class average is the mean of its four averages")

    open_course(app, "bio", "Biology 101")
    app.see("Class average: 81.8% (B-)", at="class-avg",
            criterion="the roster shows the class average with its letter")
    app.see_in_order(*BIO_BY_AVERAGE,
                     criterion="by average: highest first, a tie ordered by surname A to Z")
    row(app, "maya", "#1", "93.6%", "A", criterion="Maya Chen's Labs drop the earlier of her 9s")
    row(app, "lena", "#2", "86.8%", "B", criterion="categories are weighted 25/35/40")
    row(app, "tom", "#3", "83.5%", "B",
        criterion="a missing lab is left out, not counted as 0; 83.45 rounds half up")
    row(app, "sofia", "#3", "83.5%", "B", criterion="equal averages share a rank")
    row(app, "arun", "#5", "79.0%", "C+",
        criterion="the rank after a shared rank skips (#3, #3, #5)")
    row(app, "noor", "#6", "64.1%", "D", criterion="a missing report is left out, not counted as 0")

    app.tap(test_id="sort-name")
    app.see_in_order(*BIO_BY_NAME,
                     criterion="by name: surname A to Z, then first name (Arun before Maya Chen)")
    app.see("#1", at="rank-maya", criterion="sorting by name keeps the ranks by average")
    app.see("#3", at="rank-tom", criterion="a shared rank stays shared when sorted by name")
    app.tap(test_id="sort-average")
    app.see_in_order(*BIO_BY_AVERAGE, criterion="By average restores the ranking order")

    back(app, "Courses")
    app.not_see(at="class-avg", criterion="Back from a roster leaves the roster")
    open_course(app, "chem", "Chemistry 110")
    app.see("Class average: 85.4% (B)", at="class-avg",
            criterion="Chemistry 110's class average has its letter")
    app.see_in_order("Grace Lin", "Ivan Petrov", "Julia Novak", "Omar Farah",
                     criterion="Chemistry 110's roster is ranked by average")
    row(app, "grace", "#1", "95.9%", "A", criterion="Grace Lin tops Chemistry 110")
    row(app, "ivan", "#2", "90.0%", "A-",
        criterion="89.965 shows as 90.0, and 90.0 is an A- (inclusive lower bound)")
    row(app, "julia", "#3", "84.6%", "B",
        criterion="category percentages are rounded before weighting (84.645, not 84.6545)")
    row(app, "omar", "#4", "71.0%", "C-",
        criterion="a category with no score is left out and the weights rescaled")

    open_tab(app, "rules", "Grading rules")
    open_tab(app, "enter", "Enter a grade")
    app.tap(test_id="tab-courses")
    app.see("Chemistry 110", criterion="the Courses tab comes back to the roster it showed")
    app.see("90.0%", at="avg-ivan",
            criterion="the roster keeps its values after a round of the tabs")


@stage("details")
def test_stage_2_details(app: App) -> None:
    open_course(app, "bio", "Biology 101")
    open_student(app, "arun", "Arun Chen")
    app.see("Average: 79.0%", at="student-avg", criterion="the student shows their average")
    app.see("Letter: C+", at="student-letter", criterion="79.0 is a C+")
    app.see("Rank: 5 of 6", at="student-rank", criterion="the rank counts the course's students")
    app.see("80.0%", at="cat-pct-labs", criterion="Labs keep 16 of 20 after the drop")
    app.see("80.7%", at="cat-pct-reports", criterion="35.5 / 44 = 80.68 rounds to 80.7%")
    app.see("77.0%", at="cat-pct-tests", criterion="Arun Chen's midterm gives Tests 77.0%")
    app.see("Weight 25%", at="weight-labs", criterion="each category shows its weight")
    app.see("Weight 35%", at="weight-reports", criterion="Reports weigh 35%")
    app.see("Weight 40%", at="weight-tests", criterion="Tests weigh 40%")

    open_category(app, "labs", "Labs")
    app.see("Arun Chen", at="cat-student", criterion="the category screen names the student")
    app.see("7 / 10", at="score-lab1", criterion="a graded score reads points / out of")
    app.see("9 / 10", at="score-lab2", criterion="Lab 2 reads 9 / 10")
    app.see("7 / 10", at="score-lab3", criterion="Lab 3 reads 7 / 10")
    app.see("Dropped", at="dropped-lab1",
            criterion="of two equal lowest scores the earliest is dropped")
    app.not_see(at="dropped-lab3", timeout_s=0, criterion="only one score is dropped")
    app.see("Due Nov 24", at="score-lab4", criterion="an upcoming assessment shows its due date")
    app.see("Kept: 16 / 20", at="cat-points",
            criterion="the kept points leave out the dropped score")
    app.see("Category: 80.0%", at="cat-total", criterion="the category's percentage is 16 / 20")

    back(app, "Arun Chen")
    open_category(app, "reports", "Reports")
    app.see("15 / 20", at="score-r1", criterion="Report 1 reads 15 / 20")
    app.see("20.5 / 24", at="score-r2", criterion="a half point is shown with its decimal")
    app.see("Not graded", at="score-r3",
            criterion="an assessment held today without a score is not graded")
    app.not_see(at="dropped-r1", timeout_s=0, criterion="reports never drop a score")
    app.not_see(at="dropped-r2", timeout_s=0, criterion="no report shows Dropped")
    app.see("Kept: 35.5 / 44", at="cat-points", criterion="the kept report points are 35.5 of 44")
    app.see("Category: 80.7%", at="cat-total",
            criterion="the reports' percentage is rounded half up to one decimal")

    back(app, "Arun Chen")
    back(app, "Biology 101")
    open_student(app, "tom", "Tom Becker")
    open_category(app, "labs", "Labs")
    app.see("10 / 10", at="score-lab1", criterion="Tom Becker's Lab 1 reads 10 / 10")
    app.see("Not graded", at="score-lab2", criterion="Tom Becker has no Lab 2 score")
    app.see("6 / 10", at="score-lab3", criterion="Tom Becker's Lab 3 reads 6 / 10")
    app.not_see(at="dropped-lab3", timeout_s=0,
                criterion="with only two lab scores nothing is dropped")
    app.see("Kept: 16 / 20", at="cat-points",
            criterion="both of Tom Becker's lab scores are kept")

    back(app, "Tom Becker")
    back(app, "Biology 101")
    open_student(app, "noor", "Noor Haddad")
    app.see("60.0%", at="cat-pct-reports", criterion="a missing report is left out, not a zero")
    open_category(app, "reports", "Reports")
    app.see("Not graded", at="score-r2", criterion="Noor Haddad's Report 2 is not graded")

    back(app, "Noor Haddad")
    back(app, "Biology 101")
    back(app, "Courses")
    open_course(app, "chem", "Chemistry 110")
    open_student(app, "omar", "Omar Farah")
    app.see("No scores", at="cat-pct-tests", criterion="a category without scores says so")
    app.see("Average: 71.0%", at="student-avg",
            criterion="the average leaves out a category with no score")
    open_category(app, "tests", "Tests")
    app.see("Not graded", at="score-mid", criterion="a held test without a score is not graded")
    app.see("Due Dec 14", at="score-final",
            criterion="the Final test, after today, shows its due date")
    app.see("No scores yet", at="cat-total", criterion="no kept score: no category percentage")
    app.not_see(at="cat-points", timeout_s=0,
                criterion="no kept points are shown without a kept score")

    back(app, "Omar Farah")
    back(app, "Chemistry 110")
    open_student(app, "ivan", "Ivan Petrov")
    app.see("Average: 90.0%", at="student-avg", criterion="Ivan Petrov's 89.965 shows as 90.0%")
    app.see("Letter: A-", at="student-letter",
            criterion="the letter comes from the shown average: 90.0 is an A-")
    app.see("Rank: 2 of 4", at="student-rank", criterion="Ivan Petrov ranks second of four")


@stage("entry")
def test_stage_3_entry(app: App) -> None:
    open_tab(app, "enter", "Enter a grade")
    app.tap(test_id="save-grade")
    app.see("Choose a student", at="entry-error",
            criterion="saving without a student is refused first")
    app.not_see(at="entry-student-arun", timeout_s=0,
                criterion="students are offered only once a course is chosen")

    choose(app, "entry-course-bio", "entry-student-arun")
    app.tap(test_id="save-grade")
    app.see("Choose an assessment", at="entry-error",
            criterion="saving without an assessment is refused next")
    app.not_see(at="entry-student-ivan", timeout_s=0,
                criterion="only the chosen course's students are offered")

    choose(app, "entry-cat-labs")
    app.see("Lab 3", at="entry-assess-lab3",
            criterion="a category offers its assessments held so far")
    app.not_see(at="entry-assess-lab4", timeout_s=0,
                criterion="an upcoming assessment is not offered")
    choose(app, "entry-assess-lab2")
    app.see("Out of 10", at="entry-max", criterion="the form shows the assessment's maximum")
    app.see("Current score: 9 / 10", at="entry-current",
            criterion="the form shows the score the student already has")
    choose(app, "entry-cat-tests")
    app.not_see(at="entry-max", criterion="another category clears the chosen assessment")
    app.see("Midterm", at="entry-assess-mid", criterion="Tests offers the Midterm, which is held")
    app.not_see(at="entry-assess-final", timeout_s=0,
                criterion="the Final test, after today, is not offered")

    choose(app, "entry-cat-reports", "entry-assess-r3")
    app.see("Out of 15", at="entry-max", criterion="the limit follows the chosen assessment")
    app.see("Not graded yet", at="entry-current", criterion="Report 3 has no score yet for Arun Chen")
    save(app, "16")
    app.see("Score must be a number from 0 to 15", at="entry-error",
            criterion="a score above the assessment's maximum is refused")
    save(app, "14.25")
    app.see("Score must be a number from 0 to 15", at="entry-error",
            criterion="a score with two decimals is refused")

    save(app, "15")
    app.see("Saved Report 3: 15 / 15 for Arun Chen", at="entry-saved",
            criterion="a score equal to the maximum is saved")
    app.not_see(at="entry-error", timeout_s=0, criterion="a saved grade clears the error")
    app.see("Average: 80.8% (was 79.0%)", at="entry-average",
            criterion="the form shows the student's average after and before the grade")
    app.see("Letter: B- (was C+)", at="entry-letter",
            criterion="the new average crosses into B-")
    app.see("Rank: 5 of 6 (was 5)", at="entry-rank", criterion="Arun Chen stays fifth of six")
    app.see("Current score: 15 / 15", at="entry-current",
            criterion="the current score follows the saved grade")

    choose(app, "entry-student-sofia")
    app.not_see(at="entry-saved", timeout_s=0,
                criterion="choosing another student hides the saved notice")
    save(app, "15")
    app.see("Average: 85.1% (was 83.5%)", at="entry-average",
            criterion="Sofia Ruiz's average after and before her report")
    app.see("Letter: B (was B)", at="entry-letter",
            criterion="the letter line names both letters, even when equal")
    app.see("Rank: 3 of 6 (was 3)", at="entry-rank",
            criterion="breaking a tie upward keeps the shared rank")

    app.tap(test_id="tab-courses")
    open_course(app, "bio", "Biology 101")
    app.see("Class average: 82.3% (B-)", at="class-avg",
            criterion="the class average follows the new grades")
    app.see_in_order("Maya Chen", "Lena Okafor", "Sofia Ruiz", "Tom Becker", "Arun Chen",
                     "Noor Haddad", criterion="the roster reorders after the new grades")
    row(app, "sofia", "#3", "85.1%", "B", criterion="Sofia Ruiz moves ahead of Tom Becker")
    row(app, "tom", "#4", "83.5%", "B", criterion="the tie is broken: Tom Becker is #4")
    row(app, "arun", "#5", "80.8%", "B-", criterion="the roster shows Arun Chen's new average")

    open_tab(app, "rules", "Grading rules")
    app.see("Labs: 25%", at="rule-weight-labs",
            criterion="the Rules screen shows the labs weight")
    app.see("A-: 90.0 to 92.9", at="scale-a-minus", criterion="the scale shows each band")
    app.see("F: below 60.0", at="scale-f", criterion="the lowest band is below 60.0")
    app.see("Today: Nov 20, 2026", at="today", criterion="the pinned today is shown")


@journey
def test_journey_term(app: App) -> None:
    open_tab(app, "enter", "Enter a grade")
    choose(app, "entry-course-bio", "entry-student-tom", "entry-cat-labs", "entry-assess-lab2")
    app.see("Not graded yet", at="entry-current",
            criterion="Tom Becker has no Lab 2 score yet")
    save(app, "5")
    app.see("Saved Lab 2: 5 / 10 for Tom Becker", at="entry-saved",
            criterion="the saved notice names the assessment, score and student")
    app.see("Average: 83.5% (was 83.5%)", at="entry-average",
            criterion="a third lab score that is the lowest is dropped at once")

    choose(app, "entry-student-lena", "entry-cat-tests", "entry-assess-mid")
    app.see("Current score: 82 / 100", at="entry-current",
            criterion="the form shows the midterm score about to be replaced")
    save(app, "100")
    app.see("Average: 94.0% (was 86.8%)", at="entry-average",
            criterion="a regraded midterm replaces the old score")
    app.see("Letter: A (was B)", at="entry-letter",
            criterion="the regrade lifts Lena Okafor from B to A")
    app.see("Rank: 1 of 6 (was 2)", at="entry-rank", criterion="the student's rank moves up")

    choose(app, "entry-student-maya", "entry-cat-reports", "entry-assess-r3")
    save(app, "6")
    app.see("Average: 88.6% (was 93.6%)", at="entry-average",
            criterion="a 6 of 15 report lowers Maya Chen's average")
    app.see("Letter: B+ (was A)", at="entry-letter", criterion="a weak report costs Maya her A")
    app.see("Rank: 2 of 6 (was 2)", at="entry-rank",
            criterion="Maya Chen stays second behind Lena Okafor")

    choose(app, "entry-student-noor", "entry-assess-r2")
    save(app, "24")
    app.see("Average: 71.7% (was 64.1%)", at="entry-average",
            criterion="a report not graded before now counts")
    app.see("Letter: C- (was D)", at="entry-letter",
            criterion="Noor Haddad's report lifts her from D to C-")

    choose(app, "entry-course-chem")
    app.not_see(at="entry-student-noor", timeout_s=0,
                criterion="another course offers its own students only")
    choose(app, "entry-student-ivan", "entry-assess-r3")
    save(app, "13.5")
    app.see("Saved Report 3: 13.5 / 15 for Ivan Petrov", at="entry-saved",
            criterion="a score with one decimal is saved")
    app.see("Average: 89.9% (was 90.0%)", at="entry-average",
            criterion="13.5 of 15 lowers Ivan Petrov's average just below 90")
    app.see("Letter: B+ (was A-)", at="entry-letter", criterion="Ivan Petrov falls from A- to B+")

    app.tap(test_id="tab-courses")
    app.see("Class average: 83.4%", at="course-avg-bio",
            criterion="the course list follows the week's grades")
    app.see("Class average: 85.4%", at="course-avg-chem",
            criterion="Chemistry 110's class average of 85.35 rounds half up to 85.4%")
    open_course(app, "bio", "Biology 101")
    app.see("Class average: 83.4% (B)", at="class-avg",
            criterion="the roster's class average has its letter")
    app.see_in_order("Lena Okafor", "Maya Chen", "Tom Becker", "Sofia Ruiz", "Arun Chen",
                     "Noor Haddad", criterion="the week's grades reorder the roster")
    row(app, "lena", "#1", "94.0%", "A", criterion="Lena Okafor now leads")
    row(app, "maya", "#2", "88.6%", "B+", criterion="Maya Chen drops to second")
    row(app, "tom", "#3", "83.5%", "B", criterion="Tom Becker and Sofia Ruiz still tie")
    row(app, "sofia", "#3", "83.5%", "B", criterion="the tie still shares #3")
    row(app, "noor", "#6", "71.7%", "C-", criterion="Noor Haddad's new report lifts her to C-")

    open_student(app, "tom", "Tom Becker")
    open_category(app, "labs", "Labs")
    app.see("5 / 10", at="score-lab2", criterion="the entered lab is listed")
    app.see("Dropped", at="dropped-lab2", criterion="the new lowest lab is the one dropped")
    app.see("Kept: 16 / 20", at="cat-points",
            criterion="Tom Becker still keeps 16 of 20 in labs")
    back(app, "Tom Becker")
    back(app, "Biology 101")
    app.tap(test_id="sort-name")
    app.see_in_order("Tom Becker", "Arun Chen", "Maya Chen", "Noor Haddad", "Lena Okafor",
                     "Sofia Ruiz", criterion="sorting by name is unaffected by the grades")
    app.see("#1", at="rank-lena", criterion="ranks by name follow the new averages")
