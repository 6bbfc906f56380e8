/** What each client was invoiced, has paid, still owes and owes late; sent invoices only. */
import { StyleSheet, Text, View } from 'react-native';

import { CLIENTS, Invoice, clientTotals } from '../invoices';
import { formatCents } from '../money';
import { Screen, colors, styles as ui } from '../ui';

export function ClientsScreen({ invoices }: { invoices: readonly Invoice[] }) {
  const all = CLIENTS.map((client) => ({ client, totals: clientTotals(invoices, client.key) }));
  const outstanding = all.reduce((sum, entry) => sum + entry.totals.outstanding, 0);
  const overdue = all.reduce((sum, entry) => sum + entry.totals.overdue, 0);
  return (
    <Screen heading="Client totals">
      {all.map(({ client, totals }) => (
        <View key={client.key} style={[ui.card, styles.block]}>
          <Text testID={`client-${client.key}`} style={styles.name}>
            {client.name}
          </Text>
          <View style={styles.grid}>
            <Text testID={`client-invoiced-${client.key}`} style={[styles.figure, styles.left]}>
              {`Invoiced: ${formatCents(totals.invoiced)}`}
            </Text>
            <Text testID={`client-paid-${client.key}`} style={[styles.figure, styles.right]}>
              {`Paid: ${formatCents(totals.paid)}`}
            </Text>
            <Text testID={`client-outstanding-${client.key}`} style={[styles.figure, styles.left]}>
              {`Outstanding: ${formatCents(totals.outstanding)}`}
            </Text>
            <Text
              testID={`client-overdue-${client.key}`}
              style={[styles.figure, styles.right, totals.overdue > 0 && styles.late]}
            >
              {`Overdue: ${formatCents(totals.overdue)}`}
            </Text>
          </View>
        </View>
      ))}
      <View style={[ui.card, styles.block]}>
        <Text testID="total-outstanding" style={styles.total}>
          {`Total outstanding: ${formatCents(outstanding)}`}
        </Text>
        <Text testID="total-overdue" style={[styles.total, overdue > 0 && styles.late]}>
          {`Total overdue: ${formatCents(overdue)}`}
        </Text>
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  block: {
    paddingVertical: 12,
  },
  name: {
    fontSize: 17,
    fontWeight: '700',
    color: colors.text,
    marginBottom: 6,
  },
  grid: {
    flexDirection: 'row',
    flexWrap: 'wrap',
  },
  figure: {
    fontSize: 14,
    color: colors.text,
    paddingVertical: 2,
    fontVariant: ['tabular-nums'],
  },
  left: {
    width: '57%',
  },
  right: {
    width: '43%',
  },
  total: {
    fontSize: 16,
    fontWeight: '700',
    color: colors.text,
    paddingVertical: 3,
  },
  late: {
    color: colors.negative,
  },
});
