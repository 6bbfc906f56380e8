/** Timesheets: an hourly employee's entries for the pay week, added, edited and deleted. */
import { StyleSheet, Text, View } from 'react-native';

import { DAYS, DayKey, EMPLOYEES, Timesheet, dayLabel } from '../data';
import { HOURS_REFUSED, HoursState } from '../hours';
import { hoursText, money, parseHours, stubOf } from '../pay';
import { Button, Input, Screen, colors, styles as ui } from '../ui';

const HOURLY = EMPLOYEES.filter((e) => e.hourlyCents !== undefined);

interface Props {
  timesheets: Record<string, Timesheet>;
  setTimesheets: (update: (prev: Record<string, Timesheet>) => Record<string, Timesheet>) => void;
  state: HoursState;
  setState: (update: (prev: HoursState) => HoursState) => void;
}

function withEntry(sheet: Timesheet, day: DayKey, hours: number | null): Timesheet {
  const next: Timesheet = { ...sheet };
  if (hours === null) {
    delete next[day];
  } else {
    next[day] = hours;
  }
  return next;
}

export function HoursScreen({ timesheets, setTimesheets, state, setState }: Props) {
  const employee = HOURLY.find((e) => e.key === state.employee) ?? HOURLY[0];
  const sheet = timesheets[employee.key] ?? {};
  const stub = stubOf(employee, sheet);
  const entries = DAYS.filter((d) => sheet[d.key] !== undefined);

  const setEntry = (key: string, day: DayKey, hours: number | null) =>
    setTimesheets((prev) => ({ ...prev, [key]: withEntry(prev[key] ?? {}, day, hours) }));

  const choose = (key: string) =>
    setState((prev) => ({ ...prev, employee: key, editing: null, error: null, notice: null, undo: null }));

  const startEdit = (day: DayKey) =>
    setState((prev) => ({
      ...prev,
      editing: day,
      editText: hoursText(sheet[day] ?? 0),
      error: null,
      notice: null,
    }));

  const saveEdit = () => {
    if (state.editing === null) return;
    const hours = parseHours(state.editText);
    if (hours === null) {
      setState((prev) => ({ ...prev, error: HOURS_REFUSED, notice: null }));
      return;
    }
    const day = state.editing;
    setEntry(employee.key, day, hours);
    setState((prev) => ({
      ...prev,
      editing: null,
      error: null,
      notice: `Changed ${dayLabel(day)} to ${hoursText(hours)} h`,
      undo: null,
    }));
  };

  const remove = (day: DayKey) => {
    const hours = sheet[day];
    if (hours === undefined) return;
    setEntry(employee.key, day, null);
    setState((prev) => ({
      ...prev,
      editing: null,
      error: null,
      notice: `Deleted ${dayLabel(day)} (${hoursText(hours)} h)`,
      undo: { employee: employee.key, day, hours },
    }));
  };

  const undo = () => {
    const deleted = state.undo;
    if (deleted === null) return;
    setEntry(deleted.employee, deleted.day, deleted.hours);
    setState((prev) => ({
      ...prev,
      error: null,
      notice: `Restored ${dayLabel(deleted.day)} (${hoursText(deleted.hours)} h)`,
      undo: null,
    }));
  };

  const add = () => {
    const day = state.addDay;
    if (day === null) {
      setState((prev) => ({ ...prev, error: 'Choose a day', notice: null }));
      return;
    }
    const hours = parseHours(state.addText);
    if (hours === null) {
      setState((prev) => ({ ...prev, error: HOURS_REFUSED, notice: null }));
      return;
    }
    if (sheet[day] !== undefined) {
      setState((prev) => ({ ...prev, error: `${dayLabel(day)} already has an entry`, notice: null }));
      return;
    }
    setEntry(employee.key, day, hours);
    setState((prev) => ({
      ...prev,
      addDay: null,
      addText: '',
      error: null,
      notice: `Added ${dayLabel(day)} (${hoursText(hours)} h)`,
      undo: null,
    }));
  };

  return (
    <Screen heading="Timesheets">
      <View style={ui.chips}>
        {HOURLY.map((e) => (
          <Button
            key={e.key}
            label={e.name.split(' ')[0]}
            testID={`pick-${e.key}`}
            variant="chip"
            selected={e.key === employee.key}
            onPress={() => choose(e.key)}
          />
        ))}
      </View>
      <View style={[ui.card, styles.totals]}>
        <Text testID="sheet-name" style={styles.name}>
          {employee.name}
        </Text>
        <Text testID="sheet-total" style={ui.label}>
          {`Week total: ${hoursText(stub.hours)} h`}
        </Text>
        <Text testID="sheet-overtime" style={ui.label}>
          {`Overtime: ${hoursText(stub.overtimeHours)} h`}
        </Text>
        <Text testID="sheet-gross" style={styles.gross}>
          {`Gross pay: ${money(stub.gross)}`}
        </Text>
      </View>
      {(state.error !== null || state.notice !== null || state.undo !== null) && (
        <View style={styles.messages}>
          <View style={styles.messageText}>
            {state.error !== null && (
              <Text testID="sheet-error" style={[ui.error, styles.flat]}>
                {state.error}
              </Text>
            )}
            {state.notice !== null && (
              <Text testID="sheet-notice" style={[ui.notice, styles.flat]}>
                {state.notice}
              </Text>
            )}
          </View>
          {state.undo !== null && <Button label="Undo" testID="undo" variant="secondary" onPress={undo} />}
        </View>
      )}
      <Text style={ui.section}>Entries</Text>
      <View style={ui.card}>
        {entries.length === 0 && (
          <Text testID="no-entries" style={[ui.muted, styles.empty]}>
            No entries this week
          </Text>
        )}
        {entries.map((d, index) => (
          <View key={d.key} style={[styles.entry, index > 0 && ui.divider]}>
            <Text testID={`entry-day-${d.key}`} style={[ui.label, styles.day]}>
              {dayLabel(d.key)}
            </Text>
            {state.editing === d.key ? (
              <View style={styles.actions}>
                <Input
                  testID="input-edit-hours"
                  placeholder="Hours"
                  value={state.editText}
                  onChangeText={(text) => setState((prev) => ({ ...prev, editText: text }))}
                  keyboard="decimal-pad"
                  flex={1}
                />
                <Button label="Save" testID="save-edit" onPress={saveEdit} />
                <Button
                  label="Cancel"
                  testID="cancel-edit"
                  variant="secondary"
                  onPress={() => setState((prev) => ({ ...prev, editing: null, error: null }))}
                />
              </View>
            ) : (
              <View style={styles.actions}>
                <Text testID={`entry-hours-${d.key}`} style={[ui.amount, styles.hours]}>
                  {`${hoursText(sheet[d.key] ?? 0)} h`}
                </Text>
                <Button label="Edit" testID={`edit-${d.key}`} variant="chip" onPress={() => startEdit(d.key)} />
                <Button label="Delete" testID={`delete-${d.key}`} variant="chip" onPress={() => remove(d.key)} />
              </View>
            )}
          </View>
        ))}
      </View>
      <Text style={ui.section}>Add an entry</Text>
      <View style={[ui.card, styles.addCard]}>
        <View style={ui.chips}>
          {DAYS.map((d) => (
            <Button
              key={d.key}
              label={d.short}
              testID={`day-${d.key}`}
              variant="chip"
              selected={state.addDay === d.key}
              onPress={() => setState((prev) => ({ ...prev, addDay: d.key }))}
            />
          ))}
        </View>
        <View style={styles.addRow}>
          <Input
            testID="input-hours"
            placeholder="Hours"
            value={state.addText}
            onChangeText={(text) => setState((prev) => ({ ...prev, addText: text }))}
            keyboard="decimal-pad"
            flex={1}
          />
          <Button label="Add entry" testID="add-entry" onPress={add} />
        </View>
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  totals: {
    paddingVertical: 10,
    gap: 2,
  },
  name: {
    fontSize: 17,
    fontWeight: '700',
    color: colors.text,
  },
  gross: {
    fontSize: 16,
    fontWeight: '700',
    color: colors.accent,
  },
  messages: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 10,
    marginBottom: 10,
    marginHorizontal: 4,
  },
  messageText: {
    flex: 1,
  },
  flat: {
    marginTop: 0,
  },
  entry: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    paddingVertical: 8,
    gap: 8,
  },
  day: {
    flexShrink: 1,
  },
  actions: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 6,
    flexShrink: 1,
  },
  hours: {
    minWidth: 56,
    textAlign: 'right',
  },
  empty: {
    paddingVertical: 12,
  },
  addCard: {
    paddingBottom: 12,
  },
  addRow: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 8,
  },
});
