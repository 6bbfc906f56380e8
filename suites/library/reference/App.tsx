import { StatusBar } from 'expo-status-bar';
import { useReducer } from 'react';
import { StyleSheet, View } from 'react-native';

import { MEMBERS, titleOf } from './src/data';
import { CatalogueScreen } from './src/screens/CatalogueScreen';
import { MemberScreen } from './src/screens/MemberScreen';
import { MembersScreen } from './src/screens/MembersScreen';
import { OverdueScreen } from './src/screens/OverdueScreen';
import { TitleScreen } from './src/screens/TitleScreen';
import { initialState, reducer } from './src/state';
import { TabBar } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // One store above the tabs, so switching tabs never loses a loan, a hold or a message.
  const [state, dispatch] = useReducer(reducer, initialState);
  const member = MEMBERS.find((m) => m.key === state.openMember);

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {state.tab === 'catalogue' && state.openTitle === null && (
          <CatalogueScreen state={state} dispatch={dispatch} />
        )}
        {state.tab === 'catalogue' && state.openTitle !== null && (
          <TitleScreen state={state} title={titleOf(state.openTitle)} dispatch={dispatch} />
        )}
        {state.tab === 'members' && member === undefined && (
          <MembersScreen state={state} dispatch={dispatch} />
        )}
        {state.tab === 'members' && member !== undefined && (
          <MemberScreen state={state} member={member} dispatch={dispatch} />
        )}
        {state.tab === 'overdue' && <OverdueScreen state={state} />}
      </View>
      <TabBar current={state.tab} onSelect={(tab) => dispatch({ type: 'tab', tab })} />
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
