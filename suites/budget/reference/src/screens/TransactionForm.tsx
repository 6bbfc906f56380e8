/** The New transaction and Edit transaction forms. */
import { useState } from 'react';
import { StyleSheet, Text, TextInput, View } from 'react-native';

import { ACCOUNTS, AccountKey, CategoryKey, EXPENSE_CATEGORIES, Transaction } from '../data';
import { centsToInput, parseAmountToCents } from '../money';
import { Button, colors, Screen, styles } from '../ui';

const ERROR_TEXT = 'Enter a payee and an amount greater than $0.00';

interface FieldProps {
  value: string;
  onChangeText: (text: string) => void;
}

function AmountInput({ value, onChangeText }: FieldProps) {
  return (
    <TextInput
      testID="input-amount"
      placeholder="Amount"
      placeholderTextColor={colors.muted}
      keyboardType="decimal-pad"
      value={value}
      onChangeText={onChangeText}
      style={local.input}
    />
  );
}

interface ActionsProps {
  error: boolean;
  onSave: () => void;
  onCancel: () => void;
}

function FormActions({ error, onSave, onCancel }: ActionsProps) {
  return (
    <View>
      {error && (
        <Text testID="form-error" style={local.error}>
          {ERROR_TEXT}
        </Text>
      )}
      <View style={local.actions}>
        <View style={local.action}>
          <Button label="Save" testID="save-transaction" onPress={onSave} />
        </View>
        <View style={local.action}>
          <Button label="Cancel" testID="cancel-transaction" variant="secondary" onPress={onCancel} />
        </View>
      </View>
    </View>
  );
}

export interface NewTransactionInput {
  payee: string;
  category: CategoryKey;
  account: AccountKey;
  cents: number;
}

interface NewProps {
  onSave: (input: NewTransactionInput) => void;
  onCancel: () => void;
}

export function NewTransactionForm({ onSave, onCancel }: NewProps) {
  const [payee, setPayee] = useState('');
  const [amount, setAmount] = useState('');
  const [category, setCategory] = useState<CategoryKey>(EXPENSE_CATEGORIES[0].key);
  const [account, setAccount] = useState<AccountKey>(ACCOUNTS[0].key);
  const [error, setError] = useState(false);

  const save = () => {
    const cents = parseAmountToCents(amount);
    const name = payee.trim();
    if (name === '' || cents === null) {
      setError(true);
      return;
    }
    onSave({ payee: name, category, account, cents });
  };

  return (
    <Screen heading="New transaction">
      <View style={[styles.card, local.form]}>
        <TextInput
          testID="input-payee"
          placeholder="Payee"
          placeholderTextColor={colors.muted}
          value={payee}
          onChangeText={setPayee}
          style={local.input}
        />
        <AmountInput value={amount} onChangeText={setAmount} />
        <Text style={local.section}>Category</Text>
        <View style={local.chips}>
          {EXPENSE_CATEGORIES.map((item) => (
            <Button
              key={item.key}
              label={item.name}
              testID={`pick-category-${item.key}`}
              variant="chip"
              selected={item.key === category}
              onPress={() => setCategory(item.key)}
            />
          ))}
        </View>
        <Text style={local.section}>Account</Text>
        <View style={local.chips}>
          {ACCOUNTS.map((item) => (
            <Button
              key={item.key}
              label={item.name}
              testID={`pick-account-${item.key}`}
              variant="chip"
              selected={item.key === account}
              onPress={() => setAccount(item.key)}
            />
          ))}
        </View>
        <FormActions error={error} onSave={save} onCancel={onCancel} />
      </View>
    </Screen>
  );
}

interface EditProps {
  transaction: Transaction;
  onSave: (cents: number) => void;
  onCancel: () => void;
}

export function EditTransactionForm({ transaction, onSave, onCancel }: EditProps) {
  const [amount, setAmount] = useState(centsToInput(transaction.amountCents));
  const [error, setError] = useState(false);

  const save = () => {
    const cents = parseAmountToCents(amount);
    if (cents === null) {
      setError(true);
      return;
    }
    onSave(cents);
  };

  return (
    <Screen heading="Edit transaction">
      <View style={[styles.card, local.form]}>
        <Text style={[styles.label, local.payee]}>{transaction.payee}</Text>
        <AmountInput value={amount} onChangeText={setAmount} />
        <FormActions error={error} onSave={save} onCancel={onCancel} />
      </View>
    </Screen>
  );
}

const local = StyleSheet.create({
  form: {
    paddingVertical: 16,
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
    marginBottom: 12,
  },
  section: {
    fontSize: 13,
    fontWeight: '600',
    color: colors.muted,
    marginTop: 4,
    marginBottom: 8,
  },
  chips: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    marginBottom: 4,
  },
  payee: {
    fontSize: 18,
    fontWeight: '600',
    marginBottom: 12,
  },
  error: {
    color: colors.negative,
    fontSize: 14,
    marginBottom: 4,
    marginTop: 4,
  },
  actions: {
    flexDirection: 'row',
    marginTop: 12,
  },
  action: {
    flex: 1,
    marginHorizontal: 4,
  },
});
