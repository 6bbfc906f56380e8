/** The cart, or the confirmation of the order just placed; the totals stay in a fixed footer. */
import { useState } from 'react';
import { StyleSheet, Text, View } from 'react-native';

import { onSale, pieces, productByKey, unitCents, variantLabel, orderLabel } from '../catalog';
import { CartLine, Code, Stock, Totals, applyCode, lineCents, stockKey, totalsOf, variantOf } from '../cart';
import { formatCents } from '../money';
import { Action, PlacedOrder } from '../state';
import { Button, Input, Screen, colors, styles as ui } from '../ui';

interface Props {
  cart: readonly CartLine[];
  code: Code | null;
  stock: Stock;
  confirmation: PlacedOrder | null;
  dispatch: (action: Action) => void;
  onContinue: () => void;
}

export function CartScreen({ cart, code, stock, confirmation, dispatch, onContinue }: Props) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const result = applyCode(typed, code, cart);
    if ('code' in result) {
      dispatch({ type: 'apply', code: result.code });
      setTyped('');
      setError(null);
    } else {
      setError(result.error);
    }
  };

  if (confirmation !== null) {
    return (
      <Screen
        heading="Order confirmed"
        footer={<TotalsFooter totals={confirmation.totals} code={confirmation.code} placed dispatch={dispatch} />}
      >
        <View style={[ui.card, styles.confirm]}>
          <Text testID="confirm-id" style={styles.confirmId}>
            {`Order ${orderLabel(confirmation.number)}`}
          </Text>
          <Text testID="confirm-date" style={ui.muted}>
            {`Placed ${confirmation.date}`}
          </Text>
          <Text testID="cart-count" style={ui.muted}>
            {pieces(confirmation.pieces)}
          </Text>
        </View>
        <Lines lines={confirmation.lines} stock={null} dispatch={dispatch} />
        <View style={styles.continue}>
          <Button label="Continue shopping" testID="continue-shopping" variant="secondary" onPress={onContinue} />
        </View>
      </Screen>
    );
  }

  if (cart.length === 0) {
    return (
      <Screen heading="Your cart">
        <Text testID="cart-count" style={[ui.muted, styles.count]}>
          {pieces(0)}
        </Text>
        <Text testID="cart-empty" style={[ui.label, styles.empty]}>
          Your cart is empty
        </Text>
      </Screen>
    );
  }

  const totals = totalsOf(cart, code);
  return (
    <Screen
      heading="Your cart"
      footer={<TotalsFooter totals={totals} code={code} placed={false} dispatch={dispatch} />}
    >
      <Text testID="cart-count" style={[ui.muted, styles.count]}>
        {pieces(totals.pieces)}
      </Text>
      <Lines lines={cart} stock={stock} dispatch={dispatch} />
      <View style={[ui.card, styles.promo]}>
        <View style={styles.promoRow}>
          <Input testID="input-promo" placeholder="Promo code" value={typed} onChangeText={setTyped} flex={1} />
          <Button label="Apply" testID="apply-promo" onPress={apply} />
        </View>
        {error !== null && (
          <Text testID="promo-error" style={ui.error}>
            {error}
          </Text>
        )}
        {code !== null && (
          <View style={styles.applied}>
            <Text testID="promo-applied" style={styles.appliedText}>
              {`Code ${code} applied`}
            </Text>
            <Button
              label="Remove"
              testID="remove-promo"
              variant="secondary"
              onPress={() => {
                dispatch({ type: 'remove-code' });
                setError(null);
              }}
            />
          </View>
        )}
        {totals.note !== null && (
          <Text testID="promo-note" style={styles.note}>
            {totals.note}
          </Text>
        )}
      </View>
    </Screen>
  );
}

interface LinesProps {
  lines: readonly CartLine[];
  /** The stock the steppers respect; null on a confirmation (no steppers). */
  stock: Stock | null;
  dispatch: (action: Action) => void;
}

