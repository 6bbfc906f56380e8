/** The team: one row per employee, in the seed order, with the week's hours and net pay. */
import { Pressable, StyleSheet, Text, View } from 'react-native';

import { basisText } from '../basis';
import { EMPLOYEES, Timesheet, weekLabel } from '../data';
import { hoursText, money, stubOf } from '../pay';
import { Screen, colors, styles as ui } from '../ui';

interface Props {
  timesheets: Record<string, Timesheet>;
  onOpen: (key: string) => void;
}

export function TeamScreen({ timesheets, onOpen }: Props) {
  return (
    <Screen heading="Team">
      <Text testID="pay-week" style={[ui.muted, styles.week]}>
        {weekLabel()}
      </Text>
      <View style={ui.card}>
        {EMPLOYEES.map((employee, index) => {
          const stub = stubOf(employee, timesheets[employee.key]);
          return (
            <View key={employee.key} style={[styles.row, index > 0 && ui.divider]}>
              <View style={styles.left}>
                <Pressable
                  accessibilityRole="button"
                  accessibilityLabel={employee.name}
                  testID={`open-${employee.key}`}
                  onPress={() => onOpen(employee.key)}
                  style={({ pressed }) => [pressed && ui.pressed]}
                >
                  <Text style={styles.name}>{employee.name}</Text>
                </Pressable>
                <Text testID={`role-${employee.key}`} style={ui.muted}>
                  {employee.role}
                </Text>
                <Text testID={`basis-${employee.key}`} style={ui.muted}>
                  {basisText(employee)}
                </Text>
              </View>
              <View style={styles.right}>
                <Text testID={`row-net-${employee.key}`} style={ui.amount}>
                  {`Net ${money(stub.net)}`}
                </Text>
                <Text testID={`row-hours-${employee.key}`} style={ui.muted}>
                  {stub.hourly ? `${hoursText(stub.hours)} h` : 'Salaried'}
                </Text>
              </View>
            </View>
          );
        })}
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  week: {
    marginLeft: 4,
    marginBottom: 8,
  },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    paddingVertical: 10,
  },
  left: {
    flexShrink: 1,
  },
  name: {
    fontSize: 16,
    fontWeight: '700',
    color: colors.accent,
  },
  right: {
    alignItems: 'flex-end',
  },
});
