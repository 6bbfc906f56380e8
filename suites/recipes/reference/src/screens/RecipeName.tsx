/** A recipe's name on its row: pressing it opens the recipe. */
import { Pressable, StyleSheet, Text } from 'react-native';

import { colors } from '../ui';

interface Props {
  name: string;
  testID: string;
  onPress: () => void;
}

export function RecipeName({ name, testID, onPress }: Props) {
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={name}
      testID={testID}
      onPress={onPress}
      style={local.press}
    >
      <Text style={local.name}>{name}</Text>
    </Pressable>
  );
}

const local = StyleSheet.create({
  press: {
    alignSelf: 'flex-start',
    marginBottom: 2,
  },
  name: {
    fontSize: 17,
    fontWeight: '600',
    color: colors.text,
  },
});
