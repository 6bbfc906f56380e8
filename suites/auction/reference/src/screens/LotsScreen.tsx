import { useState } from 'react';
import { Pressable, StyleSheet, Text, View } from 'react-native';

import { allViews, statusText } from '../auction';
import { LotKey } from '../data';
import { formatCents } from '../money';
import { AuctionAction, AuctionState } from '../state';
import { colors, Screen, styles } from '../ui';
import { LotDetails } from './LotDetails';

interface Props {
  state: AuctionState;
  dispatch: (action: AuctionAction) => void;
}

export function LotsScreen({ state, dispatch }: Props) {
  const [open, setOpen] = useState<LotKey | null>(null);
  const views = allViews(state.bids);

  const opened = views.find((view) => view.lot.key === open);
  if (opened) {
    return (
      <LotDetails
        view={opened}
        closed={state.closed.includes(opened.lot.key)}
        dispatch={dispatch}
        onBack={() => setOpen(null)}
      />
    );
  }

  return (
    <Screen heading="Auction lots">
      <View style={styles.card}>
        {views.map((view, index) => {
          const closed = state.closed.includes(view.lot.key);
          return (
            <View key={view.lot.key} style={[styles.row, index > 0 && styles.divider]}>
              <View style={local.info}>
                <Pressable
                  accessibilityRole="button"
                  accessibilityLabel={view.lot.name}
                  testID={`lot-${view.lot.key}`}
                  onPress={() => setOpen(view.lot.key)}
                >
                  <Text style={[styles.label, local.name]}>{view.lot.name}</Text>
                </Pressable>
                <Text
                  testID={`status-${view.lot.key}`}
                  style={[styles.muted, closed && local.closed]}
                >
                  {statusText(view, closed)}
                </Text>
              </View>
              <Text testID={`price-${view.lot.key}`} style={styles.amount}>
                {formatCents(view.priceCents)}
              </Text>
            </View>
          );
        })}
      </View>
    </Screen>
  );
}

const local = StyleSheet.create({
  info: {
    flex: 1,
    marginRight: 12,
  },
  name: {
    fontWeight: '600',
    marginBottom: 2,
    color: colors.accent,
  },
  closed: {
    fontWeight: '600',
    color: colors.text,
  },
});
