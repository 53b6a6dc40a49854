import type { AppInstance, FeatureDeps } from '../../app-types';
import { registerAudience } from '../../plugins/audience';
import { createTipsterPortalService } from './publishing.service';
import { tipsterPortalRoutes } from './publishing.tipster.routes';
import { adminSettlementRoutes } from './settlement.admin.routes';
import { createAdminSettlementService } from './settlement.service';

/**
 * Tips: publishing (the tipster portal under /api/tipster) and settlement (admins under
 * /api/admin; the automatic settler will call the same service).
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
  });
  const settlement = createAdminSettlementService({
    db,
    clock,
    publicUrl: config.publicUrl,
    onCatalogueChanged: services.onCatalogueChanged,
  });
  await registerAudience(app, 'tipster', (tipster) => tipsterPortalRoutes(tipster, publishing));
  await registerAudience(app, 'admin', (admin) => adminSettlementRoutes(admin, settlement));
}
