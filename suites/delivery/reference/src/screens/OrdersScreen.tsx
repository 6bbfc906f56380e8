/** The orders, newest first, and one order with its timeline. */
import { Pressable, StyleSheet, Text, View } from 'react-native';

import { kitchenOf } from '../data';
import { STEPS, clock, count, money, timeline } from '../rules';
import { Action, Order } from '../state';
import { Button, Screen, colors, styles as ui } from '../ui';

export function OrdersScreen({ orders, onOpen }: { orders: readonly Order[]; onOpen: (n: number) => void }) {
  const newestFirst = [...orders].sort((a, b) => b.number - a.number);
  return (
    <Screen heading="Orders">
      <Text testID="orders-count" style={[ui.muted, styles.count]}>{count(orders.length, 'order', 'orders')}</Text>
      {newestFirst.map((order) => (
        <View key={order.number} style={[ui.card, styles.card]}>
          <View style={styles.rowTop}>
            <Pressable
              accessibilityRole="button"
              accessibilityLabel={`Order #${order.number}`}
              testID={`order-${order.number}`}
              onPress={() => onOpen(order.number)}
              style={({ pressed }) => [styles.open, pressed && ui.pressed]}
            >
              <Text style={styles.number}>{`Order #${order.number}`}</Text>
            </Pressable>
            <Text testID={`order-total-${order.number}`} style={ui.amount}>{money(order.totalCents)}</Text>
          </View>
          <Text testID={`order-kitchen-${order.number}`} style={ui.label}>{kitchenOf(order.kitchen).name}</Text>
          <View style={styles.rowTop}>
            <Text testID={`order-placed-${order.number}`} style={ui.muted}>
              {`${order.date}, ${clock(order.placed)}`}
            </Text>
            <Text testID={`order-items-${order.number}`} style={ui.muted}>{count(order.items, 'item', 'items')}</Text>
          </View>
          <Text testID={`order-status-${order.number}`} style={[styles.status, order.step === 3 && styles.done]}>
            {STEPS[order.step].name}
          </Text>
        </View>
      ))}
    </Screen>
  );
}

interface OrderProps {
  order: Order;
  dispatch: (action: Action) => void;
  onBack: () => void;
}

export function OrderScreen({ order, dispatch, onBack }: OrderProps) {
  const kitchen = kitchenOf(order.kitchen);
  const times = timeline(order.placed, kitchen);
  const delivered = order.step === STEPS.length - 1;
  return (
    <Screen heading={`Order #${order.number}`}>
      <View style={styles.back}>
        <Button label="Back" testID="back" variant="secondary" onPress={onBack} />
      </View>
      <View style={[ui.card, styles.summary]}>
        <Text testID="order-kitchen" style={ui.label}>{kitchen.name}</Text>
        <Text testID="order-placed" style={ui.muted}>{`Placed ${order.date}, ${clock(order.placed)}`}</Text>
        <Text testID="order-items" style={ui.muted}>{count(order.items, 'item', 'items')}</Text>
        <Text testID="order-total" style={ui.amount}>{`Total: ${money(order.totalCents)}`}</Text>
      </View>
      <Text testID="order-status" style={styles.current}>{`Status: ${STEPS[order.step].name}`}</Text>
      <Text testID="order-eta" style={[ui.muted, styles.eta]}>
        {delivered ? `Delivered at ${clock(times[3])}` : `Arrives by ${clock(times[3])}`}
      </Text>
      <View style={ui.card}>
        {STEPS.map((step, index) => {
          const reached = index <= order.step;
          return (
            <View key={step.key} style={[ui.row, index > 0 && ui.divider]}>
              <View style={styles.stepName}>
                <View style={[styles.dot, reached && styles.dotReached]} />
                <Text testID={`step-${step.key}`} style={[ui.label, !reached && styles.pending]}>{step.name}</Text>
              </View>
              <Text testID={`step-time-${step.key}`} style={reached ? ui.amount : ui.muted}>
                {reached ? clock(times[index]) : `Expected ${clock(times[index])}`}
              </Text>
            </View>
          );
        })}
      </View>
      {!delivered && (
        <Button label="Next step" testID="advance" onPress={() => dispatch({ type: 'advance', number: order.number })} />
      )}
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
    gap: 2,
  },
  rowTop: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'center',
  },
  open: {
    paddingVertical: 2,
  },
  number: {
    fontSize: 16,
    fontWeight: '700',
    color: colors.accent,
  },
  status: {
    fontSize: 13,
    fontWeight: '600',
    color: colors.warning,
  },
  done: {
    color: colors.positive,
  },
  back: {
    alignItems: 'flex-start',
    marginBottom: 10,
  },
  summary: {
    paddingVertical: 12,
    gap: 2,
  },
  current: {
    fontSize: 18,
    fontWeight: '700',
    color: colors.text,
    marginLeft: 4,
  },
  eta: {
    marginLeft: 4,
    marginBottom: 10,
  },
  stepName: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 10,
  },
  dot: {
    width: 10,
    height: 10,
    borderRadius: 5,
    backgroundColor: colors.border,
  },
  dotReached: {
    backgroundColor: colors.accent,
  },
  pending: {
    color: colors.muted,
  },
});
