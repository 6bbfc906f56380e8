import { useState } from 'react';
import { Pressable, StyleSheet, Text, View } from 'react-native';

import { categoryName, Transaction } from '../data';
import { formatDate, groupByDate } from '../derive';
import { formatSignedCents } from '../money';
import { BudgetAction, BudgetState } from '../state';
import { Button, colors, Screen, styles } from '../ui';
import { EditTransactionForm, NewTransactionForm } from './TransactionForm';

interface Props {
  state: BudgetState;
  dispatch: (action: BudgetAction) => void;
}

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: string };

function TransactionRow({ txn, onPress }: { txn: Transaction; onPress: () => void }) {
  return (
    <View style={styles.row}>
      <View style={local.info}>
        <Pressable
          accessibilityRole="button"
          accessibilityLabel={txn.payee}
          testID={`txn-payee-${txn.id}`}
          onPress={onPress}
        >
          <Text style={[styles.label, local.payee]}>
            {txn.payee}
          </Text>
        </Pressable>
        <Text style={styles.muted}>{categoryName(txn.category)}</Text>
      </View>
      <Text
        testID={`txn-amount-${txn.id}`}
        style={[styles.amount, { color: txn.amountCents > 0 ? colors.positive : colors.text }]}
      >
        {formatSignedCents(txn.amountCents)}
      </Text>
    </View>
  );
}

export function TransactionsScreen({ state, dispatch }: Props) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const toList = () => setMode({ kind: 'list' });

  if (mode.kind === 'new') {
    return (
      <NewTransactionForm
        onCancel={toList}
        onSave={(input) => {
          dispatch({ type: 'add', ...input });
          toList();
        }}
      />
    );
  }

  const editing = mode.kind === 'edit' ? state.transactions.find((t) => t.id === mode.id) : undefined;
  if (editing) {
    return (
      <EditTransactionForm
        transaction={editing}
        onCancel={toList}
        onSave={(cents) => {
          dispatch({ type: 'edit', id: editing.id, cents });
          toList();
        }}
      />
    );
  }

  return (
    <Screen heading="All transactions">
      <View style={local.add}>
        <Button label="Add transaction" testID="add-transaction" onPress={() => setMode({ kind: 'new' })} />
      </View>
      {groupByDate(state.transactions).map((group) => (
        <View key={group.date}>
          <Text style={local.date}>{formatDate(group.date)}</Text>
          <View style={styles.card}>
            {group.transactions.map((txn, index) => (
              <View key={txn.id} style={index > 0 && styles.divider}>
                <TransactionRow txn={txn} onPress={() => setMode({ kind: 'edit', id: txn.id })} />
              </View>
            ))}
          </View>
        </View>
      ))}
    </Screen>
  );
}

const local = StyleSheet.create({
  add: {
    marginBottom: 8,
  },
  date: {
    fontSize: 13,
    fontWeight: '700',
    color: colors.muted,
    marginTop: 8,
    marginBottom: 6,
    marginLeft: 4,
  },
  info: {
    flex: 1,
    marginRight: 12,
  },
  payee: {
    fontWeight: '600',
    marginBottom: 2,
  },
});
