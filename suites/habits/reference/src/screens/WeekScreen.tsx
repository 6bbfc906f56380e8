/** Weekly progress: each active habit's rate this week and last week, and the totals. */
import { StyleSheet, Text, View } from 'react-native';

import { TODAY, mondayOf } from '../dates';
import { Habit, rateOf, rateText, totalRate } from '../habits';
import { Screen, colors, styles as ui } from '../ui';

interface Props {
  habits: readonly Habit[];
}

export function WeekScreen({ habits }: Props) {
  const thisWeek = mondayOf(TODAY);
  const lastWeek = thisWeek - 7;
  const active = habits.filter((habit) => !habit.archived);
  return (
    <Screen heading="Weekly progress">
      <View style={ui.card}>
        {active.map((habit, index) => (
          <View key={habit.key} style={[styles.block, index > 0 && ui.divider]}>
            <Text testID={`week-name-${habit.key}`} style={styles.name}>
              {habit.name}
            </Text>
            <Text testID={`rate-this-${habit.key}`} style={styles.rate}>
              {`This week: ${rateText(rateOf(habit, thisWeek))}`}
            </Text>
            <Text testID={`rate-last-${habit.key}`} style={ui.muted}>
              {`Last week: ${rateText(rateOf(habit, lastWeek))}`}
            </Text>
          </View>
        ))}
      </View>
      <View style={[ui.card, styles.totals]}>
        <Text testID="total-this" style={styles.total}>
          {`All habits this week: ${rateText(totalRate(habits, thisWeek))}`}
        </Text>
        <Text testID="total-last" style={styles.totalLast}>
          {`All habits last week: ${rateText(totalRate(habits, lastWeek))}`}
        </Text>
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  block: {
    paddingVertical: 10,
    gap: 2,
  },
  name: {
    fontSize: 16,
    fontWeight: '700',
    color: colors.text,
  },
  rate: {
    fontSize: 15,
    color: colors.text,
  },
  totals: {
    paddingVertical: 12,
    gap: 4,
  },
  total: {
    fontSize: 16,
    fontWeight: '700',
    color: colors.accent,
  },
  totalLast: {
    fontSize: 15,
    color: colors.text,
  },
});
