import { StatusBar } from 'expo-status-bar';
import { useReducer, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { TabBar, TabKey } from './src/TabBar';
import { AccountsScreen } from './src/screens/AccountsScreen';
import { CategoriesScreen } from './src/screens/CategoriesScreen';
import { TransactionsScreen } from './src/screens/TransactionsScreen';
import { budgetReducer, initialState } from './src/state';
import { colors } from './src/ui';

export default function App() {
  // The store lives here, above the tabs, so nothing is lost when switching tabs.
  const [state, dispatch] = useReducer(budgetReducer, initialState);
  const [tab, setTab] = useState<TabKey>('accounts');

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {tab === 'accounts' && <AccountsScreen state={state} />}
        {tab === 'transactions' && <TransactionsScreen state={state} dispatch={dispatch} />}
        {tab === 'categories' && <CategoriesScreen state={state} />}
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
