import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { AppInstance, FeatureDeps } from '../../../app-types';
import { apiPath } from '../../../config/api-root';
import {
  OrderIdParamsSchema,
  PaypalJsonSchema,
  paypalError,
  paypalId,
  representation,
  SANDBOX_PREFIX,
  SANDBOX_ROUTE,
} from './paypal-emulator';
import { FAIL_MODES, findSandboxOrder, stateOf, updateSandboxOrder } from './sandbox-orders.repo';

/**
 * The buyer's side of the local PayPal emulator: what PayPal's checkout window shows and does
 * (see the order, approve it, optionally choosing how its capture will fail), clearing a pending
 * capture as PayPal's review would, and the stand-in JS SDK that drives it from a pay button.
 */

export const SANDBOX_BUYER_EMAIL = 'sandbox-buyer@example.com';

const STAND_IN_SDK = readFileSync(apiPath('src/features/commerce/paypal-sandbox/stand-in-sdk.js'), 'utf8');

const ApproveBodySchema = z
  .object({
    payerEmail: z.email().max(254).optional(),
    failMode: z.enum(FAIL_MODES).optional(),
  })
  .optional();
const BuyerViewSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.object({ currency_code: z.string(), value: z.string() }),
  description: z.string().nullable(),
});

export async function paypalBuyerEmulatorRoutes(app: AppInstance, { database }: FeatureDeps): Promise<void> {
  const { db } = database;

  app.get(
    `${SANDBOX_PREFIX}/orders/:id`,
    {
      config: SANDBOX_ROUTE,
      schema: {
        tags: ['paypal-sandbox'],
        summary: 'The order as the buyer sees it in the checkout window',
        params: OrderIdParamsSchema,
        response: { 200: BuyerViewSchema, 404: PaypalJsonSchema },
      },
    },
    async (request, reply) => {
      const row = await findSandboxOrder(db, request.params.id);
      if (!row)
        return paypalError(
          reply,
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      const state = stateOf(row);
      return {
        id: row.id,
        status: row.status,
        amount: state.purchaseUnit.amount,
        description: state.purchaseUnit.description ?? null,
      };
    },
  );

  app.post(
    `${SANDBOX_PREFIX}/orders/:id/approve`,
    {
      config: SANDBOX_ROUTE,
      schema: {
        tags: ['paypal-sandbox'],
        summary: 'Approves the order as the buyer would (optionally choosing how the capture will fail)',
        params: OrderIdParamsSchema,
        body: ApproveBodySchema,
        response: { 200: PaypalJsonSchema, 404: PaypalJsonSchema, 422: PaypalJsonSchema },
      },
    },
    async (request, reply) => {
      const row = await findSandboxOrder(db, request.params.id);
      if (!row)
        return paypalError(
          reply,
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      if (row.status === 'CREATED') {
        const state = { ...stateOf(row), payerId: paypalId().slice(0, 13) };
        await updateSandboxOrder(db, row.id, 'CREATED', {
          status: 'APPROVED',
          payerEmail: request.body?.payerEmail ?? SANDBOX_BUYER_EMAIL,
          failMode: request.body?.failMode ?? null,
          state,
        });
      }
      const current = (await findSandboxOrder(db, row.id))!;
      if (current.status !== 'APPROVED') {
        return paypalError(
          reply,
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_ALREADY_APPROVED',
          `The order is ${current.status}.`,
        );
      }
      return { id: current.id, status: current.status, payer: { email_address: current.payerEmail } };
    },
  );

  app.post(
    `${SANDBOX_PREFIX}/orders/:id/complete-capture`,
    {
      config: SANDBOX_ROUTE,
      schema: {
        tags: ['paypal-sandbox'],
        summary: 'Clears a pending capture, as PayPal does after its review',
        params: OrderIdParamsSchema,
        response: { 200: PaypalJsonSchema, 404: PaypalJsonSchema, 422: PaypalJsonSchema },
      },
    },
    async (request, reply) => {
      const row = await findSandboxOrder(db, request.params.id);
      const state = row ? stateOf(row) : undefined;
      if (!row || !state?.capture) {
        return paypalError(
          reply,
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'No capture for this order.',
        );
      }
      if (state.capture.status === 'PENDING') {
        await updateSandboxOrder(db, row.id, 'COMPLETED', {
          state: { ...state, capture: { ...state.capture, status: 'COMPLETED' } },
        });
      }
      const current = (await findSandboxOrder(db, row.id))!;
      return representation(current, stateOf(current));
    },
  );

  app.get(
    `${SANDBOX_PREFIX}/sdk/js`,
    {
      config: SANDBOX_ROUTE,
      schema: {
        tags: ['paypal-sandbox'],
        summary: 'The stand-in PayPal JS SDK (window.paypal.Buttons) for sandbox-local mode',
        querystring: z.looseObject({}),
      },
    },
    async (_request, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(STAND_IN_SDK),
  );
}