function Lines({ lines, stock, dispatch }: LinesProps) {
  return (
    <View style={ui.card}>
      {lines.map((line, index) => {
        const i = index + 1;
        const product = productByKey(line.product);
        const each = formatCents(unitCents(product));
        const left = stock === null ? null : stock[stockKey(line.product, line.variant)] ?? 0;
        return (
          <View key={`${line.product}/${line.variant}`} style={[styles.line, index > 0 && ui.divider]}>
            <View style={styles.lineTop}>
              <Text testID={`line-name-${i}`} style={styles.name}>
                {product.name}
              </Text>
              <Text testID={`line-amount-${i}`} style={ui.amount}>
                {formatCents(lineCents(line))}
              </Text>
            </View>
            <Text testID={`line-variant-${i}`} style={ui.muted}>
              {variantLabel(variantOf(product, line.variant))}
            </Text>
            <Text testID={`line-price-${i}`} style={[ui.muted, onSale(product) && styles.sale]}>
              {onSale(product) ? `${each} each, on sale` : `${each} each`}
            </Text>
            <View style={styles.stepper}>
              {stock !== null && (
                <Button label="-" testID={`dec-${i}`} variant="chip" onPress={() => dispatch({ type: 'dec', index })} />
              )}
              <Text testID={`line-qty-${i}`} style={styles.qty}>
                {String(line.qty)}
              </Text>
              {stock !== null && (
                <Button label="+" testID={`inc-${i}`} variant="chip" onPress={() => dispatch({ type: 'inc', index })} />
              )}
              {left !== null && line.qty >= left && (
                <Text testID={`line-limit-${i}`} style={styles.limit}>
                  {`Only ${left} in stock`}
                </Text>
              )}
            </View>
          </View>
        );
      })}
    </View>
  );
}

interface FooterProps {
  totals: Totals;
  code: Code | null;
  placed: boolean;
  dispatch: (action: Action) => void;
}

function TotalsFooter({ totals, code, placed, dispatch }: FooterProps) {
  return (
    <View>
      <View style={styles.sumRow}>
        <Text testID="total-subtotal" style={styles.sum}>
          {`Subtotal: ${formatCents(totals.subtotal)}`}
        </Text>
        <Text testID="total-shipping" style={styles.sum}>
          {totals.shippingFree ? 'Shipping: Free' : `Shipping: ${formatCents(totals.shipping)}`}
        </Text>
      </View>
      {totals.discount > 0 && (
        <Text testID="total-discount" style={[styles.sum, styles.discount]}>
          {`Discount (${code}): ${formatCents(-totals.discount)}`}
        </Text>
      )}
      <Text testID="total-tax" style={styles.sum}>
        {`Tax (8.25%): ${formatCents(totals.tax)}`}
      </Text>
      {totals.missing !== null && (
        <Text testID="free-ship-hint" style={styles.hint}>
          {`Add ${formatCents(totals.missing)} more for free shipping`}
        </Text>
      )}
      <View style={styles.placeRow}>
        <Text testID="total-total" style={styles.total}>
          {`Total: ${formatCents(totals.total)}`}
        </Text>
        <Button
          label={placed ? 'Order placed' : 'Place order'}
          testID="place-order"
          onPress={() => dispatch({ type: 'place' })}
        />
      </View>
    </View>
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
  confirm: {
    paddingVertical: 12,
    gap: 2,
  },
  confirmId: {
    fontSize: 18,
    fontWeight: '700',
    color: colors.accent,
  },
  continue: {
    alignItems: 'flex-start',
  },
  line: {
    paddingVertical: 10,
    gap: 2,
  },
  lineTop: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'center',
  },
  name: {
    fontSize: 16,
    fontWeight: '700',
    color: colors.text,
  },
  sale: {
    color: colors.sale,
  },
  stepper: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 10,
    marginTop: 4,
  },
  qty: {
    fontSize: 16,
    fontWeight: '600',
    minWidth: 20,
    textAlign: 'center',
    color: colors.text,
  },
  limit: {
    fontSize: 13,
    color: colors.warning,
  },
  promo: {
    paddingVertical: 12,
  },
  promoRow: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 8,
  },
  applied: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    marginTop: 10,
  },
  appliedText: {
    fontSize: 14,
    fontWeight: '600',
    color: colors.positive,
  },
  note: {
    fontSize: 14,
    color: colors.warning,
    marginTop: 8,
  },
  sumRow: {
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
  sum: {
    fontSize: 14,
    color: colors.text,
    marginBottom: 2,
  },
  discount: {
    color: colors.positive,
  },
  hint: {
    fontSize: 13,
    color: colors.accent,
    marginTop: 2,
  },
  placeRow: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    marginTop: 8,
  },
  total: {
    fontSize: 18,
    fontWeight: '700',
    color: colors.text,
  },
});
