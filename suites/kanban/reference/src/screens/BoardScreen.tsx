/** The Board: today, the filter summary and the five columns with their visible cards. */
import { Dispatch } from 'react';
import { Pressable, StyleSheet, Text, View } from 'react-native';

import {
  countText,
  formatDay,
  isFull,
  isOverdue,
  labelText,
  matches,
  personName,
  progress,
} from '../board';
import { Card, COLUMNS, Column, TODAY } from '../data';
import { BoardAction, BoardState } from '../state';
import { colors, Screen, styles as ui } from '../ui';
import { FilterSummary } from './FilterSummary';

interface Props {
  state: BoardState;
  dispatch: Dispatch<BoardAction>;
}

export function BoardScreen({ state, dispatch }: Props) {
  return (
    <Screen heading="Sprint board">
      <View style={styles.meta}>
        <Text testID="board-today" style={ui.muted}>
          {`Today: ${formatDay(TODAY)}`}
        </Text>
        <FilterSummary state={state} />
      </View>
      {COLUMNS.map((column) => (
        <ColumnSection key={column.key} column={column} state={state} dispatch={dispatch} />
      ))}
    </Screen>
  );
}

interface ColumnProps extends Props {
  column: Column;
}

function ColumnSection({ column, state, dispatch }: ColumnProps) {
  const all = state.cards.filter((card) => card.column === column.key);
  const shown = all.filter((card) => matches(card, state.filters));
  const full = isFull(state.cards, column);
  return (
    <View style={styles.column} testID={`column-${column.key}`}>
      <View style={styles.columnHeader}>
        <Text testID={`col-${column.key}`} style={styles.columnName}>
          {column.name}
        </Text>
        <View style={styles.headerRight}>
          {full && (
            <Text testID={`col-full-${column.key}`} style={styles.full}>
              At limit
            </Text>
          )}
          <Text testID={`col-count-${column.key}`} style={[styles.count, full && styles.countFull]}>
            {countText(state.cards, column)}
          </Text>
        </View>
      </View>
      {shown.map((card) => (
        <CardTile key={card.id} card={card} dispatch={dispatch} />
      ))}
      {shown.length === 0 && (
        <Text testID={`empty-${column.key}`} style={styles.empty}>
          {all.length === 0 ? 'No cards' : 'No matching cards'}
        </Text>
      )}
    </View>
  );
}

function CardTile({ card, dispatch }: { card: Card; dispatch: Dispatch<BoardAction> }) {
  const labels = labelText(card);
  const done = progress(card);
  return (
    <View style={styles.card}>
      <Pressable
        accessibilityRole="button"
        accessibilityLabel={card.title}
        testID={`card-${card.id}`}
        onPress={() => dispatch({ type: 'open', card: card.id })}
        style={({ pressed }) => [styles.titleButton, pressed && ui.pressed]}
      >
        <Text style={styles.title}>{card.title}</Text>
      </Pressable>
      {labels !== null && (
        <Text testID={`card-labels-${card.id}`} style={styles.labels}>
          {labels}
        </Text>
      )}
      <View style={styles.cardFooter}>
        <Text testID={`card-assignee-${card.id}`} style={ui.muted}>
          {personName(card.assignee)}
        </Text>
        <View style={styles.headerRight}>
          {isOverdue(card) && (
            <Text testID={`card-overdue-${card.id}`} style={styles.overdue}>
              Overdue
            </Text>
          )}
          {done !== null && (
            <Text testID={`card-progress-${card.id}`} style={styles.progress}>
              {done}
            </Text>
          )}
        </View>
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  meta: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'center',
    marginBottom: 10,
    paddingHorizontal: 4,
  },
  column: {
    backgroundColor: colors.columnBackground,
    borderRadius: 12,
    padding: 10,
    marginBottom: 12,
  },
  columnHeader: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'center',
    marginBottom: 8,
    paddingHorizontal: 4,
  },
  columnName: {
    fontSize: 15,
    fontWeight: '700',
    color: colors.text,
  },
  headerRight: {
    flexDirection: 'row',
    alignItems: 'center',
  },
  count: {
    fontSize: 13,
    fontWeight: '700',
    color: colors.muted,
    fontVariant: ['tabular-nums'],
  },
  countFull: {
    color: colors.warning,
  },
  full: {
    fontSize: 12,
    fontWeight: '700',
    color: colors.warning,
    backgroundColor: colors.warningSoft,
    borderRadius: 6,
    paddingHorizontal: 6,
    paddingVertical: 2,
    marginRight: 8,
    overflow: 'hidden',
  },
  card: {
    backgroundColor: colors.card,
    borderRadius: 10,
    borderWidth: StyleSheet.hairlineWidth,
    borderColor: colors.border,
    paddingHorizontal: 12,
    paddingVertical: 8,
    marginBottom: 8,
  },
  titleButton: {
    paddingVertical: 2,
  },
  title: {
    fontSize: 15,
    fontWeight: '600',
    color: colors.accent,
  },
  labels: {
    fontSize: 12,
    color: colors.muted,
    marginTop: 2,
  },
  cardFooter: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'center',
    marginTop: 6,
  },
  overdue: {
    fontSize: 12,
    fontWeight: '700',
    color: colors.negative,
    marginRight: 10,
  },
  progress: {
    fontSize: 13,
    fontWeight: '600',
    color: colors.text,
    fontVariant: ['tabular-nums'],
  },
  empty: {
    fontSize: 13,
    color: colors.muted,
    fontStyle: 'italic',
    paddingHorizontal: 4,
    paddingBottom: 6,
  },
});
