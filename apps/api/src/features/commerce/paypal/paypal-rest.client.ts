import { formatCentsPlain } from '@tips/contract';
import { z } from 'zod';
import {
  type CreatePayoutInput,
  type CreatePaypalOrderInput,
  type PaypalCapture,
  PaypalError,
  type PaypalErrorKind,
  type PaypalMoney,
  type PaypalOrder,
  type PaypalPayoutBatch,
  type PaypalPort,
  type PaypalRefund,
  type WebhookSignatureCheck,
} from './paypal.port';

/**
 * PayPal Orders v2 over REST: OAuth 2 client credentials (the token is cached until shortly
 * before it expires and fetched once for concurrent callers), `PayPal-Request-Id` on every write,
 * and PayPal's error bodies mapped to the port's error kinds. In sandbox-local mode the same code
 * talks to the emulator under /api/sandbox/paypal.
 */

export interface PaypalRestOptions {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Milliseconds since the epoch, for token expiry (tests move it). */
  now?: () => number;
}

const MoneySchema = z.looseObject({ currency_code: z.string(), value: z.string() });
const CaptureSchema = z.looseObject({ id: z.string(), status: z.string(), amount: MoneySchema.optional() });
const OrderSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  payer: z.looseObject({ email_address: z.string().optional() }).optional(),
  purchase_units: z
    .array(
      z.looseObject({
        amount: MoneySchema.optional(),
        payments: z.looseObject({ captures: z.array(CaptureSchema).optional() }).optional(),
      }),
    )
    .optional(),
});
const RefundSchema = z.looseObject({ id: z.string(), status: z.string() });
const VerificationSchema = z.looseObject({ verification_status: z.string() });
const TokenSchema = z.looseObject({ access_token: z.string().min(1), expires_in: z.number().positive() });
const ErrorSchema = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.looseObject({ issue: z.string().optional() })).optional(),
  links: z.array(z.looseObject({ href: z.string() })).optional(),
});
const PayoutBatchSchema = z.looseObject({
  batch_header: z.looseObject({ payout_batch_id: z.string().min(1), batch_status: z.string() }),
});
const PAYOUT_LINK = /\/v1\/payments\/payouts\/([^/?#]+)/;

/** PayPal's answer to a payout: the batch it made, as the port returns it. */
export function toPayoutBatch(body: unknown): PaypalPayoutBatch {
  const parsed = PayoutBatchSchema.safeParse(body);
  if (!parsed.success) throw new PaypalError('unavailable', 'PayPal sent a payout batch we could not read');
  return {
    batchId: parsed.data.batch_header.payout_batch_id,
    status: parsed.data.batch_header.batch_status,
    duplicate: false,
  };
}

const AMOUNT = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** "237.50" → 23750, without floating point; anything else → null. */
export function parseAmountCents(value: string): number | null {
  const match = AMOUNT.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

function toMoney(money: z.infer<typeof MoneySchema> | undefined): PaypalMoney | null {
  if (!money) return null;
  const cents = parseAmountCents(money.value);
  return cents === null ? null : { currency: money.currency_code, cents };
}

export function toPaypalOrder(body: unknown): PaypalOrder {
  const parsed = OrderSchema.safeParse(body);
  if (!parsed.success) throw new PaypalError('unavailable', 'PayPal sent an order we could not read');
  const order = parsed.data;
  const unit = order.purchase_units?.[0];
  const captures: PaypalCapture[] = (unit?.payments?.captures ?? []).map((c) => ({
    id: c.id,
    status: c.status,
    amount: toMoney(c.amount),
  }));
  return {
    id: order.id,
    status: order.status,
    amount: toMoney(unit?.amount),
    payerEmail: order.payer?.email_address ?? null,
    captures,
  };
}

export function toPaypalRefund(body: unknown): PaypalRefund {
  const parsed = RefundSchema.safeParse(body);
  if (!parsed.success) throw new PaypalError('unavailable', 'PayPal sent a refund we could not read');
  return { id: parsed.data.id, status: parsed.data.status };
}

const DECLINED_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
  'PAYEE_BLOCKED_TRANSACTION',
  'COMPLIANCE_VIOLATION',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'CARD_EXPIRED',
  'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
]);

export function errorKindFor(status: number, issue: string | undefined): PaypalErrorKind {
  if (issue === 'ORDER_ALREADY_CAPTURED') return 'already-captured';
  if (issue === 'ORDER_NOT_APPROVED') return 'not-approved';
  if (issue && DECLINED_ISSUES.has(issue)) return 'declined';
  if (status === 404 || issue === 'ORDER_EXPIRED' || issue === 'INVALID_RESOURCE_ID') return 'not-found';
  if (status === 429 || status >= 500) return 'unavailable';
  return 'rejected';
}

export function createPaypalRestClient(opts: PaypalRestOptions): PaypalPort {
  const base = opts.apiBase.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? globalThis.fetch;
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const now = opts.now ?? Date.now;
  let cached: { token: string; expiresAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new PaypalError(
        'unavailable',
        `PayPal unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
    const response = await send(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = await response.json().catch(() => null);
    const parsed = TokenSchema.safeParse(body);
    if (!response.ok || !parsed.success) {
      throw new PaypalError(
        response.status >= 500 ? 'unavailable' : 'rejected',
        `PayPal OAuth failed (${response.status})`,
        {
          status: response.status,
        },
      );
    }
    // Renew a minute early so a token never expires between our check and PayPal's.
    cached = { token: parsed.data.access_token, expiresAt: now() + (parsed.data.expires_in - 60) * 1000 };
    return cached.token;
  }

  function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > now()) return Promise.resolve(cached.token);
    inFlight ??= fetchToken().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const token = await accessToken();
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        prefer: 'return=representation',
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (requestId) headers['paypal-request-id'] = requestId;
      const response = await send(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await response.json().catch(() => null);
      if (response.ok) return json;
      // An expired or revoked token: fetch a new one and try once more.
      if (response.status === 401 && attempt === 0) {
        cached = null;
        continue;
      }
      const error = ErrorSchema.safeParse(json);
      const issue = error.success ? error.data.details?.[0]?.issue : undefined;
      throw new PaypalError(
        errorKindFor(response.status, issue),
        `PayPal ${method} ${path} failed: ${response.status} ${issue ?? (error.success ? (error.data.name ?? '') : '')}`.trim(),
        {
          status: response.status,
          issue,
          debugId: error.success ? error.data.debug_id : undefined,
          links: error.success ? error.data.links?.map((link) => link.href) : undefined,
        },
      );
    }
  }

  const orderPath = (id: string) => `/v2/checkout/orders/${encodeURIComponent(id)}`;

  return {
    async createOrder(input: CreatePaypalOrderInput) {
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.referenceId,
            custom_id: input.referenceId,
            description: input.description.slice(0, 127),
            amount: { currency_code: input.currency, value: formatCentsPlain(input.amountCents) },
          },
        ],
      };
      return toPaypalOrder(await call('POST', '/v2/checkout/orders', body, input.requestId));
    },
    async getOrder(id: string) {
      return toPaypalOrder(await call('GET', orderPath(id)));
    },
    async captureOrder(id: string, requestId: string) {
      return toPaypalOrder(await call('POST', `${orderPath(id)}/capture`, {}, requestId));
    },
    async refundCapture(captureId: string, amount: PaypalMoney, requestId: string) {
      const body = { amount: { currency_code: amount.currency, value: formatCentsPlain(amount.cents) } };
      const path = `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`;
      return toPaypalRefund(await call('POST', path, body, requestId));
    },
    async createPayout(input: CreatePayoutInput) {
      const body = {
        sender_batch_header: {
          sender_batch_id: input.senderBatchId,
          recipient_type: 'EMAIL',
          email_subject: input.emailSubject.slice(0, 255),
        },
        items: [
          {
            recipient_type: 'EMAIL',
            amount: { value: formatCentsPlain(input.amount.cents), currency: input.amount.currency },
            receiver: input.receiverEmail,
            note: input.note.slice(0, 1000),
            sender_item_id: input.senderItemId,
          },
        ],
      };
      try {
        return toPayoutBatch(await call('POST', '/v1/payments/payouts', body, input.senderBatchId));
      } catch (error) {
        // A sender_batch_id PayPal has seen is refused with a HATEOAS link to the original payout:
        // our earlier call went through and only its answer was lost.
        const original =
          error instanceof PaypalError && error.kind === 'rejected'
            ? error.details.links?.map((href) => PAYOUT_LINK.exec(href)?.[1]).find(Boolean)
            : undefined;
        if (!original) throw error;
        return { batchId: decodeURIComponent(original), status: 'PENDING', duplicate: true };
      }
    },
    async verifyWebhookSignature(input: WebhookSignatureCheck) {
      const body = {
        auth_algo: input.authAlgo,
        cert_url: input.certUrl,
        transmission_id: input.transmissionId,
        transmission_sig: input.transmissionSig,
        transmission_time: input.transmissionTime,
        webhook_id: input.webhookId,
        webhook_event: input.event,
      };
      const parsed = VerificationSchema.safeParse(
        await call('POST', '/v1/notifications/verify-webhook-signature', body),
      );
      if (!parsed.success)
        throw new PaypalError('unavailable', 'PayPal sent a verification we could not read');
      return parsed.data.verification_status === 'SUCCESS';
    },
  };
}
