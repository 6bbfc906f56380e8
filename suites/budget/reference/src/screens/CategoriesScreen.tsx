import { StyleSheet, Text, View } from 'react-native';

import { categorySummaries, CategorySummary, overCountText } from '../derive';
import { formatCents } from '../money';
import { BudgetState } from '../state';
import { colors, Screen, styles } from '../ui';

interface Props {
  state: BudgetState;
}

function CategoryRow({ summary }: { summary: CategorySummary }) {
  const { category, spentCents, budgetCents, overCents } = summary;
  const fraction = budgetCents > 0 ? Math.min(spentCents / budgetCents, 1) : 1;
  return (
    <View style={local.item}>
      <Text testID={`category-${category.key}`} style={styles.label}>
        {`${category.name}: ${formatCents(spentCents)} of ${formatCents(budgetCents)}`}
      </Text>
      <View style={local.track}>
        <View
          style={[
            local.fill,
            { width: `${Math.round(fraction * 100)}%` },
            overCents > 0 && { backgroundColor: colors.negative },
          ]}
        />
      </View>
      {overCents > 0 && (
        <Text testID={`over-${category.key}`} style={local.over}>
          {`Over by ${formatCents(overCents)}`}
        </Text>
      )}
    </View>
  );
}

export function CategoriesScreen({ state }: Props) {
  const summaries = categorySummaries(state);
  const overCount = summaries.filter((summary) => summary.overCents > 0).length;
  const spent = summaries.reduce((sum, summary) => sum + summary.spentCents, 0);
  const budget = summaries.reduce((sum, summary) => sum + summary.budgetCents, 0);
  return (
    <Screen heading="Budgets by category">
      <View style={styles.card}>
        {summaries.map((summary, index) => (
          <View key={summary.category.key} style={index > 0 && styles.divider}>
            <CategoryRow summary={summary} />
          </View>
        ))}
      </View>
      <View style={[styles.card, local.summary]}>
        <Text testID="over-count" style={[styles.label, overCount > 0 && local.warning]}>
          {overCountText(overCount)}
        </Text>
        <Text testID="total-spent" style={[styles.amount, local.total]}>
          {`Total: ${formatCents(spent)} of ${formatCents(budget)}`}
        </Text>
      </View>
    </Screen>
  );
}

const local = StyleSheet.create({
  item: {
    paddingVertical: 14,
  },
  track: {
    height: 6,
    borderRadius: 3,
    backgroundColor: colors.border,
    marginTop: 8,
    overflow: 'hidden',
  },
  fill: {
    height: 6,
    borderRadius: 3,
    backgroundColor: colors.accent,
  },
  over: {
    marginTop: 8,
    fontSize: 14,
    fontWeight: '600',
    color: colors.warning,
  },
  summary: {
    paddingVertical: 14,
  },
  warning: {
    color: colors.warning,
    fontWeight: '600',
  },
  total: {
    marginTop: 8,
  },
});
