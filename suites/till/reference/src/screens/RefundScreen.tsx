/** The Refund screen: find a receipt by number and refund whole lines in cash. */
import { useState } from 'react';
import { StyleSheet, Text, TextInput, View } from 'react-native';

import { itemByKey } from '../catalogue';
import { formatCents } from '../money';
import { isRefunded, TillAction, TillState } from '../state';
import { Button, colors, Screen, styles } from '../ui';

interface Props {
  state: TillState;
  dispatch: (action: TillAction) => void;
}

export function RefundScreen({ state, dispatch }: Props) {
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const find = () => {
    const text = typed.trim();
    const receipt = /^\d+$/.test(text)
      ? state.receipts.find((candidate) => candidate.number === Number(text))
      : undefined;
    setNotice(null);
    if (receipt) {
      setFound(receipt.number);
      setError(null);
    } else {
      setFound(null);
      setError(`No receipt #${text}`);
    }
  };

  const receipt = state.receipts.find((candidate) => candidate.number === found);

  return (
    <Screen heading="Refund a sale">
      <View style={[styles.card, local.search]}>
        <TextInput
          testID="input-receipt"
          placeholder="Receipt number"
          placeholderTextColor={colors.muted}
          keyboardType="number-pad"
          value={typed}
          onChangeText={setTyped}
          style={local.input}
        />
        <Button label="Find" testID="find-receipt" onPress={find} />
        {error !== null && (
          <Text testID="refund-error" style={local.error}>
            {error}
          </Text>
        )}
      </View>

      {receipt && (
        <View style={styles.card}>
          <Text testID="refund-receipt" style={local.number}>
            {`Receipt #${receipt.number}`}
          </Text>
          {receipt.lines.map((line) => {
            const item = itemByKey(line.item);
            const refunded = isRefunded(state, receipt.number, line.item);
            const back = line.amountCents + line.taxCents;
            return (
              <View key={line.item} style={[styles.row, styles.divider]}>
                <View style={local.info}>
                  <Text testID={`refund-line-${item.key}`} style={styles.label}>
                    {`${item.name} x ${line.qty}`}
                  </Text>
                  <Text testID={`refund-amount-${item.key}`} style={styles.muted}>
                    {formatCents(back)}
                  </Text>
                </View>
                {refunded ? (
                  <Text testID={`refund-action-${item.key}`} style={local.refunded}>
                    Refunded
                  </Text>
                ) : (
                  <Button
                    label="Refund"
                    testID={`refund-action-${item.key}`}
                    variant="secondary"
                    onPress={() => {
                      dispatch({ type: 'refund', receipt: receipt.number, item: line.item });
                      setNotice(`Refunded ${formatCents(back)} in cash`);
                    }}
                  />
                )}
              </View>
            );
          })}
        </View>
      )}

      {notice !== null && (
        <Text testID="refund-notice" style={local.notice}>
          {notice}
        </Text>
      )}
    </Screen>
  );
}

const local = StyleSheet.create({
  search: {
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
    marginTop: 10,
  },
  number: {
    fontSize: 18,
    fontWeight: '700',
    color: colors.text,
    paddingVertical: 12,
  },
  info: {
    flex: 1,
    marginRight: 12,
  },
  refunded: {
    fontSize: 13,
    fontWeight: '600',
    color: colors.warning,
    backgroundColor: colors.warningSoft,
    paddingVertical: 6,
    paddingHorizontal: 10,
    borderRadius: 8,
    overflow: 'hidden',
  },
  notice: {
    fontSize: 15,
    fontWeight: '600',
    color: colors.positive,
    backgroundColor: colors.positiveSoft,
    paddingVertical: 10,
    paddingHorizontal: 14,
    borderRadius: 10,
    overflow: 'hidden',
  },
});
