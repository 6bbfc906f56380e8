/** The members: each one's loans against the limit, fines and copies waiting for them. */
import { Dispatch } from 'react';
import { Text, View } from 'react-native';

import { MEMBERS, loansText, memberFines, money } from '../library';
import { Action, AppState } from '../state';
import { Button, Screen, styles as ui } from '../ui';

export function MembersScreen({ state, dispatch }: { state: AppState; dispatch: Dispatch<Action> }) {
  return (
    <Screen heading="Members">
      <View style={ui.card}>
        {MEMBERS.map((member, index) => {
          const ready = state.holds.filter((h) => h.member === member.key && h.ready !== null).length;
          return (
            <View key={member.key} style={[ui.row, index > 0 && ui.divider]}>
              <View>
                <Button label={member.name} testID={`member-${member.key}`} variant="link"
                  onPress={() => dispatch({ type: 'open-member', member: member.key })} />
                {ready > 0 && (
                  <Text testID={`member-ready-${member.key}`} style={ui.notice}>
                    {`${ready} ready for pickup`}
                  </Text>
                )}
              </View>
              <View>
                <Text testID={`member-loans-${member.key}`} style={ui.muted}>
                  {loansText(state, member.key)}
                </Text>
                <Text testID={`member-fines-${member.key}`} style={ui.muted}>
                  {`Fines: ${money(memberFines(state, member.key))}`}
                </Text>
              </View>
            </View>
          );
        })}
      </View>
    </Screen>
  );
}
