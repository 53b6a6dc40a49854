import type { AppInstance, FeatureDeps } from '../../app-types';
import { registerAudience } from '../../plugins/audience';
import { buyerListsRoutes } from './buyer-lists/buyer-lists.routes';
import { createBuyerListsService } from './buyer-lists/buyer-lists.service';
import type { CommerceDeps } from './commerce-deps';
import { createCommerceCore } from './commerce-services';
import { creditsRoutes } from './credits/credits.routes';
import { createEarningsRepo } from './earnings/earnings.repo';
import { createEarningsReads } from './earnings/earnings.service';
import { tipsterEarningsRoutes } from './earnings/earnings.tipster.routes';
import { followsRoutes } from './follows/follows.routes';
import { createFollowsService } from './follows/follows.service';
import { createManualOrderDecisions } from './manual/manual-order-decisions';
import { createManualRequestsService } from './manual/manual-requests.service';
import { adminOrdersRoutes } from './orders/orders.admin.routes';
import { createAdminOrdersService } from './orders/orders-admin.service';
import { adminPayoutsRoutes } from './payouts/payouts.admin.routes';
import { createPayoutsRepo } from './payouts/payouts.repo';
import { createPayoutsOn } from './payouts/payouts.services';
import { createPaypalCheckout } from './paypal/paypal-checkout';
import { paypalBuyerEmulatorRoutes } from './paypal-sandbox/paypal-buyer-emulator.routes';
import { paypalPayoutsEmulatorRoutes } from './paypal-sandbox/paypal-payouts-emulator.routes';
import { paypalRefundEmulatorRoutes } from './paypal-sandbox/paypal-refund-emulator.routes';
import { paypalRestEmulatorRoutes } from './paypal-sandbox/paypal-rest-emulator.routes';
import { paypalWebhookEmulatorRoutes } from './paypal-sandbox/paypal-webhook-emulator';
import { paypalWebhooksRoutes } from './paypal-webhooks/paypal-webhooks.routes';
import { createPaypalWebhooksService } from './paypal-webhooks/paypal-webhooks.service';
import { createCreditsPurchaseService } from './tip-purchases/credits-purchase.service';
import { tipPurchasesRoutes } from './tip-purchases/tip-purchases.routes';

/**
 * The commerce feature: credits, tip purchases (credits, PayPal, manual requests), follows and the
 * buyer's lists; in sandbox-local mode also the PayPal emulator and the stand-in JS SDK. Admins
 * confirm or reject manual orders under /api/admin (a scope of its own, with Fastify's JSON parser).
 */
export async function commerceFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const core = createCommerceCore(deps.database.db, deps.config.earnings);
  const checkout = createPaypalCheckout({
    transaction: core.transaction,
    repo: core.repo,
    fulfilment: core.fulfilment,
    clock: deps.clock,
    paypal: deps.services.paypal,
    publicUrl: deps.config.publicUrl,
    log: app.log,
  });
  const creditsPurchase = createCreditsPurchaseService(core);
  const { clock } = deps;
  const db = deps.database.db;
  const { webhookId } = deps.config.paypal;
  const payouts = createPayoutsOn(db, {
    clock,
    terms: deps.config.earnings,
    publicUrl: deps.config.publicUrl,
  });
  if (!webhookId) app.log.warn('PayPal webhooks are refused: set PAYPAL_WEBHOOK_ID');
  const webhooks = webhookId
    ? createPaypalWebhooksService({
        db,
        clock,
        paypal: deps.services.paypal,
        webhookId,
        checkout,
        payouts,
        log: app.log,
      })
    : null;
  const follows = createFollowsService({ db, clock });
  const buyerLists = createBuyerListsService({ db, clock });
  const manualRequests = createManualRequestsService({
    manualOrders: core.manualOrders,
    clock,
    config: deps.config,
  });
  const commerce: CommerceDeps = { ...deps, checkout, creditsPurchase, follows, buyerLists, manualRequests };
  const orders = createAdminOrdersService({
    db: deps.database.db,
    clock: deps.clock,
    decisions: createManualOrderDecisions(core.manualOrders, deps.config),
  });
  const earningsReads = createEarningsReads({
    earnings: createEarningsRepo(db),
    payouts: createPayoutsRepo(db),
    tipsterOf: payouts.tipsterOf,
    terms: deps.config.earnings,
    clock,
  });
  await registerAudience(app, 'admin', async (admin) => {
    await adminOrdersRoutes(admin, orders);
    await adminPayoutsRoutes(admin, payouts, earningsReads);
  });
  await registerAudience(app, 'tipster', (tipster) => tipsterEarningsRoutes(tipster, earningsReads, payouts));

  await app.register(async (scope) => {
    // Some clients send `Content-Type: application/json` with no body on follow/unfollow.
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') return done(null, undefined);
      return parseJson(request, body as string, done);
    });

    await creditsRoutes(scope, commerce);
    await tipPurchasesRoutes(scope, commerce);
    await buyerListsRoutes(scope, commerce);
    await followsRoutes(scope, commerce);
    await paypalWebhooksRoutes(scope, webhooks);
    if (deps.config.paypal.mode === 'sandbox-local') {
      await paypalWebhookEmulatorRoutes(scope, deps);
      await paypalRestEmulatorRoutes(scope, deps);
      await paypalRefundEmulatorRoutes(scope, deps);
      await paypalBuyerEmulatorRoutes(scope, deps);
      await paypalPayoutsEmulatorRoutes(scope, deps);
    }
  });
}
