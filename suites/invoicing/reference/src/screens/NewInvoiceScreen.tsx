/** The new invoice form: client, terms with the due date live, lines, discount, preview. */
import { useState } from 'react';
import { StyleSheet, Text, View } from 'react-native';

import { TODAY, formatDay } from '../dates';
import { DiscountKind, FormState, checkForm, formLineCents, preview } from '../form';
import { CLIENTS, TERMS, discountText, dueDay } from '../invoices';
import { formatCents } from '../money';
import { Action } from '../state';
import { Button, Input, Screen, colors, styles as ui } from '../ui';

interface Props {
  form: FormState;
  nextNumber: number;
  dispatch: (action: Action) => void;
  onSaved: (number: number) => void;
}

const DISCOUNT_KINDS: readonly { kind: DiscountKind; label: string }[] = [
  { kind: 'none', label: 'No discount' },
  { kind: 'percent', label: 'Percent' },
  { kind: 'fixed', label: 'Fixed amount' },
];

export function NewInvoiceScreen({ form, nextNumber, dispatch, onSaved }: Props) {
  const [error, setError] = useState<string | null>(null);
  const live = preview(form);
  const discount = discountText(live.discount, live.amounts.discount);

  const save = () => {
    const checked = checkForm(form);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    dispatch({ type: 'save', draft: checked.draft });
    onSaved(nextNumber);
  };

  return (
    <Screen heading="New invoice">
      <Text testID="form-issued" style={[ui.muted, styles.issued]}>
        {`Issue date: ${formatDay(TODAY)}`}
      </Text>

      <Text style={ui.section}>Client</Text>
      <View style={ui.chips}>
        {CLIENTS.map((client) => (
          <Button
            key={client.key}
            label={client.name}
            testID={`pick-client-${client.key}`}
            variant="chip"
            selected={form.client === client.key}
            onPress={() => dispatch({ type: 'form-client', client: client.key })}
          />
        ))}
      </View>

      <Text style={ui.section}>Terms</Text>
      <View style={ui.chips}>
        {TERMS.map((terms) => (
          <Button
            key={terms.key}
            label={terms.label}
            testID={`pick-terms-${terms.key}`}
            variant="chip"
            selected={form.terms === terms.key}
            onPress={() => dispatch({ type: 'form-terms', terms: terms.key })}
          />
        ))}
      </View>
      <Text testID="form-due" style={styles.due}>
        {`Due ${formatDay(dueDay(TODAY, form.terms))}`}
      </Text>

      <Text style={ui.section}>Lines</Text>
      {form.lines.map((line, index) => {
        const i = index + 1;
        const cents = formLineCents(line);
        const edit = (field: 'description' | 'quantity' | 'price') => (text: string) =>
          dispatch({ type: 'form-line', index, field, text });
        return (
          <View key={index} style={[ui.card, styles.line]}>
            <Input
              testID={`input-desc-${i}`}
              placeholder="Description"
              value={line.description}
              onChangeText={edit('description')}
            />
            <View style={styles.lineRow}>
              <Input
                testID={`input-qty-${i}`}
                placeholder="Qty"
                value={line.quantity}
                onChangeText={edit('quantity')}
                keyboard="number-pad"
                flex={1}
              />
              <Input
                testID={`input-price-${i}`}
                placeholder="Unit price"
                value={line.price}
                onChangeText={edit('price')}
                keyboard="decimal-pad"
                flex={2}
              />
              <Text testID={`form-line-amount-${i}`} style={[ui.amount, styles.lineAmount]}>
                {formatCents(cents ?? 0)}
              </Text>
            </View>
          </View>
        );
      })}
      <View style={styles.addLine}>
        <Button
          label="Add line"
          testID="add-line"
          variant="secondary"
          onPress={() => dispatch({ type: 'form-add-line' })}
        />
      </View>

      <Text style={ui.section}>Discount</Text>
      <View style={ui.chips}>
        {DISCOUNT_KINDS.map((option) => (
          <Button
            key={option.kind}
            label={option.label}
            testID={`discount-${option.kind}`}
            variant="chip"
            selected={form.discountKind === option.kind}
            onPress={() => dispatch({ type: 'form-discount-kind', kind: option.kind })}
          />
        ))}
      </View>
      {form.discountKind !== 'none' && (
        <Input
          testID="input-discount"
          placeholder={form.discountKind === 'percent' ? 'Percent off' : 'Amount off'}
          value={form.discountText}
          onChangeText={(text) => dispatch({ type: 'form-discount-text', text })}
          keyboard="decimal-pad"
        />
      )}

      <View style={[ui.card, styles.preview]}>
        <Text testID="form-subtotal" style={styles.sum}>
          {`Subtotal: ${formatCents(live.amounts.subtotal)}`}
        </Text>
        {discount !== null && (
          <Text testID="form-discount" style={styles.sum}>
            {discount}
          </Text>
        )}
        <Text testID="form-tax" style={styles.sum}>
          {`Tax (7.5%): ${formatCents(live.amounts.tax)}`}
        </Text>
        <Text testID="form-total" style={[styles.sum, styles.strong]}>
          {`Total: ${formatCents(live.amounts.total)}`}
        </Text>
      </View>

      <Button label="Save draft" testID="save-draft" onPress={save} />
      {error !== null && (
        <Text testID="form-error" style={ui.error}>
          {error}
        </Text>
      )}
    </Screen>
  );
}

const styles = StyleSheet.create({
  issued: {
    marginLeft: 4,
    marginBottom: 4,
  },
  due: {
    fontSize: 15,
    color: colors.text,
    fontWeight: '600',
    marginLeft: 4,
    marginBottom: 10,
  },
  line: {
    paddingVertical: 10,
    gap: 8,
  },
  lineRow: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 8,
  },
  lineAmount: {
    minWidth: 80,
    textAlign: 'right',
  },
  addLine: {
    flexDirection: 'row',
    marginBottom: 8,
  },
  preview: {
    paddingVertical: 12,
    marginTop: 12,
  },
  sum: {
    fontSize: 15,
    color: colors.text,
    paddingVertical: 3,
    textAlign: 'right',
    fontVariant: ['tabular-nums'],
  },
  strong: {
    fontWeight: '700',
  },
});
