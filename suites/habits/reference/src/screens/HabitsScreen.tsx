/** The habit list: the active habits with their streaks, then the archived ones. */
import { Pressable, StyleSheet, Text, View } from 'react-native';

import { Habit, scheduleLabel, streakText, streaksOf } from '../habits';
import { Button, Screen, colors, styles as ui } from '../ui';

interface Props {
  habits: readonly Habit[];
  onOpen: (key: string) => void;
  onRestore: (key: string) => void;
}

export function HabitsScreen({ habits, onOpen, onRestore }: Props) {
  const active = habits.filter((habit) => !habit.archived);
  const archived = habits.filter((habit) => habit.archived);
  return (
    <Screen heading="Habits">
      <View style={ui.card}>
        {active.map((habit, index) => {
          const { current, best } = streaksOf(habit);
          return (
            <View key={habit.key} style={[styles.row, index > 0 && ui.divider]}>
              <Pressable
                accessibilityRole="button"
                accessibilityLabel={habit.name}
                testID={`open-${habit.key}`}
                onPress={() => onOpen(habit.key)}
                style={({ pressed }) => [styles.link, pressed && ui.pressed]}
              >
                <Text style={styles.linkText}>{habit.name}</Text>
              </Pressable>
              <Text testID={`schedule-${habit.key}`} style={ui.muted}>
                {scheduleLabel(habit.schedule)}
              </Text>
              <View style={styles.streaks}>
                <Text testID={`streak-${habit.key}`} style={styles.streak}>
                  {`Streak: ${streakText(habit, current)}`}
                </Text>
                <Text testID={`best-${habit.key}`} style={styles.best}>
                  {`Best: ${streakText(habit, best)}`}
                </Text>
              </View>
            </View>
          );
        })}
      </View>
      <Text style={ui.section}>Archived</Text>
      <View style={ui.card}>
        {archived.length === 0 && (
          <Text testID="archived-empty" style={[ui.muted, styles.empty]}>
            No archived habits
          </Text>
        )}
        {archived.map((habit, index) => (
          <View key={habit.key} style={[styles.archivedRow, index > 0 && ui.divider]}>
            <Text testID={`archived-${habit.key}`} style={[ui.label, styles.archivedName]}>
              {habit.name}
            </Text>
            <Button label="Restore" testID={`restore-${habit.key}`} onPress={() => onRestore(habit.key)} variant="secondary" />
          </View>
        ))}
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  row: {
    paddingVertical: 12,
    gap: 4,
  },
  link: {
    alignSelf: 'flex-start',
  },
  linkText: {
    fontSize: 17,
    fontWeight: '700',
    color: colors.accent,
  },
  streaks: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    columnGap: 16,
  },
  streak: {
    fontSize: 15,
    fontWeight: '600',
    color: colors.text,
  },
  best: {
    fontSize: 15,
    color: colors.muted,
  },
  archivedRow: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 12,
    paddingVertical: 10,
  },
  archivedName: {
    flex: 1,
  },
  empty: {
    paddingVertical: 12,
  },
});
