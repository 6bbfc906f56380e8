/** Small shared building blocks: colours, the screen frame and buttons. */
import { ReactNode } from 'react';
import { Platform, Pressable, ScrollView, StyleSheet, Text, TextInput, View } from 'react-native';

export const colors = {
  background: '#f7f3f0',
  card: '#ffffff',
  text: '#2a2220',
  muted: '#6f6460',
  border: '#e6dcd6',
  accent: '#c2410c',
  accentSoft: '#fde9dc',
  sale: '#b4412a',
  positive: '#137a3c',
  positiveSoft: '#e3f4e9',
  warning: '#b45309',
  warningSoft: '#fdf1e2',
  negative: '#b42318',
  negativeSoft: '#fdecea',
};

interface ScreenProps {
  heading: string;
  children: ReactNode;
  /** Fixed below the scrolling content (the cart's totals): it never scrolls away. */
  footer?: ReactNode;
}

/** A screen: its heading at the top, its content scrolling below, an optional fixed footer. */
export function Screen({ heading, children, footer }: ScreenProps) {
  return (
    <View style={styles.screen}>
      <Text testID="heading" accessibilityRole="header" style={styles.heading}>
        {heading}
      </Text>
      <ScrollView
        style={styles.scroll}
        contentContainerStyle={styles.scrollContent}
        keyboardShouldPersistTaps="handled"
      >
        {children}
      </ScrollView>
      {footer !== undefined && <View style={styles.footer}>{footer}</View>}
    </View>
  );
}

interface ButtonProps {
  label: string;
  testID: string;
  onPress: () => void;
  variant?: 'primary' | 'secondary' | 'chip';
  selected?: boolean;
}

/** A pressable whose visible text is also its accessibility label. */
export function Button({ label, testID, onPress, variant = 'primary', selected = false }: ButtonProps) {
  const isChip = variant === 'chip';
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={label}
      accessibilityState={isChip ? { selected } : undefined}
      testID={testID}
      onPress={onPress}
      style={({ pressed }) => [
        styles.button,
        variant === 'primary' && styles.primary,
        variant === 'secondary' && styles.secondary,
        isChip && styles.chip,
        isChip && selected && styles.chipSelected,
        pressed && styles.pressed,
      ]}
    >
      <Text
        style={[
          styles.buttonText,
          variant === 'primary' && styles.primaryText,
          isChip && selected && styles.chipSelectedText,
        ]}
      >
        {label}
      </Text>
    </Pressable>
  );
}

interface InputProps {
  testID: string;
  placeholder: string;
  value: string;
  onChangeText: (text: string) => void;
  flex?: number;
  keyboard?: 'default' | 'decimal-pad' | 'number-pad';
}

/** A one-line text input, labelled by its placeholder. */
export function Input({ testID, placeholder, value, onChangeText, flex, keyboard = 'default' }: InputProps) {
  return (
    <TextInput
      testID={testID}
      accessibilityLabel={placeholder}
      placeholder={placeholder}
      placeholderTextColor={colors.muted}
      value={value}
      onChangeText={onChangeText}
      keyboardType={keyboard}
      autoCorrect={false}
      style={[styles.input, flex !== undefined && { flex, minWidth: 0 }]}
    />
  );
}

export const styles = StyleSheet.create({
  badge: {
    fontSize: 12,
    fontWeight: '700',
    paddingHorizontal: 8,
    paddingVertical: 3,
    borderRadius: 6,
    overflow: 'hidden',
  },
  input: {
    borderWidth: 1,
    borderColor: colors.border,
    borderRadius: 8,
    backgroundColor: colors.card,
    paddingHorizontal: 10,
    paddingVertical: 8,
    fontSize: 15,
    color: colors.text,
  },
  error: {
    fontSize: 14,
    fontWeight: '600',
    color: colors.negative,
    marginTop: 8,
  },
  notice: {
    fontSize: 14,
    fontWeight: '600',
    color: colors.positive,
    marginTop: 8,
  },
  chips: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    gap: 8,
    paddingVertical: 10,
  },
  screen: {
    flex: 1,
    paddingTop: Platform.OS === 'web' ? 20 : 56,
  },
  heading: {
    fontSize: 24,
    fontWeight: '700',
    color: colors.text,
    paddingHorizontal: 20,
    paddingBottom: 10,
  },
  scroll: {
    flex: 1,
  },
  footer: {
    backgroundColor: colors.card,
    borderTopWidth: 1,
    borderTopColor: colors.border,
    paddingHorizontal: 20,
    paddingTop: 10,
    paddingBottom: 12,
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
    paddingHorizontal: 16,
    marginBottom: 12,
  },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    paddingVertical: 12,
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
  amount: {
    fontSize: 16,
    fontWeight: '600',
    color: colors.text,
    fontVariant: ['tabular-nums'],
  },
  label: {
    fontSize: 16,
    color: colors.text,
  },
  muted: {
    fontSize: 13,
    color: colors.muted,
  },
  button: {
    borderRadius: 10,
    paddingVertical: 10,
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
  chip: {
    minWidth: 36,
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
  chipSelectedText: {
    color: colors.accent,
  },
});
