import type { AppInstance } from '../../app';
import { catalogueInvalidator } from '../admin/catalogue-invalidator';
import { deliverAiTipToSubscribers } from '../commerce/ai-subscriptions/deliver-ai-tip';
import type { FeatureDeps } from '../registry';
import { tipsterPortalRoutes } from './tipster-portal.routes';
import { createTipsterPortalService } from './tipster-portal.service';

/** The tipster portal under /api/tipster: role tipster (401 anonymous, 403 others). */
export async function tipsterPortalFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const portal = createTipsterPortalService({
    db: deps.database.db,
    clock: deps.clock,
    onCatalogueChanged: catalogueInvalidator(app, deps),
    deliverAiTip: (tx, tip) =>
      deliverAiTipToSubscribers(tx, tip, { now: tip.publishedAt, publicUrl: deps.config.publicUrl }),
  });
  await app.register(
    async (tipster) => {
      tipster.addHook('onRequest', tipster.requireRole('tipster'));
      await tipsterPortalRoutes(tipster, portal);
    },
    { prefix: '/tipster' },
  );
}
