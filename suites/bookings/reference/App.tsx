import { StatusBar } from 'expo-status-bar';
import { useReducer, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { PersonKey } from './src/data';
import { Header } from './src/Header';
import { MyBookingsScreen } from './src/screens/MyBookingsScreen';
import { RoomsScreen } from './src/screens/RoomsScreen';
import { bookingReducer, initialState } from './src/state';
import { TabBar, TabKey } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // The store lives here, above the tabs, so nothing is lost when switching tabs or people.
  const [state, dispatch] = useReducer(bookingReducer, initialState);
  const [tab, setTab] = useState<TabKey>('rooms');
  const [person, setPerson] = useState<PersonKey>('ada');

  const selectTab = (next: TabKey) => {
    setTab(next);
    dispatch({ type: 'clear-notice' });
  };
  const selectPerson = (next: PersonKey) => {
    setPerson(next);
    dispatch({ type: 'clear-notice' });
  };

  return (
    <View style={styles.root}>
      <Header person={person} notice={state.notice} onSelectPerson={selectPerson} />
      <View style={styles.content}>
        {tab === 'rooms' && <RoomsScreen state={state} dispatch={dispatch} person={person} />}
        {tab === 'mine' && <MyBookingsScreen state={state} dispatch={dispatch} person={person} />}
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
