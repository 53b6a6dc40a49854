import { formatCentsPlain } from '@tips/contract';
import { z } from 'zod';
import type { AppInstance, FeatureDeps } from '../../../app-types';
import { parseAmountCents } from '../paypal/paypal-rest.client';
import {
  hasBearer,
  PaypalJsonSchema,
  paypalError,
  paypalId,
  SANDBOX_PREFIX,
  SANDBOX_ROUTE,
} from './paypal-emulator';
import { type SandboxOrderState, stateOf, withCapturedOrderLocked } from './sandbox-orders.repo';

/** A refund the emulator made, kept in its order's state with the PayPal-Request-Id that asked for it. */
export interface SandboxRefund {
  id: string;
  status: 'COMPLETED';
  amount: { currency_code: string; value: string };
  requestId: string | null;
  create_time: string;
}

type StateWithRefunds = SandboxOrderState & { refunds?: SandboxRefund[] };

const RefundBodySchema = z.looseObject({
  amount: z
    .looseObject({
      currency_code: z.string().regex(/^[A-Z]{3}$/),
      value: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/),
    })
    .optional(),
  note_to_payer: z.string().max(255).optional(),
});

type RefundOutcome =
  | { refund: SandboxRefund; error?: undefined }
  | { refund?: undefined; error: 'not-found' | 'currency' | 'fully-refunded' | 'exceeded' };

function refundRepresentation(refund: SandboxRefund) {
  const self = `/api${SANDBOX_PREFIX}/v2/payments/refunds/${refund.id}`;
  return {
    id: refund.id,
    status: refund.status,
    amount: refund.amount,
    create_time: refund.create_time,
    links: [{ href: self, rel: 'self', method: 'GET' }],
  };
}

/**
 * PayPal's refund of a capture (POST /v2/payments/captures/{id}/refund), as the REST adapter
 * calls it: partial refunds up to the captured amount, the same PayPal-Request-Id answers with
 * the first refund, a capture already refunded in full is refused (CAPTURE_FULLY_REFUNDED).
 */
export async function paypalRefundEmulatorRoutes(app: AppInstance, { database, clock }: FeatureDeps) {
  const { db } = database;
  app.post(
    `${SANDBOX_PREFIX}/v2/payments/captures/:id/refund`,
    {
      config: SANDBOX_ROUTE,
      schema: {
        tags: ['paypal-sandbox'],
        params: z.object({ id: z.string().regex(/^[A-Z0-9]{1,36}$/, { error: 'Invalid capture id' }) }),
        body: RefundBodySchema.optional(),
        response: {
          201: PaypalJsonSchema,
          401: PaypalJsonSchema,
          404: PaypalJsonSchema,
          422: PaypalJsonSchema,
        },
      },
    },
    async (request, reply) => {
      if (!hasBearer(request))
        return paypalError(reply, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Invalid token');
      const header = request.headers['paypal-request-id'];
      const requestId = typeof header === 'string' && header ? header : null;
      const outcome = await withCapturedOrderLocked<RefundOutcome>(db, request.params.id, async (row) => {
        const state = row ? (stateOf(row) as StateWithRefunds) : null;
        const capture = state?.capture;
        if (!row || !state || !capture || capture.status !== 'COMPLETED')
          return { result: { error: 'not-found' as const } };
        const refunds = state.refunds ?? [];
        const replay = requestId ? refunds.find((r) => r.requestId === requestId) : undefined;
        if (replay) return { result: { refund: replay } };
        const captured = parseAmountCents(capture.amount.value) ?? 0;
        const refunded = refunds.reduce((sum, r) => sum + (parseAmountCents(r.amount.value) ?? 0), 0);
        const asked = request.body?.amount;
        if (asked && asked.currency_code !== capture.amount.currency_code)
          return { result: { error: 'currency' as const } };
        const cents = asked ? (parseAmountCents(asked.value) ?? 0) : captured - refunded;
        if (refunded >= captured) return { result: { error: 'fully-refunded' as const } };
        if (cents <= 0 || refunded + cents > captured) return { result: { error: 'exceeded' as const } };
        const refund: SandboxRefund = {
          id: paypalId(),
          status: 'COMPLETED',
          amount: { currency_code: capture.amount.currency_code, value: formatCentsPlain(cents) },
          requestId,
          create_time: clock.now().toISOString(),
        };
        const next: StateWithRefunds = { ...state, refunds: [...refunds, refund] };
        return { result: { refund }, save: next };
      });
      if ('refund' in outcome && outcome.refund)
        return reply.code(201).send(refundRepresentation(outcome.refund));
      switch (outcome.error) {
        case 'not-found':
          return paypalError(
            reply,
            404,
            'RESOURCE_NOT_FOUND',
            'INVALID_RESOURCE_ID',
            'Specified resource ID does not exist.',
          );
        case 'fully-refunded':
          return paypalError(
            reply,
            422,
            'UNPROCESSABLE_ENTITY',
            'CAPTURE_FULLY_REFUNDED',
            'The capture has already been fully refunded.',
          );
        case 'currency':
          return paypalError(
            reply,
            422,
            'UNPROCESSABLE_ENTITY',
            'REFUND_CURRENCY_MISMATCH',
            'Refund must be in the same currency as the capture.',
          );
        default:
          return paypalError(
            reply,
            422,
            'UNPROCESSABLE_ENTITY',
            'REFUND_AMOUNT_EXCEEDED',
            'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          );
      }
    },
  );
}
