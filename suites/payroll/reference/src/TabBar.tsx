/** The bottom tab bar: always visible, three tabs in a fixed order. */
import { Platform, Pressable, StyleSheet, Text, View } from 'react-native';

import { colors } from './ui';

export type TabKey = 'team' | 'hours' | 'summary';

export const TABS: readonly { key: TabKey; label: string }[] = [
  { key: 'team', label: 'Team' },
  { key: 'hours', label: 'Hours' },
  { key: 'summary', label: 'Summary' },
];

interface Props {
  current: TabKey;
  onSelect: (tab: TabKey) => void;
}

export function TabBar({ current, onSelect }: Props) {
  return (
    <View style={styles.bar}>
      {TABS.map((tab) => {
        const selected = tab.key === current;
        return (
          <Pressable
            key={tab.key}
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
  tab: {
    flex: 1,
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
});
