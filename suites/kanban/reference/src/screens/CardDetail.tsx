/** The card detail: a full-screen modal over the board with the checklist and the moves. */
import { Dispatch } from 'react';
import { Modal, Platform, Pressable, ScrollView, StyleSheet, Text, View } from 'react-native';

import { columnOf, formatDay, isOverdue, labelText, personName, progress } from '../board';
import { COLUMNS } from '../data';
import { BoardAction, BoardState } from '../state';
import { Button, colors, styles as ui } from '../ui';

interface Props {
  state: BoardState;
  dispatch: Dispatch<BoardAction>;
}

export function CardDetail({ state, dispatch }: Props) {
  const detail = state.detail;
  const card = detail && state.cards.find((candidate) => candidate.id === detail.card);
  if (!detail || !card) return null;
  const done = progress(card);
  const close = () => dispatch({ type: 'close' });
  return (
    <Modal visible animationType="none" onRequestClose={close}>
      <View style={styles.sheet}>
        <View style={styles.top}>
          <Text testID="detail-title" accessibilityRole="header" style={styles.title}>
            {card.title}
          </Text>
          <Button label="Close" testID="detail-close" variant="secondary" onPress={close} />
        </View>
        <ScrollView
          style={ui.scroll}
          contentContainerStyle={ui.scrollContent}
          keyboardShouldPersistTaps="handled"
        >
          <View style={ui.card}>
            <Field caption="Column" value={columnOf(card.column).name} testID="detail-column" />
            <Field caption="Assignee" value={personName(card.assignee)} testID="detail-assignee" divider />
            <Field caption="Labels" value={labelText(card) ?? 'No labels'} testID="detail-labels" divider />
            <View style={[ui.row, ui.divider]}>
              <Text style={ui.muted}>Due</Text>
              <View style={styles.due}>
                {isOverdue(card) && (
                  <Text testID="detail-overdue" style={styles.overdue}>
                    Overdue
                  </Text>
                )}
                <Text testID="detail-due" style={ui.label}>
                  {formatDay(card.due)}
                </Text>
              </View>
            </View>
          </View>

          <Text testID="detail-progress" style={ui.section}>
            {done === null ? 'No checklist' : `Checklist ${done}`}
          </Text>
          {card.checklist.length > 0 && (
            <View style={ui.card}>
              {card.checklist.map((item, index) => (
                <Pressable
                  key={item.text}
                  accessibilityRole="button"
                  accessibilityLabel={`${item.checked ? '[x]' : '[ ]'} ${item.text}`}
                  accessibilityState={{ checked: item.checked }}
                  testID={`check-${index + 1}`}
                  onPress={() => dispatch({ type: 'toggle', card: card.id, index })}
                  style={({ pressed }) => [styles.item, index > 0 && ui.divider, pressed && ui.pressed]}
                >
                  <Text style={[ui.label, item.checked && styles.checked]}>
                    {`${item.checked ? '[x]' : '[ ]'} ${item.text}`}
                  </Text>
                </Pressable>
              ))}
            </View>
          )}

          <Text style={ui.section}>Move to</Text>
          {detail.question ? (
            <View style={[ui.card, styles.question]}>
              <Text testID="confirm-text" style={ui.label}>
                {detail.question.text}
              </Text>
              <View style={styles.buttons}>
                <Button label="Move anyway" testID="confirm-move" onPress={() => dispatch({ type: 'confirm' })} />
                <Button
                  label="Keep working"
                  testID="confirm-cancel"
                  variant="secondary"
                  onPress={() => dispatch({ type: 'cancel' })}
                />
              </View>
            </View>
          ) : (
            <View style={styles.moves}>
              {COLUMNS.filter((column) => column.key !== card.column).map((column) => (
                <Button
                  key={column.key}
                  label={column.name}
                  testID={`move-${column.key}`}
                  variant="chip"
                  onPress={() => dispatch({ type: 'move', to: column.key })}
                />
              ))}
            </View>
          )}
          {detail.error !== null && (
            <Text testID="move-error" style={styles.error}>
              {detail.error}
            </Text>
          )}
        </ScrollView>
      </View>
    </Modal>
  );
}

function Field({ caption, value, testID, divider = false }: {
  caption: string;
  value: string;
  testID: string;
  divider?: boolean;
}) {
  return (
    <View style={[ui.row, divider && ui.divider]}>
      <Text style={ui.muted}>{caption}</Text>
      <Text testID={testID} style={ui.label}>
        {value}
      </Text>
    </View>
  );
}

const styles = StyleSheet.create({
  sheet: {
    flex: 1,
    backgroundColor: colors.background,
    paddingTop: Platform.OS === 'web' ? 20 : 56,
  },
  top: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    paddingHorizontal: 20,
    paddingBottom: 12,
  },
  title: {
    flex: 1,
    fontSize: 22,
    fontWeight: '700',
    color: colors.text,
    marginRight: 12,
  },
  due: {
    flexDirection: 'row',
    alignItems: 'center',
  },
  overdue: {
    fontSize: 12,
    fontWeight: '700',
    color: colors.negative,
    backgroundColor: colors.negativeSoft,
    borderRadius: 6,
    paddingHorizontal: 6,
    paddingVertical: 2,
    marginRight: 8,
    overflow: 'hidden',
  },
  item: {
    paddingVertical: 11,
  },
  checked: {
    color: colors.muted,
  },
  moves: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    gap: 8,
    marginBottom: 12,
  },
  question: {
    paddingVertical: 12,
    backgroundColor: colors.warningSoft,
  },
  buttons: {
    flexDirection: 'row',
    gap: 10,
    marginTop: 10,
  },
  error: {
    fontSize: 14,
    fontWeight: '600',
    color: colors.negative,
    backgroundColor: colors.negativeSoft,
    borderRadius: 8,
    padding: 10,
    overflow: 'hidden',
  },
});
