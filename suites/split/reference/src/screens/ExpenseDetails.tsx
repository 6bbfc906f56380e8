import { StyleSheet, Text, View } from 'react-native';

import { Expense, MEMBERS, memberName } from '../data';
import { formatCents } from '../money';
import { sharesOf, splitText } from '../split';
import { Button, Screen, styles } from '../ui';

interface Props {
  expense: Expense;
  onBack: () => void;
}

export function ExpenseDetails({ expense, onBack }: Props) {
  const shares = sharesOf(expense);
  const members = MEMBERS.filter((member) => shares[member.key] !== undefined);
  return (
    <Screen heading="Expense details">
      <View style={[styles.card, local.head]}>
        <Text testID="detail-title" style={local.title}>
          {expense.title}
        </Text>
        <Text testID="detail-paid" style={styles.label}>
          {`${memberName(expense.payer)} paid ${formatCents(expense.amountCents)}`}
        </Text>
        <Text testID="detail-split" style={[styles.muted, local.split]}>
          {splitText(expense)}
        </Text>
      </View>
      <View style={styles.card}>
        {members.map((member, index) => (
          <View key={member.key} style={[styles.row, index > 0 && styles.divider]}>
            <Text testID={`share-${member.key}`} style={styles.label}>
              {`${member.name}: ${formatCents(shares[member.key] ?? 0)}`}
            </Text>
          </View>
        ))}
      </View>
      <Button label="Back" testID="back" variant="secondary" onPress={onBack} />
    </Screen>
  );
}

const local = StyleSheet.create({
  head: {
    paddingVertical: 16,
  },
  title: {
    fontSize: 20,
    fontWeight: '700',
    marginBottom: 6,
  },
  split: {
    marginTop: 6,
  },
});
