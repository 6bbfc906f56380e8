import { StatusBar } from 'expo-status-bar';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { EMPLOYEES, SEED_TIMESHEETS, Timesheet } from './src/data';
import { HoursState, initialHours } from './src/hours';
import { HoursScreen } from './src/screens/HoursScreen';
import { StubScreen } from './src/screens/StubScreen';
import { SummaryScreen } from './src/screens/SummaryScreen';
import { TeamScreen } from './src/screens/TeamScreen';
import { TabBar, TabKey } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // The timesheets and the Hours tab's state live here, above the tabs: switching tabs loses nothing.
  const [timesheets, setTimesheets] = useState<Record<string, Timesheet>>(() => ({ ...SEED_TIMESHEETS }));
  const [hours, setHours] = useState<HoursState>(initialHours);
  const [tab, setTab] = useState<TabKey>('team');
  const [openKey, setOpenKey] = useState<string | null>(null);

  const selectTab = (next: TabKey) => {
    if (next === 'team') {
      setOpenKey(null);
    }
    setTab(next);
  };
  const open = openKey === null ? undefined : EMPLOYEES.find((e) => e.key === openKey);

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {tab === 'team' && open === undefined && <TeamScreen timesheets={timesheets} onOpen={setOpenKey} />}
        {tab === 'team' && open !== undefined && (
          <StubScreen employee={open} sheet={timesheets[open.key]} onBack={() => setOpenKey(null)} />
        )}
        {tab === 'hours' && (
          <HoursScreen timesheets={timesheets} setTimesheets={setTimesheets} state={hours} setState={setHours} />
        )}
        {tab === 'summary' && <SummaryScreen timesheets={timesheets} />}
      </View>
      <TabBar current={tab} onSelect={selectTab} />
      <StatusBar style="dark" />
    </View>
  );
}

const styles = StyleSheet.create({
  root: {
    flex: 1,
    backgroundColor: colors.background,
  },
  content: {
    flex: 1,
  },
});
