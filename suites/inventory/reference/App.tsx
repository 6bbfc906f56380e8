import { StatusBar } from 'expo-status-bar';
import { useReducer, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { SupplierFilter } from './src/logic';
import { HistoryScreen } from './src/screens/HistoryScreen';
import { ItemScreen } from './src/screens/ItemScreen';
import { ItemsScreen } from './src/screens/ItemsScreen';
import { LowStockScreen } from './src/screens/LowStockScreen';
import { initialState, stockReducer } from './src/state';
import { TabBar, TabKey } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // The store, search and filter live here, above the tabs, so nothing is lost on a switch.
  const [state, dispatch] = useReducer(stockReducer, initialState);
  const [tab, setTab] = useState<TabKey>('items');
  const [openSku, setOpenSku] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [supplier, setSupplier] = useState<SupplierFilter>('all');

  const openItem = openSku === null ? undefined : state.items.find((item) => item.sku === openSku);

  function select(next: TabKey) {
    setTab(next);
    setOpenSku(null);
  }

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {tab === 'items' && openItem && (
          <ItemScreen
            key={openItem.sku}
            item={openItem}
            dispatch={dispatch}
            onBack={() => setOpenSku(null)}
          />
        )}
        {tab === 'items' && !openItem && (
          <ItemsScreen
            items={state.items}
            search={search}
            supplier={supplier}
            onSearch={setSearch}
            onSupplier={setSupplier}
            onOpen={setOpenSku}
          />
        )}
        {tab === 'low' && <LowStockScreen items={state.items} />}
        {tab === 'history' && <HistoryScreen items={state.items} movements={state.movements} />}
      </View>
      <TabBar current={tab} onSelect={select} />
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
