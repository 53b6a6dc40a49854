import type { AppInstance, FeatureDeps } from '../../app-types';
import { marketPricesRoutes } from './market-prices.routes';
import { createMarketPricesService } from './market-prices.service';

/** Market prices (issue #27): GET /api/fixtures/{id}/odds. The refresher is built in workers.ts. */
export async function marketPricesFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const service = createMarketPricesService({
    db: deps.database.db,
    clock: deps.clock,
    prices: deps.services.marketPrices,
  });
  await marketPricesRoutes(app, service);
}
