/** The Filters: label chips (several at once: any of them), assignee chips (one), clear. */
import { Dispatch } from 'react';
import { StyleSheet, Text, View } from 'react-native';

import { Assignee } from '../board';
import { LABELS, PEOPLE } from '../data';
import { BoardAction, BoardState } from '../state';
import { Button, Screen, styles as ui } from '../ui';
import { FilterSummary } from './FilterSummary';

interface Props {
  state: BoardState;
  dispatch: Dispatch<BoardAction>;
}

const ASSIGNEES: readonly { key: Assignee; name: string }[] = [
  { key: 'anyone', name: 'Anyone' },
  ...PEOPLE,
  { key: 'unassigned', name: 'Unassigned' },
];

export function FiltersScreen({ state, dispatch }: Props) {
  return (
    <Screen heading="Board filters">
      <Text style={ui.section}>Labels</Text>
      <View style={styles.chips}>
        {LABELS.map((label) => (
          <Button
            key={label.key}
            label={label.name}
            testID={`label-${label.key}`}
            variant="chip"
            selected={state.filters.labels.includes(label.key)}
            onPress={() => dispatch({ type: 'label', label: label.key })}
          />
        ))}
      </View>
      <Text style={ui.section}>Assignee</Text>
      <View style={styles.chips}>
        {ASSIGNEES.map((person) => (
          <Button
            key={person.key}
            label={person.name}
            testID={`assignee-${person.key}`}
            variant="chip"
            selected={state.filters.assignee === person.key}
            onPress={() => dispatch({ type: 'assignee', assignee: person.key })}
          />
        ))}
      </View>
      <View style={styles.footer}>
        <FilterSummary state={state} />
        <Button label="Clear filters" testID="clear-filters" variant="secondary" onPress={() => dispatch({ type: 'clear' })} />
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  chips: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    gap: 8,
    marginBottom: 16,
  },
  footer: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    marginTop: 4,
    paddingLeft: 4,
  },
});
