/** The overdue loans, latest first, with their capped fines. */
import { Text, View } from 'react-native';

import { memberName, titleOf } from '../data';
import { daysLate, fine, money, overdueLoans } from '../library';
import { AppState } from '../state';
import { Screen, styles as ui } from '../ui';

export function OverdueScreen({ state }: { state: AppState }) {
  const loans = overdueLoans(state);
  const total = loans.reduce((sum, loan) => sum + fine(loan), 0);
  return (
    <Screen heading="Overdue loans">
      <View style={ui.summary}>
        <Text testID="overdue-count" style={ui.muted}>
          {loans.length === 1 ? '1 overdue loan' : `${loans.length} overdue loans`}
        </Text>
      </View>
      <View style={ui.card}>
        {loans.length === 0 ? (
          <View style={ui.row}>
            <Text testID="overdue-empty" style={ui.muted}>No overdue loans</Text>
          </View>
        ) : (
          loans.map((loan, index) => {
            const i = index + 1;
            const days = daysLate(loan);
            return (
              <View key={loan.id} style={[ui.row, index > 0 && ui.divider]}>
                <View style={{ flexShrink: 1 }}>
                  <Text testID={`overdue-title-${i}`} style={ui.strong}>{titleOf(loan.title).name}</Text>
                  <Text testID={`overdue-member-${i}`} style={ui.muted}>{memberName(loan.member)}</Text>
                </View>
                <View style={{ alignItems: 'flex-end' }}>
                  <Text testID={`overdue-days-${i}`} style={ui.late}>
                    {`Overdue by ${days} ${days === 1 ? 'day' : 'days'}`}
                  </Text>
                  <Text testID={`overdue-fine-${i}`} style={ui.fine}>{`Fine: ${money(fine(loan))}`}</Text>
                </View>
              </View>
            );
          })
        )}
      </View>
      <Text testID="overdue-total" style={[ui.strong, { marginLeft: 4 }]}>
        {`Fines on overdue loans: ${money(total)}`}
      </Text>
    </Screen>
  );
}
