import type { AppInstance } from '../../app';
import type { FeatureDeps } from '../registry';
import { buyerListsRoutes } from './buyer-lists/buyer-lists.routes';
import type { CommerceDeps } from './commerce-deps';
import { creditsRoutes } from './credits/credits.routes';
import { followsRoutes } from './follows/follows.routes';
import { createPaypalCheckout } from './paypal/paypal-checkout';
import { paypalBuyerEmulatorRoutes } from './paypal-sandbox/paypal-buyer-emulator.routes';
import { paypalRefundEmulatorRoutes } from './paypal-sandbox/paypal-refund-emulator.routes';
import { paypalRestEmulatorRoutes } from './paypal-sandbox/paypal-rest-emulator.routes';
import { tipPurchasesRoutes } from './tip-purchases/tip-purchases.routes';

/**
 * The commerce feature: credits, tip purchases (credits, PayPal, manual requests), follows and the
 * buyer's lists; in sandbox-local mode also the PayPal emulator and the stand-in JS SDK.
 */
export async function commerceFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const checkout = createPaypalCheckout({
    db: deps.database.db,
    clock: deps.clock,
    paypal: deps.services.paypal,
    publicUrl: deps.config.publicUrl,
    log: app.log,
  });
  const commerce: CommerceDeps = { ...deps, checkout };

  // Some clients send `Content-Type: application/json` with no body on follow/unfollow.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });

  await creditsRoutes(app, commerce);
  await tipPurchasesRoutes(app, commerce);
  await buyerListsRoutes(app, commerce);
  await followsRoutes(app, commerce);
  if (deps.config.paypal.mode === 'sandbox-local') {
    await paypalRestEmulatorRoutes(app, deps);
    await paypalRefundEmulatorRoutes(app, deps);
    await paypalBuyerEmulatorRoutes(app, deps);
  }
}
