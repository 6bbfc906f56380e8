/** The kitchens near the customer: open ones first, nearest first. */
import { Pressable, StyleSheet, Text, View } from 'react-native';

import { KITCHENS, Kitchen } from '../data';
import { deliveryCents, isOpen, km, money, statusText } from '../rules';
import { Screen, colors, styles as ui } from '../ui';

export function sortedKitchens(): Kitchen[] {
  const byDistance = (a: Kitchen, b: Kitchen) => a.tenthsKm - b.tenthsKm;
  return [
    ...KITCHENS.filter(isOpen).sort(byDistance),
    ...KITCHENS.filter((k) => !isOpen(k)).sort(byDistance),
  ];
}

export function KitchensScreen({ onOpen }: { onOpen: (key: string) => void }) {
  const open = KITCHENS.filter(isOpen).length;
  return (
    <Screen heading="Kitchens">
      <Text testID="open-count" style={[ui.muted, styles.count]}>
        {`${open} of ${KITCHENS.length} open now`}
      </Text>
      {sortedKitchens().map((kitchen) => {
        const opened = isOpen(kitchen);
        return (
          <View key={kitchen.key} style={[ui.card, styles.card, !opened && styles.closed]}>
            <Pressable
              accessibilityRole="button"
              accessibilityLabel={kitchen.name}
              testID={`kitchen-${kitchen.key}`}
              onPress={() => onOpen(kitchen.key)}
              style={({ pressed }) => [styles.nameButton, pressed && ui.pressed]}
            >
              <Text style={styles.name}>{kitchen.name}</Text>
            </Pressable>
            <Text testID={`info-${kitchen.key}`} style={ui.muted}>
              {`${kitchen.cuisine}, ${km(kitchen)}`}
            </Text>
            <View style={styles.bottom}>
              <Text testID={`status-${kitchen.key}`} style={[styles.status, opened ? styles.open : styles.shut]}>
                {statusText(kitchen)}
              </Text>
              <Text testID={`fee-${kitchen.key}`} style={[ui.muted, styles.fee]}>
                {`Delivery ${money(deliveryCents(kitchen))}`}
              </Text>
            </View>
          </View>
        );
      })}
    </Screen>
  );
}

const styles = StyleSheet.create({
  count: {
    marginBottom: 8,
    marginLeft: 4,
  },
  card: {
    paddingVertical: 10,
    marginBottom: 8,
  },
  closed: {
    backgroundColor: '#f1ece9',
  },
  nameButton: {
    alignSelf: 'flex-start',
    paddingVertical: 2,
  },
  name: {
    fontSize: 17,
    fontWeight: '700',
    color: colors.text,
  },
  bottom: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'flex-start',
    gap: 8,
    marginTop: 4,
  },
  status: {
    flexShrink: 1,
    fontSize: 13,
    fontWeight: '600',
  },
  fee: {
    flexShrink: 0,
  },
  open: {
    color: colors.positive,
  },
  shut: {
    color: colors.negative,
  },
});
