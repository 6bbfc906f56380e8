/** One invoice, open: dates and status, lines, amounts, payments, and send or pay. */
import { useState } from 'react';
import { StyleSheet, Text, View } from 'react-native';

import { formatDay } from '../dates';
import {
  Invoice,
  balanceCents,
  clientName,
  computeAmounts,
  discountText,
  dueDay,
  dueNote,
  invoiceLabel,
  paidCents,
  statusOf,
  termsOf,
} from '../invoices';
import { formatCents, parseAmountToCents } from '../money';
import { Action } from '../state';
import { Button, Input, Screen, StatusBadge, colors, styles as ui } from '../ui';

interface Props {
  invoice: Invoice;
  dispatch: (action: Action) => void;
  onBack: () => void;
}

function Row({ left, right, testID }: { left: string; right: string; testID: string }) {
  return (
    <View style={ui.row}>
      <Text style={ui.muted}>{left}</Text>
      <Text testID={testID} style={ui.amount}>
        {right}
      </Text>
    </View>
  );
}

export function InvoiceScreen({ invoice, dispatch, onBack }: Props) {
  const [payment, setPayment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const amounts = computeAmounts(invoice.lines, invoice.discount);
  const discount = discountText(invoice.discount, amounts.discount);
  const status = statusOf(invoice);
  const balance = balanceCents(invoice);

  const record = () => {
    const cents = parseAmountToCents(payment);
    setNotice(null);
    if (cents === null) {
      setError('Enter a payment amount');
      return;
    }
    if (cents > balance) {
      setError(`Payment cannot exceed the balance of ${formatCents(balance)}`);
      return;
    }
    setError(null);
    setPayment('');
    dispatch({ type: 'pay', number: invoice.number, cents });
    setNotice(`Payment of ${formatCents(cents)} recorded`);
  };

  return (
    <Screen heading={`Invoice ${invoiceLabel(invoice.number)}`}>
      <View style={styles.back}>
        <Button label="Back" testID="back" variant="secondary" onPress={onBack} />
      </View>
      <View style={[ui.card, styles.block]}>
        <View style={styles.headline}>
          <Text testID="detail-client" style={styles.client}>
            {clientName(invoice.client)}
          </Text>
          <StatusBadge status={status} testID="detail-status" />
        </View>
        <Text testID="detail-note" style={styles.note}>
          {dueNote(invoice)}
        </Text>
        <View style={styles.dates}>
          <Text testID="detail-issued" style={ui.muted}>
            {`Issued ${formatDay(invoice.issued)}`}
          </Text>
          <Text testID="detail-terms" style={ui.muted}>
            {termsOf(invoice.terms).label}
          </Text>
          <Text testID="detail-due" style={ui.muted}>
            {`Due ${formatDay(dueDay(invoice.issued, invoice.terms))}`}
          </Text>
        </View>
      </View>

      <Text style={ui.section}>Lines</Text>
      <View style={ui.card}>
        {invoice.lines.map((line, index) => (
          <View key={index} style={[ui.row, index > 0 && ui.divider]}>
            <View>
              <Text testID={`line-desc-${index + 1}`} style={ui.label}>
                {line.description}
              </Text>
              <Text testID={`line-qty-${index + 1}`} style={ui.muted}>
                {`${line.quantity} x ${formatCents(line.unitCents)}`}
              </Text>
            </View>
            <Text testID={`line-amount-${index + 1}`} style={ui.amount}>
              {formatCents(line.quantity * line.unitCents)}
            </Text>
          </View>
        ))}
      </View>

      <View style={[ui.card, styles.block]}>
        <Text testID="detail-subtotal" style={styles.sum}>
          {`Subtotal: ${formatCents(amounts.subtotal)}`}
        </Text>
        {discount !== null && (
          <Text testID="detail-discount" style={styles.sum}>
            {discount}
          </Text>
        )}
        <Text testID="detail-tax" style={styles.sum}>
          {`Tax (7.5%): ${formatCents(amounts.tax)}`}
        </Text>
        <Text testID="detail-total" style={[styles.sum, styles.strong]}>
          {`Total: ${formatCents(amounts.total)}`}
        </Text>
        <Text testID="detail-paid" style={styles.sum}>
          {`Paid: ${formatCents(paidCents(invoice))}`}
        </Text>
        <Text testID="detail-balance" style={[styles.sum, styles.strong]}>
          {`Balance due: ${formatCents(balance)}`}
        </Text>
      </View>

      {invoice.payments.length > 0 && (
        <>
          <Text style={ui.section}>Payments</Text>
          <View style={[ui.card, styles.block]}>
            {invoice.payments.map((paid, index) => (
              <Text key={index} testID={`payment-${index + 1}`} style={styles.sum}>
                {`${formatDay(paid.day)}: ${formatCents(paid.cents)}`}
              </Text>
            ))}
          </View>
        </>
      )}

      {status === 'Draft' && (
        <Button label="Send invoice" testID="send-invoice" onPress={() => dispatch({ type: 'send', number: invoice.number })} />
      )}
      {(status === 'Sent' || status === 'Overdue') && (
        <View style={styles.pay}>
          <Input
            testID="input-payment"
            placeholder="Payment amount"
            value={payment}
            onChangeText={setPayment}
            keyboard="decimal-pad"
            flex={1}
          />
          <Button label="Record payment" testID="record-payment" onPress={record} />
        </View>
      )}
      {error !== null && (
        <Text testID="payment-error" style={ui.error}>
          {error}
        </Text>
      )}
      {notice !== null && (
        <Text testID="payment-notice" style={ui.notice}>
          {notice}
        </Text>
      )}
    </Screen>
  );
}

const styles = StyleSheet.create({
  back: {
    flexDirection: 'row',
    marginBottom: 10,
  },
  block: {
    paddingVertical: 12,
  },
  headline: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
  },
  client: {
    fontSize: 18,
    color: colors.text,
    fontWeight: '700',
  },
  note: {
    fontSize: 14,
    color: colors.text,
    fontWeight: '600',
    marginTop: 4,
  },
  dates: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    gap: 12,
    marginTop: 6,
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
  pay: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 8,
  },
});
