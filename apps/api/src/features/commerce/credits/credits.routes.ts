import {
  BuyCreditsBodySchema,
  CaptureCreditsBodySchema,
  CaptureCreditsResponseSchema,
  CreditRequestBodySchema,
  fromCents,
  ManualRequestResponseSchema,
  OrderIdResponseSchema,
} from '@tips/contract';
import type { AppInstance } from '../../../app-types';
import { errorResponses } from '../../../lib/route-schemas';
import { authUser } from '../../../plugins/auth';
import { routeRateLimit } from '../../../plugins/rate-limit';
import type { CommerceDeps } from '../commerce-deps';
import { COMMERCE_MESSAGES } from '../commerce-messages';

/** Funding the account: PayPal (create, capture) or a manual request. Signed-in users only. */
export async function creditsRoutes(app: AppInstance, deps: CommerceDeps): Promise<void> {
  const { checkout, manualRequests } = deps;

  app.post(
    '/credits/buy',
    {
      preHandler: [app.requireUser, app.requireVerifiedEmail],
      config: { rateLimit: routeRateLimit(30, '1 minute') },
      schema: {
        tags: ['credits'],
        summary: 'Opens a PayPal order for credits, priced by the credit-pack rule',
        body: BuyCreditsBodySchema,
        response: { 200: OrderIdResponseSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => ({
      orderId: await checkout.openCreditsOrder(authUser(request).id, request.body.Credits),
    }),
  );

  app.post(
    '/credits/paypal/capture-payment',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['credits'],
        summary: 'Captures an approved credits order (idempotent) and returns the new balance',
        body: CaptureCreditsBodySchema,
        response: { 200: CaptureCreditsResponseSchema, ...errorResponses(400, 401, 404, 409, 422, 503) },
      },
    },
    async (request) => {
      const outcome = await checkout.capture(request.body.orderId, {
        userId: authUser(request).id,
        type: 'CREDITS',
      });
      return { balance: fromCents(outcome.balanceCents ?? 0) };
    },
  );

  app.post(
    '/credits/request',
    {
      preHandler: [app.requireUser, app.requireVerifiedEmail],
      config: { rateLimit: routeRateLimit(20, '1 hour') },
      schema: {
        tags: ['credits'],
        summary: 'Requests credits paid by a manual method; emails the payment instructions',
        body: CreditRequestBodySchema,
        response: { 200: ManualRequestResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const payment = await manualRequests.requestCredits(authUser(request).id, request.body);
      return { ok: true as const, message: COMMERCE_MESSAGES.purchaseRequested, payment };
    },
  );
}
