/** The Low stock screen: items at or below their reorder point, largest shortfall first. */
import { StyleSheet, Text, View } from 'react-native';

import { formatQty, itemKey, lowStock, supplierName } from '../logic';
import { Item } from '../seed';
import { colors, Screen, styles as ui } from '../ui';

export function LowStockScreen({ items }: { items: readonly Item[] }) {
  const low = lowStock(items);
  if (low.length === 0) {
    return (
      <Screen heading="Low stock">
        <View style={ui.card}>
          <Text testID="low-empty" style={[ui.label, styles.empty]}>
            No items are low on stock
          </Text>
        </View>
      </Screen>
    );
  }
  return (
    <Screen heading="Low stock">
      <Text testID="low-count" style={styles.count}>
        {low.length === 1
          ? '1 item at or below its reorder point'
          : `${low.length} items at or below their reorder point`}
      </Text>
      <View style={ui.card}>
        {low.map((item, index) => {
          const key = itemKey(item);
          return (
            <View key={item.sku} style={[styles.row, index > 0 && ui.divider]}>
              <View style={styles.main}>
                <Text testID={`low-name-${key}`} style={styles.name}>
                  {item.name}
                </Text>
                <Text testID={`low-supplier-${key}`} style={ui.muted}>
                  {supplierName(item.supplier)}
                </Text>
              </View>
              <View style={styles.side}>
                <Text testID={`low-stock-${key}`} style={styles.stock}>
                  {`On hand: ${formatQty(item.onHand)}`}
                </Text>
                <Text testID={`low-point-${key}`} style={ui.muted}>
                  {`Reorder point: ${formatQty(item.reorderPoint)}`}
                </Text>
              </View>
            </View>
          );
        })}
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  count: {
    fontSize: 15,
    fontWeight: '600',
    color: colors.warning,
    marginBottom: 10,
    marginLeft: 4,
  },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    paddingVertical: 10,
  },
  main: {
    flex: 1,
    paddingRight: 8,
  },
  name: {
    fontSize: 16,
    fontWeight: '600',
    color: colors.text,
  },
  side: {
    alignItems: 'flex-end',
  },
  stock: {
    fontSize: 14,
    fontWeight: '600',
    color: colors.warning,
  },
  empty: {
    paddingVertical: 16,
    textAlign: 'center',
    color: colors.muted,
  },
});
