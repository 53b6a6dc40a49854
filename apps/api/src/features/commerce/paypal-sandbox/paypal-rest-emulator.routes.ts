import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance, FeatureDeps } from '../../../app-types';
import {
  captureSandboxOrder,
  hasBearer,
  OrderIdParamsSchema,
  PaypalJsonSchema,
  paypalError,
  paypalId,
  representation,
  SANDBOX_PREFIX,
  SANDBOX_ROUTE,
} from './paypal-emulator';
import { findSandboxOrder, insertSandboxOrder, stateOf } from './sandbox-orders.repo';

/**
 * A local stand-in for the PayPal REST endpoints the adapter uses (sandbox-local mode, when no
 * PayPal credentials are configured). The REST adapter talks HTTP to these routes exactly as it
 * would to PayPal, so the whole purchase runs offline. State lives in sandbox_paypal_orders.
 *
 * Captures follow the fail mode chosen at approval (paypal-buyer-emulator.routes.ts): declined
 * instrument, already captured (the capture happens but the caller is told otherwise), pending, or
 * a different amount. The same PayPal-Request-Id replays the first response, as PayPal does.
 */

const MoneySchema = z.looseObject({
  currency_code: z.string().regex(/^[A-Z]{3}$/),
  value: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/),
});
const CreateOrderBodySchema = z.looseObject({
  intent: z.literal('CAPTURE'),
  purchase_units: z
    .array(
      z.looseObject({
        reference_id: z.string().max(256).optional(),
        custom_id: z.string().max(127).optional(),
        description: z.string().max(127).optional(),
        amount: MoneySchema,
      }),
    )
    .length(1),
});

/** PayPal's REST endpoints the adapter calls: OAuth token, create, get and capture an order. */
export async function paypalRestEmulatorRoutes(
  app: AppInstance,
  { database, clock }: FeatureDeps,
): Promise<void> {
  const { db } = database;

  // PayPal's token endpoint takes a form body.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    `${SANDBOX_PREFIX}/v1/oauth2/token`,
    {
      config: SANDBOX_ROUTE,
      schema: {
        tags: ['paypal-sandbox'],
        body: z.looseObject({ grant_type: z.literal('client_credentials') }),
        response: { 200: PaypalJsonSchema, 401: PaypalJsonSchema },
      },
    },
    async (request, reply) => {
      if (!/^Basic\s+\S+$/.test(request.headers.authorization ?? '')) {
        return reply
          .code(401)
          .send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      return {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: `sandbox-${randomBytes(24).toString('base64url')}`,
        token_type: 'Bearer',
        app_id: 'APP-SANDBOX-LOCAL',
        expires_in: 32400,
        nonce: randomBytes(8).toString('hex'),
      };
    },
  );

  app.post(
    `${SANDBOX_PREFIX}/v2/checkout/orders`,
    {
      config: SANDBOX_ROUTE,
      schema: {
        tags: ['paypal-sandbox'],
        body: CreateOrderBodySchema,
        response: { 201: PaypalJsonSchema, 401: PaypalJsonSchema },
      },
    },
    async (request, reply) => {
      if (!hasBearer(request))
        return paypalError(reply, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Invalid token');
      const unit = request.body.purchase_units[0];
      const header = request.headers['paypal-request-id'];
      const row = await insertSandboxOrder(db, {
        id: paypalId(),
        requestId: typeof header === 'string' && header ? header : null,
        now: clock.now(),
        state: {
          purchaseUnit: {
            reference_id: unit.reference_id,
            custom_id: unit.custom_id,
            description: unit.description,
            amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
          },
          createTime: clock.now().toISOString(),
        },
      });
      return reply.code(201).send(representation(row, stateOf(row)));
    },
  );

  app.get(
    `${SANDBOX_PREFIX}/v2/checkout/orders/:id`,
    {
      config: SANDBOX_ROUTE,
      schema: {
        tags: ['paypal-sandbox'],
        params: OrderIdParamsSchema,
        response: { 200: PaypalJsonSchema, 401: PaypalJsonSchema, 404: PaypalJsonSchema },
      },
    },
    async (request, reply) => {
      if (!hasBearer(request))
        return paypalError(reply, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Invalid token');
      const row = await findSandboxOrder(db, request.params.id);
      if (!row)
        return paypalError(
          reply,
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      return representation(row, stateOf(row));
    },
  );

  app.post(
    `${SANDBOX_PREFIX}/v2/checkout/orders/:id/capture`,
    {
      config: SANDBOX_ROUTE,
      schema: {
        tags: ['paypal-sandbox'],
        params: OrderIdParamsSchema,
        body: z.looseObject({}).optional(),
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
      let row = await findSandboxOrder(db, request.params.id);
      if (!row)
        return paypalError(
          reply,
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      if (row.status === 'APPROVED') {
        if (row.failMode === 'declined') {
          return paypalError(
            reply,
            422,
            'UNPROCESSABLE_ENTITY',
            'INSTRUMENT_DECLINED',
            'The instrument presented was declined.',
          );
        }
        const captured = await captureSandboxOrder(db, clock, row, requestId);
        if (captured) {
          // The capture happened, but the caller is told otherwise (as if our first response was lost).
          if (captured.failMode === 'already-captured') return alreadyCaptured(reply);
          return reply.code(201).send(stateOf(captured).capture?.response as Record<string, unknown>);
        }
        row = (await findSandboxOrder(db, request.params.id))!; // a concurrent capture won
      }
      if (row.status === 'COMPLETED') {
        const capture = stateOf(row).capture;
        // Same PayPal-Request-Id: the first response again, not a second capture.
        if (requestId && capture?.requestId === requestId)
          return reply.code(201).send(capture.response as Record<string, unknown>);
        return alreadyCaptured(reply);
      }
      return paypalError(
        reply,
        422,
        'UNPROCESSABLE_ENTITY',
        'ORDER_NOT_APPROVED',
        'Payer has not yet approved the Order for payment.',
      );
    },
  );

  function alreadyCaptured(reply: FastifyReply) {
    return paypalError(
      reply,
      422,
      'UNPROCESSABLE_ENTITY',
      'ORDER_ALREADY_CAPTURED',
      'Order already captured.',
    );
  }
}
