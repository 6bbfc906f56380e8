/** The shopping list of every picked recipe at its own servings, by aisle. */
import { StyleSheet, Text, View } from 'react-native';

import { recipeByKey } from '../data';
import { countText, shoppingList } from '../shopping';
import { CookState } from '../state';
import { colors, Screen, styles } from '../ui';

interface Props {
  state: CookState;
}

export function ShoppingScreen({ state }: Props) {
  if (state.picks.length === 0) {
    return (
      <Screen heading="Shopping list">
        <View style={styles.card}>
          <Text testID="shopping-empty" style={[styles.muted, local.empty]}>
            No recipes picked yet
          </Text>
        </View>
      </Screen>
    );
  }

  const picks = state.picks.map((recipe) => ({ recipe, servings: state.servings[recipe] }));
  const groups = shoppingList(picks);
  const count = groups.reduce((sum, group) => sum + group.lines.length, 0);
  let position = 0;

  return (
    <Screen heading="Shopping list">
      <View style={[styles.card, local.for]}>
        {picks.map((pick) => (
          <Text key={pick.recipe} testID={`for-${pick.recipe}`} style={local.forLine}>
            {`${recipeByKey(pick.recipe).name} for ${pick.servings}`}
          </Text>
        ))}
        <Text testID="shop-count" style={[styles.muted, local.count]}>
          {countText(count, 'item', 'items')}
        </Text>
      </View>
      {groups.map((group) => (
        <View key={group.aisle}>
          <Text testID={`aisle-${group.aisle}`} style={styles.section}>
            {group.name}
          </Text>
          <View style={styles.card}>
            {group.lines.map((line, index) => {
              position += 1;
              return (
                <View key={`${line.ingredient}/${line.kind}`} style={[local.line, index > 0 && styles.divider]}>
                  <Text testID={`shop-${position}`} style={styles.label}>
                    {line.text}
                  </Text>
                </View>
              );
            })}
          </View>
        </View>
      ))}
    </Screen>
  );
}

const local = StyleSheet.create({
  empty: {
    paddingVertical: 16,
    fontSize: 15,
  },
  for: {
    paddingVertical: 12,
  },
  forLine: {
    fontSize: 16,
    fontWeight: '600',
    color: colors.text,
    marginBottom: 2,
  },
  count: {
    marginTop: 4,
  },
  line: {
    paddingVertical: 10,
  },
});
