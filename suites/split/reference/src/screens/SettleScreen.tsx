import { StyleSheet, Text, View } from 'react-native';

import { memberName } from '../data';
import { formatCents } from '../money';
import { memberSummaries, settlePlan, transferCountText } from '../split';
import { SplitAction, SplitState } from '../state';
import { Button, Screen, styles } from '../ui';

interface Props {
  state: SplitState;
  dispatch: (action: SplitAction) => void;
}

export function SettleScreen({ state, dispatch }: Props) {
  const plan = settlePlan(memberSummaries(state.entries));
  return (
    <Screen heading="Settle-up plan">
      <View style={[styles.card, local.count]}>
        <Text testID="transfer-count" style={[styles.amount, local.countText]}>
          {transferCountText(plan.length)}
        </Text>
      </View>
      {plan.length > 0 && (
        <View style={styles.card}>
          {plan.map((transfer, index) => {
            const n = index + 1;
            return (
              <View key={`${transfer.from}-${transfer.to}-${n}`} style={[styles.row, index > 0 && styles.divider]}>
                <Text testID={`transfer-${n}`} style={[styles.label, local.transfer]}>
                  {`${memberName(transfer.from)} pays ${memberName(transfer.to)} ${formatCents(transfer.amountCents)}`}
                </Text>
                <Button
                  label="Record"
                  testID={`record-${n}`}
                  variant="secondary"
                  onPress={() => dispatch({ type: 'record-payment', ...transfer })}
                />
              </View>
            );
          })}
        </View>
      )}
    </Screen>
  );
}

const local = StyleSheet.create({
  count: {
    paddingVertical: 14,
  },
  countText: {
    fontSize: 18,
  },
  transfer: {
    flex: 1,
    marginRight: 12,
  },
});
