import type { SettlementHook } from '../../../app-types';
import type { VoidedTipRefunds } from './refund-voided-tip';

/**
 * Commerce's subscriber to settlements (registered in app.ts): a tip settled or corrected to VOID
 * gives its buyers their money back in the settling transaction (credits at once, PayPal through
 * the refund worker). Its tally is kept in the settlement's audit row under `refunds`. A tip
 * corrected away from VOID keeps its refunds: nobody is charged again.
 */
export function voidedTipRefundHook(refunds: Pick<VoidedTipRefunds, 'refundVoidedTip'>): SettlementHook {
  return {
    name: 'refunds',
    async inTransaction({ tx, tip, now }) {
      if (tip.outcome !== 'VOID') return undefined;
      return { ...(await refunds.refundVoidedTip(tx, tip, now)) };
    },
  };
}
