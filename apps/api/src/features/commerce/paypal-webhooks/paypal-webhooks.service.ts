import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import { badRequest, unavailable } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { writeAudit } from '../../audit/audit.repo';
import { createEarningsRepo } from '../earnings/earnings.repo';
import { recordCreditDebt } from '../ledger/credit-debts.repo';
import { debitAccount } from '../ledger/ledger.repo';
import type { OrderRow } from '../orders/orders.repo';
import type { PayoutsService } from '../payouts/payouts.service';
import { isPaypalError, type PaypalPort } from '../paypal/paypal.port';
import type { PaypalCheckout } from '../paypal/paypal-checkout';
import { type EventSubject, subjectOf, type WebhookEvent, WebhookEventSchema } from './paypal-webhook-event';
import {
  claimWebhookEvent,
  findWebhookEvent,
  insertReversal,
  isOwnRefund,
  lockBalance,
  lockOrderByPaypalIds,
  reversalBySource,
  reversedSoFar,
  revokedTipIds,
  revokeOrderEntitlements,
  setReversalRevokedTips,
  setWebhookOutcome,
} from './paypal-webhooks.repo';

/**
 * PayPal's webhook events, after PayPal itself confirmed the signature
 * (docs/decisions/096-paypal-webhooks.md). Each event id has effect once: its row and its effects
 * commit in one transaction, so a replay finds the row and changes nothing. Order does not matter:
 * a capture is granted only through the checkout's reconcile, which reads the order's state at
 * PayPal (a capture refunded meanwhile is never granted), and a refund of an order that was never
 * completed takes nothing because nothing was given.
 */

export const WEBHOOK_MESSAGES = {
  invalidSignature: 'Invalid webhook signature.',
  invalidEvent: 'Invalid webhook event.',
  missingHeaders: 'Missing PayPal transmission headers.',
} as const;

export interface WebhookHeaders {
  authAlgo?: string;
  certUrl?: string;
  transmissionId?: string;
  transmissionSig?: string;
  transmissionTime?: string;
}

export interface PaypalWebhooksDeps {
  db: Db;
  clock: Clock;
  paypal: PaypalPort;
  webhookId: string;
  checkout: Pick<PaypalCheckout, 'reconcile'>;
  /** Payouts to tipsters: their items' events end them (decision 171). */
  payouts: Pick<PayoutsService, 'applyItemEvent'>;
  log: FastifyBaseLogger;
}

export interface WebhookResult {
  eventId: string;
  outcome: string;
  duplicate: boolean;
}

