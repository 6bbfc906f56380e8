/** A completed sale's receipt, with its change broken into denominations. */
import { StyleSheet, Text, View } from 'react-native';

import { itemByKey } from '../catalogue';
import { formatCents } from '../money';
import { breakChange } from '../pricing';
import { Receipt } from '../state';
import { Button, colors, Screen, styles } from '../ui';

interface Props {
  receipt: Receipt;
  onNewSale: () => void;
}

export function ReceiptView({ receipt, onNewSale }: Props) {
  const pieces = breakChange(receipt.changeCents);
  return (
    <Screen heading="Sale complete">
      <View style={[styles.card, local.receipt]}>
        <Text testID="receipt-number" style={local.number}>
          {`Receipt #${receipt.number}`}
        </Text>
        {receipt.lines.map((line) => {
          const item = itemByKey(line.item);
          return (
            <View key={line.item} style={local.line}>
              <Text testID={`receipt-line-${item.key}`} style={styles.label}>
                {`${item.name} x ${line.qty}`}
              </Text>
              <Text testID={`receipt-amount-${item.key}`} style={styles.amount}>
                {formatCents(line.amountCents)}
              </Text>
            </View>
          );
        })}
        <View style={[styles.divider, local.sums]}>
          <Text testID="receipt-subtotal" style={local.sum}>
            {`Subtotal: ${formatCents(receipt.subtotalCents)}`}
          </Text>
          <Text testID="receipt-tax" style={local.sum}>
            {`Tax: ${formatCents(receipt.taxCents)}`}
          </Text>
          <Text testID="receipt-total" style={[styles.amount, local.total]}>
            {`Total: ${formatCents(receipt.totalCents)}`}
          </Text>
          <Text testID="receipt-cash" style={local.sum}>
            {`Cash: ${formatCents(receipt.cashCents)}`}
          </Text>
          <Text testID="receipt-change" style={[styles.amount, local.change]}>
            {`Change: ${formatCents(receipt.changeCents)}`}
          </Text>
        </View>
      </View>

      <Text style={styles.section}>Change to give</Text>
      <View style={[styles.card, local.pieces]}>
        {pieces.length === 0 ? (
          <Text testID="change-none" style={styles.label}>
            No change due
          </Text>
        ) : (
          pieces.map((piece, index) => (
            <Text key={piece.denominationCents} testID={`change-${index + 1}`} style={local.piece}>
              {`${piece.count} x ${formatCents(piece.denominationCents)}`}
            </Text>
          ))
        )}
      </View>

      <Button label="New sale" testID="new-sale" onPress={onNewSale} />
    </Screen>
  );
}

const local = StyleSheet.create({
  receipt: {
    paddingVertical: 14,
  },
  number: {
    fontSize: 18,
    fontWeight: '700',
    color: colors.text,
    marginBottom: 8,
  },
  line: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 4,
  },
  sums: {
    marginTop: 8,
    paddingTop: 10,
    alignItems: 'flex-end',
  },
  sum: {
    fontSize: 15,
    color: colors.muted,
    marginBottom: 2,
    fontVariant: ['tabular-nums'],
  },
  total: {
    fontSize: 18,
    marginVertical: 4,
  },
  change: {
    fontSize: 18,
    marginTop: 4,
    color: colors.positive,
  },
  pieces: {
    paddingVertical: 10,
  },
  piece: {
    fontSize: 16,
    color: colors.text,
    paddingVertical: 3,
    fontVariant: ['tabular-nums'],
  },
});
