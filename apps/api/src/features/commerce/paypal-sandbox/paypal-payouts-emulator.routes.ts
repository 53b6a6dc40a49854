import { z } from 'zod';
import type { AppInstance, FeatureDeps } from '../../../app-types';
import {
  hasBearer,
  PaypalJsonSchema,
  paypalError,
  paypalId,
  SANDBOX_PREFIX,
  SANDBOX_ROUTE,
} from './paypal-emulator';
import { signSandboxDelivery } from './paypal-webhook-emulator';
import { findSandboxPayout, insertSandboxPayout, type SandboxPayoutRow } from './sandbox-payouts.repo';

/**
 * PayPal Payouts as the emulator speaks it (decision 171): POST /v1/payments/payouts makes one
 * batch per sender_batch_id (a second request with the same id is refused with a link to the first
 * batch, as PayPal documents), and the item's end is sent to this server's webhook before the
 * answer, as PAYMENT.PAYOUTS-ITEM.* events signed like the other emulated events. Which end is
 * chosen by the receiver's address, so tests and the demo can ask for each:
 * `…+fail@…` FAILED, `…+unclaimed@…` UNCLAIMED, `…+returned@…` SUCCEEDED then RETURNED, anything
 * else SUCCEEDED. POST /simulate-payout-item/{itemId}/{outcome} sends one more event later.
 */

export const PAYOUT_ITEM_OUTCOMES = ['SUCCEEDED', 'FAILED', 'RETURNED', 'UNCLAIMED'] as const;
export type PayoutItemOutcome = (typeof PAYOUT_ITEM_OUTCOMES)[number];

const Money = z.looseObject({ value: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/), currency: z.string() });
const PayoutBodySchema = z.looseObject({
  sender_batch_header: z.looseObject({
    sender_batch_id: z.string().min(1).max(256),
    email_subject: z.string().max(255).optional(),
  }),
  items: z
    .array(
      z.looseObject({
        recipient_type: z.string().optional(),
        amount: Money,
        receiver: z.string().min(3).max(254),
        note: z.string().max(1000).optional(),
        sender_item_id: z.string().max(63).optional(),
      }),
    )
    .length(1),
});
type PayoutBody = z.infer<typeof PayoutBodySchema>;

/** The outcomes the emulator reports for a receiver address, in order. */
export function outcomesFor(receiver: string): PayoutItemOutcome[] {
  const local = receiver.split('@')[0] ?? '';
  if (local.endsWith('+fail')) return ['FAILED'];
  if (local.endsWith('+unclaimed')) return ['UNCLAIMED'];
  if (local.endsWith('+returned')) return ['SUCCEEDED', 'RETURNED'];
  return ['SUCCEEDED'];
}

const TRANSACTION_STATUS: Record<PayoutItemOutcome, string> = {
  SUCCEEDED: 'SUCCESS',
  FAILED: 'FAILED',
  RETURNED: 'RETURNED',
  UNCLAIMED: 'UNCLAIMED',
};

