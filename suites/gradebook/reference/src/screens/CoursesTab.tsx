/** The Courses tab: courses → a course's roster → a student → a category's scores, and back. */
import { Dispatch } from 'react';
import { Pressable, StyleSheet, Text, View } from 'react-native';

import {
  assessmentsOf,
  categoryResult,
  classAverage,
  formatDay,
  formatPercent,
  formatPoints,
  isPast,
  letterOf,
  roster,
  studentByKey,
  studentsOf,
} from '../grades';
import { CATEGORIES, COURSES, CategoryKey } from '../seed';
import { GradebookAction, GradebookState, standingOf } from '../state';
import { Button, colors, Screen, styles as ui } from '../ui';

interface Props {
  state: GradebookState;
  dispatch: Dispatch<GradebookAction>;
}

/** A pressable name on a row; its test ID is on the pressable itself. */
function Link({ label, testID, onPress }: { label: string; testID: string; onPress: () => void }) {
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={label}
      testID={testID}
      onPress={onPress}
      style={({ pressed }) => [styles.link, pressed && ui.pressed]}
    >
      <Text style={styles.linkText}>{label}</Text>
    </Pressable>
  );
}

function CourseList({ state, dispatch }: Props) {
  return (
    <Screen heading="Courses">
      <View style={ui.card}>
        {COURSES.map((course, index) => {
          const average = classAverage(state.scores, course.key);
          return (
            <View key={course.key} style={[ui.row, index > 0 && ui.divider]}>
              <View style={styles.grow}>
                <Link
                  label={course.name}
                  testID={`course-${course.key}`}
                  onPress={() => dispatch({ type: 'open-course', course: course.key })}
                />
                <Text style={ui.muted} testID={`course-students-${course.key}`}>
                  {`${studentsOf(course.key).length} students`}
                </Text>
              </View>
              <Text style={ui.amount} testID={`course-avg-${course.key}`}>
                {average === null ? 'No scores yet' : `Class average: ${formatPercent(average)}`}
              </Text>
            </View>
          );
        })}
      </View>
    </Screen>
  );
}

function CourseRoster({ state, dispatch, course }: Props & { course: string }) {
  const name = COURSES.find((c) => c.key === course)?.name ?? course;
  const average = classAverage(state.scores, course);
  const rows = roster(state.scores, course, state.sort);
  return (
    <Screen heading={name} onBack={() => dispatch({ type: 'back' })}>
      <Text style={[ui.amount, styles.summary]} testID="class-avg">
        {average === null
          ? 'Class average: none yet'
          : `Class average: ${formatPercent(average)} (${letterOf(average)})`}
      </Text>
      <View style={styles.chips}>
        <Button
          label="By average"
          testID="sort-average"
          variant="chip"
          selected={state.sort === 'average'}
          onPress={() => dispatch({ type: 'sort', sort: 'average' })}
        />
        <Button
          label="By name"
          testID="sort-name"
          variant="chip"
          selected={state.sort === 'name'}
          onPress={() => dispatch({ type: 'sort', sort: 'name' })}
        />
      </View>
      <View style={ui.card}>
        {rows.map((row, index) => {
          const key = row.student.key;
          return (
            <View key={key} style={[ui.row, index > 0 && ui.divider]}>
              <Text style={[ui.muted, styles.rank]} testID={`rank-${key}`}>
                {row.rank === null ? '-' : `#${row.rank}`}
              </Text>
              <View style={styles.grow}>
                <Link
                  label={`${row.student.first} ${row.student.last}`}
                  testID={`student-${key}`}
                  onPress={() => dispatch({ type: 'open-student', student: key })}
                />
              </View>
              <Text style={[ui.amount, styles.average]} testID={`avg-${key}`}>
                {row.average === null ? 'No scores' : formatPercent(row.average)}
              </Text>
              <Text style={[ui.amount, styles.letter]} testID={`letter-${key}`}>
                {row.average === null ? '-' : letterOf(row.average)}
              </Text>
            </View>
          );
        })}
      </View>
    </Screen>
  );
}

