import { useState } from 'react';
import { Pressable, StyleSheet, Text, View } from 'react-native';

import { Entry, memberName } from '../data';
import { formatCents } from '../money';
import { totalSpent } from '../split';
import { SplitAction, SplitState } from '../state';
import { Button, colors, Screen, styles } from '../ui';
import { ExpenseDetails } from './ExpenseDetails';
import { NewExpenseForm } from './ExpenseForm';

interface Props {
  state: SplitState;
  dispatch: (action: SplitAction) => void;
}

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'details'; id: string };

function EntryRow({ entry, onOpen }: { entry: Entry; onOpen: () => void }) {
  if (entry.kind === 'payment') {
    return (
      <View style={styles.row}>
        <Text testID={`payment-${entry.id}`} style={[styles.label, local.payment]}>
          {`${memberName(entry.from)} paid ${memberName(entry.to)} ${formatCents(entry.amountCents)}`}
        </Text>
      </View>
    );
  }
  return (
    <View style={styles.row}>
      <View style={local.info}>
        <Pressable
          accessibilityRole="button"
          accessibilityLabel={entry.title}
          testID={`expense-title-${entry.id}`}
          onPress={onOpen}
        >
          <Text style={[styles.label, local.title]}>
            {entry.title}
          </Text>
        </Pressable>
        <Text testID={`expense-paid-${entry.id}`} style={styles.muted}>
          {`${memberName(entry.payer)} paid ${formatCents(entry.amountCents)}`}
        </Text>
      </View>
      <Text style={styles.amount}>{formatCents(entry.amountCents)}</Text>
    </View>
  );
}

export function ExpensesScreen({ state, dispatch }: Props) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const toList = () => setMode({ kind: 'list' });

  if (mode.kind === 'new') {
    return (
      <NewExpenseForm
        onCancel={toList}
        onSave={(input) => {
          dispatch({ type: 'add-expense', ...input });
          toList();
        }}
      />
    );
  }

  const opened = mode.kind === 'details'
    ? state.entries.find((entry) => entry.kind === 'expense' && entry.id === mode.id)
    : undefined;
  if (opened && opened.kind === 'expense') {
    return <ExpenseDetails expense={opened} onBack={toList} />;
  }

  const newestFirst = [...state.entries].reverse();
  return (
    <Screen heading="Shared expenses">
      <View style={local.add}>
        <Button label="Add expense" testID="add-expense" onPress={() => setMode({ kind: 'new' })} />
      </View>
      <View style={[styles.card, local.total]}>
        <Text testID="total-spent" style={[styles.amount, local.totalText]}>
          {`Total spent: ${formatCents(totalSpent(state.entries))}`}
        </Text>
      </View>
      <View style={styles.card}>
        {newestFirst.map((entry, index) => (
          <View key={entry.id} style={index > 0 && styles.divider}>
            <EntryRow entry={entry} onOpen={() => setMode({ kind: 'details', id: entry.id })} />
          </View>
        ))}
      </View>
    </Screen>
  );
}

const local = StyleSheet.create({
  add: {
    marginBottom: 12,
  },
  total: {
    paddingVertical: 14,
  },
  totalText: {
    fontSize: 18,
  },
  info: {
    flex: 1,
    marginRight: 12,
  },
  title: {
    fontWeight: '600',
    marginBottom: 2,
  },
  payment: {
    color: colors.positive,
    fontStyle: 'italic',
  },
});
