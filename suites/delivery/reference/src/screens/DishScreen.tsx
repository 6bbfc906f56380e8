/** One dish: its required choice, its extras, its price and `Add to basket` (which may ask first). */
import { useState } from 'react';
import { Modal, StyleSheet, Text, View } from 'react-native';

import { Dish, kitchenOf, slug } from '../data';
import { count, isOpen, money, unitCents } from '../rules';
import { Action } from '../state';
import { Button, Screen, colors, styles as ui } from '../ui';

interface Props {
  dish: Dish;
  basketKitchen: string | null;
  basketItems: number;
  dispatch: (action: Action) => void;
  onBack: () => void;
}

export function DishScreen({ dish, basketKitchen, basketItems, dispatch, onBack }: Props) {
  const [option, setOption] = useState<string | null>(null);
  const [extras, setExtras] = useState<readonly string[]>([]);
  const [message, setMessage] = useState<{ text: string; added: boolean } | null>(null);
  const [asking, setAsking] = useState(false);
  const kitchen = kitchenOf(dish.kitchen);
  const group = dish.group.toLowerCase();

  const toggle = (name: string) => {
    // Kept in the menu's order, whatever order they were pressed in.
    const next = extras.includes(name) ? extras.filter((x) => x !== name) : [...extras, name];
    setExtras(dish.extras.map((x) => x.name).filter((x) => next.includes(x)));
    setMessage(null);
  };

  const add = (fresh: boolean) => {
    if (option === null) {
      return;
    }
    dispatch({ type: 'add', kitchen: dish.kitchen, dish: dish.key, option, extras, fresh });
    setMessage({ text: `Added: ${dish.name}, ${option}`, added: true });
  };

  const press = () => {
    if (!isOpen(kitchen)) {
      setMessage({ text: `${kitchen.name} is closed now`, added: false });
    } else if (option === null) {
      setMessage({ text: `Choose a ${group} first`, added: false });
    } else if (basketKitchen !== null && basketKitchen !== dish.kitchen) {
      setMessage(null);
      setAsking(true);
    } else {
      add(false);
    }
  };

  return (
    <Screen heading={dish.name}>
      <View style={styles.back}>
        <Button label="Back" testID="back" variant="secondary" onPress={onBack} />
      </View>
      <Text testID="group-name" style={ui.section}>{`${dish.group} (required)`}</Text>
      <View style={ui.card}>
        {dish.options.map((o, index) => (
          <View key={o.name} style={[ui.row, styles.choice, index > 0 && ui.divider]}>
            <Button
              label={o.name}
              testID={`option-${slug(o.name)}`}
              variant="chip"
              selected={option === o.name}
              onPress={() => {
                setOption(o.name);
                setMessage(null);
              }}
            />
            <Text testID={`option-price-${slug(o.name)}`} style={ui.amount}>{money(o.cents)}</Text>
          </View>
        ))}
      </View>
      <Text testID="chosen-option" style={[ui.label, styles.chosen]}>
        {option === null ? `Choose a ${group}` : `${dish.group}: ${option}`}
      </Text>
      {dish.extras.length > 0 && (
        <>
          <Text style={ui.section}>Extras</Text>
          <View style={ui.card}>
            {dish.extras.map((x, index) => (
              <View key={x.name} style={[ui.row, styles.choice, index > 0 && ui.divider]}>
                <Button
                  label={x.name}
                  testID={`extra-${slug(x.name)}`}
                  variant="chip"
                  selected={extras.includes(x.name)}
                  onPress={() => toggle(x.name)}
                />
                <Text testID={`extra-price-${slug(x.name)}`} style={ui.muted}>{`+${money(x.cents)}`}</Text>
              </View>
            ))}
          </View>
        </>
      )}
      {option !== null && (
        <Text testID="dish-total" style={[ui.amount, styles.total]}>
          {`Item total: ${money(unitCents(dish, option, extras))}`}
        </Text>
      )}
      <Button label="Add to basket" testID="add-to-basket" onPress={press} />
      {message !== null && (
        <Text testID="add-message" style={message.added ? ui.notice : ui.error}>
          {message.text}
        </Text>
      )}

      {asking && basketKitchen !== null && (
        <Modal transparent visible animationType="none" onRequestClose={() => setAsking(false)}>
          <View style={styles.backdrop}>
            <View style={styles.dialog}>
              <Text testID="switch-title" style={styles.dialogTitle}>Start a new basket?</Text>
              <Text testID="switch-text" style={[ui.label, styles.dialogText]}>
                {`Your basket has ${count(basketItems, 'item', 'items')} from ${kitchenOf(basketKitchen).name}. ` +
                  `Start a new basket from ${kitchen.name}?`}
              </Text>
              <View style={styles.dialogActions}>
                <Button label="Keep basket" testID="keep-basket" variant="secondary" onPress={() => setAsking(false)} />
                <Button
                  label="Start new basket"
                  testID="start-new-basket"
                  onPress={() => {
                    setAsking(false);
                    add(true);
                  }}
                />
              </View>
            </View>
          </View>
        </Modal>
      )}
    </Screen>
  );
}

const styles = StyleSheet.create({
  back: {
    alignItems: 'flex-start',
    marginBottom: 10,
  },
  choice: {
    paddingVertical: 8,
  },
  chosen: {
    marginBottom: 10,
    marginLeft: 4,
  },
  total: {
    marginBottom: 10,
    marginLeft: 4,
  },
  backdrop: {
    flex: 1,
    backgroundColor: 'rgba(30, 20, 16, 0.45)',
    justifyContent: 'center',
    padding: 24,
  },
  dialog: {
    backgroundColor: colors.card,
    borderRadius: 14,
    padding: 20,
  },
  dialogTitle: {
    fontSize: 18,
    fontWeight: '700',
    color: colors.text,
  },
  dialogText: {
    marginTop: 8,
  },
  dialogActions: {
    flexDirection: 'row',
    justifyContent: 'flex-end',
    gap: 10,
    marginTop: 16,
  },
});
