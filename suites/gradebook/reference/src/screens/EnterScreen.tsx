/** The Enter tab: a grade-entry form whose choices depend on the ones made before. */
import { Dispatch } from 'react';
import { StyleSheet, Text, TextInput, View } from 'react-native';

import {
  assessmentByKey,
  assessmentsOf,
  byName,
  formatPercent,
  formatPoints,
  isPast,
  studentByKey,
  studentsOf,
} from '../grades';
import { CATEGORIES, COURSES } from '../seed';
import { GradebookAction, GradebookState } from '../state';
import { Button, colors, Screen, styles as ui } from '../ui';

interface Props {
  state: GradebookState;
  dispatch: Dispatch<GradebookAction>;
}

export function EnterScreen({ state, dispatch }: Props) {
  const { entry } = state;
  const students = entry.course ? studentsOf(entry.course).slice().sort(byName) : [];
  const assessments = entry.category ? assessmentsOf(entry.category).filter(isPast) : [];
  const assessment = entry.assessment ? assessmentByKey(entry.assessment) : null;
  const current =
    entry.student && assessment ? state.scores[entry.student]?.[assessment.key] : undefined;
  const saved = entry.saved;

  return (
    <Screen heading="Enter a grade">
      <Text style={ui.section}>Course</Text>
      <View style={styles.chips}>
        {COURSES.map((course) => (
          <Button
            key={course.key}
            label={course.name}
            testID={`entry-course-${course.key}`}
            variant="chip"
            selected={entry.course === course.key}
            onPress={() => dispatch({ type: 'entry-course', course: course.key })}
          />
        ))}
      </View>
      {entry.course && (
        <>
          <Text style={ui.section}>Student</Text>
          <View style={styles.chips}>
            {students.map((student) => (
              <Button
                key={student.key}
                label={`${student.first} ${student.last}`}
                testID={`entry-student-${student.key}`}
                variant="chip"
                selected={entry.student === student.key}
                onPress={() => dispatch({ type: 'entry-student', student: student.key })}
              />
            ))}
          </View>
        </>
      )}
      <Text style={ui.section}>Category</Text>
      <View style={styles.chips}>
        {CATEGORIES.map((category) => (
          <Button
            key={category.key}
            label={category.name}
            testID={`entry-cat-${category.key}`}
            variant="chip"
            selected={entry.category === category.key}
            onPress={() => dispatch({ type: 'entry-category', category: category.key })}
          />
        ))}
      </View>
      {entry.category && (
        <>
          <Text style={ui.section}>Assessment</Text>
          <View style={styles.chips}>
            {assessments.map((a) => (
              <Button
                key={a.key}
                label={a.name}
                testID={`entry-assess-${a.key}`}
                variant="chip"
                selected={entry.assessment === a.key}
                onPress={() => dispatch({ type: 'entry-assessment', assessment: a.key })}
              />
            ))}
          </View>
        </>
      )}
      {assessment && (
        <View style={styles.facts}>
          <Text style={ui.label} testID="entry-max">{`Out of ${assessment.maxPoints}`}</Text>
          {entry.student && (
            <Text style={ui.muted} testID="entry-current">
              {current === undefined
                ? 'Not graded yet'
                : `Current score: ${formatPoints(current)} / ${assessment.maxPoints}`}
            </Text>
          )}
        </View>
      )}
      <View style={styles.form}>
        <TextInput
          testID="input-score"
          accessibilityLabel="Score"
          placeholder="Score"
          placeholderTextColor={colors.muted}
          keyboardType="decimal-pad"
          value={entry.score}
          onChangeText={(score) => dispatch({ type: 'entry-score', score })}
          style={styles.input}
        />
        <Button label="Save grade" testID="save-grade" onPress={() => dispatch({ type: 'save' })} />
      </View>
      {entry.error && (
        <Text style={styles.error} testID="entry-error">
          {entry.error}
        </Text>
      )}
      {saved && (
        <View style={[ui.card, styles.saved]}>
          <Text style={ui.label} testID="entry-saved">
            {`Saved ${assessmentByKey(saved.assessment).name}: ${formatPoints(saved.score)} / ${
              assessmentByKey(saved.assessment).maxPoints
            } for ${studentByKey(saved.student).first} ${studentByKey(saved.student).last}`}
          </Text>
          <Text style={ui.amount} testID="entry-average">
            {`Average: ${formatPercent(saved.after.average)} (was ${formatPercent(saved.before.average)})`}
          </Text>
          <Text style={ui.amount} testID="entry-letter">
            {`Letter: ${saved.after.letter} (was ${saved.before.letter})`}
          </Text>
          <Text style={ui.amount} testID="entry-rank">
            {`Rank: ${saved.after.rank} of ${saved.classSize} (was ${saved.before.rank})`}
          </Text>
        </View>
      )}
    </Screen>
  );
}

const styles = StyleSheet.create({
  chips: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    gap: 8,
    marginBottom: 12,
  },
  facts: {
    gap: 4,
    marginBottom: 10,
    marginLeft: 4,
  },
  form: {
    flexDirection: 'row',
    gap: 10,
    alignItems: 'center',
    marginBottom: 10,
  },
  input: {
    flex: 1,
    backgroundColor: colors.card,
    borderWidth: 1,
    borderColor: colors.border,
    borderRadius: 10,
    paddingHorizontal: 12,
    paddingVertical: 10,
    fontSize: 16,
    color: colors.text,
  },
  error: {
    color: colors.negative,
    fontSize: 14,
    fontWeight: '600',
    marginBottom: 10,
    marginLeft: 4,
  },
  saved: {
    paddingVertical: 12,
    gap: 6,
  },
});
