/** The end-of-day report, derived from the receipts and refunds. */
import { OPENING_FLOAT_CENTS, TAX_CLASSES, TaxClassKey } from './catalogue';
import { TillState } from './state';

export interface Report {
  receipts: number;
  grossCents: number;
  refundsCents: number;
  netCents: number;
  taxCents: number;
  taxByClass: { taxClass: TaxClassKey; cents: number }[];
  floatCents: number;
  drawerCents: number;
}

export function endOfDay(state: TillState): Report {
  const grossCents = state.receipts.reduce((sum, receipt) => sum + receipt.totalCents, 0);
  const refundsCents = state.refunds.reduce(
    (sum, refund) => sum + refund.line.amountCents + refund.line.taxCents,
    0,
  );
  const netCents = grossCents - refundsCents;
  const refundedTax = state.refunds.reduce((sum, refund) => sum + refund.line.taxCents, 0);
  const taxCents = state.receipts.reduce((sum, receipt) => sum + receipt.taxCents, 0) - refundedTax;
  const taxByClass = TAX_CLASSES.map((taxClass) => {
    const sold = state.receipts
      .flatMap((receipt) => receipt.lines)
      .filter((line) => line.taxClass === taxClass.key)
      .reduce((sum, line) => sum + line.taxCents, 0);
    const refunded = state.refunds
      .filter((refund) => refund.line.taxClass === taxClass.key)
      .reduce((sum, refund) => sum + refund.line.taxCents, 0);
    return { taxClass: taxClass.key, cents: sold - refunded };
  });
  const cashIn = state.receipts.reduce((sum, receipt) => sum + receipt.cashCents, 0);
  const changeOut = state.receipts.reduce((sum, receipt) => sum + receipt.changeCents, 0);
  const drawerCents = OPENING_FLOAT_CENTS + cashIn - changeOut - refundsCents;
  return {
    receipts: state.receipts.length,
    grossCents,
    refundsCents,
    netCents,
    taxCents,
    taxByClass,
    floatCents: OPENING_FLOAT_CENTS,
    drawerCents,
  };
}
