/** `Showing 4 of 11 cards`: the cards the filters let through, of all cards. */
import { Text } from 'react-native';

import { matches } from '../board';
import { BoardState } from '../state';
import { styles as ui } from '../ui';

export function FilterSummary({ state }: { state: BoardState }) {
  const shown = state.cards.filter((card) => matches(card, state.filters)).length;
  return (
    <Text testID="filter-summary" style={ui.muted}>
      {`Showing ${shown} of ${state.cards.length} cards`}
    </Text>
  );
}
