import {
  BuyTipsBodySchema,
  BuyTipsResponseSchema,
  CaptureTipsBodySchema,
  CaptureTipsResponseSchema,
  fromCents,
  ManualRequestResponseSchema,
  OrderIdResponseSchema,
  PaypalOrderBodySchema,
  PurchaseRequestBodySchema,
} from '@tips/contract';
import type { AppInstance } from '../../../app-types';
import { requestLanguage } from '../../../infra/mail/request-language';
import { errorResponses } from '../../../lib/route-schemas';
import { authUser } from '../../../plugins/auth';
import { routeRateLimit } from '../../../plugins/rate-limit';
import type { CommerceDeps } from '../commerce-deps';
import { COMMERCE_MESSAGES } from '../commerce-messages';
import { planChoicesOf } from './cart';

/**
 * Buying tips: with credits (signed in), through PayPal or by a manual request (visitors too).
 * Bodies carry tip ids only; every price comes from the database.
 */
export async function tipPurchasesRoutes(app: AppInstance, deps: CommerceDeps): Promise<void> {
  const { clock, config, checkout, creditsPurchase, manualRequests } = deps;

  app.post(
    '/tips/buy',
    {
      preHandler: [app.requireUser, app.requireVerifiedEmail],
      schema: {
        tags: ['purchases'],
        summary: 'Pays a whole cart with credits (all or nothing)',
        body: BuyTipsBodySchema,
        response: { 200: BuyTipsResponseSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request) => {
      const result = await creditsPurchase.buyTips(
        authUser(request).id,
        request.body.cart,
        { now: clock.now(), publicUrl: config.publicUrl },
        planChoicesOf(request.body.plans),
      );
      return { balance: fromCents(result.balanceCents), tipIds: result.tipIds };
    },
  );

  app.post(
    '/tips/purchase/paypal',
    {
      preHandler: app.requireVerifiedEmail,
      config: { rateLimit: routeRateLimit(30, '1 minute') },
      schema: {
        tags: ['purchases'],
        summary: 'Opens a PayPal order for a cart (visitors too)',
        body: PaypalOrderBodySchema,
        response: { 200: OrderIdResponseSchema, ...errorResponses(400, 401, 403, 422, 429, 503) },
      },
    },
    async (request) => ({
      orderId: await checkout.openTipsOrder(
        request.user?.id ?? null,
        request.body.cart,
        planChoicesOf(request.body.plans),
      ),
    }),
  );

  app.post(
    '/tips/paypal/capture',
    {
      schema: {
        tags: ['purchases'],
        summary: 'Captures an approved tips order (idempotent); the tips are emailed to the buyer',
        body: CaptureTipsBodySchema,
        response: { 200: CaptureTipsResponseSchema, ...errorResponses(400, 401, 404, 409, 422, 503) },
      },
    },
    async (request) => {
      const outcome = await checkout.capture(request.body.orderId, {
        userId: request.user?.id ?? null,
        type: 'TIPS',
        language: requestLanguage(request),
      });
      return { tipIds: outcome.tipIds };
    },
  );

  app.post(
    '/tips/purchase',
    {
      preHandler: app.requireVerifiedEmail,
      // Each request emails the address in the form: keep this from being used to send mail.
      config: { rateLimit: routeRateLimit(20, '1 hour') },
      schema: {
        tags: ['purchases'],
        summary: 'Request Purchase by a manual method: a pending order and payment instructions by email',
        body: PurchaseRequestBodySchema,
        response: { 200: ManualRequestResponseSchema, ...errorResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request) => {
      const payment = await manualRequests.requestTips(
        request.user?.id ?? null,
        request.body,
        requestLanguage(request),
      );
      return { ok: true as const, message: COMMERCE_MESSAGES.purchaseRequested, payment };
    },
  );
}
