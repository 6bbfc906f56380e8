/** One lot: its prices and status, the bid form while open, and closing it. */
import { useState } from 'react';
import { StyleSheet, Text, TextInput, View } from 'react-native';

import { bidCountText, bidProblem, LotView, minimumBid, statusText } from '../auction';
import { BIDDERS, BidderKey } from '../data';
import { formatCents, parseCents } from '../money';
import { AuctionAction } from '../state';
import { Button, colors, Screen, styles } from '../ui';

interface Props {
  view: LotView;
  closed: boolean;
  dispatch: (action: AuctionAction) => void;
  onBack: () => void;
}

export function LotDetails({ view, closed, dispatch, onBack }: Props) {
  const [bidder, setBidder] = useState<BidderKey>(BIDDERS[0].key);
  const [maximum, setMaximum] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { lot } = view;

  const placeBid = () => {
    const problem = bidProblem(view, bidder, maximum);
    const cents = parseCents(maximum);
    if (problem !== null || cents === null) {
      setError(problem);
      return;
    }
    dispatch({ type: 'bid', lot: lot.key, bidder, maxCents: cents });
    setMaximum('');
    setError(null);
  };

  return (
    <Screen heading="Lot details">
      <View style={[styles.card, local.head]}>
        <Text testID="lot-name" style={local.name}>
          {lot.name}
        </Text>
        <Text testID="lot-start" style={styles.muted}>
          {`Starting price: ${formatCents(lot.startCents)}`}
        </Text>
        <Text testID="lot-price" style={[styles.amount, local.price]}>
          {`Current price: ${formatCents(view.priceCents)}`}
        </Text>
        <Text testID="lot-status" style={[styles.label, local.status]}>
          {statusText(view, closed)}
        </Text>
        <Text testID="lot-bids" style={styles.muted}>
          {bidCountText(view.bidCount)}
        </Text>
        {!closed && lot.reserveCents !== null && (
          <Text
            testID="lot-reserve"
            style={[local.reserve, { color: view.reserveMet ? colors.positive : colors.warning }]}
          >
            {view.reserveMet ? 'Reserve met' : 'Reserve not met'}
          </Text>
        )}
      </View>
      {!closed && (
        <View style={[styles.card, local.form]}>
          <Text testID="min-bid" style={[styles.label, local.minimum]}>
            {`Minimum bid: ${formatCents(minimumBid(view))}`}
          </Text>
          <View style={local.chips}>
            {BIDDERS.map((item) => (
              <Button
                key={item.key}
                label={item.name}
                testID={`pick-bidder-${item.key}`}
                variant="chip"
                selected={item.key === bidder}
                onPress={() => setBidder(item.key)}
              />
            ))}
          </View>
          <TextInput
            testID="input-max"
            placeholder="Your maximum"
            placeholderTextColor={colors.muted}
            keyboardType="decimal-pad"
            value={maximum}
            onChangeText={setMaximum}
            style={local.input}
          />
          {error !== null && (
            <Text testID="form-error" style={local.error}>
              {error}
            </Text>
          )}
          <View style={local.actions}>
            <View style={local.action}>
              <Button label="Place bid" testID="place-bid" onPress={placeBid} />
            </View>
            <View style={local.action}>
              <Button
                label="Close lot"
                testID="close-lot"
                variant="secondary"
                onPress={() => dispatch({ type: 'close', lot: lot.key })}
              />
            </View>
          </View>
        </View>
      )}
      <Button label="Back" testID="back" variant="secondary" onPress={onBack} />
    </Screen>
  );
}

const local = StyleSheet.create({
  head: {
    paddingVertical: 16,
  },
  name: {
    fontSize: 20,
    fontWeight: '700',
    color: colors.text,
    marginBottom: 6,
  },
  price: {
    fontSize: 18,
    marginTop: 8,
  },
  status: {
    fontWeight: '600',
    marginTop: 6,
    marginBottom: 4,
  },
  reserve: {
    marginTop: 6,
    fontSize: 14,
    fontWeight: '600',
  },
  form: {
    paddingVertical: 16,
  },
  minimum: {
    fontWeight: '600',
    marginBottom: 12,
  },
  chips: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    marginBottom: 4,
  },
  input: {
    borderWidth: 1,
    borderColor: colors.border,
    borderRadius: 10,
    paddingHorizontal: 12,
    paddingVertical: 10,
    fontSize: 16,
    color: colors.text,
    backgroundColor: colors.background,
    marginBottom: 8,
  },
  error: {
    color: colors.negative,
    fontSize: 14,
    marginBottom: 4,
    marginTop: 4,
  },
  actions: {
    flexDirection: 'row',
    marginTop: 8,
  },
  action: {
    flex: 1,
    marginHorizontal: 4,
  },
});
