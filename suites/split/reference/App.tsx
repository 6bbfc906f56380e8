import { StatusBar } from 'expo-status-bar';
import { useReducer, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { BalancesScreen } from './src/screens/BalancesScreen';
import { ExpensesScreen } from './src/screens/ExpensesScreen';
import { SettleScreen } from './src/screens/SettleScreen';
import { initialState, splitReducer } from './src/state';
import { TabBar, TabKey } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // The store lives here, above the tabs, so nothing is lost when switching tabs.
  const [state, dispatch] = useReducer(splitReducer, initialState);
  const [tab, setTab] = useState<TabKey>('expenses');

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {tab === 'expenses' && <ExpensesScreen state={state} dispatch={dispatch} />}
        {tab === 'balances' && <BalancesScreen state={state} />}
        {tab === 'settle' && <SettleScreen state={state} dispatch={dispatch} />}
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
