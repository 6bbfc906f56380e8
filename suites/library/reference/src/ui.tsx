/** Shared building blocks: colours, the screen frame and buttons. */
import { ReactNode } from 'react';
import { Platform, Pressable, ScrollView, StyleSheet, Text, View } from 'react-native';

export const colors = {
  background: '#f5f3ee',
  card: '#ffffff',
  text: '#1f2421',
  muted: '#69706b',
  border: '#dedad0',
  accent: '#1f6f5c',
  accentSoft: '#dcefe8',
  warning: '#a15c07',
  warningSoft: '#fbeedb',
  negative: '#b3261e',
  negativeSoft: '#fbe9e7',
};

interface ScreenProps {
  heading: string;
  children: ReactNode;
  top?: ReactNode;
}

/** A screen: its heading (and an optional row beside it) at the top, its content scrolling below. */
export function Screen({ heading, children, top }: ScreenProps) {
  return (
    <View style={styles.screen}>
      <View style={styles.headingRow}>
        <Text accessibilityRole="header" style={styles.heading} numberOfLines={1}>
          {heading}
        </Text>
        {top}
      </View>
      <ScrollView
        style={styles.scroll}
        contentContainerStyle={styles.scrollContent}
        keyboardShouldPersistTaps="handled"
      >
        {children}
      </ScrollView>
    </View>
  );
}

interface ButtonProps {
  label: string;
  testID: string;
  onPress: () => void;
  variant?: 'primary' | 'secondary' | 'chip' | 'link';
  selected?: boolean;
  disabled?: boolean;
}

/** A pressable whose visible text is also its accessibility label. */
export function Button({
  label, testID, onPress, variant = 'primary', selected = false, disabled = false,
}: ButtonProps) {
  const isChip = variant === 'chip';
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={label}
      accessibilityState={isChip ? { selected, disabled } : { disabled }}
      testID={testID}
      disabled={disabled}
      onPress={onPress}
      style={({ pressed }) => [
        styles.button,
        variant === 'primary' && styles.primary,
        variant === 'secondary' && styles.secondary,
        variant === 'link' && styles.link,
        isChip && styles.chip,
        isChip && selected && styles.chipSelected,
        disabled && styles.disabled,
        pressed && styles.pressed,
      ]}
    >
      <Text
        style={[
          styles.buttonText,
          variant === 'primary' && styles.primaryText,
          variant === 'link' && styles.linkText,
          isChip && selected && styles.chipSelectedText,
        ]}
      >
        {label}
      </Text>
    </Pressable>
  );
}

/** The error or notice of a screen, if any. */
export function MessageLine({ error, notice, prefix }: { error: string | null; notice: string | null; prefix: string }) {
  if (error !== null) {
    return <Text testID={`${prefix}-error`} style={styles.error}>{error}</Text>;
  }
  if (notice !== null) {
    return <Text testID={`${prefix}-notice`} style={styles.notice}>{notice}</Text>;
  }
  return null;
}

export const styles = StyleSheet.create({
  screen: {
    flex: 1,
    paddingTop: Platform.OS === 'web' ? 18 : 56,
  },
  headingRow: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    paddingHorizontal: 20,
    paddingBottom: 10,
    gap: 12,
  },
  heading: {
    flexShrink: 1,
    fontSize: 24,
    fontWeight: '700',
    color: colors.text,
  },
  scroll: {
    flex: 1,
  },
  scrollContent: {
    paddingHorizontal: 16,
    paddingBottom: 24,
  },
  card: {
    backgroundColor: colors.card,
    borderRadius: 12,
    borderWidth: StyleSheet.hairlineWidth,
    borderColor: colors.border,
    paddingHorizontal: 14,
    marginBottom: 12,
  },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    paddingVertical: 10,
    gap: 8,
  },
  divider: {
    borderTopWidth: StyleSheet.hairlineWidth,
    borderTopColor: colors.border,
  },
  section: {
    fontSize: 13,
    fontWeight: '700',
    color: colors.muted,
    marginTop: 4,
    marginBottom: 6,
    marginLeft: 4,
  },
  summary: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingHorizontal: 4,
    marginBottom: 10,
  },
  label: {
    fontSize: 16,
    color: colors.text,
  },
  strong: {
    fontSize: 16,
    fontWeight: '600',
    color: colors.text,
  },
  muted: {
    fontSize: 13,
    color: colors.muted,
  },
  late: {
    fontSize: 13,
    fontWeight: '700',
    color: colors.negative,
  },
  fine: {
    fontSize: 14,
    fontWeight: '600',
    color: colors.negative,
    fontVariant: ['tabular-nums'],
  },
  error: {
    fontSize: 14,
    fontWeight: '600',
    color: colors.negative,
    marginVertical: 8,
  },
  notice: {
    fontSize: 14,
    fontWeight: '600',
    color: colors.accent,
    marginVertical: 8,
  },
  chips: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    gap: 8,
    paddingVertical: 10,
  },
  actions: {
    flexDirection: 'row',
    gap: 10,
    paddingBottom: 12,
  },
  button: {
    borderRadius: 10,
    paddingVertical: 9,
    paddingHorizontal: 14,
    alignItems: 'center',
  },
  primary: {
    backgroundColor: colors.accent,
  },
  secondary: {
    backgroundColor: colors.card,
    borderWidth: 1,
    borderColor: colors.border,
  },
  link: {
    paddingVertical: 4,
    paddingHorizontal: 0,
    alignItems: 'flex-start',
  },
  chip: {
    paddingVertical: 6,
    paddingHorizontal: 10,
    borderRadius: 8,
    borderWidth: 1,
    borderColor: colors.border,
    backgroundColor: colors.card,
  },
  chipSelected: {
    backgroundColor: colors.accentSoft,
    borderColor: colors.accent,
  },
  disabled: {
    opacity: 0.45,
  },
  pressed: {
    opacity: 0.7,
  },
  buttonText: {
    fontSize: 14,
    fontWeight: '600',
    color: colors.text,
  },
  primaryText: {
    color: '#ffffff',
  },
  linkText: {
    fontSize: 16,
    fontWeight: '600',
    color: colors.accent,
  },
  chipSelectedText: {
    color: colors.accent,
  },
});
