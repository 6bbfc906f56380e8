import { StatusBar } from 'expo-status-bar';
import { useReducer, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { PRODUCTS } from './src/catalog';
import { CartScreen } from './src/screens/CartScreen';
import { OrdersScreen } from './src/screens/OrdersScreen';
import { ProductScreen } from './src/screens/ProductScreen';
import { ShopScreen } from './src/screens/ShopScreen';
import { appReducer, initialState } from './src/state';
import { TabBar, TabKey } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // The store lives here, above the tabs, so nothing is lost when switching tabs.
  const [state, dispatch] = useReducer(appReducer, initialState);
  const [tab, setTab] = useState<TabKey>('shop');
  const [openKey, setOpenKey] = useState<string | null>(null);

  const selectTab = (next: TabKey) => {
    if (next === 'shop') {
      setOpenKey(null);
    }
    setTab(next);
  };
  const open = openKey === null ? undefined : PRODUCTS.find((p) => p.key === openKey);

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {tab === 'shop' && open === undefined && (
          <ShopScreen search={state.search} chips={state.chips} dispatch={dispatch} onOpen={setOpenKey} />
        )}
        {tab === 'shop' && open !== undefined && (
          <ProductScreen
            key={open.key}
            product={open}
            stock={state.stock}
            cart={state.cart}
            dispatch={dispatch}
            onBack={() => setOpenKey(null)}
          />
        )}
        {tab === 'cart' && (
          <CartScreen
            cart={state.cart}
            code={state.code}
            stock={state.stock}
            confirmation={state.confirmation}
            dispatch={dispatch}
            onContinue={() => {
              dispatch({ type: 'continue' });
              setOpenKey(null);
              setTab('shop');
            }}
          />
        )}
        {tab === 'orders' && <OrdersScreen orders={state.orders} />}
      </View>
      <TabBar current={tab} onSelect={selectTab} />
      <StatusBar style="dark" />
    </View>
  );
}

const styles = StyleSheet.create({
  root: {
    flex: 1,
    backgroundColor: colors.background,
  },
  content: {
    flex: 1,
  },
});
