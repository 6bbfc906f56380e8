/** A title: its copies, its holds queue and the desk that lends it or queues a member. */
import { Dispatch } from 'react';
import { Text, View } from 'react-native';

import { Title } from '../data';
import { MEMBERS, availability, copyText, queue, memberName, rulesText } from '../library';
import { Action, AppState } from '../state';
import { Button, MessageLine, Screen, styles as ui } from '../ui';

export function TitleScreen({ state, title, dispatch }: { state: AppState; title: Title; dispatch: Dispatch<Action> }) {
  const waiting = queue(state, title.key);
  const nobody = state.chosen === null;
  const copies = Array.from({ length: title.copies }, (_, index) => index + 1);
  return (
    <Screen
      heading={title.name}
      top={<Button label="Back" testID="back" variant="secondary" onPress={() => dispatch({ type: 'back' })} />}
    >
      <View style={ui.card}>
        <View style={ui.row}>
          <Text testID="detail-media" style={ui.strong}>{title.media}</Text>
          <Text testID="detail-avail" style={ui.strong}>{availability(state, title.key)}</Text>
        </View>
        <View style={[ui.row, ui.divider]}>
          <Text testID="detail-rules" style={ui.muted}>{rulesText(title)}</Text>
        </View>
      </View>

      <Text style={ui.section}>Copies</Text>
      <View style={ui.card}>
        {copies.map((copy) => (
          <View key={copy} style={[ui.row, copy > 1 && ui.divider]}>
            <Text testID={`copy-${copy}`} style={ui.label}>{copyText(state, title.key, copy)}</Text>
          </View>
        ))}
      </View>

      <Text style={ui.section}>Holds queue</Text>
      <View style={ui.card}>
        {waiting.length === 0 ? (
          <View style={ui.row}>
            <Text testID="queue-empty" style={ui.muted}>No holds</Text>
          </View>
        ) : (
          waiting.map((hold, index) => (
            <View key={hold.id} style={[ui.row, index > 0 && ui.divider]}>
              <Text testID={`queue-${index + 1}`} style={ui.label}>
                {`${index + 1}. ${memberName(hold.member)}`}
              </Text>
            </View>
          ))
        )}
      </View>

      <Text style={ui.section}>Desk</Text>
      <View style={ui.card}>
        <View style={ui.chips}>
          {MEMBERS.map((member) => (
            <Button
              key={member.key}
              label={member.name}
              testID={`pick-member-${member.key}`}
              variant="chip"
              selected={state.chosen === member.key}
              onPress={() => dispatch({ type: 'choose', member: member.key })}
            />
          ))}
        </View>
        <View style={ui.actions}>
          <Button label="Check out" testID="checkout" disabled={nobody}
            onPress={() => dispatch({ type: 'checkout' })} />
          <Button label="Place hold" testID="place-hold" variant="secondary" disabled={nobody}
            onPress={() => dispatch({ type: 'place-hold' })} />
        </View>
      </View>
      <MessageLine prefix="desk" error={state.deskMessage.error} notice={state.deskMessage.notice} />
    </Screen>
  );
}
