/** Every order, newest first. */
import { StyleSheet, Text, View } from 'react-native';

import { PastOrder, orderLabel, pieces } from '../catalog';
import { formatCents } from '../money';
import { Screen, colors, styles as ui } from '../ui';

export function OrdersScreen({ orders }: { orders: readonly PastOrder[] }) {
  const newestFirst = [...orders].sort((a, b) => b.number - a.number);
  return (
    <Screen heading="Orders">
      <Text testID="orders-count" style={[ui.muted, styles.count]}>
        {`${orders.length} orders`}
      </Text>
      <View style={ui.card}>
        {newestFirst.map((order, index) => (
          <View key={order.number} style={[styles.row, index > 0 && ui.divider]}>
            <View>
              <Text testID={`order-${order.number}`} style={styles.number}>
                {orderLabel(order.number)}
              </Text>
              <Text testID={`order-date-${order.number}`} style={ui.muted}>
                {order.date}
              </Text>
            </View>
            <View style={styles.right}>
              <Text testID={`order-total-${order.number}`} style={ui.amount}>
                {formatCents(order.totalCents)}
              </Text>
              <Text testID={`order-items-${order.number}`} style={ui.muted}>
                {pieces(order.pieces)}
              </Text>
            </View>
          </View>
        ))}
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  count: {
    marginLeft: 4,
    marginBottom: 8,
  },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    paddingVertical: 10,
  },
  number: {
    fontSize: 16,
    fontWeight: '700',
    color: colors.text,
  },
  right: {
    alignItems: 'flex-end',
  },
});
