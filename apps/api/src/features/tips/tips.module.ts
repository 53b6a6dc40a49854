import type { AppInstance, FeatureDeps } from '../../app-types';
import { registerAudience } from '../../plugins/audience';
import { createTipsterPortalService } from './publishing.service';
import { tipsterPortalRoutes } from './publishing.tipster.routes';
import { adminSettlementRoutes } from './settlement/settlement.admin.routes';
import { createSettlement } from './settlement/settlement-services';

/**
 * Tips: publishing (the tipster portal under /api/tipster) and settlement (admins under
 * /api/admin, through the same pipeline as the automatic settler that workers.ts runs).
 */
export async function tipsFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const { clock, config, services } = deps;
  const db = deps.database.db;
  const publishing = createTipsterPortalService({
    db,
    clock,
    onCatalogueChanged: services.onCatalogueChanged,
    deliverAiTip: services.deliverAiTip,
    alertFollowers: services.alertFollowers,
    marketPrices: services.marketPrices,
  });
  const settlement = createSettlement(db, {
    clock,
    publicUrl: config.publicUrl,
    hooks: services.settlementHooks,
    onCatalogueChanged: services.onCatalogueChanged,
    log: app.log,
  });
  await registerAudience(app, 'tipster', (tipster) => tipsterPortalRoutes(tipster, publishing));
  await registerAudience(app, 'admin', (admin) => adminSettlementRoutes(admin, settlement.admin));
}