export function createPaypalWebhooksService(deps: PaypalWebhooksDeps) {
  const { db, clock, log } = deps;
  const earnings = createEarningsRepo(db);

  async function verify(headers: WebhookHeaders, event: unknown): Promise<void> {
    const { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime } = headers;
    if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime)
      throw badRequest(WEBHOOK_MESSAGES.missingHeaders);
    let genuine: boolean;
    try {
      genuine = await deps.paypal.verifyWebhookSignature({
        authAlgo,
        certUrl,
        transmissionId,
        transmissionSig,
        transmissionTime,
        webhookId: deps.webhookId,
        event,
      });
    } catch (error) {
      // PayPal retries a delivery that was not answered 2xx: say "later", not "forged".
      if (isPaypalError(error, 'unavailable')) throw unavailable(undefined, 60);
      if (isPaypalError(error)) throw badRequest(WEBHOOK_MESSAGES.invalidSignature);
      throw error;
    }
    if (!genuine) throw badRequest(WEBHOOK_MESSAGES.invalidSignature);
  }

  /** Verifies the delivery with PayPal, then applies the event once. */
  async function receive(headers: WebhookHeaders, body: unknown): Promise<WebhookResult> {
    const parsed = WebhookEventSchema.safeParse(body);
    if (!parsed.success) throw badRequest(WEBHOOK_MESSAGES.invalidEvent);
    await verify(headers, body);
    const event = parsed.data;
    const subject = subjectOf(event);
    if (subject.kind === 'capture-completed') return captureCompleted(event, subject);
    return db.transaction(async (tx) => {
      const fresh = await claimWebhookEvent(tx, {
        eventId: event.id,
        eventType: event.event_type,
        resourceId: subject.sourceId,
        orderId: null,
        outcome: 'received',
        receivedAt: clock.now(),
      });
      if (!fresh) return { eventId: event.id, outcome: 'duplicate', duplicate: true };
      const { outcome, orderId } = await apply(tx, event, subject);
      await setWebhookOutcome(tx, event.id, outcome, orderId);
      log.info({ eventId: event.id, eventType: event.event_type, outcome, orderId }, 'paypal webhook');
      return { eventId: event.id, outcome, duplicate: false };
    });
  }

  /**
   * A capture PayPal completed: granted through the checkout's reconcile, which asks PayPal for the
   * order's state and grants at most once. The event is recorded after it ran, so a delivery
   * whose reconcile failed (PayPal unreachable) is handled again when PayPal retries it.
   */
  async function captureCompleted(
    event: WebhookEvent,
    subject: Extract<EventSubject, { kind: 'capture-completed' }>,
  ): Promise<WebhookResult> {
    if (await findWebhookEvent(db, event.id))
      return { eventId: event.id, outcome: 'duplicate', duplicate: true };
    const order = await lockOrderByPaypalIds(db, {
      captureId: subject.captureId,
      paypalOrderId: subject.paypalOrderId,
    });
    let outcome: string;
    if (!order) outcome = 'no-order';
    else if (order.status === 'COMPLETED') outcome = 'already-completed';
    else outcome = `reconciled:${await deps.checkout.reconcile(order)}`;
    const fresh = await claimWebhookEvent(db, {
      eventId: event.id,
      eventType: event.event_type,
      resourceId: subject.captureId,
      orderId: order?.id ?? null,
      outcome,
      receivedAt: clock.now(),
    });
    log.info({ eventId: event.id, eventType: event.event_type, outcome }, 'paypal webhook');
    return { eventId: event.id, outcome: fresh ? outcome : 'duplicate', duplicate: !fresh };
  }

  async function apply(
    tx: Tx,
    event: WebhookEvent,
    subject: EventSubject,
  ): Promise<{ outcome: string; orderId: string | null }> {
    switch (subject.kind) {
      case 'refund':
      case 'reversal':
      case 'dispute-won-by-buyer': {
        if (subject.kind === 'refund' && (await isOwnRefund(tx, subject.sourceId)))
          return { outcome: 'own-refund', orderId: null };
        const order = await lockOrderByPaypalIds(tx, { captureId: subject.captureId, paypalOrderId: null });
        if (!order) return { outcome: 'no-order', orderId: null };
        if (order.status !== 'COMPLETED') return { outcome: 'nothing-granted', orderId: order.id };
        const kind = subject.kind === 'dispute-won-by-buyer' ? 'dispute' : subject.kind;
        const outcome = await reverse(tx, order, {
          kind,
          sourceId: subject.sourceId,
          amountCents: subject.amountCents,
          eventId: event.id,
        });
        return { outcome, orderId: order.id };
      }
      case 'dispute-created':
      case 'dispute-closed': {
        const order = await lockOrderByPaypalIds(tx, { captureId: subject.captureId, paypalOrderId: null });
        if (order) {
          await writeAudit(tx, {
            actorUserId: null,
            action: subject.kind === 'dispute-created' ? 'order.dispute_opened' : 'order.dispute_closed',
            entity: 'order',
            entityId: order.id,
            after: { disputeId: subject.sourceId, eventId: event.id },
            now: clock.now(),
          });
        }
        return { outcome: order ? 'recorded' : 'no-order', orderId: order?.id ?? null };
      }
      case 'payout-item': {
        const outcome = await deps.payouts.applyItemEvent(tx, {
          outcome: subject.outcome,
          senderBatchId: subject.senderBatchId,
          payoutId: subject.payoutId,
          batchId: subject.batchId,
          itemId: subject.sourceId,
          transactionStatus: subject.transactionStatus,
        });
        return { outcome: `payout:${outcome}`, orderId: null };
      }
      default:
        return { outcome: subject.kind === 'unreadable' ? 'unreadable' : 'ignored', orderId: null };
    }
  }

  /**
   * Takes back what a refund, reversal or lost dispute paid back: a TIPS order's tips, or a
   * CREDITS order's credits in proportion to the money returned (never more than were bought, in
   * total over every reversal of the order). Credits the balance no longer holds are owed.
   */
  async function reverse(
    tx: DbOrTx,
    order: OrderRow,
    r: {
      kind: 'refund' | 'reversal' | 'dispute';
      sourceId: string;
      amountCents: number | null;
      eventId: string;
    },
  ): Promise<string> {
    if (await reversalBySource(tx, r.sourceId)) return 'already-reversed';
    const before = await reversedSoFar(tx, order.id);
    const amountCents = Math.min(r.amountCents ?? order.amountCents, order.amountCents - before.amountCents);
    if (amountCents <= 0) return 'already-reversed';
    const now = clock.now();
    let creditsCents = 0;
    let debitedCents = 0;
    if (order.type === 'CREDITS' && order.userId !== null && order.creditsCents) {
      const share = Math.ceil((order.creditsCents * amountCents) / Math.max(order.amountCents, 1));
      creditsCents = Math.min(share, order.creditsCents - before.creditsCents);
      debitedCents = Math.min(creditsCents, await lockBalance(tx, order.userId));
    }
    const owedCents = creditsCents - debitedCents;
    const reversalId = await insertReversal(tx, {
      orderId: order.id,
      sourceId: r.sourceId,
      kind: r.kind,
      amountCents,
      creditsCents,
      debitedCents,
      owedCents,
      revokedTips: 0,
      eventId: r.eventId,
      createdAt: now,
    });
    let revokedTips = 0;
    if (order.type === 'TIPS') {
      revokedTips = await revokeOrderEntitlements(tx, { orderId: order.id, reversalId, now });
      if (revokedTips > 0) await setReversalRevokedTips(tx, reversalId, revokedTips);
      // The buyer lost the tips and got money back: their tipsters' shares and the commission go
      // back too, once per line (a tip voided before was taken back then: decision 170).
      await earnings.takeBack(
        { kind: r.kind, orderId: order.id, tipIds: await revokedTipIds(tx, order.id), now },
        tx,
      );
    } else if (order.userId !== null) {
      if (debitedCents > 0) {
        await debitAccount(tx, {
          userId: order.userId,
          amountCents: debitedCents,
          reason: 'payment_reversal',
          reference: order.id,
          idempotencyKey: `reversal:${r.sourceId}`,
          note: `PayPal ${r.kind} ${r.sourceId}`,
          now,
        });
      }
      if (owedCents > 0)
        await recordCreditDebt(tx, { userId: order.userId, reversalId, amountCents: owedCents, now });
    }
    await writeAudit(tx, {
      actorUserId: null,
      action: 'order.payment_reversed',
      entity: 'order',
      entityId: order.id,
      after: {
        kind: r.kind,
        sourceId: r.sourceId,
        eventId: r.eventId,
        amountCents,
        creditsCents,
        debitedCents,
        owedCents,
        revokedTips,
      },
      now,
    });
    return 'reversed';
  }

  return { receive };
}

export type PaypalWebhooksService = ReturnType<typeof createPaypalWebhooksService>;
