import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { formatCentsPlain } from '@tips/contract';
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

/**
 * The emulator's webhooks: PayPal's verify-webhook-signature API, and deliveries of the events
 * PayPal sends (capture completed, refunded, reversed, dispute created and resolved) to this
 * server's /api/paypal/webhooks. PayPal signs with a certificate over
 * `transmissionId|transmissionTime|webhookId|crc32(body)`; the emulator signs the same string with
 * an HMAC whose key is derived from JWT_SECRET (so every process of one deployment agrees), and
 * answers SUCCESS only for that signature.
 */

export const SANDBOX_CERT_URL = 'https://sandbox.paypal.local/certs/sandbox-local.pem';
export const SANDBOX_AUTH_ALGO = 'SHA256withRSA';

export interface SignedDelivery {
  headers: Record<string, string>;
  body: string;
}

function signingKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('paypal-sandbox-webhooks').digest();
}

function signature(secret: string, transmissionId: string, time: string, webhookId: string, body: string) {
  const message = `${transmissionId}|${time}|${webhookId}|${crc32(body) >>> 0}`;
  return createHmac('sha256', signingKey(secret)).update(message).digest('base64');
}

/** A delivery as the emulator (or PayPal) sends it: the transmission headers and the JSON body. */
export function signSandboxDelivery(
  secret: string,
  webhookId: string,
  event: unknown,
  now: Date,
): SignedDelivery {
  const body = JSON.stringify(event);
  const transmissionId = randomUUID();
  const time = now.toISOString();
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': signature(secret, transmissionId, time, webhookId, body),
      'paypal-cert-url': SANDBOX_CERT_URL,
      'paypal-auth-algo': SANDBOX_AUTH_ALGO,
    },
  };
}

type Money = { currency_code: string; value: string };
const money = (cents: number, currency = 'USD'): Money => ({
  currency_code: currency,
  value: formatCentsPlain(cents),
});

/** PayPal's event envelope around a resource. */
function envelope(eventType: string, resourceType: string, resource: object, now: Date) {
  return {
    id: `WH-${paypalId()}`,
    create_time: now.toISOString(),
    resource_type: resourceType,
    event_version: '1.0',
    event_type: eventType,
    summary: eventType,
    resource,
  };
}

export const SANDBOX_EVENT_KINDS = [
  'capture-completed',
  'refunded',
  'reversed',
  'dispute-created',
  'dispute-resolved-buyer',
  'dispute-resolved-seller',
] as const;
export type SandboxEventKind = (typeof SANDBOX_EVENT_KINDS)[number];

/** The event PayPal sends for `kind` about a capture (ids and shapes as PayPal's). */
export function sandboxEvent(
  kind: SandboxEventKind,
  p: {
    captureId: string;
    paypalOrderId?: string;
    amountCents: number;
    currency?: string;
    now: Date;
    sourceId?: string;
  },
) {
  const amount = money(p.amountCents, p.currency);
  const captureLink = {
    href: `/api${SANDBOX_PREFIX}/v2/payments/captures/${p.captureId}`,
    rel: 'up',
    method: 'GET',
  };
  switch (kind) {
    case 'capture-completed':
      return envelope(
        'PAYMENT.CAPTURE.COMPLETED',
        'capture',
        {
          id: p.captureId,
          status: 'COMPLETED',
          amount,
          supplementary_data: { related_ids: { order_id: p.paypalOrderId } },
        },
        p.now,
      );
    case 'refunded':
    case 'reversed':
      return envelope(
        kind === 'refunded' ? 'PAYMENT.CAPTURE.REFUNDED' : 'PAYMENT.CAPTURE.REVERSED',
        'refund',
        { id: p.sourceId ?? paypalId(), status: 'COMPLETED', amount, links: [captureLink] },
        p.now,
      );
    default: {
      const resolved = kind !== 'dispute-created';
      return envelope(
        resolved ? 'CUSTOMER.DISPUTE.RESOLVED' : 'CUSTOMER.DISPUTE.CREATED',
        'dispute',
        {
          dispute_id: p.sourceId ?? `PP-D-${paypalId().slice(0, 10)}`,
          reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
          status: resolved ? 'RESOLVED' : 'OPEN',
          dispute_amount: amount,
          disputed_transactions: [{ seller_transaction_id: p.captureId }],
          ...(resolved
            ? {
                dispute_outcome: {
                  outcome_code:
                    kind === 'dispute-resolved-buyer' ? 'RESOLVED_BUYER_FAVOUR' : 'RESOLVED_SELLER_FAVOUR',
                },
              }
            : {}),
        },
        p.now,
      );
    }
  }
}

const VerifyBodySchema = z.looseObject({
  auth_algo: z.string(),
  cert_url: z.string(),
  transmission_id: z.string(),
  transmission_sig: z.string(),
  transmission_time: z.string(),
  webhook_id: z.string(),
  webhook_event: z.looseObject({}),
});

const SimulateBodySchema = z.object({
  captureId: z.string().regex(/^[A-Z0-9]{1,36}$/, { error: 'Invalid capture id' }),
  paypalOrderId: z
    .string()
    .regex(/^[A-Z0-9]{1,36}$/)
    .optional(),
  amountCents: z.number().int().positive().max(100_000_000),
});

export async function paypalWebhookEmulatorRoutes(app: AppInstance, { config, clock }: FeatureDeps) {
  const secret = config.jwt.secret;
  app.post(
    `${SANDBOX_PREFIX}/v1/notifications/verify-webhook-signature`,
    {
      config: SANDBOX_ROUTE,
      schema: {
        tags: ['paypal-sandbox'],
        summary: "PayPal emulator: verify a webhook delivery's signature",
        body: VerifyBodySchema,
        response: { 200: PaypalJsonSchema, 401: PaypalJsonSchema },
      },
    },
    async (request, reply) => {
      if (!hasBearer(request))
        return paypalError(reply, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Invalid token');
      const b = request.body;
      const expected = Buffer.from(
        signature(
          secret,
          b.transmission_id,
          b.transmission_time,
          b.webhook_id,
          JSON.stringify(b.webhook_event),
        ),
      );
      const given = Buffer.from(b.transmission_sig);
      const ok =
        b.cert_url === SANDBOX_CERT_URL &&
        b.auth_algo === SANDBOX_AUTH_ALGO &&
        given.length === expected.length &&
        timingSafeEqual(given, expected);
      return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
    },
  );

  // The buyer's side, for the demo and browser tests: PayPal sends the event of `kind` about a
  // capture to this server's webhook, signed as above.
  app.post(
    `${SANDBOX_PREFIX}/simulate/:kind`,
    {
      config: SANDBOX_ROUTE,
      schema: {
        tags: ['paypal-sandbox'],
        summary: 'PayPal emulator: send a webhook event (refund, reversal, dispute…) about a capture',
        params: z.object({ kind: z.enum(SANDBOX_EVENT_KINDS) }),
        body: SimulateBodySchema,
        response: { 200: PaypalJsonSchema },
      },
    },
    async (request) => {
      const now = clock.now();
      const event = sandboxEvent(request.params.kind, { ...request.body, now });
      const delivery = signSandboxDelivery(secret, config.paypal.webhookId ?? '', event, now);
      const response = await fetch(`${config.publicUrl}/api/paypal/webhooks`, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        signal: AbortSignal.timeout(20_000),
      });
      return {
        event_id: event.id,
        delivered_status: response.status,
        answer: await response.json().catch(() => null),
      };
    },
  );
}
