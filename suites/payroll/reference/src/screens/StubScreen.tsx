/** One employee's pay stub for the pay week. */
import { StyleSheet, Text, View } from 'react-native';

import { basisText } from '../basis';
import { Employee, Timesheet, weekLabel } from '../data';
import { deduction, hoursText, money, stubOf } from '../pay';
import { Button, Screen, colors, styles as ui } from '../ui';

interface Props {
  employee: Employee;
  sheet: Timesheet | undefined;
  onBack: () => void;
}

function Line({ testID, text, strong = false }: { testID: string; text: string; strong?: boolean }) {
  return (
    <View style={styles.line}>
      <Text testID={testID} style={strong ? styles.strong : ui.label}>
        {text}
      </Text>
    </View>
  );
}

export function StubScreen({ employee, sheet, onBack }: Props) {
  const stub = stubOf(employee, sheet);
  return (
    <Screen heading={employee.name}>
      <View style={styles.top}>
        <Button label="Back" testID="back" variant="secondary" onPress={onBack} />
      </View>
      <Text testID="stub-role" style={ui.muted}>
        {employee.role}
      </Text>
      <Text testID="stub-week" style={[ui.muted, styles.week]}>
        {weekLabel()}
      </Text>
      <Text style={ui.section}>Earnings</Text>
      <View style={[ui.card, styles.card]}>
        <Line testID="stub-basis" text={`Pay basis: ${basisText(employee)}`} />
        {stub.hourly && (
          <Line
            testID="stub-hours"
            text={`Hours: ${hoursText(stub.hours)} (${hoursText(stub.regularHours)} regular, ${hoursText(stub.overtimeHours)} overtime)`}
          />
        )}
        <Line testID="stub-regular" text={`Regular pay: ${money(stub.regular)}`} />
        <Line testID="stub-overtime" text={`Overtime pay: ${money(stub.overtime)}`} />
        <Line testID="stub-gross" text={`Gross pay: ${money(stub.gross)}`} strong />
      </View>
      <Text style={ui.section}>Deductions and tax</Text>
      <View style={[ui.card, styles.card]}>
        <Line
          testID="stub-retirement"
          text={`Retirement (${employee.retirementPercent}%): ${deduction(stub.retirement)}`}
        />
        <Line testID="stub-health" text={`Health: ${deduction(stub.health)}`} />
        <Line testID="stub-taxable" text={`Taxable pay: ${money(stub.taxable)}`} />
        <Line testID="stub-tax" text={`Tax: ${deduction(stub.tax)}`} />
      </View>
      <View style={[ui.card, styles.card, styles.netCard]}>
        <Line testID="stub-net" text={`Net pay: ${money(stub.net)}`} strong />
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  top: {
    flexDirection: 'row',
    marginBottom: 8,
  },
  week: {
    marginBottom: 10,
  },
  card: {
    paddingVertical: 4,
  },
  line: {
    paddingVertical: 5,
  },
  strong: {
    fontSize: 17,
    fontWeight: '700',
    color: colors.text,
  },
  netCard: {
    backgroundColor: colors.accentSoft,
    borderColor: colors.accent,
  },
});