function StudentView({ state, dispatch, student }: Props & { student: string }) {
  const who = studentByKey(student);
  const standing = standingOf(state.scores, student);
  const size = studentsOf(who.course).length;
  return (
    <Screen heading={`${who.first} ${who.last}`} onBack={() => dispatch({ type: 'back' })}>
      <View style={[ui.card, styles.standing]}>
        <Text style={ui.amount} testID="student-avg">
          {standing ? `Average: ${formatPercent(standing.average)}` : 'Average: none yet'}
        </Text>
        <Text style={ui.amount} testID="student-letter">
          {standing ? `Letter: ${standing.letter}` : 'Letter: -'}
        </Text>
        <Text style={ui.amount} testID="student-rank">
          {standing ? `Rank: ${standing.rank} of ${size}` : `Rank: - of ${size}`}
        </Text>
      </View>
      <View style={ui.card}>
        {CATEGORIES.map((category, index) => {
          const result = categoryResult(state.scores, student, category.key);
          return (
            <View key={category.key} style={[ui.row, index > 0 && ui.divider]}>
              <View style={styles.grow}>
                <Link
                  label={category.name}
                  testID={`cat-${category.key}`}
                  onPress={() => dispatch({ type: 'open-category', category: category.key })}
                />
                <Text style={ui.muted} testID={`weight-${category.key}`}>
                  {`Weight ${category.weight}%`}
                </Text>
              </View>
              <Text style={ui.amount} testID={`cat-pct-${category.key}`}>
                {result.percent === null ? 'No scores' : formatPercent(result.percent)}
              </Text>
            </View>
          );
        })}
      </View>
    </Screen>
  );
}

function CategoryView({
  state,
  dispatch,
  student,
  category,
}: Props & { student: string; category: CategoryKey }) {
  const who = studentByKey(student);
  const name = CATEGORIES.find((c) => c.key === category)?.name ?? category;
  const result = categoryResult(state.scores, student, category);
  const own = state.scores[student] ?? {};
  return (
    <Screen heading={name} onBack={() => dispatch({ type: 'back' })}>
      <Text style={[ui.muted, styles.summary]} testID="cat-student">
        {`${who.first} ${who.last}`}
      </Text>
      <View style={ui.card}>
        {assessmentsOf(category).map((assessment, index) => {
          const points = own[assessment.key];
          let shown: string;
          if (points !== undefined) shown = `${formatPoints(points)} / ${assessment.maxPoints}`;
          else if (isPast(assessment)) shown = 'Not graded';
          else shown = `Due ${formatDay(assessment.date)}`;
          return (
            <View key={assessment.key} style={[ui.row, index > 0 && ui.divider]}>
              <View style={styles.grow}>
                <Text style={ui.label}>{assessment.name}</Text>
                <Text style={ui.muted}>{formatDay(assessment.date)}</Text>
              </View>
              {result.dropped === assessment.key && (
                <Text style={styles.dropped} testID={`dropped-${assessment.key}`}>
                  Dropped
                </Text>
              )}
              <Text style={ui.amount} testID={`score-${assessment.key}`}>
                {shown}
              </Text>
            </View>
          );
        })}
      </View>
      <View style={[ui.card, styles.standing]}>
        {result.percent === null ? (
          <Text style={ui.amount} testID="cat-total">
            No scores yet
          </Text>
        ) : (
          <>
            <Text style={ui.label} testID="cat-points">
              {`Kept: ${formatPoints(result.points)} / ${formatPoints(result.maxPoints)}`}
            </Text>
            <Text style={ui.amount} testID="cat-total">
              {`Category: ${formatPercent(result.percent)}`}
            </Text>
          </>
        )}
      </View>
    </Screen>
  );
}

export function CoursesTab({ state, dispatch }: Props) {
  const { course, student, category } = state.place;
  if (student && category) {
    return <CategoryView state={state} dispatch={dispatch} student={student} category={category} />;
  }
  if (student) return <StudentView state={state} dispatch={dispatch} student={student} />;
  if (course) return <CourseRoster state={state} dispatch={dispatch} course={course} />;
  return <CourseList state={state} dispatch={dispatch} />;
}

const styles = StyleSheet.create({
  grow: {
    flex: 1,
  },
  link: {
    alignSelf: 'flex-start',
    paddingVertical: 2,
  },
  linkText: {
    fontSize: 16,
    fontWeight: '600',
    color: colors.accent,
  },
  summary: {
    marginBottom: 10,
    marginLeft: 4,
  },
  chips: {
    flexDirection: 'row',
    gap: 8,
    marginBottom: 12,
  },
  rank: {
    width: 32,
  },
  average: {
    width: 64,
    textAlign: 'right',
  },
  letter: {
    width: 36,
    textAlign: 'right',
  },
  standing: {
    paddingVertical: 12,
    gap: 6,
  },
  dropped: {
    fontSize: 12,
    fontWeight: '700',
    color: colors.warning,
    backgroundColor: colors.warningSoft,
    paddingHorizontal: 6,
    paddingVertical: 2,
    borderRadius: 6,
    marginRight: 10,
    overflow: 'hidden',
  },
});
