/** The Sell screen: catalogue, basket, totals and cash payment; the receipt once paid. */
import { useState } from 'react';
import { StyleSheet, Text, TextInput, View } from 'react-native';

import { CATALOGUE, itemByKey, taxClassLabel } from '../catalogue';
import { formatCents, parseAmountToCents } from '../money';
import { PricedLine, priceLine, tenderError, totals } from '../pricing';
import { TillAction, TillState } from '../state';
import { Button, colors, Screen, styles } from '../ui';
import { ReceiptView } from './ReceiptView';

interface Props {
  state: TillState;
  dispatch: (action: TillAction) => void;
}

function BasketRow({ line, dispatch }: { line: PricedLine; dispatch: (action: TillAction) => void }) {
  const item = itemByKey(line.item);
  return (
    <View style={styles.row}>
      <View style={local.info}>
        <Text testID={`line-${item.key}`} style={[styles.label, local.name]}>
          {`${item.name} x ${line.qty}`}
        </Text>
        <Text testID={`line-tax-${item.key}`} style={styles.muted}>
          {`Tax ${formatCents(line.taxCents)}`}
        </Text>
      </View>
      <Text testID={`line-amount-${item.key}`} style={[styles.amount, local.lineAmount]}>
        {formatCents(line.amountCents)}
      </Text>
      <View style={local.stepper}>
        <Button
          label="-"
          testID={`dec-${item.key}`}
          variant="chip"
          onPress={() => dispatch({ type: 'set-qty', item: item.key, qty: line.qty - 1 })}
        />
        <View style={local.stepGap} />
        <Button
          label="+"
          testID={`inc-${item.key}`}
          variant="chip"
          onPress={() => dispatch({ type: 'set-qty', item: item.key, qty: line.qty + 1 })}
        />
      </View>
    </View>
  );
}

export function SellScreen({ state, dispatch }: Props) {
  const [cash, setCash] = useState('');
  const [error, setError] = useState<string | null>(null);

  const shown = state.receipts.find((receipt) => receipt.number === state.shownReceipt);
  if (shown) {
    return <ReceiptView receipt={shown} onNewSale={() => dispatch({ type: 'new-sale' })} />;
  }

  const lines = state.basket.map(priceLine);
  const sums = totals(lines);
  const act = (action: TillAction) => {
    setError(null);
    dispatch(action);
  };
  const takeCash = () => {
    const cashCents = parseAmountToCents(cash);
    const problem = tenderError(lines, cashCents);
    setError(problem);
    if (problem === null && cashCents !== null) {
      setCash('');
      dispatch({ type: 'take-cash', cashCents });
    }
  };

  return (
    <Screen heading="New sale">
      <Text style={styles.section}>Basket</Text>
      <View style={styles.card}>
        {lines.length === 0 ? (
          <Text testID="basket-empty" style={[styles.muted, local.empty]}>
            Basket is empty
          </Text>
        ) : (
          lines.map((line, index) => (
            <View key={line.item} style={index > 0 && styles.divider}>
              <BasketRow line={line} dispatch={act} />
            </View>
          ))
        )}
        <View style={[styles.divider, local.totals]}>
          <Text testID="subtotal" style={local.totalLine}>
            {`Subtotal: ${formatCents(sums.subtotalCents)}`}
          </Text>
          <Text testID="tax" style={local.totalLine}>
            {`Tax: ${formatCents(sums.taxCents)}`}
          </Text>
          <Text testID="total" style={[styles.amount, local.grandTotal]}>
            {`Total: ${formatCents(sums.totalCents)}`}
          </Text>
        </View>
      </View>

      <View style={[styles.card, local.pay]}>
        <TextInput
          testID="input-cash"
          placeholder="Cash received"
          placeholderTextColor={colors.muted}
          keyboardType="decimal-pad"
          value={cash}
          onChangeText={setCash}
          style={local.input}
        />
        {error !== null && (
          <Text testID="tender-error" style={local.error}>
            {error}
          </Text>
        )}
        <Button label="Take cash" testID="take-cash" onPress={takeCash} />
      </View>

      <Text style={styles.section}>Catalogue</Text>
      <View style={styles.card}>
        {CATALOGUE.map((item, index) => (
          <View key={item.key} style={[styles.row, index > 0 && styles.divider]}>
            <View style={local.info}>
              <Text testID={`item-${item.key}`} style={[styles.label, local.name]}>
                {item.name}
              </Text>
              <Text testID={`class-${item.key}`} style={styles.muted}>
                {taxClassLabel(item.taxClass)}
              </Text>
            </View>
            <Text testID={`price-${item.key}`} style={[styles.amount, local.price]}>
              {formatCents(item.priceCents)}
            </Text>
            <Button
              label="Add"
              testID={`add-${item.key}`}
              variant="secondary"
              onPress={() => act({ type: 'add', item: item.key })}
            />
          </View>
        ))}
      </View>
    </Screen>
  );
}

const local = StyleSheet.create({
  info: {
    flex: 1,
    marginRight: 8,
  },
  name: {
    fontWeight: '600',
    marginBottom: 2,
  },
  price: {
    marginRight: 12,
  },
  lineAmount: {
    marginRight: 10,
  },
  stepper: {
    flexDirection: 'row',
  },
  stepGap: {
    width: 6,
  },
  empty: {
    paddingVertical: 16,
    fontSize: 15,
  },
  totals: {
    paddingVertical: 12,
    alignItems: 'flex-end',
  },
  totalLine: {
    fontSize: 15,
    color: colors.muted,
    marginBottom: 2,
    fontVariant: ['tabular-nums'],
  },
  grandTotal: {
    fontSize: 20,
    marginTop: 4,
  },
  pay: {
    paddingVertical: 14,
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
    marginBottom: 10,
  },
  error: {
    color: colors.negative,
    fontSize: 14,
    marginBottom: 10,
  },
});
