/** The end-of-day report: every line derived from the day's receipts and refunds. */
import { StyleSheet, Text, View } from 'react-native';

import { taxClassLabel } from '../catalogue';
import { formatCents } from '../money';
import { endOfDay } from '../report';
import { TillState } from '../state';
import { colors, Screen, styles } from '../ui';

interface Props {
  state: TillState;
}

function Line({ testID, text, strong = false }: { testID: string; text: string; strong?: boolean }) {
  return (
    <Text testID={testID} style={[local.line, strong && local.strong]}>
      {text}
    </Text>
  );
}

export function ReportScreen({ state }: Props) {
  const report = endOfDay(state);
  return (
    <Screen heading="End of day report">
      <Text style={styles.section}>Sales</Text>
      <View style={[styles.card, local.card]}>
        <Line testID="report-receipts" text={`Receipts: ${report.receipts}`} />
        <Line testID="report-gross" text={`Gross sales: ${formatCents(report.grossCents)}`} />
        <Line testID="report-refunds" text={`Refunds: ${formatCents(report.refundsCents)}`} />
        <Line testID="report-net" text={`Net sales: ${formatCents(report.netCents)}`} strong />
      </View>
      <Text style={styles.section}>Tax</Text>
      <View style={[styles.card, local.card]}>
        <Line testID="report-tax" text={`Tax collected: ${formatCents(report.taxCents)}`} strong />
        {report.taxByClass.map(({ taxClass, cents }) => (
          <Line
            key={taxClass}
            testID={`report-tax-${taxClass}`}
            text={`${taxClassLabel(taxClass)}: ${formatCents(cents)}`}
          />
        ))}
      </View>
      <Text style={styles.section}>Cash</Text>
      <View style={[styles.card, local.card]}>
        <Line testID="report-float" text={`Opening float: ${formatCents(report.floatCents)}`} />
        <Line testID="report-drawer" text={`Cash in drawer: ${formatCents(report.drawerCents)}`} strong />
      </View>
    </Screen>
  );
}

const local = StyleSheet.create({
  card: {
    paddingVertical: 10,
  },
  line: {
    fontSize: 16,
    color: colors.text,
    paddingVertical: 5,
    fontVariant: ['tabular-nums'],
  },
  strong: {
    fontWeight: '700',
  },
});
