import { StyleSheet, Text, View } from 'react-native';

import { DAY_HEADING, PersonKey, personName, Room, ROOMS, Slot, SLOTS } from '../data';
import { holds, isFull, placesTaken } from '../rules';
import { BookingAction, BookingState } from '../state';
import { byStart, slotTime } from '../time';
import { Button, colors, Screen, styles } from '../ui';

interface Props {
  state: BookingState;
  dispatch: (action: BookingAction) => void;
  person: PersonKey;
}

/** `Atrium (3 places)`, `Studio (1 place)`. */
export function roomTitle(room: Room): string {
  return `${room.name} (${room.capacity} ${room.capacity === 1 ? 'place' : 'places'})`;
}

interface SlotRowProps extends Props {
  slot: Slot;
  room: Room;
}

function SlotAction({ state, dispatch, person, slot }: SlotRowProps) {
  const testID = `slot-action-${slot.id}`;
  if (holds(state.bookings, person, slot)) {
    return (
      <Text testID={testID} style={[local.badge, local.booked]}>
        Booked
      </Text>
    );
  }
  if ((state.waitlists[slot.id] ?? []).includes(person)) {
    return (
      <Text testID={testID} style={[local.badge, local.waiting]}>
        On waitlist
      </Text>
    );
  }
  if (isFull(state.bookings, slot)) {
    return (
      <Button
        label="Join waitlist"
        testID={testID}
        variant="secondary"
        onPress={() => dispatch({ type: 'join', person, slot: slot.id })}
      />
    );
  }
  return (
    <Button label="Book" testID={testID} onPress={() => dispatch({ type: 'book', person, slot: slot.id })} />
  );
}

function SlotRow(props: SlotRowProps) {
  const { state, slot, room } = props;
  const waitlist = state.waitlists[slot.id] ?? [];
  return (
    <View style={styles.row}>
      <View style={local.info}>
        <Text testID={`slot-time-${slot.id}`} style={local.time}>
          {slotTime(slot)}
        </Text>
        <Text testID={`slot-status-${slot.id}`} style={styles.muted}>
          {`${placesTaken(state.bookings, slot)} of ${room.capacity} booked`}
        </Text>
        {waitlist.length > 0 && (
          <Text testID={`slot-waitlist-${slot.id}`} style={local.waitlist}>
            {`Waitlist: ${waitlist.map(personName).join(', ')}`}
          </Text>
        )}
      </View>
      <SlotAction {...props} />
    </View>
  );
}

export function RoomsScreen({ state, dispatch, person }: Props) {
  return (
    <Screen heading={DAY_HEADING}>
      {ROOMS.map((room) => (
        <View key={room.key} style={styles.card}>
          <Text testID={`room-${room.key}`} style={styles.title}>
            {roomTitle(room)}
          </Text>
          {SLOTS.filter((slot) => slot.room === room.key)
            .sort(byStart)
            .map((slot, index) => (
              <View key={slot.id} style={index > 0 && styles.divider}>
                <SlotRow state={state} dispatch={dispatch} person={person} slot={slot} room={room} />
              </View>
            ))}
        </View>
      ))}
    </Screen>
  );
}

const local = StyleSheet.create({
  info: {
    flex: 1,
    marginRight: 12,
  },
  time: {
    fontSize: 16,
    fontWeight: '600',
    color: colors.text,
    fontVariant: ['tabular-nums'],
    marginBottom: 2,
  },
  waitlist: {
    marginTop: 2,
    fontSize: 13,
    color: colors.warning,
  },
  badge: {
    fontSize: 13,
    fontWeight: '600',
    paddingVertical: 6,
    paddingHorizontal: 10,
    borderRadius: 8,
    overflow: 'hidden',
  },
  booked: {
    color: colors.accent,
    backgroundColor: colors.accentSoft,
  },
  waiting: {
    color: colors.warning,
    backgroundColor: colors.warningSoft,
  },
});
