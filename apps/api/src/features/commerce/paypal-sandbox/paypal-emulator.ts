import { randomBytes } from 'node:crypto';
import { formatCentsPlain } from '@tips/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { parseAmountCents } from '../paypal/paypal-rest.client';
import {
  type FailMode,
  type SandboxAmount,
  type SandboxOrderRow,
  type SandboxOrderState,
  stateOf,
  updateSandboxOrder,
} from './sandbox-orders.repo';

/** How the emulator answers: PayPal's order representation, error bodies, ids and captures. */

export const SANDBOX_PREFIX = '/sandbox/paypal';

/** The emulator receives PayPal-style bearer tokens, never ours. */
export const SANDBOX_ROUTE = { ignoreAccessToken: true } as const;

export const OrderIdParamsSchema = z.object({
  id: z.string().regex(/^[A-Z0-9]{1,36}$/, { error: 'Invalid order id' }),
});
/** PayPal's JSON, passed through as it is. */
export const PaypalJsonSchema = z.looseObject({});

export function paypalId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(17), (b) => alphabet[b % alphabet.length]).join('');
}

export function paypalError(
  reply: FastifyReply,
  status: number,
  name: string,
  issue: string,
  description: string,
) {
  return reply.code(status).send({
    name,
    message: description,
    debug_id: randomBytes(6).toString('hex'),
    details: [{ issue, description }],
  });
}

export function hasBearer(request: FastifyRequest): boolean {
  return /^Bearer\s+sandbox-\S+$/.test(request.headers.authorization ?? '');
}

export function representation(row: SandboxOrderRow, state: SandboxOrderState) {
  const self = `/api${SANDBOX_PREFIX}/v2/checkout/orders/${row.id}`;
  const capture = state.capture;
  return {
    id: row.id,
    intent: 'CAPTURE',
    status: row.status,
    create_time: state.createTime,
    purchase_units: [
      {
        ...state.purchaseUnit,
        ...(capture
          ? {
              payments: {
                captures: [
                  {
                    id: capture.id,
                    status: capture.status,
                    amount: capture.amount,
                    final_capture: true,
                    create_time: capture.create_time,
                    ...(capture.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
                  },
                ],
              },
            }
          : {}),
      },
    ],
    ...(row.payerEmail ? { payer: { email_address: row.payerEmail, payer_id: state.payerId } } : {}),
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: `/api${SANDBOX_PREFIX}/orders/${row.id}/approve`, rel: 'approve', method: 'POST' },
      { href: `${self}/capture`, rel: 'capture', method: 'POST' },
    ],
  };
}

/** What a capture of this order yields under its fail mode (a mismatch takes a dollar off). */
export function capturedAmount(amount: SandboxAmount, failMode: FailMode | null): SandboxAmount {
  if (failMode !== 'amount-mismatch') return amount;
  const cents = parseAmountCents(amount.value) ?? 0;
  return { ...amount, value: formatCentsPlain(cents > 100 ? cents - 100 : cents + 100) };
}

export async function captureSandboxOrder(
  db: DbOrTx,
  clock: Clock,
  row: SandboxOrderRow,
  requestId: string | null,
) {
  const state = stateOf(row);
  const failMode = row.failMode as FailMode | null;
  const captureId = paypalId();
  const capture = {
    id: captureId,
    status: failMode === 'pending' ? ('PENDING' as const) : ('COMPLETED' as const),
    amount: capturedAmount(state.purchaseUnit.amount, failMode),
    create_time: clock.now().toISOString(),
    requestId,
    response: null as unknown,
  };
  const next: SandboxOrderState = { ...state, capture };
  capture.response = representation({ ...row, status: 'COMPLETED', captureId }, next);
  return updateSandboxOrder(db, row.id, 'APPROVED', { status: 'COMPLETED', captureId, state: next });
}
