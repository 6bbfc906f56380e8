/** A member: their loans with due notes and fines, renew and return (confirmed), their holds. */
import { Dispatch } from 'react';
import { Modal, StyleSheet, Text, View } from 'react-native';

import { Member, titleOf } from '../data';
import { formatDay } from '../dates';
import {
  dueNote, fine, holdText, loansText, memberFines, memberHolds, memberLoans, money,
} from '../library';
import { Action, AppState } from '../state';
import { Button, MessageLine, Screen, colors, styles as ui } from '../ui';

export function MemberScreen({ state, member, dispatch }: { state: AppState; member: Member; dispatch: Dispatch<Action> }) {
  const loans = memberLoans(state, member.key);
  const holds = memberHolds(state, member.key);
  const confirming = state.loans.find((loan) => loan.id === state.confirming);
  return (
    <Screen
      heading={member.name}
      top={<Button label="Back" testID="back" variant="secondary" onPress={() => dispatch({ type: 'back' })} />}
    >
      <View style={ui.summary}>
        <Text testID="detail-loans" style={ui.strong}>{loansText(state, member.key)}</Text>
        <Text testID="detail-fines" style={ui.strong}>{`Fines: ${money(memberFines(state, member.key))}`}</Text>
      </View>
      <MessageLine prefix="member" error={state.memberMessage.error} notice={state.memberMessage.notice} />

      <Text style={ui.section}>Loans</Text>
      <View style={ui.card}>
        {loans.length === 0 ? (
          <View style={ui.row}>
            <Text testID="no-loans" style={ui.muted}>No loans</Text>
          </View>
        ) : (
          loans.map((loan, index) => {
            const i = index + 1;
            const title = titleOf(loan.title);
            const owed = fine(loan);
            return (
              <View key={loan.id} style={[styles.loan, index > 0 && ui.divider]}>
                <View style={ui.row}>
                  <View style={{ flexShrink: 1 }}>
                    <Text testID={`loan-title-${i}`} style={ui.strong}>{title.name}</Text>
                    <Text testID={`loan-copy-${i}`} style={ui.muted}>{`${title.media}, copy ${loan.copy}`}</Text>
                  </View>
                  <View style={{ alignItems: 'flex-end' }}>
                    <Text testID={`loan-due-${i}`} style={ui.label}>{`Due ${formatDay(loan.due)}`}</Text>
                    <Text testID={`loan-note-${i}`} style={owed > 0 ? ui.late : ui.muted}>{dueNote(loan)}</Text>
                    {owed > 0 && (
                      <Text testID={`loan-fine-${i}`} style={ui.fine}>{`Fine: ${money(owed)}`}</Text>
                    )}
                  </View>
                </View>
                <View style={ui.actions}>
                  <Button label="Renew" testID={`renew-${i}`} variant="secondary"
                    onPress={() => dispatch({ type: 'renew', loan: loan.id })} />
                  <Button label="Return" testID={`return-${i}`} variant="secondary"
                    onPress={() => dispatch({ type: 'ask-return', loan: loan.id })} />
                </View>
              </View>
            );
          })
        )}
      </View>

      <Text style={ui.section}>Holds</Text>
      <View style={ui.card}>
        {holds.length === 0 ? (
          <View style={ui.row}>
            <Text testID="no-holds" style={ui.muted}>No holds</Text>
          </View>
        ) : (
          holds.map((hold, index) => (
            <View key={hold.id} style={[ui.row, index > 0 && ui.divider]}>
              <Text testID={`hold-${index + 1}`} style={ui.label}>{holdText(state, hold)}</Text>
            </View>
          ))
        )}
      </View>

      {confirming && (
        <Modal transparent visible animationType="none"
          onRequestClose={() => dispatch({ type: 'cancel-return' })}>
          <View style={styles.backdrop}>
            <View style={styles.dialog}>
              <Text testID="confirm-text" style={ui.strong}>
                {`Return ${titleOf(confirming.title).name}, copy ${confirming.copy}, from ${member.name}?`}
              </Text>
              {fine(confirming) > 0 && (
                <Text testID="confirm-fine" style={[ui.fine, { marginTop: 8 }]}>
                  {`A fine of ${money(fine(confirming))} will be charged`}
                </Text>
              )}
              <View style={[ui.actions, styles.dialogActions]}>
                <Button label="Cancel" testID="cancel-return" variant="secondary"
                  onPress={() => dispatch({ type: 'cancel-return' })} />
                <Button label="Confirm return" testID="confirm-return"
                  onPress={() => dispatch({ type: 'confirm-return' })} />
              </View>
            </View>
          </View>
        </Modal>
      )}
    </Screen>
  );
}

const styles = StyleSheet.create({
  loan: {
    paddingBottom: 2,
  },
  backdrop: {
    flex: 1,
    backgroundColor: 'rgba(20, 24, 22, 0.45)',
    justifyContent: 'center',
    padding: 24,
  },
  dialog: {
    backgroundColor: colors.card,
    borderRadius: 14,
    padding: 20,
  },
  dialogActions: {
    justifyContent: 'flex-end',
    marginTop: 16,
    paddingBottom: 0,
  },
});
