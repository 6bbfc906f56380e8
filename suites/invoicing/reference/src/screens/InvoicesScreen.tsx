/** The invoice list: by due date, then by number, each with its client, due date and balance. */
import { Pressable, StyleSheet, Text, View } from 'react-native';

import { TODAY, formatDay } from '../dates';
import {
  Invoice,
  balanceCents,
  clientName,
  dueDay,
  invoiceLabel,
  sortInvoices,
  statusOf,
} from '../invoices';
import { formatCents } from '../money';
import { Screen, StatusBadge, colors, styles as ui } from '../ui';

interface Props {
  invoices: readonly Invoice[];
  onOpen: (number: number) => void;
}

export function InvoicesScreen({ invoices, onOpen }: Props) {
  return (
    <Screen heading="All invoices">
      <Text testID="today" style={[ui.muted, styles.today]}>
        {`Today: ${formatDay(TODAY)}`}
      </Text>
      <View style={ui.card}>
        {sortInvoices(invoices).map((invoice, index) => {
          const label = invoiceLabel(invoice.number);
          return (
            <View key={invoice.number} style={[styles.row, index > 0 && ui.divider]}>
              <View style={styles.top}>
                <Pressable
                  accessibilityRole="button"
                  accessibilityLabel={label}
                  testID={`open-${invoice.number}`}
                  onPress={() => onOpen(invoice.number)}
                  style={({ pressed }) => [styles.link, pressed && ui.pressed]}
                >
                  <Text style={styles.linkText}>{label}</Text>
                </Pressable>
                <StatusBadge status={statusOf(invoice)} testID={`row-status-${invoice.number}`} />
              </View>
              <View style={styles.middle}>
                <Text testID={`row-client-${invoice.number}`} style={ui.label}>
                  {clientName(invoice.client)}
                </Text>
                <Text testID={`row-balance-${invoice.number}`} style={ui.amount}>
                  {formatCents(balanceCents(invoice))}
                </Text>
              </View>
              <Text testID={`row-due-${invoice.number}`} style={ui.muted}>
                {`Due ${formatDay(dueDay(invoice.issued, invoice.terms))}`}
              </Text>
            </View>
          );
        })}
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  today: {
    marginLeft: 4,
    marginBottom: 10,
  },
  row: {
    paddingVertical: 10,
  },
  top: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
  },
  middle: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    marginTop: 4,
    marginBottom: 2,
  },
  link: {
    paddingVertical: 2,
  },
  linkText: {
    fontSize: 16,
    fontWeight: '700',
    color: colors.accent,
  },
});
