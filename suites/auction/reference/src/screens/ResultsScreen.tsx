import { StyleSheet, Text, View } from 'react-native';

import { finalPriceCents, isSold, lotView, statusText } from '../auction';
import { LOTS, lotByKey } from '../data';
import { formatCents } from '../money';
import { AuctionState } from '../state';
import { Screen, styles } from '../ui';

interface Props {
  state: AuctionState;
}

export function ResultsScreen({ state }: Props) {
  const views = state.closed.map((key) => lotView(lotByKey(key), state.bids));
  const sold = views.filter(isSold);
  const total = sold.reduce((sum, view) => sum + finalPriceCents(view), 0);
  return (
    <Screen heading="Closed lots">
      {views.length === 0 ? (
        <Text style={[styles.muted, local.empty]}>No lots closed yet</Text>
      ) : (
        <View style={styles.card}>
          {views.map((view, index) => (
            <View key={view.lot.key} style={[local.item, index > 0 && styles.divider]}>
              <Text style={[styles.label, local.name]}>{view.lot.name}</Text>
              <Text testID={`result-${view.lot.key}`} style={styles.muted}>
                {statusText(view, true)}
              </Text>
            </View>
          ))}
        </View>
      )}
      <View style={[styles.card, local.summary]}>
        <Text testID="total-sales" style={[styles.amount, local.total]}>
          {`Total sales: ${formatCents(total)}`}
        </Text>
        <Text testID="sold-count" style={styles.label}>
          {`${sold.length} of ${LOTS.length} lots sold`}
        </Text>
      </View>
    </Screen>
  );
}

const local = StyleSheet.create({
  empty: {
    paddingHorizontal: 4,
    marginBottom: 12,
  },
  item: {
    paddingVertical: 12,
  },
  name: {
    fontWeight: '600',
    marginBottom: 2,
  },
  summary: {
    paddingVertical: 14,
  },
  total: {
    fontSize: 18,
    marginBottom: 6,
  },
});
