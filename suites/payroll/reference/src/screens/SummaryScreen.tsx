/** The pay run summary: totals over the whole team, from the timesheets as they are now. */
import { StyleSheet, Text, View } from 'react-native';

import { EMPLOYEES, Timesheet, paydayLabel, weekLabel } from '../data';
import { hoursText, money, stubOf } from '../pay';
import { Screen, colors, styles as ui } from '../ui';

export function SummaryScreen({ timesheets }: { timesheets: Record<string, Timesheet> }) {
  const stubs = EMPLOYEES.map((employee) => stubOf(employee, timesheets[employee.key]));
  const sum = (pick: (s: (typeof stubs)[number]) => number) => stubs.reduce((t, s) => t + pick(s), 0);
  const rows: { testID: string; text: string; strong?: boolean }[] = [
    { testID: 'summary-headcount', text: `Employees paid: ${stubs.filter((s) => s.gross > 0).length}` },
    { testID: 'summary-hours', text: `Total hours: ${hoursText(sum((s) => s.hours))}` },
    { testID: 'summary-overtime', text: `Overtime hours: ${hoursText(sum((s) => s.overtimeHours))}` },
    { testID: 'summary-gross', text: `Total gross: ${money(sum((s) => s.gross))}` },
    {
      testID: 'summary-deductions',
      text: `Total pre-tax deductions: ${money(sum((s) => s.retirement + s.health))}`,
    },
    { testID: 'summary-tax', text: `Total tax: ${money(sum((s) => s.tax))}` },
    { testID: 'summary-net', text: `Total net: ${money(sum((s) => s.net))}`, strong: true },
  ];
  return (
    <Screen heading="Pay run summary">
      <Text testID="summary-week" style={ui.muted}>
        {weekLabel()}
      </Text>
      <Text testID="summary-payday" style={[ui.muted, styles.payday]}>
        {paydayLabel()}
      </Text>
      <View style={ui.card}>
        {rows.map((row, index) => (
          <View key={row.testID} style={[styles.row, index > 0 && ui.divider]}>
            <Text testID={row.testID} style={row.strong ? styles.strong : ui.label}>
              {row.text}
            </Text>
          </View>
        ))}
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  payday: {
    marginBottom: 10,
  },
  row: {
    paddingVertical: 11,
  },
  strong: {
    fontSize: 17,
    fontWeight: '700',
    color: colors.accent,
  },
});
