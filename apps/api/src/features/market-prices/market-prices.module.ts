import type { AppInstance, FeatureDeps } from '../../app-types';
import { createHouseBookPriceSource } from './house-book/house-book-price-source';
import { findUpcomingFixture, missedByLastPoll, storeQuotes } from './market-prices.repo';
import { marketPricesRoutes } from './market-prices.routes';
import { createMarketPricesService } from './market-prices.service';
import { HOUSE_BOOK_MIN_POLL_MS } from './market-prices-worker';

/** Market prices (issue #27): GET /api/fixtures/{id}/odds. The refresher is built in workers.ts. */
export async function marketPricesFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const db = deps.database.db;
  const houseBook =
    deps.services.marketPrices.source === 'house-book'
      ? createHouseBookPriceSource({ db, minPollMs: HOUSE_BOOK_MIN_POLL_MS })
      : null;
  const service = createMarketPricesService({
    db,
    clock: deps.clock,
    prices: deps.services.marketPrices,
    priceNow: houseBook
      ? async (fixtureId, now) => {
          // Only a match the refresher's polls missed (imported since), within the days priced ahead.
          const fixture = await findUpcomingFixture(db, fixtureId, now);
          const horizon = now.getTime() + deps.config.marketPrices.daysAhead * 86_400_000;
          if (!fixture || fixture.kickoffAt.getTime() > horizon) return;
          if (!(await missedByLastPoll(db, 'house-book', fixture.id))) return;
          const quotes = await houseBook.pricesFor(
            {
              competitionCode: fixture.competitionCode,
              day: fixture.kickoffAt.toISOString().slice(0, 10),
              fixtures: [fixture],
            },
            now,
          );
          await storeQuotes(db, 'house-book', quotes, now);
        }
      : undefined,
  });
  await marketPricesRoutes(app, service);
}
