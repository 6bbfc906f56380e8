import { StyleSheet, Text, View } from 'react-native';

import { notices } from '../auction';
import { bidderName, lotByKey } from '../data';
import { formatCents } from '../money';
import { AuctionState } from '../state';
import { colors, Screen, styles } from '../ui';

interface Props {
  state: AuctionState;
}

export function NoticesScreen({ state }: Props) {
  const newestFirst = [...notices(state.bids)].reverse();
  return (
    <Screen heading="Outbid notices">
      {newestFirst.length === 0 ? (
        <Text style={[styles.muted, local.empty]}>No notices yet</Text>
      ) : (
        <View style={styles.card}>
          {newestFirst.map((notice, index) => (
            <View key={notice.number} style={[local.item, index > 0 && styles.divider]}>
              <Text testID={`notice-lot-${notice.number}`} style={styles.muted}>
                {lotByKey(notice.lot).name}
              </Text>
              <Text testID={`notice-${notice.number}`} style={[styles.label, local.text]}>
                {`${bidderName(notice.bidder)} was outbid at ${formatCents(notice.priceCents)}`}
              </Text>
            </View>
          ))}
        </View>
      )}
    </Screen>
  );
}

const local = StyleSheet.create({
  empty: {
    paddingHorizontal: 4,
  },
  item: {
    paddingVertical: 12,
  },
  text: {
    fontWeight: '600',
    marginTop: 2,
    color: colors.warning,
  },
});
