/** One item: its figures, receiving stock and adjusting it for a reason. */
import { useState } from 'react';
import { StyleSheet, Text, TextInput, View } from 'react-native';

import {
  adjust,
  formatCents,
  formatQty,
  isLow,
  Outcome,
  REASONS,
  receive,
  stockValueCents,
  supplierName,
} from '../logic';
import { Item, Reason } from '../seed';
import { Action } from '../state';
import { Button, colors, Screen, styles as ui } from '../ui';

interface Props {
  item: Item;
  dispatch: (action: Action) => void;
  onBack: () => void;
}

type Message = { kind: 'notice' | 'receive-error' | 'adjust-error'; text: string } | null;

export function ItemScreen({ item, dispatch, onBack }: Props) {
  const [units, setUnits] = useState('');
  const [cost, setCost] = useState('');
  const [reason, setReason] = useState<Reason | null>(null);
  const [adjustUnits, setAdjustUnits] = useState('');
  const [message, setMessage] = useState<Message>(null);

  function record(outcome: Outcome, errorKind: 'receive-error' | 'adjust-error'): boolean {
    if (!outcome.ok) {
      setMessage({ kind: errorKind, text: outcome.error });
      return false;
    }
    dispatch({ type: 'record', item: outcome.item, movement: outcome.movement });
    setMessage({ kind: 'notice', text: outcome.notice });
    return true;
  }

  function onReceive() {
    if (record(receive(item, units, cost), 'receive-error')) {
      setUnits('');
      setCost('');
    }
  }

  function onAdjust() {
    if (record(adjust(item, reason, adjustUnits), 'adjust-error')) {
      setAdjustUnits('');
      setReason(null);
    }
  }

  const rows: { text: string; testID: string }[] = [
    { text: `SKU: ${item.sku}`, testID: 'detail-sku' },
    { text: `Supplier: ${supplierName(item.supplier)}`, testID: 'detail-supplier' },
    { text: `On hand: ${formatQty(item.onHand)}`, testID: 'detail-stock' },
    { text: `Reorder point: ${formatQty(item.reorderPoint)}`, testID: 'detail-reorder' },
    { text: `Average cost: ${formatCents(item.avgCostCents)}`, testID: 'detail-cost' },
    { text: `Stock value: ${formatCents(stockValueCents(item))}`, testID: 'detail-value' },
  ];

  return (
    <Screen
      heading={item.name}
      action={<Button label="Back" testID="back" variant="secondary" onPress={onBack} />}
    >
      <View style={ui.card}>
        {rows.map((row, index) => (
          <View key={row.testID} style={[styles.fact, index > 0 && ui.divider]}>
            <Text testID={row.testID} style={ui.label}>
              {row.text}
            </Text>
          </View>
        ))}
        {isLow(item) ? (
          <View style={[styles.fact, ui.divider]}>
            <Text testID="detail-low" style={styles.low}>
              Low stock
            </Text>
          </View>
        ) : null}
      </View>

      {message?.kind === 'notice' ? (
        <Text testID="item-notice" style={styles.notice}>
          {message.text}
        </Text>
      ) : null}

      <View style={[ui.card, styles.form]}>
        <View style={styles.inputs}>
          <TextInput
            testID="input-receive-qty"
            placeholder="Units received"
            accessibilityLabel="Units received"
            value={units}
            onChangeText={setUnits}
            keyboardType="number-pad"
            style={[ui.input, styles.half]}
          />
          <TextInput
            testID="input-receive-cost"
            placeholder="Unit cost"
            accessibilityLabel="Unit cost"
            value={cost}
            onChangeText={setCost}
            keyboardType="decimal-pad"
            style={[ui.input, styles.half]}
          />
        </View>
        <Button label="Receive" testID="receive" onPress={onReceive} />
        {message?.kind === 'receive-error' ? (
          <Text testID="receive-error" style={styles.error}>
            {message.text}
          </Text>
        ) : null}
      </View>

      <View style={[ui.card, styles.form]}>
        <View style={styles.reasons}>
          {REASONS.map((r) => (
            <View key={r.key} style={styles.reason}>
              <Button
                label={r.label}
                testID={`reason-${r.key}`}
                variant="chip"
                selected={reason === r.key}
                onPress={() => setReason(r.key)}
              />
            </View>
          ))}
        </View>
        <View style={styles.inputs}>
          <TextInput
            testID="input-adjust-qty"
            placeholder="Units"
            accessibilityLabel="Units"
            value={adjustUnits}
            onChangeText={setAdjustUnits}
            keyboardType="number-pad"
            style={[ui.input, styles.half]}
          />
          <View style={styles.half}>
            <Button label="Adjust" testID="adjust" variant="secondary" onPress={onAdjust} />
          </View>
        </View>
        {message?.kind === 'adjust-error' ? (
          <Text testID="adjust-error" style={styles.error}>
            {message.text}
          </Text>
        ) : null}
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  fact: {
    paddingVertical: 9,
  },
  low: {
    fontSize: 15,
    fontWeight: '700',
    color: colors.warning,
  },
  notice: {
    fontSize: 15,
    fontWeight: '600',
    color: colors.positive,
    backgroundColor: colors.positiveSoft,
    borderRadius: 10,
    paddingHorizontal: 12,
    paddingVertical: 8,
    marginBottom: 12,
    overflow: 'hidden',
  },
  form: {
    paddingVertical: 12,
  },
  inputs: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    marginBottom: 8,
  },
  half: {
    width: '48%',
  },
  reasons: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    marginBottom: 4,
  },
  reason: {
    marginRight: 6,
    marginBottom: 6,
  },
  error: {
    marginTop: 8,
    fontSize: 14,
    fontWeight: '600',
    color: colors.negative,
  },
});
