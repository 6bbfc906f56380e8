/** The History screen: every movement, newest first. */
import { StyleSheet, Text, View } from 'react-native';

import { describeChange, formatQty } from '../logic';
import { Item, Movement } from '../seed';
import { colors, Screen, styles as ui } from '../ui';

interface Props {
  items: readonly Item[];
  movements: readonly Movement[];
}

export function HistoryScreen({ items, movements }: Props) {
  const newestFirst = [...movements].sort((a, b) => b.number - a.number);
  const nameOf = (sku: string) => items.find((item) => item.sku === sku)?.name ?? sku;
  return (
    <Screen heading="Stock movements">
      <View style={ui.card}>
        {newestFirst.map((m, index) => (
          <View key={m.number} style={[styles.row, index > 0 && ui.divider]}>
            <View style={styles.main}>
              <Text testID={`move-time-${m.number}`} style={ui.muted}>
                {m.time}
              </Text>
              <Text testID={`move-item-${m.number}`} style={styles.name}>
                {nameOf(m.sku)}
              </Text>
              <Text testID={`move-change-${m.number}`} style={[styles.change, m.change < 0 && styles.out]}>
                {describeChange(m)}
              </Text>
            </View>
            <Text testID={`move-balance-${m.number}`} style={styles.balance}>
              {`On hand: ${formatQty(m.onHandAfter)}`}
            </Text>
          </View>
        ))}
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    paddingVertical: 10,
  },
  main: {
    flex: 1,
    paddingRight: 8,
  },
  name: {
    fontSize: 16,
    fontWeight: '600',
    color: colors.text,
    marginTop: 2,
  },
  change: {
    fontSize: 14,
    color: colors.positive,
    marginTop: 2,
  },
  out: {
    color: colors.negative,
  },
  balance: {
    fontSize: 14,
    color: colors.text,
  },
});
