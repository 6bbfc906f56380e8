/** The basket: one kitchen's dishes, steppers, the tip, and the totals in a fixed footer. */
import { StyleSheet, Text, View } from 'react-native';

import { dishOf, kitchenOf } from '../data';
import { Line, Tip, TipKind, count, km, lineUnit, money, tipText, totalsOf } from '../rules';
import { Action } from '../state';
import { Button, Input, Screen, colors, styles as ui } from '../ui';

interface Props {
  kitchen: string | null;
  lines: readonly Line[];
  tip: Tip;
  dispatch: (action: Action) => void;
}

const TIPS: readonly { kind: TipKind; label: string; testID: string }[] = [
  { kind: 'none', label: 'No tip', testID: 'tip-none' },
  { kind: '10', label: '10%', testID: 'tip-10' },
  { kind: '15', label: '15%', testID: 'tip-15' },
  { kind: '20', label: '20%', testID: 'tip-20' },
  { kind: 'custom', label: 'Custom', testID: 'tip-custom' },
];

export function BasketScreen({ kitchen, lines, tip, dispatch }: Props) {
  if (kitchen === null || lines.length === 0) {
    return (
      <Screen heading="Basket">
        <Text testID="basket-empty" style={[ui.label, styles.empty]}>
          Your basket is empty
        </Text>
      </Screen>
    );
  }
  const place = kitchenOf(kitchen);
  const totals = totalsOf(kitchen, lines, tip);
  const footer = (
    <View>
      <Text testID="total-food" style={styles.total}>{`Food: ${money(totals.food)}`}</Text>
      {totals.small > 0 && (
        <>
          <Text testID="total-small" style={styles.total}>{`Small order fee: ${money(totals.small)}`}</Text>
          <Text testID="small-hint" style={styles.hint}>
            {`Add ${money(1500 - totals.food)} more to avoid the small order fee`}
          </Text>
        </>
      )}
      <Text testID="total-delivery" style={styles.total}>
        {`Delivery (${km(place)}): ${money(totals.delivery)}`}
      </Text>
      <Text testID="total-tip" style={styles.total}>{tipText(tip, totals.tip)}</Text>
      <Text testID="total-total" style={styles.grand}>{`Total: ${money(totals.total)}`}</Text>
      <View style={styles.place}>
        <Button label="Place order" testID="place-order" onPress={() => dispatch({ type: 'place' })} />
      </View>
    </View>
  );

  return (
    <Screen heading="Basket" footer={footer}>
      <View style={styles.top}>
        <Text testID="basket-kitchen" style={ui.label}>{`From ${place.name}`}</Text>
        <Text testID="basket-count" style={ui.muted}>{count(totals.items, 'item', 'items')}</Text>
      </View>
      <View style={ui.card}>
        {lines.map((line, index) => {
          const i = index + 1;
          const unit = lineUnit(line);
          return (
            <View key={`${line.dish}|${line.option}|${line.extras.join(',')}`} style={[styles.line, index > 0 && ui.divider]}>
              <View style={styles.lineText}>
                <Text testID={`line-name-${i}`} style={ui.label}>{dishOf(line.dish).name}</Text>
                <Text testID={`line-choices-${i}`} style={ui.muted}>{[line.option, ...line.extras].join(', ')}</Text>
                <Text testID={`line-price-${i}`} style={ui.muted}>{`${money(unit)} each`}</Text>
              </View>
              <View style={styles.stepper}>
                <Button label="-" testID={`dec-${i}`} variant="chip" onPress={() => dispatch({ type: 'dec', index })} />
                <Text testID={`line-qty-${i}`} style={[ui.amount, styles.qty]}>{String(line.qty)}</Text>
                <Button label="+" testID={`inc-${i}`} variant="chip" onPress={() => dispatch({ type: 'inc', index })} />
              </View>
              <Text testID={`line-amount-${i}`} style={[ui.amount, styles.amount]}>{money(unit * line.qty)}</Text>
            </View>
          );
        })}
      </View>
      <Text style={ui.section}>Tip</Text>
      <View style={ui.chips}>
        {TIPS.map((t) => (
          <Button
            key={t.kind}
            label={t.label}
            testID={t.testID}
            variant="chip"
            selected={tip.kind === t.kind}
            onPress={() => dispatch({ type: 'tip', tip: { ...tip, kind: t.kind } })}
          />
        ))}
      </View>
      {tip.kind === 'custom' && (
        <Input
          testID="input-tip"
          placeholder="Tip amount"
          value={tip.custom}
          keyboard="decimal-pad"
          onChangeText={(text) => dispatch({ type: 'tip', tip: { kind: 'custom', custom: text } })}
        />
      )}
    </Screen>
  );
}

const styles = StyleSheet.create({
  empty: {
    marginTop: 12,
    marginLeft: 4,
  },
  top: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    marginBottom: 8,
    marginHorizontal: 4,
  },
  line: {
    flexDirection: 'row',
    alignItems: 'center',
    paddingVertical: 10,
    gap: 8,
  },
  lineText: {
    flex: 1,
    minWidth: 0,
  },
  stepper: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 6,
  },
  qty: {
    minWidth: 18,
    textAlign: 'center',
  },
  amount: {
    minWidth: 64,
    textAlign: 'right',
  },
  total: {
    fontSize: 14,
    color: colors.text,
    marginBottom: 2,
  },
  hint: {
    fontSize: 13,
    color: colors.warning,
    marginBottom: 2,
  },
  grand: {
    fontSize: 18,
    fontWeight: '700',
    color: colors.text,
    marginTop: 4,
  },
  place: {
    marginTop: 8,
  },
});
