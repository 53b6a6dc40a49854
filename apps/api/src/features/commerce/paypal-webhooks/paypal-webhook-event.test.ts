import { describe, expect, it } from 'vitest';
import { subjectOf } from './paypal-webhook-event';

const itemEvent = (eventType: string, resource: Record<string, unknown>) => ({
  id: 'WH-1',
  event_type: eventType,
  resource,
});

describe("PayPal's payout item events", () => {
  const resource = {
    payout_item_id: 'ITEM1',
    transaction_status: 'SUCCESS',
    payout_batch_id: 'BATCH1',
    payout_item: { sender_item_id: 'payout-42', receiver: 'tipster@example.test' },
  };

  it('name our payout by the sender_item_id we sent, and say how the item ended', () => {
    expect(subjectOf(itemEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', resource))).toEqual({
      kind: 'payout-item',
      sourceId: 'ITEM1',
      outcome: 'SUCCEEDED',
      payoutId: 42,
      senderBatchId: null,
      batchId: 'BATCH1',
      transactionStatus: 'SUCCESS',
    });
    for (const [type, outcome] of [
      ['PAYMENT.PAYOUTS-ITEM.FAILED', 'FAILED'],
      ['PAYMENT.PAYOUTS-ITEM.RETURNED', 'RETURNED'],
      ['PAYMENT.PAYOUTS-ITEM.UNCLAIMED', 'UNCLAIMED'],
      ['PAYMENT.PAYOUTS-ITEM.DENIED', 'FAILED'],
      ['PAYMENT.PAYOUTS-ITEM.BLOCKED', 'FAILED'],
    ] as const) {
      expect(subjectOf(itemEvent(type, resource))).toMatchObject({ kind: 'payout-item', outcome });
    }
  });

  it('find no payout of ours in a sender_item_id somebody else chose', () => {
    const foreign = { ...resource, payout_item: { sender_item_id: 'payout-1; drop table' } };
    expect(subjectOf(itemEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', foreign))).toMatchObject({ payoutId: null });
  });
});
