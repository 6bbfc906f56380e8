/** The Activity: the day's moves, newest first. */
import { StyleSheet, Text, View } from 'react-native';

import { columnOf } from '../board';
import { BoardState } from '../state';
import { colors, Screen, styles as ui } from '../ui';

export function ActivityScreen({ state }: { state: BoardState }) {
  return (
    <Screen heading="Activity log">
      <Text testID="activity-count" style={[ui.muted, styles.count]}>
        {`Moves today: ${state.activity.length}`}
      </Text>
      <View style={ui.card}>
        {state.activity.map((move, index) => {
          const n = index + 1;
          const card = state.cards.find((candidate) => candidate.id === move.card);
          return (
            <View key={`${n}`} style={[styles.entry, index > 0 && ui.divider]}>
              <Text testID={`activity-card-${n}`} style={styles.title}>
                {card?.title ?? ''}
              </Text>
              <View style={styles.path}>
                <Text testID={`activity-from-${n}`} style={ui.muted}>
                  {columnOf(move.from).name}
                </Text>
                <Text style={[ui.muted, styles.arrow]}>→</Text>
                <Text testID={`activity-to-${n}`} style={styles.to}>
                  {columnOf(move.to).name}
                </Text>
              </View>
            </View>
          );
        })}
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  count: {
    marginBottom: 10,
    marginLeft: 4,
  },
  entry: {
    paddingVertical: 10,
  },
  title: {
    fontSize: 15,
    fontWeight: '600',
    color: colors.text,
  },
  path: {
    flexDirection: 'row',
    alignItems: 'center',
    marginTop: 3,
  },
  arrow: {
    marginHorizontal: 6,
  },
  to: {
    fontSize: 13,
    fontWeight: '600',
    color: colors.accent,
  },
});
