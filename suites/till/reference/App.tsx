import { StatusBar } from 'expo-status-bar';
import { useReducer, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { RefundScreen } from './src/screens/RefundScreen';
import { ReportScreen } from './src/screens/ReportScreen';
import { SellScreen } from './src/screens/SellScreen';
import { initialState, tillReducer } from './src/state';
import { TabBar, TabKey } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // The store lives here, above the tabs, so nothing is lost when switching tabs.
  const [state, dispatch] = useReducer(tillReducer, initialState);
  const [tab, setTab] = useState<TabKey>('sell');

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {tab === 'sell' && <SellScreen state={state} dispatch={dispatch} />}
        {tab === 'refund' && <RefundScreen state={state} dispatch={dispatch} />}
        {tab === 'report' && <ReportScreen state={state} />}
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
