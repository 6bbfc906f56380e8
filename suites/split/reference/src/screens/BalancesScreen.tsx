import { StyleSheet, Text, View } from 'react-native';

import { formatCents } from '../money';
import { balanceText, memberSummaries } from '../split';
import { SplitState } from '../state';
import { colors, Screen, styles } from '../ui';

interface Props {
  state: SplitState;
}

export function BalancesScreen({ state }: Props) {
  const summaries = memberSummaries(state.entries);
  return (
    <Screen heading="Who owes what">
      <View style={styles.card}>
        {summaries.map((summary, index) => (
          <View key={summary.key} style={[local.item, index > 0 && styles.divider]}>
            <Text
              testID={`balance-${summary.key}`}
              style={[
                styles.label,
                local.balance,
                summary.balanceCents > 0 && { color: colors.positive },
                summary.balanceCents < 0 && { color: colors.negative },
              ]}
            >
              {balanceText(summary)}
            </Text>
            <Text testID={`totals-${summary.key}`} style={styles.muted}>
              {`Paid ${formatCents(summary.paidCents)}, share ${formatCents(summary.shareCents)}`}
            </Text>
          </View>
        ))}
      </View>
    </Screen>
  );
}

const local = StyleSheet.create({
  item: {
    paddingVertical: 14,
  },
  balance: {
    fontWeight: '600',
    marginBottom: 4,
  },
});
