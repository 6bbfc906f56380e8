/** The product list: search by name, category chips combined by "any of", the shown products. */
import { Pressable, StyleSheet, Text, View } from 'react-native';

import { CATEGORIES, CategoryKey, PRODUCTS, categoryName, matchingProducts, onSale } from '../catalog';
import { formatCents } from '../money';
import { Action } from '../state';
import { Button, Input, Screen, colors, styles as ui } from '../ui';

interface Props {
  search: string;
  chips: readonly CategoryKey[];
  dispatch: (action: Action) => void;
  onOpen: (key: string) => void;
}

export function ShopScreen({ search, chips, dispatch, onOpen }: Props) {
  const shown = matchingProducts(search, chips);
  return (
    <Screen heading="Shop">
      <Input
        testID="input-search"
        placeholder="Search products"
        value={search}
        onChangeText={(text) => dispatch({ type: 'search', text })}
      />
      <View style={ui.chips}>
        {CATEGORIES.map((category) => (
          <Button
            key={category.key}
            label={category.name}
            testID={`chip-${category.key}`}
            variant="chip"
            selected={chips.includes(category.key)}
            onPress={() => dispatch({ type: 'chip', key: category.key })}
          />
        ))}
      </View>
      <Text testID="shown-count" style={[ui.muted, styles.count]}>
        {`Showing ${shown.length} of ${PRODUCTS.length} products`}
      </Text>
      {shown.length === 0 ? (
        <Text testID="no-match" style={[ui.label, styles.empty]}>
          No products match
        </Text>
      ) : (
        <View style={ui.card}>
          {shown.map((product, index) => (
            <View key={product.key} style={[styles.row, index > 0 && ui.divider]}>
              <View style={styles.left}>
                <Pressable
                  accessibilityRole="button"
                  accessibilityLabel={product.name}
                  testID={`product-${product.key}`}
                  onPress={() => onOpen(product.key)}
                  style={({ pressed }) => [styles.link, pressed && ui.pressed]}
                >
                  <Text style={styles.linkText}>{product.name}</Text>
                </Pressable>
                <Text testID={`cat-${product.key}`} style={ui.muted}>
                  {categoryName(product.category)}
                </Text>
              </View>
              <View style={styles.right}>
                <Text
                  testID={`price-${product.key}`}
                  style={[ui.amount, onSale(product) && styles.sale]}
                >
                  {formatCents(product.saleCents ?? product.priceCents)}
                </Text>
                {onSale(product) && (
                  <Text testID={`was-${product.key}`} style={[ui.muted, styles.was]}>
                    {`Was ${formatCents(product.priceCents)}`}
                  </Text>
                )}
              </View>
            </View>
          ))}
        </View>
      )}
    </Screen>
  );
}

const styles = StyleSheet.create({
  count: {
    marginLeft: 4,
    marginBottom: 8,
  },
  empty: {
    textAlign: 'center',
    marginTop: 24,
    color: colors.muted,
  },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    paddingVertical: 9,
  },
  left: {
    flexShrink: 1,
  },
  right: {
    alignItems: 'flex-end',
  },
  link: {
    paddingVertical: 2,
  },
  linkText: {
    fontSize: 16,
    fontWeight: '700',
    color: colors.accent,
  },
  sale: {
    color: colors.sale,
  },
  was: {
    textDecorationLine: 'line-through',
  },
});
