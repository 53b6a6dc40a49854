import { z } from 'zod';
import { parseAmountCents } from '../paypal/paypal-rest.client';

/**
 * The parts of PayPal's webhook events (v1 notifications) this shop acts on. Everything else in
 * an event is kept as PayPal sent it: the signature check sends the event back to PayPal whole.
 */

export const HANDLED_EVENT_TYPES = [
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
  'CUSTOMER.DISPUTE.CREATED',
  'CUSTOMER.DISPUTE.RESOLVED',
  // Payouts to tipsters (decision 171): how each payout item ended.
  'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
  'PAYMENT.PAYOUTS-ITEM.FAILED',
  'PAYMENT.PAYOUTS-ITEM.RETURNED',
  'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
  'PAYMENT.PAYOUTS-ITEM.DENIED',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED',
  'PAYMENT.PAYOUTS-ITEM.CANCELED',
] as const;

const Money = z.looseObject({ currency_code: z.string(), value: z.string() });
const Link = z.looseObject({ href: z.string(), rel: z.string() });

export const WebhookEventSchema = z.looseObject({
  id: z.string().min(1).max(100),
  event_type: z.string().min(1).max(100),
  resource_type: z.string().optional(),
  create_time: z.string().optional(),
  resource: z.looseObject({}),
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

const CaptureResource = z.looseObject({
  id: z.string(),
  amount: Money.optional(),
  supplementary_data: z
    .looseObject({ related_ids: z.looseObject({ order_id: z.string().optional() }).optional() })
    .optional(),
});
const RefundResource = z.looseObject({
  id: z.string(),
  amount: Money.optional(),
  links: z.array(Link).optional(),
});
const DisputeResource = z.looseObject({
  dispute_id: z.string(),
  dispute_amount: Money.optional(),
  disputed_transactions: z.array(z.looseObject({ seller_transaction_id: z.string().optional() })).optional(),
  dispute_outcome: z.looseObject({ outcome_code: z.string().optional() }).optional(),
});

const PayoutItemResource = z.looseObject({
  payout_item_id: z.string().optional(),
  transaction_status: z.string().optional(),
  payout_batch_id: z.string().optional(),
  sender_batch_id: z.string().optional(),
  payout_item: z.looseObject({ sender_item_id: z.string().optional() }).optional(),
});

/** How a payout item's event ends the payout: the item did not pay is FAILED (the amount returns). */
const PAYOUT_ITEM_OUTCOMES: Record<string, 'SUCCEEDED' | 'FAILED' | 'RETURNED' | 'UNCLAIMED'> = {
  'PAYMENT.PAYOUTS-ITEM.SUCCEEDED': 'SUCCEEDED',
  'PAYMENT.PAYOUTS-ITEM.UNCLAIMED': 'UNCLAIMED',
  'PAYMENT.PAYOUTS-ITEM.RETURNED': 'RETURNED',
  'PAYMENT.PAYOUTS-ITEM.FAILED': 'FAILED',
  'PAYMENT.PAYOUTS-ITEM.DENIED': 'FAILED',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED': 'FAILED',
  'PAYMENT.PAYOUTS-ITEM.CANCELED': 'FAILED',
};

const OUR_ITEM_ID = /^payout-(\d{1,9})$/;

/** What an event is about, in this shop's terms. */
export type EventSubject =
  | { kind: 'capture-completed'; captureId: string; paypalOrderId: string | null }
  | { kind: 'refund' | 'reversal'; sourceId: string; captureId: string | null; amountCents: number | null }
  | { kind: 'dispute-created'; sourceId: string; captureId: string | null }
  | { kind: 'dispute-won-by-buyer'; sourceId: string; captureId: string | null; amountCents: number | null }
  | { kind: 'dispute-closed'; sourceId: string; captureId: string | null }
  | {
      kind: 'payout-item';
      sourceId: string | null;
      outcome: 'SUCCEEDED' | 'FAILED' | 'RETURNED' | 'UNCLAIMED';
      payoutId: number | null;
      senderBatchId: string | null;
      batchId: string | null;
      transactionStatus: string | null;
    }
  | { kind: 'unhandled' | 'unreadable'; sourceId: string | null };

const CAPTURE_LINK = /\/v2\/payments\/captures\/([^/?#]+)/;

function cents(money: z.infer<typeof Money> | undefined): number | null {
  return money ? parseAmountCents(money.value) : null;
}

export function subjectOf(event: WebhookEvent): EventSubject {
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const r = CaptureResource.safeParse(event.resource);
      if (!r.success) return { kind: 'unreadable', sourceId: null };
      return {
        kind: 'capture-completed',
        captureId: r.data.id,
        paypalOrderId: r.data.supplementary_data?.related_ids?.order_id ?? null,
      };
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const r = RefundResource.safeParse(event.resource);
      if (!r.success) return { kind: 'unreadable', sourceId: null };
      // The refund's "up" link names the capture it refunds.
      const up = r.data.links?.find((l) => l.rel === 'up');
      const captureId = up ? (CAPTURE_LINK.exec(up.href)?.[1] ?? null) : null;
      return {
        kind: event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refund' : 'reversal',
        sourceId: r.data.id,
        captureId: captureId ? decodeURIComponent(captureId) : null,
        amountCents: cents(r.data.amount),
      };
    }
    case 'CUSTOMER.DISPUTE.CREATED':
    case 'CUSTOMER.DISPUTE.RESOLVED': {
      const r = DisputeResource.safeParse(event.resource);
      if (!r.success) return { kind: 'unreadable', sourceId: null };
      const captureId = r.data.disputed_transactions?.[0]?.seller_transaction_id ?? null;
      if (event.event_type === 'CUSTOMER.DISPUTE.CREATED')
        return { kind: 'dispute-created', sourceId: r.data.dispute_id, captureId };
      if (r.data.dispute_outcome?.outcome_code === 'RESOLVED_BUYER_FAVOUR')
        return {
          kind: 'dispute-won-by-buyer',
          sourceId: r.data.dispute_id,
          captureId,
          amountCents: cents(r.data.dispute_amount),
        };
      return { kind: 'dispute-closed', sourceId: r.data.dispute_id, captureId };
    }
    default: {
      const outcome = PAYOUT_ITEM_OUTCOMES[event.event_type];
      if (!outcome) return { kind: 'unhandled', sourceId: null };
      const r = PayoutItemResource.safeParse(event.resource);
      if (!r.success) return { kind: 'unreadable', sourceId: null };
      const ours = OUR_ITEM_ID.exec(r.data.payout_item?.sender_item_id ?? '');
      return {
        kind: 'payout-item',
        sourceId: r.data.payout_item_id ?? null,
        outcome,
        payoutId: ours ? Number(ours[1]) : null,
        senderBatchId: r.data.sender_batch_id ?? null,
        batchId: r.data.payout_batch_id ?? null,
        transactionStatus: r.data.transaction_status ?? null,
      };
    }
  }
}
