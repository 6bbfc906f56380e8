/** The Recipes screen: search, the matching recipes A to Z, and picks. */
import { StyleSheet, Text, TextInput, View } from 'react-native';

import { normaliseQuery, searchRecipes } from '../search';
import { countText } from '../shopping';
import { CookAction, CookState } from '../state';
import { Button, colors, Screen, styles } from '../ui';
import { RecipeName } from './RecipeName';

interface Props {
  state: CookState;
  dispatch: (action: CookAction) => void;
}

export function RecipesScreen({ state, dispatch }: Props) {
  const found = searchRecipes(state.search);
  const picked = state.picks.length;

  return (
    <Screen heading="Recipes">
      <TextInput
        testID="input-search"
        placeholder="Search recipes"
        placeholderTextColor={colors.muted}
        value={state.search}
        onChangeText={(text) => dispatch({ type: 'search', text })}
        autoCapitalize="none"
        autoCorrect={false}
        style={local.input}
      />
      <View style={local.summary}>
        <Text testID="recipe-count" style={styles.muted}>
          {countText(found.length, 'recipe', 'recipes')}
        </Text>
        {picked > 0 && (
          <Text testID="picked-count" style={local.picked}>
            {`${countText(picked, 'recipe', 'recipes')} picked`}
          </Text>
        )}
      </View>
      {picked > 0 && (
        <View style={local.clear}>
          <Button
            label="Clear picks"
            testID="clear-picks"
            variant="secondary"
            onPress={() => dispatch({ type: 'clear-picks' })}
          />
        </View>
      )}
      <View style={styles.card}>
        {found.length === 0 ? (
          <Text testID="search-empty" style={[styles.muted, local.empty]}>
            {`No recipes match "${normaliseQuery(state.search)}"`}
          </Text>
        ) : (
          found.map((recipe, index) => {
            const isPicked = state.picks.includes(recipe.key);
            return (
              <View key={recipe.key} style={[styles.row, index > 0 && styles.divider]}>
                <View style={local.info}>
                  <RecipeName
                    name={recipe.name}
                    testID={`recipe-${recipe.key}`}
                    onPress={() => dispatch({ type: 'open', recipe: recipe.key })}
                  />
                  <Text testID={`serves-${recipe.key}`} style={styles.muted}>
                    {`Serves ${state.servings[recipe.key]}`}
                  </Text>
                </View>
                <Button
                  label={isPicked ? 'Picked' : 'Pick'}
                  testID={`pick-${recipe.key}`}
                  variant="chip"
                  selected={isPicked}
                  onPress={() => dispatch({ type: 'toggle-pick', recipe: recipe.key })}
                />
              </View>
            );
          })
        )}
      </View>
    </Screen>
  );
}

const local = StyleSheet.create({
  input: {
    borderWidth: 1,
    borderColor: colors.border,
    borderRadius: 10,
    paddingHorizontal: 12,
    paddingVertical: 10,
    fontSize: 16,
    color: colors.text,
    backgroundColor: colors.card,
    marginBottom: 10,
  },
  summary: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'center',
    marginBottom: 8,
    marginHorizontal: 4,
  },
  picked: {
    fontSize: 13,
    fontWeight: '700',
    color: colors.accent,
  },
  clear: {
    alignItems: 'flex-end',
    marginBottom: 8,
  },
  info: {
    flex: 1,
    marginRight: 8,
  },
  empty: {
    paddingVertical: 16,
    fontSize: 15,
  },
});
