import { StatusBar } from 'expo-status-bar';
import { useReducer, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { LotsScreen } from './src/screens/LotsScreen';
import { NoticesScreen } from './src/screens/NoticesScreen';
import { ResultsScreen } from './src/screens/ResultsScreen';
import { auctionReducer, initialState } from './src/state';
import { TabBar, TabKey } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // The store lives here, above the tabs, so nothing is lost when switching tabs.
  const [state, dispatch] = useReducer(auctionReducer, initialState);
  const [tab, setTab] = useState<TabKey>('lots');

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {tab === 'lots' && <LotsScreen state={state} dispatch={dispatch} />}
        {tab === 'notices' && <NoticesScreen state={state} />}
        {tab === 'results' && <ResultsScreen state={state} />}
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
