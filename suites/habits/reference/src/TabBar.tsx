/** The bottom tab bar: always visible, three tabs in a fixed order, and the Today badge. */
import { Platform, Pressable, StyleSheet, Text, View } from 'react-native';

import { colors } from './ui';

export type TabKey = 'today' | 'habits' | 'week';

export const TABS: readonly { key: TabKey; label: string }[] = [
  { key: 'today', label: 'Today' },
  { key: 'habits', label: 'Habits' },
  { key: 'week', label: 'Week' },
];

interface Props {
  current: TabKey;
  onSelect: (tab: TabKey) => void;
  /** Active habits still due today; no badge at 0. */
  dueToday: number;
}

export function TabBar({ current, onSelect, dueToday }: Props) {
  return (
    <View style={styles.bar}>
      {TABS.map((tab) => {
        const selected = tab.key === current;
        return (
          <View key={tab.key} style={styles.cell}>
            <Pressable
              accessibilityRole="button"
              accessibilityLabel={tab.label}
              accessibilityState={{ selected }}
              testID={`tab-${tab.key}`}
              onPress={() => onSelect(tab.key)}
              style={styles.tab}
            >
              <View style={[styles.indicator, selected && styles.indicatorSelected]} />
              <Text style={[styles.label, selected && styles.labelSelected]}>{tab.label}</Text>
            </Pressable>
            {tab.key === 'today' && dueToday > 0 && (
              // Outside the tab's button, so the tab's own text stays its label; beside the
              // label, never over the middle of the tab, so a press there reaches the tab.
              <View style={styles.badge}>
                <Text testID="badge-today" style={styles.badgeText}>
                  {String(dueToday)}
                </Text>
              </View>
            )}
          </View>
        );
      })}
    </View>
  );
}

const styles = StyleSheet.create({
  bar: {
    flexDirection: 'row',
    backgroundColor: colors.card,
    borderTopWidth: StyleSheet.hairlineWidth,
    borderTopColor: colors.border,
    paddingBottom: Platform.OS === 'ios' ? 24 : 8,
  },
  cell: {
    flex: 1,
  },
  tab: {
    alignItems: 'center',
    paddingBottom: 6,
  },
  indicator: {
    alignSelf: 'stretch',
    height: 3,
    marginBottom: 10,
    marginHorizontal: 20,
    borderRadius: 2,
    backgroundColor: 'transparent',
  },
  indicatorSelected: {
    backgroundColor: colors.accent,
  },
  label: {
    fontSize: 14,
    fontWeight: '500',
    color: colors.muted,
  },
  labelSelected: {
    color: colors.accent,
    fontWeight: '700',
  },
  badge: {
    position: 'absolute',
    top: 3,
    left: '50%',
    marginLeft: 26,
    minWidth: 24,
    paddingHorizontal: 7,
    paddingVertical: 2,
    borderRadius: 12,
    backgroundColor: colors.negativeSoft,
    alignItems: 'center',
  },
  // The pill is the wrapper's: the count's own box holds only its digits.
  badgeText: {
    color: colors.negative,
    fontSize: 16,
    fontWeight: '700',
  },
});
