/** The catalogue: every title, sorted, with its availability and waiting holds. */
import { Dispatch } from 'react';
import { Pressable, StyleSheet, Text, View } from 'react-native';

import { TITLES } from '../data';
import { TODAY, formatDay } from '../dates';
import { availability, catalogue, holdsText, queue } from '../library';
import { Action, AppState } from '../state';
import { Screen, colors, styles as ui } from '../ui';

export function CatalogueScreen({ state, dispatch }: { state: AppState; dispatch: Dispatch<Action> }) {
  return (
    <Screen heading="Catalogue">
      <View style={ui.summary}>
        <Text testID="today" style={ui.muted}>{`Today: ${formatDay(TODAY)}`}</Text>
        <Text testID="title-count" style={ui.muted}>{`${TITLES.length} titles`}</Text>
      </View>
      <View style={ui.card}>
        {catalogue().map((title, index) => {
          const waiting = queue(state, title.key).length;
          return (
            <View key={title.key} style={[styles.row, index > 0 && ui.divider]}>
              <Pressable
                accessibilityRole="button"
                accessibilityLabel={title.name}
                testID={`open-${title.key}`}
                onPress={() => dispatch({ type: 'open-title', title: title.key })}
                style={({ pressed }) => [styles.name, pressed && ui.pressed]}
              >
                <Text style={styles.nameText}>{title.name}</Text>
              </Pressable>
              <View style={styles.facts}>
                <Text testID={`row-media-${title.key}`} style={ui.muted}>{title.media}</Text>
                <Text testID={`row-avail-${title.key}`} style={ui.muted}>
                  {availability(state, title.key)}
                </Text>
                {waiting > 0 && (
                  <Text testID={`row-holds-${title.key}`} style={styles.holds}>
                    {holdsText(waiting)}
                  </Text>
                )}
              </View>
            </View>
          );
        })}
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  row: {
    paddingVertical: 9,
  },
  name: {
    alignSelf: 'flex-start',
  },
  nameText: {
    fontSize: 16,
    fontWeight: '600',
    color: colors.accent,
  },
  facts: {
    flexDirection: 'row',
    gap: 12,
    marginTop: 3,
  },
  holds: {
    fontSize: 13,
    fontWeight: '700',
    color: colors.warning,
  },
});
