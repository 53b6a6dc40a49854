import type { AppInstance, FeatureDeps } from '../../app-types';
import { ensureAiAvatars } from './ai-avatars';
import { catalogueRoutes } from './catalogue.routes';
import { createStatisticsService } from './statistics.service';
import { createTipsCatalogueService } from './tips-catalogue.service';
import { createTipstersService } from './tipsters.service';

/** The public catalogue (issue 3): tips, AI plans, cart look-up, tipsters, profiles, records, rankings. */
export async function catalogueFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const cache = deps.services.catalogueCache;
  const services = { db: deps.database.db, clock: deps.clock, cache };
  await ensureAiAvatars(deps.config.dataDir).catch((error) => {
    // Missing pictures only break images, never the API.
    app.log.warn({ err: error }, 'could not write the AI plan pictures');
  });
  await catalogueRoutes(app, {
    tips: createTipsCatalogueService(services),
    tipsters: createTipstersService(services),
    statistics: createStatisticsService(services),
    responses: cache.responses,
  });
}
