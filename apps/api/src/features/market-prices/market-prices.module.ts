import type { AppInstance, FeatureDeps } from '../../app-types';
import type { AppConfig } from '../../config/env';
import { marketPricesRoutes } from './market-prices.routes';
import { createMarketPricesService } from './market-prices.service';

/** Where this configuration's prices come from: API-Football with a key, else the house book. */
export const priceSourceKind = (config: AppConfig) =>
  config.marketPrices.apiKey ? 'api-football' : 'house-book';

/** Market prices (issue #27): GET /api/fixtures/{id}/odds. The refresher is built in workers.ts. */
export async function marketPricesFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const service = createMarketPricesService({
    db: deps.database.db,
    clock: deps.clock,
    source: priceSourceKind(deps.config),
    maxAgeMs: deps.config.marketPrices.maxAgeMinutes * 60_000,
  });
  await marketPricesRoutes(app, service);
}
