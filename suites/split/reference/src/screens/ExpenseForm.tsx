/** The New expense form: description, amount, payer and an equal or exact split. */
import { useState } from 'react';
import { StyleSheet, Text, TextInput, View } from 'react-native';

import { MEMBERS, MemberKey, Split } from '../data';
import { formatCents, parseCents, parsePositiveCents } from '../money';
import { Button, colors, Screen, styles } from '../ui';

export interface NewExpenseInput {
  title: string;
  payer: MemberKey;
  amountCents: number;
  split: Split;
}

interface Props {
  onSave: (input: NewExpenseInput) => void;
  onCancel: () => void;
}

type Mode = 'equal' | 'exact';

const EMPTY_EXACT: Record<MemberKey, string> = { ana: '', ben: '', cleo: '', dev: '' };

/** The first problem of the form, or the split it describes. */
function validate(
  amountCents: number | null,
  title: string,
  mode: Mode,
  participants: MemberKey[],
  exact: Record<MemberKey, string>,
): { error: string } | { split: Split } {
  if (title === '' || amountCents === null) {
    return { error: 'Enter a description and an amount greater than $0.00' };
  }
  if (mode === 'equal') {
    if (participants.length === 0) {
      return { error: 'Choose at least one member to split with' };
    }
    return { split: { kind: 'equal', participants } };
  }
  const shares: Partial<Record<MemberKey, number>> = {};
  let sum = 0;
  for (const member of MEMBERS) {
    const typed = exact[member.key].trim();
    const cents = typed === '' ? 0 : parseCents(typed);
    if (cents === null) {
      return { error: 'Enter each share as an amount like 12.50' };
    }
    shares[member.key] = cents;
    sum += cents;
  }
  if (sum !== amountCents) {
    return { error: `Exact shares add up to ${formatCents(sum)}, not ${formatCents(amountCents)}` };
  }
  return { split: { kind: 'exact', shares } };
}

export function NewExpenseForm({ onSave, onCancel }: Props) {
  const [title, setTitle] = useState('');
  const [amount, setAmount] = useState('');
  const [payer, setPayer] = useState<MemberKey>(MEMBERS[0].key);
  const [mode, setMode] = useState<Mode>('equal');
  const [participants, setParticipants] = useState<MemberKey[]>(MEMBERS.map((m) => m.key));
  const [exact, setExact] = useState<Record<MemberKey, string>>(EMPTY_EXACT);
  const [error, setError] = useState<string | null>(null);

  const toggle = (key: MemberKey) =>
    setParticipants((current) =>
      current.includes(key) ? current.filter((k) => k !== key) : [...current, key],
    );

  const save = () => {
    const amountCents = parsePositiveCents(amount);
    const name = title.trim();
    const result = validate(amountCents, name, mode, participants, exact);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    onSave({ title: name, payer, amountCents: amountCents ?? 0, split: result.split });
  };

  return (
    <Screen heading="New expense">
      <View style={[styles.card, local.form]}>
        <TextInput
          testID="input-title"
          placeholder="Description"
          placeholderTextColor={colors.muted}
          value={title}
          onChangeText={setTitle}
          style={local.input}
        />
        <TextInput
          testID="input-amount"
          placeholder="Amount"
          placeholderTextColor={colors.muted}
          keyboardType="decimal-pad"
          value={amount}
          onChangeText={setAmount}
          style={local.input}
        />
        <Text style={local.section}>Paid by</Text>
        <View style={local.chips}>
          {MEMBERS.map((member) => (
            <Button
              key={member.key}
              label={member.name}
              testID={`pick-payer-${member.key}`}
              variant="chip"
              selected={member.key === payer}
              onPress={() => setPayer(member.key)}
            />
          ))}
        </View>
        <Text style={local.section}>Split</Text>
        <View style={local.chips}>
          <Button
            label="Split equally"
            testID="mode-equal"
            variant="chip"
            selected={mode === 'equal'}
            onPress={() => setMode('equal')}
          />
          <Button
            label="Exact amounts"
            testID="mode-exact"
            variant="chip"
            selected={mode === 'exact'}
            onPress={() => setMode('exact')}
          />
        </View>
        {mode === 'equal' ? (
          <View style={local.chips}>
            {MEMBERS.map((member) => (
              <Button
                key={member.key}
                label={member.name}
                testID={`toggle-${member.key}`}
                variant="chip"
                selected={participants.includes(member.key)}
                onPress={() => toggle(member.key)}
              />
            ))}
          </View>
        ) : (
          <View>
            {MEMBERS.map((member) => (
              <View key={member.key} style={local.shareRow}>
                <Text style={[styles.label, local.shareName]}>{member.name}</Text>
                <TextInput
                  testID={`exact-${member.key}`}
                  placeholder={`${member.name}'s share`}
                  placeholderTextColor={colors.muted}
                  keyboardType="decimal-pad"
                  value={exact[member.key]}
                  onChangeText={(text) => setExact((current) => ({ ...current, [member.key]: text }))}
                  style={[local.input, local.shareInput]}
                />
              </View>
            ))}
          </View>
        )}
        {error !== null && (
          <Text testID="form-error" style={local.error}>
            {error}
          </Text>
        )}
        <View style={local.actions}>
          <View style={local.action}>
            <Button label="Save" testID="save-expense" onPress={save} />
          </View>
          <View style={local.action}>
            <Button label="Cancel" testID="cancel-expense" variant="secondary" onPress={onCancel} />
          </View>
        </View>
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
  shareRow: {
    flexDirection: 'row',
    alignItems: 'center',
  },
  shareName: {
    width: 56,
    marginBottom: 12,
  },
  shareInput: {
    flex: 1,
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
