/** The header above every screen: who is booking, the person switcher and the notice. */
import { Platform, StyleSheet, Text, View } from 'react-native';

import { PEOPLE, PersonKey, personName } from './data';
import { Button, colors } from './ui';

interface Props {
  person: PersonKey;
  notice: string | null;
  onSelectPerson: (person: PersonKey) => void;
}

export function Header({ person, notice, onSelectPerson }: Props) {
  const refused = notice?.startsWith('Refused') ?? false;
  return (
    <View style={local.header}>
      <Text testID="current-person" style={local.current}>
        {`Booking as ${personName(person)}`}
      </Text>
      <View style={local.people}>
        {PEOPLE.map((item) => (
          <Button
            key={item.key}
            label={item.name}
            testID={`person-${item.key}`}
            variant="chip"
            selected={item.key === person}
            onPress={() => onSelectPerson(item.key)}
          />
        ))}
      </View>
      {notice !== null && (
        <Text testID="notice" style={[local.notice, refused && local.refused]}>
          {notice}
        </Text>
      )}
    </View>
  );
}

const local = StyleSheet.create({
  header: {
    backgroundColor: colors.card,
    borderBottomWidth: StyleSheet.hairlineWidth,
    borderBottomColor: colors.border,
    paddingTop: Platform.OS === 'web' ? 14 : 52,
    paddingHorizontal: 16,
    paddingBottom: 12,
  },
  current: {
    fontSize: 13,
    fontWeight: '600',
    color: colors.muted,
    marginBottom: 8,
  },
  people: {
    flexDirection: 'row',
    flexWrap: 'wrap',
  },
  notice: {
    marginTop: 10,
    paddingVertical: 8,
    paddingHorizontal: 12,
    borderRadius: 8,
    backgroundColor: colors.accentSoft,
    color: colors.accent,
    fontSize: 14,
    fontWeight: '600',
  },
  refused: {
    backgroundColor: colors.negativeSoft,
    color: colors.negative,
  },
});
