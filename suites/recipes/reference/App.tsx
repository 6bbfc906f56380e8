import { StatusBar } from 'expo-status-bar';
import { useReducer, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { RecipeScreen } from './src/screens/RecipeScreen';
import { RecipesScreen } from './src/screens/RecipesScreen';
import { ShoppingScreen } from './src/screens/ShoppingScreen';
import { cookReducer, initialState } from './src/state';
import { TabBar, TabKey } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // The store lives here, above the tabs, so nothing is lost when switching tabs.
  const [state, dispatch] = useReducer(cookReducer, initialState);
  const [tab, setTab] = useState<TabKey>('recipes');

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {tab === 'recipes' && state.open === null && <RecipesScreen state={state} dispatch={dispatch} />}
        {tab === 'recipes' && state.open !== null && (
          <RecipeScreen recipeKey={state.open} state={state} dispatch={dispatch} />
        )}
        {tab === 'shopping' && <ShoppingScreen state={state} />}
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
