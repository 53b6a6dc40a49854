import type { AppInstance, AppServices, CoreDeps, FeatureDeps } from '../../app-types';
import { registerAudience } from '../../plugins/audience';
import { adminTipsterTierRoutes } from './tipster-tiers.admin.routes';
import { createTipsterTiersService } from './tipster-tiers.service';

/**
 * Tipster tiers (issue #28 part 2, decision 165): admins move a tipster by hand here; the daily
 * review that applies the rules is a background worker (workers.ts).
 */
export async function tipsterTiersFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const tiers = tipsterTiersServiceOf(deps);
  await registerAudience(app, 'admin', async (admin) => {
    await adminTipsterTierRoutes(admin, tiers);
  });
}

/** The one way the service is built, for the routes and the daily worker alike. */
export function tipsterTiersServiceOf(
  deps: Pick<CoreDeps, 'config' | 'database' | 'clock'> & {
    services: Pick<AppServices, 'isRecordVerified' | 'onCatalogueChanged'>;
  },
) {
  return createTipsterTiersService({
    db: deps.database.db,
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    isRecordVerified: deps.services.isRecordVerified,
    onCatalogueChanged: deps.services.onCatalogueChanged,
  });
}
