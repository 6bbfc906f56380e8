import { StatusBar } from 'expo-status-bar';
import { useReducer, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { TODAY } from './src/dates';
import { stillDueCount } from './src/habits';
import { HabitScreen } from './src/screens/HabitScreen';
import { HabitsScreen } from './src/screens/HabitsScreen';
import { TodayScreen } from './src/screens/TodayScreen';
import { WeekScreen } from './src/screens/WeekScreen';
import { habitsReducer, initialState } from './src/state';
import { TabBar, TabKey } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // The store lives here, above the tabs, so nothing is lost when switching tabs.
  const [habits, dispatch] = useReducer(habitsReducer, initialState);
  const [tab, setTab] = useState<TabKey>('today');
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [undoKey, setUndoKey] = useState<string | null>(null);

  const selectTab = (next: TabKey) => {
    if (next === 'habits') {
      setOpenKey(null);
    }
    if (next !== tab) {
      setUndoKey(null);
    }
    setTab(next);
  };
  const open = openKey === null ? undefined : habits.find((h) => h.key === openKey && !h.archived);

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {tab === 'today' && (
          <TodayScreen
            habits={habits}
            undoKey={undoKey}
            onCheckIn={(key) => {
              dispatch({ type: 'checkIn', key, day: TODAY });
              setUndoKey(key);
            }}
            onUndo={() => {
              if (undoKey !== null) {
                dispatch({ type: 'remove', key: undoKey, day: TODAY });
              }
              setUndoKey(null);
            }}
          />
        )}
        {tab === 'habits' && open === undefined && (
          <HabitsScreen
            habits={habits}
            onOpen={setOpenKey}
            onRestore={(key) => dispatch({ type: 'restore', key })}
          />
        )}
        {tab === 'habits' && open !== undefined && (
          <HabitScreen
            key={open.key}
            habit={open}
            onBack={() => setOpenKey(null)}
            onCheckIn={(day) => dispatch({ type: 'checkIn', key: open.key, day })}
            onRemove={(day) => dispatch({ type: 'remove', key: open.key, day })}
            onArchive={() => {
              dispatch({ type: 'archive', key: open.key });
              setOpenKey(null);
            }}
          />
        )}
        {tab === 'week' && <WeekScreen habits={habits} />}
      </View>
      <TabBar current={tab} onSelect={selectTab} dueToday={stillDueCount(habits)} />
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
