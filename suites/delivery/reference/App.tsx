import { StatusBar } from 'expo-status-bar';
import { useReducer, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { dishOf, kitchenOf } from './src/data';
import { BasketScreen } from './src/screens/BasketScreen';
import { DishScreen } from './src/screens/DishScreen';
import { KitchensScreen } from './src/screens/KitchensScreen';
import { MenuScreen } from './src/screens/MenuScreen';
import { OrderScreen, OrdersScreen } from './src/screens/OrdersScreen';
import { appReducer, initialState } from './src/state';
import { TabBar, TabKey } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // The store lives here, above the tabs, so nothing is lost when switching tabs.
  const [state, dispatch] = useReducer(appReducer, initialState);
  const [tab, setTab] = useState<TabKey>('kitchens');
  const [kitchenKey, setKitchenKey] = useState<string | null>(null);
  const [dishKey, setDishKey] = useState<string | null>(null);
  const [orderNumber, setOrderNumber] = useState<number | null>(null);

  const selectTab = (next: TabKey) => {
    setKitchenKey(null);
    setDishKey(null);
    setOrderNumber(null);
    setTab(next);
  };
  const order = state.orders.find((o) => o.number === orderNumber);
  const items = state.lines.reduce((sum, line) => sum + line.qty, 0);

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {tab === 'kitchens' && kitchenKey === null && <KitchensScreen onOpen={setKitchenKey} />}
        {tab === 'kitchens' && kitchenKey !== null && dishKey === null && (
          <MenuScreen kitchen={kitchenOf(kitchenKey)} onBack={() => setKitchenKey(null)} onOpen={setDishKey} />
        )}
        {tab === 'kitchens' && kitchenKey !== null && dishKey !== null && (
          <DishScreen
            key={dishKey}
            dish={dishOf(dishKey)}
            basketKitchen={state.kitchen}
            basketItems={items}
            dispatch={dispatch}
            onBack={() => setDishKey(null)}
          />
        )}
        {tab === 'basket' && (
          <BasketScreen
            kitchen={state.kitchen}
            lines={state.lines}
            tip={state.tip}
            dispatch={(action) => {
              if (action.type === 'place') {
                setOrderNumber(state.nextNumber);
                setTab('orders');
              }
              dispatch(action);
            }}
          />
        )}
        {tab === 'orders' && order === undefined && <OrdersScreen orders={state.orders} onOpen={setOrderNumber} />}
        {tab === 'orders' && order !== undefined && (
          <OrderScreen order={order} dispatch={dispatch} onBack={() => setOrderNumber(null)} />
        )}
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
