import { StatusBar } from 'expo-status-bar';
import { useReducer, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { ActivityScreen } from './src/screens/ActivityScreen';
import { BoardScreen } from './src/screens/BoardScreen';
import { CardDetail } from './src/screens/CardDetail';
import { FiltersScreen } from './src/screens/FiltersScreen';
import { boardReducer, initialState } from './src/state';
import { TabBar, TabKey } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // The store lives here, above the tabs and the detail, so nothing is lost on the way.
  const [state, dispatch] = useReducer(boardReducer, initialState);
  const [tab, setTab] = useState<TabKey>('board');

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {tab === 'board' && <BoardScreen state={state} dispatch={dispatch} />}
        {tab === 'filters' && <FiltersScreen state={state} dispatch={dispatch} />}
        {tab === 'activity' && <ActivityScreen state={state} />}
      </View>
      <TabBar current={tab} onSelect={setTab} />
      <CardDetail state={state} dispatch={dispatch} />
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
