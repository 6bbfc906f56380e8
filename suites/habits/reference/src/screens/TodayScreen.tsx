/** Today: each active habit's state for the pinned today, check-ins and the undo notice. */
import { StyleSheet, Text, View } from 'react-native';

import { TODAY, formatLong, mondayOf } from '../dates';
import { Habit, checkInsInWeek, hasCheckIn, perWeek, todayState } from '../habits';
import { Button, Screen, colors, styles as ui } from '../ui';

interface Props {
  habits: readonly Habit[];
  /** The habit of the latest check-in made here, while it can be undone. */
  undoKey: string | null;
  onCheckIn: (key: string) => void;
  onUndo: () => void;
}

export function TodayScreen({ habits, undoKey, onCheckIn, onUndo }: Props) {
  const active = habits.filter((habit) => !habit.archived);
  const undone = undoKey === null ? undefined : habits.find((habit) => habit.key === undoKey);
  return (
    <Screen heading="Today">
      <Text testID="today-date" style={[ui.muted, styles.date]}>
        {formatLong(TODAY)}
      </Text>
      {undone !== undefined && (
        <View style={styles.notice}>
          <Text testID="undo-notice" style={styles.noticeText}>
            {`Checked in: ${undone.name}`}
          </Text>
          <Button label="Undo" testID="undo" onPress={onUndo} variant="secondary" />
        </View>
      )}
      <View style={ui.card}>
        {active.map((habit, index) => {
          const state = todayState(habit);
          return (
            <View key={habit.key} style={[styles.row, index > 0 && ui.divider]}>
              <View style={styles.text}>
                <Text testID={`today-name-${habit.key}`} style={styles.name}>
                  {habit.name}
                </Text>
                <Text
                  testID={`today-state-${habit.key}`}
                  style={[styles.state, state === 'Due today' ? styles.due : styles.done]}
                >
                  {state}
                </Text>
                {habit.schedule.kind === 'weekly' && (
                  <Text testID={`today-week-${habit.key}`} style={ui.muted}>
                    {`${checkInsInWeek(habit, mondayOf(TODAY))} of ${perWeek(habit)} this week`}
                  </Text>
                )}
              </View>
              {!hasCheckIn(habit, TODAY) && (
                <Button label="Check in" testID={`check-${habit.key}`} onPress={() => onCheckIn(habit.key)} />
              )}
            </View>
          );
        })}
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  date: {
    marginBottom: 12,
    marginLeft: 4,
  },
  notice: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 12,
    backgroundColor: colors.positiveSoft,
    borderRadius: 12,
    paddingHorizontal: 16,
    paddingVertical: 10,
    marginBottom: 12,
  },
  noticeText: {
    flex: 1,
    fontSize: 15,
    fontWeight: '600',
    color: colors.positive,
  },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 12,
    paddingVertical: 12,
  },
  text: {
    flex: 1,
    gap: 2,
  },
  name: {
    fontSize: 17,
    fontWeight: '600',
    color: colors.text,
  },
  state: {
    fontSize: 14,
    fontWeight: '600',
  },
  due: {
    color: colors.warning,
  },
  done: {
    color: colors.positive,
  },
});
