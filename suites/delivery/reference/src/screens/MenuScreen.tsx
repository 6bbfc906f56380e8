/** A kitchen's menu: its status, its fee and its dishes. */
import { Pressable, StyleSheet, Text, View } from 'react-native';

import { Kitchen, menuOf } from '../data';
import { deliveryCents, isOpen, km, money, statusText } from '../rules';
import { Button, Screen, colors, styles as ui } from '../ui';

interface Props {
  kitchen: Kitchen;
  onBack: () => void;
  onOpen: (dish: string) => void;
}

export function MenuScreen({ kitchen, onBack, onOpen }: Props) {
  const opened = isOpen(kitchen);
  return (
    <Screen heading={kitchen.name}>
      <View style={styles.back}>
        <Button label="Back" testID="back" variant="secondary" onPress={onBack} />
      </View>
      <View style={[ui.card, styles.summary]}>
        <Text testID="kitchen-info" style={ui.muted}>{`${kitchen.cuisine}, ${km(kitchen)}`}</Text>
        <Text testID="kitchen-status" style={[styles.status, opened ? styles.open : styles.shut]}>
          {statusText(kitchen)}
        </Text>
        <Text testID="kitchen-fee" style={ui.muted}>{`Delivery ${money(deliveryCents(kitchen))}`}</Text>
      </View>
      <View style={ui.card}>
        {menuOf(kitchen.key).map((dish, index) => (
          <View key={dish.key} style={[ui.row, index > 0 && ui.divider]}>
            <Pressable
              accessibilityRole="button"
              accessibilityLabel={dish.name}
              testID={`dish-${dish.key}`}
              onPress={() => onOpen(dish.key)}
              style={({ pressed }) => [styles.dish, pressed && ui.pressed]}
            >
              <Text style={ui.label}>{dish.name}</Text>
            </Pressable>
            <Text testID={`from-${dish.key}`} style={ui.amount}>
              {`From ${money(Math.min(...dish.options.map((o) => o.cents)))}`}
            </Text>
          </View>
        ))}
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  back: {
    alignItems: 'flex-start',
    marginBottom: 10,
  },
  summary: {
    paddingVertical: 12,
    gap: 4,
  },
  status: {
    fontSize: 14,
    fontWeight: '600',
  },
  open: {
    color: colors.positive,
  },
  shut: {
    color: colors.negative,
  },
  dish: {
    flexShrink: 1,
    paddingVertical: 2,
  },
});
