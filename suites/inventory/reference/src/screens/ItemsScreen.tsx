/** The Items screen: total value, search, supplier filter, count and the long list. */
import { Pressable, StyleSheet, Text, TextInput, View } from 'react-native';

import { filterItems, formatCents, formatQty, isLow, itemKey, SupplierFilter, totalValueCents } from '../logic';
import { Item, SUPPLIERS } from '../seed';
import { Button, colors, Screen, styles as ui } from '../ui';

interface Props {
  items: readonly Item[];
  search: string;
  supplier: SupplierFilter;
  onSearch: (text: string) => void;
  onSupplier: (supplier: SupplierFilter) => void;
  onOpen: (sku: string) => void;
}

export function ItemsScreen({ items, search, supplier, onSearch, onSupplier, onOpen }: Props) {
  const shown = filterItems(items, search, supplier);
  const filters: { key: SupplierFilter; label: string }[] = [
    { key: 'all', label: 'All suppliers' },
    ...SUPPLIERS.map((s) => ({ key: s.key as SupplierFilter, label: s.name })),
  ];
  const fixed = (
    <>
      <Text testID="stock-value" style={styles.value}>
        {`Stock value: ${formatCents(totalValueCents(items))}`}
      </Text>
      <TextInput
        testID="input-search"
        placeholder="Search name or SKU"
        accessibilityLabel="Search name or SKU"
        value={search}
        onChangeText={onSearch}
        autoCapitalize="none"
        autoCorrect={false}
        style={ui.input}
      />
      <View style={styles.chips}>
        {filters.map((f) => (
          <View key={f.key} style={styles.chip}>
            <Button
              label={f.label}
              testID={`supplier-${f.key}`}
              variant="chip"
              selected={supplier === f.key}
              onPress={() => onSupplier(f.key)}
            />
          </View>
        ))}
      </View>
      <Text testID="item-count" style={ui.muted}>
        {`Showing ${shown.length} of ${items.length} items`}
      </Text>
    </>
  );
  return (
    <Screen heading="Stock items" fixed={fixed}>
      {shown.length === 0 ? (
        <View style={ui.card}>
          <Text testID="items-empty" style={[ui.label, styles.empty]}>
            No items match
          </Text>
        </View>
      ) : (
        <View style={ui.card}>
          {shown.map((item, index) => {
            const key = itemKey(item);
            return (
              <View key={item.sku} style={[styles.row, index > 0 && ui.divider]}>
                <View style={styles.main}>
                  <Pressable
                    accessibilityRole="button"
                    accessibilityLabel={item.name}
                    testID={`item-${key}`}
                    onPress={() => onOpen(item.sku)}
                    style={({ pressed }) => [pressed && ui.pressed]}
                  >
                    <Text style={styles.name}>{item.name}</Text>
                  </Pressable>
                  <Text testID={`item-sku-${key}`} style={ui.muted}>
                    {item.sku}
                  </Text>
                </View>
                <View style={styles.side}>
                  <Text testID={`item-stock-${key}`} style={styles.stock}>
                    {`On hand: ${formatQty(item.onHand)}`}
                  </Text>
                  {isLow(item) ? (
                    <Text testID={`item-low-${key}`} style={styles.low}>
                      Low
                    </Text>
                  ) : null}
                </View>
              </View>
            );
          })}
        </View>
      )}
    </Screen>
  );
}

const styles = StyleSheet.create({
  value: {
    fontSize: 16,
    fontWeight: '700',
    color: colors.accent,
    marginBottom: 8,
  },
  chips: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    marginTop: 8,
    marginBottom: 4,
  },
  chip: {
    marginRight: 6,
    marginBottom: 6,
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
    color: colors.text,
    fontVariant: ['tabular-nums'],
  },
  low: {
    marginTop: 3,
    fontSize: 12,
    fontWeight: '700',
    color: colors.warning,
    backgroundColor: colors.warningSoft,
    borderRadius: 6,
    paddingHorizontal: 6,
    paddingVertical: 1,
    overflow: 'hidden',
  },
  empty: {
    paddingVertical: 16,
    textAlign: 'center',
    color: colors.muted,
  },
});