/** The PAYMENT.PAYOUTS-ITEM.* event PayPal sends about a batch's item. */
export function sandboxPayoutItemEvent(batch: SandboxPayoutRow, outcome: PayoutItemOutcome, now: Date) {
  const body = JSON.parse(batch.body) as PayoutBody;
  const item = body.items[0];
  return {
    id: `WH-${paypalId()}`,
    create_time: now.toISOString(),
    resource_type: 'payouts_item',
    event_version: '1.0',
    event_type: `PAYMENT.PAYOUTS-ITEM.${outcome}`,
    summary: `A payout item has ${outcome.toLowerCase()}`,
    resource: {
      payout_item_id: batch.itemId,
      transaction_id: outcome === 'FAILED' ? undefined : `TX${batch.itemId.slice(0, 15)}`,
      transaction_status: TRANSACTION_STATUS[outcome],
      payout_batch_id: batch.batchId,
      sender_batch_id: batch.senderBatchId,
      time_processed: now.toISOString(),
      payout_item: {
        recipient_type: item.recipient_type ?? 'EMAIL',
        amount: item.amount,
        note: item.note,
        receiver: item.receiver,
        sender_item_id: item.sender_item_id,
      },
      ...(outcome === 'FAILED'
        ? { errors: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver refused' } }
        : {}),
      links: [
        {
          href: `/api${SANDBOX_PREFIX}/v1/payments/payouts-item/${batch.itemId}`,
          rel: 'item',
          method: 'GET',
        },
      ],
    },
  };
}

function batchRepresentation(batch: SandboxPayoutRow, status: string) {
  const body = JSON.parse(batch.body) as PayoutBody;
  return {
    batch_header: {
      payout_batch_id: batch.batchId,
      batch_status: status,
      time_created: batch.createdAt.toISOString(),
      sender_batch_header: body.sender_batch_header,
    },
    links: [
      { href: `/api${SANDBOX_PREFIX}/v1/payments/payouts/${batch.batchId}`, rel: 'self', method: 'GET' },
    ],
  };
}

export async function paypalPayoutsEmulatorRoutes(
  app: AppInstance,
  { config, clock, database }: FeatureDeps,
) {
  const { db } = database;

  /** Sends the item's event to this server's webhook, in process, and says how it was answered. */
  async function deliver(batch: SandboxPayoutRow, outcome: PayoutItemOutcome) {
    const now = clock.now();
    const event = sandboxPayoutItemEvent(batch, outcome, now);
    const delivery = signSandboxDelivery(config.jwt.secret, config.paypal.webhookId ?? '', event, now);
    const response = await app.inject({
      method: 'POST',
      url: '/api/paypal/webhooks',
      headers: delivery.headers,
      payload: delivery.body,
    });
    if (response.statusCode >= 300)
      app.log.warn({ eventId: event.id, status: response.statusCode }, 'payout emulator: webhook refused');
    return { event_id: event.id, delivered_status: response.statusCode };
  }

  app.post(
    `${SANDBOX_PREFIX}/v1/payments/payouts`,
    {
      config: SANDBOX_ROUTE,
      schema: {
        tags: ['paypal-sandbox'],
        summary: 'PayPal emulator: create a payout batch (one item)',
        body: PayoutBodySchema,
        response: { 201: PaypalJsonSchema, 400: PaypalJsonSchema, 401: PaypalJsonSchema },
      },
    },
    async (request, reply) => {
      if (!hasBearer(request))
        return paypalError(reply, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Invalid token');
      const senderBatchId = request.body.sender_batch_header.sender_batch_id;
      const batch = await insertSandboxPayout(db, {
        senderBatchId,
        batchId: paypalId().slice(0, 13),
        itemId: paypalId().slice(0, 13),
        body: JSON.stringify(request.body),
        createdAt: clock.now(),
      });
      if (!batch) {
        const first = await findSandboxPayout(db, { senderBatchId });
        return reply.code(400).send({
          name: 'USER_BUSINESS_ERROR',
          message: 'Batch with given sender_batch_id already exists',
          debug_id: paypalId().slice(0, 12).toLowerCase(),
          details: [
            {
              field: 'sender_batch_header.sender_batch_id',
              issue: 'DUPLICATE_SENDER_BATCH_ID',
              description: `Batch with sender_batch_id ${senderBatchId} already exists`,
            },
          ],
          links: first
            ? [
                {
                  href: `/api${SANDBOX_PREFIX}/v1/payments/payouts/${first.batchId}`,
                  rel: 'self',
                  method: 'GET',
                },
              ]
            : [],
        });
      }
      for (const outcome of outcomesFor(request.body.items[0].receiver)) await deliver(batch, outcome);
      return reply.code(201).send(batchRepresentation(batch, 'PENDING'));
    },
  );

  // The receiver's side, for the demo and browser tests: PayPal sends one more event about an item
  // (it was returned, or an unclaimed payout was claimed or expired).
  app.post(
    `${SANDBOX_PREFIX}/simulate-payout-item/:itemId/:outcome`,
    {
      config: SANDBOX_ROUTE,
      schema: {
        tags: ['paypal-sandbox'],
        summary:
          "PayPal emulator: send a payout item's webhook event (succeeded, failed, returned, unclaimed)",
        params: z.object({
          itemId: z.string().regex(/^[A-Z0-9]{1,36}$/, { error: 'Invalid payout item id' }),
          outcome: z.enum(PAYOUT_ITEM_OUTCOMES),
        }),
        response: { 200: PaypalJsonSchema, 404: PaypalJsonSchema },
      },
    },
    async (request, reply) => {
      const batch = await findSandboxPayout(db, { itemId: request.params.itemId });
      if (!batch)
        return paypalError(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Payout item not found');
      return deliver(batch, request.params.outcome);
    },
  );
}
