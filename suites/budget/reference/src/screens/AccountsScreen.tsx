import { Text, View } from 'react-native';

import { ACCOUNTS } from '../data';
import { accountBalance, netWorth } from '../derive';
import { formatCents } from '../money';
import { BudgetState } from '../state';
import { colors, Screen, styles } from '../ui';

interface Props {
  state: BudgetState;
}

export function AccountsScreen({ state }: Props) {
  const total = netWorth(state, ACCOUNTS);
  return (
    <Screen heading="Your accounts">
      <View style={styles.card}>
        {ACCOUNTS.map((account, index) => {
          const balance = accountBalance(state, account);
          return (
            <View key={account.key} style={[styles.row, index > 0 && styles.divider]}>
              <Text style={styles.label}>{account.name}</Text>
              <Text
                testID={`account-balance-${account.key}`}
                style={[styles.amount, balance < 0 && { color: colors.negative }]}
              >
                {formatCents(balance)}
              </Text>
            </View>
          );
        })}
      </View>
      <View style={[styles.card, styles.row]}>
        <Text testID="net-worth" style={[styles.amount, { fontSize: 18 }]}>
          {`Net worth: ${formatCents(total)}`}
        </Text>
      </View>
    </Screen>
  );
}
