/** The Rules tab: the weights, the letter scale and the pinned today. */
import { Text, View } from 'react-native';

import { SCALE, tenths } from '../grades';
import { CATEGORIES } from '../seed';
import { Screen, styles as ui } from '../ui';

/** "A-" → "a-minus", "B+" → "b-plus". */
function scaleKey(letter: string): string {
  return letter.toLowerCase().replace('-', '-minus').replace('+', '-plus');
}

export function RulesScreen() {
  return (
    <Screen heading="Grading rules">
      <Text style={ui.section}>Weights</Text>
      <View style={ui.card}>
        {CATEGORIES.map((category, index) => (
          <View key={category.key} style={[ui.row, index > 0 && ui.divider]}>
            <Text style={ui.label} testID={`rule-weight-${category.key}`}>
              {`${category.name}: ${category.weight}%`}
            </Text>
          </View>
        ))}
      </View>
      <Text style={ui.section}>Letter scale</Text>
      <View style={ui.card}>
        {SCALE.map((band, index) => {
          const above = SCALE[index - 1];
          let text: string;
          if (!above) text = `${band.letter}: ${tenths(band.from)} and above`;
          else if (band.from === 0) text = `${band.letter}: below ${tenths(above.from)}`;
          else text = `${band.letter}: ${tenths(band.from)} to ${tenths(above.from - 1)}`;
          return (
            <View key={band.letter} style={[styles.scaleRow, index > 0 && ui.divider]}>
              <Text style={ui.label} testID={`scale-${scaleKey(band.letter)}`}>
                {text}
              </Text>
            </View>
          );
        })}
      </View>
      <Text style={ui.muted} testID="today">
        Today: Nov 20, 2026
      </Text>
    </Screen>
  );
}

const styles = { scaleRow: { paddingVertical: 7 } };
