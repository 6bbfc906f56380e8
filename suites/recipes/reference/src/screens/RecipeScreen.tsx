/** One recipe: its servings stepper and its ingredients scaled to the current servings. */
import { StyleSheet, Text, View } from 'react-native';

import { recipeByKey } from '../data';
import { scaledText, scaleRecipe } from '../scaling';
import { CookAction, CookState } from '../state';
import { Button, colors, Screen, styles } from '../ui';

interface Props {
  recipeKey: string;
  state: CookState;
  dispatch: (action: CookAction) => void;
}

export function RecipeScreen({ recipeKey, state, dispatch }: Props) {
  const recipe = recipeByKey(recipeKey);
  const servings = state.servings[recipe.key];
  const lines = scaleRecipe(recipe, servings);

  const back = (
    <View style={local.back}>
      <Button label="Back" testID="back" variant="secondary" onPress={() => dispatch({ type: 'back' })} />
    </View>
  );

  return (
    <Screen heading={recipe.name} top={back}>
      <View style={[styles.card, local.stepper]}>
        <Button
          label="-"
          testID="servings-dec"
          variant="chip"
          onPress={() => dispatch({ type: 'servings', recipe: recipe.key, step: -1 })}
        />
        <Text testID="servings" style={local.servings}>
          {`Serves ${servings}`}
        </Text>
        <Button
          label="+"
          testID="servings-inc"
          variant="chip"
          onPress={() => dispatch({ type: 'servings', recipe: recipe.key, step: 1 })}
        />
      </View>
      <Text style={styles.section}>Ingredients</Text>
      <View style={styles.card}>
        {lines.map((line, index) => (
          <View key={line.ingredient} style={[local.line, index > 0 && styles.divider]}>
            <Text testID={`ing-${line.ingredient}`} style={styles.label}>
              {scaledText(line)}
            </Text>
          </View>
        ))}
      </View>
    </Screen>
  );
}

const local = StyleSheet.create({
  back: {
    alignItems: 'flex-start',
    paddingHorizontal: 16,
    marginBottom: 8,
  },
  stepper: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    paddingVertical: 12,
  },
  servings: {
    fontSize: 18,
    fontWeight: '700',
    color: colors.text,
    fontVariant: ['tabular-nums'],
  },
  line: {
    paddingVertical: 12,
  },
});
