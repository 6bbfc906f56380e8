import { StatusBar } from 'expo-status-bar';
import { useReducer, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { CoursesTab } from './src/screens/CoursesTab';
import { EnterScreen } from './src/screens/EnterScreen';
import { RulesScreen } from './src/screens/RulesScreen';
import { gradebookReducer, initialState } from './src/state';
import { TabBar, TabKey } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // The store lives here, above the tabs, so nothing is lost when switching tabs.
  const [state, dispatch] = useReducer(gradebookReducer, initialState);
  const [tab, setTab] = useState<TabKey>('courses');

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {tab === 'courses' && <CoursesTab state={state} dispatch={dispatch} />}
        {tab === 'enter' && <EnterScreen state={state} dispatch={dispatch} />}
        {tab === 'rules' && <RulesScreen />}
      </View>
      <TabBar current={tab} onSelect={setTab} />
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
