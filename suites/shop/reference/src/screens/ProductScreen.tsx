/** One product: its price, its variants with their stock, and `Add to cart`. */
import { useState } from 'react';
import { StyleSheet, Text, View } from 'react-native';

import { Product, categoryName, onSale, variantKey, variantLabel } from '../catalog';
import { CartLine, Stock, addMessage, stockKey, variantOf } from '../cart';
import { formatCents } from '../money';
import { Action } from '../state';
import { Button, Screen, colors, styles as ui } from '../ui';

interface Props {
  product: Product;
  stock: Stock;
  cart: readonly CartLine[];
  dispatch: (action: Action) => void;
  onBack: () => void;
}

export function ProductScreen({ product, stock, cart, dispatch, onBack }: Props) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; added: boolean } | null>(null);

  const add = () => {
    const result = addMessage(cart, stock, product, chosen);
    if (result.added && chosen !== null) {
      dispatch({ type: 'add', product: product.key, variant: chosen });
    }
    setMessage(result);
  };

  return (
    <Screen heading={product.name}>
      <View style={styles.back}>
        <Button label="Back" testID="back" variant="secondary" onPress={onBack} />
      </View>
      <View style={[ui.card, styles.summary]}>
        <Text testID="detail-category" style={ui.muted}>
          {categoryName(product.category)}
        </Text>
        <View style={styles.prices}>
          <Text testID="detail-price" style={[styles.price, onSale(product) && styles.sale]}>
            {formatCents(product.saleCents ?? product.priceCents)}
          </Text>
          {onSale(product) && (
            <Text testID="detail-was" style={[ui.muted, styles.was]}>
              {`Was ${formatCents(product.priceCents)}`}
            </Text>
          )}
        </View>
      </View>
      <View style={ui.card}>
        {product.variants.map((variant, index) => {
          const key = variantKey(variant);
          const left = stock[stockKey(product.key, key)] ?? 0;
          return (
            <View key={key} style={[ui.row, index > 0 && ui.divider]}>
              <Button
                label={variantLabel(variant)}
                testID={`variant-${key}`}
                variant="chip"
                selected={chosen === key}
                onPress={() => {
                  setChosen(key);
                  setMessage(null);
                }}
              />
              <Text testID={`stock-${key}`} style={[ui.muted, left === 0 && styles.out]}>
                {left === 0 ? 'Out of stock' : `${left} in stock`}
              </Text>
            </View>
          );
        })}
      </View>
      <Text testID="selected-variant" style={[ui.label, styles.selected]}>
        {chosen === null ? 'Choose a size and colour' : `Selected: ${variantLabel(variantOf(product, chosen))}`}
      </Text>
      <Button label="Add to cart" testID="add-to-cart" onPress={add} />
      {message !== null && (
        <Text testID="add-message" style={message.added ? ui.notice : ui.error}>
          {message.text}
        </Text>
      )}
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
  },
  prices: {
    flexDirection: 'row',
    alignItems: 'baseline',
    gap: 10,
    marginTop: 4,
  },
  price: {
    fontSize: 22,
    fontWeight: '700',
    color: colors.text,
  },
  sale: {
    color: colors.sale,
  },
  was: {
    textDecorationLine: 'line-through',
  },
  out: {
    color: colors.negative,
  },
  selected: {
    marginBottom: 10,
    marginLeft: 4,
  },
});
