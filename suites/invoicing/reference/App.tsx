import { StatusBar } from 'expo-status-bar';
import { useReducer, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { ClientsScreen } from './src/screens/ClientsScreen';
import { InvoiceScreen } from './src/screens/InvoiceScreen';
import { InvoicesScreen } from './src/screens/InvoicesScreen';
import { NewInvoiceScreen } from './src/screens/NewInvoiceScreen';
import { appReducer, initialState } from './src/state';
import { TabBar, TabKey } from './src/TabBar';
import { colors } from './src/ui';

export default function App() {
  // The store lives here, above the tabs, so nothing is lost when switching tabs.
  const [state, dispatch] = useReducer(appReducer, initialState);
  const [tab, setTab] = useState<TabKey>('invoices');
  const [openNumber, setOpenNumber] = useState<number | null>(null);

  const selectTab = (next: TabKey) => {
    if (next === 'invoices') {
      setOpenNumber(null);
    }
    setTab(next);
  };
  const open = openNumber === null ? undefined : state.invoices.find((i) => i.number === openNumber);

  return (
    <View style={styles.root}>
      <View style={styles.content}>
        {tab === 'invoices' && open === undefined && (
          <InvoicesScreen invoices={state.invoices} onOpen={setOpenNumber} />
        )}
        {tab === 'invoices' && open !== undefined && (
          <InvoiceScreen
            key={open.number}
            invoice={open}
            dispatch={dispatch}
            onBack={() => setOpenNumber(null)}
          />
        )}
        {tab === 'new' && (
          <NewInvoiceScreen
            form={state.form}
            nextNumber={state.nextNumber}
            dispatch={dispatch}
            onSaved={(number) => {
              setOpenNumber(number);
              setTab('invoices');
            }}
          />
        )}
        {tab === 'clients' && <ClientsScreen invoices={state.invoices} />}
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
