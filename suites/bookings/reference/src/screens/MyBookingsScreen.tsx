import { StyleSheet, Text, View } from 'react-native';

import { DAILY_LIMIT, PersonKey, personName } from '../data';
import { heldSlots, waitingPlaces } from '../rules';
import { BookingAction, BookingState } from '../state';
import { slotLabel } from '../time';
import { Button, colors, Screen, styles } from '../ui';

interface Props {
  state: BookingState;
  dispatch: (action: BookingAction) => void;
  person: PersonKey;
}

export function MyBookingsScreen({ state, dispatch, person }: Props) {
  const held = heldSlots(state.bookings, person);
  const waiting = waitingPlaces(state.waitlists, person);
  return (
    <Screen heading={`${personName(person)}'s bookings`}>
      <Text testID="booking-count" style={local.count}>
        {`${held.length} of ${DAILY_LIMIT} bookings used`}
      </Text>
      <View style={styles.card}>
        {held.length === 0 ? (
          <Text testID="no-bookings" style={[styles.muted, local.empty]}>
            No bookings yet
          </Text>
        ) : (
          held.map((slot, index) => (
            <View key={slot.id} style={[styles.row, index > 0 && styles.divider]}>
              <Text testID={`booking-${slot.id}`} style={[styles.label, local.item]}>
                {slotLabel(slot)}
              </Text>
              <Button
                label="Cancel"
                testID={`cancel-${slot.id}`}
                variant="secondary"
                onPress={() => dispatch({ type: 'cancel', person, slot: slot.id })}
              />
            </View>
          ))
        )}
      </View>
      {waiting.length > 0 && (
        <View>
          <Text style={local.section}>Waiting for a place</Text>
          <View style={styles.card}>
            {waiting.map(({ slot, position }, index) => (
              <View key={slot.id} style={[styles.row, index > 0 && styles.divider]}>
                <Text testID={`waiting-${slot.id}`} style={[styles.label, local.item]}>
                  {`${slotLabel(slot)}: waitlist position ${position}`}
                </Text>
                <Button
                  label="Leave"
                  testID={`leave-${slot.id}`}
                  variant="secondary"
                  onPress={() => dispatch({ type: 'leave', person, slot: slot.id })}
                />
              </View>
            ))}
          </View>
        </View>
      )}
    </Screen>
  );
}

const local = StyleSheet.create({
  count: {
    fontSize: 15,
    fontWeight: '600',
    color: colors.accent,
    marginBottom: 10,
    marginLeft: 4,
  },
  empty: {
    paddingVertical: 16,
    fontSize: 15,
  },
  item: {
    flex: 1,
    marginRight: 12,
  },
  section: {
    fontSize: 13,
    fontWeight: '700',
    color: colors.muted,
    marginTop: 4,
    marginBottom: 6,
    marginLeft: 4,
  },
});
