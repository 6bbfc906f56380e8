/** One habit: its streaks, its last 14 days with their check-ins, and archiving. */
import { StyleSheet, Text, View } from 'react-native';

import { TODAY, formatDay, formatShort, isoDay, mondayOf } from '../dates';
import {
  Habit,
  checkInsInWeek,
  hasCheckIn,
  historyDays,
  isOffDay,
  perWeek,
  scheduleLabel,
  streakText,
  streaksOf,
} from '../habits';
import { Button, Screen, colors, styles as ui } from '../ui';

interface Props {
  habit: Habit;
  onBack: () => void;
  onCheckIn: (day: number) => void;
  onRemove: (day: number) => void;
  onArchive: () => void;
}

export function HabitScreen({ habit, onBack, onCheckIn, onRemove, onArchive }: Props) {
  const { current, best } = streaksOf(habit);
  return (
    <Screen heading={habit.name}>
      <View style={styles.back}>
        <Button label="Back" testID="back" onPress={onBack} variant="secondary" />
      </View>
      <View style={[ui.card, styles.summary]}>
        <Text testID="detail-schedule" style={ui.label}>
          {scheduleLabel(habit.schedule)}
        </Text>
        <Text testID="detail-started" style={ui.muted}>
          {`Started ${formatDay(habit.started)}`}
        </Text>
        <Text testID="detail-streak" style={styles.streak}>
          {`Current streak: ${streakText(habit, current)}`}
        </Text>
        <Text testID="detail-best" style={styles.best}>
          {`Best streak: ${streakText(habit, best)}`}
        </Text>
        {habit.schedule.kind === 'weekly' && (
          <Text testID="detail-week" style={ui.muted}>
            {`${checkInsInWeek(habit, mondayOf(TODAY))} of ${perWeek(habit)} this week`}
          </Text>
        )}
      </View>
      <Text style={ui.section}>Last 14 days</Text>
      <View style={ui.card}>
        {historyDays(habit).map((day, index) => {
          const id = isoDay(day);
          const done = hasCheckIn(habit, day);
          const off = isOffDay(habit, day);
          const status = done ? 'Done' : off ? 'Off day' : 'Not done';
          return (
            <View key={day} style={[styles.row, index > 0 && ui.divider]}>
              <Text testID={`day-${id}`} style={[ui.label, styles.day]}>
                {formatShort(day)}
              </Text>
              <Text
                testID={`status-${id}`}
                style={[styles.status, done ? styles.done : off ? styles.off : styles.missed]}
              >
                {status}
              </Text>
              {!off && (
                <Button
                  label={done ? 'Remove' : 'Check in'}
                  testID={`toggle-${id}`}
                  onPress={() => (done ? onRemove(day) : onCheckIn(day))}
                  variant={done ? 'secondary' : 'primary'}
                />
              )}
            </View>
          );
        })}
      </View>
      <Button label="Archive habit" testID="archive" onPress={onArchive} variant="secondary" />
    </Screen>
  );
}

const styles = StyleSheet.create({
  back: {
    alignSelf: 'flex-start',
    marginBottom: 12,
  },
  summary: {
    paddingVertical: 12,
    gap: 4,
  },
  streak: {
    fontSize: 17,
    fontWeight: '700',
    color: colors.text,
  },
  best: {
    fontSize: 15,
    color: colors.text,
  },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 10,
    paddingVertical: 6,
    minHeight: 48,
  },
  day: {
    flex: 1,
  },
  status: {
    fontSize: 14,
    fontWeight: '600',
  },
  done: {
    color: colors.positive,
  },
  off: {
    color: colors.muted,
  },
  missed: {
    color: colors.warning,
  },
});
